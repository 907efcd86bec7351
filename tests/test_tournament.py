"""mus.tournament and ``mus tournament``: common deals played from both sides (so a bot
against its own copy splits every pair of games exactly), Wilson intervals, the same
results from one worker or two, bots by name or module:Class, clear errors."""

from __future__ import annotations

import json
import math
import sys
import types
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus
from mus import MusError, Rules
from mus.bots import HeuristicBot
from mus.cli import main
from mus.tournament import bot_factory, bradley_terry, tournament, wilson


@given(st.integers(0, 500), st.integers(1, 500))
def test_the_wilson_interval_holds_the_rate_and_narrows(wins: int, games: int) -> None:
    wins = min(wins, games)
    low, high = wilson(wins, games)
    assert 0 <= low <= wins / games <= high <= 1
    # The score interval's ends are where the rate is z standard errors off (the score test).
    z = 1.959963984540054
    for end in (low, high):
        if 0 < end < 1:
            assert abs(wins / games - end) == pytest.approx(z * math.sqrt(end * (1 - end) / games), rel=1e-9)
    wider = wilson(2 * wins, 2 * games) if 2 * games else (0.0, 1.0)
    assert wider[1] - wider[0] <= high - low + 1e-12


def test_a_bot_against_its_own_copy_splits_every_deal() -> None:
    # The same player under two names: each deal's two games mirror each other.
    result = tournament(["heuristic", "mus.bots:HeuristicBot"], games=12, seed=4)
    first, second = result.standings
    assert first.games == second.games == 12 and first.wins == second.wins == 6
    assert first.stones == second.stones == 0 and first.stderr == 0
    assert first.hands == second.hands > 12


def test_the_accounts_balance_and_workers_change_nothing() -> None:
    one = tournament(["heuristic", "random", "mus.bots:RandomBot"], Rules(seats=2), games=4, seed="s")
    two = tournament(["heuristic", "random", "mus.bots:RandomBot"], Rules(seats=2), games=4, seed="s", workers=2)
    assert one == two
    assert len(one.pairings) == 3 and all(row.games == 8 for row in one.standings)
    for pairing in one.pairings:
        assert pairing.first.wins + pairing.second.wins == pairing.first.games == 4
        assert pairing.first.stones == -pairing.second.stones and pairing.first.hands == pairing.second.hands
    assert sum(row.wins for row in one.standings) == 12 and sum(row.stones for row in one.standings) == 0
    for row in one.standings:
        assert (row.low, row.high) == wilson(row.wins, row.games)
        assert row.stones_per_hand == pytest.approx(row.stones / row.hands)
    assert tournament(["heuristic", "random"], games=4, seed="t") != tournament(["heuristic", "random"], games=4)


def test_bots_by_module_and_class(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("my_bots")

    class Seeded(HeuristicBot):
        def __init__(self, seed: str) -> None:
            super().__init__()
            self.seed = seed

    class Broken:
        pass

    module.Seeded = Seeded  # type: ignore[attr-defined]
    module.Broken = Broken  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "my_bots", module)
    bot = bot_factory("my_bots:Seeded")("x/1")
    assert isinstance(bot, Seeded) and bot.seed == "x/1"
    with pytest.raises(MusError, match="has no choose"):
        bot_factory("my_bots:Broken")("x")
    with pytest.raises(MusError, match="module my_bots has no Missing"):
        bot_factory("my_bots:Missing")
    with pytest.raises(MusError, match="cannot load bot 'no_such_module:Bot' from 'no_such_module': No module named"):
        bot_factory("no_such_module:Bot")


def test_a_bot_s_file_is_loaded_by_its_path_and_its_exit_is_an_error(tmp_path: Path) -> None:
    # The user's code is loaded as house-rule files are (mus.loading): by its path,
    # and a sys.exit() inside it is one MusError line, never the program's end.
    good = tmp_path / "table_bots_ok.py"
    good.write_text("from mus.bots import HeuristicBot as Mine\n", encoding="utf-8")
    assert type(bot_factory(f"{good}:Mine")("7")).__name__ == "HeuristicBot"
    leaving = tmp_path / "table_bots_exit.py"
    leaving.write_text("import sys\nsys.exit(0)\n", encoding="utf-8")
    with pytest.raises(MusError, match=r"cannot load bot .*table_bots_exit.py.*: it called sys.exit\(0\)"):
        bot_factory(f"{leaving}:Mine")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: tournament(["heuristic"]), "at least two bots"),
        (lambda: tournament(["heuristic", "Heuristic"]), "a bot is named twice"),
        (lambda: tournament(["heuristic", "random"], games=3), "an even number from 2 to 1,000,000, got 3"),
        (lambda: tournament(["heuristic", "random"], workers=0), "workers is a whole number of processes from 1 to"),
        (lambda: tournament(["heuristic", "random"], Rules(seats=3, teams=3)), "the table needs two sides"),
        (lambda: tournament(["heuristic", "bogus"]), "unknown bot 'bogus'"),
    ],
)
def test_bad_input_gets_a_clear_error(call: object, message: str) -> None:
    with pytest.raises(MusError, match=message):
        call()  # type: ignore[operator]


def test_mus_tournament_prints_and_dumps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--bots", "heuristic,random", "--games", "6", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rows = data["results"]
    assert [row["bot"] for row in rows] == ["heuristic", "random"]
    for row in rows:
        assert set(row) >= {"bot", "win_rate", "low", "high", "stones_per_hand", "stderr"}
        assert row["low"] <= row["win_rate"] <= row["high"]
    expected = tournament(["heuristic", "random"], games=6, seed=2)
    assert rows[0]["wins"] == expected.standings[0].wins
    assert main(["tournament", "--bots", "heuristic,random", "--games", "4", "--target", "20"]) == 0
    out = capsys.readouterr().out
    assert "game to 20 stones, one game" in out and "95% interval" in out and "each pair played 4 games" in out
    assert main(["tournament", "--bots", "heuristic,random", "--games", "5"]) == 2
    assert "an even number" in capsys.readouterr().err
    assert main(["tournament", "--bots", "heuristic"]) == 2
    assert "at least two bots" in capsys.readouterr().err


def test_mus_simulate_knows_the_advisor(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")
    assert main(["simulate", "--hands", "3", "--bots", "advisor,heuristic"]) == 0
    assert "seat 0 AdvisorBot, seat 1 HeuristicBot" in capsys.readouterr().out
    assert isinstance(mus.bots.HeuristicBot(), HeuristicBot)


@given(st.lists(st.lists(st.integers(0, 60), min_size=3, max_size=3), min_size=3, max_size=3))
def test_ratings_follow_the_wins(table: list[list[int]]) -> None:
    # Bradley-Terry's laws: the ratings average 1500, hold inside their intervals, come
    # out the same for the bots in any order, and a bot's rating grows with its wins.
    for i in range(3):
        table[i][i] = 0
    ratings = bradley_terry(table)
    assert sum(elo for elo, _, _ in ratings) == pytest.approx(1500 * 3)
    assert all(low <= elo <= high for elo, low, high in ratings)
    order = [2, 0, 1]
    shuffled = bradley_terry([[table[i][j] for j in order] for i in order])
    for new, old in enumerate(order):
        assert shuffled[new] == pytest.approx(ratings[old])
    better = [row[:] for row in table]
    better[0][1] += 5
    assert bradley_terry(better)[0][0] > ratings[0][0] - 1e-9


def test_two_bots_ratings_are_their_games_odds() -> None:
    # With two bots the fit is the log-odds of their games (the faint prior aside), on
    # the Elo scale, and the interval is the logit's Wald interval.
    (first, low, high), (second, _, _) = bradley_terry([[600, 600], [400, 0]])
    assert first - second == pytest.approx(400 * math.log10(600 / 400), abs=0.5)
    half = 1.959963984540054 * math.sqrt(1 / 600 + 1 / 400) * 400 / math.log(10) / 2
    assert high - first == pytest.approx(half, rel=1e-3) and first - low == pytest.approx(half, rel=1e-3)
    even = bradley_terry([[0, 5, 5], [5, 0, 5], [5, 5, 0]])
    assert all(elo == pytest.approx(1500) for elo, _, _ in even)
    assert bradley_terry([[0, 10], [0, 0]])[0][0] < 3000  # a clean sweep stays finite


def test_results_carry_the_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    result = tournament(["heuristic", "random", "mus.bots:RandomBot"], Rules(seats=2), games=6, seed=3)
    ratings = {rating.bot: rating for rating in result.ratings}
    assert ratings["heuristic"].elo > 1500 > min(ratings["random"].elo, ratings["mus.bots:RandomBot"].elo)
    assert result.to_json()["ratings"] == [rating.to_json() for rating in result.ratings]
    assert any(line.startswith("ratings (Bradley-Terry") for line in result.lines())
    assert main(["tournament", "--bots", "heuristic,random", "--games", "4", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [rating["bot"] for rating in data["ratings"]] == ["heuristic", "random"]
    assert all(rating["low"] <= rating["elo"] <= rating["high"] for rating in data["ratings"])


def test_a_saved_policy_and_a_policy_by_name_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    np = pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    from mus.ai.players import NetworkPolicy

    # The heuristic player's batch form, by module:Name, is the heuristic bot: every deal splits.
    result = tournament(["heuristic", "mus.batch.heuristic:HeuristicPolicy"], games=8, seed=2)
    assert [row.wins for row in result.standings] == [4, 4] and result.standings[0].stones == 0
    path = str(tmp_path / "policy.npz")
    NetworkPolicy([(np.zeros((192, 33)), np.arange(33.0))]).save(path)
    assert main(["tournament", "--bots", f"{path},heuristic", "--games", "4", "--seed", "1"]) == 0
    assert "policy.npz" in capsys.readouterr().out
    module = types.ModuleType("players_here")
    module.POLICY = NetworkPolicy([(np.zeros((192, 33)), np.arange(33.0))])  # type: ignore[attr-defined]
    sys.modules["players_here"] = module
    try:
        via_name = tournament(["players_here:POLICY", "heuristic"], games=4, seed=1)
        via_file = tournament([path, "heuristic"], games=4, seed=1)
        assert [row.wins for row in via_name.standings] == [row.wins for row in via_file.standings]
    finally:
        del sys.modules["players_here"]
    with pytest.raises(MusError, match="no such file"):
        bot_factory(str(tmp_path / "missing.npz"))
