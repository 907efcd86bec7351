"""Reading is linear and bounded (issue 22, points 6 and 7): a match history reads with
work linear in its size, however many hands and comment lines it has; files, streams
and input lines are read in memory bounded by the notation's limits, whatever they
hold, and going past a limit is one clear error."""

from __future__ import annotations

import functools
import io
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mus
from mus import NotationError
from mus.actions import Action
from mus.cli.options import read_histories
from mus.notation import format_match, parse_match
from mus.notation.lines import MAX_LINE
from mus.notation.streams import read_line, split_histories
from work import lines_run


def passive(state: mus.HandState) -> Action:
    """Nobody bets: long matches, cheap to play (thousands of hands to a vaca)."""
    legal: list[Action] = list(state.legal_actions())
    return next((action for action in legal if str(action) in ("no-mus", "pass", "fold")), legal[0])


@functools.cache
def long_match() -> str:
    """The text of a match of 2,000 hands, all finished (played once for all the tests)."""
    match = mus.new_match(mus.Rules(target=1000, games_to_win=5, vacas_to_win=5), seed=1)
    while len(match.finished) < 2000:
        match = mus.apply(match, passive(match.hand))
    return format_match(match)


def first_hands(hands: int) -> str:
    """The history of the first ``hands`` hands of :func:`long_match`: one of its own."""
    text = long_match()
    return text if hands == 2000 else text[: text.index(f"\nhand {hands + 1}\n") + 1]


def padded(text: str, comments: int) -> str:
    """``text`` with comment lines after its header: they belong to no hand."""
    header, _, hands = text.partition("\nhand 1\n")
    return f"{header}\n" + "# a comment\n" * comments + f"hand 1\n{hands}"


def read_costs(small: str, large: str) -> tuple[int, int]:
    """The work of reading each text, in lines of Python run (:func:`work.lines_run`):
    a ratio of the two is what the tests check, the same on any machine under any load."""
    return lines_run(lambda: parse_match(small)), lines_run(lambda: parse_match(large))


def test_reading_2000_hands_costs_about_four_times_500() -> None:
    # Each hand's count used to be looked for among every comment line of the match:
    # 2,000 hands cost 14 times 500 (10,000 hands, 88 s to read, 0.5 s to write).
    large, small = first_hands(2000), first_hands(500)
    assert len(parse_match(small).finished) == 500
    small_cost, large_cost = read_costs(small, large)
    assert large_cost < 5 * small_cost, f"2,000 hands cost {large_cost / small_cost:.1f} times 500"


def test_comment_lines_cost_only_their_size() -> None:
    # A file padded with comment lines took hours: every hand scanned all of them.
    large, small = first_hands(400), first_hands(100)
    assert parse_match(padded(large, 10)) == parse_match(large)
    small_cost, large_cost = read_costs(padded(small, 20_000), padded(large, 80_000))
    assert large_cost < 5 * small_cost, f"four times the text cost {large_cost / small_cost:.1f} times as much"


def test_split_histories_cuts_matches_apart_across_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    one, two = first_hands(3), first_hands(1)
    text = f"\n{one}  \n{two}"
    for block in (1, 7, 100, 1 << 20):
        monkeypatch.setattr("mus.notation.streams.BLOCK", block)
        texts = list(split_histories(io.StringIO(text)))
        assert texts == [f"\n{one}  \n", two]
        assert [parse_match(text) for text in texts] == [parse_match(one), parse_match(two)]
    # Not a match: one history, read as it is; an empty stream is one empty history.
    assert list(split_histories(io.StringIO("mus-hand 1\n\nmus-match 1\n"))) == ["mus-hand 1\n\n", "mus-match 1\n"]
    assert list(split_histories(io.StringIO(""))) == [""]


@pytest.mark.parametrize("block", [3, 1 << 20])
def test_split_histories_refuses_a_history_past_its_limit(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    monkeypatch.setattr("mus.notation.streams.BLOCK", block)
    text = first_hands(2)
    assert list(split_histories(io.StringIO(text + text), limit=len(text))) == [text, text]  # each within it
    texts = split_histories(io.StringIO(text + text + "x" * 30), limit=len(text) + 10)
    assert next(texts) == text
    where = f"history 2 (from line {text.count(chr(10)) + 1})"
    with pytest.raises(NotationError, match=rf"^{re.escape(where)} is longer than {len(text) + 10:,} characters$"):
        next(texts)
    with pytest.raises(NotationError, match=r"^longer than 100 characters$"):
        list(split_histories(io.StringIO(text), total=100))


def test_an_endless_line_is_refused_as_soon_as_it_passes_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    class Endless(io.StringIO):
        """A stream of one line that never ends; it counts what was read of it."""

        read_so_far = 0

        def read(self, size: int | None = -1) -> str:
            assert size is not None and 0 < size <= 1 << 20
            self.read_so_far += size
            return "a" * size

    stream = Endless()
    monkeypatch.setattr("mus.notation.streams.BLOCK", 1000)
    with pytest.raises(NotationError, match=r"^history 1 \(from line 1\) is longer than 5,000 characters$"):
        next(split_histories(stream, limit=5000))
    assert stream.read_so_far <= 6000


def test_read_line_keeps_at_most_its_limit() -> None:
    stream = io.StringIO("quiero\n" + "x" * 500 + "\n" + "y" * 200 + "\nlast")
    assert [read_line(stream, 200) for _ in range(5)] == ["quiero\n", None, "y" * 200 + "\n", "last", ""]


def test_read_line_gives_up_on_an_endless_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mus.notation.streams.MAX_LINE", 10_000)
    monkeypatch.setattr("mus.notation.streams.BLOCK", 1000)
    stream = io.StringIO("z" * 20_000)
    with pytest.raises(NotationError, match="a line longer than 10,000 characters"):
        read_line(stream, 200)
    assert stream.tell() < 12_000 and MAX_LINE > 10_000


def test_read_histories_names_the_file(tmp_path: Path) -> None:
    path = f"{tmp_path}/two.mus"
    with open(path, "w", encoding="utf-8") as file:
        file.write(first_hands(2) * 2)
    assert [parse_match(text) for text in read_histories(path)] == [parse_match(first_hands(2))] * 2
    with pytest.raises(mus.MusError, match=f"^{path}: longer than 100 characters$"):
        list(read_histories(path, total=100))
    with open(path, "wb") as binary:
        binary.write(b"mus-match 1\n\xff\n")
    with pytest.raises(mus.MusError, match=f"^cannot read {path}: not UTF-8 text$"):
        list(read_histories(path))


LIMITED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
{body}
"""


def limited(body: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``body`` in a Python of its own limited to 1.5 GB of memory."""
    code = LIMITED.format(body=textwrap.dedent(body))
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=60)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/zero and RLIMIT_AS as Linux has them")
def test_dev_zero_is_refused_under_a_memory_limit() -> None:
    # Reading /dev/zero took all memory (24 GiB), or a MemoryError under a limit.
    done = limited(
        """
        from mus.cli.options import read_histories
        try:
            next(read_histories("/dev/zero"))
        except ValueError as error:
            print(error)
        """
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == "/dev/zero: history 1 (from line 1) is longer than 400,000,000 characters\n"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/zero and RLIMIT_AS as Linux has them")
def test_mus_replay_dev_zero_is_one_line_under_a_memory_limit() -> None:
    done = limited("from mus.cli import main; sys.exit(main(sys.argv[1:]))", "replay", "/dev/zero")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr == "mus: error: /dev/zero: history 1 (from line 1) is longer than 400,000,000 characters\n"
