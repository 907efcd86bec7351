"""The ``mus`` command line, run as real processes (``python -m mus``).

Outputs are checked against figures worked out by hand from the rules page (docs/rules.rst) and against the
library itself; ``mus play`` and ``mus replay --step`` are driven through a real
pseudo-terminal by a scripted person, and through piped standard input to its end.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import mus
from mus import notation
from mus.bots import HeuristicBot, play_match

try:
    import pty
except ImportError:  # Windows: no pseudo-terminals (pty needs termios)
    pty = None  # type: ignore[assignment]

TIMEOUT = 20
MAX_READS = 100_000
"""A bound on the reads of one wait on a terminal (each waits at most ``TIMEOUT`` s)."""

needs_pty = pytest.mark.skipif(
    pty is None or sys.platform == "win32", reason="needs a POSIX pseudo-terminal (the pty module)"
)


def run(*args: str, stdin: str | None = None, timeout: float = TIMEOUT) -> subprocess.CompletedProcess[str]:
    """Run ``python -m mus ARGS`` with pipes; never leaves a traceback unnoticed."""
    env = dict(os.environ, PYTHONUTF8="1")
    result = subprocess.run(
        [sys.executable, "-m", "mus", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
        env=env,
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def ok(*args: str, stdin: str | None = None) -> str:
    result = run(*args, stdin=stdin)
    assert result.returncode == 0, result.stderr
    return result.stdout


def fails(*args: str, stdin: str | None = None) -> str:
    """Run a command that must fail cleanly: status 2, one ``mus: error:`` line."""
    result = run(*args, stdin=stdin)
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mus: error: "), result.stderr
    return lines[0]


class Terminal:
    """A ``python -m mus`` process on a pseudo-terminal, with expect/send."""

    def __init__(self, *args: str, cwd: Path | None = None) -> None:
        master, slave = pty.openpty()
        env = dict(os.environ, PYTHONUTF8="1", TERM="dumb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "mus", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            close_fds=True,
            cwd=cwd,
            env=env,
        )
        os.close(slave)
        self.master = master
        self.text = ""
        self.at = 0

    def _read(self, timeout: float) -> str:
        """Read what the process writes within ``timeout`` seconds: ``"data"``,
        ``"quiet"`` (nothing came) or ``"closed"`` (it closed the terminal)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return "quiet"
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the process closed the terminal
            data = b""
        if not data:
            return "closed"
        self.text += data.decode("utf-8", "replace").replace("\r", "")
        return "data"

    def expect(self, pattern: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``pattern`` shows after what was already matched; the text up to
        it. Gives up when the process says nothing for ``timeout`` seconds, or ends."""
        for _ in range(MAX_READS):
            found = re.search(pattern, self.text[self.at :])
            if found:
                chunk = self.text[self.at : self.at + found.end()]
                self.at += found.end()
                return chunk
            if self._read(timeout) != "data":
                break
        raise AssertionError(f"no {pattern!r} in {self.text[self.at :][-2000:]!r}")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode("utf-8"))

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Wait for the process to end; its status. The rest of the output is read."""
        for _ in range(MAX_READS):
            if self._read(timeout if self.process.poll() is None else 0.05) != "data":
                break
        status = self.process.wait(timeout=timeout)
        os.close(self.master)
        assert "Traceback" not in self.text, self.text
        return status


# --- basics and errors ----------------------------------------------------------------


def test_version() -> None:
    assert ok("--version").strip() == f"mus {mus.__version__}"


def test_the_public_surface_is_main_and_its_parser() -> None:
    import importlib
    import pkgutil

    import mus.cli

    assert mus.cli.__all__ == ["build_parser", "main"]
    assert mus.cli.main(["compare", "Ro Rc 7e 1b", "Cc Co 5b 4e"]) == 0
    # The command's own modules export nothing, but mus.cli.errors, which says the
    # library's errors as the command does.
    exported = {
        info.name: importlib.import_module(info.name).__all__
        for info in pkgutil.iter_modules(mus.cli.__path__, "mus.cli.")
    }
    assert {name: names for name, names in exported.items() if names} == {
        "mus.cli.errors": ["TEMPLATES", "error_words"]
    }
    # The names mus.cli exported until 0.2.0 still work, with a warning.
    homes = {
        "DEFAULT_SEED": "options",
        "action_words": "words",
        "choices_words": "words",
        "compare_lines": "compare",
        "language_of": "options",
        "rules_from_options": "options",
        "step_lines": "narration",
    }
    for name, home in homes.items():
        with pytest.warns(
            DeprecationWarning, match=rf"^mus\.cli\.{name} moved to mus\.cli\.{home}\.{name}; .* 1\.0\.0"
        ):
            value = getattr(mus.cli, name)
        assert value is getattr(importlib.import_module(f"mus.cli.{home}"), name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        mus.cli.nothing  # noqa: B018


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "--target", "0"], "target must be a whole number of stones from 1 to 1000, got 0"),
        (["demo", "--games", "6"], "games_to_win must be one of 1, 2, 3, 4, 5, got 6"),
        (["demo", "--preset", "nope"], "unknown preset 'nope'"),
        (["simulate", "--hands", "10", "--bots", "heuristic,clever"], "unknown bot 'clever'"),
        (["simulate", "--hands", "10", "--bots", "random,random,random"], "--bots names 1, 2"),
    ],
)
def test_bad_options_are_one_line_errors(args: list[str], message: str) -> None:
    assert message in fails(*args)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--hands", "0"], "argument --hands: a whole number from 1 to 1,000,000,000, got '0'"),
        (["simulate", "--hands", "10" * 6], "argument --hands: a whole number from 1 to 1,000,000,000"),
        (["simulate", "--workers", "0"], "argument --workers: a whole number from 1 to"),
        (["simulate", "--workers", str(10**6)], "argument --workers: a whole number from 1 to"),
        (["odds", "Ro Rc 7e 1b", "--workers", str(10**6)], "argument --workers: a whole number from 1 to"),
        (["odds", "Ro Rc 7e 1b", "--samples", str(10**12)], "argument --samples: a whole number from 1 to 100,000,000"),
        (["odds", "Ro Rc 7e 1b", "--samples", "0"], "argument --samples: a whole number from 1 to 100,000,000"),
    ],
)
def test_counts_out_of_bounds_are_usage_errors(args: list[str], message: str) -> None:
    # The library's bounds on work (workers, samples, hands) are the options' too:
    # argparse refuses them before any work starts, with status 2.
    result = run(*args)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


def rules_error(**knobs: Any) -> str:
    """What the library says of ``mus.Rules(**knobs)``: the CLI shows it as it is."""
    with pytest.raises(mus.RulesError) as caught:
        mus.Rules(**knobs)
    return " ".join(str(caught.value).split())


@pytest.mark.parametrize(
    "command", [["demo"], ["play"], ["simulate", "--hands", "5"], ["compare", "Ro Rc 7e 1b", "Cc Co 5b 4e"]]
)
def test_table_options_errors(command: list[str]) -> None:
    # Three seats cannot form two partnerships: the library's reason, and the option that fixes it.
    line = fails(*command, "--seats", "3")
    assert rules_error(seats=3) in line and "--individual" in line
    line = fails(*command, "--seats", "7")
    assert rules_error(seats=7) in line and "--individual" not in line
    assert rules_error(seats=1, teams=1) in fails(*command, "--seats", "1", "--individual")


def test_play_seat_must_be_at_the_table() -> None:
    assert fails("play", "--seats", "4", "--seat", "5") == "mus: error: --seat 5: the table has 4 seats, 0 to 3"
    assert "the table has 2 seats, 0 to 1" in fails("play", "--preset", "heads-up", "--seat", "2")


def test_argparse_errors_exit_2() -> None:
    for args in ([], ["bogus"], ["demo", "--target", "many"], ["play", "--seat", "7"], ["demo", "--seats", "six"]):
        result = run(*args)
        assert result.returncode == 2 and "usage: mus" in result.stderr


# --- mus demo -------------------------------------------------------------------------

WINNER_LINE = re.compile(r"^team ([01]) \(seats (\d) and (\d)\) wins the game, (\d+)-(\d+), after (\d+) hands?$")


def test_demo_default_is_quick_complete_and_readable() -> None:
    out = ok("demo")
    lines = out.splitlines()
    winner = WINNER_LINE.match(lines[-1])
    assert winner, lines[-1]
    # Quick: one game of a few hands, each shown once (what a demo costs is its hands).
    hands = int(winner[6])
    assert hands <= 20 and re.findall(r"^=== hand (\d+):", out, re.M) == [str(n) for n in range(1, hands + 1)]
    assert "next game starts" not in out
    assert "seat 0 (team 0, mano):" in out  # the deal, the mano marked
    assert re.search(r"^  seat \d: (mus|no hay mus)$", out, re.M)
    assert re.search(r"^  seat \d: envido \d+$", out, re.M)
    assert re.search(r"^  seat \d: (quiero|no quiero|paso)", out, re.M)
    assert "count:" in out and "score: team 0" in out and "amarraco" in out
    # lances not bet on are said: juego replaced by punto, one team only, void
    assert "punto is played" in out and "no betting" in out


def test_demo_is_deterministic_and_agrees_with_the_library() -> None:
    first, second = ok("demo", "--seed", "17"), ok("demo", "--seed", "17")
    assert first == second
    other = ok("demo", "--seed", "18")
    assert other != first
    match = play_match(mus.new_match(mus.Rules(games_to_win=1), seed=17), [HeuristicBot()] * 4)
    found = WINNER_LINE.match(first.splitlines()[-1])
    assert found is not None
    team, hands = int(found[1]), int(found[6])
    assert team == match.winner and hands == len(match.finished)
    assert (int(found[4]), int(found[5])) == (match.scores[team], match.scores[1 - team])
    assert first.count("=== hand ") == hands


def test_demo_rules_options() -> None:
    out = ok("demo", "--seed", "3", "--four-kings", "--target", "30")
    assert "four kings, game to 30 stones, one game" in out.splitlines()[0]
    found = WINNER_LINE.match(out.splitlines()[-1])
    assert found is not None and int(found[4]) >= 30
    out = ok("demo", "--seed", "3", "--games", "2", "--preset", "short")
    assert re.search(r"wins the match, 2 games to [01], after \d+ hands$", out.splitlines()[-1])


def test_demo_six_seats_agrees_with_the_library() -> None:
    out = ok("demo", "--seed", "1", "--seats", "6")
    lines = out.splitlines()
    assert lines[0].startswith("mus demo, seed 1: six seats, two teams of three, eight kings")
    assert lines[1] == "six HeuristicBots play; team 0 is seats 0, 2 and 4, team 1 is seats 1, 3 and 5"
    assert "  seat 0 (team 0, mano): " in out and "  seat 5 (team 1): " in out
    assert re.search(r"^  score: team 0 \S.* \| team 1 \S", out, re.M)
    match = play_match(mus.new_match(mus.Rules(seats=6, games_to_win=1), seed=1), [HeuristicBot()] * 6)
    assert match.winner is not None
    found = re.fullmatch(
        r"team ([01]) \(seats (\d), (\d) and (\d)\) wins the game, (\d+)-(\d+), after (\d+) hands?", lines[-1]
    )
    assert found is not None, lines[-1]
    team = int(found[1])
    assert team == match.winner and [int(found[i]) for i in (2, 3, 4)] == [team, team + 2, team + 4]
    assert (int(found[5]), int(found[6])) == (match.scores[team], match.scores[1 - team])
    assert int(found[7]) == len(match.finished) == out.count("=== hand ")
    assert ok("demo", "--seed", "1", "--preset", "six") == out


def test_demo_individual_five_agrees_with_the_library() -> None:
    out = ok("demo", "--preset", "individual-5")
    lines = out.splitlines()
    assert lines[0].startswith("mus demo, seed 2026: five seats, each for itself, eight kings")
    assert lines[1] == "five HeuristicBots play; each seat for itself"
    # each seat is its own side: no teams in the deal, the scores and the winner
    assert "  seat 0 (mano): " in out and "  seat 4: " in out
    assert not re.search(r"^  seat \d \(team", out, re.M)
    assert re.search(r"^  score: seat 0 \S.* \| seat 1 .* \| seat 2 .* \| seat 3 .* \| seat 4 \S", out, re.M)
    assert "score: team" not in out
    # individual betting: after a fold or an accept every other seat still in answers
    assert re.search(r"^  seat \d: no quiero \(seats? [0-4](, [0-4])*( and [0-4])? still answers?\)$", out, re.M)
    assert re.search(r"^  seat \d: quiero \(seats? [0-4](, [0-4])*( and [0-4])? still answers?\)$", out, re.M)
    assert re.search(r"score 0-0-0-0-0; games 0-0-0-0-0 ===$", out, re.M)
    rules = mus.Rules.preset("individual-5").evolve(games_to_win=1)
    match = play_match(mus.new_match(rules, seed=2026), [HeuristicBot()] * 5)
    assert match.winner is not None
    found = re.fullmatch(
        r"seat ([0-4]) wins the game (by órdago|with (\d+) stones) \(score ([0-9-]+)\), after (\d+) hands?", lines[-1]
    )
    assert found is not None, lines[-1]
    assert int(found[1]) == match.winner
    if found[2] == "by órdago":
        assert match.finished[-1].results[-1].outcome is mus.Outcome.ORDAGO
    else:
        assert int(found[3]) == match.scores[match.winner] >= 40
    assert found[4] == "-".join(map(str, match.scores))
    assert int(found[5]) == len(match.finished) == out.count("=== hand ")
    assert f"  seat {match.winner} wins the game" in out
    assert ok("demo", "--seats", "5", "--individual") == out


def test_demo_heads_up() -> None:
    out = ok("demo", "--seed", "4", "--preset", "heads-up", "--target", "20")
    lines = out.splitlines()
    assert lines[0].startswith("mus demo, seed 4: two seats, one against the other, eight kings")
    assert lines[1] == "two HeuristicBots play; one against the other"
    assert re.fullmatch(r"seat [01] wins the game, \d+-\d+, after \d+ hands?", lines[-1]), lines[-1]


# --- mus compare ----------------------------------------------------------------------


def lance_lines(out: str) -> dict[str, str]:
    return {match[1]: match[2] for match in re.finditer(r"^\s*(grande|chica|pares|juego|punto): (.*)$", out, re.M)}


def test_compare_four_hands() -> None:
    # Worked from the rules page (docs/rules.rst), eight kings: hand 4 (3b 2e 1o 4c) plays as R 4 1 1 (16 points,
    # pareja of as). Grande: R R 7 1 beats R 4 1 1 at the 2nd card. Chica: 1 1 4 R beats
    # 1 5 6 S at the 2nd card. Pares: pareja of rey beats pareja of caballo and of as.
    # Nobody reaches 31 (28, 29, 22, 16): punto, won by 29.
    out = ok("compare", "Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")
    lances = lance_lines(out)
    assert lances["grande"].startswith("hand 1 wins: R R 7 1 beats R 4 1 1 of hand 4")
    assert lances["chica"].startswith("hand 4 wins: 1 1 4 R beats 1 5 6 S of hand 3")
    assert lances["pares"] == "hand 1 wins: pareja of rey beats pareja of caballo of hand 2"
    assert lances["juego"].startswith("nobody has juego")
    assert lances["punto"].startswith("hand 2 wins: 29 beats 28")
    assert "hand 1 (mano)" in out


def test_compare_ties_go_to_the_mano() -> None:
    # The same ranks once 3s play as reyes: every lance ties.
    out = ok("compare", "Ro Rc Se 1b", "3o 3c Sc 1c")
    lances = lance_lines(out)
    for lance in ("grande", "chica", "pares", "juego"):
        assert lances[lance].startswith("hand 1 wins") and "tie, goes to the hand nearer the mano" in lances[lance]
    assert lances["punto"].startswith("not played")
    assert ok("compare", "Ro Rc Se 1b", "3o 3c Sc 1c", "--mano-first") == out
    out = ok("compare", "Ro Rc Se 1b", "3o 3c Sc 1c", "--mano", "2")
    assert all(lance_lines(out)[lance].startswith("hand 2 wins") for lance in ("grande", "chica", "pares", "juego"))
    # Under four kings the 3s are low cards: no tie any more.
    lances = lance_lines(ok("compare", "Ro Rc Se 1b", "3o 3c Sc 1c", "--four-kings"))
    assert lances["grande"].startswith("hand 1 wins: R R S 1 beats S 3 3 1")
    assert lances["chica"].startswith("hand 2 wins: 1 3 3 S beats 1 S R R")
    assert lances["pares"] == "hand 1 wins: pareja of rey beats pareja of tres of hand 2"
    assert lances["juego"] == "hand 1 wins: only it has juego (31)"


def test_compare_pares_kinds_and_juego_order() -> None:
    lances = lance_lines(ok("compare", "Co Cc Cb 7e", "Ro Rc 1o 1c"))
    assert lances["pares"] == "hand 2 wins: duples of rey and as beats medias of caballo of hand 1: duples beat medias"
    # 31 is the best juego, above 40.
    lances = lance_lines(ok("compare", "Ro Rc Re Rb", "Cc Co Sb 1e"))
    assert lances["juego"].startswith("hand 2 wins: 31 beats 40 of hand 1")
    # real 31: three sietes and a figure beat any other 31, only with the knob.
    assert lance_lines(ok("compare", "Ro Rc Se 1b", "7o 7c 7e Sb"))["juego"].startswith("hand 1 wins: 31 ties 31")
    real = lance_lines(ok("compare", "Ro Rc Se 1b", "7o 7c 7e Sb", "--real-31"))["juego"]
    assert real.startswith("hand 2 wins: 31 real (three sietes and a figure) beats 31 of hand 1")


def test_compare_six_hands_at_six_seats() -> None:
    hands = ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c", "7o 7c 7b Sb", "6o 6e 5e 4o"]
    out = ok("compare", *hands, "--seats", "6")
    assert "hands 1, 3 and 5 are partners, and hands 2, 4 and 6" in out and "hand 6: 6o" in out
    # 7o 7c 7b Sb: medias of siete, and 31 (the only juego)
    lances = lance_lines(out)
    assert lances["pares"].startswith("hand 5 wins: medias of siete beats")
    assert lances["juego"] == "hand 5 wins: only it has juego (31)"
    individual = ok("compare", *hands, "--seats", "6", "--individual")
    assert "partners" not in individual and lance_lines(individual) == lances
    assert "compare takes 2 to 4 hands, got 6" in fails("compare", *hands)
    assert "compare takes 2 hands at a table of 2 seats, got 3" in fails("compare", *hands[:3], "--preset", "heads-up")


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (["Ro Rc 7e", "Cc Co 5b 4e"], "hand 1: a hand has exactly 4 cards, got 3"),
        (["Ro Rc 7e 1b", "Xo Co 5b 4e"], "hand 2: unknown rank 'X'"),
        (["Ro Rc 7e 1b", "Ro Co 5b 4e"], "card Ro is in hand 1 and in hand 2"),
        (["Ro Rc 7e 1b"], "compare takes 2 to 4 hands, got 1"),
        (["Ro Rc 7e 1b", "Cc Co 5b 4e", "--mano", "3"], "--mano is the number of a hand given, 1 to 2"),
    ],
)
def test_compare_bad_hands(hands: list[str], message: str) -> None:
    assert message in fails("compare", *hands)


# --- mus simulate ---------------------------------------------------------------------


def table_row(out: str, label: str) -> list[int]:
    found = re.search(rf"^{re.escape(label)}\s+(.*)$", out, re.M)
    assert found is not None, label
    return [int(value) for value in found[1].split()]


def test_simulate_counts_are_consistent(tmp_path: Path) -> None:
    saved = tmp_path / "sim.mus"
    result = run(
        "simulate",
        "--hands",
        "150",
        "--seed",
        "4",
        "--bots",
        "heuristic,random,heuristic,random",
        "--save",
        str(saved),
        "--progress",
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "simulating [" in result.stderr and "150/150 hands" in result.stderr
    assert "simulating" not in out
    assert out.startswith("simulated 150 hands, seed 4")
    assert re.search(r"^time: [0-9.]+ s, \d+ hands per second$", out, re.M)
    games, matches, ordagos, stones = (
        table_row(out, label) for label in ("games won", "matches won", "  of them by órdago", "stones won")
    )
    assert all(o <= g for o, g in zip(ordagos, games, strict=False)) and all(
        3 * m <= g for m, g in zip(matches, games, strict=False)
    )
    outcomes = {lance.name.lower(): table_row(out, str(lance)) for lance in mus.Lance}
    assert outcomes["grande"][-1] == 150  # every hand reaches the grande
    for row in outcomes.values():
        assert sum(row[:-1]) == row[-1]
    assert outcomes["juego"][-1] + outcomes["punto"][-1] <= outcomes["pares"][-1] <= outcomes["chica"][-1] <= 150
    # The saved histories are the same hands: read them back with the library.
    texts = re.split(r"(?m)^(?=mus-match 1$)", saved.read_text(encoding="utf-8"))
    replayed = [notation.parse_match(text) for text in texts if text]
    hands = [hand for match in replayed for hand in match.finished]
    assert len(hands) == 150
    assert [sum(hand.winner == team for hand in hands) for team in (0, 1)] == games
    assert [sum(m.winner == team for m in replayed) for team in (0, 1)] == matches
    assert [sum(h.scores[t] - h.deal.scores[t] for h in hands) for t in (0, 1)] == stones
    # and mus replay reads the whole file
    replay = ok("replay", str(saved))
    assert f"##### history {len(replayed)}\n" in replay and f"##### history {len(replayed) + 1}" not in replay


def test_simulate_batch_tables_are_the_batch_results() -> None:
    np = pytest.importorskip("numpy")  # the fast extra
    from mus.batch import simulate
    from mus.batch.hands import OUTCOMES

    out = ok("simulate", "--batch", "--hands", "3000", "--seed", "11", "--preset", "six")
    assert out.startswith("simulated 3000 hands with the batch engine, seed 11: six seats")
    assert re.search(r"^time: [0-9.]+ s, \d+ hands per second$", out, re.M)
    assert "matches won" not in out
    results = simulate(mus.Rules.preset("six"), 3000, seed=11)
    assert table_row(out, "stones won") == results.scores.sum(axis=0).tolist()
    assert table_row(out, "games won") == [int((results.winner == side).sum()) for side in (0, 1)]
    for lance in mus.Lance:
        counts = [int((results.outcomes[:, lance] == code).sum()) for code in range(len(OUTCOMES))]
        assert table_row(out, str(lance)) == [*counts, sum(counts)]
    assert table_row(out, "grande")[-1] == 3000
    ordagos = table_row(out, "  of them by órdago")
    assert 0 < sum(ordagos) <= int((results.winner >= 0).sum())
    assert np.array_equal(results.scores, simulate(mus.Rules.preset("six"), 3000, seed=11).scores)


@pytest.mark.parametrize(
    "options, message",
    [
        (["--bots", "heuristic"], "--batch plays every seat at random: --bots random, not 'heuristic'"),
        (["--save", "x.mus"], "--save does not go with --batch"),
        (["--workers", "2"], "--workers does not go with --batch"),
        (["--preset", "declared"], "mus.batch plays declarations='derived' only"),
        (["--individual", "--seats", "4"], "mus.batch plays two partnerships"),
    ],
)
def test_simulate_batch_names_what_it_does_not_play(options: list[str], message: str) -> None:
    pytest.importorskip("numpy")  # the fast extra
    assert message in fails("simulate", "--batch", *options)


def check_simulation(out: str, saved: Path, hands: int, rules: mus.Rules) -> list[mus.MatchState]:
    """The tables of ``mus simulate`` agree with the histories it saved; those histories."""
    side = "seat" if rules.individual else "team"
    header = next(line for line in out.splitlines() if line.lstrip().startswith(f"{side} 0"))
    assert header.split() == [word for n in range(rules.teams) for word in (side, str(n))]
    games, matches, ordagos, stones = (
        table_row(out, label) for label in ("games won", "matches won", "  of them by órdago", "stones won")
    )
    assert len(games) == len(matches) == len(stones) == rules.teams
    assert all(o <= g for o, g in zip(ordagos, games, strict=False))
    outcomes = {lance.name.lower(): table_row(out, str(lance)) for lance in mus.Lance}
    assert outcomes["grande"][-1] == hands
    for row in outcomes.values():
        assert sum(row[:-1]) == row[-1]
    texts = re.split(r"(?m)^(?=mus-match 1$)", saved.read_text(encoding="utf-8"))
    replayed = [notation.parse_match(text) for text in texts if text]
    played = [hand for match in replayed for hand in match.finished]
    assert len(played) == hands and all(match.rules == rules for match in replayed)
    sides = range(rules.teams)
    assert [sum(hand.winner == side for hand in played) for side in sides] == games
    assert [sum(m.winner == side for m in replayed) for side in sides] == matches
    assert [sum(h.scores[s] - h.deal.scores[s] for h in played) for s in sides] == stones
    return replayed


def test_simulate_heads_up(tmp_path: Path) -> None:
    saved = tmp_path / "two.mus"
    out = ok("simulate", "--hands", "50", "--seats", "2", "--seed", "6", "--save", str(saved))
    assert out.startswith("simulated 50 hands, seed 6: two seats, one against the other")
    assert "bots: seat 0 HeuristicBot, seat 1 HeuristicBot\n" in out
    replayed = check_simulation(out, saved, 50, mus.Rules(seats=2))
    replay = ok("replay", str(saved))
    assert "seat 0 is mano; score 0-0" in replay and "games: seat 0 " in replay
    last = replayed[-1]
    if last.winner is not None:
        assert replay.splitlines()[-1].startswith(f"seat {last.winner} wins the match, ")


def test_simulate_individual_four(tmp_path: Path) -> None:
    saved = tmp_path / "four.mus"
    out = ok(
        "simulate",
        "--hands",
        "60",
        "--individual",
        "--seats",
        "4",
        "--bots",
        "heuristic,random,heuristic,random",
        "--save",
        str(saved),
    )
    assert out.startswith("simulated 60 hands, seed 2026: four seats, each for itself")
    assert "bots: seat 0 HeuristicBot, seat 1 RandomBot, seat 2 HeuristicBot, seat 3 RandomBot" in out
    check_simulation(out, saved, 60, mus.Rules(seats=4, teams=4))
    assert "score 0-0-0-0" in ok("replay", str(saved))
    # one name a seat, or one for all: there are no teams to name bots by
    assert "--bots names 1 or 4 (one per seat) bots, got 2" in fails(
        "simulate", "--hands", "5", "--individual", "--bots", "heuristic,random"
    )


def test_simulate_six_seats_bots_by_team(tmp_path: Path) -> None:
    saved = tmp_path / "six.mus"
    out = ok("simulate", "--hands", "40", "--preset", "six", "--bots", "random,heuristic", "--save", str(saved))
    assert (
        "bots: seat 0 RandomBot, seat 1 HeuristicBot, seat 2 RandomBot, seat 3 HeuristicBot, "
        "seat 4 RandomBot, seat 5 HeuristicBot" in out
    )
    check_simulation(out, saved, 40, mus.Rules(seats=6))
    assert "--bots names 1, 2 (one per team) or 6 (one per seat) bots, got 4" in fails(
        "simulate", "--hands", "5", "--seats", "6", "--bots", "random,random,random,random"
    )


def test_simulate_is_deterministic_without_progress_on_a_pipe() -> None:
    def body(result: subprocess.CompletedProcess[str]) -> str:
        return re.sub(r"(?m)^time: .*$", "", result.stdout)

    first = run("simulate", "--hands", "60", "--seed", "9", "--bots", "random", "--four-kings")
    second = run("simulate", "--hands", "60", "--seed", "9", "--bots", "random", "--four-kings")
    assert first.returncode == second.returncode == 0
    assert body(first) == body(second) and first.stderr == "" and "four kings" in first.stdout


# --- mus replay -----------------------------------------------------------------------


def played_hand() -> mus.HandState:
    state = mus.new_hand(mus.Rules(), seed=42)
    for action in ["no-mus", "bet 2", "bet 5", "fold", "fold"]:
        state = mus.apply(state, action)
    while not state.is_over:  # then everybody passes, or accepts a bet
        state = mus.apply(state, mus.Pass() if mus.Pass() in state.legal_actions() else mus.Accept())
    assert state.count is not None
    return state


@pytest.mark.parametrize("kind", ["hand text", "hand json", "match text", "match json"])
def test_replay_reads_the_four_notations(tmp_path: Path, kind: str) -> None:
    if kind.startswith("hand"):
        state = played_hand()
        text = notation.format_hand(state) if kind.endswith("text") else notation.hand_to_json(state)
        histories = [state]
    else:
        match = play_match(mus.new_match(mus.Rules(games_to_win=1), seed=5), [HeuristicBot()] * 4)
        text = notation.format_match(match) if kind.endswith("text") else notation.match_to_json(match)
        histories = list(match.finished)
    path = tmp_path / "history"
    path.write_text(text, encoding="utf-8")
    out = ok("replay", str(path), "--step")  # stdin is not a terminal: no waiting
    acted = [entry for hand in histories for entry in hand.history if not isinstance(entry[1], mus.Declare)]
    assert len(re.findall(r"^  seat \d: .*   -> ", out, re.M)) == len(acted)
    assert out.count("count:") == sum(hand.count is not None for hand in histories)
    assert "  seat 0: envido 2   -> grande, 2 at stake; score 0-0" in out or kind.startswith("match")
    if kind.startswith("match"):
        assert out.splitlines()[-1] == f"team {match.winner} wins the match, 1 game to 0"
    assert ok("replay", "-", stdin=text) == out


def test_replay_bad_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mus"
    bad.write_text("garbage\n", encoding="utf-8")
    assert fails("replay", str(bad)) == "mus: error: line 1: expected 'mus-hand', found 'garbage'"
    assert "cannot read" in fails("replay", str(tmp_path / "missing.mus"))
    text = notation.format_hand(played_hand()).replace("\n0 bet 2\n", "\n0 bet 1\n")
    assert "a bet or raise is at least 2 stones, got 1" in fails("replay", "-", stdin=text)
    binary = tmp_path / "binary"
    binary.write_bytes(bytes(range(256)))
    assert "not UTF-8 text" in fails("replay", str(binary))


@needs_pty
def test_replay_step_waits_for_enter_at_a_terminal(tmp_path: Path) -> None:
    path = tmp_path / "hand.mus"
    path.write_text(notation.format_hand(played_hand()), encoding="utf-8")
    terminal = Terminal("replay", str(path), "--step")
    first = terminal.expect(r"\[Enter: next action, q: show the rest\] ")
    assert "seat 0: no hay mus" in first and "envido 2" not in first
    terminal.send("")
    assert "seat 0: envido 2" in terminal.expect(r"\[Enter: next action")
    terminal.send("q")
    rest = terminal.expect(r"score: team 0 .*\n")
    assert "count:" in rest and "[Enter" not in rest
    assert terminal.finish() == 0


# --- mus play -------------------------------------------------------------------------

PROMPT = r"you \(seat 0\)> "


def seed_with_a_discard() -> int:
    """A seed whose first hand reaches the discard when seat 0 asks for mus."""
    bot = HeuristicBot()
    for seed in range(200):
        match = mus.apply(mus.new_match(seed=seed), "mus")
        while (seat := match.to_act) != 0 and seat is not None:
            match = mus.apply(match, bot.choose(match.hand.view(seat)))
        if match.hand.phase is mus.Phase.DISCARD:
            return seed
    raise AssertionError("no seed reaches the discard")


@needs_pty
def test_play_at_a_terminal_rejects_bad_input_then_plays_then_quits(tmp_path: Path) -> None:
    seed = seed_with_a_discard()
    saved = tmp_path / "game.mus"
    terminal = Terminal("play", "--seed", str(seed), "--save", str(saved))
    table = terminal.expect(PROMPT)
    hand = mus.new_match(seed=seed).hand.hands[0]
    assert f"your cards: {hand}" in table and "you may say: mus, no hay mus" in table
    assert "score: team 0 (us) 0 | team 1 (them) 0" in table and "games: us 0, them 0" in table
    for bad, message in [
        ("envido 5", "invalid: during the mus, say mus or no-mus, not bet 5"),
        ("raise the stakes", "invalid: unknown action 'raise the stakes'"),
        ("Zz", "invalid: unknown action 'Zz'"),
    ]:
        terminal.send(bad)
        reply = terminal.expect(PROMPT)
        assert message in reply and reply.count("\n") <= 2, reply  # one line, then the prompt again
    terminal.send("help")
    assert "what you can type" in terminal.expect(PROMPT)
    terminal.send("Mus")
    table = terminal.expect(PROMPT)
    assert "mus is agreed" in table and "you may say: the cards to discard" in table
    held = list(hand)  # high to low
    missing = next(card for card in mus.ALL_CARDS if card not in held)
    terminal.send(str(missing))
    assert f"invalid: cannot discard {missing}: seat 0 holds {hand}" in terminal.expect(PROMPT)
    terminal.send(f"{held[-1]} {held[-2]}")  # just the cards
    table = terminal.expect(PROMPT)
    assert f"seat 0 (you): discards {held[-2]} {held[-1]}" in table
    assert "new cards are dealt" in table
    terminal.send("quit")
    terminal.expect("you leave the match")
    assert terminal.finish() == 0
    assert f"match saved to {saved}" in terminal.text
    match = notation.parse_match(saved.read_text(encoding="utf-8"))
    assert match.hand.history[0] == (0, mus.Mus()) and len(match.hand.history) >= 8
    replay = ok("replay", str(saved))
    assert "seat 0: mus   -> mus; score 0-0" in replay and "the history stops here" in replay


def test_play_from_piped_input_to_the_end_of_input(tmp_path: Path) -> None:
    saved = tmp_path / "piped.mus"
    words = ["no hay mus", "paso", "quiero"] * 12
    result = run("play", "--seed", "11", "--seat", "2", "--save", str(saved), stdin="\n".join(words) + "\n")
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout
    assert "you (seat 2)> " in out and "seat 2 (you): no hay mus" in out
    assert out.rstrip().splitlines()[-2] == "end of input: leaving the match"
    for line in out.splitlines():
        if "invalid:" in line:
            assert re.fullmatch(r"invalid: \S.*", line), line
    assert "cards shown:" in out and "count:" in out  # at least one hand ended
    match = notation.parse_match(saved.read_text(encoding="utf-8"))
    assert match.finished and ok("replay", str(saved))


def test_play_whole_match_from_piped_input() -> None:
    words = ["no hay mus", "paso", "quiero"] * 400
    out = ok("play", "--seed", "11", "--games", "1", stdin="\n".join(words) + "\n")
    assert re.search(r"^you (win|lose): team [01] wins the match, 1 game to 0$", out, re.M)


def test_play_explicit_declarations_when_the_rules_have_them() -> None:
    if "declared" not in mus.PRESETS:
        pytest.skip("no explicit-declarations preset in this version")
    words = ["no hay mus", "paso", "quiero", "sí", "no"] * 60
    out = ok("play", "--seed", "3", "--preset", "declared", stdin="\n".join(words) + "\n")
    assert re.search(r"seat 0 \(you\): (pares|juego) (sí|no)", out)


def test_play_from_piped_input_at_six_seats(tmp_path: Path) -> None:
    saved = tmp_path / "six.mus"
    words = ["no hay mus", "paso", "quiero"] * 12
    result = run(
        "play", "--seed", "11", "--seats", "6", "--seat", "3", "--save", str(saved), stdin="\n".join(words) + "\n"
    )
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout
    lines = out.splitlines()
    assert lines[0] == "mus: you are seat 3, team 1, with seats 1 and 5 as your partners;"
    assert lines[1].startswith("five HeuristicBots play the other seats. six seats, two teams of three,")
    assert "you (seat 3)> " in out and "seat 3 (you): no hay mus" in out
    assert "score: team 0 (them) 0 | team 1 (us) 0 (game to 40)" in out and "games: us 0, them 0" in out
    assert out.rstrip().splitlines()[-2] == "end of input: leaving the match"
    for line in lines:
        if "invalid:" in line:
            assert re.fullmatch(r"invalid: \S.*", line), line
    assert "cards shown:" in out and "count:" in out
    match = notation.parse_match(saved.read_text(encoding="utf-8"))
    assert match.rules == mus.Rules(seats=6) and match.finished and ok("replay", str(saved))


def test_play_whole_match_at_six_seats() -> None:
    words = ["no hay mus", "paso", "quiero"] * 600
    out = ok("play", "--seed", "12", "--preset", "six", "--games", "1", "--seat", "4", stdin="\n".join(words) + "\n")
    assert re.search(r"^you (win|lose): team [01] wins the match, 1 game to 0$", out, re.M)
    assert (
        "team 0 (us) (seats 0, 2 and 4) wins the game" in out or "team 1 (them) (seats 1, 3 and 5) wins the game" in out
    )


def test_play_individual_from_piped_input() -> None:
    words = ["no hay mus", "paso", "quiero"] * 600
    out = ok(
        "play", "--seed", "5", "--preset", "individual-3", "--games", "1", "--seat", "1", stdin="\n".join(words) + "\n"
    )
    lines = out.splitlines()
    assert lines[0] == "mus: you are seat 1, playing for yourself;"
    assert lines[1].startswith("two HeuristicBots play the other seats. three seats, each for itself,")
    assert "(partner)" not in out and "team" not in out.split("you (seat 1)> ")[0]
    assert "score: seat 0 0 | seat 1 (you) 0 | seat 2 0 (game to 40)" in out
    assert "games: seat 0 0, you 0, seat 2 0" in out
    assert "seat 1 (you): quiero (seat 2 still answers)" in out and ": no quiero (you still answer)" in out
    found = re.search(r"^you (win|lose): seat ([0-2]) wins the match, 1 game to 0 and 0$", out, re.M)
    assert found is not None
    assert (found[1] == "win") == (found[2] == "1")
    # at five, the person is told who has already taken a bet that still waits for them
    out = ok(
        "play", "--seed", "5", "--preset", "individual-5", "--games", "1", "--seat", "1", stdin="\n".join(words) + "\n"
    )
    assert "now: juego, órdago by seat 4, accepted by seat 0!" in out


def test_play_heads_up_from_piped_input() -> None:
    words = ["no hay mus", "paso", "quiero"] * 600
    out = ok("play", "--seed", "8", "--seats", "2", "--games", "1", stdin="\n".join(words) + "\n")
    lines = out.splitlines()
    assert lines[0] == "mus: you are seat 0, playing for yourself;"
    assert lines[1].startswith("one HeuristicBot plays the other seat. two seats, one against the other,")
    assert re.search(r"^you (win|lose): seat [01] wins the match, 1 game to 0$", out, re.M)


# --- the table customs and the new rules options ----------------------------------------


def test_rules_options_for_the_customs() -> None:
    out = ok(
        "demo", "--senas", "--max-bet", "40", "--mus-corrido", "game", "--mus-visto", "servido", "--folded-seat-out"
    )
    first = out.splitlines()[0]
    for words in (
        "a seat that folds is out of the lance",
        "bets of at most 40 stones",
        "mus corrido (the seat that cuts the mus in the first hand of each game becomes mano)",
        "a card seen at a deal leaves its seat servido",
        "señas between partners",
    ):
        assert words in first, first
    assert "mus corrido" not in ok("demo").splitlines()[0]
    assert rules_error(max_bet=1) in fails("demo", "--max-bet", "1")
    for bad in (["--mus-corrido", "hand"], ["--mus-visto", "peek"], ["--max-bet", "many"]):
        result = run("demo", *bad)
        assert result.returncode == 2 and "usage: mus" in result.stderr


def test_rules_options_reach_the_saved_history(tmp_path: Path) -> None:
    saved = tmp_path / "knobs.mus"
    ok(
        "play",
        "--seed",
        "11",
        "--folded-seat-out",
        "--max-bet",
        "30",
        "--mus-corrido",
        "match",
        "--mus-visto",
        "servido",
        "--senas",
        "--save",
        str(saved),
        stdin="quit\n",
    )
    match = notation.parse_match(saved.read_text(encoding="utf-8"))
    assert match.rules == mus.Rules(
        folded_seat_counts=False, max_bet=30, mus_corrido="match", mus_visto="servido", senas=True
    )


# Seed 11 deals seat 0 Rb 7b 4e 2c (neither pares nor juego: "ciego"), seat 1 7o 3b 2b
# 1c, seat 2 Re Co Sb 3e (two reyes under eight kings), seat 3 6c 5o 4o 3c.
SEED_11 = ["Rb 7b 4e 2c", "7o 3b 2b 1c", "Re Co Sb 3e", "6c 5o 4o 3c"]


def test_play_signals_from_piped_input(tmp_path: Path) -> None:
    assert [str(hand) for hand in mus.new_match(seed=11).hand.hands] == SEED_11
    saved = tmp_path / "senas.mus"
    words = ["seña dos reyes", "seña ciego", "signal ciego", "no hay mus", "paso", "quiero", "quit"]
    out = ok("play", "--seed", "11", "--senas", "--save", str(saved), stdin="\n".join(words) + "\n")
    assert "señas between partners" in out.splitlines()[1]
    assert "you may say: mus, no hay mus, seña ciego  (or help, quit)" in out
    assert "invalid: seat 0 cannot signal dos reyes: it is not true of its hand" in out
    assert "you signal to your partner (seat 2): seña ciego (close the eyes)" in out
    assert "invalid: seat 0 already signalled ciego in this hand" in out
    # A seña takes no turn: the person is asked again at once, and cuts the mus.
    assert "seat 0 (you): no hay mus" in out
    assert "you may say: mus, no hay mus  (or help, quit)" not in out.split("you signal")[0]
    match = notation.parse_match(saved.read_text(encoding="utf-8"))
    assert match.hand.history[:2] == ((0, mus.Signal("ciego")), (0, mus.NoMus()))
    assert "seat 0: seña ciego (close the eyes)" in ok("replay", str(saved))


def test_play_signals_need_the_knob() -> None:
    out = ok("play", "--seed", "11", stdin="seña ciego\nquit\n")
    assert "invalid: señas are not played under these rules (Rules(senas=True)); start mus play with --senas" in out
    assert "seña" not in out.split("you may say: ")[1].splitlines()[0]


def test_a_partner_signal_is_told_and_an_opponent_signal_is_not() -> None:
    from mus.cli.narration import step_lines

    state = mus.new_hand(mus.Rules(senas=True), hands=SEED_11, seed=11)
    partner = mus.apply(state, "seña dos reyes", seat=2)
    assert step_lines(state, partner, viewer=0) == ["seat 2 (partner): seña dos reyes (bite the lower lip)"]
    opponent = mus.apply(state, "seña dos ases", seat=1)
    assert step_lines(state, opponent, viewer=0) == []
    assert step_lines(state, opponent, viewer=3) == ["seat 1 (partner): seña dos ases (show the tip of the tongue)"]
    assert step_lines(state, opponent) == ["seat 1: seña dos ases (show the tip of the tongue)"]


def test_play_team_fold_from_piped_input() -> None:
    # Seed 2, seat 1: in hand 7 seat 0 bets on pares and the person answers first, its
    # partner seat 3 still to answer: "no queremos" folds for both.
    words = ["no hay mus", "no queremos", "paso", "quiero"] * 30
    out = ok("play", "--seed", "2", "--seat", "1", "--games", "1", stdin="\n".join(words) + "\n")
    assert "órdago, no queremos (the team folds)  (or help, quit)" in out
    assert "seat 1 (you): no queremos (the team folds)" in out
    assert re.search(
        r"seat 1 \(you\): no queremos \(the team folds\)\n  pares: bet refused, team 0 \(them\) takes", out
    )


def test_play_mus_corrido_moves_the_mano() -> None:
    out = ok("play", "--seed", "11", "--seat", "1", "--mus-corrido", "game", stdin="mus\nquit\n")
    assert "mus corrido: the seat that cuts the mus in this hand becomes mano" in out
    assert "  seat 2: no hay mus\n  mus corrido: seat 2 cut the mus and becomes mano; it speaks first\n" in out
    assert "hand 1; mano: seat 2;" in out
    # Seat 2, the new mano, bets 5 on grande; in answer to a bet "paso" folds (rules page,
    # section 7).
    out = ok("play", "--seed", "11", "--seat", "1", "--mus-corrido", "game", stdin="mus\npaso\nquit\n")
    assert "  seat 2: envido 5\n" in out and "seat 1 (you): no quiero\n" in out
    assert "mus corrido" not in ok("play", "--seed", "11", "--seat", "1", stdin="mus\nquit\n")


@pytest.mark.parametrize("knob", ["new-card", "servido"])
def test_play_mus_visto(knob: str) -> None:
    out = ok("play", "--seed", "11", "--mus-visto", knob, stdin="visto Re\nvisto Rb\nmus\nquit\n")
    # Another seat's card: refused without saying whose it is.
    assert "invalid: a mus visto names one of your own cards (Rb 7b 4e 2c), not Re" in out
    assert "seat 2" not in out.split("invalid: a mus visto")[1].splitlines()[0]
    assert "mus visto: Rb, dealt to seat 0 (you), was seen" in out
    if knob == "servido":
        assert "seat 0 (you) is servido: no mus for it, it plays the cards it has" in out
        assert "you may say: no hay mus  (or help, quit)" in out
        assert "invalid: seat 0 is servido after the mus visto: no mus, it plays the cards it has" in out
    else:
        assert "seat 0 (you) takes a new card from the stock; the Rb goes to the discards" in out
        assert "seat 0 (you): mus" in out


def test_play_max_bet() -> None:
    out = ok("play", "--seed", "11", "--max-bet", "40", stdin="no hay mus\nenvido 41\nenvido 40\nquit\n")
    assert "you may say: paso, envido N (2 to 40), órdago  (or help, quit)" in out
    assert "invalid: a bet or raise is at most 40 stones under these rules, not 41" in out
    assert "seat 0 (you): envido 40" in out


def test_play_folded_seat_out_in_the_summary() -> None:
    out = ok("play", "--seed", "11", "--folded-seat-out", stdin="quit\n")
    assert "a seat that folds is out of the lance" in out.splitlines()[1]


def test_a_game_won_past_the_target_shows_the_target_reached() -> None:
    # envido 100 accepted in a game to 40: the table shows the game won at 40; the
    # count's record keeps the 100 stones, and the narration says so.
    from mus.cli.narration import step_lines

    state = mus.new_hand(seed=3)
    for action in ("no-mus", "bet 100", "accept"):
        state = mus.apply(state, action)
    while not state.is_over:
        before, state = state, mus.apply(state, state.legal_actions()[0])
    lines = step_lines(before, state)
    winner = state.winner
    assert winner is not None and state.scores[winner] >= 100
    score = next(line for line in lines if line.startswith("score:"))
    assert f"8 amarracos, adentro (40): game, {state.scores[winner]} stones counted" in score
    assert f"({state.scores[winner]})" not in score
