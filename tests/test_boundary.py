"""The trust boundary of the batch engine, the advisor, determinize, the AI adapters and
the tournament: what the hostile table (``tests/test_hostile.py``) does not say by
itself. Numpy's ints are ids and seats, a refused call changes nothing, and values
that used to run for ever or be cut down silently are refused."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

for extra in ("numpy", "gymnasium"):
    pytest.importorskip(extra)

import numpy as np  # noqa: E402

import mus  # noqa: E402
from mus import Rules  # noqa: E402
from mus.advise import AdvisorBot, advise, game_chance  # noqa: E402
from mus.ai.chance import subset_of  # noqa: E402
from mus.ai.openspiel import MusGame  # noqa: E402
from mus.ai.vector import VectorSeatEnv  # noqa: E402
from mus.batch import NO_MUS, Batch, decode  # noqa: E402
from mus.batch.ids import action_name  # noqa: E402
from mus.batch.observe import observation  # noqa: E402
from mus.determinize import determinize  # noqa: E402
from mus.tournament import MAX_GAMES, tournament, wilson  # noqa: E402
from work import lines_run  # noqa: E402


def test_numpy_ints_are_ids_seats_and_rows() -> None:
    batch = Batch(Rules(), seeds=[1, 2])
    # The annotations say int; numpy's ints are taken too, at run time.
    assert batch.hand(np.int64(1), np.int64(2)) == mus.new_hand(seed=2).hands[2]  # type: ignore[arg-type]
    assert decode(np.int64(NO_MUS), mus.new_hand(seed=1)) == mus.NoMus()  # type: ignore[arg-type]
    assert action_name(np.int16(17)) == "pass"  # type: ignore[arg-type]
    assert observation(batch, np.array([0, 3])).shape == observation(batch, 0).shape
    with pytest.raises(mus.MusError, match="a seat is a whole number from 0 to 3, got True"):
        batch.hand(0, True)
    with pytest.raises(mus.MusError, match="seat is one seat from 0 to 3"):
        observation(batch, -1)  # once read as seat 3, numpy's way


def test_a_float_row_is_refused_not_cut_down() -> None:
    batch = Batch(Rules(), seeds=[1, 2])
    batch.play(seed=0)
    with pytest.raises(mus.MusError, match=r"rows are hand numbers, got 1.5"):
        batch.redeal(1.5, ["new"])
    assert batch.done  # nothing dealt again


def test_the_random_policy_takes_numpys_seeds_only() -> None:
    Batch(Rules(), seeds=[1]).play(seed=np.random.default_rng(1))
    Batch(Rules(), seeds=[1]).play(seed=np.int64(3))  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match=r"a seed .* got -1"):
        Batch(Rules(), seeds=[1]).play(seed=-1)
    with pytest.raises(mus.MusError, match=r"random_actions.. draws from a numpy.random.Generator, got 1"):
        Batch(Rules(), seeds=[1]).random_actions(1)  # type: ignore[arg-type]


def test_a_refused_reset_leaves_the_environment_as_it_was() -> None:
    env = VectorSeatEnv(2, seed=1)
    env.reset(seed=1)
    before = env.np_random.bit_generator.state
    with pytest.raises(mus.MusError, match="reset options are a dict"):
        env.reset(seed=9, options=["mano"])  # type: ignore[arg-type]
    assert env.np_random.bit_generator.state == before
    with pytest.raises(mus.MusError, match=r"a Gymnasium seed .* got -1"):
        env.reset(seed=-1)


def test_a_seed_too_long_for_decimal_deals_by_its_hex_text() -> None:
    env = VectorSeatEnv(2, seed=10**5000)
    assert str(env.state(0).deal.seed).startswith("0x")
    assert tournament(["random", "heuristic"], games=2, seed=10**5000).seed == hex(10**5000)


def test_determinize_takes_a_lone_surrogate_as_random_would_its_bytes() -> None:
    state = mus.apply(mus.new_hand(Rules(seats=2), seed=4), "no-mus")
    assert determinize(state, 1, seed="\ud800") == determinize(state, 1, seed="\ud800")
    # A str without surrogates seeds as random.Random seeds it, as before.
    assert determinize(state, 1, seed="abc") == determinize(state, 1, seed=random.Random("abc"))


def test_what_used_to_run_for_ever_is_refused_at_once() -> None:
    # Each refusal runs a few hundred lines; a tournament of two games, 37,000.
    for call, message in (
        (lambda: subset_of(10**5000, 4), "no set of 4 cards has the id an int of"),
        (lambda: tournament(["random", "heuristic"], games=2**63), f"an even number from 2 to {MAX_GAMES:,}"),
        (lambda: advise("Ro Rc 7e 1b", samples=2**63), "samples is a whole number of deals from 1 to"),
    ):

        def refused(call: Callable[[], object] = call, message: str = message) -> None:
            with pytest.raises(mus.MusError, match=message):
                call()

        assert lines_run(refused) < 5_000


def test_a_chance_outcome_past_a_draws_sets_is_illegal() -> None:
    # Each seat throws one card: each draw is a node of one card, whose ids stop at 39
    # (an id of 50 used to reach past the deck, an IndexError).
    game = MusGame(deal="hands")
    state = game.state_of(mus.new_hand(seed=3))
    for _ in range(4):
        state.apply_action(0)  # mus
    for _ in range(4):
        state.apply_action(2)  # discard the first card
    assert state.is_chance_node()
    with pytest.raises(mus.IllegalActionError, match="chance outcome 50 is not one of this node's"):
        state.apply_action(50)
    with pytest.raises(mus.IllegalActionError, match="no chance outcome 50 deals cards here"):
        state.action_to_string(-1, 50)


def test_the_advisors_helpers_check_their_arguments() -> None:
    view = mus.new_hand(seed=1, mano=1).view(0)
    assert AdvisorBot.position(view) == 3 and AdvisorBot.position(view, 1) == 0
    with pytest.raises(mus.MusError, match="a seat is a whole number from 0 to 3, got 4"):
        AdvisorBot.position(view, 4)
    with pytest.raises(mus.MusError, match=r"AdvisorBot plays the four-card game: it reads a mus.SeatView"):
        AdvisorBot().known("view")  # type: ignore[arg-type]
    assert game_chance(50, 10, 40) == game_chance(40, 10, 40)  # past the target, as the model reads it
    with pytest.raises(mus.MusError, match=r"a target .* is a whole number from 1 to"):
        game_chance(0, 0, 0)
    option = advise("Ro Rc 7e 1b", Rules(seats=2))
    with pytest.raises(mus.MusError) as error:
        option.option("discard " + "7e " * 10_000)
    assert len(str(error.value)) < 200


def test_wilson_checks_its_counts_and_quantile() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(mus.MusError, match="wins is a whole number from 0 to 2, got 3"):
        wilson(3, 2)
    with pytest.raises(mus.MusError, match=r"z .* is a number from 0 up, got nan"):
        wilson(1, 2, float("nan"))
