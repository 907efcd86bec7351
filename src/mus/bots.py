"""Built-in players for tests, demos and simulations. They see only a seat's view.

A bot is anything with ``choose(view) -> Action``; :func:`play_hand` and
:func:`play_match` drive states with one bot per seat.

>>> import mus
>>> bots = [RandomBot(seed) for seed in range(4)]
>>> state = play_hand(mus.new_hand(mus.Rules(), seed=9), bots)
>>> state.is_over
True
"""

from __future__ import annotations

import functools
import math
import random
from typing import Protocol, Sequence

from mus.actions import Accept, Action, Bet, Declare, Discard, Fold, Mus, NoMus, Ordago, Pass
from mus.cards import Rank
from mus.hand import RANK_MULTISETS, Hand
from mus.lances import Lance, Ranking, has_juego, has_pares
from mus.match import MatchState, apply
from mus.rules import Rules
from mus.state import HandState, Phase, SeatView

__all__ = ["Bot", "RandomBot", "HeuristicBot", "strength", "play_hand", "play_match"]


class Bot(Protocol):
    """A player: given what its seat may see, it picks one of ``view.legal``."""

    def choose(self, view: SeatView) -> Action:
        """The action to take; called only when it is the view's seat to act."""
        ...


class RandomBot:
    """Picks uniformly among the listed legal actions, from its own seeded generator.

    >>> import mus
    >>> view = mus.new_hand(mus.Rules(), seed=1).view(0)
    >>> RandomBot(5).choose(view) in view.legal
    True
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.random = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        return self.random.choice(view.legal)


@functools.lru_cache(maxsize=None)
def _percentiles(ranking: Ranking) -> tuple[tuple[float, ...], ...]:
    """For each lance, the share of hands a multiset's key beats or ties (0 to 1)."""
    weights = [
        math.prod(math.comb(4, ranks.count(rank)) for rank in set(ranks)) for ranks in RANK_MULTISETS
    ]
    tables = []
    for keys in ranking.keys:
        total: dict[int, int] = {}
        for key, weight in zip(keys, weights):
            total[key] = total.get(key, 0) + weight
        below, cumulative = {}, 0
        for key in sorted(total):
            cumulative += total[key]
            below[key] = cumulative
        tables.append(tuple(below[key] / cumulative for key in keys))
    return tuple(tables)


def strength(lance: Lance, hand: Hand, rules: Rules) -> float:
    """The share of all hands this hand beats or ties at the lance, from 0 to 1.

    >>> from mus import Hand, Lance, Rules
    >>> strength(Lance.GRANDE, Hand.parse("Ro Rc Rb Re"), Rules())
    1.0
    >>> strength(Lance.GRANDE, Hand.parse("1o 1c 1e 2b"), Rules()) < 0.001
    True
    """
    return _percentiles(rules.ranking)[lance][hand.multiset]


class HeuristicBot:
    """A simple, deterministic player: it keeps strong hands, discards toward reyes and
    pares, bets and accepts by how strong its hand is at the lance.

    ``boldness`` (0 to 1) lowers the strength it needs to bet and to accept.

    >>> import mus
    >>> view = mus.new_hand(mus.Rules(), hands=["Ro Rc Rb 3e", "Cc Co 5b 4e", "Se 6c 5o 1c", "7b 2e 1o 4c"]).view(0)
    >>> HeuristicBot().choose(view)
    NoMus()
    """

    def __init__(self, boldness: float = 0.0) -> None:
        self.boldness = boldness

    def choose(self, view: SeatView) -> Action:
        if view.phase is Phase.MUS:
            return NoMus() if self._keeps(view) else Mus()
        if view.phase is Phase.DISCARD:
            return self._discard(view)
        assert view.lance is not None
        if view.phase is Phase.DECLARE:  # it declares the truth
            has = (has_pares if view.lance is Lance.PARES else has_juego)(view.hand, view.rules)
            return Declare(view.lance, has)
        power = strength(view.lance, view.hand, view.rules) + self.boldness / 10
        legal = view.legal
        if Pass() in legal:  # opening
            if power > 0.995 and Ordago() in legal:
                return Ordago()
            if power > 0.85:
                return Bet(2 if power < 0.95 else 5)
            return Pass()
        if Bet(2) not in legal:  # an órdago stands
            return Accept() if power > 0.93 else Fold()
        raises = view.betting.bets if view.betting is not None else 0
        if power > 0.97 and raises < 3:
            return Bet(2)
        return Accept() if power > 0.7 else Fold()

    def _keeps(self, view: SeatView) -> bool:
        rules, hand = view.rules, view.hand
        best = max(strength(lance, hand, rules) for lance in (Lance.GRANDE, Lance.PARES, Lance.JUEGO))
        return best > 0.9

    def _discard(self, view: SeatView) -> Action:
        hand, rules = view.hand, view.rules
        top = {Rank.REY, Rank.TRES} if rules.eight_kings else {Rank.REY}
        ranks = [card.rank for card in hand]
        keep = [card for card in hand if card.rank in top or ranks.count(card.rank) > 1]
        out = [card for card in hand if card not in keep]
        if not out:
            out = [hand.cards[-1]]
        return Discard(out)


def play_hand(state: HandState, bots: Sequence[Bot], *, limit: int = 10_000) -> HandState:
    """Play ``state`` to its end, seat ``s`` choosing with ``bots[s]``."""
    for _ in range(limit):
        seat = state.to_act
        if seat is None:
            return state
        state = apply(state, bots[seat].choose(state.view(seat)))
    raise RuntimeError(f"the hand did not end within {limit} actions")


def play_match(match: MatchState, bots: Sequence[Bot], *, limit: int = 1_000_000) -> MatchState:
    """Play ``match`` to its end, seat ``s`` choosing with ``bots[s]``."""
    for _ in range(limit):
        seat = match.to_act
        if seat is None or match.is_over:
            return match
        match = apply(match, bots[seat].choose(match.hand.view(seat)))
    raise RuntimeError(f"the match did not end within {limit} actions")
