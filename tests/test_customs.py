"""The table customs of RULES.md section 13 worked out stone by stone: mus corrido
(and, as they land, mus visto and señas), each against the knob's other values."""

from __future__ import annotations

import pytest

import mus
from mus import Lance, Rules
from mus.notation import format_hand, hand_from_json, hand_to_json, parse_hand

# Seat 0: Ro Rc 7e 1b (grande R R 7 1; 28 points); seat 1: Co Cc 5b 4e (pareja of
# caballos; 29); seat 2: Se 6c 5o 1c (22); seat 3: 3b 2e 1o 4c (eight kings: R 1 1 4,
# chica 1 1 4 R; 16). Stock and seed fixed so that every run is the same.
HANDS = ["Ro Rc 7e 1b", "Co Cc 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]


def play(state: mus.HandState, actions: list[str]) -> mus.HandState:
    for action in actions:
        state = mus.apply(state, action)
    return state


class TestMusCorrido:
    CORRIDO = Rules(mus_corrido="game")

    def test_the_seat_that_cuts_becomes_the_mano(self) -> None:
        # RULES.md section 13 (001): in the first hand of a game the seat that cuts the
        # mus becomes the mano, and speaking order starts from it.
        state = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1)
        assert state.deal.corrido and state.mano == 0
        state = play(state, ["mus", "mus", "no-mus"])
        assert state.mano == 2 and state.to_act == 2 and state.lance is Lance.GRANDE
        assert state.speaking_order == (2, 3, 0, 1)

    def test_a_whole_hand_counted_from_the_new_mano(self) -> None:
        # Seat 2 cuts and is mano: speaking order 2, 3, 0, 1. Grande: seat 2 bets 2
        # (team 0) and seat 3 accepts. Chica: four passes. Pares: seats 3 (pareja of
        # ases: its 2 plays as an as), 0 (reyes) and 1 (caballos) have pares, both teams
        # do, and all three pass. Nobody has juego: punto, four passes.
        state = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1)
        state = play(state, ["mus", "mus", "no-mus", "bet 2", "accept"] + ["pass"] * 4)
        assert state.lance is Lance.PARES and state.betting is not None
        assert state.betting.seats == (3, 0, 1) and state.to_act == 3
        state = play(state, ["pass"] * 3 + ["pass"] * 4)
        assert state.is_over and state.count is not None
        lines = {line.lance: line for line in state.count.lines}
        # grande: seat 0's R R 7 1 is best: team 0, the accepted 2 stones.
        assert (lines[Lance.GRANDE].team, lines[Lance.GRANDE].seat, lines[Lance.GRANDE].stones) == (0, 0, 2)
        # chica en paso: seat 3's 1 1 4 R against seat 0's 1 7 R R: seat 3, team 1, 1 stone.
        assert (lines[Lance.CHICA].team, lines[Lance.CHICA].seat, lines[Lance.CHICA].stones) == (1, 3, 1)
        # pares en paso: seat 0's pareja of reyes is best: team 0, its bonus of 1.
        assert (lines[Lance.PARES].team, lines[Lance.PARES].seat, lines[Lance.PARES].stones) == (0, 0, 1)
        # punto en paso: seat 1's 29 is best: team 1, 1 stone.
        assert (lines[Lance.PUNTO].team, lines[Lance.PUNTO].seat, lines[Lance.PUNTO].stones) == (1, 1, 1)
        assert state.scores == (3, 2)

    def test_ties_go_to_the_new_mano(self) -> None:
        # Seats 0 and 2 hold equal grande hands; seat 2 cuts and is mano, so seat 2
        # (team 0) wins the tie en paso; without mus corrido seat 0 would.
        tied = ["Ro Rc 7e 1b", "Co Cc 5b 4e", "Re Rb 7o 1c", "3b 2e 1o 4c"]
        for rules, seat in ((self.CORRIDO, 2), (Rules(), 0)):
            state = play(mus.new_hand(rules, hands=tied, seed=1), ["mus", "mus", "no-mus"])
            while not state.is_over:
                state = mus.apply(state, "pass")
            assert state.count is not None
            assert state.count.lines[0].seat == seat

    def test_without_the_knob_the_mano_stays(self) -> None:
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["mus", "mus", "no-mus"])
        assert state.mano == 0 and state.to_act == 0 and not state.deal.corrido

    def test_only_the_first_hand_of_a_game(self) -> None:
        # A hand dealt at a score other than 0-0 is not a game's first hand.
        later = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1, scores=(3, 0))
        assert not later.deal.corrido
        assert play(later, ["mus", "mus", "no-mus"]).mano == 0

    @pytest.mark.parametrize("scope", ["game", "match"])
    def test_in_a_match_the_mano_rotates_from_the_cutter(self, scope: str) -> None:
        rules = Rules(mus_corrido=scope, games_to_win=2)
        match = mus.new_match(rules, seed=3)
        assert match.hand.deal.corrido
        match = mus.apply(match, "mus")
        match = mus.apply(match, "no-mus")  # seat 1 cuts: the mano
        assert match.hand.mano == 1
        # Seat 1 calls órdago at once and seat 2 accepts: the first game ends.
        match = mus.apply(match, "ordago")
        match = mus.apply(match, "accept")
        assert sum(match.games) == 1
        # The next hand's mano is the seat after the cutter; it starts a new game,
        # where mus corrido applies again only when the knob says "game".
        assert match.hand.mano == 2
        assert match.hand.deal.corrido is (scope == "game")

    def test_the_history_round_trips(self) -> None:
        state = play(mus.new_hand(self.CORRIDO, hands=HANDS, seed=1), ["mus", "no-mus", "ordago", "fold"])
        assert state.mano == 1
        assert parse_hand(format_hand(state)) == state
        assert hand_from_json(hand_to_json(state)) == state
        assert mus.replay(state.deal, state.history) == state
        # A match says when a hand at 0-0 is not a corrido hand (scope "match"): the
        # notation writes it, since the scores alone would suggest otherwise.
        told = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1, corrido=False)
        text = format_hand(told)
        assert "corrido no" in text and parse_hand(text) == told
        assert hand_from_json(hand_to_json(told)) == told


class TestMaxBet:
    CAPPED = Rules(max_bet=40)

    def test_a_bet_or_raise_over_the_cap_is_refused(self) -> None:
        # RULES.md section 9 (001's site: bets "entre 2 et 40"): the cap is on what one
        # bet or raise names; the stake may grow past it by raises, and órdago stays.
        state = play(mus.new_hand(self.CAPPED, hands=HANDS, seed=1), ["no-mus"])
        legal = state.legal_actions()
        assert legal.max_bet == 40 and legal.seat == 0
        assert mus.Bet(40) in legal and mus.Bet(41) not in legal and mus.Ordago() in legal
        assert state.is_legal(mus.Bet(40)) and not state.is_legal(mus.Bet(41))
        with pytest.raises(mus.IllegalActionError, match="at most 40 stones"):
            mus.apply(state, "bet 41")
        state = play(state, ["bet 40", "bet 40"])
        assert state.betting is not None and state.betting.stake == 80
        assert mus.Bet(41) not in state.legal_actions()

    def test_no_cap_by_default(self) -> None:
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["no-mus"])
        assert state.legal_actions().max_bet is None and mus.Bet(1000) in state.legal_actions()

    def test_random_play_under_the_cap(self) -> None:
        import random

        rnd = random.Random(5)
        for number in range(300):
            state = mus.new_hand(self.CAPPED, seed=number)
            while not state.is_over:
                legal = state.legal_actions()
                if legal.min_bet is not None and rnd.random() < 0.3:
                    stones = rnd.randint(2, 60)
                    assert (mus.Bet(stones) in legal) == (stones <= 40) == state.is_legal(mus.Bet(stones))
                state = mus.apply(state, rnd.choice(legal))
