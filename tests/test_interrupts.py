"""Ctrl-C stops parallel work (issue 22, point 5): ``mus simulate --workers N`` and
``mus odds --workers N`` end at once, with status 130 and one line,
whenever Ctrl-C comes; and :func:`mus.odds.parallel.iter_tasks`, which they run on,
hands out work a few tasks at a time and stops its workers when it is left."""

from __future__ import annotations

import itertools
import math
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mus.odds.parallel import AHEAD, iter_tasks, run_tasks
from work import wait_until

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc, as Linux has it")


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as file:
            return [int(child) for child in file.read().split()]
    except FileNotFoundError:
        return []


def running(pid: int) -> bool:
    """Whether the process ``pid`` still runs (a zombie, left for init to reap, does not)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as file:
            return file.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


def interrupt(args: list[str], delay: float, everyone: bool) -> tuple[int, str, list[int]]:
    """Start ``python -m mus ARGS``, wait until its workers are up and ``delay`` more
    seconds, and press Ctrl-C: to the whole process group as a terminal does
    (``everyone``), or to the main process alone. The status, standard error and the
    workers."""
    process = subprocess.Popen(
        [sys.executable, "-m", "mus", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert wait_until(lambda: children(process.pid), 60), "no worker started"
        time.sleep(delay)
        workers = children(process.pid)
        if everyone:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        # The command has hours of work left: ending within the timeout is ending at once.
        _, stderr = process.communicate(timeout=60)
        return process.returncode, stderr, workers
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


SIMULATE = ["simulate", "--hands", "100000000", "--workers", "2"]


@linux
@pytest.mark.parametrize(
    ("args", "delay", "everyone"),
    [
        # At once: the first runs are being handed out.
        (SIMULATE, 0.0, True),
        (SIMULATE, 0.02, True),
        # During the first runs, and once results come in.
        (SIMULATE, 0.4, True),
        (SIMULATE, 1.5, True),
        # Only the main process hears it (kill -INT): it stops the workers itself.
        (SIMULATE, 0.3, False),
        (["odds", "Ro Rc 7e 1b", "--samples", "100000000", "--workers", "2"], 0.0, True),
        (["odds", "Ro Rc 7e 1b", "--samples", "100000000", "--workers", "2"], 1.0, True),
    ],
)
def test_ctrl_c_ends_the_command_at_once(args: list[str], delay: float, everyone: bool) -> None:
    if args[0] == "odds":
        pytest.importorskip("numpy")
    status, stderr, workers = interrupt(args, delay, everyone)
    assert (status, stderr) == (130, "mus: interrupted\n")
    assert workers and wait_until(lambda: not any(map(running, workers)), 5), "a worker outlived the command"


def workers_stop(before: set[multiprocessing.process.BaseProcess]) -> bool:
    """Whether the worker processes started since ``before`` are all gone."""
    return wait_until(lambda: not set(multiprocessing.active_children()) - before, 5)


def test_iter_tasks_takes_tasks_a_few_at_a_time() -> None:
    before = set(multiprocessing.active_children())
    taken: list[int] = []

    def tasks() -> Iterator[int]:
        for task in itertools.count():
            taken.append(task)
            yield task

    results = iter_tasks(abs, tasks(), workers=2)
    assert [next(results) for _ in range(5)] == [0, 1, 2, 3, 4]
    assert len(taken) <= 5 + AHEAD * 2
    results.close()  # endless tasks: leaving early stops the workers
    assert workers_stop(before)


def test_an_error_in_a_task_stops_the_work() -> None:
    before = set(multiprocessing.active_children())
    with pytest.raises(ValueError, match="math domain error"):
        run_tasks(math.sqrt, [4.0, 9.0, -1.0, *([16.0] * 50)], workers=2)
    assert workers_stop(before)


def nap(path: str) -> None:
    """A task for the workers: sleep as long as ``path``'s name says, then leave the
    file as the mark of a task finished."""
    time.sleep(float(Path(path).name))
    Path(path).touch()


def test_a_keyboard_interrupt_stops_the_workers_at_once(tmp_path: Path) -> None:
    before = set(multiprocessing.active_children())
    # Tasks of 1 s, 3 s, 5 s...: the first result comes while the second task has two
    # seconds to go, and the interrupt follows it at once.
    tasks = (str(tmp_path / f"{1 + 2 * n}") for n in itertools.count())
    with pytest.raises(KeyboardInterrupt):
        for _ in iter_tasks(nap, tasks, workers=2):
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(10)  # the KeyboardInterrupt comes here
    assert workers_stop(before)
    # The workers were in the middle of their tasks: they were not waited for, so the
    # first task is the only one that finished.
    assert sorted(path.name for path in tmp_path.iterdir()) == ["1"]
