"""Hostile values into every public callable of the library (the table:
``tests/hostile_table.py``).

Each public function, class and public method, found from every public module's
``__all__``, is called once validly, then with each argument in turn replaced by each
hostile value (None, wrong types, bools for ints, NaN, an int over Python's 4,300-digit
limit, 100 KB of text, values whose every method raises...). Each call must succeed or
raise a :class:`~mus.MusError` with a short message: never another exception, never a
message that echoes a huge input.

The few callables whose accepted values each cost seconds of work (:data:`SLOW`) try a
sample of the hostile values, drawn with a fixed seed; ``MUS_HOSTILE=all`` tries them
all (a few minutes).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import mus

sys.path.insert(0, str(Path(__file__).parent))
import hostile_table as table

# The deprecated names are called too (they must refuse hostile values like the rest);
# their warning is what they are for, not what is tested here.
pytestmark = pytest.mark.filterwarnings("ignore:.* is deprecated:DeprecationWarning")

ENTRIES = table.public_callables()
COVERED = sorted(name for name, entry in ENTRIES.items() if table.exemption(entry) is None)

SLOW = {
    "mus.odds.equity.equity_table": 2,
    "mus.odds.equity.odds": 3,
    "mus.odds.plot.plot": 3,
    "mus.odds.parallel.iter_tasks": 6,
    "mus.individuel.bots.play_session": 8,
    "mus.bots.play_match": 8,
}
"""Callables whose accepted values each cost up to seconds (whole tables of odds,
sessions, processes started): how many hostile values each argument tries by default."""

ALL = os.environ.get("MUS_HOSTILE") == "all"
LONGEST_MESSAGE = 500


@pytest.fixture(autouse=True)
def _in_a_scratch_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Some hostile values are file names that a function may well write (plot's path).
    monkeypatch.chdir(tmp_path)


def test_every_public_callable_is_called_or_exempt_with_a_reason() -> None:
    missing = []
    for name in COVERED:
        try:
            table.valid_call(ENTRIES[name])
        except LookupError as error:
            missing.append(str(error))
    assert not missing, "\n".join(missing)
    assert len(COVERED) > 300  # the walk found the library, not an empty package


def test_the_tables_name_only_what_exists() -> None:
    names = set(ENTRIES)
    owners = {name.rpartition(".")[0] for name in names}
    stale = [name for name in table.CALLS if name not in COVERED]
    stale += [name for name in table.INSTANCES if name not in owners and name not in names]
    stale += [name for name in table.EXEMPT if name.removesuffix(".*") not in names]
    assert not stale, f"entries for no public callable: {stale}"
    assert all(callable(call) for call in [*table.CALLS.values(), *table.INSTANCES.values()])
    for reason in [*table.EXEMPT.values(), *table.EXEMPT_PARAMETERS.values(), *table.EXEMPT_MODULES.values()]:
        assert len(reason) > 20  # a reason, not a placeholder


def test_a_callable_without_a_known_valid_call_is_reported() -> None:
    def new_public_function(widget: object) -> None:
        """A function of a parameter the table knows no value for."""

    entry = table.Entry("mus.somewhere.new_public_function", new_public_function, None)
    assert table.exemption(entry) is None
    with pytest.raises(LookupError, match="no valid value for 'widget'"):
        table.valid_call(entry)


@pytest.mark.parametrize("name", COVERED)
def test_the_valid_call_works(name: str) -> None:
    function, (args, kwargs) = table.valid_call(ENTRIES[name])
    _consume(function(*args, **kwargs))


@pytest.mark.parametrize("name", [name for name in COVERED if name not in table.UNHARDENED])
def test_hostile_arguments_get_a_short_mus_error(name: str) -> None:
    function, (args, kwargs) = table.valid_call(ENTRIES[name])
    escapes = []
    for where, value, (call_args, call_kwargs) in _cases(name, args, kwargs):
        problem = _problem(function, call_args, call_kwargs)
        if problem is not None:
            escapes.append(f"{where}={table.describe(value)}: {problem}")
    assert not escapes, f"{name}: {len(escapes)} escapes\n" + "\n".join(escapes[:20])


def test_the_unhardened_set_names_callables_of_the_table() -> None:
    # A name of the set that the table no longer calls is stale: the set only shrinks.
    assert set(COVERED) >= table.UNHARDENED, sorted(table.UNHARDENED - set(COVERED))


def test_the_hostile_values_are_hostile() -> None:
    # The booby-trapped value raises from each protocol a careless check would touch.
    trapped = next(value for value in table.HOSTILE if isinstance(value, table.Trapped))
    for touch in (hash, str, repr, len, iter, int, bool, lambda v: v == 1, lambda v: v.anything):
        with pytest.raises(table.Booby):
            touch(trapped)
    with pytest.raises(ValueError, match="4300 digits"):
        str(next(value for value in table.HOSTILE if isinstance(value, int) and value.bit_length() > 10_000))


def test_an_escape_is_caught() -> None:
    # The check itself: a plain exception, or a MusError that echoes a huge input, fails it.
    def careless(value: object) -> None:
        raise mus.MusError(f"bad value {value}")

    assert _problem(careless, ("x" * 100_000,), {}) is not None
    assert _problem(careless, ("x",), {}) is None
    assert _problem(lambda: [][1], (), {}) is not None


def _cases(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Iterator[tuple[str, object, table.Call]]:
    cases = list(table.hostile_calls(name, args, kwargs))
    if name not in SLOW or ALL:
        return iter(cases)
    by_argument: dict[str, list[tuple[str, object, table.Call]]] = {}
    for case in cases:
        by_argument.setdefault(case[0], []).append(case)
    rng = random.Random(name)  # fixed: the same sample on every run
    return iter(case for group in by_argument.values() for case in rng.sample(group, SLOW[name]))


def _problem(function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    """What is wrong with the call's outcome, or ``None``."""
    try:
        _consume(function(*args, **kwargs))
    except mus.MusError as error:
        text = table.message(error)
        if len(text) > LONGEST_MESSAGE or "x" * 200 in text:
            return f"a message of {len(text)} characters that echoes the input: {text[:80]!r}..."
    except Exception as error:
        return f"{type(error).__name__}: {table.message(error)[:160]}"
    return None


def _consume(result: object) -> None:
    # A generator does its work (and its checks) only as it is iterated.
    if isinstance(result, Iterator):
        for _ in zip(range(100), result, strict=False):
            pass
