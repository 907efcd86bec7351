"""Paper records: a hand as it is written down at a real table, with no seed and no
stock. The hands are written as dealt (``?`` for a hand nobody saw), the actions as
said, and each discard says what its seat drew (``0 discard Se 4c draw So 3o``).

The engine plays a hand from a :class:`~mus.table.Deal`, which needs a stock; a paper
record gives the cards drawn instead, and the deal is built from them: the stock holds
the cards drawn before the first reshuffle, in the order they were dealt (speaking
order, round after round), then the cards nobody drew (in deck order); when the stock
runs out, the discards are reshuffled into a new stock whose top is the cards drawn
from it (:attr:`Deal.restocks <mus.table.Deal.restocks>`). The record's draws are
followed card by card first, so that a card written twice (dealt twice, drawn while a
seat holds it, drawn from a stock it is not in) is refused at its line.

A hand written ``?`` is given cards nobody wrote down, that agree with what its seat
declared; the count must not need them (:func:`check_unknown`), and its seat may not
discard or signal (nothing of its cards could be checked).

:mod:`mus.notation.histories` reads and writes these records (``parse_hand``,
``read_record``, ``format_paper``); this module holds their parts.

>>> read_hands(6, "Ro Rc 7e 1b / ? / Se 6c 5o 1c / ?", 4)[:2]
[Hand.parse('Ro Rc 7e 1b'), None]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from mus.actions import Declare, Discard, MusVisto, Servido, Signal
from mus.cards import ALL_CARDS, Card, parse_cards
from mus.errors import MusError, NotationError, quoted, type_name
from mus.hand import HAND_SIZE, Hand
from mus.notation.lines import Entry
from mus.ranking import Lance
from mus.reducer import apply, derived
from mus.rules import Rules
from mus.scoring import Outcome, false_declarations, showdown, tally
from mus.state import HandState, Phase, start

__all__ = [
    "PAPER_SEED",
    "HandRecord",
    "PaperDeal",
    "check_served",
    "check_unknown",
    "draws_of",
    "paper_deal",
    "read_hands",
]

PAPER_SEED = "paper"
"""The seed of a hand read from a paper record: it only orders the cards nobody drew."""


@attrs.frozen
class HandRecord:
    """A hand as its history records it: its ``state``, and the seats whose cards the
    record does not give (``?``), for which the state holds stand-in cards that agree
    with what those seats declared; the count never needs them.

    >>> import mus
    >>> HandRecord(mus.new_hand(seed=1)).unknown
    ()
    """

    state: HandState
    unknown: tuple[int, ...] = ()


def read_hands(number: int, text: str, seats: int) -> list[Hand | None]:
    """The hands of a paper record's ``hands`` line (line ``number``): one per seat,
    ``/`` between seats, ``None`` for a hand written ``?``; a card written twice is
    refused.

    >>> read_hands(5, "Ro Rc 7e 1b / Ro 4c 5b 6e", 2)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 5: Ro is written twice in the hands
    """
    parts = text.split("/")
    if len(parts) != seats:
        raise NotationError(f"line {number}: {seats} hands separated by '/' (? for one not seen), got {len(parts)}")
    hands: list[Hand | None] = []
    seen: set[Card] = set()
    for part in parts:
        if part.strip() == "?":
            hands.append(None)
            continue
        try:
            hand = Hand.parse(part.strip())
        except MusError as error:
            raise NotationError(f"line {number}: {error}") from None
        for card in hand.cards:
            if card in seen:
                raise NotationError(f"line {number}: {card} is written twice in the hands")
            seen.add(card)
        hands.append(hand)
    return hands


@attrs.frozen
class PaperDeal:
    """What a paper record deals: the ``hands`` (stand-ins for the ``unknown`` ones),
    the ``stock`` and the ``restocks`` the engine plays the draws from, and each seat's
    cards at the end of the mus (``final``), which the replay must reach."""

    hands: tuple[Hand, ...]
    stock: tuple[Card, ...]
    restocks: tuple[tuple[Card, ...], ...]
    final: tuple[frozenset[Card], ...]
    unknown: tuple[int, ...]
    drawn: dict[int, tuple[Card, ...]] = attrs.field(factory=dict, eq=False)
    """What each entry drew, by its index (:func:`paper_deal`'s reading of the draws)."""


def paper_deal(
    rules: Rules,
    hands: Sequence[Hand | None],
    number: int,
    entries: Sequence[Entry],
    clauses: Iterable[tuple[int, str]],
) -> PaperDeal:
    """The deal of a paper record: its ``hands`` (line ``number``), its action
    ``entries`` and the ``draw`` clauses read with them (index of the entry, cards).

    >>> import mus
    >>> from mus.notation.lines import Lines
    >>> lines, clauses = Lines("0 mus\\n1 mus\\n0 discard Ro draw 3c\\n1 discard 4e draw 7b\\n1 no-mus\\n"), []
    >>> entries = lines.actions(2, draws=clauses)
    >>> deal = paper_deal(mus.Rules(seats=2), read_hands(1, "Ro Rc 7e 1b / 4e 5o 6c Cb", 2), 1, entries, clauses)
    >>> deal.stock[:2], deal.restocks
    ((Card.parse('3c'), Card.parse('7b')), ())
    """
    drawn = _draws(rules, entries, clauses)
    unknown = tuple(seat for seat, hand in enumerate(hands) if hand is None)
    written = {card for hand in hands if hand is not None for card in hand.cards}
    for index, (where, seat, action) in enumerate(entries):
        if seat in unknown and type(action) in (Discard, Signal):
            what = "discard" if type(action) is Discard else "seña"
            raise NotationError(
                f"{where}: seat {seat}'s hand is not written down ('?'), so its {what} cannot be checked: write the hand"
            )
        written.update(drawn.get(index, ()))
        if type(action) is Discard:
            written.update(action.cards)
        elif type(action) is MusVisto:
            written.add(action.card)
    if unknown and rules.declarations == "explicit":
        juego = [action.has for _, _, action in entries if type(action) is Declare and action.lance is Lance.JUEGO]
        if juego and not any(juego):
            # Punto then leaves out a seat that hid a juego (rules section 6): its cards decide.
            raise NotationError(
                f"line {number}: under explicit declarations, whether seat {unknown[0]} takes part in punto "
                "depends on its cards (a juego it did not declare), which are not written down ('?')"
            )
    dealt = list(hands)
    free = [card for card in ALL_CARDS if card not in written]
    for seat in unknown:
        stand_in = _stand_in(rules, free, _declared(entries, seat))
        if stand_in is None:
            raise NotationError(f"line {number}: no cards left unwritten agree with what seat {seat} declared")
        dealt[seat] = stand_in
        free = [card for card in free if card not in stand_in.cards]
    full = tuple(hand for hand in dealt if hand is not None)
    segments, final = _follow(full, entries, drawn)
    held = {card for hand in full for card in hand.cards}
    first = segments[0]
    stock = (*first, *(card for card in ALL_CARDS if card not in held and card not in first))
    return PaperDeal(full, stock, tuple(map(tuple, segments[1:])), final, unknown, drawn)


def _draws(rules: Rules, entries: Sequence[Entry], clauses: Iterable[tuple[int, str]]) -> dict[int, tuple[Card, ...]]:
    """The cards each entry drew, by index: every discard says them (and a mus visto
    under ``mus_visto="new-card"``), nothing else does."""
    new_card = rules.mus_visto == "new-card"
    drawn: dict[int, tuple[Card, ...]] = {}
    for index, text in clauses:
        where, _, action = entries[index]
        try:
            cards = parse_cards(text)
        except MusError as error:
            raise NotationError(f"{where}: {error}") from None
        if type(action) is Discard:
            wanted = len(action.cards)
        elif type(action) is MusVisto and new_card:
            wanted = 1
        else:
            raise NotationError(f"{where}: only a discard says what its seat drew (draw {quoted(text, 40)[1:-1]})")
        if len(cards) != wanted or len(set(cards)) != len(cards):
            twice = next((card for card in cards if cards.count(card) > 1), None)
            raise NotationError(
                f"{where}: {twice} is written twice in the draw"
                if twice is not None
                else f"{where}: {wanted} card{'' if wanted == 1 else 's'} to draw, got {len(cards)}"
            )
        drawn[index] = cards
    unserved = _unserved(entries, drawn)
    for index, (where, seat, action) in enumerate(entries):
        if index in drawn or index in unserved:
            continue
        if type(action) is Discard or (type(action) is MusVisto and new_card):
            raise NotationError(
                f"{where}: with no seed and no stock, a record says what each seat drew: '{seat} {action} draw ...'"
            )
    return drawn


def _unserved(entries: Sequence[Entry], drawn: dict[int, tuple[Card, ...]]) -> set[int]:
    """The discards of an exchange the record stops in, none of them saying what it
    drew (nothing is drawn before every seat has discarded): the entries at its end
    that are discards, servidos or señas, when no discard among them has a draw. The
    replay must then stop in that exchange (:func:`check_served`)."""
    trailing: list[int] = []
    for index in range(len(entries) - 1, -1, -1):
        if type(entries[index][2]) not in (Discard, Servido, Signal):
            break
        trailing.append(index)
    discards = {index for index in trailing if type(entries[index][2]) is Discard}
    return set() if discards & set(drawn) else discards


def _declared(entries: Sequence[Entry], seat: int) -> list[tuple[Lance, bool]]:
    return [(action.lance, action.has) for _, who, action in entries if who == seat and type(action) is Declare]


def _stand_in(rules: Rules, free: Sequence[Card], declared: list[tuple[Lance, bool]]) -> Hand | None:
    """Four of the ``free`` cards whose pares and juego are what the seat declared (the
    tables the engine reads its declarations from), or ``None``."""
    ranking = rules.ranking
    for cards in combinations(free, HAND_SIZE):
        hand = Hand(cards)
        has = {
            Lance.PARES: ranking.keys[Lance.PARES][hand.multiset] >= 1,
            Lance.JUEGO: ranking.points[hand.multiset] >= 31,
        }
        if all(has.get(lance, yes) == yes for lance, yes in declared):
            return hand
    return None


def _follow(
    hands: tuple[Hand, ...], entries: Sequence[Entry], drawn: dict[int, tuple[Card, ...]]
) -> tuple[list[list[Card]], tuple[frozenset[Card], ...]]:
    """Follow the cards through the record's discards and draws as the engine deals
    them (:func:`mus.reducer.apply`): the cards drawn from each stock in order, and the
    hands at the end. A card that cannot be where the record says is refused at its line."""
    table = _Cards(hands)
    exchange: list[tuple[str, int, tuple[Card, ...], tuple[Card, ...]]] = []
    for index, (where, seat, action) in enumerate(entries):
        kind = type(action)
        if kind is Discard:
            for card in action.cards:  # type: ignore[union-attr]
                if table.holder.get(card) != seat:
                    raise NotationError(f"{where}: seat {seat} does not hold {card}{table.whereabouts(card)}")
            if index in drawn:  # else the record stops before this exchange is served
                exchange.append((where, seat, action.cards, drawn[index]))  # type: ignore[union-attr]
            continue
        if kind is Servido or kind is Signal:
            continue
        if exchange:
            table.serve(exchange)
            exchange = []
        if kind is MusVisto and index in drawn:
            table.new_card(where, action.card, drawn[index][0])  # type: ignore[union-attr]
    if exchange:
        table.serve(exchange)
    final = [set[Card]() for _ in hands]
    for card, seat in table.holder.items():
        final[seat].add(card)
    return table.segments, tuple(map(frozenset, final))


class _Cards:
    """Where each card is while a paper record's draws are followed: in a seat's hand,
    in the stock, or among the discards not reshuffled yet."""

    def __init__(self, hands: tuple[Hand, ...]) -> None:
        self.holder = {card: seat for seat, hand in enumerate(hands) for card in hand.cards}
        self.stock = {card for card in ALL_CARDS if card not in self.holder}
        self.pile: list[Card] = []
        self.segments: list[list[Card]] = [[]]
        """The cards drawn from each stock, in order: the dealt one, then each reshuffle's."""

    def whereabouts(self, card: Card) -> str:
        if card in self.holder:
            return f" (seat {self.holder[card]} does)"
        if card in self.pile:
            return " (it is among the discards)"
        return ""

    def serve(self, exchange: list[tuple[str, int, tuple[Card, ...], tuple[Card, ...]]]) -> None:
        """Deal the draws of one exchange, in speaking order, as the engine does: the
        stock first; when it runs out, the discards (less the last seat's own, when it
        is the last seat served that runs it out) are reshuffled into a new one."""
        for _, _, cards, _ in exchange:
            self.pile.extend(cards)
            for card in cards:
                del self.holder[card]
        for turn, (where, seat, cards, new) in enumerate(exchange):
            if len(self.stock) >= len(cards):
                self.take(where, seat, new)
                continue
            left = set(self.stock)
            if not left <= set(new):
                rest = " ".join(sorted(map(str, left))) or "none"
                raise NotationError(
                    f"{where}: seat {seat} draws the last {len(left)} cards of the stock ({rest}), "
                    "then from the discards reshuffled"
                )
            self.take(where, seat, [card for card in new if card in left])
            kept = cards if turn == len(exchange) - 1 else ()
            self.stock = {card for card in self.pile if card not in kept}
            self.pile = list(kept)
            self.segments.append([])
            self.take(where, seat, [card for card in new if card not in left], after=True)

    def take(self, where: str, seat: int, cards: Sequence[Card], after: bool = False) -> None:
        for card in cards:
            if card not in self.stock:
                whereabouts = self.whereabouts(card) or " (it was drawn already)"
                stock = "the discards reshuffled" if after or len(self.segments) > 1 else "the stock"
                raise NotationError(f"{where}: seat {seat} draws {card}, which is not in {stock}{whereabouts}")
            self.stock.discard(card)
            self.segments[-1].append(card)
            self.holder[card] = seat

    def new_card(self, where: str, seen: Card, card: Card) -> None:
        """A mus visto under ``mus_visto="new-card"``: the seat of the card seen takes
        the top of the stock, and the card seen goes to the discards."""
        seat = self.holder.get(seen)
        if seat is None:
            return  # the replay says what is wrong with the card seen
        del self.holder[seen]
        self.pile.append(seen)
        self.take(where, seat, [card])


def check_served(state: HandState, deal: PaperDeal, entries: Sequence[Entry]) -> None:
    """A paper record's replay ends with the cards its draws give each seat, and not in
    the middle of an exchange whose draws it wrote down (they are dealt only once every
    seat has discarded); an exchange it wrote no draws for must be one it stops in."""
    stopped = state.phase is Phase.DISCARD and bool(state.pending) and any(state.pending)
    unserved = _unserved(entries, deal.drawn)
    if stopped and not unserved:
        where = next(where for where, _, action in reversed(entries) if type(action) is Discard)
        raise NotationError(f"{where}: the record stops before the discards are served, so its draws cannot be dealt")
    if unserved and not stopped:
        where, seat, action = entries[min(unserved)]
        raise NotationError(
            f"{where}: with no seed and no stock, a record says what each seat drew: '{seat} {action} draw ...'"
        )
    for seat, cards in enumerate(deal.final):
        if set(state.hands[seat].cards) != cards:  # the engine would not deal what the record says
            lines = [where for where, who, action in entries if who == seat and type(action) is Discard]
            at = f"{lines[-1]}: " if lines else ""
            raise NotationError(f"{at}the draws do not give seat {seat} the cards the record says")


class _Needed(Exception):
    """Raised when the count looks at the cards of a seat written ``?``."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.seat = seat


class _Unwritten:
    """Stands for a hand not written down: the count may not look at it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    @property
    def multiset(self) -> object:
        raise _Needed(self.seat)


def check_unknown(state: HandState, unknown: Sequence[int], number: int) -> None:
    """Refuse a record whose count needs the cards of a hand written ``?`` (line
    ``number``): the count is done again with hands that cannot be looked at in their
    place, lance by lance, and the first lance that looks names the seat.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ["no-mus", "bet 2", "accept"]:  # grande's bet accepted: its count needs the hands
    ...     state = mus.apply(state, action)
    >>> while not state.is_over:
    ...     state = mus.apply(state, "pass")
    >>> check_unknown(state, [2], 6)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 6: the count of grande needs seat 2's cards, which are not written down ('?')
    """
    if not unknown:
        return
    rules = state.rules
    hands: list[object] = list(state.hands)
    for seat in unknown:
        hands[seat] = _Unwritten(seat)
    _check_takers(state, hands, number)
    if state.count is None:
        return
    scores = list(state.deal.scores)
    for result in state.results:
        if result.outcome is Outcome.REFUSED and result.team is not None:
            scores[result.team] += result.stake  # taken at the fold, before the count
    results = state.results
    # An órdago is counted alone, at once (rules section 8): only its showdown looks.
    first = len(results) - 1 if results and results[-1].outcome is Outcome.ORDAGO else 0
    for last in range(first + 1, len(results) + 1):
        try:
            tally(hands, results[first:last], rules, state.mano, tuple(scores))  # type: ignore[arg-type]
        except _Needed as needed:
            raise NotationError(
                f"line {number}: the count of {results[last - 1].lance} needs seat {needed.seat}'s cards, "
                "which are not written down ('?')"
            ) from None


def _check_takers(state: HandState, hands: list[object], number: int) -> None:
    """Under explicit declarations, who takes a refused bet on pares or juego, and an
    accepted órdago on them, depends on whether the seats in the lance declared truly
    (rules section 6): refuse a record where that needs the cards of a hand written
    ``?`` (its stand-in is honest by construction, and may end a game, or not, that the
    real cards would not)."""
    rules = state.rules
    if rules.declarations != "explicit":
        return
    team_of = rules.team_of
    current = start(state.deal)
    for seat, action in state.history:
        if derived(action, rules):
            continue
        before, current = current, apply(current, action, seat)
        betting = before.betting
        if len(current.results) == len(before.results) or betting is None or betting.bettor is None:
            continue
        lance, outcome = betting.lance, current.results[len(before.results)].outcome
        if lance not in (Lance.PARES, Lance.JUEGO) or outcome not in (Outcome.REFUSED, Outcome.VOID, Outcome.ORDAGO):
            continue
        try:
            if outcome is Outcome.ORDAGO:  # every seat's honesty, then the showdown
                false_declarations(lance, hands, rules, betting.seats)  # type: ignore[arg-type]
                continue
            bettors = team_of[betting.bettor]
            # The bettors take it unless one of them lied; then the honest others' best hand.
            if false_declarations(lance, hands, rules, [s for s in betting.seats if team_of[s] == bettors]):  # type: ignore[arg-type]
                others = [s for s in betting.seats if team_of[s] != bettors]
                liars = false_declarations(lance, hands, rules, others)  # type: ignore[arg-type]
                honest = [s for s in others if s not in liars]
                if honest:
                    showdown(lance, hands, rules, state.mano, honest)  # type: ignore[arg-type]
        except _Needed as needed:
            how = "órdago" if outcome is Outcome.ORDAGO else "refused bet"
            raise NotationError(
                f"line {number}: who takes the {how} on {lance} depends on whether seat {needed.seat} declared "
                f"{lance} truly, and its cards are not written down ('?')"
            ) from None


def draws_of(state: HandState) -> dict[int, tuple[Card, ...]]:
    """The cards each discard of ``state``'s history drew (and each mus visto under
    ``mus_visto="new-card"``), by the index of its history entry, in the order the
    deck has them: what its paper record writes.

    >>> import mus
    >>> state = mus.new_hand(seed=2)
    >>> for action in ["mus", "mus", "mus", "mus", "discard 1e 2e", "discard 1o", "discard 2o", "discard 4c"]:
    ...     state = mus.apply(state, action)
    >>> draws_of(state)
    {4: (Card.parse('Sb'), Card.parse('7e')), 5: (Card.parse('Rc'),), 6: (Card.parse('Se'),), 7: (Card.parse('2c'),)}
    """
    if not isinstance(state, HandState):
        raise NotationError(f"draws_of() needs a HandState, got {type_name(state)}")
    rules = state.rules
    current = start(state.deal)
    drawn: dict[int, tuple[Card, ...]] = {}
    exchange: list[tuple[int, int, tuple[Card, ...]]] = []
    for index, (seat, action) in enumerate(state.history):
        if derived(action, rules):
            continue
        before = current
        current = apply(current, action, seat)
        if type(action) is Discard:
            exchange.append((index, seat, action.cards))
        elif type(action) is MusVisto and rules.mus_visto == "new-card":
            holder = next(s for s, hand in enumerate(before.hands) if action.card in hand.cards)
            drawn[index] = _in_order(set(current.hands[holder].cards) - set(before.hands[holder].cards))
        if current.mus_rounds > before.mus_rounds:  # the exchange was served
            for entry, who, cards in exchange:
                kept = set(before.hands[who].cards) - set(cards)
                drawn[entry] = _in_order(set(current.hands[who].cards) - kept)
            exchange = []
    return drawn


def _in_order(cards: set[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.order))
