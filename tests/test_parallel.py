"""The same seed gives the same figures with one worker, with two, and on Ray:
``mus.odds`` and ``mus simulate --workers``."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

from mus import Hand, Lance, Rules  # noqa: E402
from mus.cli import main  # noqa: E402
from mus.cli.simulate import RUN_HANDS  # noqa: E402
from mus.odds import BLOCK, equity_table, odds, run_tasks  # noqa: E402


def test_odds_are_the_same_with_one_worker_or_two() -> None:
    samples = 2 * BLOCK + 1234  # the last block is short
    seen: list[tuple[int, int]] = []
    one = odds("Ro Rc 7e 1b", Rules.preset("six"), seat=3, samples=samples, seed="w")
    two = odds(
        "Ro Rc 7e 1b",
        Rules.preset("six"),
        seat=3,
        samples=samples,
        seed="w",
        workers=2,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert one == two and one.deals == samples
    assert seen[0] == (0, 3) and seen[-1] == (3, 3) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    # exact odds are cut into chunks too
    rules = Rules.preset("individual-3")
    assert odds("Cc Co 5b 4e", rules, workers=2) == odds("Cc Co 5b 4e", rules)


def test_the_equity_table_is_the_same_with_two_workers() -> None:
    one = equity_table(Rules(seats=4), samples=300, seed=8)
    two = equity_table(Rules(seats=4), samples=300, seed=8, workers=2)
    assert one == two
    assert len({result.win for result in one}) > 600  # each pattern its own deals


def test_run_tasks_keeps_the_order() -> None:
    assert run_tasks(abs, list(range(-20, 0)), workers=2) == list(range(20, 0, -1))


@pytest.fixture
def ray_instance() -> Iterator[object]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_odds_on_ray_equal_a_single_worker(ray_instance: object, capsys: pytest.CaptureFixture[str]) -> None:
    rules = Rules(seats=4, eight_kings=False)
    local = odds("Se Sb 6o 2c", rules, seat=2, samples=BLOCK + 99, seed=12)
    assert odds("Se Sb 6o 2c", rules, seat=2, samples=BLOCK + 99, seed=12, backend="ray") == local
    exact = Rules(seats=3, teams=3)
    assert odds("Se Sb 6o 2c", exact, backend="ray") == odds("Se Sb 6o 2c", exact)
    assert (
        main(
            [
                "odds",
                "Se Sb 6o 2c",
                "--four-kings",
                "--seat",
                "2",
                "--samples",
                str(BLOCK + 99),
                "--seed",
                "12",
                "--ray",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert f"grande {local.win[Lance.GRANDE]:>10.2%}" in out and f"net {local.net:+.3f}" in out


def simulate(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["simulate", *argv]) == 0
    return re.sub(r"(?m)^time: .*$", "", out.getvalue())


def test_simulate_with_two_workers_equals_one(tmp_path: Path) -> None:
    hands = 2 * RUN_HANDS + 150
    (tmp_path / "1").mkdir()
    (tmp_path / "2").mkdir()
    one, two = tmp_path / "1" / "sim.mus", tmp_path / "2" / "sim.mus"
    first = simulate("--hands", str(hands), "--seed", "3", "--bots", "random", "--save", str(one))
    second = simulate("--hands", str(hands), "--seed", "3", "--bots", "random", "--save", str(two), "--workers", "2")
    assert first.replace("/1/", "/2/") == second and first.startswith(f"simulated {hands} hands, seed 3")
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")
    found = re.search(r"^matches: (\d+) finished(?:, (\d+) unfinished)?", first, re.M)
    assert found is not None and int(found[2] or 0) <= 3  # one sequence of matches a run
    # A run of at most RUN_HANDS hands is the sequence of matches it always was.
    short = simulate("--hands", "40", "--seed", "3", "--bots", "random")
    assert short == simulate("--hands", "40", "--seed", "3", "--bots", "random", "--workers", "2")


def test_simulate_workers_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["simulate", "--hands", "10", "--workers", "0"])
    assert exit.value.code == 2
    assert "argument --workers: a whole number from 1 to" in capsys.readouterr().err


def test_hand_and_pattern_seeds_do_not_depend_on_suits() -> None:
    # What lets an equity table row stand for any hand of its ranks.
    a, b = Hand.parse("Ro Rc 7e 1b"), Hand.parse("Re Rb 7c 1o")
    assert odds(a, samples=500, seed=1).win == odds(b, samples=500, seed=1, workers=2).win
