"""``mus simulate``: bots play N hands as a sequence of matches; the results and
statistics are printed, and ``--save FILE`` keeps every match history. With
``--batch``, the batch engine (:mod:`mus.batch`, the ``fast`` extra) plays N
independent hands from 0-0 at once, every seat picking at random."""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from typing import IO

import mus
from mus import HandState, Lance, MatchState, MusError, Outcome, Rules
from mus.bots import Bot, HeuristicBot, RandomBot
from mus.cli.files import atomic_write, check_writable, saving_help
from mus.cli.narration import bot_action, print_lines, turn
from mus.cli.options import (
    DEFAULT_SEED,
    add_command,
    add_seed,
    rules_from_options,
    rules_summary,
    whole_option,
    workers_option,
)
from mus.cli.words import scores_text
from mus.i18n import gettext as _
from mus.i18n import lance_name, ngettext, outcome_name, pgettext
from mus.notation import format_match

__all__: list[str] = []  # the command's own: mus.cli says what is public

MAX_SIMULATED = 10**9
"""The most hands one ``mus simulate`` plays (``--hands``): days of work at the
fastest; larger runs are several commands with their own seeds."""

RUN_HANDS = 1000
"""Hands in a run. The hands are played in runs, each its own sequence of matches
from its own seed (run 0 from the seed itself, run K from ``S/run/K``), so that runs
can be played by several processes (``--workers``) with the same results as by one."""


def _advisor(seed: str) -> Bot:
    from mus.advise import AdvisorBot  # numpy: loaded only when the advisor plays

    return AdvisorBot(seed)


def _planner(seed: str) -> Bot:
    from mus.advise import PlannerBot  # numpy: loaded only when the planner plays

    return PlannerBot(seed)


BOTS: dict[str, Callable[[str], Bot]] = {
    "advisor": _advisor,
    "heuristic": lambda seed: HeuristicBot(),
    "planner": _planner,
    "random": lambda seed: RandomBot(seed),
}
"""The built-in players ``mus simulate --bots`` knows, by name, each built from a seed
(RandomBot picks among the legal actions, so it may declare falsely under explicit
declarations)."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus simulate`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "simulate",
        run,
        summary=_("bots play many hands; statistics"),
        description=_(
            "Bots play N hands as a sequence of matches (a new match starts when one ends) and the results are counted."
        ),
    )
    parser.add_argument(
        "--hands",
        type=whole_option(1, MAX_SIMULATED),
        default=1000,
        metavar="N",
        help=_("hands to play (default 1000)"),
    )
    add_seed(parser, _("the seed (default {seed})").format(seed=DEFAULT_SEED))
    parser.add_argument(
        "--bots",
        default=None,
        metavar="B[,B...]",
        help=_(
            "bots by seat (one name a seat), by team (one a team) or for all (one name): {bots}"
            " (default heuristic; with --batch, random)"
        ).format(bots=", ".join(BOTS)),
    )
    parser.add_argument(
        "--progress", action="store_true", help=_("show a progress bar on stderr even when it is not a terminal")
    )
    parser.add_argument(
        "--workers",
        type=workers_option,
        default=1,
        metavar="N",
        help=_(
            "processes playing runs of {hands} hands side by side; the results do not depend on N (default 1)"
        ).format(hands=RUN_HANDS),
    )
    parser.add_argument(
        "--save",
        metavar=pgettext("metavar", "FILE"),
        help=_("write every match history (text notation) to FILE") + f" ({saving_help()})",
    )
    parser.add_argument(
        "--batch",
        action="store_true",
        help=_(
            "play N independent hands from 0-0 at once with the batch engine (mus.batch, extra [fast]);"
            " every seat picks uniformly among the legal actions (--bots random)"
        ),
    )


def _bots(text: str, seed: int | str, rules: Rules) -> list[Bot]:
    """The bot of each seat that ``--bots`` names: one for all, one a team, or one a seat."""
    from mus.individuel.cli import bot_names  # the Mus individuel's command line reads its --bots so too

    names = bot_names(text, BOTS)
    if len(names) == 1:
        names *= rules.seats
    elif len(names) == rules.teams and rules.teams < rules.seats:
        names = [names[rules.team_of[seat]] for seat in range(rules.seats)]
    elif len(names) != rules.seats:
        by_team = "" if rules.individual else _(", {teams} (one per team)").format(teams=rules.teams)
        raise MusError(
            _("--bots names 1{by_team} or {seats} (one per seat) bots, got {count}").format(
                by_team=by_team, seats=rules.seats, count=len(names)
            )
        )
    return [BOTS[name](f"{seed}/seat/{seat}") for seat, name in enumerate(names)]


class _Progress:
    """A progress bar on standard error, redrawn at most a hundred times."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.step = max(1, total // 100)
        self.base = 0
        """Hands already played by the runs before the one under way."""

    def update(self, done: int) -> None:
        """Show that ``done`` hands of the run under way (after ``base``) are played."""
        done += self.base
        if not self.enabled or (done % self.step and done != self.total):
            return
        width = 30
        filled = width * done // self.total
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write(
            "\r" + _("simulating [{bar}] {done}/{total} hands").format(bar=bar, done=done, total=self.total)
        )
        if done == self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


class _Tally:
    """What the hands and matches played add up to, by side and by lance."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.hands = 0
        self.matches = [0] * rules.teams
        self.games = [0] * rules.teams
        self.ordagos = [0] * rules.teams
        self.stones = [0] * rules.teams
        self.outcomes = {lance: {outcome: 0 for outcome in Outcome} for lance in Lance}

    def hand(self, ended: HandState) -> None:
        """Count a hand that has ended."""
        self.hands += 1
        for result in ended.results:
            self.outcomes[result.lance][result.outcome] += 1
        for team in range(self.rules.teams):
            self.stones[team] += ended.scores[team] - ended.deal.scores[team]
        if ended.winner is not None:
            self.games[ended.winner] += 1
            if ended.results and ended.results[-1].outcome is Outcome.ORDAGO:
                self.ordagos[ended.winner] += 1

    def lines(self, matches: bool = True) -> list[str]:
        """The tables: by side (team, or seat in individual play), then how each lance
        ended; ``matches``: with the matches won (hands played in matches)."""
        rows = [
            *([(_("matches won"), self.matches)] if matches else []),
            (_("games won"), self.games),
            (_("  of them by órdago"), self.ordagos),
            (_("stones won"), self.stones),
        ]
        side = _("seat {seat}") if self.rules.individual else _("team {team}")
        sides = [side.format(seat=team, team=team) for team in range(self.rules.teams)]
        # The columns widen for a language whose words are longer than English ones.
        label, cell = max(24, *(len(name) + 1 for name, _values in rows)), max(10, *(len(name) + 1 for name in sides))
        lines = [" " * label + "".join(f"{name:>{cell}}" for name in sides)]
        lines += [f"{name:{label}}" + "".join(f"{value:>{cell}}" for value in values) for name, values in rows]
        lines += ["", _("how the lances ended (hands):")]
        heads = [outcome_name(outcome) for outcome in Outcome] + [_("total")]
        names = {lance: lance_name(lance) for lance in Lance}
        lance_cell, cell = max(8, *(len(name) + 1 for name in names.values())), max(10, *(len(h) + 1 for h in heads))
        lines.append(" " * lance_cell + "".join(f"{head:>{cell}}" for head in heads))
        for lance in Lance:
            row = self.outcomes[lance]
            counts = [row[outcome] for outcome in Outcome] + [sum(row.values())]
            lines.append(f"{names[lance]:{lance_cell}}" + "".join(f"{count:>{cell}}" for count in counts))
        return lines

    def merge(self, other: _Tally) -> None:
        """Add the hands and matches of another run."""
        self.hands += other.hands
        for mine, theirs in (
            (self.matches, other.matches),
            (self.games, other.games),
            (self.ordagos, other.ordagos),
            (self.stones, other.stones),
        ):
            for side, value in enumerate(theirs):
                mine[side] += value
        for lance, row in other.outcomes.items():
            for outcome, value in row.items():
                self.outcomes[lance][outcome] += value


def _simulate(
    rules: Rules, seed: int | str, bots: Sequence[Bot], total: int, progress: _Progress, output: IO[str] | None
) -> tuple[_Tally, MatchState]:
    """Play ``total`` hands, match after match, writing each match to ``output``;
    the tally, and the last match (unfinished, if it has begun)."""
    tally = _Tally(rules)
    match = mus.new_match(rules, seed=seed)
    while tally.hands < total:
        match, hand = turn(match, bot_action(match, bots))
        if not hand.is_over:
            continue
        tally.hand(hand)
        progress.update(tally.hands)
        if match.is_over:
            assert match.winner is not None
            tally.matches[match.winner] += 1
            if output is not None:
                output.write(format_match(match))
            number = sum(tally.matches)
            match = mus.new_match(rules, seed=f"{seed}/match/{number}", mano=(hand.mano + 1) % rules.seats)
    if output is not None and (match.finished or match.hand.history):
        output.write(format_match(match))
    return tally, match


def run(args: argparse.Namespace) -> int:
    """Bots play N hands as a sequence of matches; prints results and statistics.

    Hands are played in matches (``mus.new_match``; ``--games``, default 3, wins one);
    when a match ends the next starts, its first mano the seat after the last hand's
    mano, its seed ``S/match/K``. The last match may be left unfinished.
    """
    from mus.cli.options import individuel_from_options

    if args.bots is None:
        args.bots = "random" if args.batch else "heuristic"
    individuel = individuel_from_options(args)
    if individuel is not None and args.batch:
        raise MusError("--batch plays the four-card game: the Mus individuel has no batch engine")
    if individuel is not None:
        # The Mus individuel is a sibling game: its own simulator (mus.individuel.cli).
        from mus.individuel.cli import simulate as simulate_individuel

        if args.save is not None:
            check_writable(args.save)  # the sessions are saved at the end: fail now, not then
        return simulate_individuel(args, individuel, atomic_write)
    rules = rules_from_options(args)
    total: int = args.hands
    seed: int | str = DEFAULT_SEED if args.seed is None else args.seed
    if args.batch:
        return _run_batch(args, rules, total, seed)
    bots = _bots(args.bots, seed, rules)
    workers: int = args.workers
    progress = _Progress(total, args.progress or sys.stderr.isatty())
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        # The histories go to a new file that takes FILE's name once all are written:
        # an interrupted or failed simulation leaves FILE as it was.
        output = None if args.save is None else stack.enter_context(atomic_write(args.save))
        count = -(-total // RUN_HANDS)
        # The runs are made as they are played: a million of them are no list in memory.
        runs = (
            (rules, args.bots, _run_seed(seed, run), min(RUN_HANDS, total - run * RUN_HANDS), output is not None)
            for run in range(count)
        )
        tally, unfinished = _play_runs(rules, runs, min(workers, count), progress, output)
        elapsed = time.perf_counter() - started
    print(
        ngettext(
            "simulated {hands} hand, seed {seed}: {rules}", "simulated {hands} hands, seed {seed}: {rules}", tally.hands
        ).format(hands=tally.hands, seed=seed, rules=rules_summary(rules))
    )
    print(bots_line(bots))
    left = ""
    if len(unfinished) == 1:
        left = _(", 1 unfinished (games {games})").format(games=scores_text(unfinished[0]))
    elif unfinished:
        left = _(", {count} unfinished (one a run of {hands} hands at most)").format(
            count=len(unfinished), hands=RUN_HANDS
        )
    print(_("matches: {count} finished{left}").format(count=sum(tally.matches), left=left))
    print()
    print_lines(tally.lines())
    if args.save is not None:
        print(
            _("histories saved to {path} (one mus-match text after another; mus replay reads it)").format(
                path=args.save
            )
        )
    rate = tally.hands / elapsed if elapsed > 0 else float("inf")
    print(time_line(elapsed, rate))
    return 0


def bots_line(bots: Sequence[object]) -> str:
    """Which bot plays each seat: *bots: seat 0 HeuristicBot, seat 1 RandomBot*."""
    names = ", ".join(_("seat {seat} {bot}").format(seat=seat, bot=type(bot).__name__) for seat, bot in enumerate(bots))
    return _("bots: {bots}").format(bots=names)


def time_line(elapsed: float, rate: float) -> str:
    """How long a simulation took: *time: 1.25 s, 800 hands per second*."""
    return _("time: {seconds:.2f} s, {rate:.0f} hands per second").format(seconds=elapsed, rate=rate)


def _run_batch(args: argparse.Namespace, rules: Rules, total: int, seed: int | str) -> int:
    """``mus simulate --batch``: ``total`` hands by :func:`mus.batch.simulate`, tallied."""
    if {name.strip().lower() for name in args.bots.split(",")} != {"random"}:
        raise MusError(_("--batch plays every seat at random: --bots random, not {bots}").format(bots=repr(args.bots)))
    for option, given in (("--save", args.save is not None), ("--workers", args.workers != 1)):
        if given:
            raise MusError(
                _("{option} does not go with --batch (one process plays every hand at once)").format(option=option)
            )
    from mus.batch import simulate
    from mus.batch.hands import OUTCOMES

    started = time.perf_counter()
    results = simulate(rules, total, seed=seed)
    elapsed = time.perf_counter() - started
    tally = _Tally(rules)
    tally.hands = total
    ordago = OUTCOMES.index(Outcome.ORDAGO)
    by_ordago = (results.outcomes == ordago).any(axis=1)
    for side in range(rules.teams):
        won = results.winner == side
        tally.games[side] = int(won.sum())
        tally.ordagos[side] = int((won & by_ordago).sum())
        tally.stones[side] = int(results.scores[:, side].sum())
    for lance in Lance:
        for code, outcome in enumerate(OUTCOMES):
            tally.outcomes[lance][outcome] = int((results.outcomes[:, lance] == code).sum())
    print(
        ngettext(
            "simulated {count} hand with the batch engine, seed {seed}: {rules}",
            "simulated {count} hands with the batch engine, seed {seed}: {rules}",
            total,
        ).format(count=total, seed=seed, rules=rules_summary(rules))
    )
    print(_("every seat random; each hand from 0-0, hand i dealt from the seed '<seed>/hand/<i>'"))
    print()
    print_lines(tally.lines(matches=False))
    rate = total / elapsed if elapsed > 0 else float("inf")
    print(time_line(elapsed, rate))
    return 0


def _run_seed(seed: int | str, run: int) -> int | str:
    return seed if run == 0 else f"{seed}/run/{run}"


_Run = tuple[Rules, str, "int | str", int, bool]
"""A run to play: rules, the ``--bots`` text, its seed, its hands, whether to keep the text."""


def _play_run(run: _Run, progress: _Progress | None = None) -> tuple[_Tally, str, tuple[int, ...] | None]:
    """Play one run: its tally, its matches as text (when kept), the games of its
    unfinished last match (``None`` when it ended with a match)."""
    rules, bots_text, seed, hands, keep = run
    output = io.StringIO() if keep else None
    tally, match = _simulate(
        rules, seed, _bots(bots_text, seed, rules), hands, progress or _Progress(hands, False), output
    )
    unfinished = tuple(match.games) if match.finished or match.hand.history else None
    return tally, "" if output is None else output.getvalue(), unfinished


def _play_runs(
    rules: Rules, runs: Iterable[_Run], workers: int, progress: _Progress, output: IO[str] | None
) -> tuple[_Tally, list[tuple[int, ...]]]:
    """Play the runs (side by side with more than one worker), merging them in order."""
    tally = _Tally(rules)
    unfinished: list[tuple[int, ...]] = []

    def take(result: tuple[_Tally, str, tuple[int, ...] | None]) -> None:
        played, text, games = result
        tally.merge(played)
        if output is not None:
            output.write(text)
        if games is not None:
            unfinished.append(games)
        progress.base = tally.hands

    if workers == 1:
        for run in runs:
            take(_play_run(run, progress))
        return tally, unfinished
    from mus.odds.parallel import iter_tasks

    # The runs come back in order (run K's matches are written after run K-1's), handed
    # to the workers a few at a time: Ctrl-C stops them within about a run's time.
    with contextlib.closing(iter_tasks(_play_run, runs, workers=workers)) as results:
        for result in results:
            take(result)
            progress.update(0)
    return tally, unfinished
