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

from mus.errors import MusError, quoted
from mus.hand import Hand
from mus.ranking import Lance
from mus.rules import Rules

__all__ = ["hand_arg", "hands_arg", "lance_arg", "quoted", "rules_arg", "seat_arg", "seats_arg", "whole"]


def whole(value: object, name: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high`` (inclusive).

    >>> whole(5, "a stake")
    5
    >>> whole(-1, "a stake")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a stake is a whole number from 0 up, got -1
    """
    if type(value) is not int or value < low or (high is not None and value > high):
        if isinstance(value, int) and not isinstance(value, bool) and low <= value and (high is None or value <= high):
            return int(value)  # an int subclass such as an IntEnum member
        span = f"from {low} up" if high is None else f"from {low} to {high}"
        raise MusError(f"{name} is a whole number {span}, got {quoted(value)}")
    return value


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
    """``value`` if it is a :class:`~mus.Hand`."""
    if not isinstance(value, Hand):
        raise MusError(f"{name} must be a Hand (Hand.parse('Ro Rc 7e 1b')), got {quoted(value)}")
    return value


def hands_arg(value: object, rules: Rules | None = None) -> tuple[Hand, ...]:
    """``value`` as a tuple of hands: one per seat of ``rules`` if given."""
    if not isinstance(value, (tuple, list)):
        raise MusError(f"hands are a list of Hand values, got {quoted(value)}")
    hands = tuple(hand_arg(hand, "each hand") for hand in value)
    if rules is not None and len(hands) != rules.seats:
        raise MusError(f"{rules.seats} hands are needed, one per seat, got {len(hands)}")
    return hands


def seat_arg(value: object, rules: Rules, name: str = "a seat") -> int:
    """``value`` if it is a seat of ``rules``' table."""
    return whole(value, name, 0, rules.seats - 1)


def seats_arg(value: object, rules: Rules) -> tuple[int, ...]:
    """``value`` as a tuple of distinct seats of ``rules``' table."""
    if not isinstance(value, (tuple, list)):
        raise MusError(f"seats are a list of seat numbers, got {quoted(value)}")
    seats = tuple(seat_arg(seat, rules) for seat in value)
    if len(set(seats)) != len(seats):
        raise MusError(f"seats are listed once each, got {quoted(value)}")
    return seats
