"""The Mus individuel's values as data (:mod:`mus.individuel`): its rules, deals, hand
states and sessions (the last two as their :mod:`mus.individuel.notation` JSON
histories), seat views, and the records a view holds (the betting, lance results and
the stones moved). Each kind has a writer and a strict reader, as the four-card game's
do in :mod:`mus.data.views`; :data:`INDIVIDUEL_KINDS` is their table, which
:mod:`mus.data.codecs` sets beside the four-card game's. Cards, hands, actions and
legal-action lists are the two games' shared kinds.

A record read on its own (no view's rules to go by) has its seats range over the
largest table, eight players.

>>> from mus.individuel import IndividuelRules, new_hand
>>> state = new_hand(IndividuelRules(players=3), seed=2)
>>> data = individuel_view_data(state.view(1))
>>> data["hand"], data["hands"], data["stones"], data["history"]
('Co Cc 7o 3o 3b', [None, None, None], [8, 8, 8], [])
>>> read_individuel_view(data, "individuel_seat_view") == state.view(1)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from mus.cards import Card, parse_cards
from mus.data.individuel_consistency import check_individuel_view
from mus.data.reading import (
    build,
    fail,
    maybe,
    read_action,
    read_bool,
    read_card,
    read_cards,
    read_enum,
    read_hand,
    read_list,
    read_number,
    read_object,
)
from mus.data.views import legal_data, read_legal, view_head
from mus.errors import MusError, quoted
from mus.individuel.notation import hand_to_json, session_to_json
from mus.individuel.reducer import apply, new_hand
from mus.individuel.rules import MAX_PLAYERS, IndividuelRules, rules_arg
from mus.individuel.session import Session, apply_session, new_session
from mus.individuel.state import PLAYED, Betting, Deal, HandState, LanceResult, Move, Outcome, SeatView
from mus.lances import Lance
from mus.table import HiddenDiscard, Phase

__all__ = [
    "INDIVIDUEL_KINDS",
    "INDIVIDUEL_VIEW_KEYS",
    "individuel_knobs",
    "individuel_view_data",
    "read_individuel_rules",
    "read_individuel_view",
]

_PHASES = (Phase.DISCARD, Phase.BETTING, Phase.FINISHED)  # no mus, no declarations
_DEFAULT_KNOBS = IndividuelRules().to_dict()


def _seat(players: int) -> Callable[[Any, str], int]:
    return lambda value, where: read_number(value, where, 0, players - 1)


def _seats(value: Any, where: str, players: int) -> tuple[int, ...]:
    return tuple(_seat(players)(seat, f"{where}[{i}]") for i, seat in enumerate(read_list(value, where)))


def _per_seat(value: Any, where: str, players: int | None) -> tuple[int, ...]:
    """One number per seat (2 to 8 of them when the table is not known)."""
    if players is None:
        players = len(value) if isinstance(value, list) and 2 <= len(value) <= MAX_PLAYERS else 2
    return tuple(read_number(n, f"{where}[{i}]") for i, n in enumerate(read_list(value, where, players)))


def _read_seed(value: Any, where: str) -> int | str:
    if type(value) not in (int, str):
        raise fail(where, f"a whole number or a text, got {quoted(value)}")
    return value  # type: ignore[no-any-return]


def _read_text(value: Any, where: str) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise fail(where, f"expected text, got {quoted(value)}")
    return value


# --- rules and cards ----------------------------------------------------------------------


def individuel_knobs(rules: IndividuelRules) -> dict[str, Any]:
    """``rules.to_dict()``: every knob, as JSON has it.

    >>> individuel_knobs(IndividuelRules(players=3))["players"]
    3
    """
    return rules_arg(rules).to_dict()


def read_individuel_rules(value: Any, where: str) -> IndividuelRules:
    """The rules that :func:`individuel_knobs` knobs describe (left-out knobs keep their
    defaults); each knob of its own type (``8``, not ``8.0``; ``false``, not ``0``).

    >>> read_individuel_rules({"players": 3}, "rules") == IndividuelRules(players=3)
    True
    >>> read_individuel_rules({"players": 3, "stones": 8.0}, "rules")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: rules.stones: a whole number, got 8.0
    """
    if not isinstance(value, dict):
        raise fail(where, f"an object of knobs, got {quoted(value)}")
    unknown = sorted(str(name) for name in value if name not in _DEFAULT_KNOBS)
    if unknown:
        raise fail(where, f"unknown Mus individuel knobs: {quoted(', '.join(unknown))}")
    for name, knob in value.items():
        like = _DEFAULT_KNOBS[name]
        if name == "real_31" and not (type(knob) is bool or knob == "king"):
            raise fail(f"{where}.{name}", f"true, false or 'king', got {quoted(knob)}")
        if name != "real_31" and type(knob) is not type(like):
            wanted = {bool: "true or false", int: "a whole number", str: "a text"}[type(like)]
            raise fail(f"{where}.{name}", f"{wanted}, got {quoted(knob)}")
    return build(where, IndividuelRules.from_dict, value)  # type: ignore[no-any-return]


def _held_text(cards: tuple[Card, ...]) -> str:
    return " ".join(map(str, cards))


def _read_held(value: Any, where: str, sizes: tuple[int, ...], empty: str = "") -> tuple[Card, ...]:
    """A seat's cards as their text, best first (``empty`` for none): ``sizes`` says how
    many it may hold."""
    text = _read_text(value, where)
    if text == empty:
        cards: tuple[Card, ...] = ()
    else:
        try:
            cards = tuple(sorted(parse_cards(text)))
        except MusError as error:
            raise fail(where, str(error)) from None
        if _held_text(cards) != text:
            raise fail(where, f"write {quoted(_held_text(cards))}, not {quoted(text)}")
    if len(cards) not in sizes or len(set(cards)) != len(cards):
        counts = ", ".join(map(str, sizes[:-1])) + f" or {sizes[-1]}"
        raise fail(where, f"{counts} different cards, got {quoted(text)}")
    return cards


def _entry(value: Any, where: str, players: int, hidden: bool) -> tuple[int, Any]:
    """A ``[seat, text]`` history entry; ``hidden``: another seat's discard may be
    ``"discard 1 card"``, as a view shows it."""
    seat, text = read_list(value, where, 2)
    seat = _seat(players)(seat, f"{where}[0]")
    if hidden and text == str(HiddenDiscard(1)):
        return seat, HiddenDiscard(1)
    action = read_action(text, f"{where}[1]")
    if type(action) not in PLAYED:
        raise fail(f"{where}[1]", f"{action} is not played in the Mus individuel")
    return seat, action


# --- the records --------------------------------------------------------------------------


def _lance_result_data(result: LanceResult) -> dict[str, Any]:
    return {
        "lance": str(result.lance), "outcome": str(result.outcome), "seats": list(result.seats),
        "stake": result.stake, "forfeits": result.forfeits, "taker": result.taker,
    }  # fmt: skip


def _read_lance_result(value: Any, where: str, players: int = MAX_PLAYERS) -> LanceResult:
    data = read_object(value, where, ("lance", "outcome", "seats", "stake", "forfeits", "taker"))
    return LanceResult(
        read_enum(Lance, data["lance"], f"{where}.lance"), read_enum(Outcome, data["outcome"], f"{where}.outcome"),
        _seats(data["seats"], f"{where}.seats", players), read_number(data["stake"], f"{where}.stake"),
        read_number(data["forfeits"], f"{where}.forfeits"), maybe(_seat(players), data["taker"], f"{where}.taker"),
    )  # fmt: skip


def _move_data(move: Move) -> dict[str, Any]:
    return {
        "lance": str(move.lance), "seat": move.seat, "stones": move.stones, "to": move.to, "owed": move.owed,
        "why": move.why,
    }  # fmt: skip


def _read_move(value: Any, where: str, players: int = MAX_PLAYERS) -> Move:
    data = read_object(value, where, ("lance", "seat", "stones", "to", "owed", "why"))
    return Move(
        read_enum(Lance, data["lance"], f"{where}.lance"), _seat(players)(data["seat"], f"{where}.seat"),
        read_number(data["stones"], f"{where}.stones"), maybe(_seat(players), data["to"], f"{where}.to"),
        read_number(data["owed"], f"{where}.owed"), _read_text(data["why"], f"{where}.why"),
    )  # fmt: skip


_BETTING_KEYS = (
    "lance",
    "seats",
    "competing",
    "stake",
    "puts",
    "folded",
    "opener",
    "bettor",
    "all_in",
    "lap",
    "forward",
)


def _betting_data(betting: Betting) -> dict[str, Any]:
    data: dict[str, Any] = dict(zip(_BETTING_KEYS, betting, strict=True))
    data["lance"] = str(betting.lance)
    for key in ("seats", "competing", "puts", "folded"):
        data[key] = list(data[key])
    return data


def _read_betting(value: Any, where: str, players: int | None = None) -> Betting:
    data = read_object(value, where, _BETTING_KEYS)
    puts = _per_seat(data["puts"], f"{where}.puts", players)
    seat, table = _seat(len(puts)), len(puts)
    return Betting(
        read_enum(Lance, data["lance"], f"{where}.lance"), _seats(data["seats"], f"{where}.seats", table),
        _seats(data["competing"], f"{where}.competing", table), read_number(data["stake"], f"{where}.stake"), puts,
        _seats(data["folded"], f"{where}.folded", table), maybe(seat, data["opener"], f"{where}.opener"),
        maybe(seat, data["bettor"], f"{where}.bettor"), read_bool(data["all_in"], f"{where}.all_in"),
        read_number(data["lap"], f"{where}.lap"), read_bool(data["forward"], f"{where}.forward"),
    )  # fmt: skip


# --- the deal, and the histories of hands and sessions ------------------------------------


def _deal_data(deal: Deal) -> dict[str, Any]:
    return {
        "rules": individuel_knobs(deal.rules), "mano": deal.mano, "stones": list(deal.stones), "pot": deal.pot,
        "cards": [_held_text(cards) for cards in deal.cards], "stock": [str(card) for card in deal.stock],
        "seed": deal.seed,
    }  # fmt: skip


def _dealt(rules: IndividuelRules, where: str, data: dict[str, Any], cards: list[tuple[Card, ...]]) -> HandState:
    """The hand dealt from the rules, seed, mano, stones and cards of ``data``."""
    n = rules.players
    seed, mano = _read_seed(data["seed"], f"{where}.seed"), _seat(n)(data["mano"], f"{where}.mano")
    stones = _per_seat(data["stones"], f"{where}.stones", n)
    given = [list(held) or None for held in cards]
    return build(where, lambda: new_hand(rules, seed=seed, cards=given, mano=mano, stones=stones))  # type: ignore[no-any-return]


def _read_deal(value: Any, where: str) -> Deal:
    data = read_object(value, where, ("rules", "mano", "stones", "pot", "cards", "stock", "seed"))
    rules = read_individuel_rules(data["rules"], f"{where}.rules")
    listed = read_list(data["cards"], f"{where}.cards", rules.players)
    cards = [_read_held(held, f"{where}.cards[{i}]", (0, 5)) for i, held in enumerate(listed)]
    deal = _dealt(rules, where, data, cards).deal
    if read_cards(data["stock"], f"{where}.stock") != deal.stock:
        raise fail(f"{where}.stock", "not the rest of the deck as the seed shuffles it")
    if read_number(data["pot"], f"{where}.pot") != deal.pot:
        raise fail(f"{where}.pot", f"the seats' stones leave {deal.pot} in the basket")
    return deal


_HAND_KEYS = ("format", "version", "rules", "mano", "stones", "seed", "cards", "stock", "actions", "count")
_SESSION_KEYS = ("format", "version", "rules", "seed", "mano", "hands")


def _history(value: Any, where: str, kind: str) -> tuple[dict[str, Any], IndividuelRules]:
    """A :mod:`mus.individuel.notation` JSON history's fields, and its rules."""
    data = read_object(value, where, _HAND_KEYS if kind == "mus-individuel-hand" else _SESSION_KEYS)
    if data["format"] != kind or type(data["version"]) is not int or data["version"] != 1:
        raise fail(where, f"not a {kind} history, version 1")
    return data, read_individuel_rules(data["rules"], f"{where}.rules")


def _hand_cards(value: Any, where: str, players: int) -> list[tuple[Card, ...]]:
    listed = read_list(value, where, players)
    return [_read_held(held, f"{where}[{i}]", (0, 5), empty="-") for i, held in enumerate(listed)]


def _read_hand_state(value: Any, where: str) -> HandState:
    data, rules = _history(value, where, "mus-individuel-hand")
    state = _dealt(rules, where, data, _hand_cards(data["cards"], f"{where}.cards", rules.players))
    if data["stock"] != " ".join(map(str, state.deal.stock)):
        raise fail(f"{where}.stock", "not the rest of the deck as the seed shuffles it")
    for i, entry in enumerate(read_list(data["actions"], f"{where}.actions")):
        seat, action = _entry(entry, f"{where}.actions[{i}]", rules.players, False)
        state = build(f"{where}.actions[{i}]", apply, state, action, seat)
    if data["count"] != json.loads(hand_to_json(state))["count"]:
        raise fail(f"{where}.count", "not the count that the replay of the hand gives")
    return state


def _read_session(value: Any, where: str) -> Session:
    data, rules = _history(value, where, "mus-individuel-session")
    seed, mano = _read_seed(data["seed"], f"{where}.seed"), _seat(rules.players)(data["mano"], f"{where}.mano")
    session: Session = build(where, lambda: new_session(rules, seed=seed, mano=mano))
    blocks = read_list(data["hands"], f"{where}.hands")
    for b, block in enumerate(blocks):
        at = f"{where}.hands[{b}]"
        block = read_object(block, at, ("cards", "actions"))
        if session.is_over:
            raise fail(at, "the session was already over")
        if tuple(_hand_cards(block["cards"], f"{at}.cards", rules.players)) != session.hand.deal.cards:
            raise fail(f"{at}.cards", "not the cards the session's seed deals")
        played = len(session.finished)
        actions = read_list(block["actions"], f"{at}.actions")
        if not actions:
            raise fail(f"{at}.actions", "a hand of a session's history has at least one action")
        for i, entry in enumerate(actions):
            if len(session.finished) != played:
                raise fail(f"{at}.actions[{i}]", "the hand is already over")
            seat, action = _entry(entry, f"{at}.actions[{i}]", rules.players, False)
            session = build(f"{at}.actions[{i}]", apply_session, session, action, seat)
        if b < len(blocks) - 1 and len(session.finished) == played:
            raise fail(at, "a hand before the last must have ended")
    return session


# --- the seat view --------------------------------------------------------------------------

INDIVIDUEL_VIEW_KEYS = (
    "seat", "mano", "phase", "lance", "to_act", "stones", "pot", "hand", "discard", "hands", "history",
    "results", "moves", "betting", "loser", "legal",
)  # fmt: skip
"""The keys of a Mus individuel seat view's data, but ``rules`` (which a view inside a
public session goes without).

>>> INDIVIDUEL_VIEW_KEYS[5:9]
('stones', 'pot', 'hand', 'discard')
"""


def individuel_view_data(view: SeatView, with_rules: bool = True) -> dict[str, Any]:
    """A seat's view of a hand of Mus individuel as data; ``with_rules`` false for a
    view whose rules the data it is part of gives (a public session's).

    >>> from mus.individuel import new_hand
    >>> data = individuel_view_data(new_hand(seed=1).view(2), with_rules=False)
    >>> "rules" in data, data["to_act"], data["legal"]["actions"], data["discard"]
    (False, 0, [], None)
    """
    if type(view) is not SeatView:
        raise MusError(f"individuel_view_data() takes a Mus individuel SeatView, got {quoted(view)}")
    data = view_head(view, with_rules, individuel_knobs)
    data.update(
        stones=list(view.stones), pot=view.pot, hand=_held_text(view.hand),
        discard=None if view.discard is None else str(view.discard),
        hands=[None if hand is None else str(hand) for hand in view.hands],
        history=[[seat, str(action)] for seat, action in view.history],
        results=[_lance_result_data(result) for result in view.results], moves=[_move_data(move) for move in view.moves],
        betting=None if view.betting is None else _betting_data(view.betting), loser=view.loser,
        legal=legal_data(view.legal),
    )  # fmt: skip
    return data


def read_individuel_view(value: Any, where: str, rules: IndividuelRules | None = None, whole: bool = True) -> SeatView:
    """The view that :func:`individuel_view_data` data describes; with ``rules``, data
    without them, read at their table. The view is checked whole
    (:func:`~mus.data.individuel_consistency.check_individuel_view`) unless ``whole``
    is false, for a caller that checks it in context (a public history).

    >>> from mus.individuel import new_hand
    >>> view = new_hand(seed=1).view(2)
    >>> read_individuel_view(individuel_view_data(view), "view") == view
    True
    >>> read_individuel_view({**individuel_view_data(view), "hand": "Ro"}, "view")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: view.hand: 0, 4 or 5 different cards, got 'Ro'
    """
    data = read_object(value, where, INDIVIDUEL_VIEW_KEYS + (("rules",) if rules is None else ()))
    rules = read_individuel_rules(data["rules"], f"{where}.rules") if rules is None else rules
    n = rules.players
    seat = _seat(n)
    hands = read_list(data["hands"], f"{where}.hands", n)
    history = read_list(data["history"], f"{where}.history")
    view = SeatView(
        seat=seat(data["seat"], f"{where}.seat"), rules=rules, mano=seat(data["mano"], f"{where}.mano"),
        phase=read_enum(_PHASES, data["phase"], f"{where}.phase"),
        lance=maybe(lambda v, w: read_enum(Lance, v, w), data["lance"], f"{where}.lance"),
        to_act=maybe(seat, data["to_act"], f"{where}.to_act"), stones=_per_seat(data["stones"], f"{where}.stones", n),
        pot=read_number(data["pot"], f"{where}.pot"), hand=_read_held(data["hand"], f"{where}.hand", (0, 4, 5)),
        discard=maybe(read_card, data["discard"], f"{where}.discard"),
        hands=tuple(maybe(read_hand, hand, f"{where}.hands[{i}]") for i, hand in enumerate(hands)),
        history=tuple(_entry(entry, f"{where}.history[{i}]", n, True) for i, entry in enumerate(history)),
        results=tuple(_read_lance_result(r, f"{where}.results[{i}]", n) for i, r in enumerate(read_list(data["results"], f"{where}.results"))),
        moves=tuple(_read_move(m, f"{where}.moves[{i}]", n) for i, m in enumerate(read_list(data["moves"], f"{where}.moves"))),
        betting=maybe(lambda v, w: _read_betting(v, w, n), data["betting"], f"{where}.betting"),
        loser=maybe(seat, data["loser"], f"{where}.loser"), legal=read_legal(data["legal"], f"{where}.legal"),
    )  # fmt: skip
    if whole:
        check_individuel_view(view, where)
    return view


# --- the kinds ----------------------------------------------------------------------------

INDIVIDUEL_KINDS: dict[str, tuple[Any, Callable[[Any], Any], Callable[[Any, str], Any], str]] = {
    "individuel_rules": (IndividuelRules, individuel_knobs, read_individuel_rules, "rules"),
    "individuel_deal": (Deal, _deal_data, _read_deal, ""),
    "individuel_hand_state": (HandState, lambda state: json.loads(hand_to_json(state)), _read_hand_state, "history"),
    "individuel_session": (Session, lambda session: json.loads(session_to_json(session)), _read_session, "history"),
    "individuel_seat_view": (SeatView, individuel_view_data, read_individuel_view, ""),
    "individuel_lance_result": (LanceResult, _lance_result_data, _read_lance_result, ""),
    "individuel_move": (Move, _move_data, _read_move, ""),
    "individuel_betting": (Betting, _betting_data, _read_betting, ""),
}
"""The Mus individuel's kinds, each as :mod:`mus.data.codecs` has its own: the type of
its values, the writer of its form's body, the reader of a body, and the key a body
that is not an object goes under (``""`` for an object).

>>> list(INDIVIDUEL_KINDS)[:3]
['individuel_rules', 'individuel_deal', 'individuel_hand_state']
"""
