"""The fuzzer's short profile (the long one: ``python tests/fuzz.py``), and a Hypothesis
stateful test over every preset."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import mus

sys.path.insert(0, str(Path(__file__).parent))
import contextlib

import fuzz


def test_short_fuzz_profile() -> None:
    figures = fuzz.run(actions=20_000, mutations=2_000, seed=1, report=lambda line: None)
    assert figures["actions"] >= 20_000 and figures["mutations"] == 2_000
    # Some mutations are harmless (a changed comment, a doubled blank): they must be
    # accepted, and were checked consistent; most are refused.
    assert 0 < figures["accepted"] < figures["mutations"]


def test_a_mutation_that_changes_nothing_real_is_accepted() -> None:
    text = mus.notation.format_hand(mus.apply(mus.new_hand(seed=4), "mus"))
    assert fuzz.check_mutation(text + "\n\n")
    assert not fuzz.check_mutation(text.replace("0 mus", "0 mux"))


class Play(RuleBasedStateMachine):
    """Random legal play, any preset, with the engine's laws checked after each step."""

    def __init__(self) -> None:
        super().__init__()
        self.state: mus.HandState | None = None

    @rule(preset=st.sampled_from(sorted(mus.PRESETS)), seed=st.integers(0, 2**32))
    def deal(self, preset: str, seed: int) -> None:
        self.state = mus.new_hand(mus.PRESETS[preset], seed=seed, mano=seed % mus.PRESETS[preset].seats)

    @precondition(lambda self: self.state is not None and bool(self.state.legal_actions()))
    @rule(pick=st.integers(0, 10**6))
    def act(self, pick: int) -> None:
        assert self.state is not None
        legal = self.state.legal_actions()
        before = self.state
        self.state = mus.apply(before, legal[pick % len(legal)])
        assert before.legal_actions() == legal  # the old state is untouched

    @precondition(lambda self: self.state is not None)
    @rule(text=st.text(max_size=30), seat=st.one_of(st.none(), st.integers(-2, 8)))
    def hostile(self, text: str, seat: int | None) -> None:
        assert self.state is not None
        with contextlib.suppress(mus.MusError):
            mus.apply(self.state, text, seat)

    @invariant()
    def laws(self) -> None:
        state = self.state
        if state is None:
            return
        rules = state.rules
        cards = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discards)
        cards += [card for pending in state.pending for card in pending if card not in cards]
        assert len(set(cards)) == len(cards) == len(rules.deck) and set(cards) == set(rules.deck)
        assert all(score >= 0 for score in state.scores) and len(state.scores) == rules.teams
        assert state.to_act is None or 0 <= state.to_act < rules.seats
        assert mus.replay(state.deal, state.history) == state


TestPlay = Play.TestCase
TestPlay.settings = settings(max_examples=60, stateful_step_count=40, deadline=None)
