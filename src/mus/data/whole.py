"""Seat and match views checked whole, as :func:`~mus.data.from_data` reads them: each
field against the others.

A view's history, replayed by the rules from what the seat knows
(:class:`~mus.data.consistency.HandReplay`), gives every other field of the view:
:func:`compare_view` compares them all, naming the first field that differs;
:func:`check_seat_view` checks a view on its own, whose hand was dealt with scores its
own records tell (:func:`start_scores`); :func:`check_match_view` checks a match view,
whose standing tells the scores, the mano and the mus corrido its hands were dealt
with.

>>> import attrs, mus
>>> view = mus.apply(mus.new_hand(seed=1), "no-mus").view(1)
>>> check_seat_view(attrs.evolve(view, legal=(mus.Pass(),)), "seat_view")
Traceback (most recent call last):
...
mus.errors.NotationError: seat_view.legal: pass: the seat's legal actions are none
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mus.actions import Discard, Mus, NoMus, Servido
from mus.checks import instance_arg, numbers_arg, seat_arg
from mus.data.consistency import HandReplay
from mus.data.reading import fail
from mus.data.replaying import compare_fields, result_differs, said
from mus.errors import MusError, quoted
from mus.match import MAX_HANDS, MatchView
from mus.scoring import Outcome
from mus.state import HiddenDiscard, Phase, SeatView

__all__ = ["check_match_view", "check_seat_view", "compare_view", "start_scores"]

_TURNS = (Mus, NoMus, Discard, HiddenDiscard, Servido)  # the turns of the mus, from the mano


def start_scores(view: SeatView) -> tuple[int, ...]:
    """The scores ``view``'s hand was dealt with, as its own records tell them: its
    scores less the stones of its refused lances and of its count.

    >>> import mus
    >>> state = mus.new_hand(seed=1, scores=(3, 5))
    >>> for action in ("no-mus", "bet 2", "fold", "fold"):
    ...     state = mus.apply(state, action)
    >>> state.scores, start_scores(state.view(0))
    ((4, 5), (3, 5))
    """
    scores = list(instance_arg(view, SeatView, "the view (a SeatView)").scores)
    for result in view.results:
        if result.outcome is Outcome.REFUSED and result.team is not None and result.team < len(scores):
            scores[result.team] -= result.stake
    if view.count is not None:
        for line in view.count.lines:
            if line.team is not None and line.outcome is not Outcome.ORDAGO and line.team < len(scores):
                scores[line.team] -= line.stones
    return tuple(scores)


def compare_view(replay: HandReplay, view: SeatView, where: str) -> None:
    """Check that every field of ``view`` is what ``replay``, fed the view's history,
    derived; the first that is not is named in the :class:`~mus.NotationError`.

    >>> import attrs, mus
    >>> state = mus.new_hand(seed=1)
    >>> replay = HandReplay(state.rules, 0, 0, (0, 0), False, "view")
    >>> compare_view(replay, attrs.evolve(state.view(0), stock_size=23), "view")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: view.stock_size: 23 does not follow from the history, which leaves 24
    """
    replay.cards.check_hand(view.hand, f"{where}.hand")
    shown, hands = replay.shown(), view.hands
    if (shown is None) != (hands is None):
        raise fail(f"{where}.hands", "the hands are shown at the count, and only then")
    if shown is not None and hands is not None:
        for seat, (hand, visible) in enumerate(zip(hands, shown, strict=True)):
            if (hand is not None) != visible:
                raise fail(
                    f"{where}.hands[{seat}]", "shown" if hand is not None else "hidden, though shown at this count"
                )
        replay.cards.check_shown(hands, view.hand, f"{where}.hands")
    results = tuple(replay.results)
    if view.results != results:
        wrong = next((i for i, pair in enumerate(zip(view.results, results, strict=False)) if pair[0] != pair[1]), None)
        if wrong is None:
            settled = f"{len(view.results)} results, where the history settles {len(results)} lances"
            raise fail(f"{where}.results", settled)
        raise fail(f"{where}.results[{wrong}]", result_differs(view.results[wrong], results[wrong]))
    if view.count != replay.count:
        raise fail(f"{where}.count", "not the count the shown hands and the history give")
    derived = {
        "mano": replay.mano, "phase": replay.phase, "lance": replay.lance, "to_act": replay.to_act,
        "scores": tuple(replay.scores), "pending": replay.own_pending, "stock_size": replay.stock,
        "discards_size": replay.pile, "betting": replay.betting, "winner": replay.winner,
    }  # fmt: skip
    compare_fields({field: getattr(view, field) for field in derived}, derived, where, "leaves")
    legal = replay.legal(view.hand) if replay.to_act == replay.seat else ()
    if not _listed(view.legal, legal, bool(view.rules.gates)):
        message = f"{said(view.legal) or 'none'}: the seat's legal actions are {said(legal) or 'none'}"
        raise fail(f"{where}.legal", message)


def _listed(shown: tuple[Any, ...], legal: tuple[Any, ...], trimmed: bool) -> bool:
    """Whether ``shown`` is the legal list: ``legal`` itself, or under house rules whose
    hooks trim it (on states the view does not hold), an ordered part of it."""
    if not trimmed:
        return shown == legal
    rest = iter(legal)
    return all(any(action == other for other in rest) for action in shown)


def check_seat_view(
    view: SeatView,
    where: str,
    *,
    scores: Sequence[int] | None = None,
    mano: int | None = None,
    corrido: bool | None = None,
) -> HandReplay:
    """Check ``view`` whole: the scores its hand was dealt with in range, its history
    legal move after move, and every other field what that history gives; returns the
    replay. ``scores``, ``mano`` and ``corrido`` are the hand's deal where the caller
    knows them (a match view does); else the view's own records tell them.

    >>> import attrs, mus
    >>> view = mus.new_hand(seed=1).view(0)
    >>> check_seat_view(attrs.evolve(view, scores=(55, 0)), "seat_view")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: seat_view.scores: the hand was dealt with scores [55, 0]: each is from 0 to 39
    """
    rules = instance_arg(view, SeatView, "the view (a SeatView)").rules
    # The deal given is checked for its types here; its range (below) is the view's.
    start = start_scores(view) if scores is None else numbers_arg(scores, "the scores", rules.teams)
    mano = None if mano is None else seat_arg(mano, rules, "the mano")
    if corrido is not None and type(corrido) is not bool:
        raise MusError(f"corrido is True, False or None, got {quoted(corrido)}")
    if any(score < 0 or score >= rules.target for score in start):
        raise fail(
            f"{where}.scores", f"the hand was dealt with scores {list(start)}: each is from 0 to {rules.target - 1}"
        )
    if mano is None:
        mano = next((who for who, action in view.history if type(action) in _TURNS), view.mano)
    replay = HandReplay(rules, view.seat, mano, start, corrido, where)
    replay.feed(view.history, view)
    compare_view(replay, view, where)
    return replay


def _corrido(view: MatchView, number: int, start: Sequence[int]) -> bool:
    """Whether the mus corrido applies to the hand ``number`` of a match (rules section
    13): under ``"match"`` the first hand, under ``"game"`` each first hand of a game."""
    knob = view.rules.mus_corrido
    return knob != "off" if number == 0 else knob == "game" and not any(start)


def check_match_view(view: MatchView, where: str) -> None:
    """Check a match view whole: the standing possible, the winner the one it gives,
    the hand under way dealt from the score, the mano and the mus corrido the last hand
    leaves, and both hands' views whole.

    >>> import attrs, mus
    >>> view = mus.new_match(seed=3).view(2)
    >>> check_match_view(attrs.evolve(view, games=(1, 0)), "match_view")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: match_view.games: 1 game won in 0 hands ended
    """
    rules, hand, last = instance_arg(view, MatchView, "the view (a MatchView)").rules, view.hand, view.last
    if hand.seat != view.seat or (last is not None and last.seat != view.seat):
        raise fail(f"{where}.hand.seat", f"the views of a match view are seat {view.seat}'s")
    over = max(view.vacas) >= rules.vacas_to_win or view.hand_number + 1 >= MAX_HANDS
    if view.is_over != over:
        raise fail(f"{where}.is_over", f"{view.is_over}, with vacas {list(view.vacas)} after {view.hand_number} hands")
    ended = view.hand_number + view.is_over  # the hands that ended
    won = sum(view.vacas) * rules.games_to_win + sum(view.games)
    if max(view.vacas) >= rules.vacas_to_win:
        won -= rules.games_to_win  # the last vaca's games stand, counted in it too
    if won > ended or (ended == 0) != (last is None):
        raise fail(f"{where}.games", f"{won} game{'' if won == 1 else 's'} won in {ended} hands ended")
    if any(games >= rules.games_to_win for games in view.games) and not over:
        raise fail(f"{where}.games", f"a side with {rules.games_to_win} games has won the vaca")
    winner = None
    if over:
        if max(view.vacas) >= rules.vacas_to_win:
            winner = view.vacas.index(max(view.vacas))
        else:
            standing = [(view.vacas[s], view.games[s], view.scores[s]) for s in range(rules.teams)]
            winner = standing.index(max(standing)) if standing.count(max(standing)) == 1 else None
    if view.winner != winner:
        raise fail(f"{where}.winner", f"{view.winner}: the standing gives {winner}")
    if view.scores != hand.scores:
        raise fail(f"{where}.scores", "not the scores of the hand's view")
    if over:
        if last != hand or hand.phase is not Phase.FINISHED:
            raise fail(f"{where}.hand", "once the match is over, the last hand's view")
        if max(view.vacas) >= rules.vacas_to_win and hand.winner != winner:
            raise fail(f"{where}.hand.winner", "the last hand won the match's last game")
    elif hand.phase is Phase.FINISHED:
        raise fail(f"{where}.hand.phase", "a match under way has dealt the next hand")
    if last is not None:
        start = start_scores(last)
        number = view.hand_number - (not over)
        first = number == 0  # the first hand's deal is the match's
        check_seat_view(
            last,
            f"{where}.last",
            scores=(0,) * rules.teams if first else None,
            mano=view.first_mano if first else None,
            corrido=_corrido(view, number, start),
        )
        if last.phase is not Phase.FINISHED:
            raise fail(f"{where}.last.phase", "the last hand has ended")
        if last.winner is not None and not over and not view.games[last.winner] and not view.vacas[last.winner]:
            raise fail(f"{where}.games", f"side {last.winner} won the last game")
    if not over:
        start = (0,) * rules.teams if last is None or last.winner is not None else last.scores
        mano = view.first_mano if last is None else (last.mano + 1) % rules.seats
        check_seat_view(hand, f"{where}.hand", scores=start, mano=mano, corrido=_corrido(view, view.hand_number, start))
