"""``mus simulate``: bots play N hands as a sequence of matches; the results and
statistics are printed, and ``--save FILE`` keeps every match history."""

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
from mus.cli.narration import bot_action, print_lines, turn
from mus.cli.options import (
    DEFAULT_SEED,
    add_command,
    atomic_write,
    rules_from_options,
    rules_summary,
    seed_option,
    whole_option,
    workers_option,
)
from mus.cli.words import scores_text
from mus.notation import format_match

__all__ = ["BOTS", "MAX_SIMULATED", "RUN_HANDS", "register", "run"]

MAX_SIMULATED = 10**9
"""The most hands one ``mus simulate`` plays (``--hands``): days of work at the
fastest; larger runs are several commands with their own seeds."""

RUN_HANDS = 1000
"""Hands in a run. The hands are played in runs, each its own sequence of matches
from its own seed (run 0 from the seed itself, run K from ``S/run/K``), so that runs
can be played by several processes (``--workers``) with the same results as by one."""

BOTS: dict[str, Callable[[str], Bot]] = {
    "heuristic": lambda seed: HeuristicBot(),
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
        summary="bots play many hands; statistics",
        description="Bots play N hands as a sequence of matches (a new match starts when one ends) "
        "and the results are counted.",
    )
    parser.add_argument(
        "--hands", type=whole_option(1, MAX_SIMULATED), default=1000, metavar="N", help="hands to play (default 1000)"
    )
    parser.add_argument("--seed", type=seed_option, help=f"the seed (default {DEFAULT_SEED})")
    parser.add_argument(
        "--bots",
        default="heuristic",
        metavar="B[,B...]",
        help=f"bots by seat (one name a seat), by team (one a team) or for all (one name): {', '.join(BOTS)} "
        "(default heuristic)",
    )
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar on stderr even when it is not a terminal"
    )
    parser.add_argument(
        "--workers",
        type=workers_option,
        default=1,
        metavar="N",
        help=f"processes playing runs of {RUN_HANDS} hands side by side; the results do not depend on N (default 1)",
    )
    parser.add_argument("--save", metavar="FILE", help="write every match history (text notation) to FILE")


def _bots(text: str, seed: int | str, rules: Rules) -> list[Bot]:
    """The bot of each seat that ``--bots`` names: one for all, one a team, or one a seat."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise MusError(f"unknown bot {name!r} (bots: {', '.join(BOTS)})")
    if len(names) == 1:
        names *= rules.seats
    elif len(names) == rules.teams and rules.teams < rules.seats:
        names = [names[rules.team_of[seat]] for seat in range(rules.seats)]
    elif len(names) != rules.seats:
        by_team = "" if rules.individual else f", {rules.teams} (one per team)"
        raise MusError(f"--bots names 1{by_team} or {rules.seats} (one per seat) bots, got {len(names)}")
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
        sys.stderr.write(f"\rsimulating [{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} hands")
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

    def lines(self) -> list[str]:
        """The tables: by side (team, or seat in individual play), then how each lance ended."""
        rows = [
            ("matches won", self.matches),
            ("games won", self.games),
            ("  of them by órdago", self.ordagos),
            ("stones won", self.stones),
        ]
        side = "seat" if self.rules.individual else "team"
        lines = [f"{'':24}" + "".join(f"{f'{side} {team}':>10}" for team in range(self.rules.teams))]
        lines += [f"{label:24}" + "".join(f"{value:>10}" for value in values) for label, values in rows]
        lines += ["", "how the lances ended (hands):"]
        lines.append(f"{'':8}" + "".join(f"{outcome!s:>10}" for outcome in Outcome) + f"{'total':>10}")
        for lance in Lance:
            row = self.outcomes[lance]
            lines.append(
                f"{lance!s:8}" + "".join(f"{row[outcome]:>10}" for outcome in Outcome) + f"{sum(row.values()):>10}"
            )
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

    individuel = individuel_from_options(args)
    if individuel is not None:
        # The Mus individuel is a sibling game: its own simulator (mus.individuel.cli).
        from mus.individuel.cli import simulate as simulate_individuel

        return simulate_individuel(args, individuel)
    rules = rules_from_options(args)
    total: int = args.hands
    seed: int | str = DEFAULT_SEED if args.seed is None else args.seed
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
    print(f"simulated {tally.hands} hands, seed {seed}: {rules_summary(rules)}")
    print(f"bots: {', '.join(f'seat {seat} {type(bot).__name__}' for seat, bot in enumerate(bots))}")
    left = ""
    if len(unfinished) == 1:
        left = f", 1 unfinished (games {scores_text(unfinished[0])})"
    elif unfinished:
        left = f", {len(unfinished)} unfinished (one a run of {RUN_HANDS} hands at most)"
    print(f"matches: {sum(tally.matches)} finished{left}")
    print()
    print_lines(tally.lines())
    if args.save is not None:
        print(f"histories saved to {args.save} (one mus-match text after another; mus replay reads it)")
    rate = tally.hands / elapsed if elapsed > 0 else float("inf")
    print(f"time: {elapsed:.2f} s, {rate:.0f} hands per second")
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
