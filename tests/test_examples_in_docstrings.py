"""Every public callable of the core (``mus.errors`` to ``mus.match``, what ``import
mus`` loads) shows a runnable example in its docstring: a ``>>>`` line, which the
suite's doctests run. The callables are those the hostile-value table finds: each
public function and class of the modules' ``__all__``, and each public method of a
public class. ``python tests/test_examples_in_docstrings.py`` lists those without one,
in the whole package."""

from __future__ import annotations

import inspect
import sys

from hostile_table import Entry, public_callables

CORE = (
    "errors",
    "cards",
    "hand",
    "ranking",
    "rules",
    "checks",
    "lances",
    "senas",
    "actions",
    "legal",
    "scoring",
    "table",
    "state",
    "refusals",
    "betting",
    "reducer",
    "match",
)


def without_example(entries: dict[str, Entry]) -> list[str]:
    return sorted(name for name, entry in entries.items() if ">>>" not in (inspect.getdoc(entry.function) or ""))


def core_callables() -> dict[str, Entry]:
    prefixes = tuple(f"mus.{module}." for module in CORE)
    return {name: entry for name, entry in public_callables().items() if name.startswith(prefixes)}


def test_every_public_callable_of_the_core_has_an_example() -> None:
    entries = core_callables()
    assert len(entries) > 150
    missing = without_example(entries)
    assert not missing, f"{len(missing)} public callables of the core have no example: " + ", ".join(missing)


def test_the_check_sees_a_docstring_without_example() -> None:
    def plain() -> None:
        """Does nothing."""

    def shown() -> None:
        """Does nothing.

        >>> shown()
        """

    entries = {"plain": Entry("plain", plain, None), "shown": Entry("shown", shown, None)}
    assert without_example(entries) == ["plain"]


if __name__ == "__main__":
    everything = public_callables()
    missing = without_example(everything)
    print(f"{len(everything) - len(missing)} of {len(everything)} public callables have an example; without one:")
    print("\n".join(f"  {name}" for name in missing))
    sys.exit(1 if set(missing) & set(core_callables()) else 0)
