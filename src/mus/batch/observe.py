"""What one seat sees of each hand of a batch: the shared observation vector.

:func:`observation` gives, for every hand of a :class:`~mus.batch.Batch`, the vector
of one seat in **the observation layout every adapter shares** (version
:data:`VERSION`): the vector environment (:mod:`mus.ai.vector`), the PettingZoo,
Gymnasium and OpenSpiel adapters (:meth:`Observer.observation
<mus.ai.observations.Observer.observation>`) and a policy playing as a bot
(:class:`mus.ai.players.PolicyBot`, from a seat's view) all build the same numbers
for the same state, bit for bit (the tests compare them at every step of many hands).
:func:`layout` gives each part's offset and size under a rule set; the parts are listed
in :doc:`/ai` ("The observation"). It never shows another seat's cards: only the
seat's own hand and discards, and the public course of the hand.

:func:`observe` is the batch engine's earlier layout (116 numbers, six seat slots
whatever the table), deprecated: it will be removed in a later release.

>>> import mus
>>> from mus.batch import Batch
>>> batch = Batch(mus.Rules(), seeds=[1, 2])
>>> seen = observation(batch, 0)
>>> start, size = layout(mus.Rules())["hand"]
>>> seen.shape, seen.dtype.name, int(seen[0, start : start + size].sum())
((2, 192), 'float32', 4)
"""

from __future__ import annotations

import functools
import warnings
from typing import Any

import numpy as np

from mus.batch.engine import Batch
from mus.batch.hands import CODE
from mus.batch.tables import IN_BETTING, ORDAGO_ANSWER, Array
from mus.cards import ALL_CARDS
from mus.checks import instance_arg, quoted
from mus.errors import MusError
from mus.ranking import Lance
from mus.rules import Rules
from mus.scoring import Outcome
from mus.senas import Sena
from mus.state import MAX_BETS, Phase

__all__ = ["LAYOUT", "SIZE", "VERSION", "layout", "observation", "observe", "size"]

VERSION = 1
"""The version of the shared observation layout (:func:`layout`). It changes whenever a
part is added, removed, moved or computed otherwise; a saved policy records the version
it was trained on (:mod:`mus.ai.players`), and a policy of another version is refused."""

_PHASES = tuple(Phase)
_OUTCOMES = tuple(Outcome)
_MAX_STEPS = 10
"""``bets`` counts the bets and raises on the lance up to this many."""
_EXCHANGES = 5
"""``exchanges`` counts the exchanges up to this many."""


def blocks(sizes: list[tuple[str, int]]) -> dict[str, tuple[int, int]]:
    """The parts of a vector laid end to end in the order given: ``name -> (offset,
    size)``. The observation's layout, and the tracker's table (:mod:`mus.ai.tracking`);
    unchecked, from their own lists of sizes.

    >>> blocks([("hand", 40), ("phase", 4), ("signals", 0), ("lance", 4)])
    {'hand': (0, 40), 'phase': (40, 4), 'signals': (44, 0), 'lance': (44, 4)}
    """
    found, offset = {}, 0
    for name, count in sizes:
        found[name] = (offset, count)
        offset += count
    return found


def layout(rules: Rules | None = None) -> dict[str, tuple[int, int]]:
    """Each part of the shared observation under ``rules`` (default ``Rules()``): ``name
    -> (offset, size)``, in order. With ``n`` seats and ``k`` sides, 192 numbers at four
    seats and two sides, 168 at two.

    >>> parts = layout()
    >>> list(parts)[:4], parts["winner"], sum(size for _, size in parts.values())
    (['hand', 'pending', 'phase', 'lance'], (190, 2), 192)
    >>> layout("standard")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: layout() reads a Rules, got 'standard'
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise MusError(f"layout() reads a Rules, got {quoted(rules)}")
    return dict(_layout(rules.seats, rules.teams, rules.senas))


def size(rules: Rules | None = None) -> int:
    """The length of the shared observation under ``rules`` (default ``Rules()``).

    >>> size(), size(Rules.preset("heads-up"))
    (192, 168)
    """
    return sum(count for _, count in layout(rules).values())


@functools.cache
def _layout(n: int, k: int, senas: bool) -> dict[str, tuple[int, int]]:
    sizes = [
        ("hand", 40), ("pending", 40), ("phase", len(_PHASES)), ("lance", len(Lance)),
        ("to_act", n), ("mano", n), ("own_side", n), ("scores", k),
        ("stake", 1), ("previous", 1), ("bets", 1), ("ordago", 1),
        ("bettor", n), ("in_lance", n), ("folded", n), ("accepted", n),
        ("pares_yes", n), ("pares_no", n), ("juego_yes", n), ("juego_no", n),
        ("discarded", n), ("exchanges", 1),
        ("results", len(Lance) * (len(_OUTCOMES) + 1 + k)),
        ("signals", n * len(Sena) if senas else 0),
        ("winner", k),
    ]  # fmt: skip
    return blocks(sizes)


_INDEX_OF_ORDER = np.array(
    [{card.order: card.index for card in ALL_CARDS}.get(order, 0) for order in range(48)], np.intp
)
# The batch's phases (mus, discard, betting, finished) in the order of mus.Phase.
_PHASE_INDEX = np.array([_PHASES.index(phase) for phase in (Phase.MUS, Phase.DISCARD, Phase.BETTING, Phase.FINISHED)])
_SHOWN_TEAM = np.isin(
    np.arange(len(_OUTCOMES)), [CODE[outcome] for outcome in (Outcome.REFUSED, Outcome.NO_BET, Outcome.ORDAGO)]
)
"""The outcomes whose result names a side before the count (``LanceResult.team``)."""
_POSITIONS = np.arange(4)
_ORDAGO = CODE[Outcome.ORDAGO]
_PARES, _JUEGO, _PUNTO = int(Lance.PARES), int(Lance.JUEGO), int(Lance.PUNTO)


def _seats(seat: Any, n: int, seats: int) -> Array:
    """``seat`` (one seat for all ``n`` hands, or one a hand) as ``n`` seats."""
    if type(seat) is int and 0 <= seat < seats:
        return np.full(n, seat, np.intp)
    try:
        array = np.asarray(seat)
        if np.issubdtype(array.dtype, np.integer) and ((array >= 0) & (array < seats)).all():
            return np.broadcast_to(array.astype(np.intp), (n,))
    except Exception:  # numpy's refusal (a shape that does not broadcast), or a value that raises as it is read
        pass
    raise MusError(f"seat is one seat from 0 to {seats - 1}, or one a hand ({n}), got {quoted(seat)}")


def _relative(out: Array, start: int, mask: Array, seat: Array, seats: int) -> None:
    """Bit ``s`` of ``mask`` is seat ``s``: entry ``j`` of the part is the seat ``j``
    places after the observer."""
    for j in range(seats):
        out[:, start + j] = (mask >> ((seat + j) % seats)) & 1


def observation(batch: Batch, seat: int | Array) -> Array:
    """By hand, what ``seat`` (one seat for all hands, or one a hand) sees: a float32
    array of shape ``(n, size(rules))`` in the shared layout (see the module), equal to
    :meth:`Observer.observation <mus.ai.observations.Observer.observation>` of the
    hand's scalar state.

    >>> import mus
    >>> from mus.batch import Batch, NO_MUS
    >>> batch = Batch(mus.Rules(), seeds=[1])
    >>> batch.step([NO_MUS])
    >>> seen, parts = observation(batch, 1)[0], layout()
    >>> [seen[start : start + size].tolist() for start, size in (parts["lance"], parts["to_act"])]
    [[1.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]]
    """
    hands = instance_arg(batch, Batch, "a Batch").hands
    tables = hands.tables
    rules = tables.rules
    n, seats = hands.n, tables.seats
    seat = _seats(seat, n, seats)
    at = {name: start for name, (start, _) in _layout(seats, 2, rules.senas).items()}
    out = np.zeros((n, sum(count for _, count in _layout(seats, 2, rules.senas).values())), np.float32)
    rows = np.arange(n)
    held = _INDEX_OF_ORDER[hands.cards[rows, seat]]
    out[rows[:, None], at["hand"] + held] = 1.0
    thrown = (hands.pending[rows, seat][:, None] >> _POSITIONS) & 1 != 0
    which, position = thrown.nonzero()
    out[which, at["pending"] + held[which, position]] = 1.0
    phase = hands.phase
    out[rows, at["phase"] + _PHASE_INDEX[phase]] = 1.0
    team_of = tables.team_of
    side = team_of[seat].astype(np.intp)
    out[rows, at["mano"] + (hands.mano - seat) % seats] = 1.0
    for j in range(seats):
        out[:, at["own_side"] + j] = team_of[(seat + j) % seats] == side
    to_act = hands.to_act()
    acting = (to_act >= 0).nonzero()[0]
    out[acting, at["to_act"] + (to_act[acting] - seat[acting]) % seats] = 1.0
    _betting(out, at, hands, seat, phase == IN_BETTING)
    target = tables.target
    for j, which_side in enumerate((side, 1 - side)):
        out[:, at["scores"] + j] = np.minimum(hands.scores[rows, which_side], target) / target
    won = (hands.winner >= 0).nonzero()[0]
    out[won, at["winner"] + (hands.winner[won] - side[won]) % 2] = 1.0
    _declarations(out, at, hands, seat)
    discarded = hands.discarded[rows[:, None], (seat[:, None] + np.arange(seats)) % seats]
    out[:, at["discarded"] : at["discarded"] + seats] = discarded / 4
    out[:, at["exchanges"]] = np.minimum(hands.rounds, _EXCHANGES) / _EXCHANGES
    _results(out, at["results"], hands, side)
    return out


def _betting(out: Array, at: dict[str, int], hands: Any, seat: Array, betting: Array) -> None:
    """The lance bet on and its betting, while a lance is bet on."""
    seats = hands.tables.seats
    target = hands.tables.target
    inside = betting.nonzero()[0]
    out[inside, at["lance"] + hands.lance[inside]] = 1.0
    _relative(out, at["in_lance"], np.where(betting, hands.in_lance, 0), seat, seats)
    _relative(out, at["folded"], np.where(betting, hands.in_lance & ~hands.live, 0), seat, seats)
    bet = (betting & (hands.bets > 0)).nonzero()[0]
    out[bet, at["bettor"] + (hands.bettor[bet] - seat[bet]) % seats] = 1.0
    out[bet, at["stake"]] = np.minimum(hands.stake[bet], target) / target
    out[bet, at["previous"]] = np.minimum(hands.previous[bet], target) / target
    out[bet, at["bets"]] = np.minimum(hands.bets[bet], _MAX_STEPS) / _MAX_STEPS
    out[bet, at["ordago"]] = hands.kind[bet] == ORDAGO_ANSWER


def _declarations(out: Array, at: dict[str, int], hands: Any, seat: Array) -> None:
    """The pares and juego every seat declared: the engine derives them from the cards
    as each lance opens (rules section 6), so they show once it opened."""
    tables = hands.tables
    seats = tables.seats
    outcome, lance = hands.outcome, hands.lance
    pares = (outcome[:, _PARES] >= 0) | (lance == _PARES)
    juego = (outcome[:, _JUEGO] >= 0) | (outcome[:, _PUNTO] >= 0) | (lance == _JUEGO) | (lance == _PUNTO)
    for reached, holds, names in (
        (pares, tables.has_pares, ("pares_yes", "pares_no")),
        (juego, tables.has_juego, ("juego_yes", "juego_no")),
    ):
        rows = reached.nonzero()[0]
        for j in range(seats):
            has = holds[hands.multiset[rows, (seat[rows] + j) % seats]]
            out[rows, at[names[0]] + j] = has
            out[rows, at[names[1]] + j] = ~has


def _results(out: Array, start: int, hands: Any, side: Array) -> None:
    """By lance, how its betting ended, the stake its result shows and the side it
    names (before the count: a refusal, a lance one side had alone, an órdago)."""
    target = hands.tables.target
    width = len(_OUTCOMES) + 1 + 2
    which, lance = (hands.outcome >= 0).nonzero()
    code = hands.outcome[which, lance]
    base = start + lance * width
    out[which, base + code] = 1.0
    out[which, base + len(_OUTCOMES)] = np.minimum(hands.shown[which, lance], target) / target
    named = _SHOWN_TEAM[code]
    which, lance, code, base = which[named], lance[named], code[named], base[named]
    # An accepted órdago ends the hand before the count pays anyone: its side is the winner.
    team = np.where(code == _ORDAGO, hands.winner[which], hands.paid_to[which, lance])
    out[which, base + len(_OUTCOMES) + 1 + (team - side[which]) % 2] = 1.0


# --- the earlier layout (deprecated) --------------------------------------------------

_SLOTS = 6
_PARTS = (
    ("hand", len(ALL_CARDS)),
    ("phase", 4),
    ("lance", len(Lance)),
    ("mano", _SLOTS),
    ("to_act", _SLOTS),
    ("in_lance", _SLOTS),
    ("folded", _SLOTS),
    ("bettor", _SLOTS),
    ("betting", 4),
    ("scores", 2),
    ("mus_rounds", 1),
    ("outcomes", len(Lance) * len(Outcome)),
)


def _slices() -> dict[str, slice]:
    found, start = {}, 0
    for name, count in _PARTS:
        found[name] = slice(start, start + count)
        start += count
    return found


LAYOUT: dict[str, slice] = _slices()
"""Where each part of :func:`observe`'s deprecated vector lies."""
SIZE = sum(count for _, count in _PARTS)
"""The length of :func:`observe`'s deprecated vector (116)."""


def _one_hot(out: Array, part: str, index: Array, valid: Array | None = None) -> None:
    rows = np.arange(len(out)) if valid is None else valid.nonzero()[0]
    chosen = index if valid is None else index[valid]
    out[rows, LAYOUT[part].start + chosen] = 1.0


def observe(batch: Batch, seat: int | Array) -> Array:
    """Deprecated: the batch engine's earlier vector of 116 numbers (six seat slots
    whatever the table: ``hand`` 40, ``phase`` 4, ``lance`` 5, ``mano``, ``to_act``,
    ``in_lance``, ``folded``, ``bettor`` 6 each, ``betting`` 4, ``scores`` 2,
    ``mus_rounds`` 1, ``outcomes`` 30; :data:`LAYOUT`). Use :func:`observation`, the
    layout every adapter shares; this goes in 1.0.0.

    >>> import mus, warnings
    >>> from mus.batch import Batch
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     observe(Batch(mus.Rules(), seeds=[1]), 0).shape
    (1, 116)
    """
    warnings.warn(
        "mus.batch.observe.observe() is deprecated: use mus.batch.observe.observation(), the layout every "
        "adapter shares; observe() goes in 1.0.0",
        DeprecationWarning,
        stacklevel=2,
    )
    hands = instance_arg(batch, Batch, "a Batch").hands
    tables = hands.tables
    n, seats = hands.n, tables.seats
    seat = _seats(seat, n, seats)
    rows = np.arange(n)
    out = np.zeros((n, SIZE), np.float32)
    held = _INDEX_OF_ORDER[hands.cards[rows, seat]]
    out[rows[:, None], LAYOUT["hand"].start + held] = 1.0
    phase = hands.phase
    _one_hot(out, "phase", phase)
    betting = phase == IN_BETTING
    _one_hot(out, "lance", hands.lance.astype(np.intp), betting)
    _one_hot(out, "mano", (hands.mano - seat) % seats)
    to_act = hands.to_act()
    _one_hot(out, "to_act", (to_act - seat) % seats, to_act >= 0)
    _relative(out, LAYOUT["in_lance"].start, np.where(betting, hands.in_lance, 0), seat, seats)
    _relative(out, LAYOUT["folded"].start, np.where(betting, hands.in_lance & ~hands.live, 0), seat, seats)
    bet = betting & (hands.bets > 0)
    _one_hot(out, "bettor", (hands.bettor - seat) % seats, bet)
    target = tables.target
    start = LAYOUT["betting"].start
    out[:, start] = np.minimum(np.where(betting, hands.stake, 0) / target, 1.0)
    out[:, start + 1] = np.minimum(np.where(bet, hands.previous, 0) / target, 1.0)
    out[:, start + 2] = np.where(betting, hands.bets, 0) / MAX_BETS
    out[:, start + 3] = bet & (hands.kind == ORDAGO_ANSWER)
    side = tables.team_of[seat].astype(np.intp)
    start = LAYOUT["scores"].start
    out[:, start] = np.minimum(hands.scores[rows, side] / target, 1.0)
    out[:, start + 1] = np.minimum(hands.scores[rows, 1 - side] / target, 1.0)
    out[:, LAYOUT["mus_rounds"].start] = np.minimum(hands.rounds / 10, 1.0)
    outcome = hands.outcome
    at, lance = (outcome >= 0).nonzero()
    out[at, LAYOUT["outcomes"].start + np.arange(len(Lance))[lance] * len(Outcome) + outcome[at, lance]] = 1.0
    return out
