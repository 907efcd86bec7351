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

``"ranks"`` deals as ``"hands"`` does, but by *rank multiset*: an outcome is the ranks
of the cards dealt (:func:`multiset_id`, at most 715 outcomes a node, against 91,390
sets of cards), with its probability (the number of sets of cards of those ranks left,
over the number of sets), and the seat gets the cards of those ranks that come first
in the deck's order. Suits never matter in Mus, so the game is the same, and much
smaller for methods that enumerate chance; the suits a seat is given then tell where
the other cards are, so the adapter's information states show ranks only
(:class:`~mus.ai.openspiel.MusGame`).

Cards that no hand holds yet have no order: chance draws them when a hand takes them,
and the :class:`~mus.Deal` the engine replays is rebuilt around what it drew (the stock's
order below the cards drawn, and :attr:`Deal.restocks <mus.Deal.restocks>` for the
reshuffles). Every chance outcome is uniform over what is left (by sets of ranks, each
weighted by its sets of cards), so a hand dealt this way is distributed as a shuffled
deck deals it.

>>> import mus
>>> dealing = Dealing.initial(mus.Rules(), "cards")
>>> len(dealing.outcomes()), dealing.outcomes()[0]
(4, (0, 0.25))
"""

from __future__ import annotations

import math
from itertools import combinations, combinations_with_replacement
from operator import attrgetter
from typing import Any

from mus.actions import Action
from mus.cards import ALL_CARDS, Card, Rank
from mus.checks import quoted
from mus.determinize import exchange
from mus.errors import IllegalActionError, MusError
from mus.hand import Hand
from mus.reducer import apply, derived
from mus.rules import Rules
from mus.state import Deal, HandState, first_state

__all__ = [
    "DEALS",
    "MAX_OUTCOMES",
    "Dealing",
    "chance_ids",
    "multiset_id",
    "multiset_of",
    "subset_id",
    "subset_of",
]

_INDEX = attrgetter("index")
_TEXT = {card: str(card) for card in ALL_CARDS}
_RANKS = tuple(Rank)
_RANK_AT = {rank: index for index, rank in enumerate(_RANKS)}

DEALS = ("sampled", "cards", "hands", "ranks")
"""The ways a hand is dealt: sampled from a seed (no chance node), card by card, hand
by hand, or hand by hand by rank multiset."""

_SETS = tuple(math.comb(len(ALL_CARDS), size) for size in range(len(ALL_CARDS) + 1))
"""By size, how many sets of that many cards there are."""

MAX_OUTCOMES = {
    "sampled": 0,
    "cards": len(ALL_CARDS),
    "hands": math.comb(len(ALL_CARDS), 4),
    "ranks": math.comb(len(Rank) + 3, 4),
}
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


def multiset_id(ranks: list[Rank] | tuple[Rank, ...]) -> int:
    """The colex rank of a multiset of ranks, read as the set of ``r_i + i`` over its
    rank indices ``r_i`` (0 for the as to 9 for the rey) in ascending order: the
    multisets of ``k`` ranks take the ids ``0`` to ``comb(9 + k, k) - 1`` (714 for a
    hand's four).

    >>> multiset_id([Rank.AS] * 4), multiset_id([Rank.REY] * 4), multiset_id([Rank.DOS])
    (0, 714, 1)
    """
    return subset_id([_RANK_AT[rank] + place for place, rank in enumerate(sorted(ranks))])


def multiset_of(action_id: int, size: int) -> list[Rank]:
    """The multiset of ``size`` ranks whose :func:`multiset_id` is ``action_id``,
    ascending.

    >>> [str(rank) for rank in multiset_of(multiset_id([Rank.REY, Rank.AS, Rank.REY]), 3)]
    ['1', 'R', 'R']
    >>> multiset_of(715, 4)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: no multiset of 4 ranks has the id 715: ids are 0 to 714
    """
    most = math.comb(len(_RANKS) + size - 1, size)
    if type(action_id) is not int or not 0 <= action_id < most:
        raise MusError(f"no multiset of {size} ranks has the id {quoted(action_id)}: ids are 0 to {most - 1}")
    return [_RANKS[index - place] for place, index in enumerate(subset_of(action_id, size))]


def _by_ranks(left: list[Card], need: int) -> dict[int, tuple[tuple[Card, ...], float]]:
    """Each multiset of ``need`` ranks that ``left`` can deal, by :func:`multiset_id`:
    the cards of those ranks that come first in ``left``, and its probability."""
    by_rank: dict[Rank, list[Card]] = {}
    for card in left:
        by_rank.setdefault(card.rank, []).append(card)
    sets = math.comb(len(left), need)
    found = {}
    for chosen in combinations_with_replacement(sorted(by_rank), need):
        counts = {rank: chosen.count(rank) for rank in set(chosen)}
        if any(count > len(by_rank[rank]) for rank, count in counts.items()):
            continue
        ways = math.prod(math.comb(len(by_rank[rank]), count) for rank, count in counts.items())
        cards = tuple(card for rank, count in sorted(counts.items()) for card in by_rank[rank][:count])
        found[multiset_id(chosen)] = (cards, ways / sets)
    return found


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
        # The current node's outcomes and the cards of each, built once: OpenSpiel asks
        # for them, and for every outcome's text, several times a node.
        self._node: tuple[tuple[int, int], list[tuple[int, float]], dict[int, tuple[Card, ...]]] | None = None

    @classmethod
    def initial(cls, rules: Rules, way: str) -> Dealing:
        """The chance nodes of a hand's deal (the mano first, then the cards)."""
        dealing = cls(way, [], {0: list(rules.deck)})
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

    def __getstate__(self) -> dict[str, Any]:
        # Pickled without the node's cache (up to 91,390 outcomes): built again on use.
        return {**self.__dict__, "_node": None}

    def copy(self) -> Dealing:
        """An independent copy (a state's clone copies its dealing)."""
        other = Dealing(self.way, self.groups[:], {pool: cards[:] for pool, cards in self.pools.items()})
        other.dealt = [cards[:] for cards in self.dealt]
        other.at, other.mano, other.seats, other.exchange = self.at, self.mano, self.seats, self.exchange
        other._node = self._node  # never changed in place: shared
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
        return self._outcomes()[0][:]

    def _outcomes(self) -> tuple[list[tuple[int, float]], dict[int, tuple[Card, ...]]]:
        """The node's outcomes, and the cards each deals (built once a node)."""
        key = (self.at, len(self.dealt[self.at]))
        node = self._node
        if node is not None and node[0] == key:
            return node[1], node[2]
        _, count, pool = self._group()
        left = sorted(self.pools[pool], key=_INDEX)
        need = count - len(self.dealt[self.at])
        if self.way == "ranks":
            found = _by_ranks(left, need)
            cards = {outcome: chosen for outcome, (chosen, _) in found.items()}
            outcomes = sorted((outcome, share) for outcome, (_, share) in found.items())
        else:
            if self.way == "cards":
                cards = {card.index: (card,) for card in left}
            else:
                cards = {subset_id([card.index for card in chosen]): chosen for chosen in combinations(left, need)}
            share = 1 / len(cards)
            outcomes = sorted((outcome, share) for outcome in cards)
        self._node = (key, outcomes, cards)
        return outcomes, cards

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
        need = count - len(self.dealt[self.at]) if self.way != "cards" else 1
        cards = self._outcomes()[1].get(outcome)
        if self.way == "ranks":
            most = math.comb(len(_RANKS) + need - 1, need)
            if not 0 <= outcome < most:
                raise IllegalActionError(f"no chance outcome {quoted(outcome)} deals cards here")
            ranks = sorted(multiset_of(outcome, need), reverse=True)
            return f"deal {' '.join(map(str, ranks))} to seat {seat}"
        if cards is None:
            cards = self._cards(outcome, need)
        if not cards:
            raise IllegalActionError(f"no chance outcome {quoted(outcome)} deals cards here")
        return f"deal {' '.join(map(_TEXT.__getitem__, cards))} to seat {seat}"

    def _cards(self, outcome: int, need: int) -> tuple[Card, ...]:
        """The cards of ``outcome`` when ``need`` cards are dealt (none: no such outcome)."""
        if self.way == "cards":
            return (ALL_CARDS[outcome],) if 0 <= outcome < len(ALL_CARDS) else ()
        return tuple(ALL_CARDS[index] for index in subset_of(outcome, need)) if 0 <= outcome < _SETS[need] else ()

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
        left = self.pools[pool]
        cards = self._outcomes()[1].get(outcome)
        if cards is None:
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
        ids += _ids(sorted(card.index for card in state.hands[seat].cards), way)
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
                ids += _ids(indices, way)
        state = after
    return ids


def _ids(indices: list[int], way: str) -> list[int]:
    """The outcomes that deal the cards of ``indices`` to a seat (at a deal, or from
    one stock at an exchange), card by card in their order."""
    if way == "cards":
        return list(indices)
    if way == "ranks":
        return [multiset_id([ALL_CARDS[index].rank for index in indices])]
    return [subset_id(indices)]
