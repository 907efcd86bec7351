"""Hand and match histories: round trips, and hostile input that must only ever raise
the library's NotationError."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mus
from mus.notation import (
    MAX_TEXT,
    format_hand,
    format_match,
    hand_from_json,
    hand_to_json,
    load,
    match_from_json,
    match_to_json,
    parse_hand,
    parse_match,
)


def random_hand(seed: int, preset: str = "standard") -> mus.HandState:
    rng = random.Random(seed)
    state = mus.new_hand(mus.Rules.preset(preset), seed=seed, mano=seed % 4)
    while state.to_act is not None:
        action = rng.choice(tuple(state.legal_actions()))
        if isinstance(action, mus.Bet) and rng.random() < 0.3:
            action = mus.Bet(rng.randint(2, 30))
        state = mus.apply(state, action)
    return state


def random_match(seed: int) -> mus.MatchState:
    rng = random.Random(seed)
    match = mus.new_match(mus.Rules(games_to_win=1, target=20), seed=seed)
    while not match.is_over:
        choices = [a for a in match.legal_actions() if not isinstance(a, mus.Ordago)] or list(match.legal_actions())
        match = mus.apply(match, rng.choice(choices))
    return match


@pytest.mark.parametrize("preset", sorted(mus.PRESETS))
@pytest.mark.parametrize("seed", range(10))
def test_hand_round_trips(preset: str, seed: int) -> None:
    state = random_hand(seed, preset)
    text = format_hand(state)
    assert parse_hand(text) == state
    assert format_hand(parse_hand(text)) == text
    assert hand_from_json(hand_to_json(state)) == state
    assert load(text) == state == load(hand_to_json(state))


def test_unfinished_hand_round_trips() -> None:
    state = mus.apply(mus.apply(mus.new_hand(seed="s"), "mus"), "mus")
    assert parse_hand(format_hand(state)) == state
    assert hand_from_json(hand_to_json(state)) == state


@pytest.mark.parametrize("seed", range(3))
def test_match_round_trips(seed: int) -> None:
    match = random_match(seed)
    text = format_match(match)
    assert parse_match(text) == match and format_match(parse_match(text)) == text
    assert match_from_json(match_to_json(match)) == match
    assert load(match_to_json(match)) == match


def test_text_is_readable() -> None:
    state = mus.new_hand(seed=42)
    for action in ("no-mus", "bet 2", "fold", "fold"):
        state = mus.apply(state, action)
    assert not any(line.startswith("#") for line in format_hand(state).splitlines())  # no count yet
    while state.to_act is not None:
        state = mus.apply(state, "pass")
    lines = format_hand(state).splitlines()
    assert lines[0] == "mus-hand 1" and lines[4] == "seed 42"
    assert lines[5].startswith("hands ") and lines[5].count("/") == 3
    assert "0 no-mus" in lines and "0 bet 2" in lines
    assert any(line.startswith("# grande: team 0 wins by refusal") for line in lines)


BASE = format_hand(random_hand(3))


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "missing 'mus-hand'"),
        ("mus-hand 2\n", "version"),
        (BASE.replace("mano 3", "mano 7"), "mano"),
        (BASE.replace("scores 0-0", "scores zero"), "scores"),
        (BASE.replace("seed 3", "seed 3x"), "seed"),
        (BASE.replace("target=40", "target=4000"), "target"),
        (BASE.replace("eight_kings=true", "eight_kings=yes"), "eight_kings"),
        (BASE.replace("rules ", "rules colour=red "), "unknown rules knob"),
        (BASE + "9 pass\n", "no seat"),
        (BASE + "0 dance\n", "unknown action"),
        (BASE + "garbage\n", "unexpected"),
        ("x" * (MAX_TEXT + 1), "longer"),
        ("mus-hand 1\n" + "r" * 5000 + "\n", "longer than"),
    ],
)
def test_bad_text_says_why(text: str, message: str) -> None:
    with pytest.raises(mus.NotationError, match=message):
        parse_hand(text)


def test_cards_that_do_not_match_the_seed_are_refused() -> None:
    match = random_match(1)
    text = format_match(match)
    first = match.finished[0].deal.hands[0]
    swapped = text.replace(f"hands {first}", f"hands {mus.Hand.parse('Ro Rc Re Rb')}", 1)
    with pytest.raises(mus.NotationError):
        parse_match(swapped)


@pytest.mark.parametrize(
    "data, message",
    [
        ("[]", "version 1"),
        ("{", "not JSON"),
        (json.dumps({"format": "mus-hand", "version": 1}), "seed"),
        ("[" * 100_000, "not JSON"),
        (hand_to_json(random_hand(2)).replace('"mano": 2', '"mano": "two"'), "mano"),
    ],
)
def test_bad_json_says_why(data: str, message: str) -> None:
    with pytest.raises(mus.NotationError, match=message):
        hand_from_json(data)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_mutated_histories_raise_only_notation_errors(data: st.DataObject) -> None:
    text = format_hand(random_hand(data.draw(st.integers(0, 50))))
    if data.draw(st.booleans()):
        text = hand_to_json(load(text))  # type: ignore[arg-type]
    position = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 20))
    insert = data.draw(st.text(max_size=20))
    mutated = text[:position] + insert + text[position + cut :]
    try:
        result = load(mutated)
    except mus.NotationError:
        return
    assert isinstance(result, (mus.HandState, mus.MatchState))
