"""Counts of work and waits without a clock, for the tests that check how much a call
costs or wait for something to happen.

No test reads a clock (tests/test_structure.py checks it): a time depends on how loaded
the machine is, so a test that asserts one fails under load and passes a slow change on
a fast machine. What a test asserts instead is a count: the lines of Python a call runs
(:func:`lines_run`), which is the same on every machine and grows as the work does.
Waiting is bounded by the timeouts of the calls that wait (``subprocess``, ``select``)
or by a number of polls (:func:`wait_until`).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

POLL = 0.01
"""The pause between two polls of :func:`wait_until`, in seconds."""


def lines_run(call: Callable[[], object]) -> int:
    """How many lines of Python ``call()`` runs, loop iterations included: a count of
    its work that does not depend on the machine (C code, such as a ``str`` method over
    a long text, counts as one line however long it takes).

    >>> lines_run(lambda: sum(range(1000))), lines_run(lambda: [n for n in range(1000)]) > 1000
    (1, True)
    """
    count = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return trace

    outer = sys.gettrace()  # a coverage tool's tracer, given back after the call
    sys.settrace(trace)
    try:
        call()
    finally:
        sys.settrace(outer)
    return count


def wait_until(condition: Callable[[], object], seconds: float) -> bool:
    """Whether ``condition()`` comes true within about ``seconds``, polled every
    :data:`POLL` seconds (a number of polls, not a clock: a bound, never a measure).

    >>> wait_until(lambda: True, 1), wait_until(lambda: False, 0.03)
    (True, False)
    """
    for _ in range(max(1, round(seconds / POLL))):
        if condition():
            return True
        time.sleep(POLL)
    return bool(condition())
