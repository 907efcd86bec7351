"""Workers die with their command (issue 32, point 2): SIGTERM and SIGHUP end ``mus
simulate``, ``mus tournament`` and ``mus odds`` with ``--workers N`` as Ctrl-C does
(the workers stopped, one line, status 143 or 129), and whatever ends the command,
SIGKILL included, no worker outlives it by more than a few seconds.

The workers are found as the command's children in /proc before the signal, and
each test kills the whole process group it started, whatever happens."""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import mus
from mus.notation import parse_match
from test_interrupts import children, running
from work import wait_until

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the workers in /proc, as Linux has it")

SIMULATE = ["simulate", "--hands", "100000000", "--workers", "2"]
TOURNAMENT = ["tournament", "--bots", "heuristic,random", "--games", "1000000", "--workers", "2"]
ODDS = ["odds", "Ro Rc 7e 1b", "--samples", "100000000", "--workers", "2"]


class Command:
    """``python ARGS`` in a session of its own (its process group is the test's to kill)."""

    def __init__(self, args: list[str]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )

    def workers(self, count: int = 2) -> list[int]:
        """The worker processes, once ``count`` of them are up."""
        assert wait_until(lambda: len(children(self.process.pid)) >= count, 60), "the workers did not start"
        return children(self.process.pid)

    def end(self) -> tuple[int, str]:
        """The status and standard error of the command, which must end within 30 s."""
        _, stderr = self.process.communicate(timeout=30)
        return self.process.returncode, stderr

    def kill_all(self) -> None:
        """Whatever happened: nothing the command started is left running."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()


@pytest.fixture
def commands() -> Iterator[list[Command]]:
    started: list[Command] = []
    try:
        yield started
    finally:
        for command in started:
            command.kill_all()


def run_mus(commands: list[Command], args: list[str]) -> Command:
    command = Command(["-m", "mus", *args])
    commands.append(command)
    return command


def all_gone(workers: list[int]) -> bool:
    """Whether none of ``workers`` runs 5 seconds from now at the latest."""
    return wait_until(lambda: not any(map(running, workers)), 5)


@linux
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=lambda n: n.name)
def test_no_worker_outlives_a_signalled_simulation(commands: list[Command], number: signal.Signals) -> None:
    # The done-when line: `mus simulate --hands 100000000 --workers 2`, the signal
    # after 3 s to the command alone (as kill PID sends it), no worker 5 s later.
    command = run_mus(commands, SIMULATE)
    workers = command.workers()
    time.sleep(3)
    assert command.process.poll() is None
    os.kill(command.process.pid, number)
    assert all_gone(workers), f"a worker outlived the command after {number.name}"
    status, stderr = command.end()
    if number == signal.SIGKILL:
        assert status == -signal.SIGKILL
    else:
        assert (status, stderr) == (128 + number, f"mus: stopped by {number.name}\n")


@linux
@pytest.mark.parametrize("args", [TOURNAMENT, ODDS], ids=["tournament", "odds"])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGKILL], ids=lambda n: n.name)
def test_tournament_and_odds_workers_end_with_their_command(
    commands: list[Command], args: list[str], number: signal.Signals
) -> None:
    if args[0] == "odds":
        pytest.importorskip("numpy")
    command = run_mus(commands, args)
    workers = command.workers()
    time.sleep(1)
    os.kill(command.process.pid, number)
    assert all_gone(workers), f"a worker outlived mus {args[0]} after {number.name}"
    status, stderr = command.end()
    assert status == (-signal.SIGKILL if number == signal.SIGKILL else 143)
    assert stderr == ("" if number == signal.SIGKILL else "mus: stopped by SIGTERM\n")


@linux
def test_a_closed_terminal_ends_the_command_and_its_workers(commands: list[Command]) -> None:
    # A terminal that closes sends SIGHUP to every process of the command.
    command = run_mus(commands, SIMULATE)
    workers = command.workers()
    time.sleep(0.5)
    os.killpg(command.process.pid, signal.SIGHUP)
    assert all_gone(workers)
    assert command.end() == (129, "mus: stopped by SIGHUP\n")


@linux
def test_a_signal_ignored_at_start_stays_ignored(commands: list[Command]) -> None:
    # nohup: SIGHUP ignored, in the command and in its workers; SIGTERM still ends it.
    command = Command(["-c", "import signal, sys; signal.signal(signal.SIGHUP, signal.SIG_IGN); "
                       "from mus.cli import main; sys.exit(main(sys.argv[1:]))", *SIMULATE])  # fmt: skip
    commands.append(command)
    workers = command.workers()
    os.killpg(command.process.pid, signal.SIGHUP)
    time.sleep(1)
    assert command.process.poll() is None and all(map(running, workers))
    os.kill(command.process.pid, signal.SIGTERM)
    assert all_gone(workers)
    assert command.end() == (143, "mus: stopped by SIGTERM\n")


@linux
def test_mus_play_saves_the_match_when_its_terminal_closes(tmp_path: Path) -> None:
    saved = tmp_path / "match.mus"
    process = subprocess.Popen(
        [sys.executable, "-m", "mus", "play", "--seed", "1", "--save", str(saved)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(b"mus\n")
        process.stdin.flush()
        # Once it asks for the next word (its second prompt), the terminal goes.
        shown = b""
        while shown.count(b"you (seat 0)> ") < 2:
            assert select.select([process.stdout], [], [], 60)[0], "no prompt"
            read = os.read(process.stdout.fileno(), 65536)
            assert read, f"mus play ended: {shown[-300:]!r}"
            shown += read
        os.kill(process.pid, signal.SIGHUP)
        _, stderr = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert (process.returncode, stderr) == (129, b"mus: stopped by SIGHUP\n")
    assert parse_match(saved.read_text(encoding="utf-8")).hand.history[0][1] == mus.Mus()


WATCHED = textwrap.dedent(
    """
    import itertools, time
    from mus.odds import parallel

    parallel._kill_with_parent = lambda: None  # the portable watch alone, not Linux's prctl
    for _ in parallel.iter_tasks(time.sleep, itertools.repeat(0.05), workers=2):
        pass
    """
)


@linux
def test_the_workers_watch_their_parent_where_the_system_does_not(commands: list[Command]) -> None:
    command = Command(["-c", WATCHED])
    commands.append(command)
    workers = command.workers()
    time.sleep(0.5)
    os.kill(command.process.pid, signal.SIGKILL)
    assert all_gone(workers), "a worker outlived its parent without prctl"


def in_session(session: int) -> list[int]:
    """Every process of the session ``session`` (Ray's workers take process groups of
    their own, but stay in the session)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as file:
                    fields = file.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(int(entry))
    return found


def ray_workers(session: int) -> list[int]:
    names = {}
    for pid in in_session(session):
        try:
            with open(f"/proc/{pid}/comm", encoding="ascii", errors="replace") as file:
                names[pid] = file.read().strip()
        except OSError:
            continue
    return [pid for pid, name in names.items() if name.startswith("ray::_evaluate")]


@linux
@pytest.mark.slow
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGKILL], ids=lambda n: n.name)
def test_ray_work_ends_with_its_command(number: signal.Signals) -> None:
    pytest.importorskip("ray")
    pytest.importorskip("numpy")
    command = Command(["-m", "mus", *ODDS[:-2], "--ray"])
    session = command.process.pid
    try:
        assert wait_until(lambda: ray_workers(session), 120), "no Ray worker started"
        workers = ray_workers(session)
        time.sleep(1)
        os.kill(command.process.pid, number)
        status, stderr = command.end()
        assert wait_until(lambda: not any(map(running, workers)), 10), f"a Ray worker outlived {number.name}"
        if number == signal.SIGTERM:
            assert (status, stderr.splitlines()[-1:]) == (143, ["mus: stopped by SIGTERM"]), stderr
            assert "mus: interrupted" not in stderr
    finally:
        for pid in in_session(session):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        command.process.wait()
