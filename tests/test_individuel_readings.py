"""The Mus individuel where seed 000's text reads two ways: one knob of
``IndividuelRules`` per reading, and a test per value (docs/variants.rst, "Readings
of the text", quotes the sentence each value follows).

Each test plays a hand worked out by hand under both values of its knob; the default
value is today's behaviour, which tests/test_individuel.py pins on its worked examples.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mus import Lance, RulesError
from mus.hand import Hand
from mus.individuel import (
    READINGS,
    IndividuelRules,
    RandomPlayer,
    apply,
    best,
    bonus,
    format_hand,
    hand_from_json,
    hand_to_json,
    is_real_31,
    new_hand,
    parse_hand,
    play_hand,
)
from mus.individuel.notation import parse_rules, rules_text
from mus.individuel.state import HandState


def play(state: HandState, actions: list[str]) -> HandState:
    for action in actions:
        state = apply(state, action)
    return state


def passed_out(state: HandState) -> HandState:
    """The hand played on to its end with everyone passing."""
    while not state.is_over:
        state = apply(state, "paso")
    return state


def moves(state: HandState) -> list[str]:
    return [str(move) for move in state.moves]


# Three players, seat 0 the mano; kept after the discard of each line's last card:
# seat 0 R R 7 1 (the best grande), seat 1 C C C 5, seat 2 S 6 5 1.
THREE = ["Ro Rc 7e 1b 5o", "Cc Co Cb 5b 6o", "Se 6c 5e 1c 4o"]
THREE_DISCARDS = ["discard 5o", "discard 6o", "discard 4o"]


def three(**knobs: object) -> HandState:
    return play(new_hand(IndividuelRules(players=3, **knobs), cards=THREE, seed=1), THREE_DISCARDS)  # type: ignore[arg-type]


def test_every_reading_is_a_validated_knob_whose_default_is_its_first_value() -> None:
    defaults = IndividuelRules()
    assert list(READINGS) == [
        "juego_order",
        "accepted_stake",
        "refused_raise",
        "grande_chica_stone",
        "out_lance",
        "real_31_three",
    ]
    for name, values in READINGS.items():
        assert getattr(defaults, name) == values[0] and len(values) == 2
        for value in values:
            assert getattr(defaults.evolve(**{name: value}), name) == value
        for bad in ("", values[0].upper(), True, None, 1):
            with pytest.raises(RulesError, match=f"{name} must be one of"):
                IndividuelRules(**{name: bad})  # type: ignore[arg-type]
    assert READINGS["juego_order"] == ("standard", "descending")


def test_default_histories_read_and_write_as_before() -> None:
    # The readings are written only when they are not at their defaults: a history of
    # the default rules has the very rules line it had before they existed.
    state = play_hand(new_hand(IndividuelRules(players=3), seed=42), [RandomPlayer(s) for s in range(3)])
    rules_line = format_hand(state).splitlines()[1]
    assert rules_line == (
        "rules players=3 stones=8 eight_kings=true real_31=false juego_33=false ordago_last_lance=false"
        " zero_mid_hand=out next_game_mano=rotate losses=3"
    )
    assert '"out_lance"' not in hand_to_json(state)


@settings(max_examples=40, deadline=None)
@given(st.fixed_dictionaries({name: st.sampled_from(values) for name, values in READINGS.items()}), st.integers(0, 99))
def test_readings_round_trip_through_the_notations(knobs: dict[str, str], seed: int) -> None:
    rules = IndividuelRules(players=2 + seed % 7, real_31=True, **knobs)  # type: ignore[arg-type]
    assert parse_rules(rules_text(rules)) == rules
    words = rules_text(rules).split()
    assert all((f"{name}={value}" in words) == (value != READINGS[name][0]) for name, value in knobs.items())
    state = play_hand(new_hand(rules, seed=seed), [RandomPlayer(s) for s in range(rules.players)])
    assert parse_hand(format_hand(state)) == state == hand_from_json(hand_to_json(state))
    assert parse_hand(format_hand(state)).rules == rules


# --- juego_order ------------------------------------------------------------------------


@pytest.mark.parametrize(("order", "winner"), [("standard", 0), ("descending", 1)])
def test_juego_order_31_32_40_or_31_40_down_to_32(order: str, winner: int) -> None:
    # Seat 0 (the mano) keeps R R 7 5, a juego of 32; seat 1 keeps S S C C, 40.
    # « c'est le score de 31 qui gagne, suivi de 40, puis toutes les valeurs en
    # descendant jusqu'à 32 » is "descending"; the four-card game's order (31, 32,
    # 40, ...) is "standard".
    rules = IndividuelRules(players=2, juego_order=order)
    state = play(new_hand(rules, cards=["Ro Rc 5e 7b 4o", "So Sc Cb Ce 4c"], seed=1), ["discard 4o", "discard 4c"])
    state = passed_out(state)
    assert state.results[3].lance is Lance.JUEGO
    assert moves(state)[-1] == f"juego: seat {winner} sheds 2 (en paso, juego of {(32, 40)[winner]} 2)"
    hands = [Hand.parse("Ro Rc 5e 7b"), Hand.parse("So Sc Cb Ce")]
    assert best(Lance.JUEGO, hands, (0, 1), rules) == best(Lance.JUEGO, hands, (1, 0), rules) == winner
    assert rules.core.juego_order == order


# --- accepted_stake ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "shed"),
    [("once", "grande: seat 0 sheds 2 (stake 2)"), ("per-opponent", "grande: seat 0 sheds 4 (stake 2 from each of 2)")],
)
def test_accepted_stake_once_or_once_per_opponent(reading: str, shed: str) -> None:
    # Seat 0 bets 2 on grande and both others accept: seat 0's reyes win. It sheds the
    # stake once (« pour savoir qui remporte les 19 Pierres »), or once for each of the
    # two who accepted it (« Les Pierres misées sont placées à part »).
    state = three(accepted_stake=reading)
    state = play(state, ["envido 2", "quiero", "quiero"])
    assert str(state.results[0]) == "grande: 2 accepted by seats 0, 1 and 2"
    assert moves(passed_out(state))[0] == shed


def test_accepted_stake_readings_agree_with_two_players() -> None:
    for seed in range(30):
        hands = [
            play_hand(new_hand(IndividuelRules(players=2, accepted_stake=value), seed=seed), [RandomPlayer(seed)] * 2)
            for value in READINGS["accepted_stake"]
        ]
        assert moves(hands[0]) == moves(hands[1])


# --- refused_raise ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "shed"),
    [
        ("forfeits", "grande: seat 2 sheds 4 (refused, staked by those who folded)"),
        ("previous-stake", "grande: seat 2 sheds 2 (refused, the stake before the raise)"),
    ],
)
def test_refused_raise_the_folders_stakes_or_the_stake_before_the_raise(reading: str, shed: str) -> None:
    # Seat 0 bets 2, seat 1 accepts, seat 2 raises 3 (stake 5); the second round turns
    # back: seats 1 and 0 fold. Seat 2 sheds what they had staked, 2 + 2 (« il perd les
    # Pierres qu'il a misées jusque-là »), or the stake before its raise, 2 (« la
    # quantité misée lors de la dernière Enchère acceptée »).
    state = three(refused_raise=reading)
    state = play(state, ["envido 2", "quiero", "envido 3"])
    assert state.to_act == 1
    state = play(state, ["no quiero", "no quiero"])
    assert moves(state) == [shed]
    assert state.results[0].stake == int(shed.split()[4])


def test_a_refused_first_bet_sheds_one_stone_under_both_readings() -> None:
    for reading in READINGS["refused_raise"]:
        state = play(three(refused_raise=reading), ["envido 5", "no quiero", "no quiero"])
        assert moves(state) == ["grande: seat 0 sheds 1 (refused first bet)"]


def test_refused_raise_readings_agree_with_two_players() -> None:
    for seed in range(30):
        hands = [
            play_hand(new_hand(IndividuelRules(players=2, refused_raise=value), seed=seed), [RandomPlayer(seed)] * 2)
            for value in READINGS["refused_raise"]
        ]
        assert [move.stones for move in hands[0].moves] == [move.stones for move in hands[1].moves]


# --- grande_chica_stone -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("reading", "grande", "chica"),
    [
        ("en-paso", "grande: seat 0 sheds 2 (stake 2)", ["chica: seat 1 sheds 1 (refused first bet)"]),
        (
            "always",
            "grande: seat 0 sheds 3 (stake 2 + grande 1)",
            ["chica: seat 1 sheds 1 (refused first bet)", "chica: seat 1 sheds 1 (refused, chica 1)"],
        ),
    ],
)
def test_grande_chica_stone_en_paso_only_or_always(reading: str, grande: str, chica: list[str]) -> None:
    # Grande: seat 0 bets 2, seat 1 accepts, seat 2 folds; seat 0's reyes win the 2
    # (as in the classic game, « La Grande Main (en passe) : 1 Pierre »), or 2 and the
    # grande's 1 (« de 1 Pierre pour chacune des phases de Grande Main, de Petite et de
    # Paire »). Chica: seat 1 bets and the others fold: the refusal stone at once, and
    # under "always" chica's 1 at the count, as pareja's would be.
    state = three(grande_chica_stone=reading)
    state = play(state, ["envido 2", "quiero", "no quiero"])
    state = play(state, ["paso", "envido 2", "no quiero", "no quiero"])
    assert moves(state) == ["chica: seat 1 sheds 1 (refused first bet)"]
    counted = moves(passed_out(state))
    assert counted[1] == grande
    assert [move for move in counted if move.startswith("chica")] == chica


def test_grande_and_chica_en_paso_shed_one_stone_under_both_readings() -> None:
    for reading in READINGS["grande_chica_stone"]:
        state = passed_out(three(grande_chica_stone=reading))
        assert moves(state)[:2] == ["grande: seat 0 sheds 1 (en paso)", "chica: seat 2 sheds 1 (en paso)"]
        assert bonus(Lance.GRANDE, Hand.parse("Ro Rc 7e 1b"), state.rules) == (reading == "always")


# --- out_lance --------------------------------------------------------------------------

# Seat 0 holds 1 stone and keeps R R R 1: the best grande, chica (its as), pares
# (medias of reyes) and juego (31, tied with seat 1's and nearer the mano). Seat 1
# keeps C C 5 6 (pareja, 31), seat 2 S S 7 6 (pareja, 33).
OUT = ["Ro Rc Rb 1o 4e", "Co Cc 5b 6o 4c", "So Sc 7e 6c 4b"]


def out_hand(**knobs: object) -> HandState:
    rules = IndividuelRules(players=3, **knobs)  # type: ignore[arg-type]
    state = new_hand(rules, cards=OUT, seed=1, stones=(1, 8, 8))
    return passed_out(play(state, ["discard 4e", "discard 4c", "discard 4b"]))


def test_out_lance_passes_to_the_next_best() -> None:
    # Seat 0 sheds its last stone for grande; its other lances go to the best of the
    # others still holding stones (« L'objectif du jeu est de se débarrasser de toutes
    # ses Pierres »: it is done).
    state = out_hand(out_lance="next-best")
    assert moves(state) == [
        "grande: seat 0 sheds 1 (en paso)",
        "chica: seat 1 sheds 1 (en paso)",
        "pares: seat 1 sheds 1 (en paso, pareja 1)",
        "juego: seat 1 sheds 3 (en paso, juego of 31 3)",
    ]
    assert state.stones == (0, 3, 8) and state.loser is None


def test_out_lance_lost() -> None:
    # The lances are seat 0's, and it has nothing left to shed (« chaque joueur pose
    # ... les Pierres qui correspondent aux phases qu'il a remportées »).
    state = out_hand(out_lance="lost")
    assert moves(state) == [
        "grande: seat 0 sheds 1 (en paso)",
        "chica: seat 0 sheds 0 of 1 owed (en paso)",
        "pares: seat 0 sheds 0 of 2 owed (en paso, medias 2)",
        "juego: seat 0 sheds 0 of 3 owed (en paso, juego of 31 3)",
    ]
    assert state.stones == (0, 8, 8)
    # Under zero_mid_hand="plays-on" the player's cards keep every lance anyway.
    for reading in READINGS["out_lance"]:
        assert moves(out_hand(out_lance=reading, zero_mid_hand="plays-on")) == moves(state)


@pytest.mark.parametrize(
    ("reading", "count"),
    [
        ("next-best", ["juego: seat 1 sheds 3 (en paso, juego of 31 3)"]),
        (
            "lost",
            [
                "pares: seat 0 sheds 0 of 2 owed (refused, medias 2)",
                "juego: seat 0 sheds 0 of 3 owed (en paso, juego of 31 3)",
            ],
        ),
    ],
)
def test_out_lance_and_a_refused_lance(reading: str, count: list[str]) -> None:
    # Seat 0 (3 stones) bets on pares and the others fold: it sheds 1 at once. At the
    # count it sheds its last two for grande and chica; its medias, the refused lance's
    # bonus, is shed by nobody under either reading (those who folded gave the lance
    # up); its juego passes on to seat 1, or is lost.
    rules = IndividuelRules(players=3, out_lance=reading)
    state = new_hand(rules, cards=OUT, seed=1, stones=(3, 8, 8))
    state = play(state, ["discard 4e", "discard 4c", "discard 4b"] + ["paso"] * 6)
    state = passed_out(play(state, ["envido 2", "no quiero", "no quiero"]))
    assert moves(state) == [
        "pares: seat 0 sheds 1 (refused first bet)",
        "grande: seat 0 sheds 1 (en paso)",
        "chica: seat 0 sheds 1 (en paso)",
        *count,
    ]


# --- real_31_three ----------------------------------------------------------------------


@pytest.mark.parametrize(("reading", "winner", "shed"), [("not-a-figure", 0, 3), ("as-king", 1, 5)])
def test_real_31_three_not_a_figure_or_as_king(reading: str, winner: int, shed: int) -> None:
    # Seat 0 (the mano) keeps R C S 1, seat 1 7 7 7 3: both 31 under eight kings. The
    # 3 is « une Figure et non ... un trois »: no real 31, the tie goes to the mano; or
    # it is a rey (« les cartes d'indice trois sont considérées comme des Rois »), and
    # seat 1's real 31 beats the other 31 and sheds 5.
    for real in (True, "king"):
        rules = IndividuelRules(players=2, real_31=real, real_31_three=reading)
        state = play(new_hand(rules, cards=["Ro Cc Se 1b 4c", "7o 7c 7e 3b 4o"], seed=1), ["discard 4c", "discard 4o"])
        state = passed_out(state)
        assert moves(state)[-1] == f"juego: seat {winner} sheds {shed} (en paso, juego of 31 {shed})"
        assert is_real_31(Hand.parse("7o 7c 7e 3b"), rules) == (reading == "as-king")


def test_real_31_three_needs_the_real_31_and_eight_kings() -> None:
    sietes = Hand.parse("7o 7c 7e 3b")
    for knobs in ({"real_31": False}, {"real_31": True, "eight_kings": False}):
        rules = IndividuelRules(real_31_three="as-king", **knobs)  # type: ignore[arg-type]
        assert not is_real_31(sietes, rules)
        plain = IndividuelRules(**knobs)  # type: ignore[arg-type]
        assert bonus(Lance.JUEGO, sietes, rules) == bonus(Lance.JUEGO, sietes, plain)
    # A true figure is a real 31 under both readings.
    for reading in READINGS["real_31_three"]:
        assert is_real_31(Hand.parse("7o 7c 7e Rb"), IndividuelRules(real_31="king", real_31_three=reading))
