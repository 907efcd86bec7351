"""What each seat sees of a hand: the observation vector and the information state.

**Observations.** A float32 vector of values in [0, 1], seen by one seat; seats are
*relative* (entry 0 is the observing seat, then the seats after it around the table)
and sides too (entry 0 is its own side). :attr:`Observer.layout` gives each part's
offset and size; with ``n`` seats and ``k`` sides:

* ``hand`` (40): own cards, one-hot by :attr:`Card.index <mus.cards.Card.index>`;
* ``pending`` (40): own cards discarded in the exchange under way, not yet replaced;
* ``phase`` (5), ``lance`` (5): one-hot (phase order: mus, discard, declare, betting,
  finished; lances in :class:`~mus.Lance` order);
* ``to_act``, ``mano``, ``own_side`` (``n`` each): relative seats;
* ``scores`` (``k``): each side's score over the target, capped at 1;
* ``stake``, ``previous`` (1 each): the standing stake and the one before the last
  raise, over the target, capped at 1; ``bets`` (1): bets and raises on this lance
  over 10, capped at 1; ``ordago`` (1): an órdago stands;
* ``bettor``, ``in_lance``, ``folded``, ``accepted`` (``n`` each): the betting on the
  current lance;
* ``pares_yes``, ``pares_no``, ``juego_yes``, ``juego_no`` (``n`` each): declarations;
* ``discarded`` (``n``): cards each seat discarded in the latest exchange, over 4;
  ``exchanges`` (1): exchanges completed, over 5, capped at 1;
* ``results`` (5 by (6 + 1 + ``k``)): per lance, how its betting ended (one-hot over
  :class:`~mus.Outcome`), its stake over the target (capped at 1) and the side it
  went to;
* ``signals`` (``n`` by 11, only under ``Rules(senas=True)``): the señas the seat's
  partners made, by :class:`~mus.Sena`;
* ``winner`` (``k``): the side that won the game in this hand.

**Information states.** :meth:`Observer.information_state_string` is what the vector
summarises, in full: the seat's cards as dealt, the public history, its own discards
and the cards it drew (OpenSpiel's perfect-recall information state).

>>> import mus
>>> observer = Observer(mus.Rules())
>>> observer.observation_size, observer.layout["pending"]
(192, (40, 40))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from mus.actions import Declare, Discard, MusVisto, Servido, Signal
from mus.ai.checks import RulesBound
from mus.batch.observe import blocks as blocks
from mus.batch.observe import layout
from mus.cards import ALL_CARDS
from mus.lances import Lance
from mus.reducer import apply
from mus.rules import Rules
from mus.scoring import Outcome
from mus.senas import Sena
from mus.state import HandState, Log, Phase
from mus.table import HiddenDiscard, SeatView

__all__ = ["Observer", "Summary"]

Vector = npt.NDArray[np.float32]

_PHASES = tuple(Phase)
_OUTCOMES = tuple(Outcome)
_SENAS = tuple(Sena)
_MAX_STEPS = 10
_CACHE_SIZE = 20_000
# Card.index by Card.order (a plain int attribute, cheaper to read than the property).
_CARD_INDEX = tuple(
    next((card.index for card in ALL_CARDS if card.order == order), -1)
    for order in range(max(card.order for card in ALL_CARDS) + 1)
)
_PENDING = 40  # the offset of "pending", right after "hand"


Summary = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], int, tuple[tuple[int, int], ...]]
"""The history's parts of an observation (:meth:`Observer.summary_of`), by absolute
seat: the declarations' ``(offset, seat)`` marks, each seat's latest discard as
``(seat, number of cards)``, how many discards were made, and the señas as ``(seat,
seña index)``. A plain tuple: one is built per new history entry."""
_EMPTY: Summary = ((), (), 0, ())
_NOTED = frozenset((Declare, Discard, Signal))
_SEEN = frozenset((Declare, Discard, HiddenDiscard, Signal))  # the same, in a seat's view
_MOVING = frozenset((Discard, Servido, MusVisto))
_OFFSETS = ("to_act", "lance", "stake", "bettor", "in_lance", "folded", "accepted", "scores", "discarded")
_BETTING = Phase.BETTING
# A results tuple's entries: (results, per side: (ones, (offset, value) pairs)).
_Results = tuple[object, tuple[tuple[tuple[int, ...], tuple[tuple[int, float], ...]], ...]]


class Observer(RulesBound):
    """What each seat sees of the hands of one rule set (see the module): the
    observation half of an :class:`~mus.ai.encoding.Encoding`, which is what the
    adapters build (:func:`~mus.ai.encoding.encoding_for` shares them).

    >>> import mus
    >>> observer = Observer(mus.Rules.preset("heads-up"))
    >>> observer.observation(mus.new_hand(observer.rules, seed=1), 0).shape
    (168,)
    """

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__(rules)
        rules = self.rules
        self.layout: dict[str, tuple[int, int]] = layout(rules)
        """Each part of the observation: ``name -> (offset, size)``."""
        self.observation_size: int = sum(size for _, size in self.layout.values())
        """How many entries an observation has."""
        # Tables that make observation() a handful of lookups per part.
        n, k = rules.seats, rules.teams
        lay = self.layout
        team_of = rules.team_of
        # relative[seat][other]: where ``other`` sits as ``seat`` sees the table.
        self._relative = tuple(tuple((other - seat) % n for other in range(n)) for seat in range(n))
        # The sides as a seat of each side sees them (the results are the same for all),
        # and as each seat sees them.
        self._team_sides = tuple(tuple((side - team) % k for side in range(k)) for team in range(k))
        self._sides = tuple(self._team_sides[team_of[seat]] for seat in range(n))
        # Keyed by identity: hashing a plain Enum member runs Python code.
        self._phase_at = {id(phase): lay["phase"][0] + index for index, phase in enumerate(_PHASES)}
        self._outcome_at = {id(outcome): index for index, outcome in enumerate(_OUTCOMES)}
        self._declared_at = {
            (Lance.PARES, True): lay["pares_yes"][0], (Lance.PARES, False): lay["pares_no"][0],
            (Lance.JUEGO, True): lay["juego_yes"][0], (Lance.JUEGO, False): lay["juego_no"][0],
        }  # fmt: skip
        self._sena_at = {sena: index for index, sena in enumerate(_SENAS)}
        self._at = {name: start for name, (start, _) in lay.items()}
        self._offsets = (*(self._at[name] for name in _OFFSETS), self.observation_size, rules.target)
        # Per seat and mano: its side's seats and the mano, as the seat sees them.
        at_own, at_mano = self._at["own_side"], self._at["mano"]
        own_side = [
            [at_own + self._relative[seat][other] for other in range(n) if team_of[other] == team_of[seat]]
            for seat in range(n)
        ]
        self._seated = tuple(
            tuple((*own_side[seat], at_mano + self._relative[seat][mano]) for mano in range(n)) for seat in range(n)
        )
        self._zeros = (0,) * k
        self._seats = n
        self._team_of = rules.team_of
        self._at_winner = self._at["winner"]
        # Caches keyed by identity, whose entries keep their key alive.
        self._cards: dict[int, tuple[object, tuple[int, ...]]] = {}
        self._results: dict[int, _Results] = {}
        self._result_width = len(_OUTCOMES) + 1 + k
        # The history's summary is shared by many states: cached by the identity of the
        # link it was built for, which the cache keeps alive.
        self._summaries: dict[int, tuple[object, Summary]] = {}
        self._last: tuple[object, Summary] = (None, _EMPTY)
        # Information state strings by (link, seat): a child's string is its parent's
        # and a few words more, unless a card moved.
        self._strings: dict[tuple[int, int], tuple[object, str]] = {}

    def observation(self, state: HandState, seat: int) -> Vector:
        """What ``seat`` sees of ``state``, as the vector :mod:`mus.ai.observations`
        describes.

        It never shows another seat's cards: only the seat's own hand and discards, and
        the public course of the hand.

        >>> import mus
        >>> observer = Observer()
        >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
        >>> vector = observer.observation(state, 1)
        >>> start, size = observer.layout["hand"]
        >>> sorted(str(mus.ALL_CARDS[i]) for i in vector[start : start + size].nonzero()[0])
        ['4e', '5b', 'Cc', 'Co']
        >>> start, size = observer.layout["to_act"]
        >>> vector[start : start + size].tolist()  # seat 0 is the one before seat 1
        [0.0, 0.0, 0.0, 1.0]
        """
        # One cheap test for the usual call, the full check and its error otherwise.
        if (
            type(seat) is not int
            or not 0 <= seat < self._seats
            or type(state) is not HandState
            or state.deal.rules is not self._known
        ):
            seat = self.check_seat(state, seat)
        table = state.cards  # hands and pending discards, without the properties' calls
        queue = state.queue
        link = state.log  # the history's chain: read here without building the tuple
        summary = None
        if link is not None:
            # Play goes forward: most calls ask for the last link seen or the one after
            # it (an action that changes nothing the summary holds).
            last_link, summary = self._last
            if link is not last_link:
                if link[0] is last_link and type(link[2]) not in _NOTED:
                    self._last = (link, summary)
                else:
                    summary = self._summary(link)
        return self._vector(
            seat,
            state.mano,
            state.phase,
            table.hands[seat],
            table.pending[seat],
            queue[0] if queue else None,
            state.betting,
            state.scores,
            state.results,
            state.winner,
            summary,
        )

    def view_observation(self, view: SeatView) -> Vector:
        """What the seat of ``view`` (:meth:`HandState.view <mus.HandState.view>`) sees:
        the vector :meth:`observation` gives for the state and that seat, from the view
        alone. What a policy playing as a bot reads (:class:`mus.ai.players.PolicyBot`).

        >>> import mus
        >>> observer = Observer()
        >>> state = mus.apply(mus.new_hand(seed=5), "no-mus")
        >>> observer.view_observation(state.view(2)).tolist() == observer.observation(state, 2).tolist()
        True
        >>> observer.view_observation(state)
        Traceback (most recent call last):
        ...
        mus.errors.MusError: a seat's view (state.view(seat)) is wanted, got a HandState
        """
        view = self.check_view(view)
        summary = _EMPTY
        for who, action in view.history:
            if type(action) in _SEEN:
                summary = self._noted(summary, who, action)
        return self._vector(
            view.seat,
            view.mano,
            view.phase,
            view.hand,
            view.pending,
            view.to_act,
            view.betting,
            view.scores,
            view.results,
            view.winner,
            summary,
        )

    def _vector(
        self,
        seat: int,
        mano: int,
        phase: Phase,
        hand: Any,
        pending: tuple[Any, ...],
        to_act: int | None,
        betting: Any,
        scores: tuple[int, ...],
        results: tuple[Any, ...],
        winner: int | None,
        summary: Summary | None,
    ) -> Vector:
        """The vector of what ``seat`` sees, from the fields a state or a view shares
        (``summary``: the history's part, ``None`` for none)."""
        (at_to_act, at_lance, at_stake, at_bettor, at_in_lance, at_folded, at_accepted, at_scores,
         at_discarded, size, target) = self._offsets  # fmt: skip
        vector = np.zeros(size, np.float32)
        relative = self._relative[seat]
        cards = self._cards.get(id(hand))
        if cards is None or cards[0] is not hand:
            cards = self._card_ones(hand)
        ones = [*cards[1], *self._seated[seat][mano], self._phase_at[id(phase)]]
        if pending:
            ones += [_PENDING + _CARD_INDEX[card.order] for card in pending]
        if to_act is not None:
            ones.append(at_to_act + relative[to_act])
        if betting is not None:
            lance, seats, stake, previous, bets, bettor, ordago, folded, accepted = betting
            ones.append(at_lance + lance)
            if bets:
                # stake, previous, bets and ordago are consecutive in the layout
                vector[at_stake] = (stake if stake < target else target) / target
                vector[at_stake + 1] = (previous if previous < target else target) / target
                vector[at_stake + 2] = (bets if bets < _MAX_STEPS else _MAX_STEPS) / _MAX_STEPS
                vector[at_stake + 3] = ordago
                if bettor is not None:
                    ones.append(at_bettor + relative[bettor])
            if phase is _BETTING:
                ones += [at_in_lance + relative[other] for other in seats]
            if folded:
                ones += [at_folded + relative[other] for other in folded]
            if accepted:
                ones += [at_accepted + relative[other] for other in accepted]
        if scores != self._zeros:
            sides = self._sides[seat]
            for side, score in enumerate(scores):
                if score:
                    vector[at_scores + sides[side]] = (score if score < target else target) / target
        if results:
            known = self._results.get(id(results))
            if known is None or known[0] is not results:
                known = self._results_of(results)
            result_ones, values = known[1][self._team_of[seat]]
            ones += result_ones
            for index, value in values:
                vector[index] = value
        if winner is not None:
            ones.append(self._at_winner + self._sides[seat][winner])
        if summary is not None:
            marks, discarded, discards, signals = summary
            if marks:
                ones += [offset + relative[who] for offset, who in marks]
            if discarded:
                for who, count in discarded:
                    vector[at_discarded + relative[who]] = count / 4
                # "exchanges" follows "discarded"
                vector[at_discarded + len(relative)] = min(discards // len(relative), 5) / 5
            if signals:
                team_of = self.rules.team_of
                ones += [self._at["signals"] + relative[who] * len(_SENAS) + sena for who, sena in signals
                         if who != seat and team_of[who] == team_of[seat]]  # fmt: skip
        vector.put(ones, 1.0)
        return vector

    def _card_ones(self, hand: Any) -> tuple[object, tuple[int, ...]]:
        """The "hand" entries of ``hand``, cached by its identity (a hand is kept by many
        states)."""
        entry = (hand, tuple(_CARD_INDEX[card.order] for card in hand.cards))
        if len(self._cards) > _CACHE_SIZE:
            self._cards.clear()
        self._cards[id(hand)] = entry
        return entry

    def _results_of(self, results: tuple[Any, ...]) -> _Results:
        """The "results" entries for a seat of each side (ones, then ``(offset, value)``
        pairs), cached by the identity of ``results``: a hand's states share each of its
        few results tuples."""
        width, target, at_results = self._result_width, self.rules.target, self._at["results"]
        by_team = []
        for sides in self._team_sides:
            ones: list[int] = []
            values: list[tuple[int, float]] = []
            for result in results:
                base = at_results + result.lance * width
                ones.append(base + self._outcome_at[id(result.outcome)])
                if result.stake:
                    values.append((base + len(_OUTCOMES), min(result.stake, target) / target))
                if result.team is not None:
                    ones.append(base + len(_OUTCOMES) + 1 + sides[result.team])
            by_team.append((tuple(ones), tuple(values)))
        entry = (results, tuple(by_team))
        if len(self._results) > _CACHE_SIZE:
            self._results.clear()
        self._results[id(results)] = entry
        return entry

    def _summary(self, link: Any) -> Summary:
        """What the history says that the state's other fields do not (declarations,
        discards, señas), built on the summary of the newest link already seen; kept as
        the last summary seen."""
        summary = self.summary_of(link)
        self._last = (link, summary)
        return summary

    def summary_of(self, link: Log) -> Summary:
        """What the history ending at ``link`` (a state's :attr:`~mus.HandState.log`)
        says that the state's other fields do not: declarations, discards and señas, built
        on the summary of the newest link already seen (cached). Unchecked: the
        :class:`~mus.ai.tracking.ObservationTracker`'s path.

        >>> import mus
        >>> state = mus.new_hand(seed=1)
        >>> for action in ("mus", "mus", "mus", "mus", "discard Co"):
        ...     state = mus.apply(state, action)
        >>> Observer().summary_of(state.log)
        ((), ((0, 1),), 1, ())
        """
        if link is None:
            return _EMPTY
        summaries = self._summaries
        hit = summaries.get(id(link))
        if hit is not None and hit[0] is link:
            return hit[1]
        # The usual step: one new action that changes nothing here, after a known link.
        previous = link[0]
        if previous is not None and type(link[2]) not in _NOTED:
            hit = summaries.get(id(previous))
            if hit is not None and hit[0] is previous:
                if len(summaries) > _CACHE_SIZE:
                    summaries.clear()
                summaries[id(link)] = (link, hit[1])
                return hit[1]
        walked: list[Any] = []  # the links; their actions told apart by type(), unnarrowed
        found = _EMPTY
        while link is not None:
            hit = summaries.get(id(link))
            if hit is not None and hit[0] is link:
                found = hit[1]
                break
            walked.append(link)
            link = link[0]
        if not walked:
            return found
        summary = found
        for _, who, action in reversed(walked):
            if type(action) in _NOTED:
                summary = self._noted(summary, who, action)
        if len(summaries) > _CACHE_SIZE:
            summaries.clear()
        summaries[id(walked[0])] = (walked[0], summary)
        return summary

    def _noted(self, summary: Summary, who: int, action: Any) -> Summary:
        """``summary`` after ``who`` took ``action``: a declaration, a discard (its cards,
        or another seat's as a view shows it, their number) or a seña."""
        marks, discarded, discards, signals = summary
        kind = type(action)
        if kind is Declare:
            marks += ((self._declared_at[action.lance, action.has], who),)
        elif kind is Discard or kind is HiddenDiscard:
            count = len(action.cards) if kind is Discard else action.count
            discarded = (*(entry for entry in discarded if entry[0] != who), (who, count))
            discards += 1
        else:
            signals += ((who, self._sena_at[action.sena]),)
        return marks, discarded, discards, signals

    def information_state_string(self, state: HandState, seat: int) -> str:
        """Everything ``seat`` knows, as text: its cards as dealt, the public history,
        its own discards and the cards it drew; two states give the same string when
        the seat cannot tell them apart (OpenSpiel's perfect-recall information state).

        >>> import mus
        >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"], seed=1)
        >>> for action in ["mus"] * 4 + ["discard 7e 1b", "discard Co", "discard 1c", "discard 1o"]:
        ...     state = mus.apply(state, action)
        >>> print(Observer().information_state_string(state, 0))
        seat 0 of 4, mano 0, scores 0-0, dealt Ro Rc 7e 1b
        0 mus; 1 mus; 2 mus; 3 mus; 0 discard 7e 1b; 1 discard 1 card; 2 discard 1 card; 3 discard 1 card
        0 draws 7c 5c
        """
        seat = self.check_seat(state, seat)
        strings = self._strings
        added: list[Any] = []
        link = state.log
        # Back to a string already built, over actions that move no card (search asks
        # for the strings of a state's children, one action apart).
        while link is not None and len(added) < 16 and type(link[2]) not in _MOVING:
            hit = strings.get((id(link), seat))
            if hit is not None and hit[0] is link:
                text = hit[1]
                team_of = self.rules.team_of
                for _, who, action in reversed(added):
                    if type(action) is Signal and team_of[who] != team_of[seat]:
                        continue
                    text += f"; {who} {action}" if "\n" in text else f"\n{who} {action}"
                break
            added.append(link)
            link = link[0]
        else:
            text = self._information_state(state, seat)
        if len(strings) > _CACHE_SIZE:
            strings.clear()
        if state.log is not None:
            strings[id(state.log), seat] = (state.log, text)
        return text

    def _information_state(self, state: HandState, seat: int) -> str:
        """:meth:`information_state_string`, built from the deal."""
        rules = self.rules
        team_of = rules.team_of
        start = state.initial()
        lines = [
            f"seat {seat} of {rules.seats}, mano {start.mano}, scores {'-'.join(map(str, start.scores))},"
            f" dealt {start.hands[seat]}"
        ]
        words: list[str] = []
        current = start
        history = state.history
        # Only an exchange or a mus visto changes a hand: the replay stops at the last.
        moving = max((index for index, (_, action) in enumerate(history) if type(action) in _MOVING), default=-1)
        for index, (who, action) in enumerate(history):
            kind = type(action)
            if kind is Discard and who != seat:
                count = len(action.cards)  # type: ignore[union-attr]
                words.append(f"{who} discard {count} card{'' if count == 1 else 's'}")
            elif kind is not Signal or team_of[who] == team_of[seat]:
                words.append(f"{who} {action}")
            if index > moving or (type(action) is Declare and rules.declarations == "derived"):
                continue  # nothing to replay: no card moves, or the engine adds it itself
            before = current.hands[seat]
            current = apply(current, action, who)
            if current.hands[seat] is not before and current.hands[seat] != before:
                lines.append("; ".join(words))
                drawn = [card for card in current.hands[seat].cards if card not in before.cards]
                words = [f"{seat} draws {' '.join(map(str, drawn))}"]
        if words:
            lines.append("; ".join(words))
        return "\n".join(lines)
