"""The ``planner``: the advisor, whose openings are searched over sampled deals against a
model of its rivals.

:class:`PlannerBot` plays as :class:`~mus.advise.AdvisorBot` does (mus, discards,
señas, answers), except where a lance opens to it: there it weighs passing against a
bet of 2 by **search over determinized deals**. It samples deals of the hidden cards
that fit what its seat knows (:func:`~mus.advise.advisor.fitting_deals`: its cards, its
discards, the declarations, its partner's señas), weighs each deal by how well it
explains the rivals' bets and passes so far in the hand under the model, and plays
each choice out in every deal: the rest of the lance's betting by the model (its own
later answers and its partner's by the advisor), then every later lance passed, to the
count. A choice is worth its chance of winning the game from there (the game's result
when the hand decides it, else :func:`~mus.advise.game_chance` of the scores). It bets
when the bet beats passing in the paired comparison over the same deals by ``z``
standard errors, passes in the mirror case, and otherwise keeps the advisor's choice.

**The model of its rivals.** How often a bet wins the refusal stones depends on who
answers it: the advisor folds unless its hand beats a bettor's, the heuristic player
accepts whatever is among the best 30% at the lance. The planner models its rivals as
one of the two, the one whose play fits theirs so far in the game, from even odds at
the game's first hand: the odds move with the chance of the rivals' bets and passes
in each hand under each model (over the sampled deals, as they weigh the deals), with
their mus decisions (the advisor asks for mus at about 39% of its turns of the mus, the
heuristic player at about 69%, measured on games between the two) and with their bet
sizes (the heuristic player opens with a bet of 5 about once in 18 openings, the
advisor never). While the odds are between 1 to 4 and 4 to 1, it plays each choice out
under both models and weighs them by the odds.

>>> import mus
>>> from mus.bots import play_hand
>>> state = play_hand(mus.new_hand(mus.Rules(), seed=3), [PlannerBot(seed) for seed in range(4)])
>>> state.is_over
True
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from mus.actions import Action, Bet, Declare, Mus, NoMus, Pass, Signal
from mus.advise.advisor import AdvisorBot, fitting_deals, game_chance
from mus.bots import Bot, HeuristicBot
from mus.cards import ALL_CARDS, Card
from mus.checks import real_arg, whole
from mus.errors import MusError
from mus.hand import RANK_MULTISETS, Hand
from mus.odds.batch import seed_entropy
from mus.odds.situation import rank_position
from mus.reducer import apply, new_hand
from mus.scoring import Outcome
from mus.state import HandState, Phase
from mus.table import SeatView

try:
    import numpy as np
except ImportError:  # AdvisorBot says which extra to install when built
    np = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["PlannerBot"]

_BY_POSITION = tuple(tuple(card for card in ALL_CARDS if rank_position(card) == position) for position in range(10))
_POSITION_OF_RANK = {card.rank: rank_position(card) for card in ALL_CARDS}
_SKIPPED = (Declare, Signal)
"""Actions the replay of a deal leaves out: the engine derives the declarations, and
señas change no state."""

# The rivals' styles: the advisor's chance of asking for mus at a turn of the mus, the
# heuristic player's, and the odds of a bet above 2 stones (the heuristic player's bet
# of 5, which the advisor never makes).
_MUS_RATE = {"advisor": 0.39, "heuristic": 0.69}
_BIG_BET_ODDS = math.log(1 / 50)
_DECIDED = math.log(4)
"""Log-odds beyond which one model alone plays the deals out."""


class PlannerBot(AdvisorBot):
    """The advisor with its openings planned (see :mod:`mus.advise.planner`): ``worlds``
    deals sampled for each opening, ``z`` the standard errors by which a choice must
    beat the other to overrule the advisor; the rest as :class:`~mus.advise.AdvisorBot`.

    >>> import mus
    >>> view = mus.new_hand(mus.Rules(), hands=["Ro Rc Rb 3e", "Cc Co 5b 4e", "Se 6c 5o 1c", "7b 2e 1o 4c"]).view(0)
    >>> PlannerBot().choose(view)
    NoMus()
    >>> PlannerBot(worlds=1)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: worlds (deals a choice is played out in) is a whole number from 4 to 1000, got 1
    """

    def __init__(self, seed: int | str | None = None, *, worlds: int = 24, z: float = 1.0, **advisor: Any) -> None:
        super().__init__(seed, **advisor)
        self.worlds = whole(worlds, "worlds (deals a choice is played out in)", 4, 1000)
        self.z = real_arg(z, "z (standard errors)", 0, 10)
        self.models: dict[str, Bot] = {"advisor": AdvisorBot(seed, **advisor), "heuristic": HeuristicBot()}
        self._style = 0.0  # the log-odds from the rivals' mus and bet sizes, this game
        self._past = 0.0  # ... from their betting in the game's earlier hands
        self._hand = 0.0  # ... from their betting in this hand, as last weighed
        self._seen: tuple[tuple[int, Any], ...] = ()

    @property
    def odds(self) -> float:
        """The log-odds that the rivals play as the advisor rather than as the heuristic
        player, from their play so far in the game (0: even)."""
        return self._style + self._past + self._hand

    def choose(self, view: SeatView) -> Action:
        action = super().choose(view)
        self._read(view)
        if (
            view.phase is Phase.BETTING
            and view.lance is not None
            and view.rules.teams == 2
            and view.betting is not None
            and view.betting.bets == 0
            and type(action) in (Pass, Bet)
            and Pass() in view.legal
            and Bet(2) in view.legal
        ):
            return self._plan(view, action)
        return action

    def _read(self, view: SeatView) -> None:
        """Add the rivals' actions since the last view of this hand to the odds."""
        history = view.history
        known = self._seen if history[: len(self._seen)] == self._seen else ()
        if not known:  # a new hand: the last one's betting joins the game's evidence
            self._past += self._hand
            self._hand = 0.0
        team_of = view.rules.team_of
        for who, action in history[len(known) :]:
            if team_of[who] == team_of[view.seat]:
                continue
            kind = type(action)
            if kind is Mus or kind is NoMus:
                advisor, heuristic = _MUS_RATE["advisor"], _MUS_RATE["heuristic"]
                if kind is NoMus:
                    advisor, heuristic = 1 - advisor, 1 - heuristic
                self._style += math.log(advisor / heuristic)
            elif kind is Bet and action.stones > 2:
                self._style += _BIG_BET_ODDS
        self._seen = history

    def _plan(self, view: SeatView, advised: Action) -> Action:
        """Pass or bet 2, by search over sampled deals (see the module)."""
        rules = view.rules
        position = self.position(view)
        entropy = seed_entropy(repr((view.hand.multiset, position, view.history, view.scores, self.worlds)))
        rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))
        deals = fitting_deals(rules, position, view.hand.multiset, self.known(view), 4 * self.worlds, rng)
        replays = []
        fits = {name: 0.0 for name in self.models}
        for deal in deals[: self.worlds]:
            start = _dealt(view, deal)
            replayed = {name: self._replayed(view, start, model) for name, model in self.models.items()}
            for name, (_, fit) in replayed.items():
                fits[name] += fit
            replays.append(replayed)
        if fits["advisor"] > 0 and fits["heuristic"] > 0:
            # The chance of the rivals' betting this hand under each model, over the deals.
            self._hand = math.log(fits["advisor"] / fits["heuristic"])
        chance = 1 / (1 + math.exp(-self.odds))
        weights = {"advisor": chance, "heuristic": 1 - chance}
        if abs(self.odds) > _DECIDED:
            weights = {name: 1.0 for name, weight in weights.items() if weight > 0.5}
        choices: list[Action] = [Pass(), Bet(2)]
        values, trust = [], []
        for replayed in replays:
            row = [0.0] * len(choices)
            weight = 0.0
            for name, share in weights.items():
                state, fit = replayed[name]
                if state is None or not fit:
                    continue
                weight += share * fit
                for index, choice in enumerate(choices):
                    row[index] += share * fit * self._played_out(apply(state, choice), view, self.models[name])
            if weight > 0:
                values.append([value / weight for value in row])
                trust.append(weight)
        if not trust:
            return advised
        gain = np.array(values) @ np.array([-1.0, 1.0])  # the bet's over passing, deal by deal
        share_of = np.array(trust) / sum(trust)
        mean = float(share_of @ gain)
        effective = 1 / float(share_of @ share_of)
        spread = math.sqrt(max(float(share_of @ (gain - mean) ** 2), 0.0) / max(effective - 1, 1.0))
        if mean > self.z * spread:
            return choices[1]
        if mean < -self.z * spread:
            return choices[0]
        return advised

    def _replayed(self, view: SeatView, start: HandState, model: Bot) -> tuple[HandState | None, float]:
        """The deal's state at the view's turn, replayed from the cut through the
        lances' betting, and how well the model explains the rivals' actions there
        (one in twenty for each it would not have taken); ``None`` when the deal cannot
        give the view's history."""
        team_of = view.rules.team_of
        state = start
        fit = 1.0
        for who, action in _betting(view):
            if state.to_act != who or state.phase is not Phase.BETTING:
                return None, 0.0
            if team_of[who] != team_of[view.seat] and model.choose(state.view(who)) != action:
                fit *= 0.05
            try:
                state = apply(state, action)
            except MusError:
                return None, 0.0
        if state.to_act != view.seat:
            return None, 0.0
        return state, fit

    def _played_out(self, state: HandState, view: SeatView, model: Bot) -> float:
        """The chance of winning the game after the rest of the lance is bet (the
        rivals by ``model``, the seat and its partner as the advisor) and every later
        lance passed."""
        lance = view.lance
        side = view.rules.team_of[view.seat]
        while state.to_act is not None and state.lance is lance and state.phase is Phase.BETTING:
            seat = state.to_act
            player: Bot = self.models["advisor"] if view.rules.team_of[seat] == side else model
            state = apply(state, player.choose(state.view(seat)))
        while state.to_act is not None:
            legal = state.legal_actions()
            state = apply(state, Pass() if Pass() in legal else legal[0])
        if state.winner is not None:
            return 1.0 if state.winner == side else 0.0
        theirs = max(score for team, score in enumerate(state.scores) if team != side)
        return game_chance(state.scores[side], theirs, view.rules.target)


def _betting(view: SeatView) -> list[tuple[int, Any]]:
    """The actions of the lances so far: those after the last no-mus, less the
    declarations and señas."""
    history = view.history
    cut = max(index for index, (_, action) in enumerate(history) if type(action) is NoMus)
    return [(who, action) for who, action in history[cut + 1 :] if type(action) not in _SKIPPED]


def _dealt(view: SeatView, deal: NDArray[np.int16]) -> HandState:
    """The hand of a sampled deal (rank multisets by speaking position) at the cut: the
    view's cards at its seat, the others' from the deal, the scores the hand started
    from, the mano to speak."""
    rules = view.rules
    used: set[Card] = set(view.hand)
    hands = []
    for seat in range(rules.seats):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        cards = []
        for rank in RANK_MULTISETS[int(deal[(seat - view.mano) % rules.seats])]:
            card = next(card for card in _BY_POSITION[_POSITION_OF_RANK[rank]] if card not in used)
            used.add(card)
            cards.append(card)
        hands.append(Hand(cards))
    scores = list(view.scores)
    for result in view.results:
        if result.outcome is Outcome.REFUSED and result.team is not None:
            scores[result.team] -= result.stake  # taken at once in this hand
    state = new_hand(rules, hands=hands, mano=view.mano, scores=tuple(scores), seed=0, corrido=False)
    return apply(state, NoMus())
