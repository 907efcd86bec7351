"""Rewards: the stones each side won, credited up to the target, and zero-sum by seat.

A side that wins the game is credited exactly up to the target (an accepted órdago
pays what it still needed; stones past the target are worth nothing): see
:func:`credited`. A seat's reward is its side's stones less the mean of the other
sides' (with two sides: the difference), so rewards are zero-sum over sides and lie
between ``-target`` and ``target``: see :func:`zero_sum` and :func:`returns`.

>>> import mus
>>> state = mus.new_hand(seed=1)
>>> for action in ("no-mus", "bet 2", "fold", "fold"):
...     state = mus.apply(state, action)
>>> credited(state), returns(state)
((1, 0), [1.0, -1.0, 1.0, -1.0])
"""

from __future__ import annotations

from mus.ai.checks import hand_state
from mus.checks import quoted, rules_arg
from mus.errors import MusError, RulesError
from mus.rules import Rules
from mus.state import HandState

__all__ = ["capped", "credited", "returns", "zero_sum"]


def credited(state: HandState) -> tuple[int, ...]:
    """Each side's score as the rewards count it: capped at the target, and exactly the
    target for the side that won the game in this hand.

    >>> import mus
    >>> state = mus.new_hand(seed=7, scores=(30, 12))
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     state = mus.apply(state, action)
    >>> state.scores, state.winner, credited(state)
    ((30, 12), 1, (30, 40))
    """
    hand = hand_state(state)
    return capped(hand.scores, hand.winner, hand.rules.target)


def capped(scores: tuple[int, ...], winner: int | None, target: int) -> tuple[int, ...]:
    """:func:`credited` from a hand's ``scores``, ``winner`` and the game's ``target``,
    unchecked: the environments' hot path. ``scores`` itself when nothing is capped.

    >>> capped((30, 44), None, 40), capped((30, 12), 1, 40)
    ((30, 40), (30, 40))
    """
    if winner is None and max(scores) < target:
        return scores
    credit = [score if score < target else target for score in scores]
    if winner is not None:
        credit[winner] = target
    return tuple(credit)


def zero_sum(gains: tuple[int, ...] | list[int], rules: Rules) -> list[float]:
    """Each seat's reward from each side's stones: its side's less the mean of the others'.

    >>> zero_sum((5, 2), Rules()), zero_sum((6, 0, 3), Rules.preset("individual-3"))
    ([3.0, -3.0, 3.0, -3.0], [4.5, -4.5, 0.0])
    """
    rules = rules_arg(rules)
    if type(gains) not in (tuple, list) or len(gains) != rules.teams or len(gains) < 2:
        raise MusError(f"gains are {rules.teams} numbers, one per side, got {quoted(gains)}")
    for gain in gains:
        if type(gain) is not int or abs(gain) > 10**9:
            raise MusError(f"a side's gain is a whole number of stones, got {quoted(gain)}")
    total, others = sum(gains), len(gains) - 1
    by_side = [gain - (total - gain) / others for gain in gains]
    return [float(by_side[side]) for side in rules.team_of]


def returns(state: HandState, since: HandState | None = None) -> list[float]:
    """Each seat's reward from ``since`` (default: the start of the hand) to ``state``:
    the stones its side won (see :func:`credited`) less the mean of the other sides'.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ("no-mus", "bet 2", "fold", "fold"):
    ...     state = mus.apply(state, action)
    >>> state.scores, returns(state)
    ((1, 0), [1.0, -1.0, 1.0, -1.0])
    """
    after = credited(state)
    if since is not None and hand_state(since).rules != state.rules:
        raise RulesError("returns() compares two states of the same rules")
    before = credited(state.initial()) if since is None else credited(since)
    return zero_sum([a - b for a, b in zip(after, before, strict=True)], state.rules)
