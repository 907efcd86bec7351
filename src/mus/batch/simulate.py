"""``simulate(rules, n, seed=...)``: ``n`` hands played to their end in one batch.

Hand ``i`` is dealt from the seed ``f"{seed}/hand/{i}"`` (the seed a match gives its
hand of that number) with the mano ``i % seats``, from 0-0, and the policy plays every
seat. The ``"random"`` policy picks uniformly among the scalar engine's listed legal
actions of the same situation (``state.legal_actions()``, bets at the minimum), from a
generator seeded with the seed: both engines play the same distribution of hands, and
the same call gives the same hands.

>>> import mus
>>> results = simulate(mus.Rules(), 200, seed=3)
>>> results.scores.shape, int(results.scores.sum()) > 0, results.state(5).is_over
((200, 2), True, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import numpy as np

from mus.batch.deal import hand_seed, seed_tags, shuffled_decks
from mus.batch.engine import MAX_HANDS, Batch
from mus.batch.hands import Hands
from mus.batch.ids import DEFAULT_MAX_BET
from mus.batch.tables import Array, tables_for
from mus.cards import seed_arg
from mus.checks import instance_arg, quoted
from mus.errors import MusError
from mus.rules import Rules
from mus.state import HandState

__all__ = ["MAX_HANDS", "Results", "dealt", "policy_generator", "simulate"]


class Results:
    """What :func:`simulate` played: the stones of each hand and each hand itself.

    ``scores[i]`` are the stones each side won in hand ``i`` (from 0-0); ``winner[i]``
    the side that reached the target or won an órdago in it (-1: none);
    ``outcomes[i, lance]`` how each lance's betting ended (an index in the order of
    :class:`mus.Outcome`, -1 where it was not played); :meth:`state` is hand ``i`` as a
    finished scalar :class:`~mus.HandState`.

    >>> import mus
    >>> results = simulate(mus.Rules(), 10, seed=1)
    >>> len(results), results.state(0).deal.seed
    (10, '1/hand/0')
    """

    def __init__(self, batch: Batch) -> None:
        self.batch: Batch = instance_arg(batch, Batch, "a Batch")
        """The batch that played the hands."""
        self.scores: Array = batch.scores
        self.winner: Array = batch.winner
        self.outcomes: Array = batch.outcomes

    def __len__(self) -> int:
        return self.batch.n

    def state(self, i: int) -> HandState:
        """Hand ``i`` as a finished scalar :class:`~mus.HandState` (replayed through the
        scalar engine, which checks every action).

        >>> import mus
        >>> simulate(mus.Rules(), 3, seed=4).state(1).is_over
        True
        """
        return self.batch.state(i)

    def history(self, i: int) -> tuple[int, ...]:
        """The action ids of hand ``i``.

        >>> import mus
        >>> len(simulate(mus.Rules(), 3, seed=4).history(0)) > 0
        True
        """
        return self.batch.history(i)


def dealt(rules: Rules, n: int, seed: int | str, max_bet: int = DEFAULT_MAX_BET) -> Batch:
    """The batch of ``n`` hands dealt as :func:`simulate` deals them, not yet played.

    >>> import mus
    >>> dealt(mus.Rules(), 3, 1).state(2) == mus.new_hand(seed="1/hand/2", mano=2)
    True
    """
    tables = tables_for(rules, max_bet)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_HANDS:
        raise MusError(f"n is a number of hands from 1 to {MAX_HANDS:,}, got {quoted(n)}")
    base = seed_arg(seed)
    positions = shuffled_decks(seed_tags(base, n), n)
    hands = Hands.dealt(tables, positions, lambda i: hand_seed(base, i), None, np.arange(n) % rules.seats)
    return Batch.of(hands)


def policy_generator(seed: int | str) -> np.random.Generator:
    """The generator of the random policy's picks for ``seed`` (from its SHA-256)."""
    digest = hashlib.sha256(f"{seed_arg(seed)}/policy".encode("utf-8", "surrogatepass")).digest()
    return np.random.default_rng(int.from_bytes(digest[:16], "big"))


def simulate(
    rules: Rules | None,
    n: int,
    *,
    seed: int | str,
    policy: str | Callable[[Batch], Any] = "random",
    max_bet: int = DEFAULT_MAX_BET,
) -> Results:
    """Play ``n`` hands to their end with ``policy`` at every seat (see the module):
    ``"random"``, or a function that gets the :class:`Batch` and returns one action
    id a hand (checked).

    >>> import mus
    >>> simulate(mus.Rules(), 0, seed=1)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: n is a number of hands from 1 to 2,000,000, got 0
    """
    batch = dealt(Rules() if rules is None else rules, n, seed, max_bet)
    random = isinstance(policy, str) and policy == "random"
    batch.play(policy, seed=policy_generator(seed) if random else None)
    return Results(batch)
