"""A Mus individuel seat view checked whole: its history replayed by the rules from what
the seat knows, every other field derived from it and compared, as
:mod:`mus.data.whole` does for the four-card game.

:class:`IndividuelReplay` replays a history as the seat saw it: the discards, then
each lance from the mano, with its laps of answers, its refusals and its órdagos,
deriving the phase, the lance, the seat to act, the betting, the stones, the basket,
the results, the stones moved and the seat's legal actions. Which players have pares
or juego, and the loser of an órdago the seat was not in, come from cards the seat did
not see: the replay takes them from what the view records (the betting, the results)
and checks them against the seat's own cards and every hand shown to it. Once a hand
is over every kept hand is shown, and :func:`check_individuel_view` then plays the
hand again with the engine from those hands (the others' discarded cards do not
matter): the count, and all the rest, must come out as the view says.

>>> from mus.individuel import IndividuelRules, apply, new_hand
>>> state = new_hand(IndividuelRules(players=3), seed=4)
>>> for seat in state.deal.seats:
...     state = apply(state, f"discard {state.held[seat][-1]}")
>>> replay = check_individuel_view(state.view(1), "view")
>>> replay.phase, replay.lance, replay.to_act
(<Phase.BETTING: 'betting'>, <Lance.GRANDE: 0>, 0)
>>> import attrs
>>> check_individuel_view(attrs.evolve(state.view(1), stones=(8, 9, 8)), "view")
Traceback (most recent call last):
...
mus.errors.NotationError: view.stones: [8, 9, 8] and 0 in the basket make 25 stones, not 24
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mus.actions import Discard, Pass
from mus.cards import ALL_CARDS, Card
from mus.checks import instance_arg, numbers_arg
from mus.data.reading import fail
from mus.data.replaying import ViewReplay, compare_fields
from mus.errors import MusError
from mus.hand import Hand
from mus.individuel.reducer import answer_lap, apply, new_hand, refusal, spoken, still_to_match
from mus.individuel.rules import IndividuelRules
from mus.individuel.scoring import has, worst
from mus.individuel.state import Betting, LanceResult, Limits, Move, Outcome, SeatView, limits
from mus.legal import NO_ACTIONS, LegalActions
from mus.ranking import Lance
from mus.table import HiddenDiscard, Phase

__all__ = ["IndividuelReplay", "check_individuel_view", "compare_individuel", "play_again", "start_stones"]

_NEXT = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}
_FIELDS = ("mano", "phase", "lance", "to_act", "stones", "pot", "discard", "results", "moves", "betting", "loser")


def start_stones(view: SeatView) -> tuple[int, ...]:
    """The stones each seat held when ``view``'s hand was dealt, as the stones it moved
    tell them.

    >>> from mus.individuel import apply, new_hand
    >>> state = new_hand(seed=1)
    >>> start_stones(state.view(0))
    (8, 8, 8, 8, 8)
    """
    stones = list(instance_arg(view, SeatView, "the view (a Mus individuel SeatView)").stones)
    for move in view.moves:
        if 0 <= move.seat < len(stones):
            stones[move.seat] += move.stones
        if move.to is not None and 0 <= move.to < len(stones):
            stones[move.to] -= move.stones
    return tuple(stones)


class IndividuelReplay(ViewReplay):
    """A hand of Mus individuel replayed as ``seat`` saw it (see the module's text),
    dealt from the mano ``mano`` with ``stones`` by seat; fed its history with
    :meth:`~mus.data.replaying.ViewReplay.feed`, checked against a view with
    :func:`compare_individuel`. The machinery is :class:`~mus.data.replaying.ViewReplay`'s.

    >>> from mus.individuel import IndividuelRules
    >>> replay = IndividuelReplay(IndividuelRules(players=3), 0, 1, (8, 8, 8), "view")
    >>> replay.queue, replay.phase, replay.pot
    ((1, 2, 0), <Phase.DISCARD: 'discard'>, 0)
    """

    def __init__(self, rules: IndividuelRules, seat: int, mano: int, stones: Sequence[int], where: str) -> None:
        super().__init__(seat, mano, where)
        n = rules.players
        self.rules: IndividuelRules = rules
        self.start: tuple[int, ...] = tuple(stones)
        self.stones: list[int] = list(stones)
        self.pot: int = n * rules.stones - sum(stones)
        self.dealt: tuple[int, ...] = tuple(s for s in ((mano + i) % n for i in range(n)) if stones[s] > 0)
        self.phase: Phase = Phase.DISCARD
        self.queue: tuple[int, ...] = self.dealt
        self.betting: Betting | None = None
        self.results: list[LanceResult] = []
        self.moves: list[Move] = []
        self.loser: int | None = None
        self.discard: Card | None = None
        self.facts: list[tuple[int, str, Any]] = []  # what a seat's kept hand is, checked if shown
        self.counted: bool = False  # the hand reached the count, whose stones the hands decide
        self._hint: SeatView | None = None

    def _take(self, who: int, action: Any) -> None:
        if not self.queue:
            raise self._fail("an entry after the hand ended")
        if who != self.queue[0]:
            raise self._fail(f"seat {who} acts out of turn: seat {self.queue[0]} is to act")
        kind = type(action)
        if self.phase is Phase.DISCARD:
            if who == self.seat and kind is Discard and len(action.cards) == 1:
                self.discard = action.cards[0]
            elif who == self.seat:
                raise self._fail(f"seat {who}'s {action}: its own discard of one card, shown to it")
            elif kind is Discard:
                raise self._fail(f"seat {who}'s discard is shown to seat {self.seat}")
            elif kind is not HiddenDiscard or action.count != 1:
                raise self._fail(f"seat {who}'s {action} is not a discard of one card")
            self.queue = self.queue[1:]
            if not self.queue:
                self.phase = Phase.BETTING
                self._open(Lance.GRANDE)
            return
        if action not in self._listed(who):
            raise self._fail(f"seat {who}'s {action} is not legal now")
        betting = self.betting
        assert betting is not None
        if kind is Pass:
            self.queue = self.queue[1:]
            if not self.queue:
                self._settled(LanceResult(betting.lance, Outcome.EN_PASO, betting.competing))
            return
        self.betting, self.queue = spoken(betting, who, action, self.stones[who], self.queue)
        self._go_on()

    # --- what the seat to act may do: the engine's limits -----------------------------------

    def _listed(self, seat: int) -> LegalActions:
        betting = self.betting
        assert betting is not None
        return limits(betting, self.stones[seat], self.rules).listed(seat)

    def legal(self, hand: tuple[Card, ...]) -> LegalActions:
        """The seat to act's legal actions, as the engine lists them; ``hand`` is its
        cards (which it discards from)."""
        if not self.queue:
            return NO_ACTIONS
        seat = self.queue[0]
        if self.phase is Phase.DISCARD:
            return Limits((Discard,), discards=hand).listed(seat)
        return self._listed(seat)

    # --- the lances ---------------------------------------------------------------------------

    def _alive(self, seats: Sequence[int]) -> tuple[int, ...]:
        if self.rules.zero_mid_hand == "out":
            return tuple(seat for seat in seats if self.stones[seat] > 0)
        return tuple(seats)

    def _open(self, lance: Lance) -> None:
        """Open ``lance``: who has pares or juego (or whether juego gives way to punto)
        is the cards', which the view's betting or result tells; checked against the
        seat's own cards, and each seat's hand when shown."""
        order = self._alive(self.dealt)
        if lance in (Lance.PARES, Lance.JUEGO):
            lance, competing = self._told(lance, order)
        else:
            competing = order
        if lance is Lance.PUNTO:
            for seat in order:
                self._fact(seat, "has no juego, since punto is played", (Lance.JUEGO, False))
        speakers = tuple(seat for seat in competing if self.stones[seat] > 0)
        if not competing:
            self._settled(LanceResult(lance, Outcome.VOID))
        elif len(competing) == 1 and lance in (Lance.PARES, Lance.JUEGO):
            self._settled(LanceResult(lance, Outcome.ALONE, competing, taker=competing[0]))
        elif len(speakers) < 2:
            self._settled(LanceResult(lance, Outcome.EN_PASO, competing))
        else:
            self.betting = Betting(lance, speakers, competing, puts=(0,) * self.rules.players)
            self.queue = speakers

    def _told(self, lance: Lance, order: tuple[int, ...]) -> tuple[Lance, tuple[int, ...]]:
        hint, index = self._hint, len(self.results)
        if hint is None:
            raise fail(f"{self.where}.results", f"no view tells who has {lance}")
        exact = True  # whether ``seats`` are all those with the combination, or its bettors
        if hint.betting is not None and len(hint.results) == index:
            told, seats = hint.betting.lance, set(hint.betting.competing)
        elif len(hint.results) > index:
            result = hint.results[index]
            told, seats = result.lance, set(result.seats)
            if result.outcome in (Outcome.ACCEPTED, Outcome.REFUSED, Outcome.ORDAGO):
                seats, exact = set(self._speakers(result.lance, order)), False
        else:
            raise fail(f"{self.where}.results", f"the {lance} the history opens has no result")
        if told is not lance and (lance, told) != (Lance.JUEGO, Lance.PUNTO):
            raise fail(f"{self.where}.results[{index}]", f"the lance here is {lance}, not {told}")
        if told is Lance.PUNTO:
            return told, order
        competing = tuple(seat for seat in order if seat in seats)
        if not seats <= set(order) or (lance is Lance.JUEGO and not competing):
            raise fail(f"{self.where}.results[{index}]", f"not the seats that can have {lance}")
        for seat in order:
            if exact or self.stones[seat] > 0:
                mark = "has" if seat in seats else "has no"
                self._fact(seat, f"{mark} {lance}, as the betting or its result says", (lance, seat in seats))
        return told, competing

    def _speakers(self, lance: Lance, order: tuple[int, ...]) -> tuple[int, ...]:
        """The seats that bet on a lance settled by a bet: those that speak in it (every
        one speaks at least once); of the sets of the next speakers, the first with which
        the rest of the history replays to the results and betting the view shows."""
        rest, seen = self._entries[self._at :], []
        for who, _ in rest:
            if who in seen:
                continue
            seen.append(who)
            speakers = tuple(seat for seat in order if seat in seen)
            if len(speakers) > 1 and self._fits(lance, speakers):
                return speakers
        return tuple(seat for seat in order if seat in seen)

    def _fits(self, lance: Lance, speakers: tuple[int, ...]) -> bool:
        def choose(trial: IndividuelReplay) -> None:
            trial.betting = Betting(lance, speakers, speakers, puts=(0,) * self.rules.players)
            trial.queue = speakers

        return self._replays(choose)

    def _fact(self, seat: int, what: str, fact: tuple[Lance, bool]) -> None:
        if seat == self.seat and self._hint is not None and len(self._hint.hand) == 4:
            lance, truth = fact
            if has(lance, Hand(self._hint.hand), self.rules) != truth:
                raise fail(f"{self.where}.hand", f"seat {seat} {what}")
        self.facts.append((seat, what, fact))

    def _go_on(self) -> None:
        """After an answer: the next to speak, a new lap the other way, or the end."""
        betting = self.betting
        assert betting is not None
        still_in = betting.still_in
        if len(still_in) == 1:
            self._refused(betting, still_in[0])
            return
        queue = still_to_match(betting, self.queue)
        if not queue and any(betting.puts[seat] < betting.stake for seat in still_in):
            betting = self.betting = betting._replace(lap=betting.lap + 1, forward=not betting.forward)
            queue = still_to_match(betting, answer_lap(betting))
        if queue:
            self.queue = queue
        elif betting.ordago:
            self._ordago(betting, still_in)
        else:
            forfeits = sum(betting.puts[seat] for seat in betting.folded)
            self._settled(LanceResult(betting.lance, Outcome.ACCEPTED, still_in, betting.stake, forfeits))

    def _refused(self, betting: Betting, taker: int) -> None:
        stones, why = refusal(betting, self.rules)
        shed = min(stones, self.stones[taker])
        self.stones[taker] -= shed
        self.pot += shed
        self.moves.append(Move(betting.lance, taker, shed, owed=stones, why=why))
        self._check_end()
        self._settled(LanceResult(betting.lance, Outcome.REFUSED, (taker,), stones, taker=taker))

    def _ordago(self, betting: Betting, seats: tuple[int, ...]) -> None:
        """An accepted órdago: the worst hand among ``seats`` takes their stones. The
        seat sees those hands if it is one of them; else the view's result says who."""
        lance, hint, index = betting.lance, self._hint, len(self.results)
        if self.seat in seats:
            shown = hint.hands if hint is not None else ()
            if any(seat >= len(shown) or shown[seat] is None for seat in seats):
                raise fail(f"{self.where}.hands", "an órdago shows the hands of those in it to them")
            loser = worst(lance, shown, seats, self.rules)
        elif hint is not None and len(hint.results) > index and hint.results[index].taker in seats:
            taker = hint.results[index].taker
            assert taker is not None
            loser = taker
        else:
            raise fail(f"{self.where}.results", f"the {lance} órdago in the history has no loser among seats {seats}")
        for seat in seats:
            if seat != loser:
                stones = self.stones[seat]
                self.stones[seat], self.stones[loser] = 0, self.stones[loser] + stones
                self.moves.append(Move(lance, seat, stones, to=loser, owed=stones, why="órdago"))
                self._check_end()
        self._settled(LanceResult(lance, Outcome.ORDAGO, seats, taker=loser))

    def _check_end(self) -> None:
        holding = [seat for seat, stones in enumerate(self.stones) if stones > 0]
        if len(holding) == 1:
            self.loser = holding[0]

    def _settled(self, result: LanceResult) -> None:
        self.results.append(result)
        self._check_result()
        self.betting = None
        following = _NEXT.get(result.lance)
        if self.loser is not None or following is None:
            # The count (or the game's end): what it sheds is checked with the hands.
            self.phase, self.queue, self.counted = Phase.FINISHED, (), self.loser is None
            return
        self._open(following)


def compare_individuel(replay: IndividuelReplay, view: SeatView, where: str) -> None:
    """Check that every field of ``view`` is what ``replay`` derived (the stones the
    count sheds aside: :func:`check_individuel_view` plays a finished hand again)."""
    dealt = replay.seat in replay.dealt
    derived = {field: getattr(replay, field) for field in _FIELDS}
    derived.update(stones=tuple(replay.stones), results=tuple(replay.results), moves=tuple(replay.moves))
    if replay.counted:  # what the count moved, the hand played again checks
        derived.update((field, getattr(view, field)) for field in ("stones", "pot", "moves", "loser"))
    for field, value in derived.items():  # in order: the first that differs is named
        shown = getattr(view, field)
        if shown != value and field in ("results", "moves"):
            raise fail(f"{where}.{field}", f"{len(shown)} entries that do not follow from the history")
        compare_fields({field: shown}, {field: value}, where, "gives")
    sizes = (0,) if not dealt else (4,) if replay.discard is not None else (5,)
    if len(view.hand) not in sizes or (replay.discard is not None and replay.discard in view.hand):
        raise fail(f"{where}.hand", f"the seat holds {sizes[0]} cards here, its discard not among them")
    legal, hand = replay.legal(view.hand) if replay.to_act == replay.seat else NO_ACTIONS, view.legal
    if (tuple(hand), hand.seat, hand.max_bet, hand.kinds) != (tuple(legal), legal.seat, legal.max_bet, legal.kinds):
        raise fail(f"{where}.legal", f"{hand or 'none'}: the seat's legal actions are {legal or 'none'}")
    shown = {replay.seat} if replay.discard is not None else set()
    if replay.phase is Phase.FINISHED:
        shown = {seat for seat in replay.dealt}
    for result in replay.results:
        if result.outcome is Outcome.ORDAGO and replay.seat in result.seats:
            shown.update(result.seats)
    for seat, hand_ in enumerate(view.hands):
        if (hand_ is not None) != (seat in shown):
            raise fail(
                f"{where}.hands[{seat}]",
                "shown to the seat" if hand_ is not None else "hidden from the seat, though shown",
            )
    if replay.discard is not None and view.hands[replay.seat] != Hand(view.hand):
        raise fail(f"{where}.hands[{replay.seat}]", "the seat's shown hand is not its hand")
    cards = [card for hand_ in view.hands if hand_ is not None for card in hand_] + list(view.hand)
    cards += [view.discard] if view.discard is not None else []
    if len(set(cards)) != len(cards) - (4 if replay.discard is not None else 0):
        raise fail(f"{where}.hands", "a card is shown twice")
    for seat, what, (lance, truth) in replay.facts:
        hand_ = view.hands[seat]
        if hand_ is not None and has(lance, hand_, replay.rules) != truth:
            raise fail(f"{where}.hands[{seat}]", f"seat {seat} {what}")


def check_individuel_view(view: SeatView, where: str, *, stones: Sequence[int] | None = None) -> IndividuelReplay:
    """Check a Mus individuel view whole: the stones its hand was dealt with possible,
    its history legal move after move, every other field what that history gives; and
    once the hand is over, the hand played again from the shown hands must show the
    very same view. ``stones`` are those the hand was dealt with, when known (a
    public session says); else the stones the view moved tell them."""
    rules = instance_arg(view, SeatView, "the view (a Mus individuel SeatView)").rules
    total = rules.players * rules.stones
    if sum(view.stones) + view.pot != total:
        raise fail(
            f"{where}.stones",
            f"{list(view.stones)} and {view.pot} in the basket make {sum(view.stones) + view.pot} stones, not {total}",
        )
    # The stones given are checked for their types here; their sum and range (below) are the view's.
    start = start_stones(view) if stones is None else numbers_arg(stones, "the stones", rules.players)
    if min(start) < 0 or sum(start) > total or sum(1 for held in start if held) < 2 or not start[view.mano]:
        raise fail(f"{where}.stones", f"no hand is dealt with stones {list(start)} from the mano {view.mano}")
    replay = IndividuelReplay(rules, view.seat, view.mano, start, where)
    replay.feed(view.history, view)
    compare_individuel(replay, view, where)
    if replay.phase is Phase.FINISHED:
        play_again(view, start, where)
    return replay


def play_again(view: SeatView, stones: tuple[int, ...], where: str) -> None:
    """Play a finished hand again from the hands the view shows, dealt with
    ``stones`` (any card for each other seat's discard): it must give the very view.

    >>> from mus.individuel import IndividuelRules, apply, new_hand
    >>> state = new_hand(IndividuelRules(players=2), seed=3)
    >>> while not state.is_over:
    ...     state = apply(state, state.legal_actions()[0])
    >>> play_again(state.view(0), (8, 8), "view")
    >>> play_again(state.view(0), (8, 7), "view")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: view.stones: not what the hand gives when played again from the shown hands
    """
    rules, seat = view.rules, view.seat
    used = {card for hand in view.hands if hand is not None for card in hand} | set(view.hand)
    if view.discard is not None:
        used.add(view.discard)
    spare = iter(card for card in ALL_CARDS if card not in used)
    cards: list[tuple[Card, ...] | None] = []
    for s, hand in enumerate(view.hands):
        if s == seat and view.discard is not None:
            cards.append((*view.hand, view.discard))
        else:
            cards.append(None if hand is None else (*hand.cards, next(spare)))
    try:
        state = new_hand(rules, seed=0, cards=cards, mano=view.mano, stones=stones)
        for who, action in view.history:
            if type(action) is HiddenDiscard:
                held = cards[who]
                assert held is not None
                action = Discard((held[-1],))
            state = apply(state, action, who)
    except MusError as error:
        raise fail(f"{where}.hands", f"the hand does not play again from the shown hands: {error}") from None
    again = state.view(seat)
    for field in ("stones", "pot", "results", "moves", "loser", "phase", "hands"):
        if getattr(again, field) != getattr(view, field):
            raise fail(f"{where}.{field}", "not what the hand gives when played again from the shown hands")
    if again != view:
        raise fail(where, "not the view the hand gives when played again from the shown hands")
