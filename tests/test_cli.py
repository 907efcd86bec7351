"""The ``mus`` command line, run as real processes (``python -m mus``).

Outputs are checked against figures worked out by hand from RULES.md and against the
library itself; ``mus play`` and ``mus replay --step`` are driven through a real
pseudo-terminal by a scripted person, and through piped standard input to its end.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Sequence

import pytest

import mus
from mus import notation
from mus.bots import HeuristicBot, play_match

TIMEOUT = 20


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
            stdin=slave, stdout=slave, stderr=slave, close_fds=True, cwd=cwd, env=env,
        )
        os.close(slave)
        self.master = master
        self.text = ""
        self.at = 0

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the process closed the terminal
            data = b""
        if not data:
            return False
        self.text += data.decode("utf-8", "replace").replace("\r", "")
        return True

    def expect(self, pattern: str, timeout: float = TIMEOUT) -> str:
        """Wait until ``pattern`` shows after what was already matched; the text up to it."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.text[self.at :])
            if found:
                chunk = self.text[self.at : self.at + found.end()]
                self.at += found.end()
                return chunk
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"no {pattern!r} in {self.text[self.at:][-2000:]!r}")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode("utf-8"))

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Wait for the process to end; its status. The rest of the output is read."""
        deadline = time.monotonic() + timeout
        while self._read(max(0.0, deadline - time.monotonic())) and time.monotonic() < deadline:
            if self.process.poll() is not None and not select.select([self.master], [], [], 0.05)[0]:
                break
        status = self.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        os.close(self.master)
        assert "Traceback" not in self.text, self.text
        return status


# --- basics and errors ----------------------------------------------------------------


def test_version() -> None:
    assert ok("--version").strip() == f"mus {mus.__version__}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "--target", "0"], "target must be a whole number of stones from 1 to 1000, got 0"),
        (["demo", "--games", "5"], "games_to_win must be one of 1, 2, 3, got 5"),
        (["demo", "--preset", "nope"], "unknown preset 'nope'"),
        (["simulate", "--hands", "10", "--bots", "heuristic,clever"], "unknown bot 'clever'"),
        (["simulate", "--hands", "10", "--bots", "random,random,random"], "--bots names 1, 2"),
        (["simulate", "--hands", "0"], "--hands must be at least 1"),
    ],
)
def test_bad_options_are_one_line_errors(args: list[str], message: str) -> None:
    assert message in fails(*args)


def test_argparse_errors_exit_2() -> None:
    for args in ([], ["bogus"], ["demo", "--target", "many"], ["play", "--seat", "7"]):
        result = run(*args)
        assert result.returncode == 2 and "usage: mus" in result.stderr


# --- mus demo -------------------------------------------------------------------------

WINNER_LINE = re.compile(r"^team ([01]) \(seats (\d) and (\d)\) wins the game, (\d+)-(\d+), after (\d+) hands?$")


def test_demo_default_is_quick_complete_and_readable() -> None:
    started = time.monotonic()
    out = ok("demo")
    assert time.monotonic() - started < 5  # well under 2 s on an ordinary machine
    lines = out.splitlines()
    assert WINNER_LINE.match(lines[-1]), lines[-1]
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


# --- mus compare ----------------------------------------------------------------------


def lance_lines(out: str) -> dict[str, str]:
    return {
        match[1]: match[2]
        for match in re.finditer(r"^\s*(grande|chica|pares|juego|punto): (.*)$", out, re.M)
    }


def test_compare_four_hands() -> None:
    # Worked from RULES.md, eight kings: hand 4 (3b 2e 1o 4c) plays as R 4 1 1 (16 points,
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
    result = run("simulate", "--hands", "150", "--seed", "4", "--bots", "heuristic,random,heuristic,random",
                 "--save", str(saved), "--progress")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "simulating [" in result.stderr and "150/150 hands" in result.stderr
    assert "simulating" not in out
    assert out.startswith("simulated 150 hands, seed 4")
    assert re.search(r"^time: [0-9.]+ s, \d+ hands per second$", out, re.M)
    games, matches, ordagos, stones = (table_row(out, label) for label in
                                       ("games won", "matches won", "  of them by órdago", "stones won"))
    assert all(o <= g for o, g in zip(ordagos, games)) and all(3 * m <= g for m, g in zip(matches, games))
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
    assert f"##### history {len(replayed)} of {len(replayed)}" in replay


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
