"""A fair tournament between bots: common deals, sides swapped, seats permuted.

Every pair of bots plays ``games`` games (matches of one game to the target), in
pairs: game ``2k`` deals the cards of deal ``k`` (the match seed ``S/deal/k``, the
same for every pair) with the first bot on the side of the first mano and the second
on the other, and game ``2k+1`` plays the same cards with the sides swapped. The first
mano moves round the table from deal to deal, so every bot sits at every seat. Luck
of the cards then falls on both bots alike, and what differs is their play.

For each bot, :class:`Standing` gives its games won with a 95% Wilson interval, and
its stones per hand: the stones its side scored less the other side's, over every
hand it played (a game won by an órdago counts as the target reached), with a
standard error taken over the deals (a deal's two games are one sample). The games
of a deal are not independent, which the Wilson interval assumes; swapping the sides
makes them alike in luck, so the interval if anything overstates the spread.

>>> result = tournament(["heuristic", "random"], games=4, seed=1)
>>> [(row.bot, row.games) for row in result.standings]
[('heuristic', 4), ('random', 4)]
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from mus.advise.advisor import AdvisorBot
from mus.bots import Bot, HeuristicBot, RandomBot, play_match
from mus.cards import seed_arg
from mus.checks import label, quoted, real_arg, text_arg, whole
from mus.errors import MusError
from mus.match import new_match
from mus.odds.parallel import Progress, check_workers, iter_tasks
from mus.rules import Rules

__all__ = ["BOTS", "MAX_GAMES", "Pairing", "Standing", "TournamentResult", "bot_factory", "tournament", "wilson"]

BOTS: dict[str, Callable[[str], Bot]] = {
    "advisor": lambda seed: AdvisorBot(seed),
    "heuristic": lambda seed: HeuristicBot(),
    "random": lambda seed: RandomBot(seed),
}
"""The built-in bots by name, each built from a seed."""

MAX_GAMES = 1_000_000
"""The most games a pair of bots plays in one :func:`tournament` (hours of play)."""

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games`` (95% by default).

    >>> [round(x, 4) for x in wilson(60, 100)]
    [0.502, 0.6906]
    >>> wilson(3, 2)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: wins is a whole number from 0 to 2, got 3
    """
    # Counts past 2**53 would lose their exactness as floats (and far past it, overflow).
    games = whole(games, "games", 0, 2**53)
    wins = whole(wins, "wins", 0, games)
    z = real_arg(z, "z (a normal quantile)", 0)
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    scale = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / scale
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / scale
    # At a rate of 0 or 1 the interval's end is the rate itself: no rounding may move it.
    return (0.0 if wins == 0 else centre - half), (1.0 if wins == games else centre + half)


def bot_factory(spec: str) -> Callable[[str], Bot]:
    """The maker of the bot ``spec`` names: a built-in name (:data:`BOTS`) or
    ``module:Class``, a class (or any callable) importable from a module, called with
    ``seed=`` when it takes a seed and with nothing otherwise; what it makes must have
    a ``choose(view)`` method.

    >>> bot_factory("mus.bots:HeuristicBot")("7")
    <mus.bots.HeuristicBot object at ...>
    >>> bot_factory("nobody")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: unknown bot 'nobody': a built-in name (advisor, heuristic, random) or module:Class
    """
    name = text_arg(spec, "a bot's name").strip()
    if name.lower() in BOTS:
        return BOTS[name.lower()]
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        raise MusError(f"unknown bot {quoted(name)}: a built-in name ({', '.join(BOTS)}) or module:Class")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # not only ImportError: a relative name, or the module's own code failing
        raise MusError(f"bot {quoted(name)}: cannot import {label(module_name)}: {_said(error)}") from None
    maker = module
    for part in attribute.split("."):
        maker = getattr(maker, part, None)  # type: ignore[assignment]
        if maker is None:
            raise MusError(f"bot {quoted(name)}: module {label(module_name)} has no {label(attribute)}")
    if not callable(maker):
        raise MusError(f"bot {quoted(name)}: {label(attribute)} is not a class or function that makes a bot")
    try:
        takes_seed = "seed" in inspect.signature(maker).parameters
    except (TypeError, ValueError):
        takes_seed = False

    def make(seed: str) -> Bot:
        try:
            bot = maker(seed=seed) if takes_seed else maker()
        except Exception as error:  # the user's class failed: say so, not a traceback
            raise MusError(f"bot {quoted(name)} could not be made: {_said(error)}") from None
        if not callable(getattr(bot, "choose", None)):
            raise MusError(f"bot {quoted(name)}: what {label(attribute)} makes has no choose(view) method")
        return bot  # type: ignore[no-any-return]

    return make


def _said(error: BaseException) -> str:
    """What ``error`` says, cut to 200 characters; its type's name when even that fails."""
    try:
        text = str(error)
    except Exception:  # an error whose str() raises in its turn
        return type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


@attrs.frozen
class Standing:
    """One bot's results: ``games`` played and ``wins``, the ``win_rate`` with its 95%
    Wilson interval (``low``, ``high``), the ``hands`` it played and its side's net
    ``stones`` over them, ``stones_per_hand`` and its standard error ``stderr``."""

    bot: str
    games: int
    wins: int
    win_rate: float
    low: float
    high: float
    hands: int
    stones: int
    stones_per_hand: float
    stderr: float

    def to_json(self) -> dict[str, Any]:
        """The standing as JSON data (its fields by name)."""
        return attrs.asdict(self)


@attrs.frozen
class Pairing:
    """Two bots' games against each other: the :class:`Standing` of each in them."""

    first: Standing
    second: Standing


@attrs.frozen
class TournamentResult:
    """A tournament's results: the bots' standings over all their games (in the
    order the bots were given), and each pair's."""

    bots: tuple[str, ...]
    rules: Rules = attrs.field(repr=False)
    games: int
    seed: int | str
    standings: tuple[Standing, ...]
    pairings: tuple[Pairing, ...]

    def lines(self) -> list[str]:
        """The results as tables: by bot, then by pair."""
        header = (
            f"{'bot':24}{'games':>7}{'wins':>7}{'win rate':>10}{'95% interval':>18}{'stones/hand':>13}{'± error':>9}"
        )
        lines = [header]
        for row in self.standings:
            lines.append(_row(row))
        if len(self.pairings) > 1:
            lines += ["", "by pair:", header]
            for pairing in self.pairings:
                lines += [_row(pairing.first, f"{pairing.first.bot} v {pairing.second.bot}"), _row(pairing.second)]
        return lines

    def to_json(self) -> dict[str, Any]:
        """``{"results": [standing, ...], "pairings": [[standing, standing], ...],
        "games", "seed"}``; a standing has ``bot``, ``win_rate``, ``low``, ``high``,
        ``stones_per_hand``, ``stderr``, ``games``, ``wins``, ``hands``, ``stones``."""
        return {
            "results": [row.to_json() for row in self.standings],
            "pairings": [[pairing.first.to_json(), pairing.second.to_json()] for pairing in self.pairings],
            "games": self.games,
            "seed": self.seed,
        }


def _row(row: Standing, label: str | None = None) -> str:
    interval = f"[{row.low:.1%}, {row.high:.1%}]"
    return (
        f"{label or row.bot:24}{row.games:>7}{row.wins:>7}{row.win_rate:>10.1%}{interval:>18}"
        f"{row.stones_per_hand:>+13.3f}{row.stderr:>9.3f}"
    )


_Task = tuple[Rules, tuple[str, str], "int | str", int, int]
"""A deal to play twice: the rules, the two bots, the seed, the deal's number, the
first pair of the bots' indices (to credit the results)."""

_Outcome = tuple[tuple[int, int, int, int, int], ...]
"""Per game of a deal: which bot won (0 or 1, -1 for none), the hands, the first
bot's side's stones, the other side's stones, which bot sat on side 0."""


def _play_deal(task: _Task) -> _Outcome:
    """Play a deal's two games, the sides swapped (a module function: workers run it)."""
    rules, specs, seed, deal, _ = task
    makers = [bot_factory(spec) for spec in specs]
    outcomes = []
    for swap in (0, 1):
        # Side 0 (the first mano's) holds bot `swap`, side 1 the other.
        first_side = swap  # the side the first bot plays on
        bots = [
            makers[0 if rules.team_of[seat] == first_side else 1](f"{seed}/{deal}/{swap}/{seat}")
            for seat in range(rules.seats)
        ]
        match = new_match(rules, seed=f"{seed}/deal/{deal}", mano=deal % rules.seats)
        match = play_match(match, bots)
        stones = [0] * rules.teams
        for hand in match.finished:
            for team in range(rules.teams):
                stones[team] += hand.scores[team] - hand.deal.scores[team]
        if match.winner is not None:
            # A game won by an órdago counts as the target reached: the stones it was worth.
            stones[match.winner] = max(stones[match.winner], rules.target)
        winner = -1 if match.winner is None else (0 if match.winner == first_side else 1)
        outcomes.append((winner, len(match.finished), stones[first_side], stones[1 - first_side], swap))
    return tuple(outcomes)


class _Tally:
    """One bot's games, wins, hands, stones and per-deal sums for the error."""

    def __init__(self, bot: str) -> None:
        self.bot = bot
        self.games = self.wins = self.hands = self.stones = 0
        self.clusters: list[tuple[int, int]] = []  # (net stones, hands) by deal

    def add(self, won: int, hands: int, stones: int) -> None:
        self.games += 1
        self.wins += won
        self.hands += hands
        self.stones += stones

    def standing(self) -> Standing:
        low, high = wilson(self.wins, self.games)
        rate = self.stones / self.hands if self.hands else 0.0
        n = len(self.clusters)
        # A ratio's standard error over the deals (each deal's two games one sample).
        spread = sum((net - rate * hands) ** 2 for net, hands in self.clusters)
        stderr = math.sqrt(spread * n / (n - 1)) / self.hands if n > 1 and self.hands else 0.0
        return Standing(
            self.bot,
            self.games,
            self.wins,
            self.wins / self.games if self.games else 0.0,
            low,
            high,
            self.hands,
            self.stones,
            rate,
            stderr,
        )


def _tasks(rules: Rules, bots: Sequence[str], deals: int, seed: int | str) -> Iterator[_Task]:
    for first, second in _pairs(len(bots)):
        for deal in range(deals):
            yield rules, (bots[first], bots[second]), seed, deal, first * len(bots) + second


def _pairs(count: int) -> list[tuple[int, int]]:
    return [(a, b) for a in range(count) for b in range(a + 1, count)]


def tournament(
    bots: Sequence[str],
    rules: Rules | None = None,
    *,
    games: int = 100,
    seed: int | str = 0,
    workers: int = 1,
    progress: Progress | None = None,
) -> TournamentResult:
    """A round robin of ``bots`` (names or ``module:Class``, see :func:`bot_factory`):
    each pair plays ``games`` games (an even number: each deal from both sides) of
    one game to the target of ``rules`` (default ``Rules()``; two sides), seeded from
    ``seed``; ``workers`` processes share the deals, with the same results.
    ``progress(done, total)`` follows the deals.

    >>> result = tournament(["heuristic", "random"], games=6, seed=2)
    >>> result.standings[0].wins + result.standings[1].wins
    6
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise MusError(f"rules must be a mus.Rules, got {type(rules).__name__}")
    if rules.teams != 2:
        raise MusError("a tournament pits two bots' sides against each other: the table needs two sides")
    if not isinstance(bots, (str, Sequence)):
        raise MusError(f"bots are a list of bot names, got {quoted(bots)}")
    names = [bots] if isinstance(bots, str) else [text_arg(name, "a bot's name") for name in bots]
    if len(names) < 2:
        raise MusError(f"a tournament needs at least two bots, got {len(names)}")
    if len({name.strip().lower() for name in names}) < len(names):
        raise MusError("a bot is named twice: each plays the others")
    if isinstance(games, bool) or not isinstance(games, int) or not 2 <= games <= MAX_GAMES or games % 2:
        raise MusError(
            "games come in pairs (each deal from both sides): an even number from 2 to "
            f"{MAX_GAMES:,}, got {quoted(games)}"
        )
    seed = seed_arg(seed)  # an int too long to write in decimal becomes its hex text
    check_workers(workers, "processes")
    if progress is not None and not callable(progress):
        raise MusError(f"progress is None or a function of (done, total), got {quoted(progress)}")
    for name in names:
        bot_factory(name)("check")  # a bad name fails here, not in a worker
    game_rules = rules.evolve(games_to_win=1, vacas_to_win=1)
    deals = games // 2
    tasks = _tasks(game_rules, names, deals, seed)
    total = deals * len(_pairs(len(names)))
    overall = [_Tally(name) for name in names]
    by_pair = {pair: (_Tally(names[pair[0]]), _Tally(names[pair[1]])) for pair in _pairs(len(names))}
    if progress is not None:
        progress(0, total)
    played = zip(_tasks(game_rules, names, deals, seed), _run(tasks, workers), strict=True)
    for done, (task, outcome) in enumerate(played, start=1):
        first, second = divmod(task[4], len(names))
        for tallies in ((overall[first], overall[second]), by_pair[(first, second)]):
            nets = [0, 0]
            hands_played = 0
            for winner, hands, mine, theirs, _ in outcome:
                tallies[0].add(winner == 0, hands, mine - theirs)
                tallies[1].add(winner == 1, hands, theirs - mine)
                nets[0] += mine - theirs
                nets[1] += theirs - mine
                hands_played += hands
            tallies[0].clusters.append((nets[0], hands_played))
            tallies[1].clusters.append((nets[1], hands_played))
        if progress is not None:
            progress(done, total)
    pairings = tuple(Pairing(by_pair[pair][0].standing(), by_pair[pair][1].standing()) for pair in _pairs(len(names)))
    return TournamentResult(tuple(names), rules, games, seed, tuple(tally.standing() for tally in overall), pairings)


def _run(tasks: Iterable[_Task], workers: int) -> Iterator[_Outcome]:
    if workers == 1:
        yield from map(_play_deal, tasks)
        return
    # The deals are handed to the workers a few at a time: Ctrl-C stops them at once.
    with contextlib.closing(iter_tasks(_play_deal, tasks, workers=workers)) as results:
        yield from results
