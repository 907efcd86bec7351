"""Tests of the five lances (rules section 5) and of winner() and bonus().

Three layers:

* every worked example of rules section 5, written out by hand;
* an exhaustive golden test over all 91,390 four-card hands, which checks the
  library's key ordering against an independent, naive reference written here
  straight from the rules page (docs/rules.rst), and pins the ordering with a sha256 digest;
* Hypothesis properties: total preorder, suits never matter, 3 = rey and 2 = as
  under eight kings, and the mano tie-break of winner().
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus import ALL_CARDS, Card, Hand, Lance, Rank, Rules, Suit

EIGHT = Rules()
FOUR = Rules(eight_kings=False)
REAL31 = Rules(real_31=True)
REAL31_FOUR = Rules(real_31=True, eight_kings=False)
ALL_RULES = [EIGHT, FOUR, REAL31, REAL31_FOUR]
RULES_IDS = ["eight-kings", "four-kings", "real-31", "real-31-four-kings"]


def h(text: str) -> Hand:
    return Hand.parse(text)


def cmp(lance: Lance, a: str, b: str, rules: Rules = EIGHT) -> int:
    return mus.compare(lance, h(a), h(b), rules)


# --------------------------------------------------------------------------------------
# rules section 5, example by example
# --------------------------------------------------------------------------------------


class TestGrande:
    @pytest.mark.parametrize("rules", [EIGHT, FOUR], ids=["eight", "four"])
    def test_rey_and_three_ases_beats_four_caballos(self, rules: Rules) -> None:
        assert cmp(Lance.GRANDE, "Ro 1c 1e 1b", "Co Cc Ce Cb", rules) == 1
        assert cmp(Lance.GRANDE, "Co Cc Ce Cb", "Ro 1c 1e 1b", rules) == -1
        assert mus.winner(Lance.GRANDE, [h("Co Cc Ce Cb"), h("Ro 1c 1e 1b")], rules) == 1

    def test_card_by_card_first_difference_decides(self) -> None:
        assert cmp(Lance.GRANDE, "Ro Cc 1e 1b", "Ro Sc 7e 7b") == 1
        assert cmp(Lance.GRANDE, "Ro Rc 4e 1b", "Rb Re 4o 1c") == 0
        assert cmp(Lance.GRANDE, "Ro Rc 5e 1b", "Rb Re 4o 4c") == 1
        assert cmp(Lance.GRANDE, "Ro Rc 4e 4b", "Rb Re 4o 1c") == 1

    def test_grande_order_high_to_low_four_kings(self) -> None:
        # rey, caballo, sota, 7, 6, 5, 4, 3, 2, as
        order = ["R", "C", "S", "7", "6", "5", "4", "3", "2", "1"]
        hands = [h(f"{r}o {r}c {r}e {r}b") for r in order]
        for better, worse in itertools.pairwise(hands):
            assert mus.compare(Lance.GRANDE, better, worse, FOUR) == 1


class TestChica:
    def test_lower_card_wins_at_first_difference(self) -> None:
        assert cmp(Lance.CHICA, "Ro 1c 1e 1b", "Co Cc Ce Cb") == 1
        assert cmp(Lance.CHICA, "Ro 5c 4e 1b", "Co 6c 4o 1c") == 1
        assert cmp(Lance.CHICA, "Ro 7c 4e 1b", "So 7e 4o 1c") == -1
        assert cmp(Lance.CHICA, "Ro 7c 4e 1b", "Rb 7e 4o 1c") == 0

    def test_chica_order_four_kings(self) -> None:
        order = ["1", "2", "3", "4", "5", "6", "7", "S", "C", "R"]
        hands = [h(f"{r}o {r}c {r}e {r}b") for r in order]
        for better, worse in itertools.pairwise(hands):
            assert mus.compare(Lance.CHICA, better, worse, FOUR) == 1


class TestPares:
    def test_duples_examples_from_004(self) -> None:
        reyes_ases = "Ro Rc 1e 1b"
        caballos_caballos = "Co Cc Ce Cb"
        cuatros_ases = "4o 4c 1o 1c"
        for rules in (EIGHT, FOUR):
            assert cmp(Lance.PARES, reyes_ases, caballos_caballos, rules) == 1
            assert cmp(Lance.PARES, reyes_ases, cuatros_ases, rules) == 1
            assert cmp(Lance.PARES, caballos_caballos, cuatros_ases, rules) == 1

    def test_two_caballos_two_sixes_beat_four_sotas(self) -> None:
        for rules in (EIGHT, FOUR):
            assert cmp(Lance.PARES, "Co Cc 6e 6b", "So Sc Se Sb", rules) == 1
            assert cmp(Lance.PARES, "So Sc Se Sb", "Co Cc 6e 6b", rules) == -1

    def test_four_of_a_kind_is_duples_of_that_rank_twice(self) -> None:
        combo = mus.pares(h("So Sc Se Sb"), FOUR)
        assert combo == mus.Pares(mus.ParesKind.DUPLES, (Rank.SOTA, Rank.SOTA))
        # no extra rank for four of a kind: four sotas are duples sotas-sotas, which
        # beat sotas-sietes and lose to caballos-ases (higher pair first)
        assert cmp(Lance.PARES, "So Sc Se Sb", "Sb Se 7o 7c") == 1
        assert cmp(Lance.PARES, "So Sc Se Sb", "Co Cc 1o 1c") == -1
        # eight kings: four reyes and two reyes + two treses are the same duples
        assert cmp(Lance.PARES, "Ro Rc Re Rb", "Ro Rc 3e 3b") == 0

    @pytest.mark.parametrize("rules", [EIGHT, FOUR], ids=["eight", "four"])
    def test_duples_beat_medias_beat_pareja_whatever_the_ranks(self, rules: Rules) -> None:
        lowest_duples = "4o 4c 1e 1b" if rules.eight_kings else "2o 2c 1e 1b"
        best_medias = "Ro Rc Re 7b"
        lowest_medias = "1o 1c 1e 7b"
        best_pareja = "Ro Rc Se 7b"
        lowest_pareja = "1o 1c 7e 4b"
        nothing = "Ro Cc Se 7b"
        assert cmp(Lance.PARES, lowest_duples, best_medias, rules) == 1
        assert cmp(Lance.PARES, lowest_medias, best_pareja, rules) == 1
        assert cmp(Lance.PARES, lowest_pareja, nothing, rules) == 1
        kinds = [mus.pares(h(t), rules) for t in (lowest_duples, best_medias, best_pareja)]
        assert [k.kind if k else None for k in kinds] == [
            mus.ParesKind.DUPLES,
            mus.ParesKind.MEDIAS,
            mus.ParesKind.PAREJA,
        ]
        assert mus.pares(h(nothing), rules) is None
        assert not mus.has_pares(h(nothing), rules)

    def test_pareja_ranked_by_pair_kickers_ignored(self) -> None:
        assert cmp(Lance.PARES, "Ro Rc 7e 6b", "Re Rb 1o 4c") == 0
        assert cmp(Lance.PARES, "Co Cc 1e 4b", "Ro Rc 1o 4c") == -1
        # tie: the mano (lowest index) wins
        a, b = h("Ro Rc 7e 6b"), h("Re Rb 1o 4c")
        assert mus.winner(Lance.PARES, [a, b], EIGHT) == 0
        assert mus.winner(Lance.PARES, [b, a], EIGHT) == 0

    def test_medias_ranked_by_trio_fourth_card_ignored(self) -> None:
        assert cmp(Lance.PARES, "So Sc Se 1b", "Sb 7o 7c 7e") == 1
        a, b = h("7o 7c 7e 1b"), h("7b 7o 7c Ro")
        assert mus.compare(Lance.PARES, a, b, EIGHT) == 0
        assert mus.winner(Lance.PARES, [b, a], EIGHT) == 0
        assert mus.winner(Lance.PARES, [a, b], EIGHT) == 0

    def test_pares_examples_strings(self) -> None:
        assert str(mus.pares(h("Ro 3c 7e 1b"), EIGHT)) == "pareja of rey"
        assert str(mus.pares(h("2o 1c 1e 7b"), EIGHT)) == "medias of as"
        assert str(mus.pares(h("Ro 3c Se Sb"), EIGHT)) == "duples of rey and sota"


class TestJuego:
    JUEGOS = {  # total -> a hand with that total under both rule sets
        31: "Ro Rc Se 1b",
        32: "Ro Rc 7e 5b",
        40: "Ro Rc Ce Sb",
        37: "Ro Rc Se 7b",
        36: "Ro Rc Se 6b",
        35: "Ro Rc Se 5b",
        34: "Ro Rc Se 4b",
        33: "Ro Rc 7e 6b",
    }

    def test_totals(self) -> None:
        for total, text in self.JUEGOS.items():
            assert mus.points(h(text), EIGHT) == total
            assert mus.points(h(text), FOUR) == total
            assert mus.has_juego(h(text), EIGHT)

    @pytest.mark.parametrize("rules", [EIGHT, FOUR], ids=["eight", "four"])
    def test_order_31_32_40_37_36_35_34_33(self, rules: Rules) -> None:
        assert mus.JUEGO_ORDER == (31, 32, 40, 37, 36, 35, 34, 33)
        hands = [h(self.JUEGOS[total]) for total in (31, 32, 40, 37, 36, 35, 34, 33)]
        for i, a in enumerate(hands):
            for j, b in enumerate(hands):
                expected = (i < j) - (i > j)
                assert mus.compare(Lance.JUEGO, a, b, rules) == expected, (a, b)
        # whatever the seating, the 31 wins
        for perm in itertools.permutations(hands[:4]):
            seat = mus.winner(Lance.JUEGO, list(perm), rules)
            assert seat is not None and perm[seat] == hands[0]

    def test_thirty_is_not_juego(self) -> None:
        thirty = h("Ro Rc 5e 5b")
        assert mus.points(thirty, EIGHT) == 30
        assert not mus.has_juego(thirty, EIGHT)
        assert mus.lance_key(Lance.JUEGO, thirty, EIGHT) == 0
        assert mus.winner(Lance.JUEGO, [thirty], EIGHT) is None
        assert mus.winner(Lance.JUEGO, [thirty, h("Ro Rc 7e 6b")], EIGHT) == 1
        assert mus.compare(Lance.JUEGO, thirty, h("Ro Rc 7e 6b"), EIGHT) == -1

    def test_real_31_knob(self) -> None:
        plain_31 = h("Ro Rc Se 1b")
        for figure in ("S", "C", "R"):
            real = h(f"7o 7c 7e {figure}b")
            assert mus.points(real, REAL31) == 31
            assert mus.compare(Lance.JUEGO, real, plain_31, REAL31) == 1
            assert mus.compare(Lance.JUEGO, real, plain_31, REAL31_FOUR) == 1
            assert mus.winner(Lance.JUEGO, [plain_31, real], REAL31) == 1
            # off by default: an ordinary 31, the mano wins the tie
            assert mus.compare(Lance.JUEGO, real, plain_31, EIGHT) == 0
            assert mus.winner(Lance.JUEGO, [plain_31, real], EIGHT) == 0
            # real 31s tie among themselves
            other_real = h("7b Ro 7c 7e" if figure != "R" else "7b So 7c 7e")
            assert mus.compare(Lance.JUEGO, real, other_real, REAL31) == 0
            # every other juego loses to it
            for text in self.JUEGOS.values():
                if text != "Ro Rc Se 1b":
                    assert mus.compare(Lance.JUEGO, real, h(text), REAL31) == 1

    def test_real_31_never_with_a_three_played_as_rey(self) -> None:
        with_three = h("7o 7c 7e 3b")
        plain_31 = h("Ro Rc Se 1b")
        assert mus.points(with_three, REAL31) == 31
        assert mus.compare(Lance.JUEGO, with_three, plain_31, REAL31) == 0
        assert mus.compare(Lance.JUEGO, h("7o 7c 7e Rb"), with_three, REAL31) == 1
        assert mus.winner(Lance.JUEGO, [with_three, plain_31], REAL31) == 0
        assert mus.winner(Lance.JUEGO, [plain_31, with_three], REAL31) == 0
        # under four kings it is not even juego: 7 + 7 + 7 + 3 = 24
        assert mus.points(with_three, REAL31_FOUR) == 24
        assert not mus.has_juego(with_three, REAL31_FOUR)


class TestPunto:
    def test_higher_total_wins(self) -> None:
        assert cmp(Lance.PUNTO, "Ro Rc 5e 5b", "Ro Rc 5e 4b") == 1
        assert cmp(Lance.PUNTO, "1o 1c 1e 1b", "1o 1c 1e 2b", FOUR) == -1
        assert cmp(Lance.PUNTO, "Ro Cc 5e 4b", "Sb 7o 7c 5b") == 0
        hands = [h("Ro 1c 1e 1b"), h("Ro Rc 5e 5b"), h("Ro Rc 5e 4b")]
        assert mus.winner(Lance.PUNTO, hands, EIGHT) == 1

    def test_thirty_best_four_worst(self) -> None:
        totals = {mus.points(Hand(c), EIGHT) for c in itertools.combinations(ALL_CARDS[:20], 4)}
        below = sorted(t for t in totals if t <= 30)
        assert below[0] == 4 and below[-1] == 30
        assert mus.lance_key(Lance.PUNTO, h("Ro Rc 5e 5b"), EIGHT) == 30
        assert mus.lance_key(Lance.PUNTO, h("1o 1c 1e 1b"), EIGHT) == 4


class TestEightKings:
    def test_values(self) -> None:
        hand = h("3o 2c 7e 1b")
        assert mus.points(hand, EIGHT) == 10 + 1 + 7 + 1
        assert mus.points(hand, FOUR) == 3 + 2 + 7 + 1
        assert mus.points(h("3o 3c 3e 3b"), EIGHT) == 40
        assert mus.has_juego(h("3o 3c 3e 3b"), EIGHT)
        assert not mus.has_juego(h("3o 3c 3e 3b"), FOUR)
        assert mus.points(h("Ro 3c 2e 7b"), EIGHT) == 28
        assert mus.points(h("Ro 3c 2e 7b"), FOUR) == 22

    def test_ranks(self) -> None:
        assert cmp(Lance.GRANDE, "3o 1c 1e 1b", "Ro 1c 1e 1o") == 0
        assert cmp(Lance.GRANDE, "3o 1c 1e 1b", "Co Cc Ce Cb") == 1
        assert cmp(Lance.CHICA, "2o 2c 2e 2b", "1o 1c 1e 1b") == 0
        assert cmp(Lance.CHICA, "2o Rc Re Rb", "4o 4c 4e 4b") == 1
        assert str(mus.pares(h("Ro 3c 7e 1b"), EIGHT)) == "pareja of rey"
        assert str(mus.pares(h("2o 1c 7e 4b"), EIGHT)) == "pareja of as"
        assert mus.pares(h("Ro 3c Re 3b"), EIGHT) == mus.Pares(mus.ParesKind.DUPLES, (Rank.REY, Rank.REY))
        assert cmp(Lance.PARES, "3o 3c 1e 2b", "Co Cc Se Sb") == 1

    def test_four_kings_keeps_two_and_three(self) -> None:
        assert mus.pares(h("Ro 3c 7e 1b"), FOUR) is None
        assert mus.pares(h("2o 1c 7e 4b"), FOUR) is None
        assert str(mus.pares(h("3o 3c 7e 1b"), FOUR)) == "pareja of tres"
        assert cmp(Lance.GRANDE, "3o 1c 1e 1b", "Ro 1c 1e 1o", FOUR) == -1
        assert cmp(Lance.GRANDE, "3o 1c 1e 1b", "4o 1c 1e 1o", FOUR) == -1
        assert cmp(Lance.GRANDE, "3o 1c 1e 1b", "2o 1c 1e 1o", FOUR) == 1
        assert cmp(Lance.CHICA, "2o 2c 2e 2b", "1o 1c 1e 1b", FOUR) == -1
        assert cmp(Lance.CHICA, "2o 2c 2e 2b", "3o 3c 3e 3b", FOUR) == 1
        assert cmp(Lance.PARES, "3o 3c 1e 7b", "2o 2c Re 7b", FOUR) == 1
        assert cmp(Lance.PUNTO, "3o 3c 3e 3b", "2o 2c 2e 2b", FOUR) == 1


# --------------------------------------------------------------------------------------
# winner() and bonus()
# --------------------------------------------------------------------------------------


class TestWinner:
    @pytest.mark.parametrize("lance", list(Lance), ids=str)
    def test_tie_goes_to_lowest_index(self, lance: Lance) -> None:
        # same ranks, different suits: equal for every lance
        a, b, c = h("Ro Rc 7e 7b"), h("Re Rb 7o 7c"), h("3o 3c 7e 7b")
        assert mus.winner(lance, [a, b], EIGHT) == 0
        assert mus.winner(lance, [b, a], EIGHT) == 0
        assert mus.winner(lance, [a, b, c], EIGHT) == 0
        weak = h("4o 5c 6e 1b") if lance != Lance.CHICA else h("Ro Rc Ce Sb")
        assert mus.winner(lance, [weak, b, a], EIGHT) == 1

    def test_hands_without_the_combination_cannot_win(self) -> None:
        no_pares = [h("Ro Cc Se 7b"), h("6o 5c 4e 1b")]
        assert mus.winner(Lance.PARES, no_pares, EIGHT) is None
        assert mus.winner(Lance.PARES, [*no_pares, h("1o 1c 4e 5b")], EIGHT) == 2
        no_juego = [h("Ro Cc 5e 4b"), h("6o 5c 4e 1b")]
        assert mus.winner(Lance.JUEGO, no_juego, EIGHT) is None
        assert mus.winner(Lance.JUEGO, [*no_juego, h("Ro Cc 7e 7b")], EIGHT) == 2
        # grande, chica and punto always have a winner
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PUNTO):
            assert mus.winner(lance, no_pares, EIGHT) is not None

    def test_empty_table(self) -> None:
        for lance in Lance:
            assert mus.winner(lance, [], EIGHT) is None

    def test_module_doctest_table(self) -> None:
        hands = [h(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
        assert [mus.winner(lance, hands, EIGHT) for lance in Lance] == [0, 3, 0, None, 1]


class TestBonus:
    @pytest.mark.parametrize(
        "text, expected",
        [
            ("Ro Cc Se 7b", 0),
            ("Ro Rc Se 7b", 1),
            ("1o 1c 1e 7b", 2),
            ("Ro Rc 1e 1b", 3),
            ("Ro Rc Re Rb", 3),
            ("Ro 3c 7e 1b", 1),
        ],
    )
    def test_pares(self, text: str, expected: int) -> None:
        assert mus.bonus(Lance.PARES, h(text), EIGHT) == expected

    def test_pares_four_kings(self) -> None:
        assert mus.bonus(Lance.PARES, h("Ro 3c 7e 1b"), FOUR) == 0
        assert mus.bonus(Lance.PARES, h("3o 3c 3e 1b"), FOUR) == 2

    @pytest.mark.parametrize("total, text", sorted(TestJuego.JUEGOS.items()))
    def test_juego(self, total: int, text: str) -> None:
        expected = 3 if total == 31 else 2
        assert mus.bonus(Lance.JUEGO, h(text), EIGHT) == expected
        assert mus.bonus(Lance.JUEGO, h(text), REAL31) == expected

    def test_real_31_pays_as_31(self) -> None:
        assert mus.bonus(Lance.JUEGO, h("7o 7c 7e Rb"), REAL31) == 3

    def test_no_juego_no_bonus(self) -> None:
        assert mus.bonus(Lance.JUEGO, h("Ro Rc 5e 5b"), EIGHT) == 0

    def test_other_lances_pay_no_bonus(self) -> None:
        for lance in (Lance.GRANDE, Lance.CHICA, Lance.PUNTO):
            assert mus.bonus(lance, h("Ro Rc Re Sb"), EIGHT) == 0

    def test_payouts_knob(self) -> None:
        rules = Rules(payouts=mus.Payouts(pares=(2, 4, 6), juego_31=5, juego=1))
        assert mus.bonus(Lance.PARES, h("Ro Rc Se 7b"), rules) == 2
        assert mus.bonus(Lance.PARES, h("Ro Rc Re 7b"), rules) == 4
        assert mus.bonus(Lance.PARES, h("Ro Rc 7e 7b"), rules) == 6
        assert mus.bonus(Lance.JUEGO, h("Ro Rc Se 1b"), rules) == 5
        assert mus.bonus(Lance.JUEGO, h("Ro Rc Se 7b"), rules) == 1


# --------------------------------------------------------------------------------------
# Independent reference, straight from the rules page (docs/rules.rst; no mus.lances internals)
# --------------------------------------------------------------------------------------

# Grande strength of each rank letter (canonical card text), high is better.
_STRENGTH = {"R": 10, "C": 9, "S": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2, "1": 1}
_VALUE = {"R": 10, "C": 10, "S": 10, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2, "1": 1}
_EIGHT_KINGS = {"3": "R", "2": "1"}
_JUEGO_BEST_FIRST = [31, 32, 40, 37, 36, 35, 34, 33]

RefKey = tuple[int, ...]


def reference_keys(hand_text: str, eight_kings: bool, real_31: bool | str) -> tuple[RefKey, ...]:
    """(grande, chica, pares, juego, punto) keys of a hand written as card text.

    Bigger tuples are better; pares and juego give (0,) without the combination.
    """
    raw = [token[0] for token in hand_text.split()]
    letters = [_EIGHT_KINGS.get(r, r) for r in raw] if eight_kings else raw
    strengths = sorted((_STRENGTH[r] for r in letters), reverse=True)

    grande = tuple(strengths)
    chica = tuple(-s for s in sorted(strengths))

    counts = Counter(strengths)
    groups = sorted(((n, s) for s, n in counts.items() if n >= 2), reverse=True)
    if not groups:
        pares: RefKey = (0,)
    elif groups[0][0] == 4:
        pares = (3, groups[0][1], groups[0][1])
    elif len(groups) == 2:
        high, low = sorted((groups[0][1], groups[1][1]), reverse=True)
        pares = (3, high, low)
    elif groups[0][0] == 3:
        pares = (2, groups[0][1])
    else:
        pares = (1, groups[0][1])

    total = sum(_VALUE[r] for r in letters)
    if total < 31:
        juego: RefKey = (0,)
    elif real_31 and total == 31 and raw.count("7") == 3 and any(r in ("S", "C", "R") for r in raw):
        juego = (2,)
    else:
        juego = (1, -_JUEGO_BEST_FIRST.index(total))

    return grande, chica, pares, juego, (total,)


@functools.cache
def all_hands() -> tuple[Hand, ...]:
    return tuple(Hand(combo) for combo in itertools.combinations(ALL_CARDS, 4))


@functools.cache
def all_hand_texts() -> tuple[str, ...]:
    return tuple(str(hand) for hand in all_hands())


@functools.cache
def all_reference_keys(eight_kings: bool, real_31: bool) -> tuple[tuple[RefKey, ...], ...]:
    return tuple(reference_keys(text, eight_kings, real_31) for text in all_hand_texts())


def ordering_digest(keys: Sequence[object], texts: Sequence[str]) -> str:
    """sha256 of the hands sorted best first, one line per class of equal hands."""
    classes: dict[object, list[str]] = {}
    for key, text in zip(keys, texts, strict=False):
        classes.setdefault(key, []).append(text)
    lines = ("|".join(sorted(classes[key])) for key in sorted(classes, reverse=True))  # type: ignore[type-var]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


EXHAUSTIVE_CASES = [(rules_id, lance) for rules_id in ("eight-kings", "four-kings") for lance in Lance] + [
    ("real-31", Lance.JUEGO),
    ("real-31-four-kings", Lance.JUEGO),
]

RULES_BY_ID = dict(zip(RULES_IDS, ALL_RULES, strict=False))

# sha256 of ordering_digest() for each case, recorded once check (a) had passed for
# every case. A change here means the library ranks some hand differently.
GOLDEN_DIGESTS: dict[tuple[str, str], str] = {
    ("eight-kings", "grande"): "c094b9b054e163b13130b4373a62fd81227119a8c91db6d6e5108e86a6ebf586",
    ("eight-kings", "chica"): "fdc18e4656d9a7d0bd1d30bead044d41e0b082b24345bf58cab7f46e8417d4e2",
    ("eight-kings", "pares"): "72759b5f598650e252e2aa96995ee4bc4ff9a1faee26993be8ad623adb72774c",
    ("eight-kings", "juego"): "30b6d41f0acf2db544e91cee8d72c412bf2141ba98c890c1f6a5b7ee5d8f093f",
    ("eight-kings", "punto"): "b4acaaf17e2179fe17a6b6c98aa7a4ba8ef98d2f10f7b0dbd37f7035c9e6a08d",
    ("four-kings", "grande"): "2f1d9041f1b20690480c4dee10c0bab902c630feacc9ec855ba3550345e547de",
    ("four-kings", "chica"): "36f9b41d1b3dea7c5d0aa31e7e8e7942cc6a92a4d475deb738689c075d741789",
    ("four-kings", "pares"): "9d78b296e884ede8900f37dd110c86b8971715eba0cba184e88903f7aed2564a",
    ("four-kings", "juego"): "4df7a103182a3dac0291729b07e525e85edcb36cc2fa5e4e02e4624b9c45d8c2",
    ("four-kings", "punto"): "939e673fa7fe1a5378bf553c1904f8b27936f635930a7cd7a597ed0b74d99d3d",
    ("real-31", "juego"): "54a6870340087784b827afa5882caa9222361a2d0041ad285583bee4193f169e",
    ("real-31-four-kings", "juego"): "f5ed6363628cadd902f6ab60ee3ea0fbab4db820630cd0d8e0dfc9031f36639f",
}

# Number of classes of equal hands in each case: 330 rank multisets under eight
# kings (715 under four); pares 8 + 8 + 36 + "none" (10 + 10 + 55 + "none");
# juego 8 totals + "none" (+ real 31); punto every reachable total.
CLASS_COUNTS: dict[tuple[str, str], int] = {
    ("eight-kings", "grande"): 330,
    ("eight-kings", "chica"): 330,
    ("eight-kings", "pares"): 53,
    ("eight-kings", "juego"): 9,
    ("eight-kings", "punto"): 33,
    ("four-kings", "grande"): 715,
    ("four-kings", "chica"): 715,
    ("four-kings", "pares"): 76,
    ("four-kings", "juego"): 9,
    ("four-kings", "punto"): 35,
    ("real-31", "juego"): 10,
    ("real-31-four-kings", "juego"): 10,
}


def test_there_are_91390_hands() -> None:
    hands = all_hands()
    assert len(hands) == 91_390
    assert len(set(hands)) == 91_390
    assert len({hand.multiset for hand in hands}) == 715


@pytest.mark.parametrize("rules_id, lance", EXHAUSTIVE_CASES, ids=[f"{r}-{lance}" for r, lance in EXHAUSTIVE_CASES])
def test_exhaustive_ordering(rules_id: str, lance: Lance) -> None:
    rules = RULES_BY_ID[rules_id]
    hands = all_hands()
    texts = all_hand_texts()
    reference = [keys[lance] for keys in all_reference_keys(rules.eight_kings, rules.real_31)]
    library = [mus.lance_key(lance, hand, rules) for hand in hands]

    # (a) The partition into classes of equal hands is the same ...
    lib_of_ref: dict[RefKey, set[int]] = {}
    ref_of_lib: dict[int, set[RefKey]] = {}
    for ref, lib in zip(reference, library, strict=False):
        lib_of_ref.setdefault(ref, set()).add(lib)
        ref_of_lib.setdefault(lib, set()).add(ref)
    split = {ref: libs for ref, libs in lib_of_ref.items() if len(libs) > 1}
    merged = {lib: refs for lib, refs in ref_of_lib.items() if len(refs) > 1}
    assert not split, f"hands equal by the rules page (docs/rules.rst) but not for the library: {split}"
    assert not merged, f"hands different by the rules page (docs/rules.rst) but equal for the library: {merged}"
    # ... and the classes are in the same order.
    ordered = sorted(lib_of_ref)
    lib_sequence = [next(iter(lib_of_ref[ref])) for ref in ordered]
    assert all(a < b for a, b in itertools.pairwise(lib_sequence))
    assert len(ordered) == CLASS_COUNTS[rules_id, str(lance)]
    # pares/juego: hands without the combination have key 0, the lowest
    if lance in (Lance.PARES, Lance.JUEGO):
        assert lib_sequence[0] == 0 and ordered[0] == (0,)
        assert all(lib > 0 for lib in lib_sequence[1:])

    # compare() agrees with the keys on a sample of pairs
    for i in range(0, len(hands) - 1, 997):
        j = (i * 7919 + 13) % len(hands)
        expected = (reference[i] > reference[j]) - (reference[i] < reference[j])
        assert mus.compare(lance, hands[i], hands[j], rules) == expected

    # (b) Golden digest of the ordering.
    digest = ordering_digest(library, texts)
    assert digest == ordering_digest(reference, texts)
    assert digest == GOLDEN_DIGESTS[rules_id, str(lance)]


# --------------------------------------------------------------------------------------
# Hypothesis properties
# --------------------------------------------------------------------------------------

card_lists = st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4, unique=True)
hands = card_lists.map(Hand)
rules_st = st.sampled_from(ALL_RULES)
lances = st.sampled_from(list(Lance))

_CARD = {(card.rank, card.suit): card for card in ALL_CARDS}


def resuit(hand: Hand, mapping: Callable[[Card], Suit]) -> Hand:
    return Hand([_CARD[card.rank, mapping(card)] for card in hand])


@settings(max_examples=300)
@given(lance=lances, a=hands, b=hands, rules=rules_st)
def test_compare_is_antisymmetric_and_total(lance: Lance, a: Hand, b: Hand, rules: Rules) -> None:
    result = mus.compare(lance, a, b, rules)
    assert result in (-1, 0, 1)
    assert mus.compare(lance, b, a, rules) == -result
    assert mus.compare(lance, a, a, rules) == 0
    ka, kb = mus.lance_key(lance, a, rules), mus.lance_key(lance, b, rules)
    assert result == (ka > kb) - (ka < kb)


@settings(max_examples=300)
@given(lance=lances, a=hands, b=hands, c=hands, rules=rules_st)
def test_compare_is_transitive(lance: Lance, a: Hand, b: Hand, c: Hand, rules: Rules) -> None:
    ab = mus.compare(lance, a, b, rules)
    bc = mus.compare(lance, b, c, rules)
    ac = mus.compare(lance, a, c, rules)
    if ab >= 0 and bc >= 0:
        assert ac >= 0
    if (ab > 0 and bc >= 0) or (ab >= 0 and bc > 0):
        assert ac > 0
    if ab == 0 and bc == 0:
        assert ac == 0


@given(lance=lances, a=hands, b=hands, rules=rules_st)
def test_compare_agrees_with_reference(lance: Lance, a: Hand, b: Hand, rules: Rules) -> None:
    ra = reference_keys(str(a), rules.eight_kings, rules.real_31)[lance]
    rb = reference_keys(str(b), rules.eight_kings, rules.real_31)[lance]
    assert mus.compare(lance, a, b, rules) == (ra > rb) - (ra < rb)


@given(a=hands, b=hands, permutation=st.permutations(list(Suit)), rules=rules_st)
def test_suit_permutation_never_changes_a_result(a: Hand, b: Hand, permutation: list[Suit], rules: Rules) -> None:
    mapping = dict(zip(Suit, permutation, strict=False))
    a2 = resuit(a, lambda card: mapping[card.suit])
    b2 = resuit(b, lambda card: mapping[card.suit])
    for lance in Lance:
        assert mus.lance_key(lance, a2, rules) == mus.lance_key(lance, a, rules)
        assert mus.compare(lance, a2, b2, rules) == mus.compare(lance, a, b, rules)
        assert mus.compare(lance, a2, b, rules) == mus.compare(lance, a, b, rules)
        assert mus.winner(lance, [a2, b2], rules) == mus.winner(lance, [a, b], rules)
        assert mus.bonus(lance, a2, rules) == mus.bonus(lance, a, rules)
    assert mus.pares(a2, rules) == mus.pares(a, rules)
    assert mus.points(a2, rules) == mus.points(a, rules)


@given(a=hands, b=hands, rules=rules_st, data=st.data())
def test_resuiting_one_card_never_changes_a_result(a: Hand, b: Hand, rules: Rules, data: st.DataObject) -> None:
    card = data.draw(st.sampled_from(a.cards), label="card")
    free = [suit for suit in Suit if _CARD[card.rank, suit] not in a]
    if not free:  # four cards of one rank: nothing to re-suit
        assert len({c.rank for c in a}) == 1
        return
    suit = data.draw(st.sampled_from(free), label="suit")
    a2 = Hand([c for c in a if c != card] + [_CARD[card.rank, suit]])
    assert a2 != a
    for lance in Lance:
        assert mus.lance_key(lance, a2, rules) == mus.lance_key(lance, a, rules)
        assert mus.compare(lance, a2, b, rules) == mus.compare(lance, a, b, rules)
        assert mus.compare(lance, b, a2, rules) == mus.compare(lance, b, a, rules)


_EIGHT_KINGS_TWIN = {Rank.TRES: Rank.REY, Rank.DOS: Rank.AS}


hands_with_two_or_three = card_lists.filter(lambda cards: any(card.rank in _EIGHT_KINGS_TWIN for card in cards)).map(
    Hand
)


@given(a=hands_with_two_or_three, data=st.data())
def test_eight_kings_three_is_rey_and_two_is_as(a: Hand, data: st.DataObject) -> None:
    candidates = [card for card in a if card.rank in _EIGHT_KINGS_TWIN]
    card = data.draw(st.sampled_from(candidates), label="card")
    twin_rank = _EIGHT_KINGS_TWIN[card.rank]
    # a hand holding a 3 has at most three reyes (a 2, at most three ases): one is free
    free = [_CARD[twin_rank, suit] for suit in Suit if _CARD[twin_rank, suit] not in a]
    assert free
    twin = data.draw(st.sampled_from(free), label="twin")
    a2 = Hand([c for c in a if c != card] + [twin])
    for lance in Lance:
        assert mus.lance_key(lance, a2, EIGHT) == mus.lance_key(lance, a, EIGHT), lance
    assert mus.pares(a2, EIGHT) == mus.pares(a, EIGHT)
    assert mus.points(a2, EIGHT) == mus.points(a, EIGHT)
    assert mus.bonus(Lance.PARES, a2, EIGHT) == mus.bonus(Lance.PARES, a, EIGHT)
    assert mus.bonus(Lance.JUEGO, a2, EIGHT) == mus.bonus(Lance.JUEGO, a, EIGHT)


@given(a=hands_with_two_or_three)
def test_eight_kings_every_three_and_two_mapped_at_once(a: Hand) -> None:
    # Map every 3 and 2 of the hand to a free rey / as (#3s + #reyes <= 4, so
    # there are always enough).
    used = set(a.cards)
    out = []
    for card in a:
        if card.rank in _EIGHT_KINGS_TWIN:
            twin_rank = _EIGHT_KINGS_TWIN[card.rank]
            free = [c for c in (_CARD[twin_rank, s] for s in Suit) if c not in used]
            assert free
            used.add(free[0])
            out.append(free[0])
        else:
            out.append(card)
    a2 = Hand(out)
    assert all(card.rank not in _EIGHT_KINGS_TWIN for card in a2)
    for lance in Lance:
        assert mus.lance_key(lance, a2, EIGHT) == mus.lance_key(lance, a, EIGHT)


def best_first(lance: Lance, table: Sequence[Hand], rules: Rules) -> int | None:
    """The winner by definition: earliest index among the hands with the best key."""
    candidates = list(range(len(table)))
    if lance in (Lance.PARES, Lance.JUEGO):
        candidates = [i for i in candidates if mus.lance_key(lance, table[i], rules) > 0]
    best: int | None = None
    for i in candidates:
        if best is None or mus.compare(lance, table[i], table[best], rules) > 0:
            best = i
    return best


# Tables of hands with many ties: each hand is drawn afresh or as a re-suited copy of
# an earlier one (same ranks, so equal for every lance).
@st.composite
def tables(draw: st.DrawFn) -> list[Hand]:
    size = draw(st.integers(min_value=1, max_value=6))
    table: list[Hand] = []
    for _ in range(size):
        copy: bool = draw(st.booleans())
        if table and copy:
            base = draw(st.sampled_from(table))
            perm = dict(zip(Suit, draw(st.permutations(list(Suit))), strict=False))

            def swapped(card: Card, perm: dict[Suit, Suit] = perm) -> Suit:
                return perm[card.suit]

            table.append(resuit(base, swapped))
        else:
            table.append(draw(hands))
    return table


@settings(max_examples=300)
@given(lance=lances, table=tables(), rules=rules_st, data=st.data())
def test_winner_is_earliest_of_the_best(lance: Lance, table: list[Hand], rules: Rules, data: st.DataObject) -> None:
    seating = data.draw(st.permutations(table), label="seating")
    for hands_in_order in (table, seating):
        expected = best_first(lance, hands_in_order, rules)
        got = mus.winner(lance, hands_in_order, rules)
        assert got == expected
        if got is None:
            assert lance in (Lance.PARES, Lance.JUEGO)
            assert all(mus.lance_key(lance, x, rules) == 0 for x in hands_in_order)
        else:
            # no hand beats the winner, and every earlier hand is strictly worse
            assert all(mus.compare(lance, x, hands_in_order[got], rules) <= 0 for x in hands_in_order)
            assert all(mus.compare(lance, x, hands_in_order[got], rules) < 0 for x in hands_in_order[:got])
    # the winning hand (by ranks) is the same whatever the seating
    w1, w2 = mus.winner(lance, table, rules), mus.winner(lance, seating, rules)
    assert (w1 is None) == (w2 is None)
    if w1 is not None and w2 is not None:
        assert mus.compare(lance, table[w1], seating[w2], rules) == 0


@given(table=tables(), rules=rules_st)
def test_has_pares_and_juego_match_keys(table: list[Hand], rules: Rules) -> None:
    for hand in table:
        assert mus.has_pares(hand, rules) == (mus.lance_key(Lance.PARES, hand, rules) > 0)
        assert mus.has_pares(hand, rules) == (mus.pares(hand, rules) is not None)
        assert mus.has_juego(hand, rules) == (mus.lance_key(Lance.JUEGO, hand, rules) > 0)
        assert mus.has_juego(hand, rules) == (mus.points(hand, rules) >= 31)
        assert mus.lance_key(Lance.PUNTO, hand, rules) == mus.points(hand, rules)
