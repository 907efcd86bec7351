"""mus.tournament and ``mus tournament``: common deals played from both sides (so a bot
against its own copy splits every pair of games exactly), Wilson intervals, the same
results from one worker or two, bots by name or module:Class, clear errors."""

from __future__ import annotations

import json
import math
import sys
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus
from mus import MusError, Rules
from mus.bots import HeuristicBot
from mus.cli import main
from mus.tournament import bot_factory, tournament, wilson


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
    with pytest.raises(MusError, match="cannot import no_such_module"):
        bot_factory("no_such_module:Bot")


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
