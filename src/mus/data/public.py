"""The history of a hand or a match as one seat saw it, for a server to hand a client:
:func:`~mus.data.public_hand` and :func:`~mus.data.public_match` (the views the seat
was shown, with no seed, no stock and no card it did not see),
:func:`~mus.data.replay_public` to rebuild and check those views, and
:func:`~mus.data.view_data`, the message a seat gets after each action.

A public history is the seat's first view, then each later view as what changed (a
*step*): the new history entries, and the fields whose values changed.

>>> import mus
>>> match = mus.apply(mus.new_match(seed=3), "mus")
>>> public = public_match(match, 2)
>>> replay_public(public)[-1] == match.view(2) and view_data(match, 2) == mus.data.to_data(match.view(2))
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from mus.data.codecs import PUBLIC_KINDS, to_data
from mus.data.consistency import HandReplay
from mus.data.individuel_public import public_individuel_hand, replay_individuel
from mus.data.reading import fail, maybe, read_bool, read_list, read_object, read_scores, seat_reader, side_reader
from mus.data.steps import merged, steps_of
from mus.data.views import VIEW_KEYS, read_entries, read_rules, read_seat_view, rules_knobs, seat_view_data
from mus.data.whole import check_seat_view, compare_view
from mus.errors import NotationError, quoted, type_name
from mus.individuel.session import Session
from mus.individuel.state import HandState as IndividuelHandState
from mus.individuel.state import SeatView as IndividuelSeatView
from mus.match import MatchState, MatchView, apply_match, new_match
from mus.reducer import apply, derived
from mus.rules import Rules
from mus.state import HandState, Phase, SeatView

__all__ = ["STEP_KEYS", "public_hand", "public_match", "replay_public", "view_data"]


def view_data(state: HandState | MatchState | IndividuelHandState | Session, seat: int) -> dict[str, Any]:
    """``to_data(state.view(seat))``: what a server sends ``seat`` after each action, of
    either game (a Mus individuel hand or session too).

    >>> import mus
    >>> data = view_data(mus.new_match(seed=3), 2)
    >>> data["type"], data["hand"]["hand"], data["hand"]["legal"]
    ('match_view', 'Sc 6e 3e 2c', [])
    >>> data = view_data(mus.individuel.new_session(seed=3), 2)
    >>> data["type"], data["hand"], data["stones"]
    ('individuel_seat_view', 'Cb So 7e 6b 4e', [8, 8, 8, 8, 8])
    """
    if not isinstance(state, (HandState, MatchState, IndividuelHandState, Session)):
        raise NotationError(
            f"view_data() needs a HandState or MatchState, or a Mus individuel HandState or Session, got {type_name(state)}"
        )
    return to_data(state.view(seat))  # type: ignore[no-any-return]


def _states(hand: HandState) -> Iterator[HandState]:
    """Every state of a hand, from its deal: the moments each seat was shown."""
    state = hand.initial()
    yield state
    for seat, action in hand.history:
        if not derived(action, hand.rules):
            state = apply(state, action, seat)
            yield state


def _without_bets(view: dict[str, Any]) -> dict[str, Any]:
    del view["bets"]
    return view


def _hand_public(hand: HandState, seat: int, with_rules: bool) -> dict[str, Any]:
    # Without ``bets``: a public history's replay derives them, as the rest of a view.
    views = [_without_bets(seat_view_data(state.view(seat), with_rules)) for state in _states(hand)]
    return {"start": views[0], "steps": steps_of(views)}


def public_hand(state: HandState | IndividuelHandState, seat: int) -> dict[str, Any]:
    """The history of a hand as ``seat`` saw it: its first view, then what changed at
    each action (no seed, no stock, no card the seat was not shown). A client may keep
    it, and :func:`replay_public` rebuilds its views. A hand of Mus individuel gives an
    ``individuel_public_hand``, of its own views (others' discards hidden).

    >>> import json, mus
    >>> state = mus.new_hand(seed=3)
    >>> for action in ["mus"] * 4 + ["discard 1c", "discard 4b", "discard 2o", "discard 5o"]:
    ...     state = mus.apply(state, action)
    >>> public = public_hand(state, 0)
    >>> public["steps"][-2]
    {'entries': [[2, 'discard 1 card']], 'to_act': 3}
    >>> step = public["steps"][-1]
    >>> step["entries"], step["hand"], step["stock_size"]
    ([[3, 'discard 1 card']], 'Rb 7e 6b 5e', 20)
    >>> "seed" in json.dumps(public) or "stock" in public, replay_public(public)[-1] == state.view(0)
    (False, True)
    """
    if isinstance(state, IndividuelHandState):
        return public_individuel_hand(state, seat)
    if not isinstance(state, HandState):
        raise NotationError(f"public_hand() needs a HandState, of either game, got {type_name(state)}")
    state.view(seat)  # checks the seat
    return {"type": "public_hand", "version": 1, "seat": seat, **_hand_public(state, seat, True)}


def public_match(match: MatchState, seat: int) -> dict[str, Any]:
    """The history of a match as ``seat`` saw it: for each hand dealt so far, the games
    and vacas it started from and its :func:`public_hand` steps; then the standing.

    >>> import mus
    >>> match = mus.new_match(mus.Rules(games_to_win=2), seed=7)
    >>> for action in ("no-mus", "ordago", "accept", "mus"):
    ...     match = mus.apply(match, action)
    >>> public = public_match(match, 1)
    >>> len(public["hands"]), public["hands"][1]["games"], public["games"]
    (2, [0, 1], [0, 1])
    >>> replay_public(public)[-1] == match.view(1)
    True
    """
    if not isinstance(match, MatchState):
        raise NotationError(f"public_match() needs a MatchState, got {type_name(match)}")
    match.view(seat)  # checks the seat
    # The standing each hand started from is not kept: replay the match to find it.
    replayed = new_match(match.rules, seed=match.seed, mano=match.first_mano)
    hands = []
    for hand in match.finished + (() if match.is_over else (match.hand,)):
        hands.append({"games": list(replayed.games), "vacas": list(replayed.vacas), **_hand_public(hand, seat, False)})
        for who, action in hand.history:
            if not derived(action, match.rules) and not replayed.is_over:
                replayed = apply_match(replayed, action, who)
    assert replayed == match, "a match replays from its seed and actions"
    return {
        "type": "public_match", "version": 1, "seat": seat, "rules": rules_knobs(match.rules), "first_mano": match.first_mano,
        "hands": hands, "games": list(match.games), "vacas": list(match.vacas), "is_over": match.is_over, "winner": match.winner,
    }  # fmt: skip


STEP_KEYS = (*tuple(key for key in VIEW_KEYS if key not in ("seat", "history")), "entries")
"""The keys a step may have: the new history ``entries``, and every field of a view
that can change (all but the seat, and the history, which ``entries`` extends).

>>> "entries" in STEP_KEYS and "history" not in STEP_KEYS
True
"""


def _replay_hand(
    data: Any, where: str, seat: int, rules: Rules | None, deal: tuple[tuple[int, ...], int, bool] | None = None
) -> list[SeatView]:
    """The views of a hand's public steps, each checked whole as the rules replay the
    history: the first view the deal's, each step's entries legal move after move and
    every field of its view what they give (one replay, linear in the steps). ``deal``
    is the scores, mano and mus corrido the hand was dealt with, when known (a match
    tells them), else the first view's."""
    views: list[SeatView] = []
    replay: HandReplay | None = None
    for at, current in merged(data, where, VIEW_KEYS + (("rules",) if rules is None else ()), STEP_KEYS):
        if replay is None:
            view = read_seat_view(current, at, rules, False)
            if view.seat != seat:
                raise fail(where, f"the views are seat {view.seat}'s, not seat {seat}'s")
            if view.history:
                raise fail(f"{at}.history", "a hand's public history starts from its deal, before anyone speaks")
            scores, mano, corrido = deal or (view.scores, view.mano, None)
            replay = check_seat_view(view, at, scores=scores, mano=mano, corrido=corrido)
        else:
            if views[-1].phase is Phase.FINISHED:
                raise fail(at, "a step after the hand ended")
            # Only the step's entries are read: the history before them was, whole.
            known = views[-1].history
            entries = read_entries(current["history"][len(known) :], f"{at}.history", views[-1].rules, len(known))
            view = attrs.evolve(read_seat_view({**current, "history": []}, at, rules, False), history=known + entries)
            if not entries:
                raise fail(at, "a step adds the entries of an action to the history")
            replay.where = at
            replay.feed(entries, view)
            compare_view(replay, view, at)
        views.append(view)
    return views


def _settle(
    games: tuple[int, ...], vacas: tuple[int, ...], winner: int | None, rules: Rules
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    # A check of the standing a history states (rules section 9), not its source.
    if winner is None:
        return games, vacas
    won, held = list(games), list(vacas)
    won[winner] += 1
    if won[winner] >= rules.games_to_win:
        held[winner] += 1
        if held[winner] < rules.vacas_to_win:
            won = [0] * len(won)
    return tuple(won), tuple(held)


def _replay_match(data: dict[str, Any]) -> list[MatchView]:
    data = read_object(
        data,
        "public_match",
        ("type", "version", "seat", "rules", "first_mano", "hands", "games", "vacas", "is_over", "winner"),
    )
    rules = read_rules(data["rules"], "public_match.rules")
    seat, first_mano = (
        seat_reader(rules)(data["seat"], "public_match.seat"),
        seat_reader(rules)(data["first_mano"], "public_match.first_mano"),
    )
    final = (
        read_scores(data["games"], "public_match.games", rules.teams),
        read_scores(data["vacas"], "public_match.vacas", rules.teams),
    )
    is_over = read_bool(data["is_over"], "public_match.is_over")
    winner = maybe(side_reader(rules), data["winner"], "public_match.winner")
    blocks = read_list(data["hands"], "public_match.hands")
    if not blocks:
        raise fail("public_match.hands", "a match has dealt at least one hand")
    result: list[MatchView] = []
    last: SeatView | None = None
    standing: tuple[tuple[int, ...], tuple[int, ...]] = ((0,) * rules.teams, (0,) * rules.teams)
    for number, block in enumerate(blocks):
        where = f"public_match.hands[{number}]"
        block = read_object(block, where, ("games", "vacas", "start", "steps"))
        stated = (
            read_scores(block["games"], f"{where}.games", rules.teams),
            read_scores(block["vacas"], f"{where}.vacas", rules.teams),
        )
        if stated != standing:
            raise fail(where, f"the hand starts from games {list(standing[0])}, vacas {list(standing[1])}")
        scores = (0,) * rules.teams if last is None or last.winner is not None else last.scores
        mano = first_mano if last is None else (last.mano + 1) % rules.seats
        corrido = rules.mus_corrido != "off" if last is None else rules.mus_corrido == "game" and not any(scores)
        views = _replay_hand(
            {"start": block["start"], "steps": block["steps"]}, where, seat, rules, (scores, mano, corrido)
        )
        ended = number < len(blocks) - 1 or is_over
        if ended and views[-1].phase is not Phase.FINISHED:
            raise fail(where, "a hand before the last must have ended")
        shown = views[:-1] if ended else views
        result += [MatchView(seat, rules, first_mano, number, *standing, v.scores, False, None, v, last) for v in shown]
        last = views[-1]
        if ended:
            standing = _settle(*standing, last.winner, rules)
    if standing != final or (is_over != (max(final[1]) >= rules.vacas_to_win) and len(blocks) < 10_000):
        raise fail("public_match", "the standing does not follow from the hands")
    if is_over:
        assert last is not None
        if winner != (final[1].index(max(final[1])) if max(final[1]) >= rules.vacas_to_win else winner):
            raise fail("public_match.winner", "not the side that won the vacas")
        result.append(
            MatchView(seat, rules, first_mano, len(blocks) - 1, *final, last.scores, True, winner, last, last)
        )
    elif winner is not None:
        raise fail("public_match.winner", "a match under way has no winner")
    return result


def replay_public(data: Any) -> tuple[SeatView, ...] | tuple[MatchView, ...] | tuple[IndividuelSeatView, ...]:
    """The views that a :func:`public_hand` (or :func:`public_match`, or
    :func:`public_session`) history shows, in order, checked for consistency: the last
    is the seat's view now. A public session gives the views of every hand in turn.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
    >>> views = replay_public(public_hand(state, 3))
    >>> len(views), views[-1] == state.view(3)
    (2, True)
    >>> replay_public({"type": "public_hand", "version": 1, "seat": 3, "start": {}, "steps": []})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: public_hand.start: lacks seat, mano, phase, lance, to_act, scores, hand, pending, history, results, stock_size, discards_size, count, winner, hands, betting, legal, rules
    """
    if not isinstance(data, dict) or data.get("type") not in PUBLIC_KINDS or data.get("version") != 1:
        raise NotationError(f"not a public history ({', '.join(PUBLIC_KINDS)}), version 1: {quoted(data)}")
    if data["type"] == "public_match":
        return tuple(_replay_match(data))
    if data["type"] in ("individuel_public_hand", "individuel_public_session"):
        return replay_individuel(data)
    data = read_object(data, "public_hand", ("type", "version", "seat", "start", "steps"))
    if type(data["seat"]) is not int:
        raise fail("public_hand.seat", f"a seat number, got {quoted(data['seat'])}")
    return tuple(_replay_hand({"start": data["start"], "steps": data["steps"]}, "public_hand", data["seat"], None))
