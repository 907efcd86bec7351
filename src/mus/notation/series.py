"""A series of hands, as histories write it: a match of the Mus (:mod:`mus.notation`)
and a session of the Mus individuel (:mod:`mus.individuel.notation`) share their
layout. A series' text opens with its kind, rules, seed and first mano, then holds
each hand as ``hand N``, the line of its cards, its actions and its count's comments,
and ends with a comment once the series is over; its JSON holds the same, each hand a
block. This module writes that layout once, and reads its blocks; each notation keeps
what its game's hands hold. Its names are the notations' own (``__all__`` is empty).

>>> import mus
>>> match = mus.apply(mus.new_match(seed=7), "no-mus")
>>> [len(hands(match.finished, match.hand, match.is_over)), len(hands((), match.hand, True))]
[1, 0]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from mus.actions import Action
from mus.errors import NotationError
from mus.notation.lines import Lines, seed_text

__all__: list[str] = []


class _Played(Protocol):
    """A hand's state of either game, as a series' history writes it."""

    @property
    def history(self) -> Sequence[tuple[int, Action]]: ...


_Hand = TypeVar("_Hand", bound=_Played)

HandLines = tuple[str, Sequence[tuple[int, Action]], Sequence[str]]
"""A hand as :func:`text` writes it: the line of its cards, its history (seat and
action), its count's comment lines."""


def hands(finished: Sequence[_Hand], hand: _Hand, over: bool) -> list[_Hand]:
    """The hands a series' history writes: those finished, and the one under way once
    it has an action (never after the series is over).

    >>> import mus
    >>> match = mus.new_match(seed=7)
    >>> len(hands(match.finished, match.hand, match.is_over))
    0
    """
    return [*finished, hand] if hand.history and not over else list(finished)


def text(
    header: str, rules: str, seed: int | str, mano: int, played: Iterable[HandLines], end: str | None = None
) -> str:
    """A series' text history: its ``header``, ``rules``, ``seed`` and first ``mano``
    lines; then each hand as ``hand N``, the line of its cards (``hands ...``, ``cards
    ...``), its action lines and its count's comments; then ``end``, a comment once the
    series is over.

    >>> import mus
    >>> print(text("mus-match 1", "target=40", 7, 0, [("hands ...", [(0, mus.NoMus())], ["# ..."])]), end="")
    mus-match 1
    rules target=40
    seed 7
    mano 0
    hand 1
    hands ...
    0 no-mus
    # ...
    """
    lines = [header, f"rules {rules}", f"seed {seed_text(seed)}", f"mano {mano}"]
    for number, (cards, history, comments) in enumerate(played, 1):
        lines += [f"hand {number}", cards, *(f"{seat} {action}" for seat, action in history), *comments]
    if end is not None:
        lines.append(end)
    return "\n".join(lines) + "\n"


def to_json(kind: str, rules: dict[str, Any], seed: int | str, mano: int, played: list[dict[str, Any]]) -> str:
    """A series' JSON history: its ``kind`` (``format``), version 1, ``rules`` as data,
    ``seed``, first ``mano``, and a block of data each hand (``played``).

    >>> to_json("mus-match", {}, 7, 0, [])
    '{\\n "format": "mus-match",\\n "version": 1,\\n "rules": {},\\n "seed": 7,\\n "mano": 0,\\n "hands": []\\n}'
    """
    data = {"format": kind, "version": 1, "rules": rules, "seed": seed, "mano": mano, "hands": played}
    return json.dumps(data, ensure_ascii=False, indent=1)


def blocks(lines: Lines, cards: str) -> Iterator[tuple[int, int, str]]:
    """The hands of a series' text history, from here to its end: for each, checked to
    be ``hand N`` in order, its number and the number and text of its ``cards`` line
    (``hands``, ``cards``); the caller reads the rest of the hand before the next.

    >>> found = blocks(Lines("hand 1\\nhands Ro\\nhand 3\\n"), "hands")
    >>> next(found)
    (1, 2, 'Ro')
    >>> next(found)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 3: expected hand 2
    """
    expected = 1
    while lines.peek() is not None:
        number, count = lines.field("hand")
        if count != str(expected):
            raise NotationError(f"line {number}: expected hand {expected}")
        number, written = lines.field(cards)
        yield expected, number, written
        expected += 1


def json_blocks(data: dict[str, Any], shape: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The blocks of a series' JSON history, numbered from 1, each checked to be an
    object (``shape`` says what one holds, for the error).

    >>> list(json_blocks({"hands": [{"actions": []}]}, "{...}"))
    [(1, {'actions': []})]
    >>> list(json_blocks({"hands": [3]}, "{'hands': [...], 'actions': [...]}"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: hand 1: expected {'hands': [...], 'actions': [...]}
    """
    blocks = data.get("hands")
    if not isinstance(blocks, list):
        raise NotationError("hands must be a list")
    for index, block in enumerate(blocks, 1):
        if not isinstance(block, dict):
            raise NotationError(f"hand {index}: expected {shape}")
        yield index, block
