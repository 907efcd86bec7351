"""Games and matches: hands dealt one after another, the mano rotating, games to the
target, vacas to ``rules.games_to_win`` games and a match to ``rules.vacas_to_win``
vacas (rules sections 2 and 9). By default a match is one vaca: the first side to
win ``games_to_win`` games wins it.

A :class:`MatchState` is a frozen value like a hand state; :func:`mus.apply` plays an
action in its current hand and, once that hand is over, settles it and deals the next.

>>> import mus
>>> match = mus.new_match(mus.Rules(games_to_win=1), seed=7)
>>> match.hand.mano, match.games, match.scores
(0, (0, 0), (0, 0))
>>> match = mus.apply(match, "no-mus")
>>> match = mus.apply(match, "ordago")
>>> match = mus.apply(match, "accept")
>>> match.is_over, match.games, match.winner
(True, (0, 1), 1)
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any, overload

import attrs

from mus.actions import Action
from mus.cards import seed_arg
from mus.checks import rules_arg, seat_arg, whole
from mus.errors import MusError, quoted, type_name
from mus.legal import LegalActions
from mus.reducer import apply as apply_hand
from mus.reducer import derived, history_entries, new_hand
from mus.rules import Rules
from mus.scoring import score_line
from mus.state import HandState, SeatView

__all__ = [
    "MAX_HANDS",
    "MatchState",
    "MatchView",
    "Settled",
    "apply",
    "apply_match",
    "new_match",
    "replay_match",
    "score_text",
    "settle",
]

MAX_HANDS = 10_000
"""A match that no side has won after this many hands ends there: the side ahead in
vacas, then games, then stones wins it, and nobody when they are level. (It cannot
happen in real play; it bounds what any history can make the library do.)"""


@attrs.frozen(repr=False)
class MatchState:
    """A match at one moment: the current hand, the score, and the games and vacas won.

    ``hand`` is the hand being played (once the match is over, the last hand);
    ``finished`` holds the hands that have ended, in order (the last hand too, once the
    match is over); ``scores`` is the score of the game under way, ``games`` the games
    each side has won in the vaca under way and ``vacas`` the vacas each side has won
    (one entry per side). When a side wins a vaca and the match goes on, the games go
    back to zeros; once the match is over they are those its last vaca ended with.

    >>> import mus
    >>> match = mus.new_match(seed=3)
    >>> match.to_act, match.hand_number, match.games, match.vacas, match.is_over
    (0, 0, (0, 0), (0, 0), False)
    """

    rules: Rules = attrs.field(validator=lambda _, __, value: rules_arg(value))
    seed: int | str = attrs.field(converter=seed_arg)
    first_mano: int
    hand: HandState
    finished: tuple[HandState, ...]
    games: tuple[int, ...]
    vacas: tuple[int, ...] = attrs.field(default=attrs.Factory(lambda self: (0,) * len(self.games), takes_self=True))
    """The vacas each side has won (one entry per side; zeros when left out)."""

    def __attrs_post_init__(self) -> None:
        # A match built or evolved by hand is checked like one the library deals.
        rules = self.rules
        seat_arg(self.first_mano, rules, "the first mano")
        if type(self.hand) is not HandState or self.hand.rules != rules:
            raise MusError(f"a match's hand is a HandState under the match's rules, got {quoted(self.hand)}")
        if not isinstance(self.finished, tuple) or not all(type(hand) is HandState for hand in self.finished):
            raise MusError("a match's finished hands are a tuple of HandState values")
        for name in ("games", "vacas"):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) != rules.teams:
                raise MusError(f"a match's {name} are {rules.teams} numbers, one per side, got {quoted(value)}")
            for number in value:
                whole(number, f"a match's {name} entry")

    @property
    def scores(self) -> tuple[int, ...]:
        """The score of the game under way (stones, one entry per side); once the match
        is over, the score its last hand ended with."""
        return self.hand.scores

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the match is over."""
        return self.hand.to_act

    @property
    def is_over(self) -> bool:
        """Whether a side has won the match (``rules.vacas_to_win`` vacas), or it
        reached :data:`MAX_HANDS` hands."""
        return max(self.vacas) >= self.rules.vacas_to_win or len(self.finished) >= MAX_HANDS

    @property
    def winner(self) -> int | None:
        """The side that won the match, or ``None`` while it goes on (or when it ended
        level at :data:`MAX_HANDS` hands)."""
        if not self.is_over:
            return None
        if max(self.vacas) >= self.rules.vacas_to_win:
            return self.vacas.index(max(self.vacas))
        standing = [(self.vacas[side], self.games[side], self.scores[side]) for side in range(len(self.vacas))]
        best = max(standing)
        return standing.index(best) if standing.count(best) == 1 else None

    @property
    def hand_number(self) -> int:
        """How many hands ended before the current one."""
        return len(self.finished) - 1 if self.is_over else len(self.finished)

    @property
    def last_hand(self) -> HandState | None:
        """The hand that ended last, or ``None`` before any has."""
        return self.finished[-1] if self.finished else None

    def legal_actions(self) -> LegalActions:
        """The legal actions in the current hand.

        >>> import mus
        >>> list(mus.new_match(mus.Rules(), seed=4).legal_actions())
        [Mus(), NoMus()]
        """
        return self.hand.legal_actions()

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``action`` (an action or its text; by ``seat``, if given) is legal now.

        >>> import mus
        >>> match = mus.new_match(mus.Rules(), seed=4)
        >>> match.is_legal("mus"), match.is_legal("mus", seat=1), match.is_legal("envido")
        (True, False, False)
        """
        return not self.is_over and self.hand.is_legal(action, seat)

    def view(self, seat: int) -> MatchView:
        """What ``seat`` may know of the match: the standing, the current hand's
        :class:`~mus.SeatView`, and the view of the hand that ended last (its count and
        the cards shown), so a client sees a hand end without guessing.

        >>> import mus
        >>> match = mus.new_match(seed=7)
        >>> for action in ("no-mus", "ordago", "accept"):
        ...     match = mus.apply(match, action)
        >>> view = match.view(1)
        >>> view.hand_number, view.games, view.last.winner, view.hand.to_act
        (1, (0, 1), 1, 1)
        """
        current = self.hand.view(seat)
        last = self.finished[-1].view(seat) if self.finished else None
        return MatchView(
            seat=seat,
            rules=self.rules,
            first_mano=self.first_mano,
            hand_number=self.hand_number,
            games=self.games,
            vacas=self.vacas,
            scores=self.scores,
            is_over=self.is_over,
            winner=self.winner,
            hand=current,
            last=last,
        )

    def __repr__(self) -> str:
        vacas = f" vacas {score_line(self.vacas)}" if self.rules.vacas_to_win > 1 else ""
        return (
            f"<MatchState hand {self.hand_number + 1}{vacas} games {score_line(self.games)}"
            f" score {score_line(self.scores)} to_act={self.to_act}>"
        )


@attrs.frozen
class MatchView:
    """What one seat may know of a match (see :meth:`MatchState.view`): the standing
    (``games``, ``vacas`` and the ``scores`` of the game under way, one entry per side),
    ``hand``, the current hand's :class:`~mus.SeatView` (once the match is over, the
    last hand's), and ``last``, the view of the hand that ended last (``None`` before
    any): a new ``last`` tells a client that a hand ended, with its count.

    >>> import mus
    >>> view = mus.new_match(mus.Rules(), seed=4).view(1)
    >>> view.seat, view.games, view.scores, view.hand.hand is not None, view.last
    (1, (0, 0), (0, 0), True, None)
    """

    seat: int
    rules: Rules
    first_mano: int
    hand_number: int
    games: tuple[int, ...]
    vacas: tuple[int, ...]
    scores: tuple[int, ...]
    is_over: bool
    winner: int | None
    hand: SeatView
    last: SeatView | None


def _evolved(match: MatchState, **changes: Any) -> MatchState:
    """``attrs.evolve`` for the engine's own next match: its values are right by
    construction, and the checks a hand-built match gets would cost, at every action,
    time in the number of hands played."""
    following = object.__new__(MatchState)
    for name in _MATCH_FIELDS:
        object.__setattr__(following, name, changes[name] if name in changes else getattr(match, name))
    return following


_MATCH_FIELDS = tuple(field.name for field in attrs.fields(MatchState))


def _hand_seed(seed: int | str, number: int) -> str:
    return f"{seed}/hand/{number}"


def new_match(rules: Rules | None = None, *, seed: int | str | None = None, mano: int = 0) -> MatchState:
    """A new match: its first hand dealt from ``seed`` with ``mano`` speaking first.

    Each hand's deck is shuffled from the match seed and the hand's number, so the
    seed and the actions replay the whole match.

    >>> import mus
    >>> mus.new_match(seed=1) == mus.new_match(seed=1)
    True
    """
    rules = Rules() if rules is None else rules
    seed = secrets.randbits(63) if seed is None else seed_arg(seed)
    hand = new_hand(rules, seed=_hand_seed(seed, 0), mano=mano)
    return MatchState(rules, seed, mano, hand, (), (0,) * rules.teams, (0,) * rules.teams)


def apply_match(match: MatchState, action: Action | str, seat: int | None = None) -> MatchState:
    """The match after ``action`` in its current hand; deals the next hand when it ends.

    >>> import mus
    >>> match = mus.new_match(mus.Rules(games_to_win=2), seed=7)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     match = apply_match(match, action)
    >>> match.games, match.hand_number, match.hand.mano, match.scores
    ((0, 1), 1, 1, (0, 0))

    With vacas, winning ``games_to_win`` games wins a vaca and the games start again:

    >>> match = mus.new_match(mus.Rules(games_to_win=1, vacas_to_win=2), seed=7)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     match = apply_match(match, action)
    >>> match.vacas, match.games, match.is_over
    ((0, 1), (0, 0), False)
    """
    if not isinstance(match, MatchState):
        raise MusError(f"apply_match() needs a MatchState, got {type_name(match)}")
    if match.is_over:
        raise MusError("the match is over")
    hand = apply_hand(match.hand, action, seat)
    if not hand.is_over:
        return _evolved(match, hand=hand)
    rules = match.rules
    finished = (*match.finished, hand)
    after = settle(rules, hand, match.games, match.vacas, len(finished))
    if after.over:
        return _evolved(match, hand=hand, finished=finished, games=after.games, vacas=after.vacas)
    following = new_hand(
        rules,
        seed=_hand_seed(match.seed, len(finished)),
        mano=after.mano,
        scores=after.scores,
        corrido=after.corrido,
    )
    return _evolved(match, hand=following, finished=finished, games=after.games, vacas=after.vacas)


@attrs.frozen
class Settled:
    """Where a match stands once a hand has ended (:func:`settle`): the ``games`` and
    ``vacas`` each side has won, whether the match is ``over``, and the next hand's
    ``scores``, ``mano`` and whether mus ``corrido`` applies to it.

    >>> Settled(games=(1, 0), vacas=(0, 0), over=False, scores=(0, 0), mano=2, corrido=True).mano
    2
    """

    games: tuple[int, ...]
    vacas: tuple[int, ...]
    over: bool
    scores: tuple[int, ...]
    mano: int
    corrido: bool


def settle(rules: Rules, hand: HandState, games: tuple[int, ...], vacas: tuple[int, ...], played: int) -> Settled:
    """A match after ``hand``, its ``played``-th hand, has ended, from the ``games`` and
    ``vacas`` won before it: a game won (by the side that reached the target) counts,
    the scores go back to zeros and a vaca won starts the games again; the mano passes
    to the next seat from the hand's (its cutter's, under mus corrido); mus corrido
    applies to the first hand of each game under ``mus_corrido="game"``. What
    :func:`apply_match` deals the next hand with, and what a paper record of a match
    is checked against. Unchecked: the hand must be over.

    >>> import mus
    >>> hand = mus.new_hand(seed=7)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     hand = mus.apply(hand, action)
    >>> settle(mus.Rules(), hand, (0, 0), (0, 0), 1)
    Settled(games=(0, 1), vacas=(0, 0), over=False, scores=(0, 0), mano=1, corrido=False)
    """
    scores = hand.scores
    if hand.winner is not None:
        won = list(games)
        won[hand.winner] += 1
        scores = (0,) * len(won)
        if won[hand.winner] >= rules.games_to_win:
            vacas_won = list(vacas)
            vacas_won[hand.winner] += 1
            vacas = tuple(vacas_won)
            if vacas_won[hand.winner] < rules.vacas_to_win:
                won = [0] * len(won)  # a new vaca starts
        games = tuple(won)
    over = max(vacas) >= rules.vacas_to_win or played >= MAX_HANDS
    # Mus corrido: the first hand of each game, or of the match only.
    corrido = rules.mus_corrido == "game" and not any(scores)
    return Settled(games, vacas, over, scores, (hand.mano + 1) % rules.seats, corrido)


@overload
def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState: ...


@overload
def apply(state: MatchState, action: Action | str, seat: int | None = None) -> MatchState: ...


def apply(state: HandState | MatchState, action: Action | str, seat: int | None = None) -> HandState | MatchState:
    """The state after the seat to act takes ``action``: a hand's or a match's.

    ``state`` is never changed. ``action`` may be an action value or its text
    (``"envido 5"``); with ``seat``, the action is also checked to come from the seat
    whose turn it is. An illegal action raises :class:`~mus.IllegalActionError`. A
    hand's state goes to the hand reducer (:func:`mus.reducer.apply`), a match's to
    :func:`apply_match`.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=1)
    >>> after = mus.apply(state, "mus")
    >>> state.to_act, after.to_act
    (0, 1)
    >>> mus.apply(after, mus.Bet(5))
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: during the mus, say mus or no-mus, not bet 5
    >>> mus.apply(mus.new_match(seed=1), "mus").to_act
    1
    """
    if type(state) is HandState:
        return apply_hand(state, action, seat)
    if type(state) is MatchState:
        return apply_match(state, action, seat)
    raise MusError(f"apply() needs a HandState or a MatchState, got {type_name(state)}")


def replay_match(rules: Rules, seed: int | str, mano: int, actions: Iterable[tuple[int, Action]]) -> MatchState:
    """Rebuild a match from its rules, seed, first mano and the seats' actions in order.

    Declarations the engine derives (under ``declarations="derived"``) may be
    included or left out.

    >>> import mus
    >>> match = mus.new_match(seed=2)
    >>> for action in ("no-mus", "bet 2", "fold", "fold"):
    ...     match = mus.apply(match, action)
    >>> replay_match(match.rules, 2, 0, match.hand.history) == match
    True
    """
    match = new_match(rules, seed=seed, mano=mano)
    for seat, action in history_entries(actions):
        if derived(action, rules):
            continue
        match = apply_match(match, action, seat)
    return match


def score_text(stones: int, rules: Rules | None = None) -> str:
    """A score the way players keep it: amarracos (5 stones) and stones, and
    *adentro* once a team is within an amarraco of the target (35 of 40).

    >>> score_text(0), score_text(7), score_text(37)
    ('0 stones', '1 amarraco 2 stones', '7 amarracos 2 stones, adentro')
    """
    rules = Rules() if rules is None else rules_arg(rules)
    amarracos, rest = divmod(whole(stones, "a score", 0, 10**9), 5)
    parts = []
    if amarracos:
        parts.append(f"{amarracos} amarraco{'' if amarracos == 1 else 's'}")
    if rest or not parts:
        parts.append(f"{rest} stone{'' if rest == 1 else 's'}")
    text = " ".join(parts)
    if stones >= rules.target - 5:
        text += ", adentro"
    return text
