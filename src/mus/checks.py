"""The trust boundary: how the public functions check what a caller hands them.

Everything that enters the library from outside goes through one of these checks and
fails with a :class:`~mus.MusError` subclass whose message quotes the bad value, cut
to a readable length. The engine's own calls skip them: its values are right by
construction. Each check is a type test (no import, no allocation on the good path),
so a public function costs little more than the engine's own call.

>>> from mus import Rules
>>> seat_arg(2, Rules())
2
>>> seat_arg(True, Rules())
Traceback (most recent call last):
...
mus.errors.MusError: a seat is a whole number from 0 to 3, got True
>>> quoted("x" * 500)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (500 characters)"
"""

from __future__ import annotations

import math
import operator
from typing import TypeVar

from mus.cards import Card
from mus.errors import QUOTE_LIMIT, MusError, quoted
from mus.hand import Hand
from mus.ranking import Lance
from mus.rules import Rules

T = TypeVar("T")

__all__ = [
    "card_arg",
    "hand_arg",
    "hands_arg",
    "index_arg",
    "instance_arg",
    "label",
    "lance_arg",
    "numbers_arg",
    "quoted",
    "real_arg",
    "rules_arg",
    "seat_arg",
    "seats_arg",
    "text_arg",
    "whole",
]


def whole(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high`` (inclusive).

    >>> whole(5, "a stake")
    5
    >>> whole(-1, "a stake")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a stake is a whole number from 0 up, got -1
    """
    try:
        if type(value) is int and low <= value and (high is None or value <= high):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and low <= value and (high is None or value <= high):
            return int(value)  # an int subclass such as an IntEnum member
    except Exception:  # bounds that are not numbers, or an int subclass whose comparisons fail
        pass
    span = f"from {quoted(low)} up" if high is None else f"from {quoted(low)} to {quoted(high)}"
    raise MusError(f"{label(name)} is a whole number {span}, got {quoted(value)}")


def index_arg(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` as an int from ``low`` to ``high`` (inclusive), if it is an int or
    stands for one (has ``__index__``, as numpy's ints do), not a bool: an id or a row
    number that may come out of an array.

    >>> class Id:
    ...     def __index__(self) -> int:
    ...         return 3
    >>> index_arg(3, "an action id"), index_arg(Id(), "an action id")
    (3, 3)
    >>> index_arg(2.0, "an action id", 0, 32)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: an action id is a whole number from 0 to 32, got 2.0
    """
    try:
        if type(value) is int and low <= value and (high is None or value <= high):
            return value
    except Exception:  # bounds that are not numbers: whole() refuses the call
        pass
    number = value
    if type(value) is not int and not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except Exception:  # no int, or a value whose __index__ fails: whole() names it
            number = value
    return whole(number, name, low, high)


def real_arg(value: object, name: str, low: float | None = None, high: float | None = None) -> float:
    """``value`` as a float, if it is a finite real number (an int or a float, not a
    bool) from ``low`` to ``high`` (inclusive, each when given).

    >>> real_arg(2, "a margin"), real_arg(0.5, "a share", 0, 1)
    (2.0, 0.5)
    >>> real_arg(float("nan"), "a share", 0, 1)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a share is a number from 0 to 1, got nan
    """
    try:
        if type(value) is float or (isinstance(value, (int, float)) and not isinstance(value, bool)):
            number = float(value)  # an int too large for a float raises OverflowError
            if math.isfinite(number) and (low is None or number >= low) and (high is None or number <= high):
                return number
    except Exception:  # an int too large for a float, or bounds that are not numbers
        pass
    if low is None:
        span = "" if high is None else f" up to {quoted(high)}"
    else:
        span = f" from {quoted(low)} up" if high is None else f" from {quoted(low)} to {quoted(high)}"
    raise MusError(f"{label(name)} is a number{span}, got {quoted(value)}")


def card_arg(value: object, name: str = "a card") -> Card:
    """``value`` if it is a :class:`~mus.Card`.

    >>> card_arg(Card.parse("Ro"))
    Card.parse('Ro')
    >>> card_arg("Ro")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a card must be a Card (Card.parse('Ro')), got 'Ro'
    """
    if type(value) is not Card:
        raise MusError(f"{label(name)} must be a Card (Card.parse('Ro')), got {quoted(value)}")
    return value


def label(name: object) -> str:
    """``name`` if it is a short text (what a message calls a value), else its quote.

    >>> label("a seat"), label(10**5000)
    ('a seat', 'an int of 16610 bits')
    """
    return name if type(name) is str and len(name) <= QUOTE_LIMIT else quoted(name)


def rules_arg(value: object) -> Rules:
    """``value`` if it is a :class:`~mus.Rules`.

    >>> rules_arg(Rules()) == Rules()
    True
    """
    if not isinstance(value, Rules):
        raise MusError(f"rules must be a Rules, got {quoted(value)}")
    return value


def lance_arg(value: object) -> Lance:
    """``value`` if it is a :class:`~mus.Lance`.

    >>> lance_arg(Lance.PARES), lance_arg(2)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a lance is grande, chica, pares, juego or punto (a Lance), got 2
    """
    if type(value) is not Lance:
        raise MusError(f"a lance is grande, chica, pares, juego or punto (a Lance), got {quoted(value)}")
    return value


def hand_arg(value: object, name: str = "a hand") -> Hand:
    """``value`` if it is a :class:`~mus.Hand`.

    >>> hand_arg("Ro Rc 7e 1b")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a hand must be a Hand (Hand.parse('Ro Rc 7e 1b')), got 'Ro Rc 7e 1b'
    """
    if not isinstance(value, Hand):
        raise MusError(f"{label(name)} must be a Hand (Hand.parse('Ro Rc 7e 1b')), got {quoted(value)}")
    return value


def hands_arg(value: object, rules: Rules | None = None) -> tuple[Hand, ...]:
    """``value`` as a tuple of hands: one per seat of ``rules`` if given.

    >>> from mus import Hand
    >>> hands_arg([Hand.parse("Ro Rc 7e 1b")], Rules())
    Traceback (most recent call last):
    ...
    mus.errors.MusError: 4 hands are needed, one per seat, got 1
    """
    if not isinstance(value, (tuple, list)):
        raise MusError(f"hands are a list of Hand values, got {quoted(value)}")
    hands = tuple(hand_arg(hand, "each hand") for hand in value)
    if rules is not None and len(hands) != rules_arg(rules).seats:
        raise MusError(f"{rules.seats} hands are needed, one per seat, got {len(hands)}")
    return hands


def seat_arg(value: object, rules: Rules, name: str = "a seat") -> int:
    """``value`` if it is a seat of ``rules``' table.

    >>> seat_arg(4, Rules())
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a seat is a whole number from 0 to 3, got 4
    """
    return whole(value, name, 0, rules_arg(rules).seats - 1)


def seats_arg(value: object, rules: Rules) -> tuple[int, ...]:
    """``value`` as a tuple of distinct seats of ``rules``' table.

    >>> seats_arg([0, 2], Rules()), seats_arg((1,), Rules())
    ((0, 2), (1,))
    """
    if not isinstance(value, (tuple, list)):
        raise MusError(f"seats are a list of seat numbers, got {quoted(value)}")
    seats = tuple(seat_arg(seat, rules) for seat in value)
    if len(set(seats)) != len(seats):
        raise MusError(f"seats are listed once each, got {quoted(value)}")
    return seats


def numbers_arg(value: object, name: str, size: int, low: int = 0, high: int | None = None) -> tuple[int, ...]:
    """``value`` (a list or a tuple) as a tuple of ``size`` whole numbers, each from
    ``low`` to ``high`` (inclusive): one per side, one per seat.

    >>> numbers_arg([3, 0], "the scores", 2)
    (3, 0)
    >>> numbers_arg((3, 0, 1), "the scores", 2)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: the scores are 2 whole numbers, got (3, 0, 1)
    >>> numbers_arg((3, None), "the scores", 2)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: each of the scores is a whole number from 0 up, got None
    """
    if not isinstance(value, (tuple, list)) or type(size) is not int or len(value) != size:
        raise MusError(f"{label(name)} are {quoted(size)} whole numbers, got {quoted(value)}")
    return tuple(whole(number, f"each of {label(name)}", low, high) for number in value)


def instance_arg(value: object, kind: type[T], what: str) -> T:
    """``value`` if it is a ``kind``; ``what`` says what is expected, for the message.

    >>> instance_arg(None, Rules, "rules (a Rules)")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: expected rules (a Rules), got None
    """
    try:
        if isinstance(value, kind):
            return value
    except Exception:  # kind is no class
        pass
    raise MusError(f"expected {label(what)}, got {quoted(value)}")


def text_arg(value: object, name: str, limit: int | None = None) -> str:
    """``value`` if it is a str (of at most ``limit`` characters, if given).

    >>> text_arg("standard", "a preset name")
    'standard'
    >>> text_arg(b"standard", "a preset name")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a preset name is a text, got b'standard'
    """
    if not isinstance(value, str):
        raise MusError(f"{label(name)} is a text, got {quoted(value)}")
    if limit is not None and (type(limit) is not int or len(value) > limit):
        raise MusError(f"{label(name)} is a text of at most {quoted(limit)} characters, got {quoted(value)}")
    return value
