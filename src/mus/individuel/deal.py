"""The deal of a hand of Mus individuel: five cards to each player who still holds
stones, one at a time from the mano (:func:`new_hand`).

>>> state = new_hand(IndividuelRules(players=2), seed=11)
>>> [len(cards) for cards in state.held], len(state.deal.stock)
([5, 5], 30)
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from mus.cards import ALL_CARDS, Card, parse_cards, seed_arg, shuffle
from mus.checks import whole
from mus.errors import MusError, quoted
from mus.individuel.rules import CARDS_DEALT, IndividuelRules
from mus.individuel.state import HandState, start
from mus.individuel.table import Deal

__all__ = ["new_hand"]

_DEFAULT = IndividuelRules()


def new_hand(
    rules: IndividuelRules | None = None,
    *,
    seed: int | str | None = None,
    cards: Sequence[str | Sequence[Card | str] | None] | None = None,
    mano: int = 0,
    stones: Sequence[int] | None = None,
) -> HandState:
    """A fresh hand: five cards to each player who still holds stones, one at a time
    from the mano, from a deck shuffled by ``seed`` (or ``cards`` given by seat; the
    rest is the stock, shuffled by ``seed``).

    ``stones`` are by seat (default: every player starts with ``rules.stones``); the
    basket holds what the players have shed, so that stones are conserved.

    >>> state = new_hand(IndividuelRules(players=3), seed=7, stones=(5, 0, 3), mano=2)
    >>> state.deal.seats, state.pot, [len(cards) for cards in state.held]
    ((2, 0), 16, [5, 0, 5])
    >>> new_hand(IndividuelRules(players=3), stones=(5, 0, 0))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a hand needs at least two players with stones, got (5, 0, 0)
    """
    rules = _DEFAULT if rules is None else rules
    if not isinstance(rules, IndividuelRules):
        raise MusError(f"rules must be an IndividuelRules, got {quoted(rules)}")
    n = rules.players
    held = _stones_arg(stones, rules)
    mano = whole(mano, "the mano", 0, n - 1)
    if held[mano] == 0:
        raise MusError(f"the mano, seat {mano}, has no stones left: it is out of the game")
    seed = secrets.randbits(63) if seed is None else seed_arg(seed)
    order = tuple(seat for seat in ((mano + i) % n for i in range(n)) if held[seat] > 0)
    if cards is None:
        deck = shuffle(ALL_CARDS, seed)
        dealt: list[list[Card]] = [[] for _ in range(n)]
        for index in range(CARDS_DEALT * len(order)):
            dealt[order[index % len(order)]].append(deck[index])
        stock = deck[CARDS_DEALT * len(order) :]
        by_seat = tuple(tuple(sorted(cards_)) for cards_ in dealt)
    else:
        by_seat, stock = _explicit(cards, order, seed, n)
    return start(Deal(rules, mano, held, n * rules.stones - sum(held), by_seat, stock, seed))


def _stones_arg(stones: Sequence[int] | None, rules: IndividuelRules) -> tuple[int, ...]:
    n = rules.players
    if stones is None:
        return (rules.stones,) * n
    if not isinstance(stones, (tuple, list)) or len(stones) != n:
        raise MusError(f"stones are {n} numbers, one per seat, got {quoted(stones)}")
    stones = tuple(whole(value, "a seat's stones") for value in stones)
    if sum(stones) > n * rules.stones:
        raise MusError(
            f"{n} players starting with {rules.stones} hold {n * rules.stones} stones in all, not {sum(stones)}"
        )
    if sum(1 for value in stones if value > 0) < 2:
        raise MusError(f"a hand needs at least two players with stones, got {tuple(stones)}")
    return tuple(stones)


def _explicit(
    cards: Sequence[str | Sequence[Card | str] | None], order: tuple[int, ...], seed: int | str, n: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    if not isinstance(cards, (tuple, list)) or len(cards) != n:
        raise MusError(
            f"cards are a list of {n} entries by seat (five cards, or none for a seat out), got {quoted(cards)}"
        )
    by_seat: list[tuple[Card, ...]] = []
    seen: set[Card] = set()
    for seat, given in enumerate(cards):
        dealt = parse_cards(given) if given else ()
        if len(dealt) != (CARDS_DEALT if seat in order else 0):
            wanted = "five cards" if seat in order else "no cards (it has no stones)"
            raise MusError(f"seat {seat} is dealt {wanted}, got {len(dealt)}")
        for card in dealt:
            if card in seen:
                raise MusError(f"card {card} is dealt twice")
            seen.add(card)
        by_seat.append(tuple(sorted(dealt)))
    # The rest in the order the seed shuffles the deck: a seeded deal given as cards
    # has the very same stock.
    return tuple(by_seat), tuple(card for card in shuffle(ALL_CARDS, seed) if card not in seen)
