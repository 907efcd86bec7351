"""Running independent pieces of work on several processes, or on a Ray cluster.

Work is cut into tasks whose number and seeds never depend on how many workers run
them, and the results come back in task order: the same seed gives the same numbers
with one worker, with several, and on Ray.

>>> run_tasks(abs, [-3, 1, -2], workers=1)
[3, 1, 2]
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from mus.odds.batch import MissingExtraError, OddsError

__all__ = ["BACKENDS", "Progress", "check_workers", "run_tasks"]

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("processes", "ray")
"""Where :func:`run_tasks` runs work: ``"processes"`` (this machine: ``workers``
processes, or this process alone for one) or ``"ray"`` (a Ray cluster; see the docs
page on odds at scale)."""

Progress = Callable[[int, int], None]
"""A progress callback: called with the tasks done and the tasks in all."""


def check_workers(workers: object, backend: object) -> int:
    """``workers`` if it is a whole number of at least 1 and ``backend`` is known.

    >>> check_workers(2, "processes")
    2
    >>> check_workers(0, "processes")
    Traceback (most recent call last):
    ...
    mus.odds.OddsError: workers is a whole number of at least 1, got 0
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OddsError(f"workers is a whole number of at least 1, got {workers!r}")
    if backend not in BACKENDS:
        raise OddsError(f"backend is one of {', '.join(BACKENDS)}, got {backend!r}")
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
    slots: list[Any] = [None] * len(tasks)
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
        futures = {pool.submit(function, task): index for index, task in enumerate(tasks)}
        for future in concurrent.futures.as_completed(futures):
            slots[futures[future]] = future.result()
            done += 1
            if progress is not None:
                progress(done, len(tasks))
    return slots


def _run_ray(function: Callable[[T], R], tasks: Sequence[T], progress: Progress | None) -> list[R]:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise MissingExtraError.for_extra("ray", "ray") from None
    if not ray.is_initialized():
        ray.init(include_dashboard=False, log_to_driver=False)
    remote = ray.remote(function)
    pending = [remote.remote(task) for task in tasks]
    index = {ref: position for position, ref in enumerate(pending)}
    slots: list[Any] = [None] * len(tasks)
    done = 0
    while pending:
        ready, pending = ray.wait(pending, num_returns=min(len(pending), 16), timeout=1.0)
        for ref, value in zip(ready, ray.get(ready), strict=False):
            slots[index[ref]] = value
        done += len(ready)
        if progress is not None and ready:
            progress(done, len(tasks))
    return slots
