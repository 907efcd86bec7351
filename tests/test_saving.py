"""What the commands write and read at their edges (issue 22, points 6 and 10):
``--save`` files are written at once (a new file beside, renamed), so that an
interrupted or failed command leaves the old file whole; a closed standard output is
one line, not a traceback; ``mus play`` keeps at most a move's length of any line."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

import mus
from mus.cli.files import atomic_write, check_writable
from mus.cli.options import read_histories
from mus.notation import parse_match
from work import wait_until

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals, permissions and /dev/zero")


def mus_command(*args: str, input: str = "", stdin: IO[str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "mus", *args],
        input=None if stdin is not None else input,
        stdin=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done


def test_atomic_write_replaces_the_file_whole(tmp_path: Path) -> None:
    path = tmp_path / "match.mus"
    path.write_text("old\n", encoding="utf-8")
    with pytest.raises(ZeroDivisionError), atomic_write(str(path)) as file:
        file.write("new, half written\n")
        assert path.read_text(encoding="utf-8") == "old\n"  # nothing shows before the end
        1 / 0  # noqa: B018 - a failure in the middle of the writing
    assert path.read_text(encoding="utf-8") == "old\n" and os.listdir(tmp_path) == ["match.mus"]
    with atomic_write(str(path)) as file:
        file.write("new\n")
    assert path.read_text(encoding="utf-8") == "new\n" and os.listdir(tmp_path) == ["match.mus"]


@posix
def test_atomic_write_keeps_permissions_and_writes_through_a_link(tmp_path: Path) -> None:
    target = tmp_path / "saved.mus"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "link.mus"
    link.symlink_to(target)
    with atomic_write(str(link)) as file:
        file.write("new\n")
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "new\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(os.listdir(tmp_path)) == ["link.mus", "saved.mus"]


def test_a_file_that_cannot_be_written_is_one_line_at_once(tmp_path: Path) -> None:
    for path, reason in ((tmp_path, "Is a directory"), (tmp_path / "no" / "x.mus", "No such file or directory")):
        with pytest.raises(mus.MusError, match=f"^cannot write {path}: {reason}$"):
            check_writable(str(path))
        with pytest.raises(mus.MusError, match=f"^cannot write {path}: {reason}$"), atomic_write(str(path)):
            raise AssertionError("not reached")  # pragma: no cover
    assert os.listdir(tmp_path) == []
    done = mus_command("play", "--seed", "1", "--save", str(tmp_path), input="mus\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"mus: error: cannot write {tmp_path}: Is a directory\n"


@posix
def test_an_interrupted_simulation_leaves_the_saved_file_as_it_was(tmp_path: Path) -> None:
    saved = tmp_path / "sim.mus"
    saved.write_text("the histories of last night\n", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "mus", "simulate", "--hands", "100000000", "--save", str(saved)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        # Ctrl-C once the new file is being written.
        wait_until(lambda: len(os.listdir(tmp_path)) >= 2, 30)
        time.sleep(0.3)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()  # a failed run leaves no 100-million-hand simulation behind
    assert (process.returncode, stderr) == (130, "mus: interrupted\n")
    assert saved.read_text(encoding="utf-8") == "the histories of last night\n"
    assert os.listdir(tmp_path) == ["sim.mus"]


def test_a_simulation_saves_its_histories_whole(tmp_path: Path) -> None:
    saved = tmp_path / "sim.mus"
    saved.write_text("old\n", encoding="utf-8")
    done = mus_command("simulate", "--hands", "1500", "--workers", "2", "--save", str(saved))
    assert done.returncode == 0 and os.listdir(tmp_path) == ["sim.mus"]
    matches = [parse_match(text) for text in read_histories(str(saved))]
    assert sum(len(match.finished) for match in matches) == 1500


@posix
def test_a_closed_standard_output_is_one_line() -> None:
    for command in ("demo", "simulate --hands 5", "compare 'Ro Rc 7e 1b' 'Cc Co 5b 4e'"):
        done = subprocess.run(
            ["sh", "-c", f'exec "$0" -m mus {command} >&-', sys.executable],
            capture_output=False,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
        assert (done.returncode, done.stderr) == (1, "mus: error: standard output is closed\n"), command


def test_mus_play_refuses_a_long_line_and_goes_on(tmp_path: Path) -> None:
    saved = tmp_path / "game.mus"
    done = mus_command("play", "--seed", "1", "--save", str(saved), input="x" * 300 + "\nmus\nquit\n")
    assert done.returncode == 0
    assert "> (a line of more than 200 characters)\ninvalid: say it in at most 200 characters\n" in done.stdout
    assert "x" * 201 not in done.stdout
    assert parse_match(saved.read_text(encoding="utf-8")).hand.history[0][1] == mus.Mus()


@posix
def test_mus_play_leaves_an_endless_line() -> None:
    with open("/dev/zero", encoding="ascii") as zero:
        done = mus_command("play", "--seed", "1", stdin=zero)
    assert done.returncode == 0
    assert done.stdout.endswith("\na line longer than 400,000,000 characters: leaving the match\n")
