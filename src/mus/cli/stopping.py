"""SIGTERM and SIGHUP end a command as Ctrl-C does: ``kill``, ``timeout``, a CI that
cancels a job, or a terminal that closes.

While a command runs (``stop_signals``), each of them raises ``Stopped``, a
``KeyboardInterrupt``, where the command stands: whatever cleans up after Ctrl-C
cleans up after it too (the ``--workers`` processes are stopped, a file being saved is
removed, ``mus play`` saves the match), and the command ends with one line, ``mus:
stopped by SIGTERM``, and the status a shell gives a process the signal ended (143
for SIGTERM, 129 for SIGHUP). A second one of them ends the process at once. A signal
the command was started with ignored (``nohup`` ignores SIGHUP) stays ignored.

>>> with stop_signals() as received:
...     received
[]
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from types import FrameType

__all__: list[str] = []  # the command's own: mus.cli says what is public

STOP_SIGNALS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that stop a command as Ctrl-C does (Windows has no SIGHUP)."""


class Stopped(KeyboardInterrupt):
    """A stop signal, raised where Ctrl-C's ``KeyboardInterrupt`` would be.

    >>> error = Stopped(signal.SIGTERM)
    >>> error.name, error.status
    ('SIGTERM', 143)
    """

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number

    @property
    def name(self) -> str:
        """The signal's name, as ``kill -l`` says it with its ``SIG``."""
        return signal.Signals(self.number).name

    @property
    def status(self) -> int:
        """The exit status a shell gives a process this signal ended: 128 and its number."""
        return 128 + self.number


@contextlib.contextmanager
def stop_signals() -> Iterator[list[Stopped]]:
    """Inside the block, SIGTERM and SIGHUP raise :class:`Stopped`; the list it gives
    holds the one raised, if any, even when the block swallowed it. Outside the main
    thread (where Python runs no signal handler) the block runs as it is."""
    received: list[Stopped] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def stop(number: int, frame: FrameType | None) -> None:
        if received:
            # A second one: the first is being handled, or was swallowed. At once.
            signal.signal(number, signal.SIG_DFL)
            os.kill(os.getpid(), number)
            return
        received.append(Stopped(number))
        raise received[0]

    saved = {number: signal.getsignal(number) for number in STOP_SIGNALS}
    try:
        for number, handler in saved.items():
            if handler is not signal.SIG_IGN:
                signal.signal(number, stop)
        yield received
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)
