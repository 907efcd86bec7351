"""The strict readers that every form of :mod:`mus.data` is read with: each checks one
JSON value (an object's keys, a number's range, a list's size, a card's text...) and
says what is wrong, and where, in one short :class:`~mus.NotationError` line.

``where`` is the path of the value in the form (``"seat_view.hand"``,
``"count.lines[2].bet"``); a reader returns the value read, or raises.

>>> data = read_object({"seat": 2, "hand": "Ro Rc 7e 1b"}, "view", ("seat", "hand"))
>>> read_number(data["seat"], "view.seat", 0, 3), read_hand(data["hand"], "view.hand")
(2, Hand.parse('Ro Rc 7e 1b'))
>>> read_number(data["seat"], "view.seat", 0, 1)
Traceback (most recent call last):
...
mus.errors.NotationError: view.seat: a whole number from 0 to 1, got 2
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from mus.actions import Action, parse_action
from mus.cards import Card
from mus.errors import MusError, NotationError, quoted
from mus.hand import Hand
from mus.notation.lines import MAX_ACTIONS
from mus.rules import Rules

__all__ = [
    "MAX_LIST",
    "build",
    "fail",
    "maybe",
    "read_action",
    "read_bool",
    "read_canonical",
    "read_card",
    "read_cards",
    "read_enum",
    "read_hand",
    "read_list",
    "read_number",
    "read_object",
    "read_scores",
    "read_seats",
    "seat_reader",
    "side_reader",
]

MAX_LIST = MAX_ACTIONS
"""The longest list any form may hold (a hand's history is the longest): the most
actions a hand may have.

>>> MAX_LIST
100000
"""


def fail(where: str, message: str) -> NotationError:
    """The error to raise about the value at ``where``.

    >>> fail("card", "expected text, got 3")
    NotationError('card: expected text, got 3')
    """
    return NotationError(f"{where}: {message}")


def read_object(data: Any, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    """``data`` if it is an object with every one of ``keys``, and no key but those and
    the ``optional`` ones.

    >>> read_object({"text": "Ro"}, "card", ("text",))
    {'text': 'Ro'}
    >>> read_object({"text": "Ro", "colour": "gold"}, "card", ("text",))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: card: unknown keys: 'colour'
    """
    if not isinstance(data, dict):
        raise fail(where, f"expected an object, got {quoted(data)}")
    missing = [key for key in keys if key not in data]
    if missing:
        raise fail(where, f"lacks {', '.join(missing)}")
    unknown = sorted(str(key) for key in data if key not in keys and key not in optional)
    if unknown:
        raise fail(where, f"unknown keys: {quoted(', '.join(unknown))}")
    return data


def read_number(value: Any, where: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (no ``True`` for 1).

    >>> read_number(40, "rules.target", 1)
    40
    >>> read_number(True, "count.winner")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: count.winner: a whole number from 0 up, got True
    """
    if type(value) is not int or value < low or (high is not None and value > high):
        span = f"from {low} up" if high is None else f"from {low} to {high}"
        raise fail(where, f"a whole number {span}, got {quoted(value)}")
    return value


def read_bool(value: Any, where: str) -> bool:
    """``value`` if it is ``True`` or ``False``.

    >>> read_bool(False, "betting.ordago"), read_bool(True, "count.individual")
    (False, True)
    """
    if type(value) is not bool:
        raise fail(where, f"true or false, got {quoted(value)}")
    return value


def read_list(value: Any, where: str, size: int | None = None) -> list[Any]:
    """``value`` if it is a list of ``size`` entries (any size up to :data:`MAX_LIST` if
    not told).

    >>> read_list([1, 2], "scores", 2)
    [1, 2]
    >>> read_list([1, 2, 3], "scores", 2)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: scores: a list of 2 entries, got [1, 2, 3]
    """
    if not isinstance(value, list) or len(value) > MAX_LIST or (size is not None and len(value) != size):
        count = f"{size} entries" if size is not None else f"at most {MAX_LIST} entries"
        raise fail(where, f"a list of {count}, got {quoted(value)}")
    return value


def maybe(read: Callable[[Any, str], Any], value: Any, where: str) -> Any:
    """``None`` for ``None``, else what ``read`` reads of ``value``.

    >>> maybe(read_bool, None, "x"), maybe(read_bool, True, "x")
    (None, True)
    """
    return None if value is None else read(value, where)


def seat_reader(rules: Rules) -> Callable[[Any, str], int]:
    """A reader of a seat at the table of ``rules``: a number from 0 to its last seat.

    >>> seat_reader(Rules())(3, "view.seat")
    3
    >>> seat_reader(Rules())(4, "view.seat")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: view.seat: a whole number from 0 to 3, got 4
    """
    return lambda value, where: read_number(value, where, 0, rules.seats - 1)


def side_reader(rules: Rules) -> Callable[[Any, str], int]:
    """A reader of a side at the table of ``rules`` (a team, or a seat that plays for
    itself): a number from 0 to its last side.

    >>> side_reader(Rules())(1, "count.winner"), side_reader(Rules(seats=3, teams=3))(2, "count.winner")
    (1, 2)
    """
    return lambda value, where: read_number(value, where, 0, rules.teams - 1)


def read_seats(value: Any, where: str, rules: Rules) -> tuple[int, ...]:
    """A list of seats at the table of ``rules``.

    >>> read_seats([0, 2], "betting.seats", Rules())
    (0, 2)
    """
    return tuple(
        read_number(seat, f"{where}[{i}]", 0, rules.seats - 1) for i, seat in enumerate(read_list(value, where))
    )


def read_scores(value: Any, where: str, sides: int) -> tuple[int, ...]:
    """One number per side; ``sides`` 0 when not known (a record read on its own: then
    two to six numbers).

    >>> read_scores([12, 30], "view.scores", 2), read_scores([0, 5, 9], "count.scores", 0)
    ((12, 30), (0, 5, 9))
    """
    if not sides and isinstance(value, list) and 2 <= len(value) <= 6:
        sides = len(value)
    return tuple(read_number(score, f"{where}[{i}]") for i, score in enumerate(read_list(value, where, sides or 2)))


def read_canonical(read: Callable[[str], Any], value: Any, where: str) -> Any:
    """What ``read`` reads of the text ``value``, which must be the one text that ``str``
    writes of it: nothing else the players' words also allow.

    >>> read_canonical(Card.parse, "Ro", "card")
    Card.parse('Ro')
    >>> read_canonical(Card.parse, "12o", "card")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: card: write 'Ro', not '12o'
    """
    if not isinstance(value, str) or len(value) > 200:
        raise fail(where, f"expected text, got {quoted(value)}")
    try:
        result = read(value)
    except MusError as error:
        raise fail(where, str(error)) from None
    if str(result) != value:
        raise fail(where, f"write {quoted(str(result))}, not {quoted(value)}")
    return result


def read_card(value: Any, where: str) -> Card:
    """A card, as its text ``"Ro"``.

    >>> read_card("7e", "card")
    Card.parse('7e')
    """
    return read_canonical(Card.parse, value, where)  # type: ignore[no-any-return]


def read_hand(value: Any, where: str) -> Hand:
    """A hand, as its text ``"Ro Rc 7e 1b"`` (best card first).

    >>> read_hand("1b 7e Ro Rc", "hand")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: hand: write 'Ro Rc 7e 1b', not '1b 7e Ro Rc'
    """
    return read_canonical(Hand.parse, value, where)  # type: ignore[no-any-return]


def read_action(value: Any, where: str) -> Action:
    """An action, as its text ``"bet 5"``.

    >>> read_action("bet 5", "action")
    Bet(5)
    """
    return read_canonical(parse_action, value, where)  # type: ignore[no-any-return]


def read_cards(value: Any, where: str) -> tuple[Card, ...]:
    """A list of cards, each as its text.

    >>> read_cards(["Ro", "1b"], "deal.stock")
    (Card.parse('Ro'), Card.parse('1b'))
    """
    return tuple(read_card(card, f"{where}[{i}]") for i, card in enumerate(read_list(value, where)))


def read_enum(kind: Iterable[Any], value: Any, where: str) -> Any:
    """The member of ``kind`` whose text is ``value``.

    >>> from mus.lances import Lance
    >>> read_enum(Lance, "pares", "view.lance")
    <Lance.PARES: 2>
    >>> read_enum(Lance, "envido", "view.lance")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: view.lance: one of grande, chica, pares, juego, punto, got 'envido'
    """
    for member in kind:
        if type(value) is str and str(member) == value:
            return member
    raise fail(where, f"one of {', '.join(str(member) for member in kind)}, got {quoted(value)}")


def build(where: str, make: Callable[..., Any], *args: Any) -> Any:
    """``make(*args)``, its refusal (a :class:`~mus.MusError`) said of ``where``.

    >>> build("rules", Rules.from_dict, {"target": 30}) == Rules(target=30)
    True
    >>> build("rules", Rules.from_dict, {"target": 0})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: rules: target must be a whole number of stones from 1 to 1000, got 0
    """
    try:
        return make(*args)
    except MusError as error:
        raise fail(where, str(error)) from None
