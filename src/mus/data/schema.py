"""The JSON Schema (draft 2020-12) of every form of :mod:`mus.data`: :data:`SCHEMA`.

Its ``$defs`` hold one definition per kind (``#/$defs/<kind>``), the public histories'
``public_hand``, ``public_match``, ``individuel_public_hand`` and
``individuel_public_session``, and the parts inside them: the ``..._fields`` of the
objects, the ``..._text`` of cards, hands and actions, ``rules_knobs`` and
``individuel_rules_knobs``, and the Mus individuel's seats (up to 7) and history
entries. It takes the kinds and the keys of a view and of a step, of either game, from
the codecs' own tables, and checks that it describes every key of a view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mus.cards import Rank
from mus.data.codecs import KINDS
from mus.data.individuel import INDIVIDUEL_VIEW_KEYS
from mus.data.individuel_public import INDIVIDUEL_STEP_KEYS
from mus.data.public import STEP_KEYS
from mus.data.reading import MAX_LIST
from mus.data.views import VIEW_KEYS
from mus.individuel.rules import MAX_PLAYERS, MIN_PLAYERS, READINGS, STONES, IndividuelRules
from mus.individuel.state import Outcome as IndividuelOutcome
from mus.lances import Lance
from mus.rules import BET_LANCES, MAX_BETS, MAX_MUS_ROUNDS, Rules
from mus.scoring import Outcome
from mus.state import Phase

__all__ = ["SCHEMA"]


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
                "mus_visto": _choice("forced", "new-card", "servido"),
                "senas": flag,
                "max_raises": _or_null({"type": "integer", "minimum": 0, "maximum": MAX_BETS - 1}),
                "max_mus_rounds": _or_null({"type": "integer", "minimum": 0, "maximum": MAX_MUS_ROUNDS}),
                "lances": {
                    "type": "array",
                    "items": _choice(*(str(lance) for lance in BET_LANCES)),
                    "minItems": 1,
                    "maxItems": len(BET_LANCES),
                    "uniqueItems": True,
                },
                "ranks": {
                    "type": "array",
                    "items": _choice(*(int(rank) for rank in Rank)),
                    "minItems": 1,
                    "maxItems": len(Rank),
                    "uniqueItems": True,
                },
                "suits": _choice(1, 2, 3, 4),
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
                "text": _array({"type": "string"}),
            },
            optional=("text",),
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
                "seat": _or_null({"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}),  # either game's
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
                "restocks": _array(_array(_ref("card_text"))),
            },
            optional=("restocks",),
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
                "restocks": _array({"type": "string"}),
                "actions": _array(_ref("entry")),
                "count": _array({"type": "string"}),
            },
            optional=("corrido", "restocks"),
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
    assert set(view) == set(VIEW_KEYS) | {"rules"}
    view["bets"] = _or_null(_shape({"least": number, "largest": _or_null(number)}))
    parts["seat_view_fields"] = _shape(view, optional=("bets",))
    parts["hand_view_fields"] = _shape(
        {key: value for key, value in view.items() if key != "rules"}, optional=("bets",)
    )
    parts["step"] = _shape(
        {"entries": _array(_ref("entry")), **{key: view[key] for key in STEP_KEYS if key != "entries"}},
        optional=STEP_KEYS,
    )
    parts["match_view_fields"] = _shape({
        "seat": seat, "rules": _ref("rules_knobs"), "first_mano": seat, "hand_number": number, "games": _ref("sides"),
        "vacas": _ref("sides"), "scores": _ref("sides"), "is_over": flag, "winner": _or_null(seat),
        "hand": _ref("hand_view_fields"), "last": _or_null(_ref("hand_view_fields")),
    })  # fmt: skip
    parts.update(_individuel_parts(card, number, flag))
    wrapped = {"card": ("text", "card_text"), "hand": ("text", "hand_text"), "action": ("text", "action_text"),
               "rules": ("rules", "rules_knobs"), "hand_state": ("history", "mus_hand"), "match_state": ("history", "mus_match"),
               "individuel_rules": ("rules", "individuel_rules_knobs"), "individuel_hand_state": ("history", "mus_individuel_hand"),
               "individuel_session": ("history", "mus_individuel_session")}  # fmt: skip
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
    one = _ref("individuel_seat")  # a seat of the Mus individuel
    kinds["individuel_public_hand"] = _shape({
        "type": {"const": "individuel_public_hand"}, "version": {"const": 1}, "seat": one,
        "start": _ref("individuel_seat_view_fields"), "steps": _array(_ref("individuel_step")),
    })  # fmt: skip
    kinds["individuel_public_session"] = _shape({
        "type": {"const": "individuel_public_session"}, "version": {"const": 1}, "seat": one,
        "rules": _ref("individuel_rules_knobs"), "first_mano": one, "losses": _ref("sides"), "losers": _ref("individuel_seats"),
        "winner": _or_null(one),
        "hands": _array(_shape({
            "game": number, "hand_in_game": number, "losses": _ref("sides"), "start": _ref("individuel_hand_view_fields"),
            "steps": _array(_ref("individuel_step")),
        })),
    })  # fmt: skip
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://mus-rules.readthedocs.io/en/latest/data.schema.json",
        "title": "mus-rules data forms (mus.data)",
        "oneOf": [_ref(kind) for kind in kinds],
        "$defs": {**kinds, **parts},
    }


def _individuel_parts(card: str, number: dict[str, Any], flag: dict[str, Any]) -> dict[str, Any]:
    """The parts of the Mus individuel's forms (:mod:`mus.data.individuel`)."""
    seat = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}
    lance, entry = (
        _ref("lance"),
        {"type": "array", "prefixItems": [seat, _ref("action_text")], "items": False, "minItems": 2},
    )
    held = f"^({card}( {card}){{3,4}})?$"  # a seat's cards: none, four or five
    dealt = {"type": "string", "pattern": f"^({card}( {card}){{4}}|-)$"}  # five, or '-' in a history
    parts: dict[str, Any] = {
        "individuel_seat": seat,
        "individuel_seats": _array(_ref("individuel_seat")),
        "individuel_entry": entry,
        "held_text": {"type": "string", "pattern": held},
        "individuel_rules_knobs": _shape(
            {
                "players": {"type": "integer", "minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS},
                "stones": _choice(*STONES),
                "eight_kings": flag,
                "real_31": _choice(False, True, "king"),
                "juego_33": flag,
                "ordago_last_lance": flag,
                "zero_mid_hand": _choice("out", "plays-on"),
                "next_game_mano": _choice("rotate", "loser-deals"),
                "losses": {"type": "integer", "minimum": 1, "maximum": 20},
                **{name: _choice(*choices) for name, choices in READINGS.items()},
            },
            optional=tuple(IndividuelRules().to_dict()),
        ),
        "individuel_lance_result_fields": _shape({
            "lance": lance, "outcome": _choice(*(str(o) for o in IndividuelOutcome)), "seats": _ref("individuel_seats"),
            "stake": number, "forfeits": number, "taker": _or_null(_ref("individuel_seat")),
        }),
        "individuel_move_fields": _shape({
            "lance": lance, "seat": _ref("individuel_seat"), "stones": number, "to": _or_null(_ref("individuel_seat")),
            "owed": number, "why": {"type": "string", "maxLength": 200},
        }),
        "individuel_betting_fields": _shape({
            "lance": lance, "seats": _ref("individuel_seats"), "competing": _ref("individuel_seats"), "stake": number,
            "puts": _ref("sides"), "folded": _ref("individuel_seats"), "opener": _or_null(_ref("individuel_seat")),
            "bettor": _or_null(_ref("individuel_seat")), "all_in": flag, "lap": number, "forward": flag,
        }),
        "individuel_deal_fields": _shape({
            "rules": _ref("individuel_rules_knobs"), "mano": _ref("individuel_seat"), "stones": _ref("sides"), "pot": number,
            "cards": _array({"type": "string", "pattern": f"^({card}( {card}){{4}})?$"}), "stock": _array(_ref("card_text")),
            "seed": _ref("seed"),
        }),
        "mus_individuel_hand": _shape({
            "format": {"const": "mus-individuel-hand"}, "version": {"const": 1}, "rules": _ref("individuel_rules_knobs"),
            "mano": _ref("individuel_seat"), "stones": _ref("sides"), "seed": _ref("seed"), "cards": _array(dealt),
            "stock": {"type": "string"}, "actions": _array(_ref("individuel_entry")), "count": _array({"type": "string"}),
        }),
        "mus_individuel_session": _shape({
            "format": {"const": "mus-individuel-session"}, "version": {"const": 1}, "rules": _ref("individuel_rules_knobs"),
            "seed": _ref("seed"), "mano": _ref("individuel_seat"),
            "hands": _array(_shape({"cards": _array(dealt), "actions": _array(_ref("individuel_entry"))})),
        }),
    }  # fmt: skip
    seat_or_null = _or_null(_ref("individuel_seat"))
    view = {
        "seat": _ref("individuel_seat"), "rules": _ref("individuel_rules_knobs"), "mano": _ref("individuel_seat"),
        "phase": _choice(*(str(p) for p in (Phase.DISCARD, Phase.BETTING, Phase.FINISHED))), "lance": _or_null(lance),
        "to_act": seat_or_null, "stones": _ref("sides"), "pot": number, "hand": _ref("held_text"),
        "discard": _or_null(_ref("card_text")), "hands": _array(_or_null(_ref("hand_text"))),
        "history": _array(_ref("individuel_entry")), "results": _array(_ref("individuel_lance_result_fields")),
        "moves": _array(_ref("individuel_move_fields")), "betting": _or_null(_ref("individuel_betting_fields")),
        "loser": seat_or_null, "legal": _ref("legal_actions_fields"),
    }  # fmt: skip
    assert set(view) == set(INDIVIDUEL_VIEW_KEYS) | {"rules"}
    parts["individuel_seat_view_fields"] = _shape(view)
    parts["individuel_hand_view_fields"] = _shape({key: value for key, value in view.items() if key != "rules"})
    parts["individuel_step"] = _shape(
        {
            "entries": _array(_ref("individuel_entry")),
            **{key: view[key] for key in INDIVIDUEL_STEP_KEYS if key != "entries"},
        },
        optional=INDIVIDUEL_STEP_KEYS,
    )
    return parts


SCHEMA: dict[str, Any] = _build_schema()
"""The JSON Schema (draft 2020-12) of every form: ``#/$defs/<kind>`` for each kind of
:data:`~mus.data.codecs.KINDS`, and ``public_hand`` and ``public_match``; the whole schema
accepts any of them.

>>> SCHEMA["$schema"], sorted(SCHEMA["$defs"])[:3]
('https://json-schema.org/draft/2020-12/schema', ['action', 'action_text', 'betting'])
"""
