"""Paper records as a real table writes them (issue 31): no declarations (those written
are checked, a wrong one at its line), comments anywhere, a lone score checked, an
evening written as one paper match with the players' names, a record without its rules
line checked under the command line's, and every error at the line of its mistake."""

from __future__ import annotations

import io
import pathlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus.bots import RandomBot
from mus.cli import main
from mus.notation import check_file, check_stream, check_text, format_paper, read_match, read_record
from mus.notation.paper import draws_of

NAMES = ("Ane", "Beñat", "Carmen", "Dani")
SAID = {"pass": "paso", "accept": "quiero", "fold": "no quiero", "no-mus": "no hay mus", "ordago": "órdago"}


def said(action: mus.Action) -> str:
    """An action in the table's words (*envido 2*, *quiero*...); a discard as written."""
    text = str(action)
    return f"envido {text[4:]}" if text.startswith("bet ") else SAID.get(text, text)


def evening(seed: int = 41, hands: int = 3) -> mus.MatchState:
    """The first ``hands`` hands of a match between random players (seed 41: three hands
    with exchanges, bets, an órdago refused; none ends the game)."""
    match = mus.new_match(mus.Rules(target=40, games_to_win=1), seed=seed)
    bots = [RandomBot(seed * 4 + seat) for seat in range(4)]
    while not match.is_over and len(match.finished) < hands:
        hand = match.hand
        assert hand.to_act is not None
        match = mus.apply(match, bots[hand.to_act].choose(hand.view(hand.to_act)))
    return match


def actions(hand: mus.HandState, seat_name: tuple[str, ...] = ("0", "1", "2", "3")) -> list[str]:
    """The hand's action lines as a table writes them: no declarations, the players'
    words, each discard saying what it drew, a comment after the cut."""
    drawn = draws_of(hand)
    lines = []
    for index, (seat, action) in enumerate(hand.history):
        if isinstance(action, mus.Declare):
            continue
        draw = f" draw {' '.join(map(str, drawn[index]))}" if index in drawn else ""
        lines.append(f"{seat_name[seat]} {said(action)}{draw}")
        if isinstance(action, mus.NoMus):
            lines.append(f"# {seat_name[seat]} cuts: the betting starts")
    return lines


def hand_record(hand: mus.HandState) -> str:
    """A paper record of one hand, as the notation page's paper records are written."""
    return "\n".join(
        [
            "mus-hand 1",
            "rules target=40 games_to_win=1 mus_visto=forced",
            f"mano {hand.deal.mano}",
            f"scores {'-'.join(map(str, hand.deal.scores))}",
            "hands " + " / ".join(map(str, hand.deal.hands)),
            *actions(hand),
            "# well played",
            f"# score {'-'.join(map(str, hand.scores))}",
        ]
    )


def match_record(match: mus.MatchState, rules_line: bool = True) -> str:
    """A paper record of the match's hands: one block a hand, the players named."""
    lines = ["mus-match 1"]
    if rules_line:
        lines.append("rules target=40 games_to_win=1 mus_visto=forced")
    lines += ["players " + " ".join(NAMES), f"mano {NAMES[match.first_mano]}"]
    number = 0
    for hand in match.finished:
        number += 1
        lines += [
            f"hand {number}",
            f"scores {'-'.join(map(str, hand.deal.scores))}",
            "hands " + " / ".join(map(str, hand.deal.hands)),
            *actions(hand, NAMES),
            f"# score {'-'.join(map(str, hand.scores))}",
        ]
        if hand.winner is not None:
            number = 0
    return "\n".join(lines) + "\n"


def line_of(text: str, start: str, after: int = 0) -> int:
    """The number of the first line of ``text`` from line ``after`` on that starts so."""
    return next(number for number, line in enumerate(text.splitlines(), 1) if number > after and line.startswith(start))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = main(list(args))
    return status, capsys.readouterr().out.splitlines()


# --- three hands on paper ----------------------------------------------------------------


def three_hands() -> str:
    return "# Thursday at Ane's\n\n" + "\n\n".join(hand_record(hand) for hand in evening().finished) + "\n"


def test_three_hands_without_declarations_with_comments_and_a_lone_score_are_valid(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = three_hands()
    assert "declare" not in text and text.count("# score") == 3 and "# count" not in text
    path = tmp_path / "thursday.mus"
    path.write_text(text, encoding="utf-8")
    results = list(check_file(path))
    assert [result.ok for result in results] == [True] * 3  # the comments on top are no history
    assert [result.hands[0].scores for result in results] == [hand.scores for hand in evening().finished]
    status, out = run(capsys, "check", str(path))
    assert status == 0 and out[-1] == "3 histories, 3 hands: all valid", out
    headers = [number for number, line in enumerate(text.splitlines(), 1) if line == "mus-hand 1"]
    assert [int(line.split(":")[1]) for line in out[:-1]] == headers


def test_a_wrong_declaration_is_refused_at_its_line_naming_the_seat_and_the_lance(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hand = evening().finished[0]
    seat, has = next((seat, action.has) for seat, action in hand.history if isinstance(action, mus.Declare))
    lance = next(action.lance for _, action in hand.history if isinstance(action, mus.Declare))
    text = three_hands()
    # The scorekeeper writes the declaration the other way round, after the cut's comment.
    cut = next(number for number, line in enumerate(text.splitlines(), 1) if line.endswith(" cuts: the betting starts"))
    lines = text.splitlines()
    wrong = f"{seat} declare {lance} {'no' if has else 'yes'}"
    lines.insert(cut, wrong)
    path = tmp_path / "wrong.mus"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = next(check_file(path))
    assert not result.ok and result.error_line == cut + 1
    assert result.error is not None and result.error.startswith(
        f"seat {seat} declares {lance} {'no' if has else 'yes'}"
    )
    assert str(hand.hands[seat]) in result.error
    status, out = run(capsys, "check", str(path))
    assert status == 1 and out[0].startswith(f"{path}:{cut + 1}: error: seat {seat} declares {lance}")
    # Written the right way round, the declaration is checked and the record is valid.
    lines[cut] = f"{seat} declare {lance} {'yes' if has else 'no'}"
    assert next(check_stream(io.StringIO("\n".join(lines) + "\n"))).ok


def test_a_declaration_the_hand_never_makes_or_written_twice_is_refused_at_its_line() -> None:
    hand = evening().finished[0]
    seat, action = next((seat, action) for seat, action in hand.history if isinstance(action, mus.Declare))
    right = f"{seat} declare {action.lance} {'yes' if action.has else 'no'}"
    text = hand_record(hand).replace("\n# well played", f"\n{right}\n{right}\n# well played")
    record = check_text(text)
    assert record.error == f"seat {seat}'s declaration of {action.lance} is written twice"
    assert record.error_line == line_of(text, right) + 1
    # A hand won by refusal in grande never reaches pares.
    refused = "mus-hand 1\nmano 0\nscores 39-30\nhands So 4b 2e 1b / ? / ? / ?\n0 no-mus\n0 bet 2\n1 fold\n3 fold\n"
    assert check_text(refused).ok
    record = check_text(refused + "0 declare pares yes\n")
    assert (record.error, record.error_line) == ("seat 0 declares no pares in this hand: it does not reach it", 9)


def test_comments_anywhere_are_only_comments_but_a_count_and_a_lone_score() -> None:
    hand = evening().finished[1]
    text = hand_record(hand)
    assert check_text(text).ok
    score = f"# score {'-'.join(map(str, hand.scores))}"
    # A score where it stands: the hand's start, and its end.
    start = text.replace("hands ", f"# score {'-'.join(map(str, hand.deal.scores))}\nhands ", 1)
    assert check_text(start).ok
    wrong = text.replace(score, "# score 1-2")
    assert check_text(wrong).error == f"the score is {score[8:]} here, not 1-2"
    assert check_text(wrong).error_line == line_of(wrong, "# score 1-2")
    # The count is the block its "# count" line starts; a comment right after it is free.
    counted = text.replace(score, "\n".join(mus.notation.reading.count_comments(hand)) + "\n# a fine hand")
    assert check_text(counted).ok
    tampered = counted.replace("# count\n# grande", "# count\n# grande!")
    assert check_text(tampered).error_line == line_of(tampered, "# grande!")
    # A refused game has its one line; a match-end comment in a lone hand is a comment.
    assert check_text(text + "\n# team 1 wins the match, 0-1 in games\n").ok


def test_comments_before_the_first_history_are_no_history(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "comments.mus"
    path.write_text("# only comments\n\n# nothing else\n", encoding="utf-8")
    assert [(result.ok, result.error) for result in check_file(path)] == [(False, "no history in it")]


# --- an evening as one record --------------------------------------------------------------


def test_a_paper_match_of_three_hands_with_players_names_is_valid(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = evening()
    text = match_record(match)
    played = read_match(text)
    assert isinstance(played, mus.notation.PaperMatch)
    assert [record.state.history for record in played.hands] == [hand.history for hand in match.finished]
    assert played.numbers == ((1, 1), (1, 2), (1, 3)) and played.players == NAMES
    path = tmp_path / "evening.mus"
    path.write_text(text, encoding="utf-8")
    status, out = run(capsys, "check", str(path))
    assert status == 0 and out[-1] == "1 history, 3 hands: all valid"
    assert [line.split(": ")[1] for line in out[:-1]] == ["game 1, hand 1", "game 1, hand 2", "game 1, hand 3"]
    assert [int(line.split(":")[1]) for line in out[:-1]] == [line_of(text, f"hand {n}") for n in (1, 2, 3)]


def test_a_third_hand_that_does_not_start_from_the_second_s_score_is_refused_at_its_scores_line(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = evening()
    text = match_record(match)
    third = line_of(text, "scores", line_of(text, "hand 3"))
    lines = text.splitlines()
    ended = match.finished[1].scores
    lines[third - 1] = f"scores {ended[0] + 10}-{ended[1]}"
    path = tmp_path / "evening.mus"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out = run(capsys, "check", str(path))
    assert status == 1
    assert out[0] == (
        f"{path}:{third}: error: this hand starts from the score {ended[0]}-{ended[1]}, where the hand before "
        f"ended, not {ended[0] + 10}-{ended[1]}"
    )


def test_the_mano_moves_on_and_errors_name_the_players() -> None:
    match = evening()
    text = match_record(match)
    # A hand's mano may be written, and is checked against the rotation.
    second = line_of(text, "hand 2")
    lines = text.splitlines()
    lines.insert(second, "mano Carmen")  # the second hand's mano is Beñat (seat 1)
    with pytest.raises(mus.NotationError, match=f"^line {second + 1}: the mano of this hand is Beñat, not Carmen$"):
        read_match("\n".join(lines))
    lines[second] = "mano beñat"
    written, bare = read_match("\n".join(lines)), read_match(text)
    assert isinstance(written, mus.notation.PaperMatch) and isinstance(bare, mus.notation.PaperMatch)
    assert written.hands == bare.hands
    # A player speaking out of turn is named.
    first = line_of(text, "Ane ")
    lines = text.splitlines()
    lines[first - 1] = lines[first - 1].replace("Ane ", "Dani ", 1)
    with pytest.raises(mus.NotationError, match=f"^line {first}: not Dani's turn: Ane speaks$"):
        read_match("\n".join(lines))


def test_a_hand_after_one_not_over_or_after_the_match_is_refused() -> None:
    text = match_record(evening())
    cut = text.index("hand 2")
    unfinished = text[:cut].rsplit("\n", 3)[0] + "\n" + text[cut:]  # hand 1 loses its last actions
    with pytest.raises(mus.NotationError, match="the hand before is not over"):
        read_match(unfinished)
    with pytest.raises(mus.NotationError, match=r"^line 5: expected hand 1 \(of game 1\)$"):
        read_match(text.replace("hand 1", "hand 2", 1))


def test_games_and_the_match_end_are_followed() -> None:
    # Hand 1 ends game 1 by refusal; game 2's first hand (numbered 1) an órdago that wins the match.
    text = (pathlib.Path(__file__).parents[1] / "src" / "mus" / "notation" / "evening.py").read_text()
    record = "\n".join(line[4:] for line in text.splitlines() if line.startswith("... ") and "'''" not in line)
    played = read_match(record)
    assert isinstance(played, mus.notation.PaperMatch)
    assert played.numbers == ((1, 1), (2, 1)) and played.winner == 0 and played.over
    with pytest.raises(mus.NotationError, match="the match was already over"):
        read_match(record + "\nhand 2\nscores 0-0\nhands ? / ? / ? / ?\n")
    with pytest.raises(mus.NotationError, match="where the replay has '# team 0 wins the match, 2-0 in games'"):
        read_match(record.replace("# team 0 wins the match, 2-0", "# team 1 wins the match, 0-2"))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_every_evening_reads_back_from_its_paper_record(seed: int) -> None:
    match = evening(seed, hands=4)
    played = read_match(match_record(match))
    assert isinstance(played, mus.notation.PaperMatch)
    assert [record.state.scores for record in played.hands] == [hand.scores for hand in match.finished]
    assert [record.state.mano for record in played.hands] == [hand.mano for hand in match.finished]
    assert (played.games, played.over, played.winner) == (match.games, match.is_over, match.winner)


# --- the command line's rules ----------------------------------------------------------------


def test_target_30_disagrees_with_a_rules_line_of_40(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "forty.mus"
    path.write_text(three_hands(), encoding="utf-8")
    status, out = run(capsys, "check", "--target", "30", str(path))
    assert status == 1 and out[-1] == "3 histories, 0 hands: 3 not valid"
    assert out[0] == f"{path}:4: error: --target 30 disagrees with the history's rules, which say target=40"
    # Options that agree, and options the rules line does not contradict, are fine.
    assert run(capsys, "check", "--target", "40", "--games", "1", str(path))[0] == 0
    assert run(capsys, "check", "--four-kings", str(path))[0] == 1


def test_a_record_without_a_rules_line_is_checked_under_the_command_line_s(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # At 29-20 under a game to 30, a refused bet wins the game: under 40 the hand goes on.
    record = "mus-hand 1\nmano 0\nscores 29-20\nhands So 4b 2e 1b / ? / ? / ?\n0 no hay mus\n0 envido dos\n1 no quiero\n3 no quiero\n"
    path = tmp_path / "short.mus"
    path.write_text(record, encoding="utf-8")
    status, out = run(capsys, "check", "--target", "30", str(path))
    assert status == 0
    assert (
        out[0]
        == f"{path}:1: no rules line: checked under eight kings (3s are reyes, 2s are ases), game to 30 stones, first to 3 games wins the match"
    )
    assert out[1].endswith("score 30-20; team 0 wins the game")
    status, out = run(capsys, "check", str(path))
    assert status == 0 and "game to 40 stones" in out[0] and "unfinished" in out[1]
    assert check_text(record, rules=mus.Rules(target=30)).hands[0].winner == 0


def test_replay_steps_through_every_history_of_a_file(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "both.mus"
    path.write_text(three_hands() + "\n" + match_record(evening()), encoding="utf-8")
    status, out = run(capsys, "replay", str(path))
    assert status == 0
    assert [line for line in out if line.startswith("##### history")] == [f"##### history {n}" for n in range(1, 5)]
    assert sum(line.startswith("=== game 1, hand") for line in out) == 3


def test_hands_nobody_saw_are_replayed_as_the_record_has_them(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = mus.new_hand(seed=42)
    for action in ["no-mus", "bet 2", "fold", "fold"]:
        state = mus.apply(state, action)
    path = tmp_path / "unseen.mus"
    path.write_text(format_paper(state, unknown=[1, 3]), encoding="utf-8")
    status, out = run(capsys, "replay", str(path))
    assert (
        status == 0
        and "  seat 1 (team 1): ?" in out
        and str(read_record(path.read_text()).state.hands[1]) not in "\n".join(out)
    )


# --- the docs' evening ---------------------------------------------------------------------


def test_the_notation_page_s_evening_checks_as_its_transcript_says(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    page = (pathlib.Path(__file__).parents[1] / "docs" / "notation.rst").read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: text\n   :caption: (?P<name>[^\n]+)\n\n(?P<body>(?:   .*\n|\n)+)", page)
    texts = {name: "\n".join(line[3:] for line in body.splitlines()).strip() + "\n" for name, body in blocks}
    assert "evening.mus" in texts and "mus check evening.mus" in texts, sorted(texts)
    (tmp_path / "evening.mus").write_text(texts["evening.mus"], encoding="utf-8")
    command, *expected = texts["mus check evening.mus"].splitlines()
    assert command == "$ mus check evening.mus"
    with pytest.MonkeyPatch.context() as monkey:
        monkey.chdir(tmp_path)
        status, out = run(capsys, "check", "evening.mus")
    assert status == 0 and out == expected
    # The page's own claims about it: a third hand from 9-19, and --target 30.
    with pytest.MonkeyPatch.context() as monkey:
        monkey.chdir(tmp_path)
        (tmp_path / "evening.mus").write_text(texts["evening.mus"].replace("scores 9-9\n", "scores 9-19\n"))
        status, out = run(capsys, "check", "evening.mus")
        assert status == 1 and out[0] == (
            "evening.mus:44: error: this hand starts from the score 9-9, where the hand before ended, not 9-19"
        )
        (tmp_path / "evening.mus").write_text(texts["evening.mus"])
        status, out = run(capsys, "check", "--target", "30", "evening.mus")
        assert status == 1 and out[0].startswith("evening.mus:3: error: --target 30 disagrees")
