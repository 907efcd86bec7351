"""The codec of each kind of value: :func:`~mus.data.to_data` and
:func:`~mus.data.from_data`, and :func:`~mus.data.dumps` and :func:`~mus.data.loads` as
JSON text; and the writers and readers of the kinds that are no part of a view: deals,
and hand and match states (as their :mod:`mus.notation` JSON histories).

A kind's codec is the type of its values, the writer of its form's body and the reader
of a body; the views and their records have theirs in :mod:`mus.data.views`. The Mus's
kinds are one table, and the Mus individuel's another beside it
(:data:`~mus.data.individuel.INDIVIDUEL_KINDS`): one :func:`~mus.data.to_data` and
one :func:`~mus.data.from_data` read and write both games' values.

>>> import mus
>>> to_data(mus.Card.parse("Ro")), from_data({"type": "card", "text": "Ro"})
({'type': 'card', 'text': 'Ro'}, Card.parse('Ro'))
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from mus.actions import ACTION_TYPES
from mus.cards import Card
from mus.data.individuel import INDIVIDUEL_KINDS
from mus.data.reading import (
    build,
    fail,
    read_action,
    read_bool,
    read_card,
    read_cards,
    read_hand,
    read_list,
    read_object,
    read_scores,
    seat_reader,
)
from mus.data.views import (
    as_lists,
    betting_data,
    count_data,
    count_line_data,
    lance_result_data,
    legal_data,
    match_view_data,
    read_betting,
    read_count,
    read_count_line,
    read_lance_result,
    read_legal,
    read_match_view,
    read_rules,
    read_seat_view,
    rules_knobs,
    seat_view_data,
)
from mus.errors import NotationError, quoted
from mus.hand import Hand
from mus.legal import LegalActions
from mus.match import MatchState, MatchView
from mus.notation.histories import HAND_KEYS, MATCH_KEYS, hand_data, hand_from_data, match_from_data, match_to_json
from mus.notation.lines import MAX_JSON
from mus.reducer import new_hand
from mus.rules import Rules
from mus.scoring import Count, CountLine, LanceResult
from mus.state import Betting, Deal, HandState, SeatView

__all__ = ["KINDS", "PUBLIC_KINDS", "dumps", "from_data", "loads", "to_data"]

PUBLIC_KINDS = ("public_hand", "public_match", "individuel_public_hand", "individuel_public_session")
"""The kinds of the public histories (:mod:`mus.data.public`): they hold a seat's views,
and :func:`~mus.data.replay_public` reads them, not :func:`~mus.data.from_data`.

>>> from_data({"type": "public_hand"})
Traceback (most recent call last):
...
mus.errors.NotationError: type 'public_hand' is not card, hand, action, rules, deal, ..., individuel_betting: use replay_public()
"""


# --- deals, states ---------------------------------------------------------------------


def _deal_data(deal: Deal) -> dict[str, Any]:
    return {
        "rules": rules_knobs(deal.rules), "mano": deal.mano, "scores": list(deal.scores),
        "hands": [str(hand) for hand in deal.hands], "stock": [str(card) for card in deal.stock],
        "seed": deal.seed, "corrido": deal.corrido,
        **({"restocks": [[str(card) for card in top] for top in deal.restocks]} if deal.restocks else {}),
    }  # fmt: skip


def _deal(value: Any, where: str) -> Deal:
    data = read_object(value, where, ("rules", "mano", "scores", "hands", "stock", "seed", "corrido"), ("restocks",))
    rules = read_rules(data["rules"], f"{where}.rules")
    seed = data["seed"]
    if type(seed) not in (int, str):
        raise fail(f"{where}.seed", f"a whole number or a text, got {quoted(seed)}")
    hands = [
        read_hand(h, f"{where}.hands[{i}]")
        for i, h in enumerate(read_list(data["hands"], f"{where}.hands", rules.seats))
    ]
    state = build(
        where, lambda: new_hand(
            rules, seed=seed, hands=hands, stock=read_cards(data["stock"], f"{where}.stock"),
            mano=seat_reader(rules)(data["mano"], f"{where}.mano"), scores=list(read_scores(data["scores"], f"{where}.scores", rules.teams)),
            corrido=read_bool(data["corrido"], f"{where}.corrido"),
            restocks=[
                read_cards(top, f"{where}.restocks[{i}]")
                for i, top in enumerate(read_list(data.get("restocks", []), f"{where}.restocks"))
            ],
        ),
    )  # fmt: skip
    return state.deal  # type: ignore[no-any-return]


def _history(value: Any, where: str, kind: str) -> dict[str, Any]:
    """A :mod:`mus.notation` JSON history, checked as its own reader checks one."""
    keys = HAND_KEYS if kind == "mus-hand" else MATCH_KEYS
    data = read_object(value, where, sorted(keys[0]), sorted(keys[1]))
    if data["format"] != kind or type(data["version"]) is not int or data["version"] != 1:
        raise fail(where, f"not a {kind} history, version 1")
    if type(data["seed"]) not in (int, str):
        raise fail(f"{where}.seed", f"a whole number or a text, got {quoted(data['seed'])}")
    return data


def _hand_state(value: Any, where: str) -> HandState:
    data = _history(value, where, "mus-hand")
    return build(where, hand_from_data, data)  # type: ignore[no-any-return]


def _match_state(value: Any, where: str) -> MatchState:
    data = _history(value, where, "mus-match")
    return build(where, match_from_data, data)  # type: ignore[no-any-return]


# --- the kinds --------------------------------------------------------------------------


class _Codec(NamedTuple):
    of: Any
    """The type of the kind's values (or a tuple of types)."""
    write: Callable[[Any], Any]
    """A value's body."""
    read: Callable[[Any, str], Any]
    """The value of a body, read strictly (the ``str`` is where it stands)."""
    key: str
    """``""`` for a body that is an object (the form adds ``"type"`` to it), else the key
    a text, rules or history body goes under."""


# The records read on their own (a count, a count line, a lance result, a betting record)
# have no view's rules to go by: their readers, told none, take the largest table's.
_CODECS: dict[str, _Codec] = {
    "card": _Codec(Card, str, read_card, "text"),
    "hand": _Codec(Hand, str, read_hand, "text"),
    "action": _Codec(tuple(ACTION_TYPES), str, read_action, "text"),
    "rules": _Codec(Rules, rules_knobs, read_rules, "rules"),
    "deal": _Codec(Deal, _deal_data, _deal, ""),
    "hand_state": _Codec(HandState, lambda h: as_lists(hand_data(h)), _hand_state, "history"),
    "match_state": _Codec(MatchState, lambda m: json.loads(match_to_json(m)), _match_state, "history"),
    "seat_view": _Codec(SeatView, seat_view_data, read_seat_view, ""),
    "match_view": _Codec(MatchView, match_view_data, read_match_view, ""),
    "legal_actions": _Codec(LegalActions, legal_data, read_legal, ""),
    "count": _Codec(Count, count_data, read_count, ""),
    "count_line": _Codec(CountLine, count_line_data, read_count_line, ""),
    "lance_result": _Codec(LanceResult, lance_result_data, read_lance_result, ""),
    "betting": _Codec(Betting, betting_data, read_betting, ""),
    **{kind: _Codec(*codec) for kind, codec in INDIVIDUEL_KINDS.items()},
}

KINDS: tuple[str, ...] = tuple(_CODECS)
"""Every ``"type"`` that :func:`~mus.data.to_data` writes and :func:`~mus.data.from_data`
reads."""


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
    :data:`~mus.data.codecs.KINDS`), also a part of a larger form:
    ``from_data("Ro", "card")``.

    >>> import mus
    >>> from_data({"type": "action", "text": "accept"}), from_data("Ro Rc 7e 1b", "hand")
    (Accept(), Hand.parse('Ro Rc 7e 1b'))
    >>> from_data({"type": "card", "text": "Ro", "colour": "gold"})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: card: unknown keys: 'colour'
    """
    if kind is not None and (type(kind) is not str or kind not in _CODECS):
        raise NotationError(f"unknown kind {quoted(kind)} (kinds: {', '.join(KINDS)})")
    if isinstance(data, dict) and "type" in data:
        typed = data["type"]
        if not isinstance(typed, str) or typed not in _CODECS or (kind is not None and typed != kind):
            expected = kind or ", ".join(KINDS)
            raise NotationError(
                f"type {quoted(typed)} is not {expected}"
                + (": use replay_public()" if type(typed) is str and typed in PUBLIC_KINDS else "")
            )
        _, _, read, key = _CODECS[typed]
        body = {name: value for name, value in data.items() if name != "type"}
        if key:
            body = read_object(body, typed, (key,))[key]
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
    if (
        not isinstance(text, (str, bytes)) or len(text) > MAX_JSON
    ):  # before it is parsed: that costs many times its size
        raise NotationError(f"data is JSON text of at most {MAX_JSON:,} characters, got {quoted(text)}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None
    return from_data(data, kind)
