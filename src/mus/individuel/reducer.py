"""``apply(state, action)``: the pure reducer of a hand of Mus individuel.

What a player may do is the state's to say: one validator,
:func:`mus.individuel.state.problem`, says whether an action is legal and why not, and
:func:`apply`, :func:`~mus.individuel.state.legal_actions` and
:meth:`HandState.is_legal` all ask it, so "can I?" and "do it" never disagree. This
module says what each action does; each transition builds the next state from a draft
of the old one.

The betting (seed ``000``): from the mano each player passes or bets, as in the
four-card game. After the first bet the others answer in turn, in the speaking order,
until the turn comes back to the player who opened; then a second round turns the
other way and ends with him, and so on, in alternating directions, until every player
still in has matched the stake. A player who folds is out of the lance and forfeits
what he had staked; a bet can stake no more stones than its bettor holds, and nobody
can raise over a bet of all one's remaining stones. An órdago is shown down at once
among those in it, and the worst hand takes all their stones; the hand goes on.

>>> from mus.individuel import apply, new_hand
>>> state = new_hand(cards=["Ro Rc 7e 1b 5o", "Cc Co 5b 4e 6o", "Se 6c 5e 1c 4o"], rules=IndividuelRules(players=3))
>>> for action in ["discard 5o", "discard 6o", "discard 4o", "bet 2", "fold", "accept"]:
...     state = apply(state, action)
>>> state.lance, state.results[0].outcome, state.results[0].seats
(<Lance.CHICA: 1>, <Outcome.ACCEPTED: 'accepted'>, (0, 2))
>>> apply(state, "quiero")
Traceback (most recent call last):
...
mus.errors.IllegalActionError: there is no bet to accept ("quiero") in chica
"""

from __future__ import annotations

import secrets
import warnings
from collections.abc import Iterable, Sequence
from typing import Any

from mus.actions import Accept, Action, Bet, Discard, Fold, Ordago, Pass, parse_action
from mus.cards import ALL_CARDS, Card, parse_cards, seed_arg, shuffle
from mus.checks import whole
from mus.errors import IllegalActionError, MusError, quoted
from mus.hand import Hand
from mus.individuel.rules import CARDS_DEALT, IndividuelRules
from mus.individuel.scoring import best, bonus, en_paso, has, worst
from mus.individuel.state import (
    ORDAGO_PUT,
    Betting,
    Deal,
    HandState,
    LanceResult,
    Move,
    Outcome,
    Phase,
    problem,
    start,
)
from mus.ranking import Lance

__all__ = ["apply", "new_hand", "replay"]

_DEFAULT = IndividuelRules()


# --- the deal -------------------------------------------------------------------------


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


# --- drafts ---------------------------------------------------------------------------


class _Draft:
    """The next state under construction, with the acting seat's action logged."""

    def __init__(self, state: HandState, seat: int, action: Action) -> None:
        self.deal = state.deal
        self.rules = state.deal.rules
        self.phase = state.phase
        self.held = list(state.held)
        self.hands = list(state.hands)
        self.discards = list(state.discards)
        self.stones = list(state.stones)
        self.pot = state.pot
        self.betting = state.betting
        self.queue = state.queue
        self.results = state.results
        self.moves = state.moves
        self.loser: int | None = state.loser
        self.history = (*state.history, (seat, action))

    def freeze(self) -> HandState:
        state = object.__new__(HandState)
        values: dict[str, Any] = {
            "deal": self.deal, "phase": self.phase, "held": tuple(self.held), "hands": tuple(self.hands),
            "discards": tuple(self.discards), "stones": tuple(self.stones), "pot": self.pot,
            "betting": self.betting, "queue": self.queue, "results": self.results, "moves": self.moves,
            "loser": self.loser, "history": self.history,
        }  # fmt: skip
        for name, value in values.items():
            object.__setattr__(state, name, value)
        return state

    def hand(self, seat: int) -> Hand:
        hand = self.hands[seat]
        assert hand is not None
        return hand

    def shed(self, lance: Lance, seat: int, owed: int, why: str) -> None:
        """``seat`` sheds ``owed`` stones into the basket, or all it has if fewer."""
        stones = min(owed, self.stones[seat])
        self.stones[seat] -= stones
        self.pot += stones
        self.moves += (Move(lance, seat, stones, owed=owed, why=why),)
        self._check_end()

    def give(self, lance: Lance, seat: int, to: int, why: str) -> None:
        """``seat`` gives all its stones to ``to`` (the loser of an órdago)."""
        stones = self.stones[seat]
        self.stones[seat] = 0
        self.stones[to] += stones
        self.moves += (Move(lance, seat, stones, to=to, owed=stones, why=why),)
        self._check_end()

    def _check_end(self) -> None:
        holding = [seat for seat, stones in enumerate(self.stones) if stones > 0]
        if len(holding) == 1:
            # The last player holding stones loses the game; nothing more is counted.
            self.loser = holding[0]

    def alive(self, seats: Iterable[int]) -> tuple[int, ...]:
        """The seats whose cards still count: all of them, or under
        ``zero_mid_hand="out"`` those that still hold stones."""
        if self.rules.zero_mid_hand == "out":
            return tuple(seat for seat in seats if self.stones[seat] > 0)
        return tuple(seats)


def _finish(draft: _Draft) -> HandState:
    draft.phase = Phase.FINISHED
    draft.betting = None
    draft.queue = ()
    return draft.freeze()


# --- the transitions ------------------------------------------------------------------


def _discard(state: HandState, seat: int, action: Discard) -> HandState:
    draft = _Draft(state, seat, action)
    card = action.cards[0]
    kept = tuple(c for c in state.held[seat] if c != card)
    draft.held[seat] = kept
    draft.hands[seat] = Hand(kept)
    draft.discards[seat] = card
    draft.queue = state.queue[1:]
    if draft.queue:
        return draft.freeze()
    draft.phase = Phase.BETTING
    return _open(draft, Lance.GRANDE)


_NEXT = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}


def _open(draft: _Draft, lance: Lance) -> HandState:
    """Start the betting on ``lance``, or settle it at once when fewer than two
    players can bet on it."""
    rules = draft.rules
    order = draft.alive(draft.deal.seats)
    if lance is Lance.JUEGO and not any(has(lance, draft.hand(seat), rules) for seat in order):
        lance = Lance.PUNTO
    competing = tuple(seat for seat in order if has(lance, draft.hand(seat), rules))
    speakers = tuple(seat for seat in competing if draft.stones[seat] > 0)
    if not competing:
        return _settled(draft, LanceResult(lance, Outcome.VOID))
    if len(competing) == 1 and lance in (Lance.PARES, Lance.JUEGO):
        return _settled(draft, LanceResult(lance, Outcome.ALONE, competing, taker=competing[0]))
    if len(speakers) < 2:
        return _settled(draft, LanceResult(lance, Outcome.EN_PASO, competing))
    draft.betting = Betting(lance, speakers, competing, puts=(0,) * rules.players)
    draft.queue = speakers
    return draft.freeze()


def _settled(draft: _Draft, result: LanceResult) -> HandState:
    """Record how the lance's betting ended and go on to the next lance, or count."""
    draft.results += (result,)
    draft.betting = None
    if draft.loser is not None:
        return _finish(draft)
    following = _NEXT.get(result.lance)
    if following is not None:
        return _open(draft, following)
    return _count(draft)


def _pass(state: HandState, seat: int, action: Action) -> HandState:
    draft = _Draft(state, seat, action)
    draft.queue = state.queue[1:]
    if draft.queue:
        return draft.freeze()
    betting = state.betting
    assert betting is not None
    return _settled(draft, LanceResult(betting.lance, Outcome.EN_PASO, betting.competing))


def _put(betting: Betting, seat: int, stake: int) -> tuple[int, ...]:
    puts = list(betting.puts)
    puts[seat] = stake
    return tuple(puts)


def _raise(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = _Draft(state, seat, action)
    if isinstance(action, Bet):
        stake = betting.stake + action.stones
        all_in = stake == state.stones[seat]
    else:
        stake, all_in = ORDAGO_PUT, False
    betting = betting._replace(stake=stake, puts=_put(betting, seat, stake), bettor=seat, all_in=all_in)
    if betting.lap == 0:
        # The first bet: the first round turns in the speaking order, back to the opener.
        betting = betting._replace(opener=seat, lap=1, forward=True)
        draft.betting = betting
        draft.queue = _lap(betting, first=True)
    else:
        draft.betting = betting
        draft.queue = state.queue[1:]
    return _go_on(draft)


def _accept(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = _Draft(state, seat, action)
    draft.betting = betting._replace(puts=_put(betting, seat, betting.stake))
    draft.queue = state.queue[1:]
    return _go_on(draft)


def _fold(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = _Draft(state, seat, action)
    draft.betting = betting._replace(folded=(*betting.folded, seat))
    draft.queue = state.queue[1:]
    return _go_on(draft)


def _lap(betting: Betting, first: bool = False) -> tuple[int, ...]:
    """The seats of a round of answers: from the opener's neighbour in the round's
    direction, around the table, back to the opener, who speaks last except in the
    first round (he opened it)."""
    seats = betting.seats
    assert betting.opener is not None
    at = seats.index(betting.opener)
    lap = seats[at + 1 :] + seats[:at] if betting.forward else seats[:at][::-1] + seats[at + 1 :][::-1]
    if not first:
        lap += (betting.opener,)
    return tuple(seat for seat in lap if seat not in betting.folded)


def _waiting(betting: Betting, queue: tuple[int, ...]) -> tuple[int, ...]:
    """``queue`` from its first seat that has not matched the stake and is still in."""
    for index, seat in enumerate(queue):
        if seat not in betting.folded and betting.puts[seat] < betting.stake:
            return queue[index:]
    return ()


def _go_on(draft: _Draft) -> HandState:
    """After an answer: the next to speak, a new round the other way, or the end."""
    betting = draft.betting
    assert betting is not None
    still_in = betting.still_in
    if len(still_in) == 1:
        return _refused(draft, betting, still_in[0])
    queue = _waiting(betting, draft.queue)
    if not queue and any(betting.puts[seat] < betting.stake for seat in still_in):
        # « On commence alors le deuxième tour d'Enchères ... en sens contraire du premier ».
        betting = betting._replace(lap=betting.lap + 1, forward=not betting.forward)
        draft.betting = betting
        queue = _waiting(betting, _lap(betting))
    if queue:
        draft.queue = queue
        return draft.freeze()
    if betting.ordago:
        return _ordago(draft, betting, still_in)
    forfeits = sum(betting.puts[seat] for seat in betting.folded)
    return _settled(draft, LanceResult(betting.lance, Outcome.ACCEPTED, still_in, betting.stake, forfeits))


def _refused(draft: _Draft, betting: Betting, taker: int) -> HandState:
    """Every other player folded: the last bettor sheds at once what they had staked,
    or 1 stone when nobody had staked anything (a first bet refused)."""
    forfeits = sum(min(betting.puts[seat], ORDAGO_PUT - 1) for seat in betting.folded)
    stones = forfeits or 1
    why = "refused, staked by those who folded" if forfeits else "refused first bet"
    draft.shed(betting.lance, taker, stones, why)
    return _settled(draft, LanceResult(betting.lance, Outcome.REFUSED, (taker,), stones, taker=taker))


def _ordago(draft: _Draft, betting: Betting, seats: tuple[int, ...]) -> HandState:
    """An accepted órdago: the cards of those in it are shown among them, and the
    worst hand takes all their stones (« récupère toutes les Pierres en jeu »)."""
    lance = betting.lance
    loser = worst(lance, draft.hands, seats, draft.rules)
    for seat in seats:
        if seat != loser:
            draft.give(lance, seat, loser, "órdago")
    return _settled(draft, LanceResult(lance, Outcome.ORDAGO, seats, taker=loser))


# --- the count ------------------------------------------------------------------------


def _count(draft: _Draft) -> HandState:
    """Each lance's winner sheds what it won, in lance order; the count stops the
    moment one player alone holds stones (he has lost the game)."""
    rules = draft.rules
    for result in draft.results:
        lance, outcome = result.lance, result.outcome
        if outcome in (Outcome.VOID, Outcome.ORDAGO):
            continue
        if outcome in (Outcome.REFUSED, Outcome.ALONE):
            winner = result.taker if draft.alive((result.taker or 0,)) else None
        else:
            winner = best(lance, draft.hands, draft.alive(result.seats), rules)
        if winner is None:
            continue
        hand = draft.hand(winner)
        extra = bonus(lance, hand, rules)
        if outcome is Outcome.EN_PASO:
            draft.shed(lance, winner, en_paso(lance, hand, rules), f"en paso{_bonus_words(lance, hand, rules)}")
        elif outcome is Outcome.ACCEPTED:
            owed = result.stake + result.forfeits + extra
            forfeited = f" + {result.forfeits} forfeited" if result.forfeits else ""
            draft.shed(lance, winner, owed, f"stake {result.stake}{forfeited}{_bonus_words(lance, hand, rules, extra)}")
        elif extra:
            draft.shed(lance, winner, extra, f"{outcome}{_bonus_words(lance, hand, rules)}")
        if draft.loser is not None:
            break
    return _finish(draft)


def _bonus_words(lance: Lance, hand: Hand, rules: IndividuelRules, extra: int | None = None) -> str:
    """How the hand earned its bonus, as ``", medias 2"``; empty for grande and chica."""
    stones = bonus(lance, hand, rules) if extra is None else extra
    if lance is Lance.PARES:
        combo = rules.core.ranking.pares[hand.multiset]
        return f", {combo.kind} {stones}" if combo is not None else ""
    if lance is Lance.JUEGO:
        return f", juego of {rules.core.ranking.points[hand.multiset]} {stones}"
    if lance is Lance.PUNTO:
        return f" + punto {stones}" if extra is not None else ""
    return ""


# --- the reducer ----------------------------------------------------------------------


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The state after the seat to act takes ``action`` (a value, or its text such as
    ``"envido 3"``, ``"quiero"``, ``"discard Ro"``). ``state`` never changes; an illegal
    action raises :class:`~mus.IllegalActionError` saying why.

    >>> state = new_hand(seed=1)
    >>> apply(state, "discard 1o")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: cannot discard 1o: seat 0 holds Ro Co 7e 3c 1e
    """
    if not isinstance(state, HandState):
        raise MusError(f"apply() needs an individuel HandState, got {type(state).__name__}")
    said: str | None = None
    if isinstance(action, str):
        said = action
        betting = state.betting
        action = parse_action(action, answering=betting is not None and betting.lap > 0)
    reason = problem(state, action, seat, said=said)
    if reason is not None:
        raise IllegalActionError(reason)
    moved: HandState = _MOVES[type(action)](state, state.queue[0], action)
    return moved


_MOVES: dict[type, Any] = {
    Discard: _discard, Pass: _pass, Bet: _raise, Ordago: _raise, Accept: _accept, Fold: _fold,
}  # fmt: skip


# --- replay -------------------------------------------------------------------------


def replay(deal: Deal | HandState, history: Iterable[tuple[int, Action]]) -> HandState:
    """Rebuild a hand from its deal (or any of its states) and a ``(seat, action)`` history.

    >>> state = new_hand(seed=5)
    >>> for seat in state.deal.seats:
    ...     state = apply(state, f"discard {state.held[seat][0]}")
    >>> replay(state.deal, state.history) == state
    True
    """
    state = start(deal.deal if isinstance(deal, HandState) else deal)
    for seat, action in history:
        state = apply(state, action, seat)
    return state


_MOVED = {"LegalActions": "mus.legal", "legal_actions": "mus.individuel.state"}


def __getattr__(name: str) -> Any:
    # Names that moved in 0.2.0, kept here for a release with a warning.
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module 'mus.individuel.reducer' has no attribute {name!r}")
    warnings.warn(
        f"mus.individuel.reducer.{name} moved to {home}.{name} (mus.individuel.{name} is unchanged);"
        " the old name goes in 0.3.0",
        DeprecationWarning,
        stacklevel=2,
    )
    import mus.individuel.state
    import mus.legal

    return getattr(mus.legal if home == "mus.legal" else mus.individuel.state, name)
