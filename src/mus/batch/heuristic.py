"""The heuristic player for a batch at a time: :class:`mus.bots.HeuristicBot`'s decisions,
with numpy.

:class:`HeuristicPolicy` decides as :class:`~mus.bots.HeuristicBot` does, decision for
decision (the tests compare them on tens of thousands of sampled decisions): it keeps
a hand that is among the best tenth at grande, pares or juego and asks for mus
otherwise, discards toward reyes and pares, and bets and answers by the hand's
strength at the lance (:func:`mus.ranking.strengths`). Called with a
:class:`~mus.batch.Batch` it reads the batch's arrays and answers an action id for every
hand (the opponents of :class:`mus.ai.vector.VectorSeatEnv`: ``opponents="heuristic"``);
its :meth:`~HeuristicPolicy.act` reads the shared observations and masks instead
(:class:`mus.ai.players.Policy`), so that it plays as a bot too
(:class:`mus.ai.players.PolicyBot`). Where the bot would choose an action the ids
do not offer (a bet of 5 under a cap below it, a mus after the engine's last round), it
takes the nearest legal id.

>>> import mus
>>> from mus.batch import Batch
>>> batch = Batch(mus.Rules(), seeds=range(4))
>>> batch.play(HeuristicPolicy())
>>> batch.state(2) == mus.bots.play_hand(mus.new_hand(seed=2), [mus.bots.HeuristicBot()] * 4)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mus.batch.engine import Batch
from mus.batch.ids import ACCEPT, BET_2, DISCARD_FIRST, FOLD, MUS, NO_MUS, ORDAGO, PASS
from mus.batch.observe import layout
from mus.batch.tables import IN_BETTING, IN_DISCARD, IN_MUS, Array, array_arg, tables_for
from mus.cards import ALL_CARDS, Rank
from mus.checks import quoted
from mus.errors import MusError
from mus.ranking import Lance, strengths
from mus.rules import Rules
from mus.state import Phase

__all__ = ["HeuristicPolicy"]

_GRANDE, _PARES, _JUEGO = int(Lance.GRANDE), int(Lance.PARES), int(Lance.JUEGO)
_BET_5 = BET_2 + 3
_ORDER_OF_INDEX = np.array([card.order for card in ALL_CARDS], np.intp)
_PHASE_OF_INDEX = np.array(
    [{Phase.MUS: IN_MUS, Phase.DISCARD: IN_DISCARD, Phase.BETTING: IN_BETTING}.get(phase, -1) for phase in Phase],
    np.int8,
)
"""The observation's phases (in :class:`~mus.Phase` order) as the batch's."""


class HeuristicPolicy:
    """:class:`~mus.bots.HeuristicBot` for a batch (see the module), under ``rules``
    (default ``Rules()``; rules the batch engine plays) with its ``boldness`` (0 to 1).

    >>> import mus, numpy as np
    >>> from mus.batch import Batch
    >>> from mus.batch.observe import observation
    >>> batch = Batch(mus.Rules(), seeds=[1, 2])
    >>> policy = HeuristicPolicy()
    >>> policy(batch).tolist() == policy.act(observation(batch, 0), batch.legal_mask()).tolist()
    True
    >>> HeuristicPolicy(boldness=2)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: boldness is a number from 0 to 1, got 2
    """

    def __init__(self, rules: Rules | None = None, *, boldness: float = 0.0) -> None:
        if type(boldness) not in (int, float) or not 0 <= boldness <= 1:
            raise MusError(f"boldness is a number from 0 to 1, got {quoted(boldness)}")
        self.rules = Rules() if rules is None else rules
        self.boldness = boldness
        self._tables = tables = tables_for(self.rules)
        table = np.array(strengths(self.rules.ranking))
        self._strength = table
        self._keeps = np.maximum.reduce([table[_GRANDE], table[_PARES], table[_JUEGO]]) > 0.9
        top = {Rank.REY, Rank.TRES} if self.rules.eight_kings else {Rank.REY}
        self._top = np.zeros(48, bool)
        for card in ALL_CARDS:
            self._top[card.order] = card.rank in top
        self._parts = layout(self.rules)
        self._size = sum(size for _, size in self._parts.values())
        self._num_actions = tables.num_actions

    def __call__(self, batch: Batch) -> Array:
        """By hand of ``batch``, the action id of the seat to act (-1 for a hand over).

        >>> import mus
        >>> from mus.batch import Batch
        >>> HeuristicPolicy()(Batch(mus.Rules(), seeds=[3])).tolist()
        [0]
        """
        if not isinstance(batch, Batch):
            raise MusError(f"a HeuristicPolicy plays a Batch, got {quoted(batch)}")
        if batch.rules != self.rules:
            raise MusError("the batch is played under other rules than the policy's: HeuristicPolicy(batch.rules)")
        hands = batch.hands
        actions = np.full(hands.n, -1, np.int64)
        rows = batch.active
        seat = hands.to_act()[rows]
        actions[rows] = self._decide(
            hands.multiset[rows, seat],
            hands.cards[rows, seat],
            hands.phase[rows],
            hands.lance[rows],
            hands.bets[rows],
            self._tables.legal[hands.kind[rows]],
        )
        return actions

    def act(self, observations: Any, masks: Any) -> Array:
        """One action id a row of shared observations (:func:`mus.batch.observe.observation`)
        and masks of the legal ids (:class:`mus.ai.players.Policy`); rows with no legal
        id get -1."""
        seen = array_arg(observations, "observations", np.float32)
        legal = array_arg(masks, "masks") != 0
        if seen.ndim != 2 or seen.shape[1] != self._size:
            raise MusError(f"observations are an (n, {self._size}) array under these rules, got shape {seen.shape}")
        if legal.shape != (len(seen), self._num_actions):
            raise MusError(f"masks are an (n, {self._num_actions}) array, one a row, got shape {legal.shape}")
        start, size = self._parts["hand"]
        rows, index = (seen[:, start : start + size] != 0).nonzero()
        cards = np.zeros((len(seen), 4), np.intp)
        counts = np.bincount(rows, minlength=len(seen))
        playing = (counts == 4) & legal.any(axis=1)
        held = rows[playing[rows]]
        cards[playing] = np.sort(_ORDER_OF_INDEX[index[playing[rows]]].reshape(len(held) // 4, 4), axis=1)
        tables = self._tables
        ranks = tables.rank_position[cards]
        multiset = tables.multiset[ranks[:, 0] * 1000 + ranks[:, 1] * 100 + ranks[:, 2] * 10 + ranks[:, 3]]

        def part(name: str) -> Array:
            start, size = self._parts[name]
            return seen[:, start : start + size]

        phase = _PHASE_OF_INDEX[part("phase").argmax(axis=1)]
        lance = part("lance").argmax(axis=1)
        bets = np.rint(part("bets")[:, 0] * 10).astype(np.int64)
        actions = np.full(len(seen), -1, np.int64)
        actions[playing] = self._decide(
            multiset[playing], cards[playing], phase[playing], lance[playing], bets[playing], legal[playing]
        )
        return actions

    def _decide(self, multiset: Array, cards: Array, phase: Array, lance: Array, bets: Array, legal: Array) -> Array:
        """The heuristic's action ids: the seat's rank multiset and cards (numbered by
        ``Card.order``, ascending), the phase (the batch's), the lance, the bets on it,
        the legal ids."""
        actions = np.full(len(multiset), PASS, np.int64)
        mus = phase == IN_MUS
        wants = ~self._keeps[multiset[mus]] & legal[mus, MUS]
        actions[mus] = np.where(wants, MUS, NO_MUS)
        discard = (phase == IN_DISCARD).nonzero()[0]
        if discard.size:
            actions[discard] = self._discards(cards[discard])
        betting = (phase == IN_BETTING).nonzero()[0]
        if betting.size:
            actions[betting] = self._bets(multiset[betting], lance[betting], bets[betting], legal[betting])
        return actions

    def _discards(self, cards: Array) -> Array:
        """Throw every card that is neither a top rank nor paired; the last card when
        none is: as the bot does."""
        ranks = self._tables.rank_position[cards]
        paired = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2) > 1
        out = ~(self._top[cards] | paired)
        out[~out.any(axis=1), 3] = True
        bits = (out * (1 << np.arange(4))).sum(axis=1)
        return np.asarray(DISCARD_FIRST + bits - 1)

    def _bets(self, multiset: Array, lance: Array, bets: Array, legal: Array) -> Array:
        power = self._strength[lance, multiset] + self.boldness / 10
        opening = legal[:, PASS]
        can_raise = legal[:, BET_2]
        # A bet of 5 where the ids cap bets lower: the largest legal bet.
        five = np.where(legal[:, _BET_5] if legal.shape[1] > _BET_5 else False, _BET_5, _largest_bet(legal))
        opened = np.where(
            (power > 0.995) & legal[:, ORDAGO],
            ORDAGO,
            np.where(power > 0.85, np.where(power < 0.95, BET_2, five), PASS),
        )
        answer = np.where(power > 0.7, ACCEPT, FOLD)
        answered = np.where(
            can_raise,
            np.where((power > 0.97) & (bets < 3), BET_2, answer),
            np.where(power > 0.93, ACCEPT, FOLD),
        )
        return np.asarray(np.where(opening, opened, answered))


def _largest_bet(legal: Array) -> Array:
    """By row, the largest legal bet id (``BET_2`` where none is)."""
    bets = legal[:, BET_2:]
    last = bets.shape[1] - 1 - bets[:, ::-1].argmax(axis=1)
    return np.asarray(BET_2 + last)
