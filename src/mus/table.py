"""What is on the table during a hand: the deal it starts from, where it stands, the
betting on the current lance, and what one seat may see of it.

These are the plain, frozen parts a :class:`~mus.HandState` is made of and shown as;
the state (:mod:`mus.state`) puts them together and the reducer (:mod:`mus.reducer`)
moves them on. :class:`HandStateBase` is what the hand states of both games (the
four-card game's and the Mus individuel's) have in common.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> state.phase, state.betting.lance, state.deal.mano, type(state.view(0)).__name__
(<Phase.BETTING: 'betting'>, <Lance.GRANDE: 0>, 0, 'SeatView')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import attrs

from mus.actions import Action, Declare, Discard, MusVisto, Servido, Signal
from mus.cards import Card, shuffle
from mus.checks import hand_arg, rules_arg, seat_arg, whole
from mus.errors import IllegalActionError, MusError, TextEnum, quoted
from mus.hand import Hand
from mus.ranking import Lance
from mus.rules import Rules
from mus.scoring import Count, LanceResult

__all__ = [
    "Betting",
    "Cards",
    "Deal",
    "HandStateBase",
    "HiddenDiscard",
    "Phase",
    "SeatView",
    "Table",
    "check_turn",
    "dealt_at",
    "exchange",
    "signal_problem",
    "visto_problem",
]


class Phase(TextEnum):
    """Where a hand stands.

    >>> import mus
    >>> mus.new_hand(seed=1).phase, str(Phase.BETTING)
    (<Phase.MUS: 'mus'>, 'betting')
    """

    MUS = "mus"
    """Seats say mus or no mus in speaking order."""
    DISCARD = "discard"
    """Everyone said mus: seats discard in speaking order."""
    DECLARE = "declare"
    """Seats declare whether they have pares (juego), under ``declarations="explicit"``."""
    BETTING = "betting"
    """Betting on a lance (``state.lance``)."""
    FINISHED = "finished"
    """The hand is over: counted, or the game was decided during it."""


_MOST_RESHUFFLES = 2**63
"""A bound on a reshuffle's number far past any hand's, short of the ints too long to
write in the seed's text."""


@attrs.frozen(cache_hash=True)
class Deal:
    """What a hand starts from: rules, mano, scores, the hands and the stock.

    ``scores`` has one entry per side; ``seed`` drives every reshuffle of the
    discards, so a deal replays identically (unless ``restocks`` gives their orders).

    >>> import mus
    >>> deal = mus.new_hand(seed=3, mano=2).deal
    >>> deal.mano, deal.seed, len(deal.stock), mus.start(deal) == mus.new_hand(seed=3, mano=2)
    (2, 3, 24, True)
    """

    rules: Rules
    mano: int
    scores: tuple[int, ...]
    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    seed: int | str
    corrido: bool = False
    """Mus corrido (``Rules.mus_corrido``): the seat that cuts the mus in this hand
    becomes the mano."""
    restocks: tuple[tuple[Card, ...], ...] = ()
    """The cards drawn from each new stock the discards are reshuffled into, first
    reshuffle first, where they are given rather than drawn from ``seed`` (see
    :meth:`reshuffled`): a hand read from a paper record, which writes what each seat
    drew (:mod:`mus.notation`), a hand whose cards chance deals one at a time, or a
    sample of the hidden cards (:func:`mus.determinize.determinize`). The k-th
    reshuffle puts ``restocks[k - 1]`` on top of the new stock, in its order, the other
    discards under them in the seed's order. Empty by default: the seed orders every
    reshuffle."""

    def __attrs_post_init__(self) -> None:
        # A deal built by hand (or evolved) is checked whole: a hand can start from it.
        # The engine's own deals take the unchecked path, :meth:`unchecked`.
        rules = rules_arg(self.rules)
        seat_arg(self.mano, rules, "the mano")
        scores = self.scores
        if type(scores) is not tuple or len(scores) != rules.teams:
            raise MusError(f"a deal's scores are a tuple of {rules.teams} numbers, one per side, got {quoted(scores)}")
        for score in scores:
            whole(score, "a score", 0, rules.target - 1)
        hands = self.hands
        if type(hands) is not tuple or len(hands) != rules.seats:
            raise MusError(
                f"a deal's hands are a tuple of {rules.seats} Hand values, one per seat, got {quoted(hands)}"
            )
        for hand in hands:
            hand_arg(hand, "each hand of a deal")
        stock = self.stock
        if type(stock) is not tuple or not all(type(card) is Card for card in stock):
            raise MusError(f"a deal's stock is a tuple of Card values, got {quoted(stock)}")
        cards = [card for hand in hands for card in hand.cards] + list(stock)
        if len(cards) != len(rules.deck) or set(cards) != set(rules.deck):
            raise MusError(f"a deal's hands and stock hold the {len(rules.deck)} cards of the deck, each once")
        if type(self.seed) not in (int, str):
            raise MusError(f"a deal's seed is an int or a str, got {quoted(self.seed)}")
        if type(self.corrido) is not bool:
            raise MusError(f"a deal's corrido is True or False, got {quoted(self.corrido)}")
        restocks = self.restocks
        if type(restocks) is not tuple or not all(
            type(order) is tuple and all(type(card) is Card for card in order) and len(set(order)) == len(order)
            for order in restocks
        ):
            raise MusError(f"a deal's restocks are a tuple of card orders, each card once, got {quoted(restocks)}")

    def reshuffled(self, cards: tuple[Card, ...] | list[Card], number: int) -> tuple[Card, ...]:
        """The stock that reshuffle ``number`` (1 for the hand's first) makes of
        ``cards``, the discards it takes in the order they were discarded: shuffled by
        the seed; then, where :attr:`restocks` gives that reshuffle's order, the cards
        it lists come first in its order, the others after them as the seed put them.

        >>> import mus
        >>> deal = mus.new_hand(seed=3).deal
        >>> pile = mus.parse_cards("Ro 7e 5c 1b")
        >>> deal.reshuffled(pile, 1) == shuffle(pile, "3/1")
        True
        >>> given = attrs.evolve(deal, restocks=(mus.parse_cards("7e 1b"),))
        >>> [str(card) for card in given.reshuffled(pile, 1)][:2]
        ['7e', '1b']
        """
        if type(number) is not int or not 1 <= number <= _MOST_RESHUFFLES:
            number = whole(number, "a reshuffle's number", 1, _MOST_RESHUFFLES)
        stock = shuffle(cards, f"{self.seed}/{number}")
        if number <= len(self.restocks):
            place = {card: index for index, card in enumerate(self.restocks[number - 1])}
            last = len(place)
            stock = tuple(sorted(stock, key=lambda card: place.get(card, last)))
        return stock

    @classmethod
    def unchecked(
        cls,
        rules: Rules,
        mano: int,
        scores: tuple[int, ...],
        hands: tuple[Hand, ...],
        stock: tuple[Card, ...],
        seed: int | str,
        corrido: bool = False,
        restocks: tuple[tuple[Card, ...], ...] = (),
    ) -> Deal:
        """The deal of these values, known to be right: the engine's path (a hand a
        seed or checked cards dealt), which skips ``Deal(...)``'s checks. Hand it
        nothing from outside.

        >>> import mus
        >>> deal = mus.new_hand(seed=3).deal
        >>> Deal.unchecked(*attrs.astuple(deal, recurse=False)) == deal
        True
        """
        deal = _new(cls)
        _set(deal, "rules", rules)
        _set(deal, "mano", mano)
        _set(deal, "scores", scores)
        _set(deal, "hands", hands)
        _set(deal, "stock", stock)
        _set(deal, "seed", seed)
        _set(deal, "corrido", corrido)
        _set(deal, "restocks", restocks)
        _set(deal, "_attrs_cached_hash", None)  # attrs' cache_hash slot: no hash yet
        return deal


_new = object.__new__
_set = object.__setattr__


class Betting(NamedTuple):
    """The betting on the current lance.

    ``seats`` take part (speaking order), ``stake`` stands (0 before any bet),
    ``previous`` is the stake before the last raise, ``bets`` counts the bet and its
    raises, ``bettor`` made the last one, ``folded`` are out of this lance, and
    ``accepted`` have accepted the standing bet (individual play, where every seat
    answers for itself). (A named tuple: a new one is built at every bet, and tuples
    are the cheapest record.)

    >>> import mus
    >>> state = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "bet 3")
    >>> state.betting.stake, state.betting.bets, state.betting.bettor
    (3, 1, 0)
    """

    lance: Lance
    seats: tuple[int, ...]
    stake: int = 0
    previous: int = 0
    bets: int = 0
    bettor: int | None = None
    ordago: bool = False
    folded: tuple[int, ...] = ()
    accepted: tuple[int, ...] = ()


class Cards(NamedTuple):
    """Where the cards of a hand are (:attr:`mus.HandState.cards`). One record, because
    only the mus (its exchange, a mus visto) changes it, and every other action passes
    it on as it is. (A named tuple, like :class:`Betting`: the cheapest record.)

    >>> import mus
    >>> cards = mus.apply(mus.new_hand(seed=1), "visto Ro").cards
    >>> len(cards.stock), cards.mus_rounds, cards.servido, cards.forced
    (24, 0, None, ())
    """

    hands: tuple[Hand, ...]
    """Each seat's four cards, by seat."""
    stock: tuple[Card, ...]
    """The cards left to deal at the mus, top first."""
    discards: tuple[Card, ...]
    """The cards discarded and not yet reshuffled into a new stock."""
    pending: tuple[tuple[Card, ...], ...]
    """By seat, the cards discarded in this round of the mus, not yet replaced."""
    reshuffles: int
    """How many times the discards were shuffled into a new stock."""
    servido: int | None
    """The seat a mus visto left *servido* (``Rules(mus_visto="servido")``), or ``None``."""
    mus_rounds: int
    """How many rounds of the mus (every seat's discard and new cards) were played."""
    forced: tuple[int, ...] | None
    """During the exchange a mus visto forces (``Rules(mus_visto="forced")``), the seats
    that said servido in it so far; ``None`` outside one."""


class HandStateBase:
    """What the hand states of both games share: whose turn it is, the lance under way,
    and whether the hand is over, read off the ``queue`` of seats to speak, the
    ``betting`` on the current lance and the ``phase``.

    :class:`mus.HandState` and :class:`mus.individuel.HandState <mus.individuel.state.HandState>` derive from it; each
    game keeps its own deal, betting and results, with parallel names.

    >>> import mus
    >>> from mus import individuel
    >>> hands = (mus.new_hand(seed=1), individuel.new_hand(seed=1))
    >>> [(state.to_act, state.lance, state.is_over) for state in hands]
    [(0, None, False), (0, None, False)]
    """

    __slots__ = ()

    queue: tuple[int, ...]
    phase: Phase
    betting: Any

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return self.queue[0] if self.queue else None

    @property
    def lance(self) -> Lance | None:
        """The lance being declared or bet on, or ``None`` outside the lances."""
        betting = self.betting
        return betting.lance if betting is not None else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is Phase.FINISHED


@attrs.frozen
class HiddenDiscard:
    """Another seat's discard as a seat sees it: how many cards, not which.

    >>> str(HiddenDiscard(2))
    'discard 2 cards'
    """

    count: int

    def __str__(self) -> str:
        return f"discard {self.count} card{'' if self.count == 1 else 's'}"


@attrs.frozen
class SeatView:
    """What one seat may know of a hand (see :meth:`HandState.view`).

    ``hands`` is every seat's hand once the cards are shown at the count (after an
    accepted órdago, only the hands of the seats in that lance, others ``None``), else
    ``None``; ``betting`` is the public state of the betting on the current lance;
    ``legal`` lists this seat's legal actions when it is its turn.

    >>> import mus
    >>> view = mus.new_hand(seed=1).view(0)
    >>> view.to_act, view.legal, view.hands
    (0, (Mus(), NoMus()), None)
    """

    seat: int
    rules: Rules
    mano: int
    phase: Phase
    lance: Lance | None
    to_act: int | None
    scores: tuple[int, ...]
    hand: Hand
    pending: tuple[Card, ...]
    history: tuple[tuple[int, Any], ...]
    results: tuple[LanceResult, ...]
    stock_size: int
    discards_size: int
    count: Count | None
    winner: int | None
    hands: tuple[Hand | None, ...] | None
    betting: Betting | None
    legal: tuple[Action, ...]

    @property
    def declarations(self) -> dict[Lance, tuple[bool | None, ...]]:
        """Each seat's pares and juego declarations so far (``None``: not declared)."""
        table: dict[Lance, list[bool | None]] = {}
        for who, action in self.history:
            if isinstance(action, Declare):
                table.setdefault(action.lance, [None] * self.rules.seats)[who] = action.has
        return {lance: tuple(seats) for lance, seats in table.items()}


Table = tuple[tuple[Hand, ...], tuple[Card, ...], tuple[Card, ...], int]
"""The cards an exchange changes: the hands, the stock, the discards and the number of
reshuffles so far."""


def exchange(
    deal: Deal, mano: int, table: Table, pending: Sequence[tuple[Card, ...]], dealt: list[Card] | None = None
) -> Table:
    """The cards after an exchange: each seat's ``pending`` discards replaced in speaking
    order from the stock; when it runs out, the discards are reshuffled into a new one
    (:meth:`Deal.reshuffled <mus.table.Deal.reshuffled>`), less the last seat's own when
    it is the last seat served (rules section 4). The cards dealt are added to ``dealt``
    when given. Unchecked: the engine's own cards.

    >>> import mus
    >>> state = mus.new_hand(seed=2)
    >>> table = (state.hands, state.stock, (), 0)
    >>> hands, stock, pile, reshuffles = exchange(state.deal, 0, table, [state.hands[0].cards[:1], (), (), ()])
    >>> state.hands[0], hands[0], state.stock[0], pile, reshuffles
    (Hand.parse('4e 3b 2e 1e'), Hand.parse('Sb 3b 2e 1e'), Card.parse('Sb'), (Card.parse('4e'),), 0)
    """
    held, left, discarded, reshuffles = table
    order = deal.rules.orders[mano]
    stock = list(left)
    pile = list(discarded)
    for seat in order:
        pile.extend(pending[seat])
    hands = list(held)
    served = [seat for seat in order if pending[seat]]  # a seat that said servido draws nothing
    for seat in served:
        own = pending[seat]
        drawn = stock[: len(own)]
        del stock[: len(own)]
        if len(drawn) < len(own):
            # rules section 4: the last seat served keeps its own discards out.
            kept = own if seat == served[-1] else ()
            reshuffles += 1
            stock = _restock(deal, [card for card in pile if card not in kept], reshuffles)
            pile = list(kept)
            more = len(own) - len(drawn)
            drawn += stock[:more]
            del stock[:more]
        # The engine's own cards: the trusted path skips Hand.replace's checks.
        hands[seat] = Hand.unchecked([card for card in hands[seat].cards if card not in own] + drawn)
        if dealt is not None:
            dealt += drawn
    return tuple(hands), tuple(stock), tuple(pile), reshuffles


def _restock(deal: Deal, cards: list[Card], number: int) -> list[Card]:
    """The new stock of reshuffle ``number`` (:meth:`Deal.reshuffled
    <mus.table.Deal.reshuffled>`); the cards the deal says are drawn from it must be
    among the discards reshuffled."""
    if number <= len(deal.restocks):
        missing = [card for card in deal.restocks[number - 1] if card not in cards]
        if missing:
            raise IllegalActionError(
                f"reshuffle {number}: {missing[0]} is to be drawn from the new stock, but it is not among the discards"
            )
    return list(deal.reshuffled(cards, number))


def dealt_at(deal: Deal, history: Iterable[tuple[int, Action]]) -> frozenset[Card]:
    """The cards dealt at the latest deal of the mus of a hand dealt so and played
    so far: every hand at the first deal; after an exchange, the cards it served (those
    a seat kept are not dealt again): the cards a mus visto may show (rules section 13).
    Replays the hand's exchanges.

    >>> import mus
    >>> state = mus.new_hand(seed=2)
    >>> for action in ["mus", "mus", "mus", "mus", "discard 1e", "discard 1o", "discard 2o", "discard 4c"]:
    ...     state = mus.apply(state, action)
    >>> sorted(map(str, dealt_at(state.deal, state.history)))
    ['7e', 'Rc', 'Sb', 'Se']
    """
    rules = deal.rules
    table: Table = (deal.hands, deal.stock, (), 0)
    pending: list[tuple[Card, ...]] = [()] * rules.seats
    exchanging = False
    dealt = [card for hand in deal.hands for card in hand.cards]
    for seat, action in (*history, (0, None)):
        kind = type(action)
        if kind is Discard:
            pending[seat] = action.cards  # type: ignore[union-attr]
            exchanging = True
            continue
        if kind is Servido or kind is Signal:
            exchanging = exchanging or kind is Servido
            continue
        if exchanging:
            dealt = []
            table = exchange(deal, deal.mano, table, pending, dealt)
            pending, exchanging = [()] * rules.seats, False
        if kind is MusVisto and rules.mus_visto == "new-card":
            hands, stock, pile, reshuffles = table
            seen = action.card  # type: ignore[union-attr]
            holder = next(s for s, hand in enumerate(hands) if seen in hand.cards)
            held = list(hands)
            held[holder] = Hand.unchecked([card for card in hands[holder].cards if card != seen] + [stock[0]])
            table = (tuple(held), stock[1:], (*pile, seen), reshuffles)
    return frozenset(dealt)


def visto_problem(deal: Deal, history: Iterable[tuple[int, Action]], card: Card) -> str | None:
    """Why ``card`` cannot be the card seen at the latest deal of the mus of a hand dealt
    so and played so far (rules section 13: at a later deal, only a card just dealt can
    be seen, :func:`dealt_at`), or ``None`` when it can.

    >>> import mus
    >>> state = mus.new_hand(seed=2)
    >>> for action in ["mus", "mus", "mus", "mus", "discard 1e", "discard 1o", "discard 2o", "discard 4c"]:
    ...     state = mus.apply(state, action)
    >>> visto_problem(state.deal, state.history, mus.Card.parse("7e")) is None
    True
    >>> visto_problem(state.deal, state.history, mus.Card.parse("4e"))
    'card 4e was not dealt at this deal: a seat kept it, and only the cards just dealt can be seen'
    """
    if card in dealt_at(deal, history):
        return None
    return f"card {card} was not dealt at this deal: a seat kept it, and only the cards just dealt can be seen"


def signal_problem(rules: Rules, seat: int, hand: Hand, signal: Signal, signalled: bool) -> str | None:
    """Why ``seat``, holding ``hand``, cannot make the seña ``signal`` under ``rules``
    (``signalled``: it made that seña already this hand), or ``None`` when it can (rules
    section 13). What a state's check and a seat's view both ask, unchecked.

    >>> import mus
    >>> rules = mus.Rules(senas=True)
    >>> signal_problem(rules, 0, mus.Hand.parse("Ro Rc 7e 1b"), mus.Signal("dos reyes"), False) is None
    True
    >>> signal_problem(rules, 0, mus.Hand.parse("Ro Rc 7e 1b"), mus.Signal("duples"), False)
    'seat 0 cannot signal duples: it is not true of its hand'
    """
    if not rules.senas:
        return "señas are not played under these rules (Rules(senas=True))"
    if rules.teams != 2 or rules.partners < 2:
        return "a seña is made to a partner: this table has no partners"
    if not signal.sena.holds(hand, rules):
        return f"seat {seat} cannot signal {signal.sena}: it is not true of its hand"
    if signalled:
        return f"seat {seat} already signalled {signal.sena} in this hand"
    return None


def check_turn(view: object) -> None:
    """Raise a :class:`~mus.MusError` unless it is the turn of ``view``'s seat: a
    player chooses only then (a :class:`SeatView` of either game; the players of
    :mod:`mus.bots`, :mod:`mus.advise` and :mod:`mus.individuel` ask it first).

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> check_turn(state.view(0))
    >>> check_turn(state.view(2))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: not seat 2's turn in this view: seat 0 is to act (a player chooses only on its turn)
    """
    try:
        seat, to_act = view.seat, view.to_act  # type: ignore[attr-defined]
    except Exception:  # not a view, or one whose attributes fail
        raise MusError(f"a player chooses from a seat's view, got {quoted(view)}") from None
    if to_act is None:
        raise MusError(f"the hand of this view of seat {quoted(seat)} is over: nobody is to act")
    if to_act != seat:
        raise MusError(
            f"not seat {quoted(seat)}'s turn in this view: seat {quoted(to_act)} is to act "
            "(a player chooses only on its turn)"
        )
