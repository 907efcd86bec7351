"""mus.batch: the batch engine agrees with the scalar engine hand for hand.

Every hand a batch plays is taken out as a scalar ``HandState`` (dealt again from its
seed by ``mus.new_hand`` and played through its history by ``mus.apply``, which checks
each action) and must end as the batch says: the same scores, winner, cards and lance
outcomes. Along sampled hands the batch's legal mask must equal the scalar engine's
legal actions (``mus.ai``'s masks) at every step.

``MUS_BATCH_HANDS`` sets how many random hands the main agreement test plays (default
5,000; the long run is 100,000, about two minutes)::

    MUS_BATCH_HANDS=100000 python -m pytest tests/test_batch.py -k agree_hand_for_hand
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("numpy")  # the fast extra

import numpy as np

import mus
from mus import Rules
from mus.ai.action_ids import ActionIds
from mus.batch import (
    ACCEPT,
    BET_2,
    FOLD,
    MUS,
    NO_MUS,
    ORDAGO,
    PASS,
    Batch,
    Results,
    check_rules,
    decode,
    simulate,
)
from mus.batch.hands import OUTCOMES
from mus.batch.simulate import dealt
from mus.state import MAX_BETS, MAX_MUS_ROUNDS

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

HANDS = int(os.environ.get("MUS_BATCH_HANDS", "5000"))

Policy = Callable[[Batch], np.ndarray]


def disagreements(batch: Batch, hands: range | list[int] | None = None) -> list[str]:
    """What differs between each hand of ``batch`` and its scalar replay."""
    found = []
    rules = batch.rules
    for i in range(batch.n) if hands is None else hands:
        state = batch.state(i)
        outcomes = [-1] * len(mus.Lance)
        for result in state.results:
            outcomes[result.lance] = OUTCOMES.index(result.outcome)
        ours = (
            tuple(batch.scores[i].tolist()),
            int(batch.winner[i]),
            batch.outcomes[i].tolist(),
            tuple(batch.hand(i, seat) for seat in range(rules.seats)),
            bool(batch.over[i]),
        )
        theirs = (
            state.scores,
            -1 if state.winner is None else state.winner,
            outcomes,
            state.hands,
            state.is_over,
        )
        if ours != theirs:
            found.append(f"hand {i}: batch {ours}, scalar {theirs}")
    return found


def uniform(generator: np.random.Generator) -> Policy:
    """A policy that picks uniformly among every legal id (bets of every size too)."""

    def policy(batch: Batch) -> np.ndarray:
        mask = batch.legal_mask()
        mask[batch.over, 0] = True  # any id for a hand over: it is not read
        scores = generator.random(mask.shape) * mask
        return np.asarray(scores.argmax(axis=1))

    return policy


def leaning(generator: np.random.Generator, action: int, share: float) -> Policy:
    """``uniform``, but ``action`` whenever it is legal, ``share`` of the time."""
    base = uniform(generator)

    def policy(batch: Batch) -> np.ndarray:
        actions = base(batch)
        wanted = batch.legal_mask()[:, action] & (generator.random(batch.n) < share)
        actions[wanted] = action
        return actions

    return policy


# --- agreement ---------------------------------------------------------------------------


def test_random_hands_agree_hand_for_hand() -> None:
    results = simulate(Rules(), HANDS, seed="agree")
    assert results.batch.done
    assert disagreements(results.batch) == []
    # The hands are real ones: every lance outcome occurs, and games end in them.
    seen = {OUTCOMES[code] for code in np.unique(results.outcomes) if code >= 0}
    assert seen == set(mus.Outcome)
    assert (results.winner >= 0).any()


RULE_SETS = {
    "four-kings": Rules.preset("four-kings"),
    "short": Rules.preset("short"),
    "heads-up": Rules.preset("heads-up"),
    "six": Rules.preset("six"),
    "max-bet-3": Rules(max_bet=3),
    "federation": Rules.preset("federation"),
    "target-5": Rules(target=5),
    "folded-out": Rules(folded_seat_counts=False, target=20),
    "corrido": Rules(mus_corrido="game"),
    "real-31": Rules(real_31=True, juego_order="descending"),
    "payouts": Rules(payouts=mus.Payouts(en_paso=0, first_refusal=2, pares=(2, 3, 5), juego=1, punto=0)),
    "mus-visto-new-card": Rules(mus_visto="new-card", senas=True),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_rule_set_it_plays_agrees(name: str) -> None:
    # Uniform over every legal id: bets of every size, raises and órdagos galore.
    rules = RULE_SETS[name]
    batch = dealt(rules, 300, name)
    batch.play(uniform(np.random.default_rng(1)))
    assert disagreements(batch) == []


@pytest.mark.parametrize("rules", [Rules(), Rules.preset("six"), Rules.preset("heads-up")], ids=["four", "six", "two"])
def test_long_mus_reshuffles_the_discards_as_the_scalar_engine(rules: Rules) -> None:
    batch = dealt(rules, 150, "mus")
    batch.play(leaning(np.random.default_rng(2), MUS, 0.9))
    assert batch.hands.reshuffles.sum() > 100  # the stock ran out again and again
    assert disagreements(batch) == []


def test_raise_wars_stop_at_the_most_bets() -> None:
    batch = dealt(Rules(), 100, "raise")
    batch.play(leaning(np.random.default_rng(3), BET_2 + 5, 0.97))
    assert batch.hands.bets.max() == MAX_BETS + 1  # a hundred raises, then an órdago
    assert disagreements(batch) == []


def test_hands_from_scores_stop_at_the_target() -> None:
    scores = np.random.default_rng(4).integers(0, 40, (400, 2))
    batch = Batch(Rules(), seeds=range(400), mano=np.arange(400) % 4, scores=scores)
    batch.play(seed=4)
    assert (batch.winner >= 0).mean() > 0.3
    assert disagreements(batch) == []


def test_masks_equal_the_scalar_legal_actions_at_every_step() -> None:
    for rules in (Rules(), Rules(max_bet=4), Rules.preset("six")):
        ids = ActionIds(rules)
        batch = dealt(rules, 120, "masks")
        states = [batch.state(i) for i in range(batch.n)]
        policy = leaning(np.random.default_rng(5), MUS, 0.6)
        steps = 0
        while not batch.done:
            mask = batch.legal_mask()
            for i, state in enumerate(states):
                assert mask[i].tolist() == ids.legal_action_mask(state).astype(bool).tolist(), (i, state)
            actions = policy(batch)
            acting = ~batch.over
            batch.step(actions)
            states = [
                mus.apply(state, decode(int(action), state)) if act else state
                for state, action, act in zip(states, actions, acting, strict=True)
            ]
            steps += 1
        assert steps > 20
        assert [state.scores for state in states] == [tuple(row) for row in batch.scores.tolist()]


@settings(max_examples=25)
@given(
    seeds=st.lists(st.integers(-(2**80), 2**80) | st.text(max_size=8), min_size=1, max_size=12),
    pick=st.integers(0, 2**32 - 1),
    mano=st.integers(0, 3),
)
def test_any_seeds_and_picks_agree(seeds: list[int | str], pick: int, mano: int) -> None:
    batch = Batch(Rules(), seeds=seeds, mano=mano)
    for i, seed in enumerate(seeds):
        assert batch.state(i) == mus.new_hand(seed=seed, mano=mano)
    batch.play(uniform(np.random.default_rng(pick)))
    assert disagreements(batch) == []


# --- the batch's own behaviour -------------------------------------------------------------


def test_the_deals_are_the_scalar_engines() -> None:
    seeds: list[int | str] = [0, -7, 2**70, "x", "a%d/b", "\ud800"]
    batch = Batch(Rules.preset("six"), seeds=seeds, mano=[0, 1, 2, 3, 4, 5])
    for i, seed in enumerate(seeds):
        state = mus.new_hand(Rules.preset("six"), seed=seed, mano=i)
        assert tuple(batch.hand(i, seat) for seat in range(6)) == state.hands
        assert batch.state(i) == state
    assert dealt(Rules(), 3, "50%/x").state(2).deal.seed == "50%/x/hand/2"


def test_an_illegal_action_changes_nothing() -> None:
    batch = Batch(Rules(), seeds=[1, 2])
    batch.step([NO_MUS, NO_MUS])
    before = (batch.kind.copy(), batch.to_act.copy(), batch.history(0))
    with pytest.raises(mus.IllegalActionError, match=r"hand 1: action 18 \(accept\) is not legal now; legal: 17"):
        batch.step([PASS, ACCEPT])
    with pytest.raises(mus.IllegalActionError, match="ids are 0 to 32"):
        batch.step([PASS, 99])
    with pytest.raises(mus.MusError, match="one a hand"):
        batch.step([PASS])
    with pytest.raises(mus.MusError, match="one a hand"):
        batch.step([1.0, 2.0])
    assert (batch.kind.tolist(), batch.to_act.tolist(), batch.history(0)) == (
        before[0].tolist(),
        before[1].tolist(),
        before[2],
    )


def test_an_ordago_accepted_ends_the_hand_with_its_winner() -> None:
    batch = Batch(Rules(), seeds=range(20))
    for actions in ([NO_MUS] * 20, [ORDAGO] * 20, [ACCEPT] * 20):
        batch.step(actions)
    assert batch.done and (batch.winner >= 0).all()
    assert disagreements(batch) == []
    with pytest.raises(mus.IllegalActionError, match="every hand is over"):
        batch.step([FOLD] * 20)


def test_the_mus_is_cut_after_its_last_round() -> None:
    batch = Batch(Rules(), seeds=[1])
    batch.hands.rounds[0] = MAX_MUS_ROUNDS - 1
    for action in [MUS] * 4 + [16] * 4:
        batch.step([action])
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == [NO_MUS]


def test_the_random_picks_are_the_listed_actions_evenly() -> None:
    batch = Batch(Rules(), seeds=range(30_000))
    batch.step([NO_MUS] * 30_000)  # every hand opens grande: pass, bet 2 or ordago
    picks = batch.random_actions(np.random.default_rng(6))
    counts = {action: int((picks == action).sum()) for action in np.unique(picks).tolist()}
    assert set(counts) == {PASS, BET_2, ORDAGO}
    assert all(abs(count - 10_000) < 400 for count in counts.values())  # about 4 sigma


def test_simulate_is_reproducible_and_names_its_seeds() -> None:
    first, second = simulate(Rules(), 500, seed=9), simulate(Rules(), 500, seed=9)
    assert isinstance(first, Results) and len(first) == 500
    assert first.scores.tolist() == second.scores.tolist()
    assert first.scores.tolist() != simulate(Rules(), 500, seed=10).scores.tolist()
    state = first.state(7)
    assert state.deal.seed == "9/hand/7" and state.mano == 3 and state.is_over
    assert len(first.history(7)) == sum(1 for _, action in state.history if not isinstance(action, mus.Declare))


def test_a_policy_function_is_checked() -> None:
    with pytest.raises(mus.IllegalActionError, match="not legal now"):
        simulate(Rules(), 5, seed=1, policy=lambda batch: np.full(batch.n, PASS))
    with pytest.raises(mus.MusError, match="a policy is 'random' or a function"):
        simulate(Rules(), 5, seed=1, policy="heuristic")


@pytest.mark.parametrize(
    "rules, knob",
    [
        (Rules(declarations="explicit"), "declarations='derived' only"),
        (Rules.preset("individual-3"), "teams=2"),
        (Rules(seats=3, teams=3), "teams=2"),
    ],
)
def test_rules_it_does_not_play_are_named(rules: Rules, knob: str) -> None:
    with pytest.raises(mus.MusError, match=knob):
        check_rules(rules)
    with pytest.raises(mus.MusError, match=knob):
        simulate(rules, 10, seed=1)


@attrs.frozen
class NoOrdago(mus.HouseRule):
    """A house rule the batch engine cannot play: its hook forbids the órdago."""

    name = "test-batch-no-ordago"

    def allows(self, state: Any, action: Any) -> bool:
        return not isinstance(action, mus.Ordago)


def test_house_rules_are_refused_by_name() -> None:
    with pytest.raises(mus.MusError, match="no house rules, not house=\\('test-batch-no-ordago',\\)"):
        Batch(Rules(house=[NoOrdago()]), seeds=[1])


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"seeds": []}, "at least one hand"),
        ({"seeds": "123"}, "a list of seeds"),
        ({"seeds": [1.5]}, "a seed is an int or a str"),
        ({"seeds": [1], "mano": 4}, "mano must be a seat from 0 to 3"),
        ({"seeds": [1, 2], "mano": [0]}, "one a hand"),
        ({"seeds": [1], "scores": (40, 0)}, "scores are one pair from 0 to 39"),
        ({"seeds": [1], "max_bet": 1}, "max_bet must be"),
        ({"seeds": [1], "rules": "standard"}, "rules must be a Rules"),
    ],
)
def test_bad_arguments_say_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    rules = kwargs.pop("rules", Rules())
    with pytest.raises(mus.MusError, match=message):
        Batch(rules, **kwargs)  # type: ignore[arg-type]


def test_a_hand_out_of_range_is_named() -> None:
    batch = Batch(Rules(), seeds=[1, 2])
    with pytest.raises(mus.MusError, match="no hand 2: hands are 0 to 1"):
        batch.state(2)
    assert batch.state(-1) == mus.new_hand(seed=2)


def test_the_arrays_read_are_read_only() -> None:
    batch = Batch(Rules(), seeds=[1])
    with pytest.raises(ValueError, match="read-only"):
        batch.scores[0, 0] = 5


def test_the_ids_are_the_ai_adapters() -> None:
    import mus.ai.action_ids as ai
    import mus.batch.ids as ids

    names = ("MUS", "NO_MUS", "DISCARD_FIRST", "PASS", "ACCEPT", "FOLD", "ORDAGO", "DECLARE_NO", "DECLARE_YES", "BET_2")
    assert all(getattr(ai, name) is getattr(ids, name) for name in names)


def test_without_numpy_the_error_names_the_extra() -> None:
    code = "import sys; sys.modules['numpy'] = None\nimport mus.batch"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 1
    assert "mus.errors.MusError: mus.batch needs numpy: pip install 'mus-rules[fast]'" in result.stderr
