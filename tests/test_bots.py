"""The built-in bots at every table: they only ever choose legal actions, finish hands
and matches with 2 to 6 seats in partnerships or each for itself, and the heuristic
bot's four-seat play is the one the golden transcripts record."""

from __future__ import annotations

import pytest

import mus
from mus.bots import Bot, HeuristicBot, RandomBot, play_hand, play_match, strength

TABLES = ["standard", "heads-up", "six", "individual-2", "individual-3", "individual-4", "individual-5", "individual-6"]


def mixed(seats: int, seed: int) -> list[Bot]:
    return [HeuristicBot(0.3 * (seat % 3)) if seat % 2 else RandomBot(seed * 10 + seat) for seat in range(seats)]


class Checked:
    """Wraps a bot, checking that it is asked only for its own seat's turn."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, view: mus.SeatView) -> mus.Action:
        assert view.to_act == view.seat and view.legal  # the engine checks the choice
        self.choices += 1
        return self.bot.choose(view)


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("kind", ["heuristic", "random", "mixed"])
def test_bots_finish_matches_at_every_table(preset: str, kind: str) -> None:
    rules = mus.Rules.preset(preset).evolve(games_to_win=2)
    bots: list[Bot]
    if kind == "heuristic":
        bots = [HeuristicBot() for _ in range(rules.seats)]
    elif kind == "random":
        bots = [RandomBot(seat) for seat in range(rules.seats)]
    else:
        bots = mixed(rules.seats, 3)
    checked = [Checked(bot) for bot in bots]
    match = play_match(mus.new_match(rules, seed=preset), checked)
    assert match.is_over and match.winner is not None and match.winner in range(rules.teams)
    assert len(match.games) == rules.teams and match.games[match.winner] == 2
    assert all(bot.choices for bot in checked)  # every seat played


@pytest.mark.parametrize("preset", TABLES)
@pytest.mark.parametrize("seed", range(5))
def test_bots_finish_hands_at_every_table(preset: str, seed: int) -> None:
    rules = mus.Rules.preset(preset)
    state = play_hand(
        mus.new_hand(rules, seed=seed, mano=seed % rules.seats), [Checked(bot) for bot in mixed(rules.seats, seed)]
    )
    assert state.is_over and len(state.scores) == rules.teams
    assert state.winner is None or state.winner in range(rules.teams)


def test_bots_play_every_seat_they_are_given() -> None:
    with pytest.raises(mus.MusError, match="6 seats"):
        play_hand(mus.new_hand(mus.Rules.preset("six"), seed=1), [RandomBot()] * 4)
    with pytest.raises(mus.MusError, match="3 seats"):
        play_match(mus.new_match(mus.Rules.preset("individual-3"), seed=1), [RandomBot()] * 2)


def test_bots_are_deterministic_at_every_table() -> None:
    for preset in TABLES:
        rules = mus.Rules.preset(preset).evolve(games_to_win=1)
        first = play_match(mus.new_match(rules, seed=4), mixed(rules.seats, 4))
        again = play_match(mus.new_match(rules, seed=4), mixed(rules.seats, 4))
        assert first == again


def test_heuristic_bot_weighs_every_rival_when_each_plays_for_itself() -> None:
    # Seat 0 opens grande with a hand that beats about nine hands in ten: enough to bet
    # against the other side (with partners, or one against one), not against five rivals.
    hand = mus.Hand.parse("Ro Rc Sc 1b")
    power = strength(mus.Lance.GRANDE, hand, mus.Rules())
    assert 0.85 < power < 0.95 and power**5 < 0.85
    rest = [card for card in mus.ALL_CARDS if card not in hand.cards]
    choices = {}
    for preset in ("standard", "heads-up", "six", "individual-6"):
        rules = mus.Rules.preset(preset)
        hands = [hand] + [mus.Hand(rest[4 * i : 4 * i + 4]) for i in range(rules.seats - 1)]
        state = mus.apply(mus.new_hand(rules, hands=hands, seed=1), "no-mus")
        assert state.to_act == 0 and state.lance is mus.Lance.GRANDE
        choices[preset] = HeuristicBot().choose(state.view(0))
    assert choices["standard"] == choices["heads-up"] == choices["six"] == mus.Bet(2)
    assert choices["individual-6"] == mus.Pass()
