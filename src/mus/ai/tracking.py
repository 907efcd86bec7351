"""Observation vectors kept up to date from one state to the next.

:meth:`Observer.observation <mus.ai.observations.Observer.observation>` builds a vector
from scratch, entry by entry, for one seat. An environment asks for a vector at every
turn, of a state one action away from the last one, and an action changes little: the
seat to act, the betting, now and then a declaration, a result or the scores.
:class:`ObservationTracker` keeps **one vector of the table as a whole**, seats and
sides absolute (every seat's cards, every seat's señas...), and rewrites at each new
state only the parts whose fields changed: states are immutable values, and a step
keeps the objects it does not change, so comparing fields by identity says which parts
can have changed. The parts that change at nearly every step (whose turn it is, the
betting) take few values: each block of bytes is built once, and the turn's and the
stakes' are copied in one write. A seat's observation is then one gather from that
vector (indexing by a fixed array per seat: its relative seats and sides, its own
cards, its partners' señas, the others' hidden), a new array for each call.

What it returns equals the vector built from scratch, bit for bit, whatever the order
of the states asked for (a part depends on its fields alone, so states need not follow
one another, nor belong to one hand): the tests check it at every step of many hands
under every preset.

>>> import mus
>>> from mus.ai.observations import Observer
>>> observer = Observer()
>>> tracker = ObservationTracker(observer)
>>> state = mus.new_hand(seed=1)
>>> for action in ["mus", "mus", "no-mus", "pass"]:
...     assert tracker.observation(state, 0).tobytes() == observer.observation(state, 0).tobytes()
...     state = mus.apply(state, action)
"""

from __future__ import annotations

import struct
import weakref
from typing import Any

import numpy as np
import numpy.typing as npt

from mus.actions import Declare, Discard, Signal
from mus.ai.observations import Observer, Vector, blocks
from mus.cards import ALL_CARDS
from mus.checks import quoted
from mus.errors import MusError
from mus.lances import Lance
from mus.scoring import Outcome
from mus.senas import Sena
from mus.state import Cards, HandState, Phase

__all__ = ["ObservationTracker"]

# Per observer, what its trackers share: the caches of the turn's and the stakes'
# blocks, and each seat's gather (all depend on the rules alone).
_Shared = tuple[dict[tuple[Any, ...], bytes], dict[tuple[Any, ...], bytes], list["npt.NDArray[np.intp]"]]
_SHARED: weakref.WeakKeyDictionary[Observer, _Shared] = weakref.WeakKeyDictionary()

_BETTING = Phase.BETTING
_PHASES = tuple(Phase)
_OUTCOMES = tuple(Outcome)
_SENAS = tuple(Sena)
_MAX_STEPS = 10  # "bets" counts up to 10 (the layout's); the tests compare every vector
_NOTED = frozenset((Declare, Discard, Signal))  # the actions the history's part shows
# Card.index by Card.order (a plain int attribute, cheaper to read than the property).
_CARD_INDEX = tuple(
    next((card.index for card in ALL_CARDS if card.order == order), -1)
    for order in range(max(card.order for card in ALL_CARDS) + 1)
)
_NONE = object()  # no state seen yet: unlike any field a state holds
_CACHE_SIZE = 20_000
_F32 = 4  # bytes an entry
_NO_CARDS = bytes(40 * _F32)
_NO_STAKES = bytes(4 * _F32)
_PACK_STAKES = struct.Struct("=4f").pack  # native order, as numpy's float32
_PHASE_INDEX = {id(phase): index for index, phase in enumerate(_PHASES)}  # by identity: Enum hashes in Python
_SENA_INDEX = {sena: index for index, sena in enumerate(_SENAS)}
_OUTCOME_INDEX = {id(outcome): index for index, outcome in enumerate(_OUTCOMES)}


def _table_layout(seats: int, teams: int, senas: bool) -> dict[str, tuple[int, int]]:
    """The parts of the table's vector, by absolute seat and side: ``name -> (offset,
    size)``. Grouped by what they are written from, each group one block: the turn
    (phase to accepted), the stakes, the scores, the history, the results, the winner,
    the cards; then a constant 0 and a constant 1 (what a seat sees of a part hidden
    from it, or fixed for it)."""
    n, k = seats, teams
    sizes = [
        ("phase", len(_PHASES)), ("lance", len(Lance)), ("to_act", n), ("mano", n),
        ("bettor", n), ("in_lance", n), ("folded", n), ("accepted", n),
        ("stakes", 4),
        ("scores", k),
        ("pares_yes", n), ("pares_no", n), ("juego_yes", n), ("juego_no", n),
        ("discarded", n), ("exchanges", 1), ("signals", n * len(_SENAS) if senas else 0),
        ("results", len(Lance) * (len(_OUTCOMES) + 1 + k)),
        ("winner", k),
        ("hands", n * 40), ("pending", n * 40),
        ("zero", 1), ("one", 1),
    ]  # fmt: skip
    return blocks(sizes)


def _gather(observer: Observer, table: dict[str, tuple[int, int]], seat: int) -> npt.NDArray[np.intp]:
    """The index into the table's vector of each entry of ``seat``'s observation."""
    rules = observer.rules
    n, k = rules.seats, rules.teams
    team = rules.team_of[seat]
    width = len(_OUTCOMES) + 1 + k
    zero, one = table["zero"][0], table["one"][0]
    index = [zero] * observer.observation_size

    def put(part: str, entry: int, at: int) -> None:
        index[observer.layout[part][0] + entry] = at

    for card in range(40):
        put("hand", card, table["hands"][0] + seat * 40 + card)
        put("pending", card, table["pending"][0] + seat * 40 + card)
    for part in ("phase", "lance"):
        for entry in range(table[part][1]):
            put(part, entry, table[part][0] + entry)
    for entry, part in enumerate(("stake", "previous", "bets", "ordago")):
        put(part, 0, table["stakes"][0] + entry)
    put("exchanges", 0, table["exchanges"][0])
    for relative in range(n):
        who = (seat + relative) % n  # the absolute seat the observer sees there
        for part in ("to_act", "mano", "bettor", "in_lance", "folded", "accepted"):
            put(part, relative, table[part][0] + who)
        for part in ("pares_yes", "pares_no", "juego_yes", "juego_no", "discarded"):
            put(part, relative, table[part][0] + who)
        put("own_side", relative, one if rules.team_of[who] == team else zero)
        if rules.senas and who != seat and rules.team_of[who] == team:  # a partner's señas only
            for sena in range(len(_SENAS)):
                put("signals", relative * len(_SENAS) + sena, table["signals"][0] + who * len(_SENAS) + sena)
    for side in range(k):
        absolute = (side + team) % k
        put("scores", side, table["scores"][0] + absolute)
        put("winner", side, table["winner"][0] + absolute)
    for lance in range(len(Lance)):
        base = lance * width
        for entry in range(len(_OUTCOMES) + 1):
            put("results", base + entry, table["results"][0] + base + entry)
        for side in range(k):
            put("results", base + len(_OUTCOMES) + 1 + side,
                table["results"][0] + base + len(_OUTCOMES) + 1 + (side + team) % k)  # fmt: skip
    return np.array(index, np.intp)


class ObservationTracker:
    """The observations of one table, kept from one state to the next (see the
    module): what :meth:`observation` returns equals ``observer.observation(state,
    seat)``.

    One tracker per environment (it holds the vector of the state last seen); the
    ``observer`` (an :class:`~mus.ai.encoding.Encoding`, say) may be shared.

    >>> import mus
    >>> from mus.ai.encoding import encoding_for
    >>> tracker = ObservationTracker(encoding_for())
    >>> vector = tracker.observation(mus.new_hand(seed=1), 2)
    >>> vector.shape, vector.dtype, vector.flags.writeable
    ((192,), dtype('float32'), True)
    >>> ObservationTracker("standard")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: ObservationTracker takes an Observer (encoding_for(rules)), got 'standard'
    """

    __slots__ = (
        "_at",
        "_blocks",
        "_cards",
        "_cards_end",
        "_deal",
        "_declared",
        "_declared_at",
        "_discards",
        "_floats",
        "_gather",
        "_link",
        "_no_scores",
        "_observer",
        "_rare",
        "_result_width",
        "_results",
        "_scores",
        "_seat_count",
        "_stakes",
        "_stakes_end",
        "_state",
        "_target",
        "_turn",
        "_vector",
        "_view",
        "_winner",
        "_zeros",
    )

    def __init__(self, observer: Observer) -> None:
        if not isinstance(observer, Observer):
            raise MusError(f"ObservationTracker takes an Observer (encoding_for(rules)), got {quoted(observer)}")
        rules = observer.rules
        self._observer = observer
        self._seat_count = rules.seats
        self._target = rules.target
        layout = _table_layout(rules.seats, rules.teams, rules.senas)
        self._at = {name: start for name, (start, _) in layout.items()}
        # Each block's span in bytes (the turn's and the stakes' end as a plain int too:
        # it is written at nearly every step).
        self._blocks = {
            "scores": (layout["scores"][0] * _F32, layout["pares_yes"][0] * _F32),
            "history": (layout["pares_yes"][0] * _F32, layout["results"][0] * _F32),
            "results": (layout["results"][0] * _F32, layout["winner"][0] * _F32),
            "winner": (layout["winner"][0] * _F32, layout["hands"][0] * _F32),
        }
        self._stakes_end = layout["scores"][0] * _F32
        self._cards_end = layout["zero"][0] * _F32
        self._zeros = bytes(self._cards_end)
        self._no_scores = (0,) * rules.teams
        self._result_width = len(_OUTCOMES) + 1 + rules.teams
        # The declarations' parts: the observer's summary marks them at its offsets.
        self._declared = {
            observer.layout[name][0]: layout[name][0] for name in ("pares_yes", "pares_no", "juego_yes", "juego_no")
        }
        self._declared_at = {
            (Lance.PARES, True): layout["pares_yes"][0], (Lance.PARES, False): layout["pares_no"][0],
            (Lance.JUEGO, True): layout["juego_yes"][0], (Lance.JUEGO, False): layout["juego_no"][0],
        }  # fmt: skip
        # Shared by the trackers of one observer: they depend on the rules alone.
        if observer not in _SHARED:
            _SHARED[observer] = ({}, {}, [_gather(observer, layout, seat) for seat in range(rules.seats)])
        self._turn, self._stakes, self._gather = _SHARED[observer]
        self._vector = np.zeros(layout["one"][0] + 1, np.float32)
        self._vector[layout["one"][0]] = 1.0
        self._view = memoryview(self._vector).cast("B")  # type: ignore[arg-type]  # numpy arrays are buffers
        # Single entries written through a float32 view: a few times cheaper than
        # numpy's item assignment, and rounded alike (to the nearest float32).
        self._floats: memoryview[float] = memoryview(self._vector)  # type: ignore[arg-type]
        # The fields the vector was last written from (none yet).
        self._state: object = _NONE
        self._deal: object = _NONE
        self._cards: object = _NONE
        self._rare: object = _NONE
        self._scores: object = _NONE
        self._results: object = _NONE
        self._winner: object = _NONE
        self._link: object = _NONE
        self._discards = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its observer: it comes back empty, and catches up with
        the first state it is asked about.

        >>> import copy, mus
        >>> from mus.ai.encoding import encoding_for
        >>> tracker = ObservationTracker(encoding_for())
        >>> state = mus.new_hand(seed=2)
        >>> copied = copy.deepcopy(tracker)
        >>> copied.observation(state, 1).tobytes() == tracker.observation(state, 1).tobytes()
        True
        """
        return (ObservationTracker, (self._observer,))

    def observation(self, state: HandState, seat: int) -> Vector:
        """What ``seat`` sees of ``state``: a new array, equal to
        :meth:`Observer.observation <mus.ai.observations.Observer.observation>`'s.

        >>> import mus
        >>> from mus.ai.encoding import encoding_for
        >>> enc = encoding_for()
        >>> tracker = ObservationTracker(enc)
        >>> state = mus.apply(mus.new_hand(seed=4), "no-mus")
        >>> tracker.observation(state, 1).tobytes() == enc.observation(state, 1).tobytes()
        True
        """
        if state is not self._state:
            if type(state) is not HandState:
                self._observer.check(state)  # raises: only hands are read below
            # The parts that change a few times a hand first, in one comparison (a
            # tuple's compares identity first, and fields equal in value write equal
            # values); a new deal's rules are checked there, before anything is written.
            rare = (state.results, state.scores, state.winner, state.cards, state.deal)
            if rare != self._rare:
                self._write_hand(state)
                self._rare = rare
            betting = state.betting
            queue = state.queue
            if betting is None:
                key: tuple[Any, ...] = (id(state.phase), queue[0] if queue else None, state.mano)
                block = self._turn.get(key)
                if block is None:
                    block = self._turn_block(key)
                self._view[: self._stakes_end] = block + _NO_STAKES
            else:
                lance, seats, stake, previous, bets, bettor, ordago, folded, accepted = betting
                phase = state.phase
                key = (
                    id(phase), queue[0] if queue else None, state.mano, lance, bettor if bets else None,
                    seats if phase is _BETTING else None, folded, accepted,
                )  # fmt: skip
                block = self._turn.get(key)
                if block is None:
                    block = self._turn_block(key)
                if bets:
                    stakes = (stake, previous, bets, ordago)
                    packed = self._stakes.get(stakes)
                    self._view[: self._stakes_end] = block + (self._pack(stakes) if packed is None else packed)
                else:
                    self._view[: self._stakes_end] = block + _NO_STAKES
            link = state.log
            if link is not self._link:
                # The usual step: one action, which the history's part does not show.
                if link is not None and link[0] is self._link and type(link[2]) not in _NOTED:
                    self._link = link
                else:
                    self._write_actions(link)
            self._state = state
        if type(seat) is not int or not 0 <= seat < self._seat_count:
            seat = self._observer.check_seat(state, seat)
        # Indexing rather than take(): the same new array, a little cheaper.
        return self._vector[self._gather[seat]]

    def _pack(self, stakes: tuple[int, int, int, bool]) -> bytes:
        """The stakes' block of ``stakes`` (stake, previous, bets, órdago), cached: the
        observer's arithmetic, packed in float32 as numpy stores it."""
        stake, previous, bets, ordago = stakes
        target = self._target
        data = _PACK_STAKES(
            (stake if stake < target else target) / target,
            (previous if previous < target else target) / target,
            (bets if bets < _MAX_STEPS else _MAX_STEPS) / _MAX_STEPS,
            ordago,
        )
        if len(self._stakes) > _CACHE_SIZE:
            self._stakes.clear()
        self._stakes[stakes] = data
        return data

    def _write_hand(self, state: HandState) -> None:
        """The parts of ``state`` that differ from the last state's: a new deal, the
        results, the scores, the winner, the cards (a few times a hand)."""
        vector, view = self._floats, self._view
        if state.deal is not self._deal:
            self._observer.check(state)  # a new deal: its rules must be the encoding's
            # A new hand: all but the turn's and the stakes' blocks cleared at once (its
            # first state has no history, results or winner).
            self._deal = state.deal
            view[self._stakes_end : self._cards_end] = self._zeros[: self._cards_end - self._stakes_end]
            self._link, self._results, self._winner, self._cards = None, (), None, _NONE
            self._scores, self._discards = self._no_scores, 0
        results = state.results
        if results is not self._results:
            self._write_results(results)
        scores = state.scores
        if scores is not self._scores:
            if scores != self._scores:
                start, end = self._blocks["scores"]
                view[start:end] = self._zeros[: end - start]
                target, at = self._target, self._at["scores"]
                for side, score in enumerate(scores):
                    if score:
                        vector[at + side] = (score if score < target else target) / target
            self._scores = scores
        winner = state.winner
        if winner is not self._winner:
            start, end = self._blocks["winner"]
            view[start:end] = self._zeros[: end - start]
            if winner is not None:
                vector[self._at["winner"] + winner] = 1.0
            self._winner = winner
        if state.cards is not self._cards:
            self._write_cards(state.cards)

    def _turn_block(self, key: tuple[Any, ...]) -> bytes:
        """The turn's block of ``key`` (see :meth:`observation`), built and cached."""
        at = self._at
        block = np.zeros(at["stakes"], np.float32)
        block[at["phase"] + _PHASE_INDEX[key[0]]] = 1.0
        if key[1] is not None:
            block[at["to_act"] + key[1]] = 1.0
        block[at["mano"] + key[2]] = 1.0
        if len(key) > 3:
            _, _, _, lance, bettor, seats, folded, accepted = key
            block[at["lance"] + lance] = 1.0
            if bettor is not None:
                block[at["bettor"] + bettor] = 1.0
            for part, which in (("in_lance", seats or ()), ("folded", folded), ("accepted", accepted)):
                for seat in which:
                    block[at[part] + seat] = 1.0
        data = block.tobytes()
        if len(self._turn) > _CACHE_SIZE:
            self._turn.clear()
        self._turn[key] = data
        return data

    def _clear(self, name: str) -> None:
        start, end = self._blocks[name]
        self._view[start:end] = self._zeros[: end - start]

    def _write_results(self, results: tuple[Any, ...]) -> None:
        before = self._results
        self._results = results
        # A lance's end adds its result to the last state's (the usual step): only the
        # new ones to write.
        known = len(before) if type(before) is tuple and before == results[: len(before)] else 0
        if not known:
            self._clear("results")
        vector, target, at, width = self._floats, self._target, self._at["results"], self._result_width
        for result in results[known:]:
            base = at + result.lance * width
            vector[base + _OUTCOME_INDEX[id(result.outcome)]] = 1.0
            if result.stake:
                vector[base + len(_OUTCOMES)] = min(result.stake, target) / target
            if result.team is not None:
                vector[base + len(_OUTCOMES) + 1 + result.team] = 1.0

    def _write_actions(self, link: Any) -> None:
        """The history's part after the actions since the last state's link: the usual
        step is one action (a few when the engine declares for the seats), of which only
        a declaration, a discard or a seña shows. Rebuilt from the observer's summary
        when the last link is not a few actions back (a new hand, a state of another)."""
        known = self._link
        added: list[Any] = []
        walk = link
        while walk is not known:
            if walk is None or len(added) == 16:
                self._write_history(self._observer.summary_of(link))
                self._link = link
                return
            added.append(walk)
            walk = walk[0]
        self._link = link
        vector, at = self._floats, self._at
        for _, who, action in reversed(added):
            kind = type(action)
            if kind not in _NOTED:
                continue
            if kind is Declare:
                vector[self._declared_at[action.lance, action.has] + who] = 1.0
            elif kind is Discard:
                # Each seat's latest discard, and the number of discards made.
                vector[at["discarded"] + who] = len(action.cards) / 4
                self._discards += 1
                vector[at["exchanges"]] = min(self._discards // self._seat_count, 5) / 5
            else:
                vector[at["signals"] + who * len(_SENAS) + _SENA_INDEX[action.sena]] = 1.0

    def _write_history(self, summary: Any) -> None:
        """Declarations, discards and señas, by absolute seat, from the observer's
        summary of the history."""
        self._clear("history")
        vector, at, seats = self._floats, self._at, self._seat_count
        marks, discarded, discards, signals = summary
        declared = self._declared
        for offset, who in marks:
            vector[declared[offset] + who] = 1.0
        if discarded:
            for who, count in discarded:
                vector[at["discarded"] + who] = count / 4
            vector[at["exchanges"]] = min(discards // seats, 5) / 5
        for who, sena in signals:
            vector[at["signals"] + who * len(_SENAS) + sena] = 1.0
        self._discards = discards

    def _write_cards(self, table: Cards) -> None:
        """Each seat's cards and pending discards whose objects changed: at a deal, all
        of them (cleared already), after a discard or an exchange, a seat's."""
        before = self._cards
        self._cards = table
        vector, view, at = self._floats, self._view, self._at
        if not isinstance(before, Cards):  # a new hand: every seat's cards, on zeros
            base = at["hands"]
            for hand in table.hands:
                for card in hand.cards:
                    vector[base + _CARD_INDEX[card.order]] = 1.0
                base += 40
            if any(table.pending):  # discards pending already (a state in the middle of an exchange)
                base = at["pending"]
                for cards in table.pending:
                    for card in cards:
                        vector[base + _CARD_INDEX[card.order]] = 1.0
                    base += 40
            return
        changed: tuple[tuple[str, Any, Any], ...] = (
            ("hands", table.hands, before.hands),
            ("pending", table.pending, before.pending),
        )
        for part, now, old in changed:
            if now is old:
                continue
            for seat, cards in enumerate(now):
                if old[seat] is cards:
                    continue
                base = at[part] + seat * 40
                view[base * _F32 : (base + 40) * _F32] = _NO_CARDS
                for card in cards.cards if part == "hands" else cards:
                    vector[base + _CARD_INDEX[card.order]] = 1.0
