"""Edges of the lances and the count that mutation testing found unasserted.

Each test pins a behaviour of ``mus.lances`` or ``mus.scoring`` that a small change to
the code (a flipped comparison, a dropped check, a changed word) left the rest of the
suite passing: house-rule validation, ``LanceResult`` validation and text, the
winners' edges, hand-built órdago results, and every field of a ``CountLine``.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import mus
from mus import Hand, Lance, Rules, scoring
from mus.scoring import Count, CountLine, LanceResult, Outcome, count, lance_winner

# Under Rules() (eight kings): seat 0 pareja of reyes and 31; seat 1 pareja of caballos,
# 29; seat 2 no pares, 22; seat 3 (3 and 2 are rey and as) pareja of ases, 16.
HANDS = tuple(Hand.parse(text) for text in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"))
RULES = Rules()


def result(lance: Lance, outcome: Outcome, **fields: Any) -> LanceResult:
    return LanceResult(lance, outcome, **fields)


# -- house rules ---------------------------------------------------------------------


@attrs.frozen
class KeyRule(mus.HouseRule):
    """Gives every juego key the value ``key`` (for the validation tests)."""

    name = "test-mutants-key"
    key: Any = 0

    def lance_key(self, lance: Lance, ranks: tuple[mus.Rank, ...], key: int, rules: Rules) -> Any:
        return self.key if lance is Lance.JUEGO else key


@attrs.frozen
class BadKeyRule(KeyRule):
    """KeyRule for keys that must be refused: a class of its own, since the tables are
    cached per equal rule set and ``KeyRule(True) == KeyRule(1)``."""

    name = "test-mutants-bad-key"


@attrs.frozen
class BonusRule(mus.HouseRule):
    """Gives every pares bonus the value ``stones``."""

    name = "test-mutants-bonus"
    stones: Any = 0

    def bonus(self, lance: Lance, hand: Hand, bonus: int, rules: Rules) -> Any:
        return self.stones if lance is Lance.PARES else bonus


@attrs.frozen
class BadBonusRule(BonusRule):
    """BonusRule for bonuses that must be refused (see BadKeyRule)."""

    name = "test-mutants-bad-bonus"


class TestHouseRuleValidation:
    def test_subclasses_register_under_their_name(self) -> None:
        assert mus.HOUSE_RULES["test-mutants-key"] is KeyRule
        assert mus.HOUSE_RULES["test-mutants-bonus"] is BonusRule

    def test_a_nameless_subclass_does_not_register(self) -> None:
        before = dict(mus.HOUSE_RULES)

        class Unnamed(mus.HouseRule):
            pass

        assert before == mus.HOUSE_RULES

    def test_the_default_hooks_change_nothing(self) -> None:
        @attrs.frozen
        class Noop(mus.HouseRule):
            name = "test-mutants-noop"

        plain, house = Rules(), Rules(house=(Noop(),))
        for lance in Lance:
            assert house.ranking.keys[lance] == plain.ranking.keys[lance]
            for hand in HANDS:
                assert mus.bonus(lance, hand, house) == mus.bonus(lance, hand, plain)

    @pytest.mark.parametrize("key", [0, 1, 500])
    def test_whole_keys_from_zero_are_taken(self, key: int) -> None:
        rules = Rules(house=(KeyRule(key),))
        assert set(rules.ranking.keys[Lance.JUEGO]) == {key}
        assert mus.lance_key(Lance.JUEGO, HANDS[0], rules) == key
        assert mus.has_juego(HANDS[0], rules)  # juego itself is still the points' affair

    @pytest.mark.parametrize("key", [-1, True, False, 1.0, "3", None])
    def test_other_keys_are_refused(self, key: object) -> None:
        with pytest.raises(mus.RulesError, match="test-mutants-bad-key") as raised:
            Rules(house=(BadKeyRule(key),)).ranking  # noqa: B018
        assert "juego key" in str(raised.value)
        assert "whole numbers >= 0" in str(raised.value)

    def test_a_ranking_with_house_rules_needs_the_rules(self) -> None:
        with pytest.raises(mus.RulesError, match=r"Rules\(house=\.\.\.\)"):
            mus.Ranking(True, False, (KeyRule(1),))
        ranking = mus.Ranking(True, False, (KeyRule(7),), Rules())
        assert set(ranking.keys[Lance.JUEGO]) == {7}

    @pytest.mark.parametrize("stones", [0, 1, 9])
    def test_whole_bonuses_from_zero_are_taken(self, stones: int) -> None:
        rules = Rules(house=(BonusRule(stones),))
        assert mus.bonus(Lance.PARES, HANDS[0], rules) == stones
        assert mus.bonus(Lance.PARES, HANDS[2], rules) == stones  # the hook sees every hand
        assert mus.bonus(Lance.JUEGO, HANDS[0], rules) == 3

    @pytest.mark.parametrize("stones", [-1, True, 2.0, None])
    def test_other_bonuses_are_refused(self, stones: object) -> None:
        rules = Rules(house=(BadBonusRule(stones),))
        with pytest.raises(mus.RulesError, match="test-mutants-bad-bonus") as raised:
            mus.bonus(Lance.PARES, HANDS[0], rules)
        assert "pares bonus" in str(raised.value)

    def test_house_rules_need_distinct_names(self) -> None:
        with pytest.raises(mus.RulesError, match="distinct"):
            Rules(house=(KeyRule(1), KeyRule(2)))

    def test_house_rules_must_be_hashable(self) -> None:
        @attrs.define(eq=True)
        class Mutable(mus.HouseRule):
            name = "test-mutants-mutable"

        with pytest.raises(mus.RulesError, match="hashable"):
            Rules(house=(Mutable(),))


# -- lances ---------------------------------------------------------------------------


class TestLances:
    def test_parse_refuses_what_is_not_a_lance_name(self) -> None:
        for text in ("envite", ""):
            with pytest.raises(mus.MusError, match="unknown lance"):
                Lance.parse(text)
        with pytest.raises(mus.MusError):
            Lance.parse(3)  # type: ignore[arg-type]

    def test_parse_takes_any_case(self) -> None:
        assert [Lance.parse(text) for text in ("grande", "CHICA", "Pares", "juEgo", "punto")] == list(Lance)

    def test_format_uses_the_name(self) -> None:
        assert f"{Lance.PARES}" == "pares"
        assert f"{Lance.CHICA:>7}|" == "  chica|"

    def test_pares_text(self) -> None:
        assert str(mus.pares(Hand.parse("Ro 3c Se Sb"), RULES)) == "duples of rey and sota"
        assert str(mus.pares(Hand.parse("Co Cc Ce 1b"), RULES)) == "medias of caballo"
        assert str(mus.pares(Hand.parse("5o 5c 5e 5b"), RULES)) == "duples of cinco and cinco"

    def test_juego_order_must_be_known(self) -> None:
        with pytest.raises(mus.RulesError, match="juego_order"):
            mus.Ranking(True, False, juego_order="ascending")

    def test_real_31_under_each_value(self) -> None:
        sota, tres = Hand.parse("7o 7c 7e Sb"), Hand.parse("7o 7c 7e 3b")
        plain31 = Hand.parse("Ro Rc Se 1b")
        assert not mus.is_real_31(tres, Rules(real_31=True))
        assert mus.is_real_31(sota)  # without rules: any figure
        assert mus.is_real_31(Hand.parse("7o Rc 7e 7b"), Rules(real_31="king"))
        assert not mus.is_real_31(sota, Rules(real_31="king"))
        assert mus.points(HANDS[0], RULES) == 31 and mus.points(HANDS[3], RULES) == 16
        assert not mus.is_real_31(Hand.parse("7o 7c 6e Sb"))  # two sietes are not three
        for real in (True, "king"):
            rules = Rules(real_31=real)
            # the real 31 beats a plain 31 only when it is real under the rules
            expected = 1 if mus.is_real_31(sota, rules) else 0
            assert mus.compare(Lance.JUEGO, sota, plain31, rules) == expected
        assert mus.compare(Lance.JUEGO, sota, plain31, Rules()) == 0

    def test_bonus_values_follow_the_payouts(self) -> None:
        assert [
            mus.bonus(Lance.PARES, Hand.parse(t), RULES) for t in ("Ro Rc 7e 1b", "Ro Rc Rb 1b", "Ro Rc 1b 1e")
        ] == [
            1,
            2,
            3,
        ]
        assert mus.bonus(Lance.PARES, HANDS[2], RULES) == 0
        assert mus.bonus(Lance.JUEGO, HANDS[0], RULES) == 3  # 31
        assert mus.bonus(Lance.JUEGO, Hand.parse("Ro Rc Sb 1e"), Rules(eight_kings=False)) == 3  # 31
        assert mus.bonus(Lance.JUEGO, Hand.parse("Ro Rc Sb 2e"), Rules(eight_kings=False)) == 2  # 32
        assert mus.bonus(Lance.JUEGO, HANDS[1], RULES) == 0  # 29: no juego
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PUNTO):
            assert mus.bonus(lance, HANDS[0], RULES) == 0


class TestWinner:
    def test_ties_go_to_the_first_hand(self) -> None:
        same = [Hand.parse("Ro Rc 7e 1b"), Hand.parse("Rb Re 7o 1c")]
        for lance in Lance:
            assert mus.winner(lance, same, RULES) == (None if lance is Lance.JUEGO else 0)

    def test_nobody_with_pares_or_juego_wins_nothing(self) -> None:
        none = [Hand.parse("Ro Ce 7e 1b"), Hand.parse("So 6c 5e 4b")]
        assert mus.winner(Lance.PARES, none, RULES) is None
        assert mus.winner(Lance.JUEGO, none, RULES) is None
        assert mus.winner(Lance.PUNTO, none, RULES) == 0  # 28 against 25
        assert mus.winner(Lance.GRANDE, none, RULES) == 0
        assert mus.winner(Lance.CHICA, none, RULES) == 0  # the as
        assert mus.winner(Lance.PUNTO, none[::-1], RULES) == 1

    def test_no_hands_no_winner(self) -> None:
        for lance in Lance:
            assert mus.winner(lance, [], RULES) is None


class TestLanceWinner:
    def test_all_seats_when_none_given(self) -> None:
        assert lance_winner(Lance.GRANDE, HANDS, RULES, mano=0) == 0
        assert lance_winner(Lance.GRANDE, HANDS, RULES, mano=0, seats=()) == 0
        assert lance_winner(Lance.PARES, HANDS, RULES, mano=1) == 0

    def test_only_the_given_seats(self) -> None:
        assert lance_winner(Lance.GRANDE, HANDS, RULES, mano=0, seats=(1, 2)) == 1
        assert lance_winner(Lance.PARES, HANDS, RULES, mano=0, seats=(3,)) == 3
        assert lance_winner(Lance.PARES, HANDS, RULES, mano=0, seats=(2,)) is None

    def test_ties_go_to_the_seat_nearest_the_mano(self) -> None:
        same = tuple(Hand.parse(text) for text in ("Ro Rc 7e 1b", "Rb Re 7o 1c", "Ro Rc 7e 1b", "Rb Re 7o 1c"))
        for mano in range(4):
            for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.PUNTO):
                assert lance_winner(lance, same, RULES, mano=mano) == mano
            assert (
                lance_winner(Lance.GRANDE, same, RULES, mano=mano, seats=((mano + 2) % 4, (mano + 3) % 4))
                == (mano + 2) % 4
            )

    def test_nobody_with_pares_or_juego(self) -> None:
        none = tuple(Hand.parse(text) for text in ("Ro Ce 7e 1b", "So 6c 5e 4b", "Ro Ce 7e 1b", "So 6c 5e 4b"))
        for mano in range(4):
            assert lance_winner(Lance.PARES, none, RULES, mano=mano) is None
            assert lance_winner(Lance.JUEGO, none, RULES, mano=mano) is None
            assert lance_winner(Lance.PUNTO, none, RULES, mano=mano) in (0, 2)

    def test_the_mano_changes_the_winner_of_a_tie(self) -> None:
        # seats 0 and 2 tie at grande: the one nearer the mano wins
        hands = (HANDS[0], HANDS[1], Hand.parse("Rb Re Sc 1o"), HANDS[3])
        assert lance_winner(Lance.GRANDE, hands, RULES, mano=0) == 0
        assert lance_winner(Lance.GRANDE, hands, RULES, mano=1) == 2
        assert lance_winner(Lance.GRANDE, hands, RULES, mano=3) == 0


# -- LanceResult ----------------------------------------------------------------------


class TestLanceResult:
    @pytest.mark.parametrize("outcome", [Outcome.REFUSED, Outcome.NO_BET])
    def test_refused_and_no_bet_need_a_team(self, outcome: Outcome) -> None:
        with pytest.raises(mus.MusError, match=f"a {outcome} result needs team"):
            LanceResult(Lance.PARES, outcome)
        assert LanceResult(Lance.PARES, outcome, team=0).team == 0

    @pytest.mark.parametrize("outcome", [Outcome.EN_PASO, Outcome.ACCEPTED, Outcome.VOID])
    def test_en_paso_accepted_and_void_have_no_team(self, outcome: Outcome) -> None:
        with pytest.raises(mus.MusError, match=f"a {outcome} result has no team"):
            LanceResult(Lance.PARES, outcome, team=0)
        assert LanceResult(Lance.PARES, outcome).team is None

    def test_ordago_with_or_without_a_team(self) -> None:
        assert LanceResult(Lance.GRANDE, Outcome.ORDAGO).team is None
        assert LanceResult(Lance.GRANDE, Outcome.ORDAGO, team=1).team == 1

    @pytest.mark.parametrize("team", [0, 1, 5])
    def test_teams_are_side_numbers(self, team: int) -> None:
        assert LanceResult(Lance.GRANDE, Outcome.REFUSED, stake=1, team=team).team == team

    @pytest.mark.parametrize("team", [-1, 6, True, False, 1.0, "1"])
    def test_other_teams_are_refused(self, team: object) -> None:
        with pytest.raises(mus.MusError, match="side number from 0 to 5"):
            LanceResult(Lance.GRANDE, Outcome.REFUSED, stake=1, team=team)  # type: ignore[arg-type]

    def test_text_of_each_outcome(self) -> None:
        assert str(result(Lance.GRANDE, Outcome.EN_PASO)) == "grande: en paso"
        assert str(result(Lance.CHICA, Outcome.ACCEPTED, stake=5)) == "chica: accepted, 5 stones at stake"
        assert str(result(Lance.CHICA, Outcome.ACCEPTED, stake=1)) == "chica: accepted, 1 stone at stake"
        assert str(result(Lance.PARES, Outcome.REFUSED, stake=2, team=0)) == "pares: refused, 2 stones to team 0"
        assert str(result(Lance.JUEGO, Outcome.NO_BET, team=1)) == "juego: no bet, team 1"
        assert str(result(Lance.PARES, Outcome.VOID)) == "pares: void"
        assert str(result(Lance.GRANDE, Outcome.ORDAGO)) == "grande: ordago"
        assert str(result(Lance.JUEGO, Outcome.ORDAGO, team=0)) == "juego: ordago, team 0"


# -- count() with hand-built results --------------------------------------------------


class TestCountOrdago:
    def test_ordago_won_from_the_cards(self) -> None:
        record = count(HANDS, [result(Lance.GRANDE, Outcome.ORDAGO)], RULES, mano=0, scores=(10, 20))
        assert record.winner == 0
        assert record.stopped_at is Lance.GRANDE
        assert record.uncounted == ()
        assert record.scores == (10, 20)  # the órdago wins the game, not stones
        (line,) = record.lines
        assert (line.team, line.seat, line.bet, line.refusal, line.bonus, line.scores) == (0, 0, 0, 0, 0, (10, 20))
        assert str(line) == "grande: team 0 (seat 0) wins the órdago and the game"
        assert str(record) == "grande: team 0 (seat 0) wins the órdago and the game\nteam 0 wins the game\nscore 10-20"

    def test_ordago_follows_the_mano(self) -> None:
        record = count(HANDS, [result(Lance.CHICA, Outcome.ORDAGO)], RULES, mano=0, scores=(0, 0))
        assert (record.winner, record.lines[0].seat) == (1, 3)
        # seats 0 and 2 hold the only pares at mano 1? no: seat 3 has pareja of ases too
        pares = count(HANDS, [result(Lance.PARES, Outcome.ORDAGO)], RULES, mano=1, scores=(0, 0))
        assert (pares.winner, pares.lines[0].seat) == (0, 0)

    def test_ordago_with_a_given_team_stops_the_count(self) -> None:
        results = [
            result(Lance.GRANDE, Outcome.EN_PASO),
            result(Lance.CHICA, Outcome.ORDAGO, team=0),
            result(Lance.PARES, Outcome.ACCEPTED, stake=2),
            result(Lance.JUEGO, Outcome.NO_BET, team=0),
        ]
        record = count(HANDS, results, RULES, mano=0, scores=(0, 0))
        assert record.winner == 0  # as given, though seat 3 has the best chica
        assert record.stopped_at is Lance.CHICA
        assert record.uncounted == (Lance.PARES, Lance.JUEGO)
        assert [line.scores for line in record.lines] == [(1, 0), (1, 0)]
        chica = record.lines[1]
        assert (chica.outcome, chica.team, chica.seat, chica.bet, chica.bonus) == (Outcome.ORDAGO, 0, 3, 0, 0)
        assert str(record).endswith("team 0 wins the game; not counted: pares, juego\nscore 1-0")

    def test_ordago_on_juego_with_nobody_in_it(self) -> None:
        none = tuple(Hand.parse(text) for text in ("Ro Ce 7e 1b", "So 6c 5e 4b", "Ro Ce 7e 1b", "So 6c 5e 4b"))
        record = count(none, [result(Lance.JUEGO, Outcome.ORDAGO)], RULES, mano=0, scores=(3, 4))
        (line,) = record.lines
        assert (line.team, line.seat) == (None, None)
        assert record.winner is None
        assert record.stopped_at is None  # nobody won: the record says so
        assert str(line) == "juego: void, nobody scores"

    def test_the_team_of_a_result_must_sit_at_the_table(self) -> None:
        with pytest.raises(mus.MusError, match="no team 2"):
            count(HANDS, [result(Lance.GRANDE, Outcome.ORDAGO, team=2)], RULES, mano=0, scores=(0, 0))

    def test_hands_and_scores_must_fit_the_table(self) -> None:
        with pytest.raises(mus.MusError):
            count(HANDS[:3], [], RULES, mano=0, scores=(0, 0))
        with pytest.raises(mus.MusError, match="scores"):
            count(HANDS, [], RULES, mano=0, scores=(0, 0, 0))


# -- the count's lines ----------------------------------------------------------------


class TestCountLines:
    def test_scores_after_each_line_and_the_refusal(self) -> None:
        results = [
            result(Lance.GRANDE, Outcome.REFUSED, stake=1, team=1),
            result(Lance.CHICA, Outcome.ACCEPTED, stake=3),
            result(Lance.PARES, Outcome.REFUSED, stake=2, team=0),
            result(Lance.JUEGO, Outcome.NO_BET, team=0),
        ]
        record = count(HANDS, results, RULES, mano=0, scores=(2, 1))
        fields = [(line.team, line.seat, line.bet, line.refusal, line.bonus, line.scores) for line in record.lines]
        assert fields == [
            (1, None, 0, 1, 0, (2, 1)),  # the refusal stone is already in the score
            (1, 3, 3, 0, 0, (2, 4)),
            (0, None, 0, 2, 1, (3, 4)),  # seat 0's pareja (seat 2 has none)
            (0, None, 0, 0, 3, (6, 4)),  # seat 0's 31
        ]
        assert [line.stones for line in record.lines] == [0, 3, 1, 3]
        assert record.scores == (6, 4)
        assert record.winner is None and record.stopped_at is None and record.uncounted == ()
        assert [str(line) for line in record.lines] == [
            "grande: team 1 wins by refusal: 1 stone taken at the fold",
            "chica: team 1 (seat 3) wins the accepted stake: 3 stones",
            "pares: team 0 wins by refusal: 2 stones taken at the fold, then 1 bonus stone",
            "juego: team 0 wins with no bet: 3 bonus stones",
        ]
        assert str(record).endswith("\nscore 6-4")
        assert "wins the game" not in str(record)

    def test_en_paso_pays_one_stone_at_grande_and_chica_only(self) -> None:
        results = [result(lance, Outcome.EN_PASO) for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.JUEGO)]
        record = count(HANDS, results, RULES, mano=0, scores=(0, 0))
        assert [(line.bet, line.bonus) for line in record.lines] == [(1, 0), (1, 0), (0, 1), (0, 3)]
        assert [line.scores for line in record.lines] == [(1, 0), (1, 1), (2, 1), (5, 1)]
        assert str(record.lines[2]) == "pares: team 0 (seat 0) wins en paso: 1 bonus stone"

    def test_accepted_pares_adds_the_bonuses_of_the_winning_side(self) -> None:
        record = count(HANDS, [result(Lance.PARES, Outcome.ACCEPTED, stake=2)], RULES, mano=0, scores=(0, 0))
        (line,) = record.lines
        assert (line.team, line.seat, line.bet, line.bonus, line.scores) == (0, 0, 2, 1, (3, 0))
        assert str(line) == "pares: team 0 (seat 0) wins the accepted stake: 2 + 1 bonus stone"

    def test_punto_pays_its_bonus(self) -> None:
        hands = tuple(Hand.parse(text) for text in ("So 6c 5e 4b", "Ro Ce 7e 1b", "So 6c 5e 4b", "Ro Ce 7e 1b"))
        record = count(hands, [result(Lance.PUNTO, Outcome.ACCEPTED, stake=2)], RULES, mano=0, scores=(0, 0))
        (line,) = record.lines
        assert (line.team, line.seat, line.bet, line.bonus, line.scores) == (1, 1, 2, 1, (0, 3))

    def test_void_lines(self) -> None:
        record = count(HANDS, [result(Lance.JUEGO, Outcome.VOID)], RULES, mano=0, scores=(4, 4))
        (line,) = record.lines
        assert (line.team, line.seat, line.bet, line.refusal, line.bonus, line.scores) == (None, None, 0, 0, 0, (4, 4))
        assert str(line) == "juego: void, nobody scores"

    def test_reaching_the_target_stops_the_count(self) -> None:
        results = [result(Lance.GRANDE, Outcome.ACCEPTED, stake=2), result(Lance.CHICA, Outcome.EN_PASO)]
        exactly = count(HANDS, results, RULES, mano=0, scores=(38, 0))
        assert (exactly.winner, exactly.stopped_at, exactly.uncounted, exactly.scores) == (
            0,
            Lance.GRANDE,
            (Lance.CHICA,),
            (40, 0),
        )
        short = count(HANDS, results, RULES, mano=0, scores=(37, 0))
        assert (short.winner, short.stopped_at, short.scores) == (None, None, (39, 1))

    def test_count_line_texts(self) -> None:
        refused = CountLine(Lance.JUEGO, Outcome.REFUSED, 1, None, 0, 1, 2, (0, 5))
        assert str(refused) == "juego: team 1 wins by refusal: 1 stone taken at the fold, then 2 bonus stones"
        assert refused.stones == 2
        forfeited = CountLine(Lance.PARES, Outcome.EN_PASO, None, None, 0, 0, 0, (0, 0), liars=(1, 3))
        assert str(forfeited) == (
            "pares: forfeited, nobody scores (seats 1, 3 declared pares falsely: their sides forfeit the lance)"
        )
        bet_only = CountLine(Lance.GRANDE, Outcome.ACCEPTED, 0, 2, 1, 0, 0, (1, 0))
        assert str(bet_only) == "grande: team 0 (seat 2) wins the accepted stake: 1 stone"
        nothing = CountLine(Lance.PARES, Outcome.EN_PASO, 0, 0, 0, 0, 0, (0, 0))
        assert str(nothing) == "pares: team 0 (seat 0) wins en paso: 0 stones"
        alone = CountLine(Lance.GRANDE, Outcome.ORDAGO, 2, 2, 0, 0, 0, (0, 0, 0), individual=True)
        assert str(alone) == "grande: seat 2 wins the órdago and the game"

    def test_individual_count_names_seats(self) -> None:
        rules = Rules(seats=3, teams=3)
        hands = HANDS[:3]
        record = count(hands, [result(Lance.GRANDE, Outcome.ORDAGO)], rules, mano=0, scores=(0, 0, 0))
        assert isinstance(record, Count)
        assert str(record) == "grande: seat 0 wins the órdago and the game\nseat 0 wins the game\nscore 0-0-0"


# -- house rules that reach the edges of the comparisons and the count -----------------


@attrs.frozen
class FlatKeys(mus.HouseRule):
    """Every hand gets the same ``key`` at ``lance``: a tie everywhere."""

    name = "test-mutants-flat"
    lance: Lance = Lance.GRANDE
    key: int = 0

    def lance_key(self, lance: Lance, ranks: tuple[mus.Rank, ...], key: int, rules: Rules) -> int:
        return self.key if lance is self.lance else key


@attrs.frozen
class TargetBonus(mus.HouseRule):
    """The pares bonus of a hand is the rules' target plus its cards: the hook is
    handed the hand and the rules."""

    name = "test-mutants-target-bonus"

    def bonus(self, lance: Lance, hand: Hand, bonus: int, rules: Rules) -> int:
        return rules.target + len(hand.cards) if lance is Lance.PARES else bonus


class TestHouseRuleEdges:
    @pytest.mark.parametrize("key", [0, 1])
    def test_a_tie_at_the_lowest_keys_still_has_a_winner(self, key: int) -> None:
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PUNTO):
            rules = Rules(house=(FlatKeys(lance, key),))
            assert mus.winner(lance, HANDS, rules) == 0
            for mano in range(4):
                assert lance_winner(lance, HANDS, rules, mano=mano) == mano

    def test_pares_key_one_is_having_pares(self) -> None:
        rules = Rules(house=(FlatKeys(Lance.PARES, 1),))
        assert mus.has_pares(HANDS[2], rules)
        assert mus.winner(Lance.PARES, HANDS, rules) == 0
        assert lance_winner(Lance.PARES, HANDS, rules, mano=2) == 2
        nobody = Rules(house=(FlatKeys(Lance.PARES, 0),))
        assert not mus.has_pares(HANDS[0], nobody)
        assert lance_winner(Lance.PARES, HANDS, nobody, mano=2) is None

    def test_the_bonus_hook_is_handed_the_rules(self) -> None:
        rules = Rules(target=30, house=(TargetBonus(),))
        assert mus.bonus(Lance.PARES, HANDS[2], rules) == 34

    def test_refused_values_are_quoted(self) -> None:
        with pytest.raises(mus.RulesError, match="bonus of -1"):
            mus.bonus(Lance.PARES, HANDS[0], Rules(house=(BadBonusRule(-1),)))
        with pytest.raises(mus.MusError, match="'envite'"):
            Lance.parse("envite")

    def test_the_count_asks_the_house_rules_for_each_seat_of_the_side(self) -> None:
        # Under a house rule the count adds each hand's bonus through the hook: every
        # seat of the winning side (seats 0 and 2) among the result's seats.
        rules = Rules(house=(BonusRule(5),))
        everyone = count(HANDS, [result(Lance.PARES, Outcome.EN_PASO)], rules, mano=0, scores=(0, 0))
        assert (everyone.lines[0].team, everyone.lines[0].bonus, everyone.scores) == (0, 10, (10, 0))
        listed = count(HANDS, [result(Lance.PARES, Outcome.EN_PASO, seats=(0, 1))], rules, mano=0, scores=(0, 0))
        assert (listed.lines[0].team, listed.lines[0].bonus, listed.scores) == (0, 5, (5, 0))
        other = count(HANDS, [result(Lance.PARES, Outcome.NO_BET, team=1, seats=(1,))], rules, mano=0, scores=(0, 0))
        assert (other.lines[0].team, other.lines[0].bonus, other.scores) == (1, 5, (0, 5))
        juego = count(HANDS, [result(Lance.JUEGO, Outcome.NO_BET, team=0)], rules, mano=0, scores=(0, 0))
        assert juego.lines[0].bonus == 3  # the hook leaves juego alone: seat 0's 31


# -- whose bonuses count ---------------------------------------------------------------

# Seats 0 and 2 (team 0) both have pares and juego; seats 1 and 3 (team 1) neither.
PARTNERS = tuple(Hand.parse(text) for text in ("Ro Rc Se 1b", "Co 6c 5b 4e", "So Sc Cb 1e", "7o 6e 5c 4o"))


class TestWhoseBonusesCount:
    def test_every_seat_of_the_side_by_default(self) -> None:
        for outcome, fields in ((Outcome.ACCEPTED, {"stake": 2}), (Outcome.NO_BET, {"team": 0})):
            record = count(PARTNERS, [result(Lance.PARES, outcome, **fields)], RULES, mano=0, scores=(0, 0))
            assert record.lines[0].bonus == 2  # two parejas

    def test_only_the_listed_seats(self) -> None:
        accepted = count(
            PARTNERS, [result(Lance.PARES, Outcome.ACCEPTED, stake=2, seats=(0,))], RULES, mano=0, scores=(0, 0)
        )
        assert (accepted.lines[0].seat, accepted.lines[0].bonus, accepted.scores) == (0, 1, (3, 0))
        no_bet = count(
            PARTNERS, [result(Lance.JUEGO, Outcome.NO_BET, team=0, seats=(2,))], RULES, mano=0, scores=(0, 0)
        )
        assert (no_bet.lines[0].bonus, no_bet.scores) == (3, (3, 0))  # seat 2's 31 alone, not seat 0's too
        refused = count(
            PARTNERS, [result(Lance.PARES, Outcome.REFUSED, stake=1, team=0, seats=(2,))], RULES, mano=0, scores=(1, 0)
        )
        assert (refused.lines[0].refusal, refused.lines[0].bonus, refused.scores) == (1, 1, (2, 0))

    def test_an_ordago_pays_no_bonus(self) -> None:
        for fields in ({}, {"team": 0}):
            record = count(PARTNERS, [result(Lance.PARES, Outcome.ORDAGO, **fields)], RULES, mano=0, scores=(0, 0))
            line = record.lines[0]
            assert (line.team, line.bet, line.bonus, line.scores, record.winner) == (0, 0, 0, (0, 0), 0)

    def test_no_liars_without_explicit_declarations(self) -> None:
        record = count(HANDS, [result(Lance.PARES, Outcome.EN_PASO, seats=(0, 1, 2))], RULES, mano=0, scores=(0, 0))
        assert record.lines[0].liars == ()
        assert record.lines[0].team == 0


# -- explicit declarations: false ones forfeit the lance --------------------------------

EXPLICIT = Rules(declarations="explicit")


class TestFalseDeclarations:
    def test_who_declared_falsely(self) -> None:
        assert scoring.false_declarations(Lance.PARES, HANDS, EXPLICIT, (0, 1, 2, 3)) == (2,)
        assert scoring.false_declarations(Lance.JUEGO, HANDS, EXPLICIT, (0, 1, 2, 3)) == (1, 2, 3)
        assert scoring.false_declarations(Lance.JUEGO, HANDS, EXPLICIT, (0,)) == ()
        assert scoring.false_declarations(Lance.GRANDE, HANDS, EXPLICIT, (0, 1)) == ()

    def test_a_false_juego_forfeits_the_liars_side(self) -> None:
        record = count(HANDS, [result(Lance.JUEGO, Outcome.EN_PASO, seats=(0, 1))], EXPLICIT, mano=0, scores=(0, 0))
        line = record.lines[0]
        assert (line.team, line.seat, line.liars, line.bonus, line.scores) == (0, 0, (1,), 3, (3, 0))

    def test_a_folded_seats_false_declaration_still_binds_its_side(self) -> None:
        # Seat 2 said it had pares, folded, and seat 0 went on: seat 2 lied, team 0 forfeits.
        folded = result(Lance.PARES, Outcome.ACCEPTED, stake=2, seats=(0, 1), folded=(2,))
        record = count(HANDS, [folded], EXPLICIT, mano=0, scores=(0, 0))
        line = record.lines[0]
        assert (line.team, line.seat, line.liars, line.bet, line.bonus, line.scores) == (1, 1, (2,), 2, 1, (0, 3))
        honest = result(Lance.PARES, Outcome.ACCEPTED, stake=2, seats=(0, 1), folded=(0,))
        assert count(HANDS, [honest], EXPLICIT, mano=0, scores=(0, 0)).lines[0].liars == ()

    def test_no_bet_to_a_lying_side_goes_to_nobody(self) -> None:
        record = count(
            HANDS, [result(Lance.JUEGO, Outcome.NO_BET, team=1, seats=(1,))], EXPLICIT, mano=0, scores=(0, 0)
        )
        line = record.lines[0]
        assert (line.team, line.liars, line.bonus, line.scores) == (None, (1,), 0, (0, 0))
        assert (
            str(line) == "juego: forfeited, nobody scores (seat 1 declared juego falsely: that team forfeits the lance)"
        )

    def test_a_refusal_stands_but_a_lying_side_gets_no_bonus(self) -> None:
        refused = result(Lance.PARES, Outcome.REFUSED, stake=1, team=0, seats=(0, 2))
        record = count(HANDS, [refused], EXPLICIT, mano=0, scores=(1, 0))
        line = record.lines[0]
        assert (line.team, line.liars, line.refusal, line.bonus, line.scores) == (0, (2,), 1, 0, (1, 0))


# -- the records --------------------------------------------------------------------------


class TestRecords:
    def test_a_record_lists_its_lines_one_a_line(self) -> None:
        results = [result(Lance.GRANDE, Outcome.EN_PASO), result(Lance.CHICA, Outcome.EN_PASO)]
        record = count(HANDS, results, RULES, mano=0, scores=(0, 0))
        assert str(record) == (
            "grande: team 0 (seat 0) wins en paso: 1 stone\nchica: team 1 (seat 3) wins en paso: 1 stone\nscore 1-1"
        )

    def test_an_individual_record_without_a_winner_is_still_individual(self) -> None:
        rules = Rules(seats=3, teams=3)
        record = count(HANDS[:3], [result(Lance.GRANDE, Outcome.EN_PASO)], rules, mano=0, scores=(0, 0, 0))
        assert record.winner is None and record.individual is True
        assert count(HANDS, [], RULES, mano=0, scores=(0, 0)).individual is False

    def test_record_names_teams_unless_told(self) -> None:
        raw = scoring.tally(HANDS, [result(Lance.GRANDE, Outcome.EN_PASO)], RULES, 0, (0, 0))
        assert scoring.record(raw).individual is False
        assert str(scoring.record(raw).lines[0]) == "grande: team 0 (seat 0) wins en paso: 1 stone"
        assert scoring.record(raw, True).individual is True


# -- what the public functions say of bad arguments ------------------------------------


class TestArguments:
    def test_lance_result_fields(self) -> None:
        with pytest.raises(mus.MusError, match="got 6"):
            LanceResult(Lance.GRANDE, Outcome.REFUSED, stake=1, team=6)
        with pytest.raises(mus.MusError, match="'accepted'"):
            LanceResult(Lance.GRANDE, "accepted")  # type: ignore[arg-type]
        for name in ("seats", "folded"):
            with pytest.raises(mus.MusError, match=rf"^{name} .*'01'"):
                result(Lance.PARES, Outcome.EN_PASO, **{name: "01"})
            with pytest.raises(mus.MusError, match=r"a seat .*6"):
                result(Lance.PARES, Outcome.EN_PASO, **{name: (0, 6)})
            with pytest.raises(mus.MusError, match=r"a seat .*-1"):
                result(Lance.PARES, Outcome.EN_PASO, **{name: (-1,)})
            assert getattr(result(Lance.PARES, Outcome.EN_PASO, **{name: [0, 5]}), name) == (0, 5)

    def test_lance_winner_arguments(self) -> None:
        with pytest.raises(mus.MusError, match="hands"):
            lance_winner(Lance.GRANDE, HANDS[:3], RULES, mano=0)
        with pytest.raises(mus.MusError, match=r"the mano .*4"):
            lance_winner(Lance.GRANDE, HANDS, RULES, mano=4)

    def test_count_arguments(self) -> None:
        with pytest.raises(mus.MusError, match=r"the mano .*-1"):
            count(HANDS, [], RULES, mano=-1, scores=(0, 0))
        with pytest.raises(mus.MusError, match=r"a score .*-3"):
            count(HANDS, [], RULES, mano=0, scores=(0, -3))
        with pytest.raises(mus.MusError, match=r"\(0, 0, 0\)"):
            count(HANDS, [], RULES, mano=0, scores=(0, 0, 0))
        with pytest.raises(mus.MusError, match=r"LanceResult values, got \['grande'\]"):
            count(HANDS, ["grande"], RULES, mano=0, scores=(0, 0))  # type: ignore[list-item]
        with pytest.raises(mus.MusError, match=r"a seat of the pares result .*5"):
            count(HANDS, [result(Lance.PARES, Outcome.EN_PASO, seats=(0, 5))], RULES, mano=0, scores=(0, 0))
        with pytest.raises(mus.MusError, match=r"a seat of the pares result .*4"):
            count(HANDS, [result(Lance.PARES, Outcome.EN_PASO, folded=(4,))], RULES, mano=0, scores=(0, 0))

    def test_score_line_arguments(self) -> None:
        assert mus.score_line([12, 7]) == "12-7"
        with pytest.raises(mus.MusError, match="'12-7'"):
            mus.score_line("12-7")  # type: ignore[arg-type]
        with pytest.raises(mus.MusError, match=r"a score .*-1"):
            mus.score_line((3, -1))


# -- the hooks see the ranks and the rules; the messages name what was wrong -------------


@attrs.frozen
class FortyBest(mus.HouseRule):
    """Juego 40 beats 31: the hook reads the ranks and the rules it is handed."""

    name = "test-mutants-forty-best"

    def lance_key(self, lance: Lance, ranks: tuple[mus.Rank, ...], key: int, rules: Rules) -> int:
        total = sum(mus.rank_points(rank, rules) for rank in ranks)
        return 100 if lance is Lance.JUEGO and total == 40 else key


@attrs.frozen
class PlusTen(mus.HouseRule):
    """Ten more stones of pares for every hand: 10 without pares, 11 with a pareja."""

    name = "test-mutants-plus-ten"

    def bonus(self, lance: Lance, hand: Hand, bonus: int, rules: Rules) -> int:
        return bonus + 10 if lance is Lance.PARES else bonus


class TestHooksAndMessages:
    def test_the_key_hook_is_handed_the_ranks_and_the_rules(self) -> None:
        forty, thirty_one = Hand.parse("Ro Rc Rb Re"), Hand.parse("Ro Rc Se 1b")
        for eight_kings in (True, False):
            rules = Rules(eight_kings=eight_kings, house=(FortyBest(),))
            assert mus.compare(Lance.JUEGO, forty, thirty_one, rules) == 1
        # under eight kings 3s are reyes: the hook's rank_points sees the rules
        assert mus.compare(Lance.JUEGO, Hand.parse("3o 3c Rb Re"), thirty_one, Rules(house=(FortyBest(),))) == 1
        assert mus.compare(Lance.JUEGO, Hand.parse("3o 3c Rb Re"), thirty_one, Rules(eight_kings=False)) == -1

    def test_the_count_sums_the_hook_over_the_listed_seats_only(self) -> None:
        rules = Rules(house=(PlusTen(),))
        listed = count(HANDS, [result(Lance.PARES, Outcome.EN_PASO, seats=(0, 1))], rules, mano=0, scores=(0, 0))
        assert (listed.lines[0].team, listed.lines[0].bonus) == (0, 11)  # seat 0's pareja, not seat 2's nothing
        partner = count(HANDS, [result(Lance.PARES, Outcome.NO_BET, team=0, seats=(2,))], rules, mano=0, scores=(0, 0))
        assert partner.lines[0].bonus == 10

    def test_played_rank_and_rank_points(self) -> None:
        assert mus.played_rank(mus.Rank.TRES, RULES) is mus.Rank.REY
        assert mus.played_rank(mus.Rank.DOS, RULES) is mus.Rank.AS
        assert mus.played_rank(mus.Rank.TRES, Rules(eight_kings=False)) is mus.Rank.TRES
        assert [mus.rank_points(rank, RULES) for rank in (mus.Rank.SOTA, mus.Rank.SIETE, mus.Rank.DOS)] == [10, 7, 1]
        assert mus.rank_points(mus.Rank.DOS, Rules(eight_kings=False)) == 2
        for function in (mus.played_rank, mus.rank_points):
            with pytest.raises(mus.MusError, match=r"a rank .*got 3"):
                function(3, RULES)  # type: ignore[arg-type]
            with pytest.raises(mus.MusError, match="rules"):
                function(mus.Rank.TRES, None)  # type: ignore[arg-type]

    def test_ranking_messages(self) -> None:
        with pytest.raises(mus.RulesError, match=r"^juego_order must be one of 'standard', 'descending', got 'up'$"):
            mus.Ranking(True, False, juego_order="up")
        with pytest.raises(mus.RulesError, match=r"^a ranking with house rules is built by Rules\(house=\.\.\.\)$"):
            mus.Ranking(True, False, (KeyRule(1),))
        for key in (-1, "3", 2.5):
            with pytest.raises(mus.RulesError) as raised:
                Rules(house=(BadKeyRule(key),)).ranking  # noqa: B018
            assert f"juego key {key!r}:" in str(raised.value)
