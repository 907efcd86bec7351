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

Over all the games of all the pairs, :class:`Rating` gives each bot a strength on the
Elo scale (:func:`bradley_terry`): the Bradley-Terry model, in which a bot rated ``d``
points above another wins ``1 / (1 + 10 ** (-d / 400))`` of their games, fitted by
maximum likelihood, the mean rating 1500, each with a 95% interval.

>>> result = tournament(["heuristic", "random"], games=4, seed=1)
>>> [(row.bot, row.games) for row in result.standings]
[('heuristic', 4), ('random', 4)]
"""

from __future__ import annotations

import contextlib
import inspect
import math
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from mus.advise.advisor import AdvisorBot
from mus.advise.planner import PlannerBot
from mus.bots import Bot, HeuristicBot, RandomBot, play_match
from mus.cards import seed_arg
from mus.checks import label, quoted, real_arg, text_arg, whole
from mus.errors import MusError
from mus.loading import load_module
from mus.match import new_match
from mus.odds.parallel import Progress, check_workers, iter_tasks
from mus.rules import Rules

__all__ = [
    "BOTS",
    "MAX_GAMES",
    "Pairing",
    "Rating",
    "Standing",
    "TournamentResult",
    "bot_factory",
    "bradley_terry",
    "tournament",
    "wilson",
]

BOTS: dict[str, Callable[[str], Bot]] = {
    "advisor": lambda seed: AdvisorBot(seed),
    "heuristic": lambda seed: HeuristicBot(),
    "planner": lambda seed: PlannerBot(seed),
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
    """The maker of the bot ``spec`` names: a built-in name (:data:`BOTS`); a saved
    policy file (a path ending in ``.npz``, :meth:`NetworkPolicy.save
    <mus.ai.players.NetworkPolicy.save>`), played by :class:`~mus.ai.players.PolicyBot`;
    or ``module:Name``, from a module name or a ``.py`` file's path (loaded by
    :func:`mus.loading.load_module`: the code runs with the user's rights): a class (or any callable) called with
    ``seed=`` when it takes a seed and with nothing otherwise, that makes a bot (a
    ``choose(view)`` method) or a policy (an ``act(observations, masks)`` method,
    :class:`mus.ai.players.Policy`, played by a ``PolicyBot``), or a policy itself.

    >>> bot_factory("mus.bots:HeuristicBot")("7")
    <mus.bots.HeuristicBot object at ...>
    >>> bot_factory("mus.batch.heuristic:HeuristicPolicy")("7")
    <mus.ai.players.PolicyBot object at ...>
    >>> bot_factory("nobody")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: unknown bot 'nobody': a built-in name (advisor, heuristic, planner, random), a policy file (.npz) or module:Name
    """
    name = text_arg(spec, "a bot's name").strip()
    if name.lower() in BOTS:
        return BOTS[name.lower()]
    if name.lower().endswith(".npz"):
        return _policy_file(name)
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        raise MusError(
            f"unknown bot {quoted(name)}: a built-in name ({', '.join(BOTS)}), a policy file (.npz) or module:Name"
        )
    # The user's own code, loaded as house-rule files are: a .py file by its path, its
    # folder last on the import path; whatever it raises, sys.exit() too, is one line.
    module = load_module(module_name, f"bot {quoted(name)}")
    maker = module
    for part in attribute.split("."):
        maker = getattr(maker, part, None)  # type: ignore[assignment]
        if maker is None:
            raise MusError(f"bot {quoted(name)}: module {label(module_name)} has no {label(attribute)}")
    if not isinstance(maker, type) and _acts(maker):
        policy = maker
        return lambda seed: _policy_bot(policy)
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
        if callable(getattr(bot, "choose", None)):
            return bot  # type: ignore[no-any-return]
        if _acts(bot):
            return _policy_bot(bot)
        raise MusError(
            f"bot {quoted(name)}: what {label(attribute)} makes has no choose(view) method, nor act(observations, masks)"
        )

    return make


def _acts(value: object) -> bool:
    """Whether ``value`` is a policy: an ``act`` method, looked up on its type."""
    return callable(getattr(type(value), "act", None))


def _policy_bot(policy: object) -> Bot:
    from mus.ai.players import PolicyBot  # the ai extra: needed only by a bot that is a policy

    return PolicyBot(policy)  # type: ignore[arg-type]


def _policy_file(path: str) -> Callable[[str], Bot]:
    """The maker of a saved policy's bots (the file read once, then each game's bot
    seeded from the game's seed)."""
    from mus.ai.players import PolicyBot, load_policy  # the ai extra: needed only for a policy file

    load_policy(path)  # a missing or bad file fails here, not in a worker

    def make(seed: str) -> Bot:
        return PolicyBot(load_policy(path, seed=zlib.crc32(str(seed).encode())))

    return make


def _said(error: BaseException) -> str:
    """What ``error`` says, cut to 200 characters; its type's name when even that fails."""
    try:
        text = str(error)
    except Exception:  # an error whose str() raises in its turn
        return type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


@attrs.frozen
class _Figures:
    """What a tournament reports of one bot; ``to_json()`` gives its fields by name."""

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON data (their fields by name)."""
        return attrs.asdict(self)


@attrs.frozen
class Standing(_Figures):
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


@attrs.frozen
class Pairing:
    """Two bots' games against each other: the :class:`Standing` of each in them."""

    first: Standing
    second: Standing


@attrs.frozen
class Rating(_Figures):
    """A bot's strength fitted from all the games of a tournament (:func:`bradley_terry`):
    ``elo`` on the Elo scale (the bots' mean 1500), with its 95% interval (``low``,
    ``high``)."""

    bot: str
    elo: float
    low: float
    high: float


_ELO = 400 / math.log(10)
"""Elo points per unit of the Bradley-Terry model's logit."""


def bradley_terry(wins: Sequence[Sequence[int]], z: float = Z95) -> list[tuple[float, float, float]]:
    """Ratings on the Elo scale from ``wins[i][j]``, the games bot ``i`` won against
    bot ``j``: each bot's rating, the mean 1500, and its interval (95% by default).

    The Bradley-Terry model: a bot ``d`` points above another wins
    ``1 / (1 + 10 ** (-d / 400))`` of their games. Fitted by maximum likelihood (with a
    faint pull toward the mean, a tenth of a game's worth, so that a bot that won or
    lost every game gets a finite rating), the interval from the curvature of the
    likelihood at its top; the ratings are taken relative to their mean, so a wide
    interval says the bot's games leave its place uncertain, not the scale's.

    >>> [round(elo) for elo, _, _ in bradley_terry([[0, 76], [24, 0]])]
    [1600, 1400]
    >>> low, high = bradley_terry([[0, 76], [24, 0]])[0][1:]
    >>> round(low), round(high)
    (1560, 1640)
    >>> bradley_terry([[0, -1], [2, 0]])
    Traceback (most recent call last):
    ...
    mus.errors.MusError: wins are whole numbers from 0 up, one list a bot, as many as bots
    """
    count = len(wins) if isinstance(wins, Sequence) and not isinstance(wins, (str, bytes)) else 0
    table: list[list[int]] = []
    for row in wins if count else ():
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != count:
            break
        if not all(type(value) is int and 0 <= value <= 2**53 for value in row):
            break
        table.append(list(row))
    if not count or len(table) != count:
        raise MusError("wins are whole numbers from 0 up, one list a bot, as many as bots")
    z = real_arg(z, "z (a normal quantile)", 0)
    logits = [0.0] * count
    for _ in range(100):
        gradient, curvature = _slopes(table, logits)
        step = _solve(curvature, gradient)
        logits = [value + change for value, change in zip(logits, step, strict=True)]
        if max(map(abs, step)) < 1e-10:
            break
    _, curvature = _slopes(table, logits)
    covariance = _inverse(curvature)
    mean = sum(logits) / count
    ratings = []
    for i in range(count):
        # The variance of rating i less the mean of all: (e_i - 1/n)' C (e_i - 1/n).
        deviation = [covariance[i][j] - sum(covariance[k][j] for k in range(count)) / count for j in range(count)]
        spread = deviation[i] - sum(deviation) / count
        half = z * _ELO * math.sqrt(max(spread, 0.0))
        elo = 1500 + _ELO * (logits[i] - mean)
        ratings.append((elo, elo - half, elo + half))
    return ratings


_PRIOR = 0.1
"""The pull toward the mean, in games: the curvature of a faint normal prior."""


def _slopes(table: list[list[int]], logits: list[float]) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and its curvature (the negated Hessian, positive
    definite) at ``logits``, the prior's included."""
    count = len(table)
    gradient = [-_PRIOR * value for value in logits]
    curvature = [[_PRIOR if i == j else 0.0 for j in range(count)] for i in range(count)]
    for i in range(count):
        for j in range(count):
            games = table[i][j] + table[j][i]
            if i == j or not games:
                continue
            chance = 1 / (1 + math.exp(logits[j] - logits[i]))
            gradient[i] += table[i][j] - games * chance
            weight = games * chance * (1 - chance)
            curvature[i][i] += weight
            curvature[i][j] -= weight
    return gradient, curvature


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ vector`` (Gaussian elimination: a handful of bots)."""
    inverse = _inverse(matrix)
    return [sum(a * b for a, b in zip(row, vector, strict=True)) for row in inverse]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive definite matrix (Gauss-Jordan)."""
    count = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(count))] for i, row in enumerate(matrix)]
    for column in range(count):
        pivot = max(range(column, count), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        head = work[column][column]
        work[column] = [value / head for value in work[column]]
        for r in range(count):
            if r != column and work[r][column]:
                factor = work[r][column]
                work[r] = [a - factor * b for a, b in zip(work[r], work[column], strict=True)]
    return [row[count:] for row in work]


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

    @property
    def ratings(self) -> tuple[Rating, ...]:
        """Each bot's :class:`Rating`, fitted from every pair's games (in the order the
        bots were given).

        >>> result = tournament(["heuristic", "random"], games=4, seed=1)
        >>> [rating.bot for rating in result.ratings], round(sum(rating.elo for rating in result.ratings))
        (['heuristic', 'random'], 3000)
        """
        index = {name: i for i, name in enumerate(self.bots)}
        wins = [[0] * len(self.bots) for _ in self.bots]
        for pairing in self.pairings:
            first, second = index[pairing.first.bot], index[pairing.second.bot]
            wins[first][second] += pairing.first.wins
            wins[second][first] += pairing.second.wins
        fitted = bradley_terry(wins)
        return tuple(Rating(name, *values) for name, values in zip(self.bots, fitted, strict=True))

    def lines(self) -> list[str]:
        """The results as tables: by bot, then by pair, then the ratings."""
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
        lines += [
            "",
            "ratings (Bradley-Terry on every game, Elo scale, mean 1500):",
            f"{'bot':24}{'rating':>8}{'95% interval':>18}",
        ]
        lines += [_rating_row(rating) for rating in sorted(self.ratings, key=lambda rating: -rating.elo)]
        return lines

    def to_json(self) -> dict[str, Any]:
        """``{"results": [standing, ...], "pairings": [[standing, standing], ...],
        "ratings": [rating, ...], "games", "seed"}``; a standing has ``bot``,
        ``win_rate``, ``low``, ``high``, ``stones_per_hand``, ``stderr``, ``games``,
        ``wins``, ``hands``, ``stones``; a rating ``bot``, ``elo``, ``low``, ``high``."""
        return {
            "results": [row.to_json() for row in self.standings],
            "pairings": [[pairing.first.to_json(), pairing.second.to_json()] for pairing in self.pairings],
            "ratings": [rating.to_json() for rating in self.ratings],
            "games": self.games,
            "seed": self.seed,
        }


def _row(row: Standing, label: str | None = None) -> str:
    interval = f"[{row.low:.1%}, {row.high:.1%}]"
    return (
        f"{label or row.bot:24}{row.games:>7}{row.wins:>7}{row.win_rate:>10.1%}{interval:>18}"
        f"{row.stones_per_hand:>+13.3f}{row.stderr:>9.3f}"
    )


def _rating_row(rating: Rating) -> str:
    interval = f"[{rating.low:.0f}, {rating.high:.0f}]"
    return f"{rating.bot:24}{rating.elo:>8.0f}{interval:>18}"


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
