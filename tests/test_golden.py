"""Golden transcripts: whole hands and a match played by the built-in bots from fixed
seeds, stored in the text notation. Any change in the engine's behaviour, the deal,
the count or the notation shows up here as a diff.

Regenerate (after a deliberate change, noted in CHANGELOG.md) with
``python tests/test_golden.py``.
"""

from __future__ import annotations

import pathlib
import sys

import pytest

import mus
from mus.bots import HeuristicBot, RandomBot, play_hand, play_match
from mus.notation import format_hand, format_match, load

GOLDEN = pathlib.Path(__file__).parent / "golden"
HANDS = {
    f"hand-{preset}-{seed}.txt": (preset, seed)
    for preset in ("standard", "four-kings", "declared", "federation")
    for seed in (1, 2)
}


def _bots(seed: int) -> list[mus.bots.Bot]:
    return [HeuristicBot(), RandomBot(seed), HeuristicBot(0.5), RandomBot(seed + 1)]


def transcript(name: str) -> str:
    if name == "match-single-game.txt":
        match = play_match(mus.new_match(mus.Rules(games_to_win=1), seed=2026), _bots(7))
        return format_match(match)
    preset, seed = HANDS[name]
    return format_hand(play_hand(mus.new_hand(mus.Rules.preset(preset), seed=seed, mano=seed % 4), _bots(seed)))


NAMES = [*sorted(HANDS), "match-single-game.txt"]


@pytest.mark.parametrize("name", NAMES)
def test_transcript_is_unchanged(name: str) -> None:
    stored = (GOLDEN / name).read_text(encoding="utf-8")
    assert transcript(name) == stored


@pytest.mark.parametrize("name", NAMES)
def test_transcript_replays(name: str) -> None:
    stored = (GOLDEN / name).read_text(encoding="utf-8")
    state = load(stored)
    text = format_match(state) if isinstance(state, mus.MatchState) else format_hand(state)
    assert text == stored
    assert state.is_over


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name in NAMES:
        (GOLDEN / name).write_text(transcript(name), encoding="utf-8")
        print("wrote", GOLDEN / name, file=sys.stderr)
