"""What one seat knows of the cards of a hand, as its history tells it: what its own hand
must hold, and what the other seats' hands held when it saw or heard of them.

A seat sees its own hand, and through the history its own discards, the cards seen at
a mus visto, its partners' señas and, under derived declarations, every seat's pares
and juego; at the count it sees the hands. A seat's hand changes each time it draws:
:class:`CardKnowledge` numbers those *epochs*, keeps what each seat's hand held in each
(its own hand's, checked as soon as a view shows that hand; another seat's, checked if
its hand is shown at the count unchanged since) and where the cards it knows of lie:
in the discards, or in a seat's hand. :mod:`mus.data.consistency` fills it while it
replays a history.

>>> from mus import Card, Hand, Rules
>>> knowledge = CardKnowledge(Rules(), 0)
>>> knowledge.need("the seat discarded 1b", lambda hand: Card.parse("1b") in hand, ValueError)
>>> knowledge.check_hand(Hand.parse("Ro Rc 7e 1b"), "view.hand")
>>> knowledge.check_hand(Hand.parse("Ro Rc 7e 2b"), "view.hand")
Traceback (most recent call last):
...
mus.errors.NotationError: view.hand: Ro Rc 7e 2b is not the hand the seat held and has not changed since (Ro Rc 7e 1b)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from mus.cards import Card
from mus.data.reading import fail
from mus.errors import MusError
from mus.hand import Hand
from mus.rules import Rules

__all__ = ["CardKnowledge", "Test"]

Test = Callable[[Hand], bool]
"""Something a hand satisfies (a seña's, a declaration's truth, holding a card...)."""


class CardKnowledge:
    """The cards of a hand as ``seat`` knows them (see the module's text).

    ``draws`` counts by seat the times each drew: the epoch of its hand. ``in_pile``
    are cards known to lie in the discards, in no hand; ``held`` the cards seen in a
    hand, with the holder and its epoch then. ``later`` are checks that wait for the
    hands of some seats to be shown.

    >>> from mus import Rules
    >>> knowledge = CardKnowledge(Rules(), 1)
    >>> knowledge.draws, knowledge.own_hand
    ([0, 0, 0, 0], None)
    """

    def __init__(self, rules: Rules, seat: int) -> None:
        self.rules: Rules = rules
        self.seat: int = seat
        self.draws: list[int] = [0] * rules.seats
        self.in_pile: set[Card] = set()
        self.held: dict[Card, tuple[int, int]] = {}
        self.own_hand: Hand | None = None  # the seat's hand in this epoch, once a view showed it
        self.own_needs: list[tuple[str, Test]] = []  # what that hand must satisfy
        self.facts: list[tuple[int, int, str, Test]] = []  # another seat's hand, in an epoch
        self.later: list[tuple[tuple[int, ...], str, Callable[[Sequence[Hand]], bool]]] = []

    def elsewhere(self, card: Card) -> bool:
        """Whether ``card`` is known to lie where the seat's hand is not: in the
        discards, or in another seat's hand (seen there, and not exchanged since).

        >>> from mus import Card, Rules
        >>> CardKnowledge(Rules(), 0).elsewhere(Card.parse("Ro"))
        False
        """
        if card in self.in_pile:
            return True
        holder = self.held.get(card)
        return holder is not None and holder[0] != self.seat and self.draws[holder[0]] == holder[1]

    def need(self, what: str, test: Test, error: Callable[[str], MusError]) -> None:
        """Something the seat's hand in this epoch must satisfy: checked now if a view
        showed that hand (a failure raises ``error(what)``), else when one does."""
        if self.own_hand is not None:
            if not test(self.own_hand):
                raise error(what)
        else:
            self.own_needs.append((what, test))

    def fact(self, seat: int, what: str, test: Test, error: Callable[[str], MusError]) -> None:
        """Something ``seat``'s hand satisfies now: the seat's own, a :meth:`need`;
        another's, checked if its hand is shown at the count unchanged since."""
        if seat == self.seat:
            self.need(what, test, error)
        else:
            self.facts.append((seat, self.draws[seat], what, test))

    def seen(self, seat: int, card: Card, error: Callable[[str], MusError]) -> None:
        """``card`` was seen in ``seat``'s hand (a mus visto), which keeps it."""
        self.fact(seat, f"seat {seat} was seen holding {card}", lambda hand: card in hand, error)
        if seat != self.seat:
            self.need(f"card {card} was seen in seat {seat}'s hand", lambda hand: card not in hand, error)
        self.held[card] = (seat, self.draws[seat])

    def exchanged(self, seat: int) -> None:
        """``seat``'s discards went to the discards, which a reshuffle may deal again:
        a card seen in its hand may be among them."""
        for card in [card for card, (holder, _) in self.held.items() if holder == seat]:
            del self.held[card]

    def check_hand(self, hand: Hand, where: str) -> None:
        """Check ``hand``, the seat's hand now as a view shows it, against what it
        must satisfy in this epoch; it is then known for the rest of the epoch."""
        if self.own_hand is not None and hand != self.own_hand:
            raise fail(where, f"{hand} is not the hand the seat held and has not changed since ({self.own_hand})")
        for what, test in self.own_needs:
            if not test(hand):
                raise fail(where, f"{hand}: {what}")
        self.own_needs, self.own_hand = [], hand
        deck = self.rules.deck
        outside = [card for card in hand if card not in deck]
        if outside:
            raise fail(where, f"{hand} holds {outside[0]}, which the deck of these rules has not")
        seen = [card for card in hand if self.elsewhere(card)]
        if seen:
            raise fail(where, f"{hand} holds {seen[0]}, which the history puts elsewhere")

    def drew(self, seat: int, gone: Iterable[Card], error: Callable[[str], MusError]) -> None:
        """``seat`` drew new cards for ``gone``, the cards it gave up: a new epoch. The
        seat's own new hand keeps the rest of its old one, and holds no card known to
        lie elsewhere at that moment."""
        self.draws[seat] += 1
        if seat != self.seat:
            return
        old = self.own_hand
        self.own_hand, self.own_needs = None, []
        if old is not None:
            keep = frozenset(old.cards) - frozenset(gone)
            self.need(f"the seat kept {' '.join(map(str, keep))}", lambda hand: keep <= set(hand), error)
        away = frozenset(card for card in (*self.in_pile, *self.held) if self.elsewhere(card))
        self.need("a card the seat drew lies elsewhere", lambda hand: not away & set(hand), error)

    def check_shown(self, hands: Sequence[Hand | None], own: Hand, where: str) -> None:
        """Check the hands a view shows (``None``: not shown) against what is known:
        the seat's own, no card twice, none in the discards or seen in another hand,
        what each seat's hand held unchanged since, and the checks that waited."""
        if hands[self.seat] != own:
            raise fail(f"{where}[{self.seat}]", "the seat's shown hand is not its hand")
        cards = [card for hand in hands if hand is not None for card in hand]
        if len(set(cards)) != len(cards):
            twice = next(card for card in cards if cards.count(card) > 1)
            raise fail(where, f"card {twice} is shown in two hands")
        for seat, hand in enumerate(hands):
            if hand is None:
                continue
            if any(card not in self.rules.deck for card in hand):
                raise fail(f"{where}[{seat}]", "holds a card the deck of these rules has not")
            if any(card in self.in_pile for card in hand):
                raise fail(f"{where}[{seat}]", "holds a card the history puts in the discards")
            for card, (holder, epoch) in self.held.items():
                if card in hand and holder != seat and self.draws[holder] == epoch:
                    raise fail(f"{where}[{seat}]", f"card {card} was seen in seat {holder}'s hand")
        for seat, epoch, what, test in self.facts:
            hand = hands[seat]
            if hand is not None and epoch == self.draws[seat] and not test(hand):
                raise fail(f"{where}[{seat}]", what)
        full = [own if hand is None else hand for hand in hands]
        for seats, what, check in self.later:
            if all(hands[s] is not None for s in seats) and not check(full):
                raise fail(where, what)
