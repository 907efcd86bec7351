"""The public histories of the Mus individuel: a hand (:func:`public_individuel_hand`,
which :func:`~mus.data.public_hand` gives for a hand of Mus individuel) or a session
(:func:`~mus.data.public_session`) as one seat saw it, with no seed, no stock and no card the
seat was not shown; and :func:`replay_individuel`, which
:func:`~mus.data.replay_public` reads them with: the seat's views again, checked.

>>> from mus.individuel import IndividuelRules, apply, new_hand
>>> state = new_hand(IndividuelRules(players=3), seed=4)
>>> for seat in state.deal.seats:
...     state = apply(state, f"discard {state.held[seat][-1]}")
>>> public = public_individuel_hand(state, 1)
>>> public["start"]["hand"], public["steps"][0]["entries"], public["steps"][1]["hand"]
('6b 4c 3e 2b 1e', [[0, 'discard 1 card']], '6b 4c 3e 2b')
>>> replay_individuel(public)[-1] == state.view(1)
True
"""

from __future__ import annotations

from typing import Any

from mus.data.individuel import (
    INDIVIDUEL_VIEW_KEYS,
    individuel_knobs,
    individuel_view_data,
    read_individuel_rules,
    read_individuel_view,
)
from mus.data.individuel_consistency import IndividuelReplay, check_individuel_view, compare_individuel, play_again
from mus.data.reading import fail, maybe, read_list, read_number, read_object
from mus.data.steps import merged, steps_of
from mus.errors import NotationError, quoted
from mus.individuel.reducer import apply
from mus.individuel.rules import IndividuelRules
from mus.individuel.session import Session
from mus.individuel.state import HandState, SeatView
from mus.table import Phase

__all__ = ["INDIVIDUEL_STEP_KEYS", "public_individuel_hand", "public_session", "replay_individuel"]


INDIVIDUEL_STEP_KEYS = (*tuple(key for key in INDIVIDUEL_VIEW_KEYS if key not in ("seat", "history")), "entries")
"""The keys a step of a Mus individuel hand may have: every field of a view that can
change (all but the seat, and the history, which ``entries`` extends).

>>> "hand" in INDIVIDUEL_STEP_KEYS and "history" not in INDIVIDUEL_STEP_KEYS
True
"""


def _hand_public(hand: HandState, seat: int, with_rules: bool) -> dict[str, Any]:
    state = hand.initial()
    views = [individuel_view_data(state.view(seat), with_rules)]
    for who, action in hand.history:
        state = apply(state, action, who)
        views.append(individuel_view_data(state.view(seat), with_rules))
    return {"start": views[0], "steps": steps_of(views)}


def public_individuel_hand(state: HandState, seat: int) -> dict[str, Any]:
    """The history of a hand of Mus individuel as ``seat`` saw it (what
    :func:`~mus.data.public_hand` gives for one): its first view, then what changed at
    each action. Another seat's discard is ``"discard 1 card"``, and the hands are those
    the seat was shown: its own, those of an órdago it was in, all of them at the count.

    >>> from mus.individuel import new_hand
    >>> public_individuel_hand(new_hand(seed=1), 0)["start"]["hand"]
    'Ro Co 7e 3c 1e'
    """
    if not isinstance(state, HandState):
        raise NotationError(f"public_individuel_hand() needs a Mus individuel HandState, got {type(state).__name__}")
    state.view(seat)  # checks the seat
    return {"type": "individuel_public_hand", "version": 1, "seat": seat, **_hand_public(state, seat, True)}


def public_session(session: Session, seat: int) -> dict[str, Any]:
    """The history of a session of Mus individuel as ``seat`` saw it: for each hand
    dealt so far, the game it belongs to, its number in that game, the games each seat
    had lost when it was dealt, and its :func:`~mus.data.public_hand` steps; then the games lost,
    each game's loser and the winner. No seed: the session's would tell every deal.

    >>> from mus.individuel import IndividuelRules, RandomPlayer, new_session, play_session
    >>> players = [RandomPlayer(seat) for seat in range(3)]
    >>> session = play_session(new_session(IndividuelRules(players=3, losses=1), seed=2), players)
    >>> public = public_session(session, 0)
    >>> len(public["hands"]), public["hands"][-1]["game"], public["losers"], public["winner"]
    (5, 2, [0, 0, 2], 1)
    >>> views = replay_individuel(public)
    >>> views[-1] == session.view(0), views[-1].loser
    (True, 2)
    """
    if not isinstance(session, Session):
        raise NotationError(f"public_session() needs a Mus individuel Session, got {type(session).__name__}")
    session.view(seat)  # checks the seat
    hands, game, number, losses = [], 0, 0, [0] * session.rules.players
    for hand in session.finished + (() if session.is_over else (session.hand,)):
        hands.append({"game": game, "hand_in_game": number, "losses": list(losses), **_hand_public(hand, seat, False)})
        game, number = (game, number + 1) if hand.loser is None else (game + 1, 0)
        if hand.loser is not None:
            losses[hand.loser] += 1
    return {
        "type": "individuel_public_session", "version": 1, "seat": seat, "rules": individuel_knobs(session.rules),
        "first_mano": session.first_mano, "hands": hands, "losses": list(session.losses), "losers": list(session.losers),
        "winner": session.winner,
    }  # fmt: skip


def _replay_hand(
    data: Any, where: str, seat: int, rules: IndividuelRules | None, deal: tuple[int, tuple[int, ...]] | None = None
) -> list[SeatView]:
    """The views of a hand's public steps, each checked whole as the rules replay the
    history (one replay, step after step): the first view the deal's, from the mano
    and stones ``deal`` says when known (a session tells them)."""
    views: list[SeatView] = []
    replay: IndividuelReplay | None = None
    keys = INDIVIDUEL_VIEW_KEYS + (("rules",) if rules is None else ())
    for at, current in merged(data, where, keys, INDIVIDUEL_STEP_KEYS):
        view = read_individuel_view(current, at, rules, False)
        if replay is None:
            if view.seat != seat:
                raise fail(where, f"the views are seat {view.seat}'s, not seat {seat}'s")
            if view.history or view.phase is not Phase.DISCARD:
                raise fail(f"{where}.start", "a hand starts from its deal, before any discard")
            if deal is not None and (view.mano, view.stones) != deal:
                raise fail(where, "the hand does not start from the mano and stones the last one left")
            replay = check_individuel_view(view, at, stones=view.stones)
        else:
            if views[-1].phase is Phase.FINISHED:
                raise fail(at, "a step after the hand ended")
            entries = view.history[replay.size :]
            if len(entries) != 1:
                raise fail(at, "a step adds one action to the history")
            replay.where = at
            replay.feed(entries, view)
            compare_individuel(replay, view, at)
            if replay.phase is Phase.FINISHED:
                play_again(view, replay.start, at)
        views.append(view)
    return views


def _replay_session(data: Any) -> list[SeatView]:
    name = "individuel_public_session"
    data = read_object(
        data, name, ("type", "version", "seat", "rules", "first_mano", "hands", "losses", "losers", "winner")
    )
    rules = read_individuel_rules(data["rules"], f"{name}.rules")
    n = rules.players

    def seat_of(value: Any, where: str) -> int:
        return read_number(value, where, 0, n - 1)

    seat, mano = seat_of(data["seat"], f"{name}.seat"), seat_of(data["first_mano"], f"{name}.first_mano")
    stated = (
        tuple(
            read_number(v, f"{name}.losses[{i}]") for i, v in enumerate(read_list(data["losses"], f"{name}.losses", n))
        ),
        tuple(seat_of(v, f"{name}.losers[{i}]") for i, v in enumerate(read_list(data["losers"], f"{name}.losers"))),
        maybe(seat_of, data["winner"], f"{name}.winner"),
    )
    blocks = read_list(data["hands"], f"{name}.hands")
    if not blocks:
        raise fail(f"{name}.hands", "a session has dealt at least one hand")
    result: list[SeatView] = []
    game, number, losses, losers, winner = 0, 0, [0] * n, [], None
    stones = (rules.stones,) * n  # the basket holds the rest
    for b, block in enumerate(blocks):
        where = f"{name}.hands[{b}]"
        if winner is not None:
            raise fail(where, "the session was already over")
        block = read_object(block, where, ("game", "hand_in_game", "losses", "start", "steps"))
        standing = (
            read_number(block["game"], f"{where}.game"),
            read_number(block["hand_in_game"], f"{where}.hand_in_game"),
        )
        lost = tuple(
            read_number(v, f"{where}.losses[{i}]")
            for i, v in enumerate(read_list(block["losses"], f"{where}.losses", n))
        )
        if (standing, lost) != ((game, number), tuple(losses)):
            raise fail(where, f"the hand is hand {number} of game {game}, dealt when the games lost were {losses}")
        views = _replay_hand({"start": block["start"], "steps": block["steps"]}, where, seat, rules, (mano, stones))
        last = views[-1]
        if last.phase is not Phase.FINISHED:
            if b < len(blocks) - 1:
                raise fail(where, "a hand before the last must have ended")
        elif last.loser is None:  # the game goes on: the next seat with stones is the mano
            number, stones = number + 1, last.stones
            holding = [s for s in ((last.mano + i) % n for i in range(1, n + 1)) if stones[s] > 0]
            if len(holding) < 2:
                raise fail(where, "a hand that leaves one seat alone with stones has a loser")
            mano = holding[0]
        else:
            losses[last.loser] += 1
            losers.append(last.loser)
            behind = [s for s, lost in enumerate(losses) if lost < rules.losses]
            winner = behind[0] if len(behind) == 1 else None
            game, number, stones = game + 1, 0, (rules.stones,) * n
            mano = (last.loser if rules.next_game_mano == "loser-deals" else last.mano) + 1
            mano %= n
        if last.phase is Phase.FINISHED and winner is None and b == len(blocks) - 1:
            raise fail(where, "the session goes on: the next hand was dealt")
        result += views
    if stated != (tuple(losses), tuple(losers), winner):
        raise fail(name, "the games lost, losers or winner do not follow from the hands")
    return result


def replay_individuel(data: Any) -> tuple[SeatView, ...]:
    """The views that an ``individuel_public_hand`` or ``individuel_public_session``
    history shows, in order, checked for consistency (what
    :func:`~mus.data.replay_public` gives for one): for a session, those of every hand
    in turn. The last is the seat's view now.

    >>> from mus.individuel import new_hand
    >>> public = public_individuel_hand(new_hand(seed=1), 0)
    >>> replay_individuel({**public, "seat": 1})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: individuel_public_hand: the views are seat 0's, not seat 1's
    """
    kind = data.get("type") if isinstance(data, dict) else None
    if kind not in ("individuel_public_hand", "individuel_public_session") or data.get("version") != 1:
        raise NotationError(f"not a Mus individuel public history, version 1: {quoted(data)}")
    if kind == "individuel_public_session":
        return tuple(_replay_session(data))
    data = read_object(data, kind, ("type", "version", "seat", "start", "steps"))
    if type(data["seat"]) is not int:
        raise fail(f"{kind}.seat", f"a seat number, got {quoted(data['seat'])}")
    return tuple(_replay_hand({"start": data["start"], "steps": data["steps"]}, kind, data["seat"], None))
