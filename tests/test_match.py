"""Games and matches (rules sections 2 and 9)."""

from __future__ import annotations

import random

import pytest

import mus
from mus import Rules


def play_random(match: mus.MatchState, seed: int, limit: int = 100_000) -> mus.MatchState:
    rng = random.Random(seed)
    for _ in range(limit):
        if match.is_over:
            return match
        action = rng.choice(tuple(match.legal_actions()))
        if isinstance(action, mus.Ordago) and rng.random() < 0.9:
            action = rng.choice([a for a in match.legal_actions() if not isinstance(a, mus.Ordago)])
        match = mus.apply(match, action)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("games", [1, 2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_match_plays_to_its_games(games: int, seed: int) -> None:
    rules = Rules(games_to_win=games, target=20)
    match = play_random(mus.new_match(rules, seed=seed, mano=seed), seed)
    assert (match.is_over and match.to_act is None) or match.hand.is_over
    assert max(match.games) == games and min(match.games) < games
    assert match.winner == match.games.index(games)
    assert match.finished[-1] is match.hand
    # The mano rotates from hand to hand, across games too.
    manos = [hand.mano for hand in match.finished]
    assert manos == [(seed + i) % 4 for i in range(len(manos))]
    # Scores carry from hand to hand and restart after each game.
    games_won = [0, 0]
    for before, after in zip(match.finished, match.finished[1:], strict=False):
        if before.winner is not None:
            games_won[before.winner] += 1
            assert after.deal.scores == (0, 0)
        else:
            assert after.deal.scores == before.scores
    assert sum(hand.winner is not None for hand in match.finished) == sum(match.games)
    with pytest.raises(mus.MusError, match="over"):
        mus.apply(match, mus.Mus())


def test_each_hand_is_dealt_from_the_match_seed() -> None:
    a = play_random(mus.new_match(Rules(games_to_win=1), seed="x"), 1)
    b = play_random(mus.new_match(Rules(games_to_win=1), seed="x"), 1)
    assert a == b
    assert a.finished[0].deal.hands == mus.new_hand(Rules(), seed="x/hand/0").deal.hands


def test_game_won_mid_hand_by_refusal_goes_on_to_a_new_game() -> None:
    match = mus.new_match(Rules(games_to_win=2, target=1), seed=5)
    for action in ("no-mus", "bet 2", "fold", "fold"):
        match = mus.apply(match, action)
    assert match.games == (1, 0)
    assert match.hand_number == 1 and match.scores == (0, 0) and not match.hand.history
    assert match.last_hand is not None and match.last_hand.count is None


def test_replay_match() -> None:
    match = play_random(mus.new_match(Rules(games_to_win=1, target=15), seed=9), 3)
    actions = [entry for hand in match.finished for entry in hand.history]
    assert mus.replay_match(match.rules, match.seed, match.first_mano, actions) == match


@pytest.mark.parametrize(
    "stones, text",
    [
        (0, "0 stones"),
        (1, "1 stone"),
        (4, "4 stones"),
        (5, "1 amarraco"),
        (13, "2 amarracos 3 stones"),
        (35, "7 amarracos, adentro"),
    ],
)
def test_score_text(stones: int, text: str) -> None:
    assert mus.score_text(stones) == text


def test_adentro_follows_the_target() -> None:
    assert mus.score_text(25, Rules(target=30)).endswith("adentro")
    assert not mus.score_text(25).endswith("adentro")


def test_bad_match_input() -> None:
    with pytest.raises(mus.MusError, match="seed"):
        mus.new_match(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="MatchState"):
        mus.apply_match("not a match", mus.Mus())  # type: ignore[arg-type]


# A match stopped at MAX_HANDS (rules section 11, i.): "the side ahead in vacas, then
# games, then stones wins it, and nobody when they are level". The match is built one
# hand short of the bound, so its last hand is played for real and ends it. In that hand
# nobody has pares or juego and everything is passed; with these cards team 1 wins grande
# and punto, team 0 chica: 1 stone to team 0 and 2 to team 1 (tests/test_betting.py's
# PLAIN_B).
STOPPING_HAND = ["Co 7o 4e 1b", "Ro 7e 6b 5c", "Se 6o 5e 4c", "7c 6c 5b 1o"]


def stopped(games: tuple[int, int], vacas: tuple[int, int], scores: tuple[int, int], rules: Rules) -> mus.MatchState:
    """A match of ``MAX_HANDS - 1`` finished hands at ``games``/``vacas``, its last hand
    dealt at ``scores`` and played out, all passed."""
    earlier = mus.new_hand(rules, seed=1, hands=STOPPING_HAND)
    for action in ["no-mus"] + ["pass"] * 12:
        earlier = mus.apply(earlier, action)
    assert earlier.is_over
    last = mus.new_hand(rules, seed=2, hands=STOPPING_HAND, scores=scores)
    match = mus.MatchState(rules, 1, 0, last, (earlier,) * (mus.MAX_HANDS - 1), games, vacas)
    assert not match.is_over
    for action in ["no-mus"] + ["pass"] * 12:
        match = mus.apply(match, action)
    assert match.hand.winner is None and match.scores == (scores[0] + 1, scores[1] + 2)
    assert match.is_over and len(match.finished) == mus.MAX_HANDS and match.to_act is None
    return match


@pytest.mark.parametrize(
    "games, vacas, scores, winner, why",
    [
        ((1, 0), (0, 0), (0, 0), 0, "team 0 is ahead in games (1-0), although team 1 has more stones (1-2)"),
        ((0, 2), (1, 0), (0, 0), 0, "team 0 is ahead in vacas (1-0), although team 1 has more games (0-2)"),
        ((1, 1), (0, 0), (0, 0), 1, "games are level (1-1) and team 1 has more stones (1-2)"),
        ((2, 2), (0, 0), (5, 0), 0, "games are level (2-2) and team 0 has more stones (6-2)"),
    ],
)
def test_a_match_stopped_at_max_hands_goes_to_the_side_ahead(
    games: tuple[int, int], vacas: tuple[int, int], scores: tuple[int, int], winner: int, why: str
) -> None:
    match = stopped(games, vacas, scores, Rules(vacas_to_win=2))
    assert match.winner == winner, (
        f"rules section 11 i.: a match stopped at MAX_HANDS goes to the side ahead in vacas, then games, then"
        f" stones: {why}, so team {winner} wins it, not {match.winner}"
    )


def test_a_match_stopped_at_max_hands_level_in_everything_has_no_winner() -> None:
    # Vacas 1-1, games 2-2, and the last hand dealt at 1-0 ends level at 2-2.
    match = stopped((2, 2), (1, 1), (1, 0), Rules(vacas_to_win=2))
    assert match.scores == (2, 2)
    assert match.winner is None, (
        "rules section 11 i.: a match stopped at MAX_HANDS with the sides level in vacas, games and stones"
        f" has no winner, not team {match.winner}"
    )
