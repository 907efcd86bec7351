"""A hand replayed as one seat saw it: by the rules, from the seat's history and the
cards it knows, every other field of its view derived.

A view holds more than one seat could make up: its history says who spoke and in what
order, and the rules say what follows: who is to act, the phase and the lance, the
betting, the stones a refusal moved, the sizes of the stock and of the discards, the
seat's legal actions and, once the cards are shown, the count. :class:`HandReplay`
replays the history so and derives all of that, with the engine's own lists
(:mod:`mus.legal`) and count (:func:`mus.scoring.tally`). Where the engine decides
from cards the seat never saw (pares and juego derived from the hands, a seat that
hid its juego left out of punto, the side paid for a refused lance when a declaration
was false, the mano a cut of the mus corrido makes), the replay takes what the view
records, and checks it against every card the seat knows
(:class:`~mus.data.knowledge.CardKnowledge`), and against every hand once shown.

:mod:`mus.data.whole` compares a view with its replay; :mod:`mus.data.public` replays
a public history step after step with one :class:`HandReplay`, in time linear in its
length. What a view cannot prove is listed in ``docs/data.rst``.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> replay = HandReplay(state.rules, 2, 0, (0, 0), False, "seat_view")
>>> replay.feed(state.view(2).history, state.view(2))
>>> replay.phase, replay.lance, replay.to_act, replay.stock
(<Phase.BETTING: 'betting'>, <Lance.GRANDE: 0>, 0, 24)
>>> replay.feed([(1, mus.Pass())], state.view(2))
Traceback (most recent call last):
...
mus.errors.NotationError: seat_view.history[1]: seat 1 acts out of turn: seat 0 is to act
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from mus.actions import (
    Accept,
    Bet,
    Declare,
    Discard,
    Fold,
    Mus,
    MusVisto,
    NoMus,
    Ordago,
    Pass,
    Servido,
    Signal,
    TeamFold,
)
from mus.cards import Card
from mus.data import replaying
from mus.data.knowledge import CardKnowledge
from mus.data.reading import fail
from mus.data.replaying import ViewReplay
from mus.errors import moved
from mus.hand import HAND_SIZE, Hand
from mus.legal import DECLARE, MUS, SERVIDO, LegalActions, discards
from mus.legal import betting as betting_list
from mus.ranking import Lance
from mus.rules import Rules
from mus.scoring import LanceResult, Outcome, false_declarations, record, showdown, tally
from mus.state import Betting, HiddenDiscard, Phase, SeatView, mus_speakers

__all__ = ["HandReplay", "has"]

# Until 0.2.0 result_differs was here; mus.data.replaying has it for both games.
__getattr__: Callable[[str], Any] = moved("mus.data.consistency", {"result_differs": replaying}, "1.0.0")

_HAS = (Lance.PARES, Lance.JUEGO)
_BETTING = (Pass, Bet, Ordago, Accept, Fold, TeamFold)


def has(lance: Lance, hand: Hand, rules: Rules) -> bool:
    """Whether ``hand`` has pares (``lance`` is pares) or juego (juego).

    >>> has(Lance.PARES, Hand.parse("Ro Rc 7e 1b"), Rules()), has(Lance.JUEGO, Hand.parse("Ro Rc 7e 1b"), Rules())
    (True, False)
    """
    return not false_declarations(lance, (hand,), rules, (0,))


def _having(lance: Lance, truth: bool, rules: Rules) -> Callable[[Hand], bool]:
    return lambda hand: has(lance, hand, rules) == truth


class HandReplay(ViewReplay):
    """A hand replayed as one seat saw it: fed its history
    (:meth:`~mus.data.replaying.ViewReplay.feed`), it derives every field of the seat's
    view (:func:`~mus.data.whole.compare_view` compares a view with them). The
    machinery is :class:`~mus.data.replaying.ViewReplay`'s.

    ``mano`` is the mano the hand was dealt with, ``scores`` the scores it was dealt
    with; ``corrido`` whether a cut of the mus makes the cutter the mano (``None``:
    not known, as for a view on its own: the view's mano then says it). Errors are
    :class:`~mus.NotationError` naming the entry or field, under ``where``.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> replay = HandReplay(state.rules, 0, 0, (0, 0), False, "hand")
    >>> for action in ("mus", "mus", "mus", "mus"):
    ...     state = mus.apply(state, action)
    >>> replay.feed(state.view(0).history, state.view(0))
    >>> replay.phase, replay.to_act, replay.legal(state.hands[0])[:2]
    (<Phase.DISCARD: 'discard'>, 0, (Discard.parse('Co'), Discard.parse('Ce')))
    """

    def __init__(
        self, rules: Rules, seat: int, mano: int, scores: Sequence[int], corrido: bool | None, where: str
    ) -> None:
        super().__init__(seat, mano, where)
        n = rules.seats
        self.rules: Rules = rules
        self.corrido: bool | None = corrido
        self.scores: list[int] = list(scores)
        self.phase: Phase = Phase.MUS
        self.queue: tuple[int, ...] = mus_speakers(mano, rules)
        self.mano: int = mano  # moves to the cutter under mus corrido
        self.betting: Betting | None = None
        self.results: list[LanceResult] = []
        self.winner: int | None = None
        self.count: Any = None
        self.stock: int = len(rules.deck) - HAND_SIZE * n
        self.pile: int = 0
        self.rounds: int = 0
        self.pending: list[int] = [0] * n
        self.own_pending: tuple[Card, ...] = ()
        self.servido: int | None = None
        self.exchange: list[int] | None = None
        self.at_deal: bool = True
        self.signals: set[tuple[int, Any]] = set()
        self.cards: CardKnowledge = CardKnowledge(rules, seat)
        self._hint: SeatView | None = None

    # --- what the replay derives ---------------------------------------------------------

    def legal(self, hand: Hand) -> tuple[Any, ...]:
        """The legal actions of the seat to act, whose cards are ``hand`` (as the
        engine lists them, before any house rule's hook)."""
        seat = self.queue[0]
        if self.phase is Phase.DISCARD:
            return tuple(discards(hand, seat, self.exchange is not None))
        return tuple(self._listed(seat))

    def _listed(self, seat: int) -> LegalActions:
        """:mod:`mus.legal`'s list of ``seat``'s actions, in any phase but the discards
        (whose list needs the seat's cards)."""
        if self.phase is Phase.MUS:
            return (SERVIDO if self.rounds >= self.rules.mus_limit or self._served(seat) else MUS)[seat]
        betting, rules = self.betting, self.rules
        assert betting is not None
        if self.phase is Phase.DECLARE:
            return DECLARE[betting.lance][seat]
        partners = len(self.queue) > 1 and rules.teams == 2
        return betting_list(seat, betting.bets, betting.ordago, partners, rules.max_bet, rules.bet_limit)

    def shown(self) -> tuple[bool, ...] | None:
        """Which seats' hands the view shows: none before the count (``None``), after an
        accepted órdago the seats in it and the seat itself, else all."""
        if self.count is None:
            return None
        last = self.results[-1]
        if last.outcome is Outcome.ORDAGO and last.seats:
            return tuple(s in last.seats or s == self.seat for s in range(self.rules.seats))
        return (True,) * self.rules.seats

    # --- the history, entry by entry ---------------------------------------------------------

    def _take(self, who: int, action: Any) -> None:
        kind, rules = type(action), self.rules
        if not self.queue:
            raise self._fail("an entry after the hand ended")
        if kind is Signal:
            return self._signal(who, action)
        if kind is MusVisto:
            return self._visto(who, action)
        if who != self.queue[0]:
            raise self._fail(f"seat {who} acts out of turn: seat {self.queue[0]} is to act")
        phase = self.phase
        if phase is Phase.MUS and kind is Mus:
            if action not in self._listed(who):
                raise self._fail(f"seat {who} may not ask for mus now")
            self.at_deal = False
            if len(self.queue) > 1:
                self.queue = self.queue[1:]
            else:
                self.phase, self.queue = Phase.DISCARD, rules.orders[self.mano]
        elif phase is Phase.MUS and kind is NoMus:
            self.at_deal = False
            self._cut(who)
            self._open(self.rules.first_lance)
        elif phase is Phase.DISCARD and kind in (Discard, HiddenDiscard):
            self._discard(who, action)
        elif phase is Phase.DISCARD and kind is Servido and self.exchange is not None:
            self.exchange.append(who)
            queue = self.queue[1:]
            if rules.mus_decision == "team":
                queue = tuple(s for s in queue if rules.team_of[s] != rules.team_of[who])
            self.queue = queue
            if not queue:
                self._serve()
        elif phase is Phase.DECLARE and kind is Declare and action in self._listed(who):
            betting = self.betting
            assert betting is not None
            if action.has:
                betting = self.betting = betting._replace(seats=(*betting.seats, who))
            self.queue = self.queue[1:]
            if not self.queue:
                self._declared(betting.lance, betting.seats)
        elif phase is Phase.BETTING and action in self._listed(who):
            self._bet(who, action)
        else:
            raise self._fail(f"seat {who}'s {action} is not legal in the {phase} phase")

    def _served(self, seat: int) -> bool:
        servido, rules = self.servido, self.rules
        if servido is None:
            return False
        return seat == servido or (rules.mus_decision == "team" and rules.team_of[seat] == rules.team_of[servido])

    def _cut(self, who: int) -> None:
        """The mus cut: under mus corrido the cutter becomes the mano."""
        if self.corrido is None:
            told = self._hint.mano if self._hint is not None else self.mano
            if told not in (self.mano, who):
                raise fail(
                    f"{self.where}.mano",
                    f"seat {told} is not the mano: the hand was dealt with mano {self.mano}, and seat {who} cut the mus",
                )
            self.mano = told
        elif self.corrido:
            self.mano = who

    def _signal(self, who: int, action: Signal) -> None:
        rules = self.rules
        if not rules.senas or rules.teams != 2 or rules.partners < 2:
            raise self._fail("no señas are made under these rules")
        if rules.team_of[who] != rules.team_of[self.seat]:
            raise self._fail(f"seat {who}'s seña is shown only to its partners")
        if (who, action.sena) in self.signals:
            raise self._fail(f"seat {who} already signalled {action.sena}")
        self.signals.add((who, action.sena))
        sena = action.sena
        self.cards.fact(
            who, f"seat {who} signalled {sena}, not true of its hand", lambda h: sena.holds(h, rules), self._fail
        )

    def _visto(self, who: int, action: MusVisto) -> None:
        if self.phase is not Phase.MUS or not self.at_deal:
            raise self._fail("a mus visto happens at a deal of the mus, before anyone speaks")
        card, rules = action.card, self.rules
        if self.cards.elsewhere(card):
            raise self._fail(f"card {card} lies elsewhere")
        self.cards.seen(who, card, self._fail)
        self.at_deal = False
        if rules.mus_visto == "forced":
            self.exchange, self.phase, self.queue = [], Phase.DISCARD, rules.orders[self.mano]
        elif rules.mus_visto == "servido":
            self.servido = who
        else:
            if not self.stock:
                raise self._fail("no card is left in the stock to replace the seen card")
            self.stock, self.pile = self.stock - 1, self.pile + 1
            self.cards.in_pile.add(card)
            self.cards.drew(who, (card,), self._fail)

    def _discard(self, who: int, action: Any) -> None:
        if who == self.seat:
            if type(action) is not Discard:
                raise self._fail("the seat's own discard shows its cards")
            cards = action.cards
            if any(self.cards.elsewhere(card) for card in cards):
                raise self._fail(f"seat {who} discards a card that lies elsewhere")
            self.cards.need(f"the seat discarded {action}, not in its hand", lambda h: set(cards) <= set(h), self._fail)
            self.own_pending = cards
            self.pending[who] = len(cards)
        else:
            if type(action) is not HiddenDiscard or not 1 <= action.count <= HAND_SIZE:
                raise self._fail(f"seat {who}'s discard is hidden from seat {self.seat}")
            self.pending[who] = action.count
        self.queue = self.queue[1:]
        if not self.queue:
            self._serve()

    def _serve(self) -> None:
        """Deal the replacements in speaking order, as the engine does, by counts."""
        order = self.rules.orders[self.mano]
        pending = self.pending
        self.pile += sum(pending)
        own = frozenset(self.own_pending)
        knowledge = self.cards
        knowledge.in_pile |= own
        for seat in order:
            if pending[seat]:
                knowledge.exchanged(seat)
        served = [s for s in order if pending[s]]
        for seat in served:
            wanted = pending[seat]
            drawn = min(wanted, self.stock)
            self.stock -= drawn
            if drawn < wanted:
                kept = wanted if seat == served[-1] else 0
                self.stock, self.pile = self.pile - kept, kept
                knowledge.in_pile = set(own) if kept and seat == self.seat else set()
                self.stock -= wanted - drawn
            knowledge.drew(seat, own, self._fail)
        self.pending = [0] * len(pending)
        self.own_pending = ()
        self.rounds += 1
        exchange, self.exchange = self.exchange, None
        if exchange:
            self._open(self.rules.first_lance)
            return
        self.phase, self.queue, self.at_deal = Phase.MUS, mus_speakers(self.mano, self.rules), True

    # --- the lances -------------------------------------------------------------------------

    def _open(self, lance: Lance) -> None:
        rules = self.rules
        order = rules.orders[self.mano]
        if lance in _HAS:
            if rules.declarations == "explicit":
                self.phase, self.betting, self.queue = Phase.DECLARE, Betting(lance, ()), order
                return
            seats = []
            for seat in order:
                who, action = self._next_entry()
                if who != seat or type(action) is not Declare or action.lance is not lance:
                    raise self._fail(f"the engine declares {lance} for seat {seat} here, not seat {who}'s {action}")
                self.cards.fact(seat, f"seat {seat}'s {action} is false", _having(lance, action.has, rules), self._fail)
                if action.has:
                    seats.append(seat)
            self._declared(lance, tuple(seats))
            return
        if lance is Lance.PUNTO and rules.declarations == "explicit":
            self._punto(order, self._punto_seats(order))
            return
        self.phase, self.betting, self.queue = Phase.BETTING, Betting(lance, order), order

    def _punto(self, order: tuple[int, ...], playing: tuple[int, ...]) -> None:
        """Punto under explicit declarations, among ``playing``: a seat that hid its
        juego takes no part in it (rules section 6)."""
        rules = self.rules
        for seat in order:
            hid = seat not in playing
            what = "is left out of punto without a juego" if hid else "is in punto with a juego"
            self.cards.fact(seat, f"seat {seat} {what}", _having(Lance.JUEGO, hid, rules), self._fail)
        if len(playing) < len(order):
            if len({rules.team_of[s] for s in playing}) < 2:
                self._settle(LanceResult(Lance.PUNTO, Outcome.EN_PASO if playing else Outcome.VOID, seats=playing))
                return
            order = playing
        self.phase, self.betting, self.queue = Phase.BETTING, Betting(Lance.PUNTO, order), order

    def _punto_seats(self, order: tuple[int, ...]) -> tuple[int, ...]:
        """Who takes part in punto under explicit declarations: the hands the view shows
        say; a seat that bet, passed or answered in it, or is in its betting or result,
        did; of the others, the first choice with which the history replays."""
        hint, rules = self._hint, self.rules
        decided: dict[int, bool] = {}
        if hint is not None:
            decided[self.seat] = not has(Lance.JUEGO, hint.hand, rules)
            for seat, hand in enumerate(hint.hands or ()):
                if hand is not None:
                    decided[seat] = not has(Lance.JUEGO, hand, rules)
            told = set(hint.betting.seats) if hint.betting is not None and hint.betting.lance is Lance.PUNTO else set()
            if len(hint.results) > len(self.results):
                told.update(hint.results[len(self.results)].seats)
            told.update(who for who, action in self._entries[self._at :] if type(action) in _BETTING)
            for seat in told:
                decided.setdefault(seat, True)
        undecided = [seat for seat in order if seat not in decided]
        choices = [
            tuple(s for s in order if decided.get(s, s in chosen))
            for size in range(len(undecided) + 1)
            for chosen in itertools.combinations(undecided, size)
        ]
        if len(choices) > 1:
            for playing in choices:
                if self._fits(order, playing):
                    return playing
        return choices[0]

    def _fits(self, order: tuple[int, ...], playing: tuple[int, ...]) -> bool:
        """Whether the rest of the history replays with ``playing`` in punto."""

        def choose(trial: HandReplay) -> None:
            trial._punto(order, playing)

        return self._replays(choose)

    def _declared(self, lance: Lance, seats: tuple[int, ...]) -> None:
        rules = self.rules
        if lance is Lance.JUEGO and not seats:
            self._open(Lance.PUNTO)
            return
        sides = {rules.team_of[seat] for seat in seats}
        if len(sides) < 2:
            team = sides.pop() if sides else None
            result = (
                LanceResult(lance, Outcome.NO_BET, team=team, seats=seats)
                if team is not None
                else LanceResult(lance, Outcome.VOID)
            )
            self._settle(result)
            return
        self.phase, self.betting, self.queue = Phase.BETTING, Betting(lance, seats), seats

    def _answerers(self, betting: Betting, bettor: int) -> tuple[int, ...]:
        team_of = self.rules.team_of
        return tuple(
            seat
            for seat in self.rules.orders[(bettor + 1) % self.rules.seats]
            if team_of[seat] != team_of[bettor] and seat in betting.seats and seat not in betting.folded
        )

    def _bet(self, who: int, action: Any) -> None:
        betting, kind = self.betting, type(action)
        assert betting is not None
        if kind is Pass:
            if len(self.queue) > 1:
                self.queue = self.queue[1:]
            else:
                self._settle(LanceResult(betting.lance, Outcome.EN_PASO, seats=betting.seats))
        elif kind is Bet or kind is Ordago:
            ordago = kind is Ordago
            stake = betting.stake if ordago else betting.stake + action.stones
            self.betting = Betting(
                betting.lance, betting.seats, stake, betting.stake, betting.bets + 1, who, ordago, betting.folded, ()
            )
            self.queue = self._answerers(self.betting, who)
        elif kind is Accept:
            if self.rules.teams > 2:
                betting = self.betting = betting._replace(accepted=(*betting.accepted, who))
                if len(self.queue) > 1:
                    self.queue = self.queue[1:]
                    return
            self._accepted(betting)
        elif kind is Fold:
            folding = betting._replace(folded=(*betting.folded, who))
            if len(self.queue) > 1:
                self.betting, self.queue = folding, self.queue[1:]
            elif betting.accepted:
                self._accepted(folding)
            else:
                self._refused(folding)
        else:
            self._refused(betting._replace(folded=betting.folded + self.queue))

    def _still_in(self, betting: Betting) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The seats whose cards count once the betting ends, and the folded seats whose
        declarations still bind their side."""
        rules = self.rules
        if not betting.folded:
            return betting.seats, ()
        seats = betting.seats
        if not (rules.folded_seat_counts and rules.teams == 2):
            seats = tuple(seat for seat in seats if seat not in betting.folded)
        binding = betting.folded if rules.declarations == "explicit" and betting.lance in _HAS else ()
        return seats, binding

    def _accepted(self, betting: Betting) -> None:
        seats, folded = self._still_in(betting)
        if not betting.ordago:
            self._settle(LanceResult(betting.lance, Outcome.ACCEPTED, stake=betting.stake, seats=seats, folded=folded))
            return
        rules, lance = self.rules, betting.lance
        hands = self._shown_hands(seats, "an accepted órdago shows the hands of the seats in it")
        liars: tuple[int, ...] = ()
        if rules.declarations == "explicit":
            liars = self._liars(lance, hands, betting.seats)
        forfeit = {rules.team_of[liar] for liar in liars}
        honest = tuple(s for s in seats if rules.team_of[s] not in forfeit)
        best = showdown(lance, hands, rules, self.mano, honest) if honest else None
        if best is not None:
            team = rules.team_of[best]
        else:
            caller = rules.team_of[betting.bettor or 0]
            team = next(rules.team_of[s] for s in seats if rules.team_of[s] != caller)
        scores = tuple(self.scores)
        self.results.append(LanceResult(lance, Outcome.ORDAGO, team=team, seats=seats, folded=folded))
        self._check_result()
        self.count = record(
            ([(lance, Outcome.ORDAGO, team, best, 0, 0, 0, scores, liars)], scores, team, 0, ()), rules.individual
        )
        self._finish(team)

    def _liars(self, lance: Lance, hands: Sequence[Hand], seats: tuple[int, ...]) -> tuple[int, ...]:
        """The seats among ``seats`` that declared falsely: from their hands where shown,
        else as the count says (a folded seat's hand is not shown after an órdago)."""
        shown = self._hint.hands if self._hint is not None and self._hint.hands is not None else ()
        known = [s for s in seats if s == self.seat or (s < len(shown) and shown[s] is not None)]
        truth = false_declarations(lance, hands, self.rules, known)
        hint = self._hint
        told = hint.count.lines[0].liars if hint is not None and hint.count is not None and hint.count.lines else ()
        if set(truth) != {s for s in told if s in known} or not set(told) <= set(seats):
            raise fail(f"{self.where}.count", f"the seats that declared {lance} falsely are not those the hands show")
        return tuple(s for s in seats if s in truth or (s not in known and s in told))

    def _refused(self, betting: Betting) -> None:
        rules = self.rules
        assert betting.bettor is not None
        bettors = rules.team_of[betting.bettor]
        stones = rules.payouts.first_refusal if betting.bets == 1 else betting.previous
        seats, folded = self._still_in(betting)
        team: int | None = bettors
        if rules.declarations == "explicit" and betting.lance in _HAS:
            team = self._taker(betting, bettors)
        if team is None:
            self._settle(LanceResult(betting.lance, Outcome.VOID, seats=seats, folded=folded))
            return
        self.scores[team] += stones
        self.results.append(
            LanceResult(betting.lance, Outcome.REFUSED, stake=stones, team=team, seats=seats, folded=folded)
        )
        self._check_result()
        if self.scores[team] >= rules.target:
            self._finish(team)
        else:
            self._next(betting.lance)

    def _taker(self, betting: Betting, bettors: int) -> int | None:
        """Who takes a refused pares or juego under explicit declarations: the bettors,
        unless one of them lied; then the side of the best honest hand (rules section
        6). Hidden cards decide it: the view's result says who, the cards the seat
        knows check it, and all of it once the hands are shown."""
        rules, lance, index, hint = self.rules, betting.lance, len(self.results), self._hint
        where = f"{self.where}.results[{index}]"
        if hint is None or len(hint.results) <= index:
            raise fail(f"{self.where}.results", f"the {lance} refused in the history has no result")
        told = hint.results[index]
        team = told.team if told.outcome is Outcome.REFUSED else None
        sides = {rules.team_of[s] for s in betting.seats}
        # The bettors keep the stones unless one of theirs lied: the seat knows its own cards.
        lied = self.seat in betting.seats and rules.team_of[self.seat] == bettors and not has(lance, hint.hand, rules)
        unseen = {rules.team_of[s] for s in betting.seats if s != self.seat}  # a side that may have lied
        if team == bettors and lied:
            raise fail(where, f"the bettors take the refusal though seat {self.seat}, theirs, declared {lance} falsely")
        if team != bettors and bettors not in unseen and not lied:
            raise fail(where, f"side {bettors} takes the refusal: none of its seats declared {lance} falsely")
        if team is not None and team not in sides:
            raise fail(where, f"side {team} has no seat in the {lance}")
        seats, mano = betting.seats, self.mano

        def check(hands: Sequence[Hand]) -> bool:
            liars = false_declarations(lance, hands, rules, seats)
            forfeit = {rules.team_of[liar] for liar in liars}
            if bettors not in forfeit:
                return team == bettors
            honest = tuple(s for s in seats if rules.team_of[s] not in forfeit)
            best = showdown(lance, hands, rules, mano, honest) if honest else None
            return team == (None if best is None else rules.team_of[best])

        self.cards.later.append((seats, f"the {lance} refusal is not paid to the side the hands say", check))
        return team

    def _settle(self, result: LanceResult) -> None:
        self.results.append(result)
        self._check_result()
        self._next(result.lance)

    def _next(self, lance: Lance) -> None:
        following = self.rules.next_lance[lance]
        if following is not None:
            self._open(following)
            return
        rules = self.rules
        hands = self._shown_hands(range(rules.seats), "a counted hand shows every seat's cards")
        raw = tally(hands, self.results, rules, self.mano, tuple(self.scores))
        self.count = record(raw, rules.individual)
        self.scores = list(raw[1])
        self._finish(raw[2])

    def _shown_hands(self, seats: Any, why: str) -> list[Hand]:
        hint = self._hint
        own = hint.hand if hint is not None else None
        shown = hint.hands if hint is not None else None
        if own is None or shown is None or len(shown) != self.rules.seats:
            raise fail(f"{self.where}.hands", why)
        hands = [own if hand is None else hand for hand in shown]
        if any(shown[s] is None and s != self.seat for s in seats):
            raise fail(f"{self.where}.hands", why)
        return hands

    def _finish(self, winner: int | None) -> None:
        self.phase, self.betting, self.queue, self.winner = Phase.FINISHED, None, (), winner
