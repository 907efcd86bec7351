"""The rule set: defaults, knob validation, presets, evolve and plain-data round trips."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus
from mus import PRESETS, Payouts, Rules, RulesError


class TestDefaults:
    def test_rules_defaults_are_rules_md(self) -> None:
        rules = Rules()
        assert rules.eight_kings is True
        assert rules.real_31 is False
        assert rules.target == 40
        assert rules.games_to_win == 3
        assert rules.vacas_to_win == 1
        assert rules.juego_order == "standard"
        assert rules.max_bet is None
        assert rules.folded_seat_counts is True  # rules section 7, revised
        assert rules.payouts == Payouts()
        assert rules.seats == 4
        assert rules.teams == 2
        assert rules.team_of == (0, 1, 0, 1)

    def test_payouts_defaults_are_rules_md_section_8(self) -> None:
        payouts = Payouts()
        assert payouts.en_paso == 1
        assert payouts.first_refusal == 1
        assert payouts.pares == (1, 2, 3)
        assert payouts.juego_31 == 3
        assert payouts.juego == 2
        assert payouts.punto == 1

    def test_all_zero_payouts_are_refused(self) -> None:
        zeros = Payouts(en_paso=0, first_refusal=0, pares=(0, 0, 0), juego_31=0, juego=0, punto=0)
        with pytest.raises(RulesError, match="never end"):
            Rules(payouts=zeros)
        assert Rules(payouts=attrs.evolve(zeros, punto=1)).payouts.punto == 1

    def test_knobs_are_keyword_only(self) -> None:
        # A RulesError (a ValueError) since 0.x hardening, no longer a bare TypeError.
        with pytest.raises(mus.RulesError, match="positional"):
            Rules(False)  # type: ignore[call-arg]
        with pytest.raises(mus.RulesError, match="positional"):
            Payouts(1)  # type: ignore[call-arg]
        with pytest.raises(mus.RulesError, match=r"foo.*keywords: seats"):
            Rules(foo=1)  # type: ignore[call-arg]

    def test_ranking_follows_the_knobs(self) -> None:
        assert Rules().ranking.eight_kings is True
        assert Rules(eight_kings=False).ranking.eight_kings is False
        assert Rules(real_31=True).ranking.real_31 is True
        assert Rules(target=30).ranking == Rules().ranking


# Every knob, with valid and invalid values (wrong type, out of range, bool for int).
VALID: dict[str, list[Any]] = {
    "eight_kings": [True, False],
    "real_31": [True, False, "king"],
    "target": [1, 30, 40, 1000],
    "games_to_win": [1, 2, 3, 4, 5],
}
INVALID: dict[str, list[Any]] = {
    "eight_kings": [1, 0, None, "True", "yes", 1.0],
    "real_31": [1, 0, None, "False"],
    "target": [0, -1, 1001, 10**6, 30.0, "40", None, True, False],
    "games_to_win": [0, 6, 7, -1, "3", None, True, False, (3,)],
    "payouts": [None, {}, {"juego": 2}, (1, 2, 3), 1],
}
PAYOUT_INTS = ["en_paso", "first_refusal", "juego_31", "juego", "punto"]
PAYOUT_INVALID_INTS: list[Any] = [-1, 101, 1.0, "1", None, True, False]
PAYOUT_INVALID_PARES: list[Any] = [
    [1, 2, 3],
    (1, 2),
    (1, 2, 3, 4),
    (1, 2, -1),
    (1, 2, 101),
    (1, 2, 3.0),
    (1, True, 3),
    (1, 2, "3"),
    None,
    "123",
]


class TestValidation:
    @pytest.mark.parametrize("knob, value", [(k, v) for k, vs in VALID.items() for v in vs], ids=repr)
    def test_valid(self, knob: str, value: Any) -> None:
        rules = Rules(**{knob: value})
        assert getattr(rules, knob) == value
        assert type(getattr(rules, knob)) is type(value)

    @pytest.mark.parametrize("knob, value", [(k, v) for k, vs in INVALID.items() for v in vs], ids=repr)
    def test_invalid(self, knob: str, value: Any) -> None:
        with pytest.raises(RulesError) as info:
            Rules(**{knob: value})
        assert knob in str(info.value)
        assert repr(value) in str(info.value)

    @pytest.mark.parametrize("knob, value", [(k, v) for k, vs in INVALID.items() for v in vs], ids=repr)
    def test_invalid_through_evolve(self, knob: str, value: Any) -> None:
        with pytest.raises(RulesError):
            Rules().evolve(**{knob: value})

    @pytest.mark.parametrize("value", [2.0, Decimal(2)], ids=repr)
    def test_games_to_win_rejects_non_int_numbers(self, value: Any) -> None:
        # 2.0 == 2, so a membership test alone lets a float (or Decimal) through.
        with pytest.raises(RulesError):
            Rules(games_to_win=value)

    def test_rules_error_is_value_error(self) -> None:
        assert issubclass(RulesError, mus.MusError)
        assert issubclass(RulesError, ValueError)

    def test_messages(self) -> None:
        with pytest.raises(RulesError, match="target must be a whole number of stones from 1 to 1000, got 0"):
            Rules(target=0)
        with pytest.raises(RulesError, match="games_to_win must be one of 1, 2, 3, 4, 5, got 6"):
            Rules(games_to_win=6)
        with pytest.raises(RulesError, match="eight_kings must be True or False, got 1"):
            Rules(eight_kings=1)  # type: ignore[arg-type]


class TestPayoutsValidation:
    @pytest.mark.parametrize("knob", PAYOUT_INTS)
    @pytest.mark.parametrize("value", [0, 1, 7, 100])
    def test_valid_ints(self, knob: str, value: int) -> None:
        knobs: dict[str, Any] = {knob: value}
        assert getattr(Payouts(**knobs), knob) == value

    @pytest.mark.parametrize("knob", PAYOUT_INTS)
    @pytest.mark.parametrize("value", PAYOUT_INVALID_INTS, ids=repr)
    def test_invalid_ints(self, knob: str, value: Any) -> None:
        with pytest.raises(RulesError) as info:
            Payouts(**{knob: value})
        assert knob in str(info.value)
        assert repr(value) in str(info.value)

    @pytest.mark.parametrize("value", [(0, 0, 0), (1, 2, 3), (2, 4, 6), (100, 100, 100)])
    def test_valid_pares(self, value: tuple[int, int, int]) -> None:
        assert Payouts(pares=value).pares == value

    @pytest.mark.parametrize("value", PAYOUT_INVALID_PARES, ids=repr)
    def test_invalid_pares(self, value: Any) -> None:
        with pytest.raises(RulesError) as info:
            Payouts(pares=value)
        assert "pares" in str(info.value)
        assert repr(value) in str(info.value)

    def test_payouts_in_rules(self) -> None:
        payouts = Payouts(juego_31=4, pares=(2, 3, 4))
        rules = Rules(payouts=payouts)
        assert rules.payouts is payouts
        assert rules != Rules()


class TestPresets:
    def test_preset_values(self) -> None:
        assert Rules.preset("standard") == Rules()
        assert Rules.preset("four-kings") == Rules(eight_kings=False)
        assert Rules.preset("short") == Rules(target=30)
        assert Rules.preset("single-game") == Rules(games_to_win=1)
        assert Rules.preset("best-of-three") == Rules(games_to_win=2)
        assert Rules.preset("federation") == Rules(eight_kings=False, mus_decision="team")
        assert Rules.preset("declared") == Rules(declarations="explicit")
        assert Rules.preset("max-bet-40") == Rules(max_bet=40)
        assert Rules.preset("mini") == Rules(
            seats=2, ranks=(1, 7, 12), lances=("grande",), max_bet=2, max_raises=1, max_mus_rounds=0
        )
        assert Rules.preset("small") == Rules(seats=2, max_bet=2, max_raises=2, max_mus_rounds=0)
        assert set(PRESETS) == {
            "standard",
            "four-kings",
            "short",
            "single-game",
            "best-of-three",
            "federation",
            "declared",
            "max-bet-40",
            "heads-up",
            "six",
            "individual-2",
            "individual-3",
            "individual-4",
            "individual-5",
            "individual-6",
            "mini",
            "small",
        }
        assert Rules.preset("heads-up") == Rules(seats=2, teams=2)
        assert Rules.preset("six") == Rules(seats=6, teams=2)
        assert Rules.preset("individual-5") == Rules(seats=5, teams=5)

    @pytest.mark.parametrize("name", sorted(PRESETS))
    def test_presets_are_rules(self, name: str) -> None:
        preset = Rules.preset(name)
        assert isinstance(preset, Rules)
        assert preset == PRESETS[name]
        assert Rules.from_dict(preset.to_dict()) == preset

    @pytest.mark.parametrize("name", ["nope", "Standard", "", "four kings", None, 3, ["short"]], ids=repr)
    def test_unknown_preset(self, name: Any) -> None:
        with pytest.raises(RulesError, match="unknown preset") as info:
            Rules.preset(name)
        assert repr(name) in str(info.value)
        for known in PRESETS:
            assert known in str(info.value)


class TestEvolve:
    def test_evolve_changes_only_the_named_knobs(self) -> None:
        rules = Rules()
        short = rules.evolve(target=30)
        assert short.target == 30
        assert rules.target == 40  # unchanged
        assert attrs.evolve(short, target=40) == rules
        assert rules.evolve(eight_kings=False, games_to_win=1) == Rules(eight_kings=False, games_to_win=1)
        assert rules.evolve() == rules

    def test_evolve_updates_ranking(self) -> None:
        four = Rules().evolve(eight_kings=False)
        assert four.ranking.eight_kings is False
        hand = mus.Hand.parse("Ro 3c 7e 1b")
        assert mus.has_pares(hand, Rules())
        assert not mus.has_pares(hand, four)

    @pytest.mark.parametrize("knob", ["foo", "ranking", "seats", "teams", "eightkings"])
    def test_unknown_knob(self, knob: str) -> None:
        with pytest.raises(RulesError, match=knob):
            Rules().evolve(**{knob: 1})


class TestPlainData:
    def test_to_dict(self) -> None:
        assert Rules().to_dict() == {
            "seats": 4,
            "teams": 2,
            "eight_kings": True,
            "real_31": False,
            "juego_order": "standard",
            "target": 40,
            "games_to_win": 3,
            "vacas_to_win": 1,
            "max_bet": None,
            "payouts": {
                "en_paso": 1,
                "first_refusal": 1,
                "pares": [1, 2, 3],
                "juego_31": 3,
                "juego": 2,
                "punto": 1,
            },
            "folded_seat_counts": True,
            "declarations": "derived",
            "mus_decision": "seat",
            "mus_corrido": "off",
            "mus_visto": "forced",
            "senas": False,
            "max_raises": None,
            "max_mus_rounds": None,
            "lances": ["grande", "chica", "pares", "juego"],
            "ranks": [1, 2, 3, 4, 5, 6, 7, 10, 11, 12],
            "suits": 4,
            "house": [],
        }

    def test_to_dict_is_json(self) -> None:
        rules = Rules(real_31=True, payouts=Payouts(pares=(2, 3, 5)))
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules

    def test_partial_dict_uses_defaults(self) -> None:
        assert Rules.from_dict({}) == Rules()
        assert Rules.from_dict({"target": 30}) == Rules(target=30)
        assert Rules.from_dict({"payouts": {"juego": 3}}) == Rules(payouts=Payouts(juego=3))

    def test_to_dict_is_a_copy(self) -> None:
        rules = Rules()
        data = rules.to_dict()
        data["target"] = 1
        data["payouts"]["pares"].append(9)
        assert rules.to_dict()["target"] == 40
        assert rules.payouts.pares == (1, 2, 3)

    @pytest.mark.parametrize(
        "data",
        [
            {"foo": 1},
            {"ranking": None},
            {"target": "40"},
            {"target": 0},
            {"eight_kings": "yes"},
            {"games_to_win": 7},
            {"payouts": 3},
            {"payouts": {"bar": 1}},
            {"payouts": {"pares": [1, 2]}},
            {"payouts": {"juego": -1}},
            [],
            None,
            "standard",
        ],
        ids=repr,
    )
    def test_from_dict_errors(self, data: Any) -> None:
        with pytest.raises(RulesError):
            Rules.from_dict(data)

    @given(
        eight_kings=st.booleans(),
        real_31=st.sampled_from([False, True, "king"]),
        target=st.integers(1, 1000),
        games_to_win=st.sampled_from([1, 2, 3, 4, 5]),
        # All zeros are refused (a game could never end): see test_all_zero_payouts_are_refused.
        ints=st.lists(st.integers(0, 100), min_size=8, max_size=8).filter(any),
    )
    def test_round_trip(
        self, eight_kings: bool, real_31: bool | str, target: int, games_to_win: int, ints: list[int]
    ) -> None:
        payouts = Payouts(
            en_paso=ints[0],
            first_refusal=ints[1],
            pares=(ints[2], ints[3], ints[4]),
            juego_31=ints[5],
            juego=ints[6],
            punto=ints[7],
        )
        rules = Rules(
            eight_kings=eight_kings,
            real_31=real_31,
            target=target,
            games_to_win=games_to_win,
            payouts=payouts,
        )
        data = rules.to_dict()
        assert Rules.from_dict(data) == rules
        assert Rules.from_dict(json.loads(json.dumps(data))) == rules
        assert hash(Rules.from_dict(data)) == hash(rules)


class TestFrozenAndHashable:
    def test_hashable(self) -> None:
        assert hash(Rules()) == hash(Rules())
        assert len({Rules(), Rules(), Rules(target=30), Rules.preset("short")}) == 2
        assert {Rules(): "x"}[Rules()] == "x"
        assert hash(Payouts()) == hash(Payouts())

    def test_equality(self) -> None:
        assert Rules() == Rules()
        assert Rules() != Rules(real_31=True)
        assert Rules(payouts=Payouts(punto=2)) != Rules()

    @pytest.mark.parametrize(
        "knob, value",
        [("eight_kings", False), ("real_31", True), ("target", 30), ("games_to_win", 1), ("payouts", Payouts())],
    )
    def test_rules_frozen(self, knob: str, value: Any) -> None:
        rules = Rules()
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(rules, knob, value)
        assert rules == Rules()

    def test_payouts_frozen(self) -> None:
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            Payouts().juego = 5  # type: ignore[misc]

    @pytest.mark.parametrize("rules", [Rules(), Rules(eight_kings=False, real_31=True, target=30)])
    def test_pickle_round_trip(self, rules: Rules) -> None:
        import pickle

        copy = pickle.loads(pickle.dumps(rules))
        assert copy == rules
        assert copy.ranking.eight_kings == rules.eight_kings
        assert copy.ranking.real_31 == rules.real_31
        assert copy.team_of == (0, 1, 0, 1)

    def test_repr_round_trip(self) -> None:
        rules = Rules(real_31=True, target=30, payouts=Payouts(juego=3))
        assert eval(repr(rules), {"Rules": Rules, "Payouts": Payouts}) == rules
