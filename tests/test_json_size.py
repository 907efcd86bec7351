"""JSON is refused by its size before it is parsed (issue 32, point 5): parsing costs
many times a document's size in memory (a 100 MiB document cost 1.38 GB before it was
refused), so every reader of JSON, the library's and the commands', refuses one longer
than :data:`~mus.notation.lines.MAX_JSON` characters unparsed, and a reader of a file
or stream stops reading it there: its memory stays a small multiple of the limit."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import mus
from mus import data, notation
from mus.notation import check_stream
from mus.notation.lines import MAX_JSON

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the peak memory in /proc")

MIB = 1024 * 1024

PEAK = """
import sys
from mus.cli import main
status = main(sys.argv[1:])
sys.stdout.flush()
with open("/proc/self/status", encoding="ascii") as status_file:
    peak = next(int(line.split()[1]) for line in status_file if line.startswith("VmHWM:"))
print(f"\\n{status} {peak}")
"""
"""Run ``mus ARGS`` in-process and print its status and its peak memory (kB) last."""


def peak_of(*args: str) -> tuple[int, int, str]:
    """The status, the peak memory in bytes and the output (both streams) of ``mus ARGS``."""
    done = subprocess.run([sys.executable, "-c", PEAK, *args], capture_output=True, text=True, timeout=600, check=False)
    status, peak = done.stdout.split()[-2:]
    return int(status), int(peak) * 1024, done.stdout + done.stderr


def big_json(path: Path, size: int, one_line: bool) -> Path:
    """A JSON match history of about ``size`` characters, with a huge list in it."""
    head = '{"format": "mus-match", "version": 1, "hands": [' if one_line else '{\n "format": "mus-match",\n "hands": ['
    with open(path, "w", encoding="ascii") as file:
        file.write(head)
        chunk = "1.5," * (MIB // 4)
        for _ in range(size // len(chunk)):
            file.write(chunk)
        file.write("1.5]}\n")
    return path


@linux
@pytest.mark.parametrize("one_line", [True, False], ids=["one line", "over lines"])
def test_a_100_mib_json_document_is_refused_in_bounded_memory(tmp_path: Path, one_line: bool) -> None:
    small = tmp_path / "small.json"
    small.write_text(notation.match_to_json(mus.new_match(seed=1)), encoding="utf-8")
    big = big_json(tmp_path / "big.json", 100 * MIB, one_line)
    for command in ("check", "replay"):
        status, baseline, _ = peak_of(command, str(small))
        assert status == 0
        status, peak, said = peak_of(command, str(big))
        assert status != 0 and f"JSON longer than {MAX_JSON:,} characters" in said, said
        # Parsed, it cost well over a gigabyte; read up to the limit, a small multiple of it.
        assert peak - baseline < 4 * MAX_JSON, f"mus {command}: {(peak - baseline) // MIB} MiB over the baseline"


def test_every_json_reader_refuses_by_size_before_parsing() -> None:
    # Past the limit, even text that is not JSON at all: it is never parsed.
    text = "{" + " " * MAX_JSON
    for read in (data.loads, notation.load, notation.hand_from_json, notation.match_from_json):
        with pytest.raises(mus.NotationError, match=f"at most {MAX_JSON:,} characters"):
            read(text)
    result = next(check_stream(io.StringIO(text), "big.json"))
    assert result.error == f"JSON longer than {MAX_JSON:,} characters"
