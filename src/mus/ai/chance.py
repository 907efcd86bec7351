"""The deal as chance nodes, as OpenSpiel's card games deal: what chance decides in a hand.

Under ``MusGame(deal="cards")`` or ``deal="hands"`` (the OpenSpiel parameter ``deal``)
a hand starts at a chance node and chance deals every card that reaches a hand:

* the mano: one node, outcome ``k`` for seat ``k``;
* the deal, seat by seat from the mano: ``"cards"`` deals card by card (outcome: the
  card's :attr:`~mus.cards.Card.index`, 0 to 39, each card left alike), ``"hands"``
  four cards at a time (outcome: the *colex* rank of the set of four card indices,
  :func:`subset_id`, each set of cards left alike);
* each exchange of the mus, once its last discard (or servido) is made: the cards each
  seat draws, in the order the dealer serves (rules section 4), from the stock on the
  table; when it runs short, from the discards reshuffled into a new stock (all of
  them, or all but the last seat's own). ``"hands"`` deals a seat's cards from one
  stock at once (a seat whose draw straddles a reshuffle: first what is left of the
  old stock, a node with one outcome, then the rest from the new one).

Cards that no hand holds yet have no order: chance draws them when a hand takes them,
and the :class:`~mus.Deal` the engine replays is rebuilt around what it drew (the stock's
order below the cards drawn, and :attr:`Deal.restocks <mus.Deal.restocks>` for the
reshuffles). Every chance outcome is uniform over what is left, so a hand dealt this
way is distributed as a shuffled deck deals it.

>>> import mus
>>> dealing = Dealing.initial(mus.Rules(), "cards")
>>> len(dealing.outcomes()), dealing.outcomes()[0]
(4, (0, 0.25))
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Any

from mus.actions import Action
from mus.cards import ALL_CARDS, Card
from mus.checks import quoted
from mus.determinize import exchange
from mus.errors import IllegalActionError, MusError
from mus.hand import Hand
from mus.reducer import apply, derived
from mus.rules import Rules
from mus.state import Deal, HandState, first_state

__all__ = ["DEALS", "MAX_OUTCOMES", "Dealing", "chance_ids", "subset_id", "subset_of"]

DEALS = ("sampled", "cards", "hands")
"""The ways a hand is dealt: sampled from a seed (no chance node), card by card, or
hand by hand."""

_SETS = tuple(math.comb(len(ALL_CARDS), size) for size in range(len(ALL_CARDS) + 1))
"""By size, how many sets of that many cards there are."""

MAX_OUTCOMES = {"sampled": 0, "cards": len(ALL_CARDS), "hands": math.comb(len(ALL_CARDS), 4)}
"""The most outcomes of one chance node, by way of dealing (OpenSpiel's
``max_chance_outcomes``)."""


def subset_id(indices: list[int] | tuple[int, ...]) -> int:
    """The colex rank of a set of card indices: ``sum(comb(c_i, i + 1))`` over the
    indices in ascending order; the sets of ``k`` cards take the ids ``0`` to
    ``comb(40, k) - 1``.

    >>> subset_id([0, 1, 2, 3]), subset_id([36, 37, 38, 39]), subset_id([5])
    (0, 91389, 5)
    """
    return sum(math.comb(index, rank + 1) for rank, index in enumerate(sorted(indices)))


def subset_of(action_id: int, size: int) -> list[int]:
    """The set of ``size`` card indices whose :func:`subset_id` is ``action_id``.

    >>> subset_of(91389, 4), subset_of(subset_id([2, 9, 30]), 3)
    ([36, 37, 38, 39], [2, 9, 30])
    >>> subset_of(91390, 4)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: no set of 4 cards has the id 91390: ids are 0 to 91389
    """
    # The bound first: the walk below takes about id ** (1 / size) steps, forever on a huge id.
    if type(action_id) is not int or not 0 <= action_id < _SETS[size]:
        raise MusError(f"no set of {size} cards has the id {quoted(action_id)}: ids are 0 to {_SETS[size] - 1}")
    indices = []
    for rank in range(size, 0, -1):
        index = rank - 1
        while math.comb(index + 1, rank) <= action_id:
            index += 1
        indices.append(index)
        action_id -= math.comb(index, rank)
    return sorted(indices)


class Dealing:
    """The chance nodes still to come before a seat acts: the mano (``mano`` is
    ``None`` until dealt), then groups of ``(seat, count, pool)``: ``count`` cards for
    ``seat`` from ``pool`` (0: the deck at the deal; else the number of a stock, as in
    :class:`~mus.determinize.Exchange`), dealt card by card or ``count`` at once.

    ``pools`` holds each pool's cards left to deal; ``dealt`` the cards dealt so far,
    group by group.
    """

    def __init__(self, way: str, groups: list[tuple[int, int, int]], pools: dict[int, list[Card]]) -> None:
        self.way = way
        self.groups: list[tuple[int, int, int]] = groups
        self.pools = pools
        self.dealt: list[list[Card]] = [[] for _ in groups]
        self.at: int = 0
        self.mano: int | None = None
        self.seats = 0
        self.exchange: tuple[HandState, int, Action] | None = None
        """The state, seat and action whose exchange this deals (``None`` at the deal)."""

    @classmethod
    def initial(cls, rules: Rules, way: str) -> Dealing:
        """The chance nodes of a hand's deal (the mano first, then the cards)."""
        dealing = cls(way, [], {0: list(ALL_CARDS)})
        dealing.seats = rules.seats
        return dealing

    @classmethod
    def of_exchange(cls, way: str, state: HandState, seat: int, action: Action) -> Dealing:
        """The chance nodes of the exchange that ``seat``'s ``action`` makes in ``state``."""
        plan = exchange(state, seat, action)
        pools = {state.reshuffles: list(state.stock)}
        if plan.pile is not None:
            pools[state.reshuffles + 1] = list(plan.pile)
        groups: list[tuple[int, int, int]] = []
        for drawer, number, _ in plan.draws:
            if groups and groups[-1][0] == drawer and groups[-1][2] == number:
                groups[-1] = (drawer, groups[-1][1] + 1, number)
            else:
                groups.append((drawer, 1, number))
        dealing = cls(way, groups, pools)
        dealing.mano = state.mano
        dealing.exchange = (state, seat, action)
        return dealing

    def copy(self) -> Dealing:
        """An independent copy (a state's clone copies its dealing)."""
        other = Dealing(self.way, self.groups[:], {pool: cards[:] for pool, cards in self.pools.items()})
        other.dealt = [cards[:] for cards in self.dealt]
        other.at, other.mano, other.seats, other.exchange = self.at, self.mano, self.seats, self.exchange
        return other

    def cards_of(self, seat: int) -> list[Card]:
        """The cards dealt to ``seat`` so far in this dealing."""
        return [
            card for (who, _, _), cards in zip(self.groups, self.dealt, strict=True) if who == seat for card in cards
        ]

    def _group(self) -> tuple[int, int, int]:
        if self.mano is None:
            raise MusError("the mano is dealt first")
        return self.groups[self.at]

    def outcomes(self) -> list[tuple[int, float]]:
        """The chance node's ``(outcome, probability)`` pairs, ascending."""
        if self.mano is None:
            return [(seat, 1 / self.seats) for seat in range(self.seats)]
        _, count, pool = self._group()
        left = sorted(card.index for card in self.pools[pool])
        if self.way == "cards":
            return [(index, 1 / len(left)) for index in left]
        need = count - len(self.dealt[self.at])
        if need == len(left):  # what is left of a stock, taken whole
            return [(subset_id(left), 1.0)]
        sets = math.comb(len(left), need)
        return [(subset_id(chosen), 1 / sets) for chosen in combinations(left, need)]

    def outcome_name(self, outcome: int) -> str:
        """The text of an outcome of this node (one of its cards or sets of cards,
        whether dealt already or not)."""
        if type(outcome) is not int:
            raise IllegalActionError(f"a chance outcome is an int, got {quoted(outcome)}")
        if self.mano is None:
            if not 0 <= outcome < self.seats:
                raise IllegalActionError(f"no chance outcome {quoted(outcome)}: the mano is 0 to {self.seats - 1}")
            return f"mano {outcome}"
        seat, count, _ = self._group()
        cards = self._cards(outcome, count - len(self.dealt[self.at]) if self.way == "hands" else 1)
        if not cards:
            raise IllegalActionError(f"no chance outcome {quoted(outcome)} deals cards here")
        return f"deal {' '.join(map(str, cards))} to seat {seat}"

    def _cards(self, outcome: int, need: int) -> list[Card]:
        """The cards of ``outcome`` when ``need`` cards are dealt (none: no such outcome)."""
        if self.way == "cards":
            return [ALL_CARDS[outcome]] if 0 <= outcome < len(ALL_CARDS) else []
        return [ALL_CARDS[index] for index in subset_of(outcome, need)] if 0 <= outcome < _SETS[need] else []

    def deal(self, outcome: object) -> bool:
        """Apply a chance outcome; whether the dealing is done. An outcome that is not
        one of :meth:`outcomes` raises :class:`~mus.IllegalActionError`."""
        if type(outcome) is not int:
            raise IllegalActionError(f"a chance outcome is an int, got {quoted(outcome)}")
        if self.mano is None:
            if not 0 <= outcome < self.seats:
                raise IllegalActionError(f"no chance outcome {quoted(outcome)}: the mano is 0 to {self.seats - 1}")
            self.mano = outcome
            self.groups = [((outcome + step) % self.seats, 4, 0) for step in range(self.seats)]
            self.dealt = [[] for _ in self.groups]
            return False
        _, count, pool = self._group()
        need = count - len(self.dealt[self.at])
        left = self.pools[pool]
        cards = self._cards(outcome, need if self.way == "hands" else 1) if outcome < MAX_OUTCOMES[self.way] else []
        if not cards or not all(card in left for card in cards):
            raise IllegalActionError(f"chance outcome {quoted(outcome)} is not one of this node's")
        for card in cards:
            left.remove(card)
        self.dealt[self.at] += cards
        if len(self.dealt[self.at]) == count:
            self.at += 1
        return self.at == len(self.groups)

    def hand(self, rules: Rules) -> HandState:
        """The hand's first state, once the deal is done: the cards no hand holds make
        the stock, in the deck's order (chance draws them later)."""
        assert self.mano is not None
        hands: list[Hand | None] = [None] * rules.seats
        for (seat, _, _), cards in zip(self.groups, self.dealt, strict=True):
            hands[seat] = Hand.unchecked(cards)
        held = tuple(hand for hand in hands if hand is not None)
        stock = tuple(self.pools[0])
        scores = (0,) * rules.teams
        return first_state(Deal.unchecked(rules, self.mano, scores, held, stock, 0, rules.mus_corrido != "off", ()))

    def served(self) -> HandState:
        """The state after the exchange, once dealt: the deal rebuilt around the cards
        chance drew (the stock on the table, and the reshuffle's order, start with
        them), then the hand replayed on it."""
        assert self.exchange is not None
        state, seat, action = self.exchange
        deal = state.deal
        number = state.reshuffles
        drawn: dict[int, list[Card]] = {}
        for (_, _, pool), cards in zip(self.groups, self.dealt, strict=True):
            drawn.setdefault(pool, []).extend(cards)
        stocks = [deal.stock, *deal.restocks]
        if len(stocks) <= number:
            raise MusError("a hand dealt by chance gives the orders of its reshuffles (Deal.restocks)")
        table = stocks[number]
        taken = drawn.get(number, [])
        stocks[number] = (
            table[: len(table) - len(state.stock)] + tuple(taken) + tuple(c for c in state.stock if c not in taken)
        )
        if number + 1 in drawn:
            fresh = drawn[number + 1]
            stocks.append(tuple(fresh) + tuple(card for card in self.pools[number + 1]))
        rebuilt = Deal.unchecked(
            deal.rules, deal.mano, deal.scores, deal.hands, stocks[0], deal.seed, deal.corrido, tuple(stocks[1:])
        )
        replayed = first_state(rebuilt)
        rules = deal.rules
        for who, earlier in state.history:
            if not derived(earlier, rules):
                replayed = apply(replayed, earlier, who)
        return apply(replayed, action, seat)


def chance_ids(hand: HandState, way: str, encode: Any) -> list[int]:
    """The ids that deal and play ``hand`` in a game dealt by chance (``way``): the
    mano, the cards dealt, then each action (``encode(action, state)`` gives its id)
    and, after each exchange, the cards drawn.

    >>> import mus
    >>> from mus.ai.encoding import encoding_for
    >>> ids = chance_ids(mus.new_hand(seed=1, mano=2), "hands", encoding_for().encode)
    >>> ids[0], len(ids)
    (2, 5)
    """
    state = hand.initial()
    rules = state.rules
    order = rules.orders[state.mano]
    ids = [state.mano]
    for seat in order:
        indices = [card.index for card in state.hands[seat].cards]
        ids += sorted(indices) if way == "cards" else [subset_id(indices)]
    for who, action in hand.history:
        if derived(action, rules):
            continue
        ids.append(encode(action, state))
        after = apply(state, action, who)
        if after.mus_rounds != state.mus_rounds:
            plan = exchange(state, who, action)
            fresh = () if plan.pile is None else state.deal.reshuffled(plan.pile, state.reshuffles + 1)
            groups: list[tuple[tuple[int, int], list[int]]] = []
            for drawer, number, index in plan.draws:
                card = (state.stock if number == state.reshuffles else fresh)[index]
                if groups and groups[-1][0] == (drawer, number):
                    groups[-1][1].append(card.index)
                else:
                    groups.append(((drawer, number), [card.index]))
            for _, indices in groups:
                ids += indices if way == "cards" else [subset_id(indices)]
        state = after
    return ids
