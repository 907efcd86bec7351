"""The rules of a Mus history: its ``rules`` line as ``name=value`` words, and its knobs
as the JSON histories store them.

A history writes every knob, so that it reads the same whatever the defaults become;
the exceptions keep older histories as they were: ``seats`` and ``teams`` only when the
table is not the four-seat game of two partnerships, and the :data:`LATER_KNOBS` only
when they differ from their defaults.

>>> from mus.rules import Rules
>>> parse_rules(rules_text(Rules(seats=6, target=30))) == Rules(seats=6, target=30)
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from mus.checks import rules_arg
from mus.errors import MusError, NotationError, quoted
from mus.notation.lines import read_int
from mus.rules import Rules

__all__ = ["BASELINES", "DEFAULT_TABLE", "LATER_KNOBS", "parse_rules", "rules_data", "rules_from_data", "rules_text"]


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _value_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


DEFAULT_TABLE = {"seats": 4, "teams": 2}
"""The table a history without ``seats`` and ``teams`` knobs is played at."""


LATER_KNOBS: tuple[str, ...] = (
    "juego_order",
    "vacas_to_win",
    "max_bet",
    "mus_corrido",
    "mus_visto",
    "senas",
    "max_raises",
    "max_mus_rounds",
    "lances",
    "ranks",
    "suits",
)
"""Knobs added after the first version of the notation: histories write them only
when they differ from their defaults, so a history that does not use them reads and
writes exactly as it did before they existed."""


BASELINES: dict[str, Any] = {"mus_visto": "new-card"}
"""What a history means by leaving one of the :data:`LATER_KNOBS` out, where that is no
longer the knob's default: the default it had when histories began to leave it out. A
history keeps its meaning when a default changes (``mus_visto``'s became ``"forced"``
in 0.2.0), and writes the knob whenever its value is not this one.

>>> rules_data(Rules())["mus_visto"], "mus_visto" in rules_data(Rules(mus_visto="new-card"))
('forced', False)
>>> parse_rules("target=40").mus_visto
'new-card'
"""


def rules_data(rules: Rules) -> dict[str, Any]:
    """The knobs of ``rules`` as histories store them: :meth:`Rules.to_dict
    <mus.rules.Rules.to_dict>`, without ``seats`` and ``teams`` at the four-seat table
    of two partnerships, and without the :data:`LATER_KNOBS` left at their defaults
    (so older histories read and write as they always did).

    >>> "seats" in rules_data(Rules()), rules_data(Rules(seats=6))["seats"]
    (False, 6)
    >>> "vacas_to_win" in rules_data(Rules()), rules_data(Rules(vacas_to_win=2))["vacas_to_win"]
    (False, 2)
    """
    data = rules_arg(rules).to_dict()
    if all(data.get(key) == value for key, value in DEFAULT_TABLE.items()):
        for key in DEFAULT_TABLE:
            data.pop(key, None)
    defaults = {**_DEFAULTS.to_dict(), **BASELINES}
    for key in LATER_KNOBS:
        if key in data and data[key] == defaults[key] and type(data[key]) is type(defaults[key]):
            del data[key]
    return data


def rules_from_data(data: Mapping[str, Any]) -> Rules:
    """The rules of a history's knobs (its JSON ``rules``, or its ``rules`` line read
    into a mapping): knobs left out keep their defaults, those of :data:`BASELINES`
    their baseline values.

    >>> rules_from_data({"target": 30}) == Rules(target=30, mus_visto="new-card")
    True
    """
    if not isinstance(data, Mapping):
        raise NotationError(f"a history's rules are an object of knobs, got {quoted(data)}")
    try:
        return Rules.from_dict({**BASELINES, **data})
    except MusError as error:
        raise NotationError(str(error)) from None


_DEFAULTS = Rules()


def rules_text(rules: Rules) -> str:
    """Every knob of ``rules`` as ``name=value`` words (``seats`` and ``teams`` only
    when the table is not the default four seats in two teams).

    >>> rules_text(Rules(target=30)).split()[:4]
    ['eight_kings=true', 'real_31=false', 'target=30', 'games_to_win=3']
    >>> rules_text(Rules.preset("individual-5")).split()[:3]
    ['seats=5', 'teams=5', 'eight_kings=true']
    """
    return " ".join(
        f"{key}={_house_text(value) if key == 'house' else _value_text(value)}"
        for key, value in _flatten(rules_data(rules))
    )


def _house_text(house: list[Any]) -> str:
    if all(isinstance(entry, str) for entry in house):
        return ",".join(house)
    # House rules with fields: compact JSON, its spaces escaped, as one word of the line.
    return json.dumps(house, separators=(",", ":"), ensure_ascii=True).replace(" ", "\\u0020")


def parse_rules(text: str) -> Rules:
    """Rules from :func:`rules_text` words; knobs left out keep their defaults, or their
    :data:`BASELINES` (a line without ``seats`` and ``teams`` is the four-seat game).

    >>> parse_rules("seats=6 target=30 mus_visto=forced") == Rules(seats=6, target=30)
    True
    >>> parse_rules("seats=3")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: 3 seats cannot sit in two partnerships: use teams=3 (each for itself)
    """
    if not isinstance(text, str):
        raise NotationError(f"a rules line is text, got {quoted(text)}")
    template = dict(_flatten(Rules().to_dict()))
    data: dict[str, Any] = {}
    for word in text.split():
        key, sep, raw = word.partition("=")
        if not sep or key not in template:
            raise NotationError(f"unknown rules knob {quoted(key)}")
        data[key] = _read_value(key, raw, template[key])
    nested: dict[str, Any] = {}
    for key, value in data.items():
        *path, last = key.split(".")
        target = nested
        for part in path:
            target = target.setdefault(part, {})
        target[last] = value
    return rules_from_data(nested)


def _read_value(key: str, raw: str, like: Any) -> Any:
    if key == "real_31":
        if raw not in ("true", "false", "king"):
            raise NotationError(f"real_31 is true, false or king, not {quoted(raw[:20])}")
        return raw if raw == "king" else raw == "true"
    if key in ("max_bet", "max_raises", "max_mus_rounds"):
        return None if raw == "none" else read_int(raw, key)
    if key == "lances":
        return raw.split(",")
    if isinstance(like, bool):
        if raw not in ("true", "false"):
            raise NotationError(f"{key} is true or false, not {quoted(raw)}")
        return raw == "true"
    if isinstance(like, int):
        return read_int(raw, key)
    if key == "house":
        if raw.startswith("["):
            try:
                return json.loads(raw)
            except ValueError:
                raise NotationError(f"house is names or a JSON list, not {quoted(raw)}") from None
        return [name for name in raw.split(",") if name]
    if isinstance(like, (list, tuple)):
        return [read_int(part, key) for part in raw.split(",")]
    return raw
