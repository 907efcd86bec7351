"""Built-in players for tests, demos and simulations. They see only a seat's view.

A bot is anything with ``choose(view) -> Action``; :func:`play_hand` and
:func:`play_match` drive states with one bot per seat, at any table (2 to 6 seats, in
two partnerships or each for itself).

>>> import mus
>>> bots = [RandomBot(seed) for seed in range(4)]
>>> state = play_hand(mus.new_hand(mus.Rules(), seed=9), bots)
>>> state.is_over
True
>>> rules = mus.Rules.preset("individual-5")
>>> match = play_match(mus.new_match(rules.evolve(games_to_win=1), seed=9), [HeuristicBot()] * 5)
>>> match.is_over, match.winner in range(5)
(True, True)

They play the four-card game: given a view, a hand or a session of the Mus individuel
they raise a :class:`~mus.MusError` that names :mod:`mus.individuel`'s own players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Protocol

from mus.actions import Accept, Action, Bet, Declare, Discard, Fold, Mus, NoMus, Ordago, Pass, Servido
from mus.cards import Rank, seeded_random
from mus.checks import hand_arg, lance_arg, rules_arg, whole
from mus.errors import MusError, quoted
from mus.hand import Hand
from mus.lances import Lance, has_juego, has_pares
from mus.match import MatchState, apply
from mus.ranking import strengths
from mus.rules import Rules
from mus.state import HandState, Phase, SeatView
from mus.table import check_turn

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_hand", "play_match", "strength"]


class Bot(Protocol):
    """A player: given what its seat may see, it picks one of ``view.legal``."""

    def choose(self, view: SeatView) -> Action:
        """The action to take; called only when it is the view's seat to act."""
        ...


def _four_card(value: object, kind: type, what: str) -> None:
    """Refuse anything but a ``kind``; a view or state of the Mus individuel saying
    where to look; a view whose seat is not to act."""
    if type(value) is kind:
        if kind is SeatView:
            check_turn(value)
        return
    if type(value).__module__.startswith("mus.individuel"):
        raise MusError(
            f"mus.bots play the four-card game, and this {what} is not of it (it is a {type(value).__name__} of the "
            "Mus individuel): the Mus individuel's players are mus.individuel.RandomPlayer and SimplePlayer, played by "
            "mus.individuel.play_hand and play_session"
        )
    raise MusError(f"mus.bots need a {what} (a {kind.__name__}), got {quoted(value)}")


class RandomBot:
    """Picks uniformly among the listed legal actions, from its own seeded generator.

    >>> import mus
    >>> view = mus.new_hand(mus.Rules(), seed=1).view(0)
    >>> RandomBot(5).choose(view) in view.legal
    True
    """

    def __init__(self, seed: int | str | None = None) -> None:
        self.random: Random = seeded_random(seed)

    def choose(self, view: SeatView) -> Action:
        _four_card(view, SeatView, "view")
        return self.random.choice(view.legal)

    def probabilities(self, view: SeatView) -> dict[Action, float]:
        """The odds of each action ``choose(view)`` may take: alike, over ``view.legal``
        (what :func:`mus.ai.exact.bot_policy` reads of a bot that draws its action).

        >>> import mus
        >>> RandomBot().probabilities(mus.new_hand(seed=1).view(0))
        {Mus(): 0.5, NoMus(): 0.5}
        """
        _four_card(view, SeatView, "view")
        return dict.fromkeys(view.legal, 1 / len(view.legal)) if view.legal else {}


def strength(lance: Lance, hand: Hand, rules: Rules) -> float:
    """The share of all hands this hand beats or ties at the lance, from 0 to 1.

    >>> from mus import Hand, Lance, Rules
    >>> strength(Lance.GRANDE, Hand.parse("Ro Rc Rb Re"), Rules())
    1.0
    >>> strength(Lance.GRANDE, Hand.parse("1o 1c 1e 2b"), Rules()) < 0.001
    True
    """
    return _strength(lance_arg(lance), hand_arg(hand), rules_arg(rules))


def _strength(lance: Lance, hand: Hand, rules: Rules) -> float:
    return strengths(rules.ranking)[lance][hand.multiset]


def _rivals(view: SeatView) -> tuple[int, ...]:
    """The seats of other sides than the view's (seats with another ``rules.team_of``:
    partners share one) still in the lance being bet; outside a betting round, every
    seat of another side.

    >>> import mus
    >>> _rivals(mus.new_hand(mus.Rules(), seed=1).view(0))
    (1, 3)
    >>> _rivals(mus.new_hand(mus.Rules.preset("individual-3"), seed=1).view(2))
    (0, 1)
    """
    team_of = view.rules.team_of
    seats: Sequence[int] = range(view.rules.seats)
    folded: Sequence[int] = ()
    if view.betting is not None:
        seats, folded = view.betting.seats, view.betting.folded
    return tuple(seat for seat in seats if team_of[seat] != team_of[view.seat] and seat not in folded)


class HeuristicBot:
    """A simple, deterministic player: it keeps strong hands, discards toward reyes and
    pares, bets and accepts by how strong its hand is at the lance.

    ``boldness`` (0 to 1) lowers the strength it needs to bet and to accept. In
    partnership play (and one against one) it weighs its hand's strength as it is; when
    each of three or more seats plays for itself it has no partner to cover for it, so
    it weighs the chance of beating every rival still in the lance (its strength to the
    power of their number).

    >>> import mus
    >>> view = mus.new_hand(mus.Rules(), hands=["Ro Rc Rb 3e", "Cc Co 5b 4e", "Se 6c 5o 1c", "7b 2e 1o 4c"]).view(0)
    >>> HeuristicBot().choose(view)
    NoMus()
    """

    def __init__(self, boldness: float = 0.0) -> None:
        if type(boldness) not in (int, float) or not 0 <= boldness <= 1:
            raise MusError(f"boldness is a number from 0 to 1, got {quoted(boldness)}")
        self.boldness = boldness

    def choose(self, view: SeatView) -> Action:
        _four_card(view, SeatView, "view")
        action = self._choice(view)
        rules = view.rules
        if type(action) is Bet and rules.max_bet is not None and action.stones > rules.max_bet:
            action = Bet(rules.max_bet)  # the rules cap bets: the most they allow
        elif type(action) is Mus and action not in view.legal:
            action = NoMus()  # the mus is closed (Rules.max_mus_rounds, or a mus visto)
        if view.rules.gates and action not in view.legal and view.legal:
            # A house rule's legality hook forbids the choice: the nearest listed one.
            if type(action) is Bet and any(type(other) is Bet for other in view.legal):
                return next(other for other in view.legal if type(other) is Bet)
            return view.legal[-1] if type(action) in (Ordago, Bet) else view.legal[0]
        return action

    def _choice(self, view: SeatView) -> Action:
        if view.phase is Phase.MUS:
            return NoMus() if self._keeps(view) else Mus()
        if view.phase is Phase.DISCARD:
            # In an exchange a mus visto forced, a hand it would cut with stays served.
            if Servido() in view.legal and self._keeps(view):
                return Servido()
            return self._discard(view)
        assert view.lance is not None
        if view.phase is Phase.DECLARE:  # it declares the truth
            has = (has_pares if view.lance is Lance.PARES else has_juego)(view.hand, view.rules)
            return Declare(view.lance, has)
        power = _strength(view.lance, view.hand, view.rules)
        if view.rules.individual and view.rules.seats > 2:
            power **= max(1, len(_rivals(view)))
        power += self.boldness / 10
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
        best = max(_strength(lance, hand, rules) for lance in (Lance.GRANDE, Lance.PARES, Lance.JUEGO))
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


def _check_bots(bots: Sequence[Bot], seats: int) -> None:
    if type(bots) not in (list, tuple):
        raise MusError(f"bots are a list of bots, one a seat, got {quoted(bots)}")
    if len(bots) < seats:
        raise MusError(f"{seats} seats play: give one bot a seat, got {len(bots)}")
    for bot in bots[:seats]:
        # Looked up on the type: a value's own __getattr__ is not asked.
        if not callable(getattr(type(bot), "choose", None)):
            raise MusError(f"a bot has a choose(view) method, got {quoted(bot)}")


def play_hand(state: HandState, bots: Sequence[Bot], *, limit: int = 10_000) -> HandState:
    """Play ``state`` to its end, seat ``s`` choosing with ``bots[s]`` (one bot per seat).

    >>> import mus
    >>> state = play_hand(mus.new_hand(mus.Rules.preset("six"), seed=4), [HeuristicBot()] * 6)
    >>> state.is_over, len(state.scores)
    (True, 2)
    """
    _four_card(state, HandState, "hand")
    _check_bots(bots, state.rules.seats)
    played: HandState = _played(state, bots, limit, "hand", HandState.view)
    return played


def play_match(match: MatchState, bots: Sequence[Bot], *, limit: int = 1_000_000) -> MatchState:
    """Play ``match`` to its end, seat ``s`` choosing with ``bots[s]`` (one bot per seat).

    >>> import mus
    >>> rules = mus.Rules.preset("heads-up").evolve(games_to_win=1)
    >>> match = play_match(mus.new_match(rules, seed=4), [RandomBot(1), RandomBot(2)])
    >>> match.is_over, len(match.games)
    (True, 2)
    """
    _four_card(match, MatchState, "match")
    _check_bots(bots, match.rules.seats)
    played: MatchState = _played(match, bots, limit, "match", lambda match, seat: match.hand.view(seat))
    return played


def _played(state: Any, bots: Sequence[Bot], limit: int, what: str, view: Callable[[Any, int], SeatView]) -> Any:
    """A hand's or a match's ``state`` played to its end by ``bots``, within ``limit`` actions."""
    for _ in range(whole(limit, "limit", 1)):
        seat = state.to_act
        if seat is None or state.is_over:
            return state
        state = apply(state, bots[seat].choose(view(state, seat)))
    raise MusError(f"the {what} did not end within {limit} actions")
