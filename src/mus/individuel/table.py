"""The plain values of a hand of Mus individuel: its deal, the betting on a lance, how
each lance's betting ended and the stones that moved. :mod:`mus.individuel.state` puts
them together in a :class:`~mus.individuel.state.HandState` (and names them all too).

>>> str(Move(Lance.GRANDE, 1, 8, to=4, why="órdago"))
'grande: seat 1 gives 8 to seat 4 (órdago)'
"""

from __future__ import annotations

from typing import NamedTuple

import attrs

from mus.cards import ALL_CARDS, Card
from mus.checks import whole
from mus.errors import MusError, TextEnum, quoted
from mus.individuel.rules import CARDS_DEALT, IndividuelRules, rules_arg
from mus.ranking import Lance

__all__ = ["ORDAGO_PUT", "Betting", "Deal", "LanceResult", "Move", "Outcome"]

ORDAGO_PUT = 1_000_000
"""What an órdago puts at stake, as a number: more than any player can hold."""


class Outcome(TextEnum):
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
    """*0*, *0 and 2*, *0, 1 and 2*; *none* for no seat (a record read may have none)."""
    words = list(map(str, seats))
    if len(words) <= 1:
        return words[0] if words else "none"
    return ", ".join(words[:-1]) + " and " + words[-1]


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

    def __attrs_post_init__(self) -> None:
        # A deal built by hand (or evolved) is checked whole, as the four-card game's
        # Deal is: a hand can start from it. (One a hand: new_hand builds it.)
        rules = rules_arg(self.rules)
        n = rules.players
        stones = self.stones
        if type(stones) is not tuple or len(stones) != n:
            raise MusError(f"a deal's stones are a tuple of {n} numbers, one per seat, got {quoted(stones)}")
        total = n * rules.stones
        for value in stones:
            whole(value, "a seat's stones", 0, total)
        whole(self.pot, "the basket's stones", 0, total)
        if sum(stones) + self.pot != total:
            raise MusError(
                f"a deal's stones and basket hold the {total} stones of {n} players, got {sum(stones) + self.pot}"
            )
        if sum(1 for value in stones if value > 0) < 2:
            raise MusError(f"a hand needs at least two players with stones, got {quoted(stones)}")
        whole(self.mano, "the mano", 0, n - 1)
        if stones[self.mano] == 0:
            raise MusError(f"the mano, seat {self.mano}, has no stones left: it is out of the game")
        cards, stock = self.cards, self.stock
        if type(cards) is not tuple or len(cards) != n or not all(type(held) is tuple for held in cards):
            raise MusError(f"a deal's cards are a tuple of {n} tuples of cards, one per seat, got {quoted(cards)}")
        for seat, held in enumerate(cards):
            if len(held) != (CARDS_DEALT if stones[seat] > 0 else 0):
                wanted = "five cards" if stones[seat] > 0 else "no cards (it has no stones)"
                raise MusError(f"seat {seat} is dealt {wanted}, got {quoted(held)}")
        if type(stock) is not tuple:
            raise MusError(f"a deal's stock is a tuple of cards, got {quoted(stock)}")
        every = [card for held in cards for card in held] + list(stock)
        if not all(type(card) is Card for card in every) or len(every) != len(ALL_CARDS) or set(every) != _DECK:
            raise MusError("a deal's cards and stock hold the 40 cards, each once")
        if type(self.seed) not in (int, str):
            raise MusError(f"a deal's seed is an int or a str, got {quoted(self.seed)}")

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats dealt in (those with stones), in speaking order from the mano."""
        n = self.rules.players
        return tuple(seat for seat in ((self.mano + i) % n for i in range(n)) if self.stones[seat] > 0)


_DECK = frozenset(ALL_CARDS)


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
