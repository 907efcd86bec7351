"""The steps of a public history, in either game: a seat's views of a hand as its first
view, then each later view as what changed (a *step*: the new history ``entries``, and
the fields whose values changed); and the views' data again from them.

>>> views = [{"history": [], "to_act": 0}, {"history": [[0, "pass"]], "to_act": 1}]
>>> steps_of(views)
[{'entries': [[0, 'pass']], 'to_act': 1}]
>>> [at for at, _ in merged({"start": views[0], "steps": steps_of(views)}, "hand", ("history", "to_act"), ("entries", "to_act"))]
['hand.start', 'hand.steps[0]']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from mus.data.reading import fail, read_list, read_object
from mus.errors import MusError, quoted

__all__ = ["merged", "steps_of"]


def steps_of(views: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each view's data after the first as what changed: the new history entries, if
    any, and the fields whose values changed.

    >>> steps_of([{"history": [], "pot": 0}, {"history": [], "pot": 0}, {"history": [], "pot": 2}])
    [{'pot': 2}]
    """
    if type(views) is not list or not all(type(view) is dict and type(view.get("history")) is list for view in views):
        raise MusError(f"steps_of() takes a list of view data (to_data of views), got {quoted(views)}")
    steps = []
    for before, after in itertools.pairwise(views):
        step: dict[str, Any] = {}
        old, new = before["history"], after["history"]
        if new != old:
            # One action may add more than one entry: the declarations the engine derives.
            assert new[: len(old)] == old, "a hand's history only grows"
            step["entries"] = new[len(old) :]
        step.update((key, value) for key, value in after.items() if key != "history" and before[key] != value)
        if step:
            steps.append(step)
    return steps


def merged(data: Any, where: str, keys: tuple[str, ...], step_keys: tuple[str, ...]) -> Iterator[tuple[str, Any]]:
    """The view data of a hand's ``start`` (an object of ``keys``) and of each of its
    ``steps`` (objects of some of ``step_keys``) in turn, each with where it stands.
    The caller reads each view before the next is merged, so a step merges only into a
    view that was read.

    >>> list(merged({"start": {"history": []}, "steps": [{}]}, "hand", ("history",), ("entries",)))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: hand.steps[0]: an empty step
    """
    hand = read_object(data, where, ("start", "steps"))
    current = dict(read_object(hand["start"], f"{where}.start", keys))
    yield f"{where}.start", current
    for i, step in enumerate(read_list(hand["steps"], f"{where}.steps")):
        at = f"{where}.steps[{i}]"
        if not read_object(step, at, (), step_keys):
            raise fail(at, "an empty step")
        current = {**current, **{key: value for key, value in step.items() if key != "entries"}}
        if "entries" in step:
            current["history"] = current["history"] + read_list(step["entries"], f"{at}.entries")
        yield at, current
