"""Every Rules knob shown on a hand where it changes the outcome (rules sections
1, 4, 5, 6, 7, 8, 9 and 10)."""

from __future__ import annotations

import attrs
import pytest

import mus
from mus import Declare, Hand, Lance, Outcome, Payouts, Phase, Rules
from mus.notation import format_hand, parse_hand, parse_rules, rules_text

FOUR = Rules(eight_kings=False)


def play(rules: Rules, hands: list[str], actions: list[str], **deal: object) -> mus.HandState:
    state = mus.new_hand(rules, hands=hands, **deal)  # type: ignore[arg-type]
    for action in actions:
        state = mus.apply(state, action)
    return state


def line(state: mus.HandState, lance: Lance) -> mus.CountLine:
    assert state.count is not None
    return next(entry for entry in state.count.lines if entry.lance is lance)


class TestEightKings:
    def test_threes_are_reyes_and_twos_ases_only_under_eight_kings(self) -> None:
        threes, caballos = Hand.parse("3o 3c 1e 1b"), Hand.parse("Co Cc 1o 1c")
        assert mus.compare(Lance.GRANDE, threes, caballos, Rules()) == 1
        assert mus.compare(Lance.GRANDE, threes, caballos, FOUR) == -1
        assert str(mus.pares(Hand.parse("Ro 3c 7e 1b"), Rules())) == "pareja of rey"
        assert mus.pares(Hand.parse("Ro 3c 7e 1b"), FOUR) is None
        assert mus.points(Hand.parse("Ro 3c Sb 1o"), Rules()) == 31
        assert mus.points(Hand.parse("Ro 3c Sb 1o"), FOUR) == 24

    def test_pares_is_bet_under_eight_kings_and_void_under_four(self) -> None:
        hands = ["Ro 3c 7e 5b", "2o 1c 6e 4b", "Co Sc 4o 5o", "Se 4e 6b 7c"]
        actions = ["no-mus"] + ["pass"] * 8
        eight = play(Rules(), hands, actions)
        four = play(FOUR, hands, actions)
        assert eight.lance is Lance.PARES and eight.betting is not None
        assert eight.betting.seats == (0, 1)  # reyes (3 as rey) and ases (2 as as)
        assert four.phase is Phase.BETTING and four.lance is Lance.PUNTO
        assert four.results[-1] == mus.LanceResult(Lance.PARES, Outcome.VOID)


class TestTarget:
    @pytest.mark.parametrize("target, wins", [(30, True), (40, False)])
    def test_game_ends_at_the_target(self, target: int, wins: bool) -> None:
        hands = ["Ro Rc Sb 7e", "1o 4c 5e 6b", "Co 4o 5b 6c", "1c 4e 5o 6e"]
        # Only grande and chica are bet on: team 0 alone has pares and juego.
        state = play(Rules(target=target), hands, ["no-mus"] + ["pass"] * 8, scores=(29, 0))
        assert state.is_over
        assert state.scores[0] >= 30
        assert (state.winner == 0) is wins
        if wins:
            assert state.count is not None and state.count.stopped_at is Lance.GRANDE


class TestGamesToWin:
    @pytest.mark.parametrize("games, over", [(1, True), (2, False), (3, False)])
    def test_match_length(self, games: int, over: bool) -> None:
        match = mus.new_match(Rules(games_to_win=games), seed=11)
        for action in ("no-mus", "ordago", "accept"):
            match = mus.apply(match, action)
        assert sum(match.games) == 1
        assert match.is_over is over
        if not over:
            assert match.hand_number == 1 and match.scores == (0, 0) and match.hand.mano == 1


class TestReal31:
    def test_three_sietes_and_a_figure_beat_other_31s(self) -> None:
        real, plain = Hand.parse("7o 7c 7e Sb"), Hand.parse("Ro Cc Se 1b")
        assert mus.compare(Lance.JUEGO, real, plain, Rules()) == 0
        assert mus.compare(Lance.JUEGO, real, plain, Rules(real_31=True)) == 1
        # A 3 played as a rey is no figure.
        three = Hand.parse("7o 7c 7e 3b")
        assert mus.points(three, Rules()) == 31
        assert mus.compare(Lance.JUEGO, three, plain, Rules(real_31=True)) == 0

    def test_at_the_count(self) -> None:
        hands = ["Ro Cc Se 1b", "7o 7c 7e Sb", "1c 4c 5e 6b", "1o 4o 5b 6c"]
        actions = ["no-mus"] + ["pass"] * 8 + ["pass", "pass"]
        plain = play(Rules(), hands, actions)
        real = play(Rules(real_31=True), hands, actions)
        assert line(plain, Lance.JUEGO).team == 0  # tie: seat 0 is mano
        assert line(real, Lance.JUEGO).team == 1


class TestPayouts:
    HANDS = ["Ro Rc Se 1b", "Co Cc 5b 4e", "7e 6c 5o 1c", "3b 2e 1o 4c"]
    ACTIONS = ["no-mus"] + ["pass"] * 8 + ["pass"] * 3

    def test_default_table(self) -> None:
        state = play(Rules(), self.HANDS, self.ACTIONS)
        assert line(state, Lance.GRANDE).bet == 1
        assert line(state, Lance.PARES).bonus == 1
        assert line(state, Lance.JUEGO).bonus == 3

    def test_changed_table(self) -> None:
        rules = Rules(payouts=Payouts(en_paso=2, pares=(4, 5, 6), juego_31=7))
        state = play(rules, self.HANDS, self.ACTIONS)
        assert line(state, Lance.GRANDE).bet == 2
        assert line(state, Lance.CHICA).bet == 2
        assert line(state, Lance.PARES).bonus == 4
        assert line(state, Lance.JUEGO).bonus == 7

    def test_first_refusal_and_punto(self) -> None:
        hands = ["Ro 7c 5e 1b", "Co 6c 4b 2e", "Se 7o 4e 1c", "Cb 6b 5o 1o"]
        rules = Rules(payouts=Payouts(first_refusal=3, punto=2))
        state = play(rules, hands, ["no-mus", "bet 2", "fold", "fold"])
        assert state.scores == (3, 0)
        state = play(rules, hands, ["no-mus"] + ["pass"] * 8 + ["bet 2", "fold", "fold"])
        assert line(state, Lance.PUNTO).bonus == 2 and line(state, Lance.PUNTO).refusal == 3


class TestFoldedSeatCounts:
    HANDS = ["Co 7o 4e 1b", "Ro 7e 6b 5c", "Se 6o 5e 4c", "7c 6c 5b 1o"]
    ACTIONS = ["no-mus", "bet 2", "fold", "accept"] + ["pass"] * 8

    def test_a_folded_seat_shows_down_by_default(self) -> None:
        # rules section 7, revised default (sources 001, 003): seat 1 folded, its
        # partner seat 3 accepted; seat 1's rey still wins grande for team 1.
        state = play(Rules(), self.HANDS, self.ACTIONS)
        assert Rules().folded_seat_counts is True
        assert line(state, Lance.GRANDE).team == 1 and line(state, Lance.GRANDE).seat == 1

    def test_knob_puts_the_folded_seat_out(self) -> None:
        # Source 000's reading: the folded seat "n'a plus aucun droit" on the lance.
        state = play(Rules(folded_seat_counts=False), self.HANDS, self.ACTIONS)
        assert line(state, Lance.GRANDE).team == 0 and line(state, Lance.GRANDE).seat == 0


class TestExplicitDeclarations:
    RULES = Rules(declarations="explicit")
    # Seat 0 pareja of reyes, seat 1 pareja of caballos; seats 2 and 3 have no pares.
    HANDS = ["Ro Rc 7e 4b", "Co Cc 6e 5b", "Se 7o 5e 1c", "Sb 6o 4c 1o"]
    OPEN = ["no-mus"] + ["pass"] * 8
    # Both seats 0 and 1 have juego of 31: declared truly, then passed.
    JUEGO = ["declare juego yes", "declare juego yes", "declare juego no", "declare juego no", "pass", "pass"]

    def test_seats_declare_in_speaking_order(self) -> None:
        state = play(self.RULES, self.HANDS, self.OPEN)
        assert state.phase is Phase.DECLARE and state.lance is Lance.PARES and state.to_act == 0
        assert list(state.legal_actions()) == [Declare(Lance.PARES, True), Declare(Lance.PARES, False)]
        with pytest.raises(mus.IllegalActionError, match="declare pares yes"):
            mus.apply(state, "pass")
        with pytest.raises(mus.IllegalActionError, match="derived"):
            mus.apply(play(Rules(), self.HANDS, self.OPEN), Declare(Lance.PARES, True))

    def test_a_false_yes_loses_the_lance_for_the_team(self) -> None:
        # Seat 2 claims pares it does not have; its partner seat 0 has the best pares.
        declare = ["declare pares yes", "declare pares yes", "declare pares yes", "declare pares no"]
        state = play(self.RULES, self.HANDS, self.OPEN + declare + ["bet 2", "accept"] + self.JUEGO)
        pares = line(state, Lance.PARES)
        assert pares.liars == (2,)
        assert pares.team == 1 and pares.seat == 1
        assert pares.bet == 2 and pares.bonus == 1
        assert "falsely" in str(pares)
        truthful = play(Rules(), self.HANDS, [*self.OPEN, "bet 2", "accept", "pass", "pass"])
        assert line(truthful, Lance.PARES).team == 0

    def test_a_hidden_combination_does_not_take_part(self) -> None:
        declare = ["declare pares no", "declare pares yes", "declare pares no", "declare pares no"]
        state = play(self.RULES, self.HANDS, self.OPEN + declare)
        assert state.results[-1] == mus.LanceResult(Lance.PARES, Outcome.NO_BET, team=1, seats=(1,))

    def test_a_lying_side_takes_no_refusal_stones(self) -> None:
        # rules section 6: a false "yes" is checked when refusal stones are taken.
        # Seats 0, 1 and 2 say pares yes; seat 2 (team 0) has none. Seat 0 bets 2 and
        # seat 1 folds: team 0 lied, so it takes nothing; team 1, the best honest hand
        # (seat 1's pareja of caballos), is paid as the winner: the 1 refusal stone at
        # once, then its bonus (pareja 1) at the count.
        declare = ["declare pares yes", "declare pares yes", "declare pares yes", "declare pares no"]
        folded = play(self.RULES, self.HANDS, self.OPEN + declare + ["bet 2", "fold"])
        assert folded.scores == (0, 1)  # taken at once, by team 1
        state = play(self.RULES, self.HANDS, self.OPEN + declare + ["bet 2", "fold"] + self.JUEGO)
        pares = line(state, Lance.PARES)
        assert pares.outcome is Outcome.REFUSED and pares.team == 1 and pares.liars == (2,)
        assert pares.refusal == 1 and pares.bonus == 1

    def test_a_liar_who_folded_still_forfeits_the_ordago(self) -> None:
        # Seat 2 (team 0) falsely says pares yes. Seat 1 (team 1) calls órdago; seat 2
        # folds, its partner seat 0 accepts. Seat 0's pareja of reyes is the best pares,
        # but its partner lied: team 0 loses the lance and so the game (section 6).
        declare = ["declare pares yes", "declare pares yes", "declare pares yes", "declare pares no"]
        state = play(self.RULES, self.HANDS, self.OPEN + declare + ["pass", "ordago", "fold", "accept"])
        assert state.winner == 1
        assert state.count is not None and state.count.lines[-1].liars == (2,)
        assert state.results[-1].folded == (2,)

    def test_a_hidden_juego_takes_no_part_in_punto(self) -> None:
        # Seats 0 and 1 hold 31 but say "juego no"; nobody declares juego, so punto is
        # played, among seats 2 and 3 only (section 6: a hidden juego wins neither).
        hide = ["declare pares yes", "declare pares yes", "declare pares no", "declare pares no", "pass", "pass"]
        juego = ["declare juego no"] * 4
        state = play(self.RULES, self.HANDS, self.OPEN + hide + juego)
        assert state.lance is Lance.PUNTO and state.betting is not None
        assert state.betting.seats == (2, 3) and state.to_act == 2
        state = play(self.RULES, self.HANDS, self.OPEN + hide + juego + ["pass", "pass"])
        punto = line(state, Lance.PUNTO)
        # Seat 2 (Se 7o 5e 1c: 23) against seat 3 (Sb 6o 4c 1o: 21): seat 2, team 0, 1 stone.
        assert (punto.team, punto.seat, punto.stones) == (0, 2, 1)

    def test_the_history_replays_and_round_trips(self) -> None:
        declare = ["declare pares yes", "declare pares yes", "declare pares yes", "declare pares no"]
        state = play(self.RULES, self.HANDS, self.OPEN + declare + ["ordago", "accept"])
        assert state.winner == 1  # seat 2 lied: team 0 loses the órdago on pares
        assert mus.replay(state.deal, state.history) == state
        assert parse_hand(format_hand(state)) == state


class TestMusDecision:
    def test_one_word_per_team(self) -> None:
        state = mus.new_hand(Rules(mus_decision="team"), seed=3, mano=1)
        assert state.queue == (1, 2)
        state = mus.apply(state, "mus")
        with pytest.raises(mus.IllegalActionError, match="seat 2 speaks"):
            mus.apply(state, "mus", seat=3)
        state = mus.apply(state, "mus", seat=2)
        assert state.phase is Phase.DISCARD and state.queue == (1, 2, 3, 0)

    def test_per_seat_by_default(self) -> None:
        assert mus.new_hand(Rules(), seed=3, mano=1).queue == (1, 2, 3, 0)

    def test_sortir_and_mintza_cut(self) -> None:
        assert mus.parse_action("sortir") == mus.NoMus() == mus.parse_action("mintza")


@attrs.frozen
class FourOfAKindAsMedias(mus.HouseRule):
    """A house rule for the tests: four equal cards count as medias, not duples."""

    name = "test-four-as-medias"

    def lance_key(self, lance: Lance, ranks: tuple[mus.Rank, ...], key: int, rules: Rules) -> int:
        if lance is Lance.PARES and len(set(ranks)) == 1:
            return 2 * 256 + int(ranks[0]) * 16
        return key

    def bonus(self, lance: Lance, hand: Hand, bonus: int, rules: Rules) -> int:
        return 2 if lance is Lance.PARES and len(set(hand.ranks)) == 1 else bonus


class TestHouseRule:
    RULES = Rules(eight_kings=False, house=(FourOfAKindAsMedias(),))

    def test_changes_the_comparison_and_the_bonus(self) -> None:
        four, duples = Hand.parse("So Sc Se Sb"), Hand.parse("6o 6c 5e 5b")
        assert mus.compare(Lance.PARES, four, duples, FOUR) == 1
        assert mus.compare(Lance.PARES, four, duples, self.RULES) == -1
        assert mus.bonus(Lance.PARES, four, FOUR) == 3
        assert mus.bonus(Lance.PARES, four, self.RULES) == 2

    def test_survives_notation_and_dicts(self) -> None:
        assert "house=test-four-as-medias" in rules_text(self.RULES)
        assert parse_rules(rules_text(self.RULES)) == self.RULES
        assert Rules.from_dict(self.RULES.to_dict()) == self.RULES
        state = mus.new_hand(self.RULES, seed=4)
        assert parse_hand(format_hand(state)) == state

    def test_bad_house_rules_are_refused(self) -> None:
        with pytest.raises(mus.RulesError, match="unknown house rule"):
            Rules.from_dict({"house": ["nobody-knows-me"]})
        with pytest.raises(mus.RulesError, match="HouseRule"):
            Rules(house=("not a rule",))  # type: ignore[arg-type, unused-ignore]

        class Nameless(mus.HouseRule):
            pass

        with pytest.raises(mus.RulesError, match="names"):
            Rules(house=(Nameless(),))
