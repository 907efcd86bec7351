"""Every public value as JSON-ready data, read back exactly; and the public histories
a server may hand to a client.

:func:`to_data` turns a card, hand, action, rule set, deal, hand or match state, seat
or match view, legal-action list, count record, count line, lance result or betting
record into plain dicts, lists, strings, numbers, booleans and ``None``;
:func:`from_data` reads it back, equal to the value it came from. Each form is an
object with a ``"type"`` key (``"card"``, ``"seat_view"``, ...); inside a larger form
the parts go without it (a card is its text ``"Ro"``, a hand ``"Ro Rc 7e 1b"``, an
action ``"bet 5"``), and ``from_data(part, kind)`` reads a part on its own.
:data:`SCHEMA` is the JSON Schema of every form; :func:`dumps` and :func:`loads` are the
same as text. Reading is strict: unknown keys, wrong types and values the engine would
refuse raise :class:`~mus.NotationError`.

>>> import mus
>>> state = mus.apply(mus.new_hand(mus.Rules(), seed=1), "no-mus")
>>> to_data(mus.Card.parse("Ro")), to_data(mus.Bet(5))
({'type': 'card', 'text': 'Ro'}, {'type': 'action', 'text': 'bet 5'})
>>> view = to_data(state.view(1))
>>> view["type"], view["hand"], view["to_act"], view["history"]
('seat_view', 'Ro Sb 6c 6b', 0, [[0, 'no-mus']])
>>> from_data(view) == state.view(1) and from_data(to_data(state)) == state
True
>>> from_data({"type": "card", "text": "Xo"})
Traceback (most recent call last):
...
mus.errors.NotationError: card: unknown rank 'X' in card 'Xo' (ranks: 1-7, S, C, R; also A, 10, 11, 12)

A server keeps the full history (:mod:`mus.notation`, or ``to_data(match)``: it holds
the seed and every card) and sends a client :func:`public_match` (or
:func:`public_hand`): the views its seat was shown, with no seed, no stock and no card
that seat did not see. :func:`replay_public` rebuilds those views from it.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from mus import notation
from mus.actions import ACTION_TYPES, MIN_BET, Action, Declare, Discard, Fold, MusVisto, Signal, TeamFold, parse_action
from mus.cards import Card
from mus.errors import MusError, NotationError, quoted
from mus.hand import Hand
from mus.lances import Lance
from mus.match import MatchState, MatchView, apply_match, new_match
from mus.notation.histories import HAND_KEYS, MATCH_KEYS, hand_data, hand_from_data, match_from_data
from mus.reducer import LegalActions, apply, derived, new_hand
from mus.rules import Rules
from mus.scoring import Count, CountLine, LanceResult, Outcome
from mus.state import Betting, Deal, HandState, HiddenDiscard, Phase, SeatView

__all__ = [
    "KINDS",
    "SCHEMA",
    "dumps",
    "from_data",
    "loads",
    "public_hand",
    "public_match",
    "replay_public",
    "to_data",
    "view_data",
]  # fmt: skip

MAX_LIST = notation.MAX_ACTIONS
"""The longest list any form may hold (a hand's history is the longest)."""

# --- reading: every check says where, in one short line ---------------------------------


def _fail(where: str, message: str) -> NotationError:
    return NotationError(f"{where}: {message}")


def _object(data: Any, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(where, f"expected an object, got {quoted(data)}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise _fail(where, f"lacks {', '.join(missing)}")
    unknown = sorted(str(key) for key in data if key not in keys and key not in optional)
    if unknown:
        raise _fail(where, f"unknown keys: {quoted(', '.join(unknown))}")
    return data


def _int(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low} up" if high is None else f"from {low} to {high}"
        raise _fail(where, f"a whole number {span}, got {quoted(value)}")
    return value


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise _fail(where, f"true or false, got {quoted(value)}")
    return value


def _list(value: Any, where: str, size: int | None = None) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_LIST or (size is not None and len(value) != size):
        count = f"{size} entries" if size is not None else f"at most {MAX_LIST} entries"
        raise _fail(where, f"a list of {count}, got {quoted(value)}")
    return value


def _maybe(read: Callable[[Any, str], Any], value: Any, where: str) -> Any:
    return None if value is None else read(value, where)


def _seat(rules: Rules) -> Callable[[Any, str], int]:
    return lambda value, where: _int(value, where, 0, rules.seats - 1)


def _seats(value: Any, where: str, rules: Rules) -> tuple[int, ...]:
    return tuple(_int(seat, f"{where}[{i}]", 0, rules.seats - 1) for i, seat in enumerate(_list(value, where)))


def _scores(value: Any, where: str, sides: int) -> tuple[int, ...]:
    """One number per side; ``sides`` 0 when not known (a record read on its own)."""
    if not sides and isinstance(value, list) and 2 <= len(value) <= 6:
        sides = len(value)
    return tuple(_int(score, f"{where}[{i}]") for i, score in enumerate(_list(value, where, sides or 2)))


def _canonical(read: Callable[[str], Any], value: Any, where: str) -> Any:
    """One text per value: what ``str`` writes, nothing the players' words also allow."""
    if not isinstance(value, str) or len(value) > 200:
        raise _fail(where, f"expected text, got {quoted(value)}")
    try:
        result = read(value)
    except MusError as error:
        raise _fail(where, str(error)) from None
    if str(result) != value:
        raise _fail(where, f"write {quoted(str(result))}, not {quoted(value)}")
    return result


def _card(value: Any, where: str) -> Card:
    return _canonical(Card.parse, value, where)  # type: ignore[no-any-return]


def _hand(value: Any, where: str) -> Hand:
    return _canonical(Hand.parse, value, where)  # type: ignore[no-any-return]


def _action(value: Any, where: str) -> Action:
    return _canonical(parse_action, value, where)  # type: ignore[no-any-return]


def _cards(value: Any, where: str) -> tuple[Card, ...]:
    return tuple(_card(card, f"{where}[{i}]") for i, card in enumerate(_list(value, where)))


def _enum(kind: Any, value: Any, where: str) -> Any:
    for member in kind:
        if str(member) == value:
            return member
    raise _fail(where, f"one of {', '.join(str(member) for member in kind)}, got {quoted(value)}")


def _build(where: str, make: Callable[..., Any], *args: Any) -> Any:
    try:
        return make(*args)
    except MusError as error:
        raise _fail(where, str(error)) from None


def _knobs(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()`` as JSON has it: a house rule's tuple fields as lists."""
    return _lists(rules.to_dict())  # type: ignore[no-any-return]


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_lists(item) for item in value]
    return value


def _rules(value: Any, where: str) -> Rules:
    if not isinstance(value, dict):
        raise _fail(where, f"an object of knobs, got {quoted(value)}")
    return _build(where, Rules.from_dict, value)  # type: ignore[no-any-return]


# --- the parts of the views -------------------------------------------------------------

_HIDDEN = re.compile(r"discard ([1-4]) cards?")


def _entry_data(seat: int, action: Any) -> list[Any]:
    return [seat, str(action)]


def _entry(value: Any, where: str, rules: Rules) -> tuple[int, Any]:
    seat, text = _list(value, where, 2)
    hidden = _HIDDEN.fullmatch(text) if isinstance(text, str) else None
    if hidden:
        return _seat(rules)(seat, f"{where}[0]"), _canonical(
            lambda _: HiddenDiscard(int(hidden[1])), text, f"{where}[1]"
        )
    return _seat(rules)(seat, f"{where}[0]"), _action(text, f"{where}[1]")


def _result_data(result: LanceResult) -> dict[str, Any]:
    return {
        "lance": str(result.lance), "outcome": str(result.outcome), "stake": result.stake, "team": result.team,
        "seats": list(result.seats), "folded": list(result.folded),
    }  # fmt: skip


def _result(value: Any, where: str, rules: Rules) -> LanceResult:
    data = _object(value, where, ("lance", "outcome", "stake", "team", "seats", "folded"))
    return _build(  # type: ignore[no-any-return]
        where, LanceResult, _enum(Lance, data["lance"], f"{where}.lance"),
        _enum(Outcome, data["outcome"], f"{where}.outcome"), _int(data["stake"], f"{where}.stake"),
        _maybe(_seat_or_side(rules), data["team"], f"{where}.team"),
        _seats(data["seats"], f"{where}.seats", rules), _seats(data["folded"], f"{where}.folded", rules),
    )  # fmt: skip


def _sides(rules: Rules) -> int:
    return 0 if rules is _SIX else rules.teams


def _seat_or_side(rules: Rules) -> Callable[[Any, str], int]:
    return lambda value, where: _int(value, where, 0, rules.teams - 1)


def _line_data(line: CountLine) -> dict[str, Any]:
    return {
        "lance": str(line.lance), "outcome": str(line.outcome), "team": line.team, "seat": line.seat,
        "bet": line.bet, "refusal": line.refusal, "bonus": line.bonus, "scores": list(line.scores),
        "liars": list(line.liars), "individual": line.individual,
    }  # fmt: skip


def _line(value: Any, where: str, rules: Rules) -> CountLine:
    data = _object(
        value, where, ("lance", "outcome", "team", "seat", "bet", "refusal", "bonus", "scores", "liars", "individual")
    )
    return CountLine(
        _enum(Lance, data["lance"], f"{where}.lance"), _enum(Outcome, data["outcome"], f"{where}.outcome"),
        _maybe(_seat_or_side(rules), data["team"], f"{where}.team"), _maybe(_seat(rules), data["seat"], f"{where}.seat"),
        _int(data["bet"], f"{where}.bet"), _int(data["refusal"], f"{where}.refusal"), _int(data["bonus"], f"{where}.bonus"),
        _scores(data["scores"], f"{where}.scores", _sides(rules)), _seats(data["liars"], f"{where}.liars", rules),
        _bool(data["individual"], f"{where}.individual"),
    )  # fmt: skip


def _count_data(count: Count) -> dict[str, Any]:
    return {
        "lines": [_line_data(line) for line in count.lines], "scores": list(count.scores), "winner": count.winner,
        "stopped_at": None if count.stopped_at is None else str(count.stopped_at),
        "uncounted": [str(lance) for lance in count.uncounted], "individual": count.individual,
    }  # fmt: skip


def _count(value: Any, where: str, rules: Rules) -> Count:
    data = _object(value, where, ("lines", "scores", "winner", "stopped_at", "uncounted", "individual"))
    return Count(
        tuple(_line(line, f"{where}.lines[{i}]", rules) for i, line in enumerate(_list(data["lines"], f"{where}.lines"))),
        _scores(data["scores"], f"{where}.scores", _sides(rules)), _maybe(_seat_or_side(rules), data["winner"], f"{where}.winner"),
        _maybe(lambda v, w: _enum(Lance, v, w), data["stopped_at"], f"{where}.stopped_at"),
        tuple(_enum(Lance, lance, f"{where}.uncounted[{i}]") for i, lance in enumerate(_list(data["uncounted"], f"{where}.uncounted"))),
        _bool(data["individual"], f"{where}.individual"),
    )  # fmt: skip


_BETTING_KEYS = ("lance", "seats", "stake", "previous", "bets", "bettor", "ordago", "folded", "accepted")


def _betting_data(betting: Betting) -> dict[str, Any]:
    data = betting._asdict()
    data["lance"] = str(betting.lance)
    for key in ("seats", "folded", "accepted"):
        data[key] = list(data[key])
    return data


def _betting(value: Any, where: str, rules: Rules) -> Betting:
    data = _object(value, where, _BETTING_KEYS)
    return Betting(
        _enum(Lance, data["lance"], f"{where}.lance"), _seats(data["seats"], f"{where}.seats", rules),
        _int(data["stake"], f"{where}.stake"), _int(data["previous"], f"{where}.previous"), _int(data["bets"], f"{where}.bets"),
        _maybe(_seat(rules), data["bettor"], f"{where}.bettor"), _bool(data["ordago"], f"{where}.ordago"),
        _seats(data["folded"], f"{where}.folded", rules), _seats(data["accepted"], f"{where}.accepted", rules),
    )  # fmt: skip


# --- views ------------------------------------------------------------------------------

_VIEW_KEYS = (
    "seat", "mano", "phase", "lance", "to_act", "scores", "hand", "pending", "history", "results",
    "stock_size", "discards_size", "count", "winner", "hands", "betting", "legal",
)  # fmt: skip


def _view_data(view: SeatView, with_rules: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"seat": view.seat}
    if with_rules:
        data["rules"] = _knobs(view.rules)
    data.update(
        mano=view.mano, phase=str(view.phase), lance=None if view.lance is None else str(view.lance),
        to_act=view.to_act, scores=list(view.scores), hand=str(view.hand), pending=[str(c) for c in view.pending],
        history=[_entry_data(seat, action) for seat, action in view.history],
        results=[_result_data(result) for result in view.results], stock_size=view.stock_size,
        discards_size=view.discards_size, count=None if view.count is None else _count_data(view.count),
        winner=view.winner, hands=None if view.hands is None else [None if h is None else str(h) for h in view.hands],
        betting=None if view.betting is None else _betting_data(view.betting), legal=[str(a) for a in view.legal],
    )  # fmt: skip
    return data


def _view(value: Any, where: str, rules: Rules | None = None) -> SeatView:
    data = _object(value, where, _VIEW_KEYS + (("rules",) if rules is None else ()))
    rules = _rules(data["rules"], f"{where}.rules") if rules is None else rules
    seat, side = _seat(rules), _seat_or_side(rules)
    hands = _maybe(lambda v, w: tuple(_maybe(_hand, h, f"{w}[{i}]") for i, h in enumerate(_list(v, w, rules.seats))), data["hands"], f"{where}.hands")  # fmt: skip
    return SeatView(
        seat=seat(data["seat"], f"{where}.seat"), rules=rules, mano=seat(data["mano"], f"{where}.mano"),
        phase=_enum(Phase, data["phase"], f"{where}.phase"),
        lance=_maybe(lambda v, w: _enum(Lance, v, w), data["lance"], f"{where}.lance"),
        to_act=_maybe(seat, data["to_act"], f"{where}.to_act"), scores=_scores(data["scores"], f"{where}.scores", rules.teams),
        hand=_hand(data["hand"], f"{where}.hand"), pending=_cards(data["pending"], f"{where}.pending"),
        history=tuple(_entry(e, f"{where}.history[{i}]", rules) for i, e in enumerate(_list(data["history"], f"{where}.history"))),
        results=tuple(_result(r, f"{where}.results[{i}]", rules) for i, r in enumerate(_list(data["results"], f"{where}.results"))),
        stock_size=_int(data["stock_size"], f"{where}.stock_size", 0, 40),
        discards_size=_int(data["discards_size"], f"{where}.discards_size", 0, 40),
        count=_maybe(lambda v, w: _count(v, w, rules), data["count"], f"{where}.count"),
        winner=_maybe(side, data["winner"], f"{where}.winner"), hands=hands,
        betting=_maybe(lambda v, w: _betting(v, w, rules), data["betting"], f"{where}.betting"),
        legal=tuple(_action(a, f"{where}.legal[{i}]") for i, a in enumerate(_list(data["legal"], f"{where}.legal"))),
    )  # fmt: skip


_MATCH_VIEW_KEYS = (
    "seat",
    "rules",
    "first_mano",
    "hand_number",
    "games",
    "vacas",
    "scores",
    "is_over",
    "winner",
    "hand",
    "last",
)


def _match_view_data(view: MatchView) -> dict[str, Any]:
    # The hands' views go without their rules: they are the match's.
    return {
        "seat": view.seat, "rules": _knobs(view.rules), "first_mano": view.first_mano, "hand_number": view.hand_number,
        "games": list(view.games), "vacas": list(view.vacas), "scores": list(view.scores), "is_over": view.is_over,
        "winner": view.winner, "hand": _view_data(view.hand, False),
        "last": None if view.last is None else _view_data(view.last, False),
    }  # fmt: skip


def _match_view(value: Any, where: str) -> MatchView:
    data = _object(value, where, _MATCH_VIEW_KEYS)
    rules = _rules(data["rules"], f"{where}.rules")
    return MatchView(
        seat=_seat(rules)(data["seat"], f"{where}.seat"), rules=rules,
        first_mano=_seat(rules)(data["first_mano"], f"{where}.first_mano"),
        hand_number=_int(data["hand_number"], f"{where}.hand_number"), games=_scores(data["games"], f"{where}.games", rules.teams),
        vacas=_scores(data["vacas"], f"{where}.vacas", rules.teams), scores=_scores(data["scores"], f"{where}.scores", rules.teams),
        is_over=_bool(data["is_over"], f"{where}.is_over"), winner=_maybe(_seat_or_side(rules), data["winner"], f"{where}.winner"),
        hand=_view(data["hand"], f"{where}.hand", rules),
        last=_maybe(lambda v, w: _view(v, w, rules), data["last"], f"{where}.last"),
    )  # fmt: skip


def view_data(state: HandState | MatchState, seat: int) -> dict[str, Any]:
    """``to_data(state.view(seat))``: what a server sends ``seat`` after each action.

    >>> import mus
    >>> data = view_data(mus.new_match(seed=3), 2)
    >>> data["type"], data["hand"]["hand"], data["hand"]["legal"]
    ('match_view', 'Sc 6e 3e 2c', [])
    """
    if not isinstance(state, (HandState, MatchState)):
        raise NotationError(f"view_data() needs a HandState or MatchState, got {type(state).__name__}")
    return to_data(state.view(seat))  # type: ignore[no-any-return]


# --- legal actions, deals, states -------------------------------------------------------


def _legal_data(legal: LegalActions) -> dict[str, Any]:
    kinds = legal._kinds
    return {
        "seat": legal.seat, "actions": [str(action) for action in legal], "min_bet": legal.min_bet,
        "max_bet": legal.max_bet, "team_fold": kinds is not None and TeamFold in kinds,
    }  # fmt: skip


def _legal(value: Any, where: str) -> LegalActions:
    data = _object(value, where, ("seat", "actions", "min_bet", "max_bet", "team_fold"))
    seat = _maybe(lambda v, w: _int(v, w, 0, 5), data["seat"], f"{where}.seat")
    actions = tuple(
        _action(a, f"{where}.actions[{i}]") for i, a in enumerate(_list(data["actions"], f"{where}.actions"))
    )
    max_bet = _maybe(lambda v, w: _int(v, w, MIN_BET), data["max_bet"], f"{where}.max_bet")
    team_fold = _bool(data["team_fold"], f"{where}.team_fold")
    hand = None
    if (actions and all(type(a) is Discard for a in actions)) or (actions and all(type(a) is Declare for a in actions)):
        # Discards and declarations are listed in full; other lists stand for kinds.
        kinds = None
        cards = {card for action in actions if isinstance(action, Discard) for card in action.cards}
        hand = Hand(tuple(cards)) if len(cards) == 4 else None
    else:
        kinds = frozenset(type(action) for action in actions) | (frozenset({TeamFold}) if team_fold else frozenset())
    legal = LegalActions._make(actions, seat, kinds, hand, max_bet)
    if legal.min_bet != data["min_bet"] or (legal._kinds is not None and TeamFold in legal._kinds) != team_fold:
        raise _fail(where, "min_bet or team_fold does not fit the listed actions")
    return legal


def _deal_data(deal: Deal) -> dict[str, Any]:
    return {
        "rules": _knobs(deal.rules), "mano": deal.mano, "scores": list(deal.scores),
        "hands": [str(hand) for hand in deal.hands], "stock": [str(card) for card in deal.stock],
        "seed": deal.seed, "corrido": deal.corrido,
    }  # fmt: skip


def _deal(value: Any, where: str) -> Deal:
    data = _object(value, where, ("rules", "mano", "scores", "hands", "stock", "seed", "corrido"))
    rules = _rules(data["rules"], f"{where}.rules")
    seed = data["seed"]
    if type(seed) not in (int, str):
        raise _fail(f"{where}.seed", f"a whole number or a text, got {quoted(seed)}")
    hands = [_hand(h, f"{where}.hands[{i}]") for i, h in enumerate(_list(data["hands"], f"{where}.hands", rules.seats))]
    state = _build(
        where, lambda: new_hand(
            rules, seed=seed, hands=hands, stock=_cards(data["stock"], f"{where}.stock"),
            mano=_seat(rules)(data["mano"], f"{where}.mano"), scores=list(_scores(data["scores"], f"{where}.scores", rules.teams)),
            corrido=_bool(data["corrido"], f"{where}.corrido"),
        ),
    )  # fmt: skip
    return state.deal  # type: ignore[no-any-return]


def _history(value: Any, where: str, kind: str) -> dict[str, Any]:
    """A :mod:`mus.notation` JSON history, checked as its own reader checks one."""
    keys = HAND_KEYS if kind == "mus-hand" else MATCH_KEYS
    data = _object(value, where, sorted(keys[0]), sorted(keys[1]))
    if data["format"] != kind or type(data["version"]) is not int or data["version"] != 1:
        raise _fail(where, f"not a {kind} history, version 1")
    if type(data["seed"]) not in (int, str):
        raise _fail(f"{where}.seed", f"a whole number or a text, got {quoted(data['seed'])}")
    return data


def _hand_state(value: Any, where: str) -> HandState:
    data = _history(value, where, "mus-hand")
    return _build(where, hand_from_data, data)  # type: ignore[no-any-return]


def _match_state(value: Any, where: str) -> MatchState:
    data = _history(value, where, "mus-match")
    return _build(where, match_from_data, data)  # type: ignore[no-any-return]


# --- the kinds --------------------------------------------------------------------------

# kind: (the type it is of, its form's body, the reader of a body). A body is an object
# (then the typed form adds "type" to it), or a text, rules or history put under one key.
_SIX = Rules(seats=6, teams=6)  # out of a view, a record's seats and sides range over the largest table
_Codec = tuple[Any, Callable[[Any], Any], Callable[[Any, str], Any], str]
_CODECS: dict[str, _Codec] = {
    "card": (Card, str, _card, "text"),
    "hand": (Hand, str, _hand, "text"),
    "action": (tuple(ACTION_TYPES), str, _action, "text"),
    "rules": (Rules, _knobs, _rules, "rules"),
    "deal": (Deal, _deal_data, _deal, ""),
    "hand_state": (HandState, lambda h: _lists(hand_data(h)), _hand_state, "history"),
    "match_state": (MatchState, lambda m: json.loads(notation.match_to_json(m)), _match_state, "history"),
    "seat_view": (SeatView, _view_data, _view, ""),
    "match_view": (MatchView, _match_view_data, _match_view, ""),
    "legal_actions": (LegalActions, _legal_data, _legal, ""),
    "count": (Count, _count_data, lambda v, w: _count(v, w, _SIX), ""),
    "count_line": (CountLine, _line_data, lambda v, w: _line(v, w, _SIX), ""),
    "lance_result": (LanceResult, _result_data, lambda v, w: _result(v, w, _SIX), ""),
    "betting": (Betting, _betting_data, lambda v, w: _betting(v, w, _SIX), ""),
}

KINDS: tuple[str, ...] = tuple(_CODECS)
"""Every ``"type"`` that :func:`to_data` writes and :func:`from_data` reads."""


def to_data(value: Any) -> Any:
    """The JSON-ready form of a library value: an object with its ``"type"``.

    >>> import mus
    >>> to_data(mus.Hand.parse("1b 7e Ro Rc"))
    {'type': 'hand', 'text': 'Ro Rc 7e 1b'}
    >>> to_data(mus.new_hand(seed=1).betting), to_data(mus.Rules())["rules"]["target"]
    (None, 40)
    >>> sorted(to_data(mus.new_hand(seed=1))["history"])[:4]
    ['actions', 'count', 'format', 'hands']
    """
    if value is None:
        return None  # an absent part, as in a view before any betting
    for kind, (of, body, _, key) in _CODECS.items():
        if isinstance(value, of) and (kind != "betting" or type(value) is Betting):
            data = body(value)
            return {"type": kind, key: data} if key else {"type": kind, **data}
    raise NotationError(f"no data form for {quoted(value)} (kinds: {', '.join(KINDS)})")


def from_data(data: Any, kind: str | None = None) -> Any:
    """The value that :func:`to_data` data describes. With ``kind`` (one of
    :data:`KINDS`), also a part of a larger form: ``from_data("Ro", "card")``.

    >>> import mus
    >>> from_data({"type": "action", "text": "accept"}), from_data("Ro Rc 7e 1b", "hand")
    (Accept(), Hand.parse('Ro Rc 7e 1b'))
    >>> from_data({"type": "card", "text": "Ro", "colour": "gold"})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: card: unknown keys: 'colour'
    """
    if kind is not None and kind not in _CODECS:
        raise NotationError(f"unknown kind {quoted(kind)} (kinds: {', '.join(KINDS)})")
    if isinstance(data, dict) and "type" in data:
        typed = data["type"]
        if not isinstance(typed, str) or typed not in _CODECS or (kind is not None and typed != kind):
            expected = kind or ", ".join(KINDS)
            raise NotationError(
                f"type {quoted(typed)} is not {expected}" + (": use replay_public()" if str(typed) in _PUBLIC else "")
            )
        _, _, read, key = _CODECS[typed]
        body = {name: value for name, value in data.items() if name != "type"}
        if key:
            body = _object(body, typed, (key,))[key]
        return read(body, typed)
    if kind is None:
        raise NotationError(f"expected an object with a 'type' ({', '.join(KINDS)}), got {quoted(data)}")
    return _CODECS[kind][2](data, kind)


def dumps(value: Any) -> str:
    """``to_data(value)`` as compact JSON text (one line: a message of a stream).

    >>> import mus
    >>> dumps(mus.Bet(5))
    '{"type":"action","text":"bet 5"}'
    """
    return json.dumps(to_data(value), ensure_ascii=False, separators=(",", ":"))


def loads(text: str | bytes, kind: str | None = None) -> Any:
    """The value of :func:`dumps` text (read as :func:`from_data` reads data).

    >>> import mus
    >>> loads('{"type":"hand","text":"Ro Rc 7e 1b"}') == mus.Hand.parse("Ro Rc 7e 1b")
    True
    >>> loads("{nope")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: not JSON: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
    """
    if not isinstance(text, (str, bytes)) or len(text) > notation.MAX_TEXT:
        raise NotationError(f"data is JSON text of at most {notation.MAX_TEXT} characters, got {quoted(text)}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None
    return from_data(data, kind)


# --- public histories -------------------------------------------------------------------

_PUBLIC = ("public_hand", "public_match")


def _states(hand: HandState) -> Iterator[HandState]:
    """Every state of a hand, from its deal: the moments each seat was shown."""
    state = hand.initial()
    yield state
    for seat, action in hand.history:
        if not derived(action, hand.rules):
            state = apply(state, action, seat)
            yield state


def _steps(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each view after the first as what changed: the new history entries, if any, and
    the fields whose values changed."""
    steps = []
    for before, after in itertools.pairwise(views):
        step: dict[str, Any] = {}
        old, new = before["history"], after["history"]
        if new != old:
            # One action may add more than one entry: the declarations the engine derives.
            assert new[: len(old)] == old, "a hand's history only grows"
            step["entries"] = new[len(old) :]
        step.update((key, value) for key, value in after.items() if key != "history" and before[key] != value)
        if step:
            steps.append(step)
    return steps


def _hand_public(hand: HandState, seat: int, with_rules: bool) -> dict[str, Any]:
    views = [_view_data(state.view(seat), with_rules) for state in _states(hand)]
    return {"start": views[0], "steps": _steps(views)}


def public_hand(state: HandState, seat: int) -> dict[str, Any]:
    """The history of a hand as ``seat`` saw it: its first view, then what changed at
    each action (no seed, no stock, no card the seat was not shown). A client may keep
    it, and :func:`replay_public` rebuilds its views.

    >>> import mus
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
    if not isinstance(state, HandState):
        raise NotationError(f"public_hand() needs a HandState, got {type(state).__name__}")
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
        raise NotationError(f"public_match() needs a MatchState, got {type(match).__name__}")
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
        "type": "public_match", "version": 1, "seat": seat, "rules": _knobs(match.rules), "first_mano": match.first_mano,
        "hands": hands, "games": list(match.games), "vacas": list(match.vacas), "is_over": match.is_over, "winner": match.winner,
    }  # fmt: skip


_STEP_KEYS = (*tuple(key for key in _VIEW_KEYS if key not in ("seat", "history")), "entries")


def _replay_hand(data: Any, where: str, seat: int, rules: Rules | None) -> list[SeatView]:
    hand = _object(data, where, ("start", "steps"))
    current = dict(_object(hand["start"], f"{where}.start", _VIEW_KEYS + (("rules",) if rules is None else ())))
    views = [_view(current, f"{where}.start", rules)]
    for i, step in enumerate(_list(hand["steps"], f"{where}.steps")):
        at = f"{where}.steps[{i}]"
        if not _object(step, at, (), _STEP_KEYS):
            raise _fail(at, "an empty step")
        current = {**current, **{key: value for key, value in step.items() if key != "entries"}}
        if "entries" in step:
            current["history"] = current["history"] + _list(step["entries"], f"{at}.entries")
        view = _view(current, at, rules)
        _check_step(views[-1], view, at)
        views.append(view)
    if views[0].seat != seat:
        raise _fail(where, f"the views are seat {views[0].seat}'s, not seat {seat}'s")
    return views


_TURNS = ACTION_TYPES - {Declare, Signal, MusVisto}  # the actions a seat takes in its turn


def _check_step(before: SeatView, after: SeatView, where: str) -> None:
    """What no real hand does: a seat's cards seen twice, actions out of turn or off
    its list, scores going down."""
    if after.seat != before.seat or after.rules != before.rules:
        raise _fail(where, "the seat or the rules changed")
    if before.phase is Phase.FINISHED:
        raise _fail(where, "a step after the hand ended")
    if any(a < b for a, b in zip(after.scores, before.scores, strict=True)):
        raise _fail(where, "a score went down")
    new = after.history[len(before.history) :]
    if after.history[: len(before.history)] != before.history:
        raise _fail(where, "a step only adds to the history")
    for who, action in new[:1]:  # the rest are the declarations the engine derives
        if who == before.seat and type(action) in _TURNS:
            kinds = {type(a) for a in before.legal} | ({TeamFold} if Fold in {type(a) for a in before.legal} else set())
            if before.to_act == who and before.legal and type(action) not in kinds:
                raise _fail(where, f"seat {who}'s {action} was not among its legal actions")
            if isinstance(action, Discard) and not set(action.cards) <= set(before.hand):
                raise _fail(where, f"seat {who} discarded cards it did not hold")
    if after.hands is not None and after.hands[after.seat] not in (None, after.hand):
        raise _fail(where, "the seat's shown hand is not its hand")


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
    data = _object(
        data,
        "public_match",
        ("type", "version", "seat", "rules", "first_mano", "hands", "games", "vacas", "is_over", "winner"),
    )
    rules = _rules(data["rules"], "public_match.rules")
    seat, first_mano = (
        _seat(rules)(data["seat"], "public_match.seat"),
        _seat(rules)(data["first_mano"], "public_match.first_mano"),
    )
    final = (
        _scores(data["games"], "public_match.games", rules.teams),
        _scores(data["vacas"], "public_match.vacas", rules.teams),
    )
    is_over = _bool(data["is_over"], "public_match.is_over")
    winner = _maybe(_seat_or_side(rules), data["winner"], "public_match.winner")
    blocks = _list(data["hands"], "public_match.hands")
    if not blocks:
        raise _fail("public_match.hands", "a match has dealt at least one hand")
    result: list[MatchView] = []
    last: SeatView | None = None
    standing: tuple[tuple[int, ...], tuple[int, ...]] = ((0,) * rules.teams, (0,) * rules.teams)
    for number, block in enumerate(blocks):
        where = f"public_match.hands[{number}]"
        block = _object(block, where, ("games", "vacas", "start", "steps"))
        stated = (
            _scores(block["games"], f"{where}.games", rules.teams),
            _scores(block["vacas"], f"{where}.vacas", rules.teams),
        )
        views = _replay_hand({"start": block["start"], "steps": block["steps"]}, where, seat, rules)
        if stated != standing:
            raise _fail(where, f"the hand starts from games {list(standing[0])}, vacas {list(standing[1])}")
        if last is not None and views[0].scores != (last.scores if last.winner is None else (0,) * rules.teams):
            raise _fail(where, "the hand does not start from the score the last one ended with")
        ended = number < len(blocks) - 1 or is_over
        if ended and views[-1].phase is not Phase.FINISHED:
            raise _fail(where, "a hand before the last must have ended")
        shown = views[:-1] if ended else views
        result += [MatchView(seat, rules, first_mano, number, *standing, v.scores, False, None, v, last) for v in shown]
        last = views[-1]
        if ended:
            standing = _settle(*standing, last.winner, rules)
    if standing != final or (is_over != (max(final[1]) >= rules.vacas_to_win) and len(blocks) < 10_000):
        raise _fail("public_match", "the standing does not follow from the hands")
    if is_over:
        assert last is not None
        if winner != (final[1].index(max(final[1])) if max(final[1]) >= rules.vacas_to_win else winner):
            raise _fail("public_match.winner", "not the side that won the vacas")
        result.append(
            MatchView(seat, rules, first_mano, len(blocks) - 1, *final, last.scores, True, winner, last, last)
        )
    elif winner is not None:
        raise _fail("public_match.winner", "a match under way has no winner")
    return result


def replay_public(data: Any) -> tuple[SeatView, ...] | tuple[MatchView, ...]:
    """The views that a :func:`public_hand` (or :func:`public_match`) history shows,
    in order, checked for consistency: the last is the seat's view now.

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
    if not isinstance(data, dict) or data.get("type") not in _PUBLIC or data.get("version") != 1:
        raise NotationError(f"not a public_hand or public_match history, version 1: {quoted(data)}")
    if data["type"] == "public_match":
        return tuple(_replay_match(data))
    data = _object(data, "public_hand", ("type", "version", "seat", "start", "steps"))
    if type(data["seat"]) is not int:
        raise _fail("public_hand.seat", f"a seat number, got {quoted(data['seat'])}")
    return tuple(_replay_hand({"start": data["start"], "steps": data["steps"]}, "public_hand", data["seat"], None))


# --- the schema -------------------------------------------------------------------------


def _shape(properties: dict[str, Any], optional: Sequence[str] = ()) -> dict[str, Any]:
    required = [key for key in properties if key not in optional]
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def _or_null(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items, "maxItems": MAX_LIST}


def _choice(*values: Any) -> dict[str, Any]:
    return {"enum": list(values)}


def _build_schema() -> dict[str, Any]:
    card = "[1-7SCR][oceb]"
    number, seat, flag = (
        {"type": "integer", "minimum": 0},
        {"type": "integer", "minimum": 0, "maximum": 5},
        {"type": "boolean"},
    )
    parts: dict[str, Any] = {
        "card_text": {"type": "string", "pattern": f"^{card}$"},
        "hand_text": {"type": "string", "pattern": f"^{card}( {card}){{3}}$"},
        "action_text": {
            "type": "string",
            "minLength": 1,
            "maxLength": 200,
            "description": "str(action), or 'discard N cards' for a discard a seat was not shown",
        },
        "entry": {"type": "array", "prefixItems": [seat, _ref("action_text")], "items": False, "minItems": 2},
        "sides": _array(number),
        "seats": _array(seat),
        "lance": _choice(*(str(lance) for lance in Lance)),
        "seed": {"type": ["integer", "string"]},
        "rules_knobs": _shape(
            {
                "seats": _choice(2, 3, 4, 5, 6),
                "teams": _choice(2, 3, 4, 5, 6),
                "eight_kings": flag,
                "real_31": _choice(False, True, "king"),
                "juego_order": _choice("standard", "descending"),
                "target": {"type": "integer", "minimum": 1, "maximum": 1000},
                "games_to_win": _choice(1, 2, 3, 4, 5),
                "vacas_to_win": _choice(1, 2, 3, 4, 5),
                "max_bet": _or_null({"type": "integer", "minimum": 2, "maximum": 1000}),
                "payouts": _shape(
                    {
                        "en_paso": number,
                        "first_refusal": number,
                        "juego_31": number,
                        "juego": number,
                        "punto": number,
                        "pares": {"type": "array", "items": number, "minItems": 3, "maxItems": 3},
                    },
                    optional=("en_paso", "first_refusal", "pares", "juego_31", "juego", "punto"),
                ),
                "folded_seat_counts": flag,
                "declarations": _choice("derived", "explicit"),
                "mus_decision": _choice("seat", "team"),
                "mus_corrido": _choice("off", "game", "match"),
                "mus_visto": _choice("new-card", "servido"),
                "senas": flag,
                "house": _array(
                    {"anyOf": [{"type": "string"}, _shape({"name": {"type": "string"}, "fields": {"type": "object"}})]}
                ),
            },
            optional=tuple(Rules().to_dict()),
        ),
        "lance_result_fields": _shape(
            {
                "lance": _ref("lance"),
                "outcome": _choice(*(str(o) for o in Outcome)),
                "stake": number,
                "team": _or_null(seat),
                "seats": _ref("seats"),
                "folded": _ref("seats"),
            }
        ),
        "count_line_fields": _shape(
            {
                "lance": _ref("lance"),
                "outcome": _choice(*(str(o) for o in Outcome)),
                "team": _or_null(seat),
                "seat": _or_null(seat),
                "bet": number,
                "refusal": number,
                "bonus": number,
                "scores": _ref("sides"),
                "liars": _ref("seats"),
                "individual": flag,
            }
        ),
        "count_fields": _shape(
            {
                "lines": _array(_ref("count_line_fields")),
                "scores": _ref("sides"),
                "winner": _or_null(seat),
                "stopped_at": _or_null(_ref("lance")),
                "uncounted": _array(_ref("lance")),
                "individual": flag,
            }
        ),
        "betting_fields": _shape(
            {
                "lance": _ref("lance"),
                "seats": _ref("seats"),
                "stake": number,
                "previous": number,
                "bets": number,
                "bettor": _or_null(seat),
                "ordago": flag,
                "folded": _ref("seats"),
                "accepted": _ref("seats"),
            }
        ),
        "legal_actions_fields": _shape(
            {
                "seat": _or_null(seat),
                "actions": _array(_ref("action_text")),
                "min_bet": _or_null(number),
                "max_bet": _or_null(number),
                "team_fold": flag,
            }
        ),
        "deal_fields": _shape(
            {
                "rules": _ref("rules_knobs"),
                "mano": seat,
                "scores": _ref("sides"),
                "hands": _array(_ref("hand_text")),
                "stock": _array(_ref("card_text")),
                "seed": _ref("seed"),
                "corrido": flag,
            }
        ),
        "mus_hand": _shape(
            {
                "format": {"const": "mus-hand"},
                "version": {"const": 1},
                "rules": _ref("rules_knobs"),
                "mano": seat,
                "scores": _ref("sides"),
                "corrido": flag,
                "seed": _ref("seed"),
                "hands": _array(_ref("hand_text")),
                "stock": {"type": "string"},
                "actions": _array(_ref("entry")),
                "count": _array({"type": "string"}),
            },
            optional=("corrido",),
        ),
        "mus_match": _shape(
            {
                "format": {"const": "mus-match"},
                "version": {"const": 1},
                "rules": _ref("rules_knobs"),
                "seed": _ref("seed"),
                "mano": seat,
                "hands": _array(
                    _shape(
                        {
                            "hands": _array(_ref("hand_text")),
                            "actions": _array(_ref("entry")),
                            "count": _array({"type": "string"}),
                        },
                        optional=("count",),
                    )
                ),
            }
        ),
    }
    view = {
        "seat": seat, "rules": _ref("rules_knobs"), "mano": seat, "phase": _choice(*(str(p) for p in Phase)),
        "lance": _or_null(_ref("lance")), "to_act": _or_null(seat), "scores": _ref("sides"), "hand": _ref("hand_text"),
        "pending": _array(_ref("card_text")), "history": _array(_ref("entry")), "results": _array(_ref("lance_result_fields")),
        "stock_size": number, "discards_size": number, "count": _or_null(_ref("count_fields")), "winner": _or_null(seat),
        "hands": _or_null(_array(_or_null(_ref("hand_text")))), "betting": _or_null(_ref("betting_fields")),
        "legal": _array(_ref("action_text")),
    }  # fmt: skip
    assert set(view) == set(_VIEW_KEYS) | {"rules"}
    parts["seat_view_fields"] = _shape(view)
    parts["hand_view_fields"] = _shape({key: value for key, value in view.items() if key != "rules"})
    parts["step"] = _shape(
        {"entries": _array(_ref("entry")), **{key: view[key] for key in _STEP_KEYS if key != "entries"}},
        optional=_STEP_KEYS,
    )
    parts["match_view_fields"] = _shape({
        "seat": seat, "rules": _ref("rules_knobs"), "first_mano": seat, "hand_number": number, "games": _ref("sides"),
        "vacas": _ref("sides"), "scores": _ref("sides"), "is_over": flag, "winner": _or_null(seat),
        "hand": _ref("hand_view_fields"), "last": _or_null(_ref("hand_view_fields")),
    })  # fmt: skip
    wrapped = {"card": ("text", "card_text"), "hand": ("text", "hand_text"), "action": ("text", "action_text"),
               "rules": ("rules", "rules_knobs"), "hand_state": ("history", "mus_hand"), "match_state": ("history", "mus_match")}  # fmt: skip
    kinds: dict[str, Any] = {}
    for kind in KINDS:
        if kind in wrapped:
            key, part = wrapped[kind]
            kinds[kind] = _shape({"type": {"const": kind}, key: _ref(part)})
        else:
            fields = parts[f"{kind}_fields"]
            kinds[kind] = {
                **fields,
                "properties": {"type": {"const": kind}, **fields["properties"]},
                "required": ["type", *fields["required"]],
            }
    kinds["public_hand"] = _shape({
        "type": {"const": "public_hand"}, "version": {"const": 1}, "seat": seat, "start": _ref("seat_view_fields"),
        "steps": _array(_ref("step")),
    })  # fmt: skip
    kinds["public_match"] = _shape({
        "type": {"const": "public_match"}, "version": {"const": 1}, "seat": seat, "rules": _ref("rules_knobs"),
        "first_mano": seat, "games": _ref("sides"), "vacas": _ref("sides"), "is_over": flag, "winner": _or_null(seat),
        "hands": _array(_shape({"games": _ref("sides"), "vacas": _ref("sides"), "start": _ref("hand_view_fields"), "steps": _array(_ref("step"))})),
    })  # fmt: skip
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mus-rules.readthedocs.io/en/latest/data.schema.json",
        "title": "mus-rules data forms (mus.data)",
        "oneOf": [_ref(kind) for kind in kinds],
        "$defs": {**kinds, **parts},
    }


SCHEMA: dict[str, Any] = _build_schema()
"""The JSON Schema (draft 2020-12) of every form: ``#/$defs/<kind>`` for each kind of
:data:`KINDS`, and ``public_hand`` and ``public_match``; the whole schema accepts any
of them.

>>> SCHEMA["$schema"], sorted(SCHEMA["$defs"])[:3]
('https://json-schema.org/draft/2020-12/schema', ['action', 'action_text', 'betting'])
"""
