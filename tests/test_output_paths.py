"""What ``--save`` and ``--table`` do with what their path names (issue 32, point 1): a
regular file (or a new name) is replaced whole, at the end; a character device, a FIFO
and a descriptor's name (``/dev/stdout``) are written through, in place, and stay what
they are; a directory, a block device, a socket and a file with other names (hard
links) are refused with one line that says what the path is, and left untouched.

As root the commands may write anything: the device nodes here are made by the test
in its own directory (``mknod``, root only), never the machine's."""

from __future__ import annotations

import io
import os
import socket
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import mus
from mus.cli.files import atomic_write, check_writable, output_kind
from mus.notation import parse_match
from mus.notation.streams import split_histories

posix = pytest.mark.skipif(sys.platform == "win32", reason="devices, FIFOs and sockets as POSIX has them")
root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mknod needs root")


def mus_command(*args: str, stdout: int | None = subprocess.PIPE, input: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "mus", *args], input=input, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120
    )
    assert "Traceback" not in (done.stdout or "") + done.stderr, done.stderr
    return done


def histories(text: str) -> list[mus.MatchState]:
    return [parse_match(history) for history in split_histories(io.StringIO(text))]


def hands(matches: list[mus.MatchState]) -> int:
    return sum(len(match.finished) for match in matches)


@pytest.fixture
def null_device(tmp_path: Path) -> Iterator[Path]:
    """A private character device: this directory's own node for the null device."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mknod needs root")
    node = tmp_path / "null"
    os.mknod(node, stat.S_IFCHR | 0o666, os.stat("/dev/null").st_rdev)
    yield node


def kind(path: Path) -> Callable[[int], bool]:
    mode = os.lstat(path).st_mode
    for test in (stat.S_ISREG, stat.S_ISCHR, stat.S_ISBLK, stat.S_ISFIFO, stat.S_ISSOCK, stat.S_ISDIR, stat.S_ISLNK):
        if test(mode):
            return test
    raise AssertionError(f"{path}: an unknown kind")  # pragma: no cover


# --- written through: a character device, a FIFO, a descriptor's name ---------------


@posix
@root
def test_saving_into_a_character_device_leaves_it_a_device(tmp_path: Path, null_device: Path) -> None:
    # The done-when line: `mus simulate --hands 10 --save P`, P made by mknod.
    done = mus_command("simulate", "--hands", "10", "--save", str(null_device))
    assert done.returncode == 0, done.stderr
    assert kind(null_device) is stat.S_ISCHR and os.stat(null_device).st_rdev == os.stat("/dev/null").st_rdev
    assert os.listdir(tmp_path) == ["null"]  # no new file beside it
    for args in (
        ["play", "--seed", "1", "--save", str(null_device)],
        ["odds", "--table", str(null_device), "--seats", "2"],
    ):
        if args[0] == "odds":
            pytest.importorskip("numpy")
        done = mus_command(*args, input="mus\nquit\n")
        assert done.returncode == 0, done.stderr
        assert kind(null_device) is stat.S_ISCHR and os.listdir(tmp_path) == ["null"]


@posix
@root
def test_a_full_device_is_a_one_line_error_and_stays_a_device(tmp_path: Path) -> None:
    # /dev/full's numbers: every write fails, as the machine's /dev/full did in the run
    # that found it replaced by a regular file.
    full = tmp_path / "full"
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    done = mus_command("simulate", "--hands", "10", "--save", str(full))
    assert done.returncode != 0 and done.stderr.startswith("mus: error: ") and done.stderr.count("\n") == 1
    assert "No space left on device" in done.stderr
    assert kind(full) is stat.S_ISCHR and os.listdir(tmp_path) == ["full"]


@posix
@root
def test_a_link_to_a_device_writes_the_device(tmp_path: Path, null_device: Path) -> None:
    link = tmp_path / "out.mus"
    link.symlink_to(null_device)
    assert output_kind(str(link)) == ("through", str(null_device))
    with atomic_write(str(link)) as file:
        file.write("mus-match 1\n")
    assert link.is_symlink() and kind(null_device) is stat.S_ISCHR


def read_fifo(fifo: Path, into: list[str]) -> threading.Thread:
    """A reader of ``fifo``, another process's part: all it reads goes to ``into``."""

    def read() -> None:
        with open(fifo, encoding="utf-8") as file:
            into.append(file.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


@posix
def test_saving_into_a_fifo_feeds_its_reader_and_leaves_it_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "histories"
    os.mkfifo(fifo)
    read: list[str] = []
    reader = read_fifo(fifo, read)
    try:
        done = mus_command("simulate", "--hands", "10", "--save", str(fifo))
    finally:
        if reader.is_alive():  # the command failed before opening the FIFO: let the reader go
            with open(fifo, "w", encoding="utf-8"):
                pass
        reader.join(30)
    assert done.returncode == 0, done.stderr
    assert kind(fifo) is stat.S_ISFIFO and os.listdir(tmp_path) == ["histories"]
    assert hands(histories(read[0])) == 10
    # mus play checks that it could save before the match, without opening the FIFO
    # (which would wait for a reader), then saves into it at the end.
    reader = read_fifo(fifo, read)
    try:
        done = mus_command("play", "--seed", "1", "--save", str(fifo), input="mus\nquit\n")
    finally:
        if reader.is_alive():
            with open(fifo, "w", encoding="utf-8"):
                pass
        reader.join(30)
    assert done.returncode == 0, done.stderr
    assert kind(fifo) is stat.S_ISFIFO and histories(read[1])[0].hand.history[0][1] == mus.Mus()


@posix
def test_saving_to_standard_output_writes_where_it_goes(tmp_path: Path) -> None:
    # Into a pipe: the histories, then the summary, on the same stream.
    done = mus_command("simulate", "--hands", "10", "--save", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    text, _, summary = done.stdout.partition("simulated 10 hands")
    assert hands(histories(text)) == 10 and "histories saved to /dev/stdout" in summary
    # Into a file the shell opened: that file, kept (nothing replaces it), all in it.
    out = tmp_path / "out.txt"
    with open(out, "w", encoding="utf-8") as file:
        done = mus_command("simulate", "--hands", "10", "--save", "/dev/stdout", stdout=file.fileno())
    assert done.returncode == 0, done.stderr
    text, _, summary = out.read_text(encoding="utf-8").partition("simulated 10 hands")
    assert hands(histories(text)) == 10 and "histories saved to /dev/stdout" in summary
    assert os.listdir(tmp_path) == ["out.txt"]


# --- refused: a directory, a block device, a socket, a file with other names ---------


def refused(path: Path, message: str) -> None:
    """``path`` is refused, with ``message``, by the library's writer and by the commands
    that save, and nothing is written or left beside it."""
    before = sorted(os.listdir(path.parent))
    with pytest.raises(mus.MusError) as caught:
        check_writable(str(path))
    assert str(caught.value) == f"cannot write {path}: {message}"
    with pytest.raises(mus.MusError) as caught, atomic_write(str(path)) as file:
        file.write("never")  # pragma: no cover - the writer refuses before the block
    assert str(caught.value) == f"cannot write {path}: {message}"
    for args in (["simulate", "--hands", "10"], ["play", "--seed", "1"]):
        done = mus_command(*args, "--save", str(path), input="quit\n")
        assert (done.returncode, done.stderr) == (2, f"mus: error: cannot write {path}: {message}\n")
    assert sorted(os.listdir(path.parent)) == before


@posix
def test_a_file_with_other_names_is_refused_and_kept(tmp_path: Path) -> None:
    saved, other = tmp_path / "match.mus", tmp_path / "backup.mus"
    saved.write_text("last night's match\n", encoding="utf-8")
    os.link(saved, other)
    refused(saved, "it is a file with 2 names (hard links), which saving would part; save under another name")
    assert os.stat(saved).st_ino == os.stat(other).st_ino and os.stat(saved).st_nlink == 2
    assert other.read_text(encoding="utf-8") == "last night's match\n"
    other.unlink()  # one name again: replaced whole, as any regular file
    with atomic_write(str(saved)) as file:
        file.write("tonight's match\n")
    assert saved.read_text(encoding="utf-8") == "tonight's match\n"


@posix
def test_a_socket_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.sock"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        refused(path, "it is a socket, not a file to save into")
        assert kind(path) is stat.S_ISSOCK


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    refused(folder, "Is a directory")
    assert kind(folder) is stat.S_ISDIR and os.listdir(folder) == []


@posix
@root
def test_a_block_device_is_refused_unopened(tmp_path: Path) -> None:
    # A loop device's number: refused by what the node is, before anything opens it.
    disk = tmp_path / "disk"
    os.mknod(disk, stat.S_IFBLK | 0o600, os.makedev(7, 250))
    refused(disk, "it is a block device (a disk), not a file to save into")
    assert kind(disk) is stat.S_ISBLK


def test_the_table_is_refused_like_the_saves_before_any_work(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    done = mus_command("odds", "--table", str(tmp_path), "--seats", "2")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"mus: error: cannot write {tmp_path}: Is a directory\n"
