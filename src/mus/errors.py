"""The library's exceptions, and the refusals that more than one module words alike.

Every error the library raises on bad input is a :class:`MusError`, which is a
:class:`ValueError`, so callers can catch one type and show its message to a player.

>>> from mus import Card, MusError
>>> try:
...     Card.parse("Xo")
... except MusError as error:
...     print(error)
unknown rank 'X' in card 'Xo' (ranks: 1-7, S, C, R; also A, 10, 11, 12)
"""

from __future__ import annotations

import enum
import warnings
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any, TypeVar

import attrs

__all__ = [
    "CardError",
    "CheckedEnumType",
    "HandError",
    "IllegalActionError",
    "MusError",
    "NotationError",
    "RulesError",
    "quoted",
    "type_name",
]


class MusError(ValueError):
    """Base class of every error the library raises on bad input.

    >>> issubclass(MusError, ValueError)
    True
    """


class CardError(MusError):
    """A card, rank or suit could not be read or built.

    >>> from mus import Card
    >>> Card.parse("7x")
    Traceback (most recent call last):
    ...
    mus.errors.CardError: unknown suit 'x' in card '7x' (suits: o, c, e, b)
    """


class HandError(MusError):
    """A hand is not four distinct cards.

    >>> from mus import Hand
    >>> Hand.parse("Ro Ro 7e 1b")
    Traceback (most recent call last):
    ...
    mus.errors.HandError: duplicate card 'Ro' in hand 'Ro Ro 7e 1b'
    """


class RulesError(MusError):
    """A :class:`~mus.Rules` knob has an invalid value.

    >>> from mus import Rules
    >>> Rules(target=0)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: target must be a whole number of stones from 1 to 1000, got 0
    """


class IllegalActionError(MusError):
    """An action that the rules do not allow in this state.

    The message says why; the state the action was applied to is unchanged.

    >>> import mus
    >>> mus.apply(mus.new_hand(seed=1), "quiero")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: during the mus, say mus or no-mus, not accept ("quiero")
    """


class NotationError(MusError):
    """A hand history (text or JSON) could not be read.

    >>> from mus.notation import parse_hand
    >>> parse_hand("mus-hand 9")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 1: unsupported mus-hand notation version '9'
    """


QUOTE_LIMIT = 60
"""How many characters of a bad value an error message quotes at most."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (20 at least): errors never
    echo a huge input. It never raises: an int too long to print (over Python's 4,300
    digits), or a value whose ``repr`` fails, is named by its type.

    >>> quoted("Ro Rc"), quoted(3), quoted(10**5000)
    ("'Ro Rc'", '3', 'an int of 16610 bits')
    >>> quoted("x" * 100_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (100000 characters)"
    """
    if type(limit) is not int or limit < 20:
        limit = QUOTE_LIMIT
    try:
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
            return f"an int of {value.bit_length()} bits"
        if isinstance(value, (str, bytes)) and len(value) > limit:
            return f"{value[: limit - 20]!r}... ({len(value)} characters)"
        text = repr(value)
    except Exception:  # a hostile or huge __repr__ must not hide the real error
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def type_name(value: object) -> str:
    """The name of ``value``'s type as an error message gives it: the Mus individuel's
    types, whose names are those of the four-card game's (``HandState``), are named as
    its own, so that "needs a HandState" never says "got HandState".

    >>> import mus
    >>> type_name(3), type_name(mus.new_hand(seed=1)), type_name(mus.individuel.new_hand(seed=1))
    ('int', 'HandState', "the Mus individuel's HandState")
    """
    kind = type(value)
    if kind.__module__.startswith("mus.individuel"):
        return f"the Mus individuel's {kind.__name__}"
    return kind.__name__


def moved(
    module: str,
    homes: Mapping[str, ModuleType],
    removal: str = "1.0.0",
    *,
    removed: Mapping[str, ModuleType] | None = None,
    removed_in: str = "",
) -> Callable[[str], Any]:
    """The ``__getattr__`` of a module some names left: reading one of ``homes`` (a
    name and the module it lives in now) warns with a :class:`DeprecationWarning` that
    names the new home and the release ``removal`` that drops the old name, and gives
    the new home's value. A name of ``removed`` (gone in the release ``removed_in``) is
    an :class:`AttributeError` that names its home, any other name a plain one.

    >>> import warnings, mus.cards
    >>> getattr_ = moved("mus.old", {"Card": mus.cards}, removed={"Rank": mus.cards}, removed_in="0.3.0")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getattr_("Card") is mus.cards.Card, str(caught[0].message)
    (True, 'mus.old.Card moved to mus.cards.Card; the old name goes in 1.0.0')
    >>> getattr_("Rank")
    Traceback (most recent call last):
    ...
    AttributeError: mus.old.Rank was removed in 0.3.0: use mus.cards.Rank
    """

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            gone = (removed or {}).get(name)
            if gone is not None:
                raise AttributeError(f"{module}.{name} was removed in {removed_in}: use {gone.__name__}.{name}")
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(
            f"{module}.{name} moved to {home.__name__}.{name}; the old name goes in {removal}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(home, name)

    return __getattr__


_Knobs = TypeVar("_Knobs", bound=attrs.AttrsInstance)


def evolved(rules: _Knobs, changes: dict[str, Any], what: str) -> _Knobs:
    """``rules`` (either game's, an attrs class) with ``changes``, validated like its
    constructor; a name that is none of its knobs is refused, as an unknown ``what``."""
    unknown = set(changes) - {field.name for field in attrs.fields(type(rules)) if field.init}
    if unknown:
        raise RulesError(f"unknown {what}(s): {', '.join(sorted(unknown))}")
    return attrs.evolve(rules, **changes)  # type: ignore[misc]  # mypy's attrs plugin wants a concrete class


def preset_named(
    presets: Mapping[str, _Knobs], name: object, what: str, listed: Iterable[str], hint: Callable[[str], str]
) -> _Knobs:
    """The preset ``name`` of ``presets`` (either game's), or a :class:`RulesError` for
    an unknown ``what`` that lists them (in the order ``listed``) and adds ``hint(name)``
    for a name that is text."""
    preset = presets.get(name) if type(name) is str else None
    if preset is None:
        more = hint(name) if isinstance(name, str) else ""
        raise RulesError(f"unknown {what} {quoted(name)} (presets: {', '.join(listed)}){more}")
    return preset


class CheckedEnumType(enum.EnumType):
    """The metaclass of the library's enumerations: looking a member up by a value
    that is not one of theirs (``Lance(9)``, ``Phase(None)``) raises a
    :class:`MusError` naming the members, whatever the value (a bool or a float is
    no member's value; a value whose ``==`` or hash fails is refused too).

    >>> from mus import Lance
    >>> Lance(2)
    <Lance.PARES: 2>
    >>> Lance(9)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: 9 is no Lance value (values: 0, 1, 2, 3, 4)
    """

    def __call__(cls, value: Any, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs:  # the functional API, which builds a new enumeration
            return super().__call__(value, *args, **kwargs)
        if type(value) is not bool and type(value) is not float:
            try:
                return super().__call__(value)
            except Exception:  # no member, or a value whose == or hash raised
                pass
        values = ", ".join(str(member.value) for member in cls)  # type: ignore[var-annotated]
        raise MusError(f"{quoted(value)} is no {cls.__name__} value (values: {values})") from None


class TextEnum(enum.Enum, metaclass=CheckedEnumType):
    """The library's enumerations whose values are text: a member is written as its
    value (``str(Phase.BETTING)`` is ``'betting'``).

    >>> from mus import Phase, Suit
    >>> str(Phase.BETTING), f"{Suit.OROS}"
    ('betting', 'o')
    """

    _value_: str

    def __str__(self) -> str:
        return self._value_
