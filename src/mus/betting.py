"""The betting on the lances: each lance opened, bet on and settled, then the count.

After the mus (:mod:`mus.reducer`), the lances are played in order, grande, chica,
pares, juego or punto (rules sections 5 to 8): pares and juego are first declared,
and bet on only when two sides have them; a lance is settled when its bet is accepted
or refused, or nobody bets; once the last one is settled the hand is counted
(:func:`mus.scoring.tally`), unless a refusal or an órdago decided the game first.
Each function here builds the next state from a :class:`~mus.state.Draft`; the
reducer dispatches to them through :data:`MOVES`.

>>> import mus
>>> state = mus.new_hand(mus.Rules(), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
>>> state = mus.apply(state, "no-mus")  # grande opens
>>> for action in ["bet 2", "fold", "fold"]:
...     state = mus.apply(state, action)
>>> state.scores, state.lance, str(state.results[0])
((1, 0), <Lance.CHICA: 1>, 'grande: refused, 1 stone to team 0')
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mus.actions import Accept, Action, Bet, Declare, Fold, Ordago, Pass, TeamFold
from mus.ranking import Lance
from mus.rules import MAX_SEATS, Rules
from mus.scoring import LanceResult, Outcome, false_declarations, showdown, tally
from mus.state import Betting, Draft, HandState, Phase, draft_after

__all__ = ["MOVES", "open_lance"]

_DECLARE_PHASE = Phase.DECLARE
_PARES, _JUEGO, _PUNTO = Lance.PARES, Lance.JUEGO, Lance.PUNTO
_VOID, _NO_BET = Outcome.VOID, Outcome.NO_BET
_BETTING = Phase.BETTING
_FINISHED = Phase.FINISHED
_new = object.__new__
_tuple = tuple.__new__
_SPEAKING = {n: Rules(seats=n, teams=n).orders for n in range(2, MAX_SEATS + 1)}


_HAS = frozenset((_PARES, _JUEGO))
_DECLARE = {lance: (Declare(lance, True), Declare(lance, False)) for lance in _HAS}
"""By lance: the declarations yes and no the engine derives, one value each."""


def open_lance(draft: Draft, lance: Lance) -> HandState:
    """Start the betting on ``lance``, or settle it at once when it cannot be bet on:
    the state after ``draft`` (the move that ends the previous lance, or the mus),
    frozen. The reducer's way into the lances, after no-mus.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> following = open_lance(draft_after(state, 0, mus.NoMus()), Lance.GRANDE)
    >>> following.lance, following.to_act, following == mus.apply(state, "no-mus")
    (<Lance.GRANDE: 0>, 0, True)
    """
    deal = draft.deal
    rules = deal.rules
    order = rules.orders[draft.mano]
    if lance is _PARES or lance is _JUEGO:
        if rules.declarations == "explicit":
            draft.phase = _DECLARE_PHASE
            draft.betting = Betting(lance, ())
            draft.queue = order
            return draft.freeze()
        # has_pares / has_juego, read straight from the rules' tables.
        ranking = rules.ranking
        table, least = (ranking.keys[lance], 1) if lance is _PARES else (ranking.points, 31)
        hands = draft.cards.hands
        log = draft.log
        seats = []
        yes, no = _DECLARE[lance]
        for seat in order:
            if table[hands[seat].multiset] >= least:
                log = (log, seat, yes)
                seats.append(seat)
            else:
                log = (log, seat, no)
        draft.log = log
        draft.actions += len(order)
        return _declared(draft, lance, tuple(seats))
    if lance is _PUNTO and rules.declarations == "explicit":
        # A seat that hid its juego takes no part in punto (rules section 6).
        points = rules.ranking.points
        hands = draft.cards.hands
        playing = tuple(seat for seat in order if points[hands[seat].multiset] < 31)
        if len(playing) < len(order):
            if len({rules.team_of[seat] for seat in playing}) < 2:
                result = _result(lance, _EN_PASO, seats=playing) if playing else _result(lance, _VOID)
                draft.results += (result,)
                return _next(draft, lance)
            order = playing
    draft.phase = _BETTING
    draft.betting = _tuple(Betting, (lance, order, 0, 0, 0, None, False, (), ()))
    draft.queue = order
    return draft.freeze()


def _declared(draft: Draft, lance: Lance, seats: tuple[int, ...]) -> HandState:
    """Go on once the seats that have pares (juego) are known (rules sections 6, 12):
    the lance is bet on when at least two sides have it."""
    if lance is _JUEGO and not seats:
        return open_lance(draft, _PUNTO)
    team_of = draft.deal.rules.team_of
    sides = {team_of[seat] for seat in seats}
    if len(sides) < 2:
        result = _result(lance, _NO_BET, team=sides.pop(), seats=seats) if sides else _result(lance, _VOID)
        draft.results += (result,)
        return _next(draft, lance)
    draft.phase = _BETTING
    draft.betting = _tuple(Betting, (lance, seats, 0, 0, 0, None, False, (), ()))
    draft.queue = seats
    return draft.freeze()


def _declare(state: HandState, seat: int, action: Action) -> HandState:
    draft = draft_after(state, seat, action)
    betting = state.betting
    assert betting is not None
    if action.has:  # type: ignore[union-attr]
        betting = draft.betting = _tuple(Betting, (betting.lance, (*betting.seats, seat), *betting[2:]))
    if len(state.queue) > 1:
        draft.queue = state.queue[1:]
        return draft.freeze()
    return _declared(draft, betting.lance, betting.seats)


def _next(draft: Draft, lance: Lance) -> HandState:
    following = draft.deal.rules.next_lance[lance]
    if following is not None:
        return open_lance(draft, following)
    deal = draft.deal
    raw = tally(draft.hands, draft.results, deal.rules, draft.mano, draft.scores)
    draft.counted = raw
    draft.scores = raw[1]
    return _finish(draft, raw[2])


def _finish(draft: Draft, winner: int | None) -> HandState:
    """End the hand: counted, or the game won in it (``winner``)."""
    draft.phase = _FINISHED
    draft.betting = None
    draft.queue = ()
    draft.winner = winner
    return draft.freeze()


_set = object.__setattr__
_ACCEPTED, _ORDAGO, _REFUSED, _EN_PASO = Outcome.ACCEPTED, Outcome.ORDAGO, Outcome.REFUSED, Outcome.EN_PASO


class _DraftResult(LanceResult):
    # Like Draft: the engine's results are consistent by construction, so they skip
    # the constructor's checks (which are for results scripts build by hand).
    __slots__ = ()
    # Both, or the slot falls back to a slow Python-level lookup (one slot serves both).
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def _result(
    lance: Lance,
    outcome: Outcome,
    *,
    stake: int = 0,
    team: int | None = None,
    seats: tuple[int, ...] = (),
    folded: tuple[int, ...] = (),
) -> LanceResult:
    result = _new(_DraftResult)
    result.lance = lance  # type: ignore[misc]
    result.outcome = outcome  # type: ignore[misc]
    result.stake = stake  # type: ignore[misc]
    result.team = team  # type: ignore[misc]
    result.seats = seats  # type: ignore[misc]
    result.folded = folded  # type: ignore[misc]
    result.__class__ = LanceResult  # type: ignore[assignment]
    return result


def _pass(state: HandState, seat: int, action: Action) -> HandState:
    draft = draft_after(state, seat, action)
    if len(state.queue) > 1:
        draft.queue = state.queue[1:]
        return draft.freeze()
    betting = state.betting
    assert betting is not None
    draft.results += (_result(betting.lance, _EN_PASO, seats=betting.seats),)
    return _next(draft, betting.lance)


@functools.lru_cache(maxsize=8192)
def _answerers(
    team_of: tuple[int, ...], seats: tuple[int, ...], folded: tuple[int, ...], bettor: int
) -> tuple[int, ...]:
    """The seats of other sides still in the lance, in speaking order after the bettor:
    the other team in partnership play, every other seat in individual play."""
    side = team_of[bettor]
    return tuple(
        seat
        for seat in _SPEAKING[len(team_of)][(bettor + 1) % len(team_of)]
        if team_of[seat] != side and seat in seats and seat not in folded
    )


def _bet(state: HandState, seat: int, action: Action) -> HandState:
    """A bet, or a raise of ``action.stones`` on the stake: the other side answers."""
    lance, seats, stake, _, bets, _, _, folded, _ = state.betting  # type: ignore[misc]
    draft = draft_after(state, seat, action)
    # Betting(...) without the named tuple's Python-level __new__.
    draft.betting = _tuple(Betting, (lance, seats, stake + action.stones, stake, bets + 1, seat, False, folded, ()))  # type: ignore[union-attr]
    draft.queue = _answerers(state.deal.rules.team_of, seats, folded, seat)
    return draft.freeze()


def _ordago(state: HandState, seat: int, action: Action) -> HandState:
    """An órdago, over whatever stake stands: it can only be accepted or folded."""
    lance, seats, stake, _, bets, _, _, folded, _ = state.betting  # type: ignore[misc]
    draft = draft_after(state, seat, action)
    draft.betting = _tuple(Betting, (lance, seats, stake, stake, bets + 1, seat, True, folded, ()))
    draft.queue = _answerers(state.deal.rules.team_of, seats, folded, seat)
    return draft.freeze()


def _binding_folds(betting: Betting, rules: Rules) -> tuple[int, ...]:
    """The folded seats whose declarations still bind their side: explicit
    declarations of pares and juego only (derived ones cannot be false)."""
    if not betting.folded or rules.declarations != "explicit" or betting.lance not in _HAS:
        return ()
    return betting.folded


def _still_in(betting: Betting, rules: Rules) -> tuple[int, ...]:
    """The seats whose cards and bonuses count for the lance once its betting ends."""
    if not betting.folded or (rules.folded_seat_counts and rules.teams == 2):
        return betting.seats
    return tuple(seat for seat in betting.seats if seat not in betting.folded)


def _accept(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = draft_after(state, seat, action)
    if state.deal.rules.teams > 2:
        # Individual play: each seat answers for itself, and the lance waits for all.
        betting = draft.betting = _tuple(Betting, (*betting[:8], (*betting.accepted, seat)))
        if len(state.queue) > 1:
            draft.queue = state.queue[1:]
            return draft.freeze()
    # In partnership play one accept commits the team.
    return _accepted(draft, betting)


def _accepted(draft: Draft, betting: Betting) -> HandState:
    """Settle a lance whose standing bet was accepted."""
    deal = draft.deal
    rules = deal.rules
    seats = _still_in(betting, rules) if betting.folded else betting.seats
    folded = _binding_folds(betting, rules) if betting.folded else ()
    if not betting.ordago:
        draft.results += (_result(betting.lance, _ACCEPTED, stake=betting.stake, seats=seats, folded=folded),)
        return _next(draft, betting.lance)
    # An accepted órdago is shown down at once among the seats in it and decides the game.
    team_of = rules.team_of
    liars: tuple[int, ...] = ()
    honest = seats
    if rules.declarations == "explicit":
        # Every seat that declared counts, a liar who folded too (rules section 6).
        liars = false_declarations(betting.lance, draft.hands, rules, betting.seats)
        forfeit = {team_of[liar] for liar in liars}
        honest = tuple(s for s in seats if team_of[s] not in forfeit)
    best = showdown(betting.lance, draft.hands, rules, draft.mano, honest) if honest else None
    if best is not None:
        team = team_of[best]
    else:
        # Every side in it declared falsely: the side that called the órdago loses it.
        caller = team_of[betting.bettor or 0]
        team = next(team_of[s] for s in seats if team_of[s] != caller)
    scores = draft.scores
    line = (betting.lance, _ORDAGO, team, best, 0, 0, 0, scores, liars)
    draft.counted = ([line], scores, team, 0, ())
    draft.results += (_result(betting.lance, _ORDAGO, team=team, seats=seats, folded=folded),)
    return _finish(draft, team)


def _fold(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None and betting.bettor is not None
    draft = draft_after(state, seat, action)
    if len(state.queue) > 1:
        draft.betting = _folding(betting, (seat,))
        draft.queue = state.queue[1:]
        return draft.freeze()
    if betting.accepted:
        # Individual play: the seats that accepted show down with the bettor.
        settled = draft.betting = _folding(betting, (seat,))
        return _accepted(draft, settled)
    return _refused(draft, _folding(betting, (seat,)))


def _folding(betting: Betting, seats: tuple[int, ...]) -> Betting:
    """``betting`` with ``seats`` folded (``_replace`` without its Python-level cost)."""
    return _tuple(Betting, (*betting[:7], betting.folded + seats, betting.accepted))


def _team_fold(state: HandState, seat: int, action: Action) -> HandState:
    """Every partner still to answer folds in one word: the same end as their folds
    one after another (rules section 7, a plural answer binds the team)."""
    betting = state.betting
    assert betting is not None
    draft = draft_after(state, seat, action)
    return _refused(draft, _folding(betting, state.queue))


def _refused(draft: Draft, betting: Betting) -> HandState:
    """Settle a lance whose bet every answering seat refused: the refusal stones, at
    once. ``betting`` has every refusing seat folded, the one whose fold closed the
    betting too: under ``folded_seat_counts=False`` none of them is still in the lance,
    so a side paid as the winner of a refused lance (an honest side, when the bettors
    lied; rules section 6) collects no bonus of a seat that folded."""
    assert betting.bettor is not None
    rules = draft.deal.rules
    bettors = rules.team_of[betting.bettor]
    team: int | None = bettors
    stones = rules.payouts.first_refusal if betting.bets == 1 else betting.previous
    seats = _still_in(betting, rules) if betting.folded else betting.seats
    folded = _binding_folds(betting, rules) if betting.folded else ()
    if rules.declarations == "explicit" and betting.lance in _HAS:
        team = _honest_taker(draft, betting, bettors)
    if team is None:
        # Every side in the lance declared falsely: nobody takes the stones.
        draft.results += (_result(betting.lance, _VOID, seats=seats, folded=folded),)
        return _next(draft, betting.lance)
    scores = list(draft.scores)
    scores[team] += stones
    draft.scores = tuple(scores)
    draft.results += (_result(betting.lance, _REFUSED, stake=stones, team=team, seats=seats, folded=folded),)
    if scores[team] >= rules.target:
        # Refusal stones are taken at once and can end the game before any count.
        return _finish(draft, team)
    return _next(draft, betting.lance)


def _honest_taker(draft: Draft, betting: Betting, team: int) -> int | None:
    """Who takes refusal stones under explicit declarations (rules section 6): the
    betting side, unless one of its seats declared falsely; then the side of the best
    honest hand in the lance is paid as the winner (``None``: nobody honest)."""
    rules = draft.deal.rules
    team_of = rules.team_of
    liars = false_declarations(betting.lance, draft.hands, rules, betting.seats)
    forfeit = {team_of[liar] for liar in liars}
    if team not in forfeit:
        return team
    honest = tuple(s for s in betting.seats if team_of[s] not in forfeit)
    best = showdown(betting.lance, draft.hands, rules, draft.mano, honest) if honest else None
    return None if best is None else team_of[best]


MOVES: dict[type, Callable[[HandState, int, Any], HandState]] = {
    Declare: _declare,
    Pass: _pass,
    Bet: _bet,
    Ordago: _ordago,
    Accept: _accept,
    Fold: _fold,
    TeamFold: _team_fold,
}
"""What each action of the lances does (declarations and the betting), once
:func:`mus.state.allowed` says the seat to act may take it: ``MOVES[type(action)](state,
seat, action)`` is the next state.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> MOVES[mus.Bet](state, 0, mus.Bet(3)) == mus.apply(state, "bet 3")
True
"""
