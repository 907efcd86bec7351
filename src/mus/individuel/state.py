"""The values of a hand of Mus individuel: its deal, its betting, its results, the
stones it moved, and what each player may see.

A :class:`HandState` is frozen: :func:`~mus.individuel.reducer.apply` returns a new one
and never changes the old. Stones are counted per seat (``stones``) and in the centre
basket (``pot``); their sum never changes (the órdago moves stones between players).

>>> from mus.individuel import new_hand
>>> state = new_hand(seed=1)
>>> state.phase, state.to_act, len(state.held[0]), state.stones, state.pot
(<Phase.DISCARD: 'discard'>, 0, 5, (8, 8, 8, 8, 8), 0)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple

import attrs

from mus.actions import Action, Discard
from mus.cards import Card
from mus.errors import MusError
from mus.hand import Hand
from mus.individuel.rules import IndividuelRules
from mus.lances import Lance
from mus.state import HiddenDiscard

if TYPE_CHECKING:
    from mus.individuel.reducer import LegalActions

__all__ = ["ORDAGO_PUT", "Betting", "Deal", "HandState", "LanceResult", "Move", "Outcome", "Phase", "SeatView"]

ORDAGO_PUT = 1_000_000
"""What an órdago puts at stake, as a number: more than any player can hold."""


class Phase(enum.Enum):
    """Where a hand stands: each player discards his fifth card, then the lances are
    bet on one after the other, then the hand is over.

    >>> str(Phase.DISCARD), Phase("betting")
    ('discard', <Phase.BETTING: 'betting'>)
    """

    DISCARD = "discard"
    BETTING = "betting"
    FINISHED = "finished"

    def __str__(self) -> str:
        return self.value


class Outcome(enum.Enum):
    """How the betting on a lance ended.

    >>> str(Outcome.ALONE), Outcome("ordago")
    ('alone', <Outcome.ORDAGO: 'ordago'>)
    """

    EN_PASO = "en paso"
    """Nobody bet: the best hand sheds the en paso value at the count."""
    ACCEPTED = "accepted"
    """The stakes were equalled: the best hand among those still in sheds the stake,
    the forfeits of those who folded and its bonus at the count."""
    REFUSED = "refused"
    """All but one folded: that one shed the refusal stones at once (and its bonus at
    the count)."""
    ORDAGO = "ordago"
    """An órdago was accepted: shown down at once, the worst hand took every stone of
    the others in it."""
    ALONE = "alone"
    """One player alone had pares (juego): he sheds his bonus at the count, no betting."""
    VOID = "void"
    """Nobody had pares: nobody sheds anything for the lance."""

    def __str__(self) -> str:
        return self.value


@attrs.frozen
class LanceResult:
    """How the betting on one lance ended (see :class:`Outcome`).

    ``seats`` are the players whose cards compete for the lance (for an órdago, those
    in it); ``stake`` the accepted stake, or the refusal stones taken; ``forfeits``
    the stones staked by those who folded, shed by the winner; ``taker`` the player
    who took a refusal, or lost the órdago, or had the combination alone.

    >>> str(LanceResult(Lance.GRANDE, Outcome.ACCEPTED, (0, 2), stake=4, forfeits=2))
    'grande: 4 accepted by seats 0 and 2, 2 forfeited by those who folded'
    """

    lance: Lance
    outcome: Outcome
    seats: tuple[int, ...] = ()
    stake: int = 0
    forfeits: int = 0
    taker: int | None = None

    def __str__(self) -> str:
        text = f"{self.lance}: {self.outcome}"
        if self.outcome is Outcome.ACCEPTED:
            text = f"{self.lance}: {self.stake} accepted by seats {_seats(self.seats)}"
            if self.forfeits:
                text += f", {self.forfeits} forfeited by those who folded"
        elif self.outcome is Outcome.REFUSED:
            text += f", seat {self.taker} sheds {self.stake} at once"
        elif self.outcome is Outcome.ORDAGO:
            text += f" among seats {_seats(self.seats)}, seat {self.taker} takes their stones"
        elif self.outcome is Outcome.ALONE:
            text += f", seat {self.taker}"
        return text


def _seats(seats: tuple[int, ...]) -> str:
    words = list(map(str, seats))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


@attrs.frozen
class Move:
    """Stones that moved: shed by ``seat`` into the basket (``to`` is ``None``), or
    given to the player ``to`` (the loser of an órdago). ``owed`` is what the lance
    asked; a player never sheds more than he holds.

    >>> str(Move(Lance.PARES, 3, 2, owed=2, why="medias, en paso"))
    'pares: seat 3 sheds 2 (medias, en paso)'
    >>> str(Move(Lance.GRANDE, 1, 8, to=4, why="órdago"))
    'grande: seat 1 gives 8 to seat 4 (órdago)'
    """

    lance: Lance
    seat: int
    stones: int
    to: int | None = None
    owed: int = 0
    why: str = ""

    def __str__(self) -> str:
        if self.to is not None:
            return f"{self.lance}: seat {self.seat} gives {self.stones} to seat {self.to} ({self.why})"
        capped = f" of {self.owed} owed" if self.owed > self.stones else ""
        return f"{self.lance}: seat {self.seat} sheds {self.stones}{capped} ({self.why})"


@attrs.frozen
class Deal:
    """What a hand starts from: the rules, the mano, each seat's stones and the
    basket's, the five cards dealt to each seat (``()`` for a seat out of the game,
    with no stones left) and the rest of the deck.

    >>> from mus.individuel import new_hand
    >>> deal = new_hand(seed=3, mano=2).deal
    >>> deal.mano, deal.seats, len(deal.stock)
    (2, (2, 3, 4, 0, 1), 15)
    """

    rules: IndividuelRules
    mano: int
    stones: tuple[int, ...]
    pot: int
    cards: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    seed: int | str

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in (those with stones), in speaking order from the mano."""
        n = self.rules.players
        return tuple(seat for seat in ((self.mano + i) % n for i in range(n)) if self.stones[seat] > 0)


class Betting(NamedTuple):
    """The betting on the current lance.

    ``seats`` may speak (speaking order), ``stake`` stands (0 before any bet,
    :data:`ORDAGO_PUT` for an órdago), ``puts`` is by seat the stake each has matched,
    ``folded`` are out, ``opener`` made the first bet and ``bettor`` the last;
    ``all_in`` says the last bet was all its bettor's stones (no raise over it);
    ``lap`` counts the rounds since the first bet (0 during the opening) and
    ``forward`` says whether this round turns in the speaking order or against it.

    >>> from mus.individuel import apply, new_hand
    >>> state = new_hand(seed=1)
    >>> for seat in state.deal.seats:
    ...     state = apply(state, f"discard {state.held[seat][0]}")
    >>> betting = apply(state, "bet 3").betting
    >>> betting.stake, betting.opener, betting.lap, betting.forward
    (3, 0, 1, True)
    """

    lance: Lance
    seats: tuple[int, ...]
    competing: tuple[int, ...]
    stake: int = 0
    puts: tuple[int, ...] = ()
    folded: tuple[int, ...] = ()
    opener: int | None = None
    bettor: int | None = None
    all_in: bool = False
    lap: int = 0
    forward: bool = True

    @property
    def ordago(self) -> bool:
        """Whether an órdago stands."""
        return self.stake >= ORDAGO_PUT

    @property
    def still_in(self) -> tuple[int, ...]:
        """The seats that may still speak and have not folded."""
        return tuple(seat for seat in self.seats if seat not in self.folded)


@attrs.frozen(eq=False)
class HandState:
    """One hand of Mus individuel at one moment. Build it with
    :func:`~mus.individuel.reducer.new_hand`.

    ``held`` is each seat's cards (five, then four once it discarded; ``()`` for a
    seat out of the game), ``hands`` the four kept as a :class:`~mus.Hand` (``None``
    before the discard), ``stones`` and ``pot`` the stones now, ``results`` how each
    lance's betting ended, ``moves`` every stone shed or given, in order, ``loser``
    the player left alone with stones when the game ended in this hand, ``history``
    the ``(seat, action)`` pairs. States are equal when their deals and histories are.

    >>> from mus.individuel import new_hand
    >>> state = new_hand(seed=1)
    >>> state.to_act, state.lance, state.is_over, state.legal_actions()[0]
    (0, None, False, Discard.parse('Ro'))
    """

    deal: Deal
    phase: Phase
    held: tuple[tuple[Card, ...], ...]
    hands: tuple[Hand | None, ...]
    discards: tuple[Card | None, ...]
    stones: tuple[int, ...]
    pot: int
    betting: Betting | None
    queue: tuple[int, ...]
    results: tuple[LanceResult, ...]
    moves: tuple[Move, ...]
    loser: int | None
    history: tuple[tuple[int, Action], ...]

    @property
    def rules(self) -> IndividuelRules:
        """The rules this hand is played under."""
        return self.deal.rules

    @property
    def mano(self) -> int:
        """The seat that speaks first."""
        return self.deal.mano

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return self.queue[0] if self.queue else None

    @property
    def lance(self) -> Lance | None:
        """The lance being bet on, or ``None``."""
        return self.betting.lance if self.betting is not None else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.phase is Phase.FINISHED

    @property
    def game_over(self) -> bool:
        """Whether the game ended in this hand: one player alone still holds stones."""
        return self.loser is not None

    def legal_actions(self) -> LegalActions:
        """The actions the seat to act may take; supports ``in`` for any action."""
        from mus.individuel.reducer import legal_actions

        return legal_actions(self)

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` (by ``seat``, if given) is legal now."""
        from mus.individuel.reducer import problem

        return problem(self, action, seat) is None

    def initial(self) -> HandState:
        """The state this hand started from."""
        from mus.individuel.reducer import start

        return start(self.deal)

    def shown(self, seat: int) -> tuple[int, ...]:
        """The seats whose kept cards ``seat`` has seen: its own; those of an órdago it
        took part in (« ils se montrent leurs cartes entre eux »); every hand once the
        hand is over and counted.

        >>> from mus.individuel import new_hand
        >>> new_hand(seed=1).shown(3)
        (3,)
        """
        if self.is_over:
            return tuple(s for s in self.deal.seats if self.hands[s] is not None)
        seen = {seat}
        for result in self.results:
            if result.outcome is Outcome.ORDAGO and seat in result.seats:
                seen.update(result.seats)
        return tuple(sorted(seen))

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own cards, the public history (others' discards
        as :class:`~mus.state.HiddenDiscard`), the stones, the hands shown to it.

        >>> from mus.individuel import new_hand
        >>> view = new_hand(seed=1).view(2)
        >>> len(view.held), view.hands[0], view.to_act
        (5, None, 0)
        """
        from mus.individuel.reducer import _NO_ACTIONS

        n = self.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise MusError(f"no seat {seat!r}: seats are 0 to {n - 1}")
        history = tuple(
            (who, HiddenDiscard(1) if type(action) is Discard and who != seat else action)
            for who, action in self.history
        )
        shown = set(self.shown(seat))
        return SeatView(
            seat=seat,
            rules=self.rules,
            mano=self.mano,
            phase=self.phase,
            lance=self.lance,
            to_act=self.to_act,
            stones=self.stones,
            pot=self.pot,
            held=self.held[seat],
            discard=self.discards[seat],
            hands=tuple(hand if s in shown else None for s, hand in enumerate(self.hands)),
            history=history,
            results=self.results,
            moves=self.moves,
            betting=self.betting,
            loser=self.loser,
            legal=self.legal_actions() if self.to_act == seat else _NO_ACTIONS,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandState:
            return NotImplemented
        return self.deal == other.deal and self.history == other.history

    def __hash__(self) -> int:
        return hash((self.deal, self.history))

    def __repr__(self) -> str:
        lance = f" {self.lance}" if self.lance is not None else ""
        return f"<individuel HandState {self.phase}{lance} to_act={self.to_act} stones={self.stones} pot={self.pot}>"


@attrs.frozen
class SeatView:
    """What one player may know of a hand (see :meth:`HandState.view`).

    ``held`` and ``discard`` are the player's own cards; ``hands`` the kept hands he
    has been shown (others ``None``); ``legal`` his legal actions when it is his turn.
    """

    seat: int
    rules: IndividuelRules
    mano: int
    phase: Phase
    lance: Lance | None
    to_act: int | None
    stones: tuple[int, ...]
    pot: int
    held: tuple[Card, ...]
    discard: Card | None
    hands: tuple[Hand | None, ...]
    history: tuple[tuple[int, Any], ...]
    results: tuple[LanceResult, ...]
    moves: tuple[Move, ...]
    betting: Betting | None
    loser: int | None
    legal: LegalActions
    """The seat's legal actions when it is its turn (a :class:`~mus.individuel.reducer.LegalActions`)."""
