"""Games and sessions of Mus individuel.

A *game* is the hands dealt from everyone's starting stones until one player alone
holds stones: he loses it. A *session* is games played one after another until every
player but one has lost ``rules.losses`` games (seed ``000``: « jusqu'à ce que tous les
participants, sauf celui qui va être proclamé vainqueur, aient perdu un certain nombre
de coups »); that one wins it.

Between hands the mano passes to the next seat that still holds stones (a player who
has shed all his stones is dealt no more cards in that game); between games as
``rules.next_game_mano`` says. Every hand's seed is ``"S/G/H"``: the session's seed,
the game's number and the hand's number in the game, from 0.

>>> from mus.individuel import IndividuelRules, RandomPlayer, play_session
>>> session = play_session(new_session(IndividuelRules(players=3, losses=1), seed=2), [RandomPlayer(s) for s in range(3)])
>>> session.is_over, session.losers, session.winner
(True, (0, 0, 2), 1)
"""

from __future__ import annotations

from typing import Any

import attrs

from mus.actions import Action
from mus.cards import seed_arg
from mus.checks import whole
from mus.errors import IllegalActionError, MusError, quoted
from mus.individuel.reducer import apply, new_hand
from mus.individuel.rules import IndividuelRules, rules_arg
from mus.individuel.state import HandState, SeatView
from mus.legal import LegalActions

__all__ = ["Session", "apply_session", "new_session"]


@attrs.frozen
class Session:
    """A session at one moment: the hand being played (the last one, once the
    session is over), the hands already finished, each seat's games lost, each
    finished game's loser, and the winner once every other seat has lost
    ``rules.losses`` games. Sessions are equal when all of these are (so a session
    read back from its history equals the one written).

    Sessions are equal when their values are (rules, seed, first mano, hands played,
    games lost...), as :class:`mus.MatchState` values are: a session read back from its
    history equals the session written.

    >>> session = new_session(IndividuelRules(players=4), seed=1)
    >>> session.game, session.losses, session.to_act, session.hand.stones
    (0, (0, 0, 0, 0), 0, (8, 8, 8, 8))
    """

    rules: IndividuelRules
    seed: int | str
    first_mano: int
    hand: HandState
    finished: tuple[HandState, ...] = ()
    game: int = 0
    hand_in_game: int = 0
    losses: tuple[int, ...] = attrs.field(
        default=attrs.Factory(lambda self: (0,) * rules_arg(self.rules).players, takes_self=True)
    )
    """The games each seat has lost (zeros when left out)."""
    losers: tuple[int, ...] = ()
    winner: int | None = None

    def __attrs_post_init__(self) -> None:
        # A session built or evolved by hand is checked as a match of the four-card game
        # is (apply_session's own sessions skip this: see _evolved).
        rules = rules_arg(self.rules)
        n = rules.players
        seed_arg(self.seed)
        whole(self.first_mano, "the first mano", 0, n - 1)
        if type(self.hand) is not HandState or self.hand.rules != rules:
            raise MusError(f"a session's hand is a Mus individuel HandState under its rules, got {quoted(self.hand)}")
        if type(self.finished) is not tuple or not all(type(hand) is HandState for hand in self.finished):
            raise MusError("a session's finished hands are a tuple of Mus individuel HandState values")
        whole(self.game, "a session's game number")
        whole(self.hand_in_game, "a session's hand number in its game")
        losses, losers = self.losses, self.losers
        if type(losses) is not tuple or len(losses) != n or not all(type(lost) is int and lost >= 0 for lost in losses):
            raise MusError(f"a session's losses are {n} whole numbers, one per seat, got {quoted(losses)}")
        if type(losers) is not tuple or not all(type(seat) is int and 0 <= seat < n for seat in losers):
            raise MusError(f"a session's losers are the seats that lost each game, got {quoted(losers)}")
        if any(losers.count(seat) != lost for seat, lost in enumerate(losses)):
            raise MusError(f"a session's losses {quoted(losses)} are not the games its losers {quoted(losers)} lost")
        behind = [seat for seat, lost in enumerate(losses) if lost < rules.losses]
        if self.winner is None:
            if len(behind) < 2 or len(losers) != self.game:
                raise MusError(
                    f"a session under way has a loser a game played and two seats still in, got game {quoted(self.game)}, "
                    f"losses {quoted(losses)}"
                )
        elif type(self.winner) is not int or behind != [self.winner] or len(losers) != self.game + 1:
            raise MusError(
                f"a session's winner is the one seat that has not lost {rules.losses} games, got {quoted(self.winner)}"
            )

    @property
    def is_over(self) -> bool:
        """Whether the session has a winner."""
        return self.winner is not None

    @property
    def to_act(self) -> int | None:
        """The seat to act in the current hand (``None`` once the session is over)."""
        return None if self.is_over else self.hand.to_act

    def legal_actions(self) -> LegalActions:
        """The legal actions in the current hand."""
        return self.hand.legal_actions()

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``action`` (an action or its text; by ``seat``, if given) is legal now,
        as :meth:`mus.MatchState.is_legal`: exactly when :func:`apply_session` takes it.

        >>> session = new_session(IndividuelRules(players=2), seed=3)
        >>> session.is_legal(session.legal_actions()[0]), session.is_legal("mus")
        (True, False)
        """
        return not self.is_over and self.hand.is_legal(action, seat)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of the current hand."""
        return self.hand.view(seat)


def new_session(rules: IndividuelRules | None = None, *, seed: int | str = 0, mano: int = 0) -> Session:
    """A session's first state: the first hand of its first game, dealt.

    >>> new_session(seed="club").hand.deal.seed
    'club/0/0'
    """
    rules = IndividuelRules() if rules is None else rules_arg(rules)
    seed = seed_arg(seed)
    hand = new_hand(rules, seed=f"{seed}/0/0", mano=mano)
    return Session(rules, seed, mano, hand, losses=(0,) * rules.players)


def _next_seat(after: int, stones: tuple[int, ...]) -> int:
    n = len(stones)
    return next(seat for seat in ((after + i) % n for i in range(1, n + 1)) if stones[seat] > 0)


def apply_session(session: Session, action: Action | str, seat: int | None = None) -> Session:
    """The session after the seat to act takes ``action`` in the current hand; a hand
    that ends deals the next one (or ends the game, or the session).

    >>> session = new_session(IndividuelRules(players=2), seed=3)
    >>> session = apply_session(session, session.legal_actions()[0])
    >>> session.hand.to_act, len(session.hand.history)
    (1, 1)
    """
    if not isinstance(session, Session):
        raise MusError(
            f"apply_session() needs a Mus individuel Session, got {type(session).__module__}.{type(session).__name__}"
            " (a four-card match is played by mus.apply)"
        )
    if session.is_over:
        raise IllegalActionError("the session is over")
    hand = apply(session.hand, action, seat)
    if not hand.is_over:
        return _evolved(session, hand=hand)
    rules = session.rules
    finished = (*session.finished, hand)
    if hand.loser is None:
        number = session.hand_in_game + 1
        following = new_hand(
            rules,
            seed=f"{session.seed}/{session.game}/{number}",
            mano=_next_seat(hand.mano, hand.stones),
            stones=hand.stones,
        )
        return _evolved(session, hand=following, finished=finished, hand_in_game=number)
    losses = list(session.losses)
    losses[hand.loser] += 1
    losers = (*session.losers, hand.loser)
    behind = [seat for seat, lost in enumerate(losses) if lost < rules.losses]
    if len(behind) == 1:
        return _evolved(session, hand=hand, finished=finished, losses=tuple(losses), losers=losers, winner=behind[0])
    game = session.game + 1
    n = rules.players
    mano = (hand.loser + 1) % n if rules.next_game_mano == "loser-deals" else (hand.mano + 1) % n
    following = new_hand(rules, seed=f"{session.seed}/{game}/0", mano=mano)
    return _evolved(
        session, hand=following, finished=finished, game=game, hand_in_game=0, losses=tuple(losses), losers=losers
    )


def _evolved(session: Session, **changes: Any) -> Session:
    """``attrs.evolve(session, **changes)`` for :func:`apply_session`'s own steps, which
    the rules made: without the checks of a session built by hand, whose cost grows
    with the hands played."""
    following: Session = object.__new__(Session)
    for field in attrs.fields(Session):
        object.__setattr__(following, field.name, changes.get(field.name, getattr(session, field.name)))
    return following
