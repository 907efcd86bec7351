"""The checks of a rule set's knobs: the attrs validators and converters of
:class:`~mus.rules.Rules` and :class:`~mus.rules.Payouts`.

Each raises :class:`~mus.errors.RulesError` with a message that names the knob and what
it takes, before a rule set is built; ``Rules(...)``, ``Rules.evolve`` and
``Rules.from_dict`` call them.

>>> from mus import Rules
>>> Rules(lances=["grande", "juego"]).lances
(<Lance.GRANDE: 0>, <Lance.JUEGO: 3>)
>>> Rules(suits=5)
Traceback (most recent call last):
...
mus.errors.RulesError: suits must be one of 1, 2, 3, 4, got 5
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import attrs

from mus.cards import Rank
from mus.errors import RulesError, quoted
from mus.ranking import Lance

__all__ = ["BET_LANCES", "cap", "flag", "lances", "max_bet", "one_of", "pares_bonuses", "ranks", "real_31", "whole"]


def whole(low: int, high: int) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """The validator of a whole number of stones from ``low`` to ``high``.

    >>> from mus import Payouts
    >>> Payouts(juego=101)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: juego must be a whole number of stones from 0 to 100, got 101
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RulesError(
                f"{attribute.name} must be a whole number of stones from {low} to {high}, got {quoted(value)}"
            )

    return check


def flag(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """The validator of ``True`` or ``False``.

    >>> from mus import Rules
    >>> Rules(senas=1)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: senas must be True or False, got 1
    """
    if not isinstance(value, bool):
        raise RulesError(f"{attribute.name} must be True or False, got {quoted(value)}")


def one_of(*allowed: object) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """The validator of one of the ``allowed`` values (of their types: ``True`` is not 1).

    >>> from mus import Rules
    >>> Rules(declarations="lies")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: declarations must be one of 'derived', 'explicit', got 'lies'
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if isinstance(value, bool) or type(value) not in {type(choice) for choice in allowed} or value not in allowed:
            choices = ", ".join(map(repr, allowed))
            raise RulesError(f"{attribute.name} must be one of {choices}, got {quoted(value)}")

    return check


def real_31(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """The validator of ``Rules.real_31``: ``False``, ``True`` or ``"king"``.

    >>> from mus import Rules
    >>> Rules(real_31="rey")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: real_31 must be False, True (three sietes and any figure) or 'king' (three sietes and a true rey), got 'rey'
    """
    if value is not True and value is not False and not (type(value) is str and value == "king"):
        raise RulesError(
            f"real_31 must be False, True (three sietes and any figure) or 'king' (three sietes"
            f" and a true rey), got {quoted(value)}"
        )


def max_bet(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """The validator of ``Rules.max_bet``: ``None`` or 2 to 1000 stones.

    >>> from mus import Rules
    >>> Rules(max_bet=1)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: max_bet must be None (no cap) or a whole number of stones from 2 to 1000, got 1
    """
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 1000):
        raise RulesError(
            f"max_bet must be None (no cap) or a whole number of stones from 2 to 1000, got {quoted(value)}"
        )


def cap(low: int, high: int) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """The validator of a cap on the engine's own bound: ``None`` (that bound) or a
    whole number from ``low`` to ``high``.

    >>> from mus import Rules
    >>> Rules(max_raises=-1)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: max_raises must be None (the engine's bound) or a whole number from 0 to 99, got -1
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
            raise RulesError(
                f"{attribute.name} must be None (the engine's bound) or a whole number from {low} to {high},"
                f" got {quoted(value)}"
            )

    return check


BET_LANCES = (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.JUEGO)
"""The lances a hand plays, in order (punto is played in juego's place when nobody has
juego): the default of ``Rules.lances`` (:data:`mus.rules.BET_LANCES`)."""


def lances(value: object) -> tuple[Lance, ...]:
    """The converter of ``Rules.lances``: some of :data:`BET_LANCES`, each once, in
    their order, as lances or their names (``"grande"``, as JSON and histories write
    them).

    >>> lances(["grande", Lance.PARES])
    (<Lance.GRANDE: 0>, <Lance.PARES: 2>)
    >>> lances(["chica", "grande"])
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: lances must be some of grande, chica, pares, juego, each once, in that order (punto is played in juego's place), got ['chica', 'grande']
    """
    found = _some_in_order(value, _lance, BET_LANCES)
    if found is None:
        names = ", ".join(map(str, BET_LANCES))
        raise RulesError(
            f"lances must be some of {names}, each once, in that order (punto is played in juego's place),"
            f" got {quoted(value)}"
        )
    return found


_T = TypeVar("_T")


def _some_in_order(value: object, read: Callable[[object], _T | None], order: Sequence[_T]) -> tuple[_T, ...] | None:
    """The items of the list or tuple ``value``, each read by ``read``, when there is
    at least one, every one reads, and they are some of ``order``, each once, in its
    order; else ``None``."""
    if not isinstance(value, (list, tuple)):
        return None
    found = [read(item) for item in value]
    if not found or found != [item for item in order if item in found]:
        return None
    return tuple(found)  # type: ignore[arg-type]  # no None: order holds none


def _lance(item: object) -> Lance | None:
    if isinstance(item, Lance):
        return item
    if type(item) is not str:
        return None
    try:
        return Lance.parse(item)
    except ValueError:
        return None


def ranks(value: object) -> tuple[Rank, ...]:
    """The converter of ``Rules.ranks``: some of the ten ranks, each once, in their
    order (as, 2, ..., rey), as ranks, their values (12 for the rey, as JSON writes
    them) or their texts (``"R"``).

    >>> ranks([1, "7", "R"])
    (<Rank.AS: 1>, <Rank.SIETE: 7>, <Rank.REY: 12>)
    >>> ranks([12, 1])
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: ranks must be some of the ranks 1 to 7, 10, 11 and 12 (sota, caballo, rey), each once, in that order, got [12, 1]
    """
    found = _some_in_order(value, _rank, tuple(Rank))
    if found is None:
        raise RulesError(
            "ranks must be some of the ranks 1 to 7, 10, 11 and 12 (sota, caballo, rey), each once, in that"
            f" order, got {quoted(value)}"
        )
    return found


def _rank(item: object) -> Rank | None:
    if type(item) is Rank:
        return item
    if type(item) is str:
        try:
            return Rank.parse(item)
        except ValueError:
            return None
    if type(item) is int and item in _RANK_VALUES:
        return Rank(item)
    return None


_RANK_VALUES = frozenset(int(rank) for rank in Rank)


def pares_bonuses(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """The validator of ``Payouts.pares``: three whole numbers from 0 to 100.

    >>> from mus import Payouts
    >>> Payouts(pares=(1, 2))
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: pares must be three whole numbers from 0 to 100 (pareja, medias, duples), got (1, 2)
    """
    if (
        not isinstance(value, tuple)
        or len(value) != 3
        or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 100 for v in value)
    ):
        raise RulesError(
            f"pares must be three whole numbers from 0 to 100 (pareja, medias, duples), got {quoted(value)}"
        )
