"""The knobs of issue 9: juego order, real 31 "king", games to win up to 5, vacas,
max_bet, the flipped folded_seat_counts default, and the señas, mus corrido and mus
visto knobs (rules sections 5, 7, 9 and 13)."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

import mus
from mus import RANK_MULTISETS, Hand, Lance, Rank, Rules, RulesError
from mus.notation import (
    BASELINES,
    LATER_KNOBS,
    format_hand,
    format_match,
    match_from_json,
    match_to_json,
    parse_match,
    parse_rules,
    rules_data,
    rules_text,
)

# The orders as rules section 5 states them, best first, written out here rather
# than read from the library. 38 and 39 cannot occur.
STATED_ORDERS = {
    "standard": [31, 32, 40, 37, 36, 35, 34, 33],
    "descending": [31, 40, 37, 36, 35, 34, 33, 32],
}
FIGURES = {Rank.SOTA, Rank.CABALLO, Rank.REY}


def reference_total(ranks: tuple[Rank, ...], eight_kings: bool) -> int:
    total = 0
    for rank in ranks:
        if rank in FIGURES or (eight_kings and rank is Rank.TRES):
            total += 10
        elif eight_kings and rank is Rank.DOS:
            total += 1
        else:
            total += int(rank)
    return total


def reference_real_31(ranks: tuple[Rank, ...], real_31: bool | str) -> bool:
    sietes = [rank for rank in ranks if rank is Rank.SIETE]
    others = [rank for rank in ranks if rank is not Rank.SIETE]
    if not real_31 or len(sietes) != 3:
        return False
    if real_31 == "king":
        return others == [Rank.REY]
    return others[0] in FIGURES


def juego_key(ranks: tuple[Rank, ...], rules: Rules) -> int:
    return rules.ranking.keys[Lance.JUEGO][RANK_MULTISETS.index(ranks)]


def hand_of(ranks: tuple[Rank, ...]) -> Hand:
    suits = itertools.cycle("ocbe")
    return Hand.parse(" ".join(f"{rank}{next(suits)}" for rank in ranks))


ALL_CONFIGS = [
    (eight_kings, real_31, order)
    for eight_kings in (True, False)
    for real_31 in (False, True, "king")
    for order in ("standard", "descending")
]


class TestJuegoOrder:
    def test_default_is_standard(self) -> None:
        assert Rules().juego_order == "standard"
        assert mus.JUEGO_ORDERS["standard"] == mus.JUEGO_ORDER == tuple(STATED_ORDERS["standard"])
        assert mus.JUEGO_ORDERS["descending"] == tuple(STATED_ORDERS["descending"])

    @pytest.mark.parametrize("eight_kings, real_31, order", ALL_CONFIGS, ids=repr)
    def test_every_multiset_follows_the_stated_order(self, eight_kings: bool, real_31: bool | str, order: str) -> None:
        rules = Rules(eight_kings=eight_kings, real_31=real_31, juego_order=order)
        stated = STATED_ORDERS[order]
        place = {total: len(stated) - index for index, total in enumerate(stated)}
        seen = set()
        for ranks in RANK_MULTISETS:
            total = reference_total(ranks, eight_kings)
            key = juego_key(ranks, rules)
            assert mus.points(hand_of(ranks), rules) == total
            if total < 31:
                assert key == 0, ranks
                continue
            seen.add(total)
            if reference_real_31(ranks, real_31):
                assert key == len(stated) + 1, ranks
            else:
                assert key == place[total], ranks
        # Every total of the stated order occurs (38 and 39 never do).
        assert seen == set(stated)

    @pytest.mark.parametrize("order", ["standard", "descending"])
    def test_pairwise_over_all_multisets(self, order: str) -> None:
        # Any two hands with juego: the one whose total comes first in the stated order
        # wins, equal totals tie; a hand without juego never beats one with it.
        rules = Rules(juego_order=order)
        stated = STATED_ORDERS[order]
        by_total: dict[int, tuple[Rank, ...]] = {}
        without = []
        for ranks in RANK_MULTISETS:
            total = reference_total(ranks, True)
            if total >= 31:
                by_total.setdefault(total, ranks)
            else:
                without.append(ranks)
        for (ta, a), (tb, b) in itertools.product(by_total.items(), repeat=2):
            expected = (stated.index(ta) < stated.index(tb)) - (stated.index(ta) > stated.index(tb))
            assert mus.compare(Lance.JUEGO, hand_of(a), hand_of(b), rules) == expected
        for ranks in without[::7]:
            for _total, other in by_total.items():
                assert mus.compare(Lance.JUEGO, hand_of(ranks), hand_of(other), rules) == -1

    def test_examples(self) -> None:
        forty, thirty_two = Hand.parse("Ro Rc Co Cc"), Hand.parse("Ro Rc 6b 6o")
        assert mus.points(thirty_two, Rules()) == 32
        assert mus.compare(Lance.JUEGO, thirty_two, forty, Rules()) == 1
        assert mus.compare(Lance.JUEGO, thirty_two, forty, Rules(juego_order="descending")) == -1
        thirty_one = Hand.parse("Ro Rc Se 1b")
        assert mus.compare(Lance.JUEGO, thirty_one, forty, Rules(juego_order="descending")) == 1
        # Punto, pares, grande and chica do not change.
        descending = Rules(juego_order="descending")
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.PUNTO):
            assert descending.ranking.keys[lance] == Rules().ranking.keys[lance]

    def test_winner_at_the_table(self) -> None:
        hands = [Hand.parse("Ro Rc 6b 6o"), Hand.parse("Ro Rc Co Cc")]
        assert mus.winner(Lance.JUEGO, hands, Rules()) == 0
        assert mus.winner(Lance.JUEGO, hands, Rules(juego_order="descending")) == 1

    def test_rankings_are_cached_per_order(self) -> None:
        assert Rules(juego_order="descending").ranking is Rules(juego_order="descending", target=30).ranking
        assert Rules(juego_order="descending").ranking is not Rules().ranking
        assert Rules(juego_order="descending").ranking.juego_order == "descending"
        assert Rules(real_31="king").ranking is not Rules(real_31=True).ranking

    def test_a_ranking_built_by_hand_checks_the_order(self) -> None:
        with pytest.raises(RulesError, match="juego_order"):
            mus.Ranking(True, False, juego_order="upside-down")

    @pytest.mark.parametrize("value", ["Standard", "ascending", "", None, 1, True])
    def test_invalid(self, value: Any) -> None:
        with pytest.raises(RulesError, match="juego_order must be one of 'standard', 'descending'"):
            Rules(juego_order=value)


class TestReal31:
    REAL_REY = Hand.parse("7o 7c 7e Ro")
    REAL_SOTA = Hand.parse("7o 7c 7e Sb")
    REAL_CABALLO = Hand.parse("7o 7c 7e Cb")
    THREE = Hand.parse("7o 7c 7e 3o")
    PLAIN = Hand.parse("Rc Cb Se 1o")

    def test_values(self) -> None:
        assert Rules().real_31 is False
        assert Rules(real_31=True).real_31 is True
        assert Rules(real_31="king").real_31 == "king"

    def test_off(self) -> None:
        for real in (self.REAL_REY, self.REAL_SOTA, self.THREE):
            assert mus.compare(Lance.JUEGO, real, self.PLAIN, Rules()) == 0

    def test_any_figure(self) -> None:
        rules = Rules(real_31=True)
        for real in (self.REAL_REY, self.REAL_SOTA, self.REAL_CABALLO):
            assert mus.compare(Lance.JUEGO, real, self.PLAIN, rules) == 1
        assert mus.compare(Lance.JUEGO, self.THREE, self.PLAIN, rules) == 0
        assert mus.compare(Lance.JUEGO, self.REAL_REY, self.REAL_SOTA, rules) == 0

    def test_king_only(self) -> None:
        rules = Rules(real_31="king")
        assert mus.compare(Lance.JUEGO, self.REAL_REY, self.PLAIN, rules) == 1
        assert mus.compare(Lance.JUEGO, self.REAL_REY, self.REAL_SOTA, rules) == 1
        for plain in (self.REAL_SOTA, self.REAL_CABALLO, self.THREE):
            assert mus.compare(Lance.JUEGO, plain, self.PLAIN, rules) == 0

    def test_king_under_four_kings(self) -> None:
        rules = Rules(real_31="king", eight_kings=False)
        assert mus.compare(Lance.JUEGO, self.REAL_REY, self.PLAIN, rules) == 1
        assert mus.points(self.THREE, rules) == 24

    @pytest.mark.parametrize("eight_kings", [True, False])
    @pytest.mark.parametrize("order", ["standard", "descending"])
    def test_real_31_beats_every_other_hand(self, eight_kings: bool, order: str) -> None:
        for real_31 in (True, "king"):
            rules = Rules(real_31=real_31, eight_kings=eight_kings, juego_order=order)
            keys = rules.ranking.keys[Lance.JUEGO]
            best = max(keys)
            reals = {ranks for ranks in RANK_MULTISETS if reference_real_31(ranks, real_31)}
            assert reals
            for index, ranks in enumerate(RANK_MULTISETS):
                assert (keys[index] == best) == (ranks in reals), ranks

    def test_is_real_31_with_rules(self) -> None:
        assert mus.is_real_31(self.REAL_SOTA) and not mus.is_real_31(self.THREE)
        assert not mus.is_real_31(self.REAL_REY, Rules())
        assert mus.is_real_31(self.REAL_SOTA, Rules(real_31=True))
        assert not mus.is_real_31(self.REAL_SOTA, Rules(real_31="king"))
        assert mus.is_real_31(self.REAL_REY, Rules(real_31="king"))
        assert not mus.is_real_31(self.THREE, Rules(real_31="king"))

    def test_bonus_is_still_a_31(self) -> None:
        rules = Rules(real_31="king")
        assert mus.bonus(Lance.JUEGO, self.REAL_REY, rules) == 3
        assert rules.bonuses is not None
        assert rules.bonuses[Lance.JUEGO][self.REAL_REY.multiset] == 3

    @pytest.mark.parametrize(
        "rules, line",
        [
            (Rules(), "juego: team 0 (seat 0) wins en paso: 3 bonus stones"),  # the mano wins the tie
            (Rules(real_31="king"), "juego: team 1 (seat 1) wins en paso: 3 bonus stones"),
            (Rules(real_31=True), "juego: team 1 (seat 1) wins en paso: 3 bonus stones"),
        ],
        ids=repr,
    )
    def test_plays_through_a_hand(self, rules: Rules, line: str) -> None:
        hands = ["Rc Cb Se 1o", "7o 7c 7e Ro", "4o 5o 6e 1c", "4c 5c 6c 1e"]
        state = mus.apply(mus.new_hand(rules, hands=hands, seed=1), "no-mus")
        while not state.is_over:
            state = mus.apply(state, "pass")
        assert state.count is not None
        assert str(state.count.lines[3]) == line

    @pytest.mark.parametrize("value", ["King", "rey", "true", "figure", 1, 0, None, "False", ("king",)])
    def test_invalid(self, value: Any) -> None:
        with pytest.raises(RulesError) as info:
            Rules(real_31=value)
        assert "real_31 must be False, True (three sietes and any figure) or 'king'" in str(info.value)
        assert repr(value) in str(info.value)


class TestGamesToWin:
    @pytest.mark.parametrize("games", [1, 2, 3, 4, 5])
    def test_valid(self, games: int) -> None:
        assert Rules(games_to_win=games).games_to_win == games

    @pytest.mark.parametrize("value", [0, 6, -1, 5.0, "5", None, True])
    def test_invalid(self, value: Any) -> None:
        with pytest.raises(RulesError, match="games_to_win must be one of 1, 2, 3, 4, 5, got"):
            Rules(games_to_win=value)

    @pytest.mark.parametrize("games", [4, 5])
    def test_ordago_match(self, games: int) -> None:
        match = mus.new_match(Rules(games_to_win=games), seed=7)
        hands = 0
        while not match.is_over:
            for action in ["no-mus", "ordago", "accept"]:
                match = mus.apply(match, action)
            hands += 1
        assert max(match.games) == games and match.winner == match.games.index(games)
        assert match.vacas[match.winner] == 1 and sum(match.vacas) == 1
        assert hands == sum(match.games)


def ordago_match(rules: Rules, seed: int = 7) -> mus.MatchState:
    match = mus.new_match(rules, seed=seed)
    while not match.is_over:
        for action in ["no-mus", "ordago", "accept"]:
            match = mus.apply(match, action)
    return match


def reference_bookkeeping(match: mus.MatchState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    # Games and vacas recomputed from the finished hands, as rules section 9 says.
    rules = match.rules
    games, vacas = [0] * rules.teams, [0] * rules.teams
    for hand in match.finished:
        if hand.winner is None:
            continue
        games[hand.winner] += 1
        if games[hand.winner] == rules.games_to_win:
            vacas[hand.winner] += 1
            if vacas[hand.winner] < rules.vacas_to_win:
                games = [0] * rules.teams
    return tuple(games), tuple(vacas)


def play_random(match: mus.MatchState, seed: int, limit: int = 200_000) -> mus.MatchState:
    rng = random.Random(seed)
    for _ in range(limit):
        if match.is_over:
            return match
        actions = tuple(match.legal_actions())
        action = rng.choice(actions)
        if isinstance(action, mus.Ordago) and rng.random() < 0.9:
            action = rng.choice([a for a in actions if not isinstance(a, mus.Ordago)] or list(actions))
        match = mus.apply(match, action)
    raise AssertionError("the match did not end")


class TestVacas:
    def test_default(self) -> None:
        assert Rules().vacas_to_win == 1
        match = mus.new_match(seed=1)
        assert match.vacas == (0, 0)
        assert mus.new_match(Rules.preset("individual-5"), seed=1).vacas == (0,) * 5

    @pytest.mark.parametrize("vacas", [1, 2, 3, 4, 5])
    def test_valid(self, vacas: int) -> None:
        assert Rules(vacas_to_win=vacas).vacas_to_win == vacas

    @pytest.mark.parametrize("value", [0, 6, -1, 2.0, "2", None, True, False])
    def test_invalid(self, value: Any) -> None:
        with pytest.raises(RulesError, match="vacas_to_win must be one of 1, 2, 3, 4, 5, got"):
            Rules(vacas_to_win=value)

    def test_one_vaca_is_the_old_match(self) -> None:
        for games in (1, 2, 3):
            match = ordago_match(Rules(games_to_win=games))
            assert match.games == (0, games) and match.vacas == (0, 1) and match.winner == 1
            assert repr(match).startswith(f"<MatchState hand {games} games 0-{games} score")
            assert "vacas" not in format_match(match)

    def test_games_reset_when_a_vaca_is_won(self) -> None:
        rules = Rules(games_to_win=2, vacas_to_win=2)
        match = mus.new_match(rules, seed=7)
        while not match.is_over:
            before = match
            for action in ["no-mus", "ordago", "accept"]:
                match = mus.apply(match, action)
            # Every hand is a game here; games restart when a vaca is won.
            assert (match.games, match.vacas) == reference_bookkeeping(match)
            if match.vacas != before.vacas and not match.is_over:
                assert match.games == (0, 0)
            assert match.scores == (0, 0)
        assert max(match.vacas) == 2 and match.winner == match.vacas.index(2)
        assert max(match.games) == 2  # the games the last vaca ended with
        assert repr(match).startswith(f"<MatchState hand {len(match.finished)} vacas ")
        text = format_match(match)
        assert text.endswith(f"# team {match.winner} wins the match, {'-'.join(map(str, match.vacas))} in vacas\n")
        assert parse_match(text) == match
        assert match_from_json(match_to_json(match)) == match

    def test_vaca_bookkeeping_in_the_middle(self) -> None:
        match = mus.new_match(Rules(games_to_win=1, vacas_to_win=3), seed=7)
        for action in ["no-mus", "ordago", "accept"]:
            match = mus.apply(match, action)
        assert not match.is_over and match.winner is None
        assert match.games == (0, 0) and sum(match.vacas) == 1
        assert match.scores == (0, 0) and match.hand_number == 1

    @pytest.mark.parametrize("preset", ["standard", "six", "individual-3", "heads-up"])
    @pytest.mark.parametrize("seed", range(2))
    def test_random_matches(self, preset: str, seed: int) -> None:
        rules = Rules.preset(preset).evolve(games_to_win=2, vacas_to_win=2, target=10)
        match = play_random(mus.new_match(rules, seed=seed), seed)
        assert match.is_over and len(match.vacas) == len(match.games) == rules.teams
        assert max(match.vacas) == 2 and match.winner == match.vacas.index(2)
        assert match.games[match.winner] == 2
        assert (match.games, match.vacas) == reference_bookkeeping(match)
        # Replaying the history gives the same match.
        assert parse_match(format_match(match)) == match

    def test_match_state_equality_and_default_field(self) -> None:
        a = mus.new_match(seed=3)
        b = mus.MatchState(a.rules, a.seed, a.first_mano, a.hand, a.finished, a.games)
        assert b.vacas == (0, 0) and a == b

    def test_apply_after_the_end(self) -> None:
        match = ordago_match(Rules(games_to_win=1, vacas_to_win=2))
        assert match.is_over
        with pytest.raises(mus.MusError, match="the match is over"):
            mus.apply(match, "no-mus")


class TestMaxBet:
    def test_default_and_preset(self) -> None:
        assert Rules().max_bet is None
        assert Rules.preset("max-bet-40") == Rules(max_bet=40)

    @pytest.mark.parametrize("value", [None, 2, 3, 40, 1000])
    def test_valid(self, value: int | None) -> None:
        assert Rules(max_bet=value).max_bet == value

    @pytest.mark.parametrize("value", [0, 1, -2, 1001, 40.0, "40", True, False])
    def test_invalid(self, value: Any) -> None:
        with pytest.raises(RulesError) as info:
            Rules(max_bet=value)
        assert "max_bet must be None (no cap) or a whole number of stones from 2 to 1000" in str(info.value)
        assert repr(value) in str(info.value)


class TestFoldedSeatCounts:
    def test_default_flipped(self) -> None:
        assert Rules().folded_seat_counts is True
        assert Rules(folded_seat_counts=False).folded_seat_counts is False

    @pytest.mark.parametrize("value", [1, 0, None, "true"])
    def test_invalid(self, value: Any) -> None:
        with pytest.raises(RulesError, match="folded_seat_counts must be True or False"):
            Rules(folded_seat_counts=value)


class TestTableCustoms:
    def test_defaults(self) -> None:
        rules = Rules()
        assert (rules.senas, rules.mus_corrido, rules.mus_visto) == (False, "off", "forced")

    @pytest.mark.parametrize(
        "knob, values",
        [
            ("senas", [True, False]),
            ("mus_corrido", ["off", "game", "match"]),
            ("mus_visto", ["forced", "new-card", "servido"]),
        ],
    )
    def test_valid(self, knob: str, values: list[Any]) -> None:
        for value in values:
            rules = Rules(**{knob: value})
            assert getattr(rules, knob) == value
            assert Rules.from_dict(rules.to_dict()) == rules

    @pytest.mark.parametrize(
        "knob, value, message",
        [
            ("senas", 1, "senas must be True or False, got 1"),
            ("senas", "yes", "senas must be True or False, got 'yes'"),
            ("mus_corrido", True, "mus_corrido must be one of 'off', 'game', 'match', got True"),
            ("mus_corrido", "hand", "mus_corrido must be one of 'off', 'game', 'match', got 'hand'"),
            ("mus_corrido", None, "mus_corrido must be one of 'off', 'game', 'match', got None"),
            ("mus_visto", "new_card", "mus_visto must be one of 'forced', 'new-card', 'servido', got 'new_card'"),
            ("mus_visto", False, "mus_visto must be one of 'forced', 'new-card', 'servido', got False"),
        ],
    )
    def test_invalid(self, knob: str, value: Any, message: str) -> None:
        with pytest.raises(RulesError) as info:
            Rules(**{knob: value})
        assert str(info.value) == message
        with pytest.raises(RulesError):
            Rules().evolve(**{knob: value})


NON_DEFAULT: dict[str, Any] = {
    "juego_order": "descending",
    "vacas_to_win": 3,
    "max_bet": 40,
    "mus_corrido": "game",
    "mus_visto": "servido",
    "senas": True,
    "max_raises": 1,
    "max_mus_rounds": 0,
    "lances": ["grande", "juego"],
    "ranks": [1, 4, 5, 6, 7, 10, 11, 12],
    "suits": 3,
}


class TestPlainDataAndNotation:
    def test_new_knobs_in_to_dict(self) -> None:
        data = Rules().to_dict()
        assert data["juego_order"] == "standard" and data["vacas_to_win"] == 1
        assert data["max_bet"] is None and data["senas"] is False
        assert data["mus_corrido"] == "off" and data["mus_visto"] == "forced"
        assert data["folded_seat_counts"] is True and data["real_31"] is False
        assert data["max_raises"] is None and data["max_mus_rounds"] is None and data["suits"] == 4
        assert data["lances"] == ["grande", "chica", "pares", "juego"] and data["ranks"] == [
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            10,
            11,
            12,
        ]
        assert set(LATER_KNOBS) == set(NON_DEFAULT)

    @pytest.mark.parametrize(
        "rules",
        [
            Rules(real_31="king"),
            Rules(real_31=True, juego_order="descending"),
            Rules(games_to_win=5, vacas_to_win=5),
            Rules(max_bet=2),
            Rules.preset("max-bet-40"),
            Rules(folded_seat_counts=False),
            Rules(seats=6, **NON_DEFAULT),
            Rules(seats=3, teams=3, real_31="king", **NON_DEFAULT),
        ],
        ids=repr,
    )
    def test_round_trips(self, rules: Rules) -> None:
        data = rules.to_dict()
        assert Rules.from_dict(data) == rules
        assert Rules.from_dict(json.loads(json.dumps(data))) == rules
        assert parse_rules(rules_text(rules)) == rules
        assert Rules.from_dict(json.loads(json.dumps(rules_data(rules)))) == rules

    def test_later_knobs_are_written_only_when_changed(self) -> None:
        # Changed from the reading a line without the knob has always meant: the
        # default for most, the BASELINES value for a knob whose default moved.
        text = rules_text(Rules(**BASELINES))
        for knob in LATER_KNOBS:
            assert f"{knob}=" not in text
        assert " mus_visto=forced " in rules_text(Rules())
        for knob, value in NON_DEFAULT.items():
            text = rules_text(Rules(**{knob: value}))
            assert f" {knob}=" in text
            assert parse_rules(text) == Rules(**{knob: value})
        assert " real_31=king " in rules_text(Rules(real_31="king"))
        assert " max_bet=40 " in rules_text(Rules(max_bet=40))

    def test_old_rules_lines_read_as_before(self) -> None:
        # A rules line of the first notation (it wrote folded_seat_counts explicitly).
        old = (
            "eight_kings=true real_31=false target=40 games_to_win=3 payouts.en_paso=1"
            " payouts.first_refusal=1 payouts.pares=1,2,3 payouts.juego_31=3 payouts.juego=2"
            " payouts.punto=1 folded_seat_counts=false declarations=derived mus_decision=seat house="
        )
        rules = parse_rules(old)
        # Written before mus_visto="forced" became the default: the reading of then.
        assert rules == Rules(folded_seat_counts=False, mus_visto="new-card")
        assert rules_text(rules) == old

    @pytest.mark.parametrize(
        "text, message",
        [
            ("real_31=rey", "real_31 is true, false or king"),
            ("max_bet=1", "max_bet must be None"),
            ("max_bet=forty", "max_bet must be a whole number"),
            ("juego_order=upside", "juego_order must be one of"),
            ("vacas_to_win=9", "vacas_to_win must be one of"),
            ("senas=yes", "senas is true or false"),
            ("mus_visto=seen", "mus_visto must be one of"),
        ],
    )
    def test_bad_knobs_in_notation(self, text: str, message: str) -> None:
        with pytest.raises(mus.NotationError, match=message):
            parse_rules(text)

    def test_max_bet_none_reads(self) -> None:
        assert parse_rules("max_bet=none") == Rules(**BASELINES)

    def test_hand_history_with_new_knobs(self) -> None:
        rules = Rules(real_31="king", juego_order="descending", max_bet=40)
        state = mus.new_hand(rules, seed=42)
        for action in ["no-mus", "bet 2", "fold", "fold"]:
            state = mus.apply(state, action)
        text = format_hand(state)
        assert mus.notation.parse_hand(text) == state
        assert mus.notation.hand_from_json(mus.notation.hand_to_json(state)) == state


class TestPresets:
    def test_new_preset_listed(self) -> None:
        assert "max-bet-40" in mus.PRESETS

    @pytest.mark.parametrize("name", sorted(mus.PRESETS))
    def test_presets_keep_the_new_defaults(self, name: str) -> None:
        preset = Rules.preset(name)
        assert preset.juego_order == "standard" and preset.vacas_to_win == 1
        assert (preset.senas, preset.mus_corrido, preset.mus_visto) == (False, "off", "forced")
        assert preset.folded_seat_counts is True
