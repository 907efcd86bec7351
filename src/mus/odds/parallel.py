"""Running independent pieces of work on several processes, or on a Ray cluster.

Work is cut into tasks whose number and seeds never depend on how many workers run
them, and the results come back in task order: the same seed gives the same numbers
with one worker, with several, and on Ray.

Ctrl-C stops the work at once: tasks are handed to the processes a few at a time
(never all at once), the workers ignore Ctrl-C (the process that runs them handles
it), and a ``KeyboardInterrupt`` (or any error) cancels the tasks not started and
stops the workers, the tasks in hand dropped.

The workers never outlive the process that started them: whatever ends it (SIGKILL
included, which nothing can handle), each worker ends within a second or so on its
own. On Linux the system kills it when its parent ends (``PR_SET_PDEATHSIG``);
everywhere a thread of the worker watches its parent and ends the worker once the
parent is gone.

>>> run_tasks(abs, [-3, 1, -2], workers=1)
[3, 1, 2]
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import multiprocessing
import multiprocessing.process
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from multiprocessing.context import BaseContext
from typing import Any, TypeVar, cast

from mus.errors import quoted
from mus.odds.batch import MissingExtraError, OddsError

__all__ = ["AHEAD", "BACKENDS", "MAX_WORKERS", "Progress", "check_workers", "iter_tasks", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("processes", "ray")
"""Where :func:`run_tasks` runs work: ``"processes"`` (this machine: ``workers``
processes, or this process alone for one) or ``"ray"`` (a Ray cluster; see the docs
page on odds at scale)."""

Progress = Callable[[int, int], None]
"""A progress callback: called with the tasks done and the tasks in all."""

MAX_WORKERS = max(8, 4 * (os.cpu_count() or 1))
"""The most worker processes one call starts: four per CPU of this machine
(``os.cpu_count()``), and at least 8. More only queue for the same CPUs; the
results never depend on the number."""

AHEAD = 2
"""Tasks handed to the processes ahead of the results taken, per worker: enough to keep
every worker busy, and all that runs on after a Ctrl-C."""


def check_workers(workers: object, backend: object) -> int:
    """``workers`` if it is a whole number from 1 to :data:`MAX_WORKERS` and
    ``backend`` is known.

    >>> check_workers(2, "processes")
    2
    >>> check_workers(0, "processes")
    Traceback (most recent call last):
    ...
    mus.odds.OddsError: workers is a whole number of processes from 1 to ..., got 0
    """
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise OddsError(f"workers is a whole number of processes from 1 to {MAX_WORKERS}, got {quoted(workers)}")
    if type(backend) is not str or backend not in BACKENDS:
        raise OddsError(f"backend is one of {', '.join(BACKENDS)}, got {quoted(backend)}")
    return workers


def run_tasks(
    function: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    backend: str = "processes",
    progress: Progress | None = None,
) -> list[R]:
    """``[function(task) for task in tasks]``, run by ``workers`` processes or on Ray.

    ``function`` must be importable by name (a module-level function) and the tasks
    picklable. With Ray, a running instance is used when this process is connected to
    one (``ray.init(address=...)``); otherwise ``ray.init()`` starts one, or joins the
    cluster that ``RAY_ADDRESS`` names. ``workers`` then only matters to the
    processes backend: Ray spreads the tasks over the cluster's CPUs.

    >>> run_tasks(str, [1, 2, 3], workers=2)
    ['1', '2', '3']
    """
    check_workers(workers, backend)
    _check_work(function, progress)
    if isinstance(tasks, str) or not isinstance(tasks, Sequence):
        raise OddsError(f"tasks are a list, got {quoted(tasks)}")
    done = 0
    if progress is not None:
        progress(0, len(tasks))
    if backend == "ray":
        return _run_ray(function, tasks, progress)
    if workers == 1 or len(tasks) <= 1:
        results = []
        for task in tasks:
            results.append(function(task))
            done += 1
            if progress is not None:
                progress(done, len(tasks))
        return results
    results = []
    for result in iter_tasks(function, tasks, workers=min(workers, len(tasks))):
        results.append(result)
        done += 1
        if progress is not None:
            progress(done, len(tasks))
    return results


def iter_tasks(function: Callable[[T], R], tasks: Iterable[T], *, workers: int) -> Generator[R, None, None]:
    """``function(task)`` for each task, in task order, computed by ``workers``
    processes, each result given as soon as it and those before it are in.

    The tasks are taken from ``tasks`` as the work goes (:data:`AHEAD` a worker ahead
    of the results), so they may be endless, and only that many results wait in
    memory. An error in a task, a ``KeyboardInterrupt``, or closing the iterator
    before its end (``break`` in a ``for`` loop; call ``close()``, or use
    ``contextlib.closing``, to have it at once) cancels the tasks not started and
    terminates the workers, whatever task they are in: their results would go to
    nobody. The workers ignore Ctrl-C: it is this process's to handle.

    >>> list(iter_tasks(abs, iter([-1, 2, -3]), workers=2))
    [1, 2, 3]
    """
    check_workers(workers, "processes")
    _check_work(function, None)
    try:
        tasks = iter(tasks)
    except Exception:  # the caller's value fails to iterate
        raise OddsError(f"tasks are an iterable, got {quoted(tasks)}") from None
    pending: collections.deque[concurrent.futures.Future[R]] = collections.deque()
    context = _Workers()
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers,
        mp_context=cast(BaseContext, context),
        initializer=_start_worker,
        initargs=(_parent_to_watch(context), _may_kill_with_parent(context)),
    )
    finished = False
    try:
        for task in tasks:
            pending.append(_submit(pool, function, task))
            if len(pending) >= AHEAD * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
        finished = True
    finally:
        if finished:
            pool.shutdown()
        else:
            # Nobody wants the results any more: the workers are stopped now rather
            # than after the tasks in hand, and the tasks not started are dropped. (The
            # pool's own thread cancels the futures: cancelling them here too could race
            # with it failing them once the workers are gone.) Then the pool's thread is
            # waited for, which ends at once with its workers gone: left running, it
            # could close its wake-up pipe while the interpreter's exit writes to it
            # (Python 3.11's concurrent.futures, a "Bad file descriptor" traceback).
            context.stop()
            pool.shutdown(wait=True, cancel_futures=True)


def _check_work(function: object, progress: object) -> None:
    if not callable(function):
        raise OddsError(f"the function to run is a callable, got {quoted(function)}")
    if progress is not None and not callable(progress):
        raise OddsError(f"progress is a callable, progress(done, total), or None, got {quoted(progress)}")


class _Workers:
    """The default multiprocessing context, keeping the processes it starts, so that
    they can be stopped: a ``ProcessPoolExecutor`` takes any object with its
    ``Process``, ``Queue`` and ``SimpleQueue`` as its context, and has no way of its own
    to stop its workers before they finish their tasks (before Python 3.14)."""

    def __init__(self) -> None:
        self.context = multiprocessing.get_context()
        self.processes: list[multiprocessing.process.BaseProcess] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.context, name)

    def Process(self, *args: Any, **kwargs: Any) -> multiprocessing.process.BaseProcess:
        process: multiprocessing.process.BaseProcess = self.context.Process(*args, **kwargs)
        self.processes.append(process)
        return process

    def stop(self) -> None:
        """Stop the worker processes still running (``SIGTERM``: at once, silently)."""
        for process in self.processes:
            if process.is_alive():
                process.terminate()


_HOLD = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}
"""The signals held back while a worker starts, until it has its own handlers."""

WATCH_EVERY = 0.25
"""Seconds between a worker's looks at its parent (where the system does not end it
with its parent, the most it outlives it by)."""


def _submit(
    pool: concurrent.futures.ProcessPoolExecutor, function: Callable[[T], R], task: T
) -> concurrent.futures.Future[R]:
    """``pool.submit(function, task)`` with Ctrl-C, SIGTERM and SIGHUP held back
    meanwhile: a worker process the pool starts now inherits the signal mask, so none
    of them can reach it before :func:`_start_worker` gives it the handlers of a
    worker (and kill it with a traceback, or run this process's handler in it); this
    process gets its signals as soon as the task is submitted."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks
        return pool.submit(function, task)
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _HOLD)
    try:
        return pool.submit(function, task)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _parent_to_watch(context: _Workers) -> int | None:
    """The process the workers' parent is when they start: this one, unless a fork
    server starts them (their parent is then the server, which ends with this
    process)."""
    return None if context.get_start_method() == "forkserver" else os.getpid()


def _may_kill_with_parent(context: _Workers) -> bool:
    """Whether the workers may ask Linux to kill them when their parent thread ends:
    the system watches the thread that started them, not its process, so only when
    that thread lives as long as the process (the main thread, or a fork server's)."""
    return context.get_start_method() == "forkserver" or threading.current_thread() is threading.main_thread()


def _start_worker(parent: int | None, kill_with_parent: bool) -> None:
    """A worker's first step. Ctrl-C, which the terminal sends to every process of the
    command, is for the main process to handle (it stops the workers); SIGTERM ends
    the worker at once, silently (the main process stops its workers with it), and so
    does SIGHUP unless it was ignored (``nohup``). Then the worker makes sure that it
    ends with its parent (:func:`_end_with_parent`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for number in _HOLD - {signal.SIGINT}:
        if number == getattr(signal, "SIGTERM", None) or signal.getsignal(number) is not signal.SIG_IGN:
            signal.signal(number, signal.SIG_DFL)
    _end_with_parent(parent, kill_with_parent)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HOLD)


def _end_with_parent(parent: int | None, kill_with_parent: bool) -> None:
    """End this worker when its parent process ends: at once on Linux, where the system
    is asked to kill it then (``kill_with_parent``); and, everywhere, within
    :data:`WATCH_EVERY` seconds, by a thread that watches the parent. ``parent`` is
    the process expected to be the parent (``None``: whichever it is now): if the
    parent is already another one, the process that started this worker is gone, and
    the worker ends now."""
    if kill_with_parent:
        _kill_with_parent()
    now = os.getppid()
    if parent is not None and now != parent:
        os._exit(1)
    watched = multiprocessing.parent_process()

    def watch() -> None:
        while True:
            time.sleep(WATCH_EVERY)
            # A POSIX orphan gets a new parent; on Windows the parent's handle says it.
            if os.getppid() != now or (sys.platform == "win32" and watched is not None and not watched.is_alive()):
                os._exit(1)

    threading.Thread(target=watch, name="mus-parent-watch", daemon=True).start()


_PR_SET_PDEATHSIG = 1


def _kill_with_parent() -> None:
    """Ask Linux to send this process SIGKILL when the thread that started it ends
    (``prctl(PR_SET_PDEATHSIG)``); nothing elsewhere, or where it cannot be asked."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no C library to ask (a static build): the thread watches
        pass


def _run_ray(function: Callable[[T], R], tasks: Sequence[T], progress: Progress | None) -> list[R]:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise MissingExtraError.for_extra("ray", "ray") from None
    if not ray.is_initialized():
        # ray.init() sets its own SIGTERM handler (sys.exit): a handler already set
        # (the command line's, which stops the work as Ctrl-C does) is kept.
        handler = signal.getsignal(signal.SIGTERM)
        ray.init(include_dashboard=False, log_to_driver=False)
        if callable(handler) and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, handler)
    remote = ray.remote(function)
    pending = [remote.remote(task) for task in tasks]
    index = {ref: position for position, ref in enumerate(pending)}
    slots: list[Any] = [None] * len(tasks)
    done = 0
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=min(len(pending), 16), timeout=1.0)
            for ref, value in zip(ready, ray.get(ready), strict=False):
                slots[index[ref]] = value
            done += len(ready)
            if progress is not None and ready:
                progress(done, len(tasks))
    except BaseException:
        # Ctrl-C or a failed task: the cluster drops the rest of the work.
        for ref in pending:
            with contextlib.suppress(Exception):
                ray.cancel(ref)
        raise
    return slots
