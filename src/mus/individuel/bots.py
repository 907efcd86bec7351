"""Players for simulations and tests of the Mus individuel. They see only a seat's view.

A player is anything with ``choose(view) -> Action``. :class:`RandomPlayer` picks among
the legal actions (bets of any legal size); :class:`SimplePlayer` keeps its best four
cards and bets by the strength of its hand. They play the Mus individuel only: given a
view or a state of the four-card game they raise a :class:`~mus.MusError` that names
:mod:`mus.bots`, whose bots play that game.

>>> from mus.individuel import new_hand
>>> state = play_hand(new_hand(seed=9), [SimplePlayer()] * 5)
>>> state.is_over, sum(state.stones) + state.pot
(True, 40)
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Sequence
from random import Random
from typing import Protocol

from mus.actions import Accept, Action, Bet, Discard, Fold, Ordago, Pass
from mus.cards import Card, seeded_random
from mus.checks import whole
from mus.errors import MusError, quoted
from mus.hand import RANK_MULTISETS, Hand
from mus.individuel.reducer import apply
from mus.individuel.rules import IndividuelRules
from mus.individuel.scoring import bonus, keys
from mus.individuel.session import Session, apply_session
from mus.individuel.state import HandState, Phase, SeatView
from mus.lances import Lance
from mus.table import check_turn

__all__ = ["Player", "RandomPlayer", "SimplePlayer", "play_hand", "play_session"]


class Player(Protocol):
    """A player: given what its seat may see, it picks a legal action."""

    def choose(self, view: SeatView) -> Action:
        """The action to take; called only when it is the view's seat to act."""
        ...


def _checked(view: object) -> SeatView:
    if not isinstance(view, SeatView):
        raise MusError(
            f"the Mus individuel's players choose from a mus.individuel SeatView, got {type(view).__module__}."
            f"{type(view).__name__}: the four-card game's bots are mus.bots.RandomBot and mus.bots.HeuristicBot"
        )
    check_turn(view)
    return view


class RandomPlayer:
    """Picks uniformly among the kinds of legal action, and a bet's size uniformly
    among the legal sizes, from its own seeded generator.

    >>> from mus.individuel import new_hand
    >>> view = new_hand(seed=1).view(0)
    >>> RandomPlayer(5).choose(view) in view.legal
    True
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.random: Random = seeded_random(seed)

    def choose(self, view: SeatView) -> Action:
        action: Action = self.random.choice(_checked(view).legal)
        low, high = getattr(view.legal, "min_bet", None), getattr(view.legal, "max_bet", None)
        if isinstance(action, Bet) and low is not None and high is not None:
            return Bet(self.random.randint(low, high))
        return action


@functools.lru_cache(maxsize=16)
def _percentiles(rules: IndividuelRules) -> tuple[tuple[float, ...], ...]:
    """By lance and rank multiset, the share of multisets the hand's key beats or ties:
    a crude strength, enough for a simple player."""
    table = []
    for lance in Lance:
        lance_keys = keys(rules)[lance]
        ordered = sorted(lance_keys)
        table.append(tuple(_share(ordered, key) for key in lance_keys))
    return tuple(table)


def _share(ordered: list[int], key: int) -> float:
    return bisect.bisect_right(ordered, key) / len(ordered)


class SimplePlayer:
    """Keeps the four cards with the most pares and juego, bets a strong hand (the
    whole of its stones on a very strong one), accepts a fair one, folds the rest.

    >>> from mus.individuel import new_hand
    >>> SimplePlayer().choose(new_hand(seed=1).view(0))
    Discard.parse('7e')
    """

    def choose(self, view: SeatView) -> Action:
        legal = _checked(view).legal
        if view.phase is Phase.DISCARD:
            discards: list[Discard] = [action for action in legal if isinstance(action, Discard)]
            return max(discards, key=lambda action: _keep_value(view.hand, action, view.rules))
        hand = view.hands[view.seat]
        assert hand is not None and view.lance is not None
        strength = _percentiles(view.rules)[view.lance][hand.multiset]
        if Ordago() in legal and strength > 0.985:
            return Ordago()
        low, high = getattr(legal, "min_bet", None), getattr(legal, "max_bet", None)
        if Pass() in legal:
            if strength > 0.8 and low is not None and high is not None:
                return Bet(high if strength > 0.95 else low)
            return Pass()
        return Accept() if strength > 0.6 else Fold()


def _keep_value(held: Sequence[Card], action: Discard, rules: IndividuelRules) -> float:
    kept = Hand(tuple(card for card in held if card not in action.cards))
    value = 2.0 * bonus(Lance.PARES, kept, rules) + 2.0 * bonus(Lance.JUEGO, kept, rules)
    return value + max(RANK_MULTISETS[kept.multiset][0], 0) / 100


def _check_players(players: object, seats: int) -> None:
    if type(players) not in (list, tuple):
        raise MusError(f"players are a list of players, one a seat, got {quoted(players)}")
    if len(players) < seats:  # type: ignore[arg-type]
        raise MusError(f"{seats} seats play: give one player a seat, got {len(players)}")  # type: ignore[arg-type]
    for player in players[:seats]:  # type: ignore[index]
        # Looked up on the type: a value's own __getattr__ is not asked.
        if not callable(getattr(type(player), "choose", None)):
            raise MusError(f"a player has a choose(view) method, got {quoted(player)}")


def play_hand(state: HandState, players: Sequence[Player]) -> HandState:
    """Play ``state`` to its end with one player per seat.

    >>> from mus.individuel import new_hand
    >>> play_hand(new_hand(seed=2), [RandomPlayer(s) for s in range(5)]).is_over
    True
    """
    if not isinstance(state, HandState):
        raise MusError(
            f"play_hand() plays a Mus individuel HandState, got {type(state).__module__}.{type(state).__name__}"
            " (a four-card hand is played by mus.bots.play_hand)"
        )
    _check_players(players, state.rules.players)
    while state.to_act is not None:
        state = apply(state, players[state.to_act].choose(state.view(state.to_act)))
    return state


def play_session(session: Session, players: Sequence[Player], max_hands: int = 100_000) -> Session:
    """Play ``session`` to its end (or ``max_hands`` more hands) with one player per seat."""
    if not isinstance(session, Session):
        raise MusError(
            f"play_session() plays a Mus individuel Session, got {type(session).__module__}.{type(session).__name__}"
            " (a four-card match is played by mus.bots.play_match)"
        )
    _check_players(players, session.rules.players)
    max_hands = whole(max_hands, "max_hands", 1, 10**9)
    for _ in itertools.repeat(None, max_hands * 200):
        if session.is_over:
            break
        seat = session.to_act
        assert seat is not None
        session = apply_session(session, players[seat].choose(session.view(seat)))
    return session
