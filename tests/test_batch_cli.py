"""``mus simulate --batch``: the batch engine's hands, tallied as ``mus simulate`` tallies."""

from __future__ import annotations

import re

import numpy as np
import pytest
from tests.test_cli import fails, ok, table_row

import mus
from mus.batch import simulate
from mus.batch.hands import OUTCOMES


def test_the_tables_are_the_batch_results() -> None:
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
        (["--hands", "0"], "--hands must be at least 1"),
    ],
)
def test_what_the_batch_does_not_play_is_named(options: list[str], message: str) -> None:
    assert message in fails("simulate", "--batch", *options)
