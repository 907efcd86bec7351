"""``mus check`` and :mod:`mus.notation.checking` (issue 23, point 3): files of one or
many histories, text or JSON Lines, checked history by history; one line per hand,
and the file line of whatever is wrong (a tampered count included)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus import notation
from mus.bots import RandomBot, play_hand, play_match
from mus.cli import main
from mus.notation.checking import check_stream, check_text, hand_outcome


def random_hand(seed: int, rules: mus.Rules | None = None) -> mus.HandState:
    """A whole hand between random players (mus rounds, bets, folds, all of it)."""
    return play_hand(mus.new_hand(rules or mus.Rules(), seed=seed), [RandomBot(seed * 4 + seat) for seat in range(4)])


def short_match(seed: int) -> mus.MatchState:
    rules = mus.Rules(games_to_win=1, target=15)
    return play_match(mus.new_match(rules, seed=seed), [RandomBot(seed + seat) for seat in range(4)])


def several(tmp_path: Path) -> tuple[Path, list[mus.HandState | mus.MatchState]]:
    """A file of two hands and two matches, text, with blank lines between them."""
    histories: list[mus.HandState | mus.MatchState] = [random_hand(1), short_match(2), random_hand(3), short_match(4)]
    texts = [
        notation.format_match(history) if isinstance(history, mus.MatchState) else notation.format_hand(history)
        for history in histories
    ]
    path = tmp_path / "several.mus"
    path.write_text("\n\n".join(texts))
    return path, histories


def hands_of(history: mus.HandState | mus.MatchState) -> list[mus.HandState]:
    return [history] if isinstance(history, mus.HandState) else list(history.finished)


def test_a_file_of_several_histories_gives_one_line_per_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, histories = several(tmp_path)
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    hands = [hand for history in histories for hand in hands_of(history)]
    assert len(hands) > 4  # the matches have several hands each
    assert len(out) == len(hands) + 1 and out[-1] == f"4 histories, {len(hands)} hands: all valid"
    text = path.read_text().splitlines()
    for line, hand in zip(out, hands, strict=False):
        where, _, rest = line.partition(": ")
        number = int(where.rsplit(":", 1)[1])
        # Each line points at its hand: a hand's header, or a match's "hand N" line.
        assert text[number - 1] in ("mus-hand 1", f"hand {rest.split(':')[0].split()[1]}")
        assert rest.split("; score ")[1].startswith("-".join(map(str, hand.scores)))
    last_of_each = [line for line in out if "wins the match" in line]
    assert len(last_of_each) == 2


def tamper(text: str, old: str, new: str) -> tuple[str, int]:
    """``text`` with its first line ``old`` made ``new``, and that line's number."""
    lines = text.splitlines()
    number = lines.index(old)
    lines[number] = new
    return "\n".join(lines) + "\n", number + 1


def test_a_tampered_history_is_named_by_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, histories = several(tmp_path)
    text = path.read_text()
    match = histories[1]
    assert isinstance(match, mus.MatchState)
    first = match.finished[0]
    assert first.count is not None
    score = f"# score {'-'.join(map(str, first.scores))}"
    false_score = f"# score {'-'.join(map(str, reversed(first.scores)))}9"
    tampered, number = tamper(text, score, false_score)
    path.write_text(tampered)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    errors = [line for line in out if ": error: " in line]
    assert errors == [
        f"{path}:{number}: error: the recorded count does not match the replay of the hand: "
        f"'{false_score}', where the replay has '{score}'"
    ]
    assert out[-1].endswith(": 1 not valid")
    # The histories after the tampered one are still checked, one line per hand.
    assert any(line.startswith(f"{path}:") and int(line.split(":")[1]) > number for line in out[:-1])


@pytest.mark.parametrize("what", ["action", "cards", "header"])
def test_other_tampering_is_found_at_its_line(what: str, tmp_path: Path) -> None:
    state = random_hand(5)
    text = notation.format_hand(state)
    lines = text.splitlines()
    if what == "action":
        index = next(i for i, line in enumerate(lines) if line.endswith(" no-mus") or line.endswith(" mus"))
        lines[index] = lines[index].split()[0] + " accept"
    elif what == "cards":
        index = next(i for i, line in enumerate(lines) if line.startswith("hands "))
        lines[index] = lines[index].replace(lines[index].split()[1], "Zz")
    else:
        index = 0
        lines[0] = "mus-hand 2"
    offset = 7  # the history starts at line 8 of the file
    stream = io.StringIO("\n" * offset + "\n".join(lines) + "\n")
    [result] = check_stream(stream, "f.mus")
    assert not result.ok and result.line == 1  # the blank lines before it belong to it
    assert result.error_line == offset + index + 1, result.error


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.data())
def test_the_count_line_a_tampering_touches_is_the_line_reported(seed: int, data: st.DataObject) -> None:
    state = random_hand(seed)
    text = notation.format_hand(state)
    result = check_text(text, "h.mus", 3)
    assert result.ok and result.hands == (hand_outcome(state, 3),)
    lines = text.splitlines()
    counted = [index for index, line in enumerate(lines) if line.startswith("# ") and line != "# count"]
    if not counted:
        return
    index = data.draw(st.sampled_from(counted))
    lines[index] += " (and one more)"
    bad = check_text("\n".join(lines) + "\n", "h.mus", 3)
    assert not bad.ok and bad.error_line == index + 3, bad.error
    if "# count" in lines:
        # Issue 31: the count is the block its "# count" line starts; without that line
        # its lines are comments, but for the lone score, which is checked still.
        lines = text.splitlines()
        lines[lines.index("# count")] = "# the count, as I kept it"
        assert check_text("\n".join(lines) + "\n", "h.mus", 3).ok
        wrong = [line if not line.startswith("# score") else "# score 99-0" for line in lines]
        assert check_text("\n".join(wrong) + "\n", "h.mus", 3).error_line == len(lines) + 2


def test_hand_outcomes_agree_with_the_count(tmp_path: Path) -> None:
    for seed in range(30):
        state = random_hand(seed, mus.Rules(seats=3, teams=3) if seed % 3 == 0 else None)
        outcome = hand_outcome(state)
        assert outcome.scores == state.scores and outcome.winner == state.winner
        assert state.count is not None or state.winner is not None
        if state.count is not None:
            assert [(lance, team) for lance, team, _ in outcome.lances] == [
                (line.lance, line.team) for line in state.count.lines
            ]
        side = "seat" if state.rules.individual else "team"
        for line in state.count.lines if state.count else ():
            if line.team is not None:
                assert f"{line.lance} {side} {line.team}" in str(outcome)


def test_json_lines_and_one_pretty_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = [random_hand(seed) for seed in range(3)]
    match = short_match(9)
    rows = [json.dumps(json.loads(notation.hand_to_json(hand))) for hand in hands]
    rows.insert(2, json.dumps(json.loads(notation.match_to_json(match))))
    path = tmp_path / "lines.jsonl"
    path.write_text("\n".join(rows) + "\n")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3 + len(match.finished) + 1
    assert [line.split(":")[1] for line in out[:2]] == ["1", "2"]
    data = json.loads(rows[1])
    data["actions"][0][1] = "bet 99"
    rows[1] = json.dumps(data)
    path.write_text("\n".join(rows) + "\n")
    assert main(["check", "--quiet", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and out[0].startswith(f"{path}:2: error: action 0: ")
    pretty = tmp_path / "one.json"
    pretty.write_text(notation.hand_to_json(hands[0]))
    assert [result.ok for result in notation.check_file(str(pretty))] == [True]


def test_unreadable_and_empty_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.mus"
    empty.write_text("\n \n")
    path, _ = several(tmp_path)
    assert main(["check", str(tmp_path / "nowhere.mus"), str(empty), str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{tmp_path / 'nowhere.mus'}: error: No such file or directory"
    assert out[1] == f"{empty}:1: error: no history in it"
    assert out[-1].startswith("6 histories, ") and out[-1].endswith(": 2 not valid")


def test_a_file_too_long_for_the_notation_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    stream = io.StringIO("mus-hand 1\n" + "# comment\n" * 50)
    results = list(check_stream(stream, "s"))
    assert results[0].ok is False  # nothing after the header: not a hand
    huge = io.StringIO("{" + " " * 10)
    [result] = check_stream(huge, "j")
    assert not result.ok and result.error_line == 1


def test_standard_input_and_house_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    rule = tmp_path / "check_table_rule.py"
    rule.write_text(
        "import attrs, mus\n"
        "@attrs.frozen\n"
        "class Quiet(mus.HouseRule):\n"
        "    name = 'test-check-quiet'\n"
        "    most: int = 4\n"
        "    def allows(self, state, action):\n"
        "        return not isinstance(action, mus.Bet) or action.stones <= self.most\n"
    )
    source = (
        "mus-hand 1\nrules target=40 house="
        + json.dumps([{"name": "test-check-quiet", "fields": {"most": 3}}], separators=(",", ":"))
        + "\nmano 0\nscores 0-0\nseed 4\n"
    )
    state = mus.new_hand(seed=4)
    text = source + "\n".join(notation.format_hand(state).splitlines()[5:]) + "\n0 no-mus\n0 bet 3\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["check", "-"]) == 1
    out = capsys.readouterr().out
    assert "-:2: error: the history names the house rule 'test-check-quiet', which is not loaded" in out
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["check", "-", "--house-rules", str(rule)]) == 0
    assert capsys.readouterr().out.startswith("-:1: hand 1: no lance played; score 0-0 (unfinished: grande, seat 1")
    monkeypatch.setattr("sys.stdin", io.StringIO(text.replace("0 bet 3", "0 bet 4")))
    assert main(["check", "-", "--house-rules", str(rule)]) == 1
    assert "house rule 'test-check-quiet' does not allow bet 4" in capsys.readouterr().out


def test_random_files_of_mixed_histories_check_whole() -> None:
    rng = random.Random(11)
    texts = []
    for _ in range(6):
        seed = rng.randrange(1000)
        texts.append(notation.format_hand(random_hand(seed)))
    results = list(check_stream(io.StringIO("".join(texts)), "x"))
    assert [result.ok for result in results] == [True] * 6
    assert [result.line for result in results] == [
        1 + sum(text.count("\n") for text in texts[:index]) for index in range(6)
    ]
