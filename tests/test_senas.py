"""Tests of the señas vocabulary (mus.senas; rules section 13).

* every signal's predicate on hand-picked hands, under eight kings and four kings;
* names: Sena.parse reads Spanish names and English aliases, case and accents free,
  and rejects unknown names with the list of names;
* an exhaustive check over all 91,390 four-card hands: each predicate against a naive
  reference written here from the cards, the consistency laws (duples implies pares,
  31 iff points == 31, ciego iff neither pares nor juego, suits never matter, ...),
  and the number of hands that make each signal, counted by combinatorics.
"""

from __future__ import annotations

import itertools
import pathlib
from collections import Counter
from math import comb

import pytest

import mus
from mus import ALL_CARDS, Hand, Lance, ParesKind, Rank, Rules
from mus.errors import IllegalActionError, MusError
from mus.senas import Sena, senas_of

EIGHT = Rules()
FOUR = Rules(eight_kings=False)
S = Sena

ALL_HANDS = [Hand(cards) for cards in itertools.combinations(ALL_CARDS, 4)]


def h(text: str) -> Hand:
    return Hand.parse(text)


# --- hand-picked hands -------------------------------------------------------------------

# hand, signals under eight kings, signals under four kings
CASES = [
    ("Ro Rc 7e 1b", {S.DOS_REYES}, {S.DOS_REYES}),
    ("Ro 3c 7e 1b", {S.DOS_REYES}, {S.CIEGO}),
    ("3o 3c 7e 4b", {S.DOS_REYES, S.TREINTA_Y_UNA}, set()),  # four kings: a pareja of treses, 17 points
    ("Ro Rc Rb 1b", {S.TRES_REYES, S.MEDIAS, S.TREINTA_Y_UNA}, {S.TRES_REYES, S.MEDIAS, S.TREINTA_Y_UNA}),
    ("Ro Rc 3b 1b", {S.TRES_REYES, S.MEDIAS, S.TREINTA_Y_UNA}, {S.DOS_REYES}),
    ("Ro Rc Rb Re", {S.CUATRO_REYES, S.DUPLES}, {S.CUATRO_REYES, S.DUPLES}),
    ("Ro 3c 3b Re", {S.CUATRO_REYES, S.DUPLES}, {S.DOS_REYES, S.DUPLES}),
    ("3o 3c 3b 3e", {S.CUATRO_REYES, S.DUPLES}, {S.DUPLES}),
    ("1o 1c 7e 4b", {S.DOS_ASES}, {S.DOS_ASES}),
    ("1o 2c 7e 4b", {S.DOS_ASES}, {S.CIEGO}),
    ("1o 1c 1e 4b", {S.TRES_ASES, S.MEDIAS}, {S.TRES_ASES, S.MEDIAS}),
    ("1o 2c 2e 4b", {S.TRES_ASES, S.MEDIAS}, set()),  # four kings: a pareja of doses, 9 points
    ("1o 1c 1e 1b", {S.CUATRO_ASES, S.DUPLES}, {S.CUATRO_ASES, S.DUPLES}),
    ("1o 2c 2e 1b", {S.CUATRO_ASES, S.DUPLES}, {S.DOS_ASES, S.DUPLES}),
    ("Ro 3c 1e 2b", {S.DOS_REYES, S.DOS_ASES, S.DUPLES}, {S.CIEGO}),
    ("Ro Rc 1e 1b", {S.DOS_REYES, S.DOS_ASES, S.DUPLES}, {S.DOS_REYES, S.DOS_ASES, S.DUPLES}),
    ("7o 7c 7e 4b", {S.MEDIAS}, {S.MEDIAS}),
    ("So Sc Se Sb", {S.DUPLES}, {S.DUPLES}),  # four equal cards are duples, never medias
    ("Co Cc 5e 5b", {S.TREINTA, S.DUPLES}, {S.TREINTA, S.DUPLES}),
    ("Co Sc 7e 4b", {S.TREINTA_Y_UNA}, {S.TREINTA_Y_UNA}),
    ("Co Sc 7e 3b", set(), {S.TREINTA, S.CIEGO}),  # 37 under eight kings, 30 under four
    ("Co Sc 6e 4b", {S.TREINTA, S.CIEGO}, {S.TREINTA, S.CIEGO}),  # the best punto has no pares nor juego
    ("Co Sc 5e 4b", {S.CIEGO}, {S.CIEGO}),
    ("Co Sc 5e 2b", {S.CIEGO}, {S.CIEGO}),
    ("So Sc 4e 1b", set(), set()),  # a pareja of sotas and 25 points: nothing to signal
    ("Ro Cc Se 1b", {S.TREINTA_Y_UNA}, {S.TREINTA_Y_UNA}),
    ("Ro Cc Se 7b", set(), set()),  # juego of 37 without pares
    ("7o 7c 7e Sb", {S.MEDIAS, S.TREINTA_Y_UNA}, {S.MEDIAS, S.TREINTA_Y_UNA}),
    ("7o 6c 5e 4b", {S.CIEGO}, {S.CIEGO}),  # the "jugada del tío Perete" of 000
]


@pytest.mark.parametrize(("text", "eight", "four"), CASES, ids=[case[0] for case in CASES])
def test_hand_picked(text: str, eight: set[Sena], four: set[Sena]) -> None:
    hand = h(text)
    assert set(senas_of(hand, EIGHT)) == eight
    assert set(senas_of(hand, FOUR)) == four
    for sena in Sena:
        assert sena.holds(hand, EIGHT) is (sena in eight)
        assert sena.holds(hand, FOUR) is (sena in four)


@pytest.mark.parametrize(
    ("sena", "yes", "no"),
    [
        (S.DOS_REYES, ["Ro Rc 7e 1b", "Re 3b Ce Cb"], ["Ro Rc Rb 1b", "Ro Cc 7e 1b", "Ro Rc Re Rb"]),
        (S.TRES_REYES, ["Ro Rc Rb 1b", "3o 3c Rb Se"], ["Ro Rc 7e 1b", "Ro Rc Rb Re"]),
        (S.CUATRO_REYES, ["Ro Rc Rb Re", "3o 3c 3b 3e", "Ro 3c Rb 3e"], ["Ro Rc Rb 1b"]),
        (S.DOS_ASES, ["1o 1c 7e Rb", "2o 1c 7e Rb"], ["1o 1c 1e Rb", "1o 7c 6e Rb"]),
        (S.TRES_ASES, ["1o 1c 1e Rb", "2o 2c 1e 4b"], ["1o 1c 1e 1b", "1o 1c 4e 4b"]),
        (S.CUATRO_ASES, ["1o 1c 1e 1b", "2o 2c 2e 2b", "2o 1c 2e 1b"], ["1o 1c 1e 4b"]),
        (S.MEDIAS, ["7o 7c 7e 4b", "Ro Rc 3e 1b"], ["7o 7c 7e 7b", "7o 7c 4e 4b", "7o 7c 5e 4b"]),
        (S.DUPLES, ["7o 7c 4e 4b", "7o 7c 7e 7b", "Ro 3c 1e 2b"], ["7o 7c 7e 4b", "7o 7c 5e 4b"]),
        (S.TREINTA_Y_UNA, ["Ro Cc Se 1b", "7o 7c 7e Sb", "3o 3c 3e 1b"], ["Ro Cc Se 3b", "Ro Cc Se Sb"]),
        (S.TREINTA, ["Ro Cc 6e 4b", "Ro 5c 5e Sb"], ["Ro Cc Se 1b", "Ro Cc 5e 4b"]),
        (S.CIEGO, ["Ro Cc 5e 4b", "7o 6c 5e 4b"], ["Ro Cc Se 1b", "Ro Rc 5e 4b", "7o 7c 5e 4b"]),
    ],
)
def test_each_signal_under_eight_kings(sena: Sena, yes: list[str], no: list[str]) -> None:
    for text in yes:
        assert sena.holds(h(text), EIGHT), text
    for text in no:
        assert not sena.holds(h(text), EIGHT), text


def test_eight_kings_mapping_is_for_every_purpose() -> None:
    # A 3 is a rey for the reyes signals, for pares and for points; a 2 an as likewise.
    assert S.TRES_REYES.holds(h("3o 3c 3e 1b"), EIGHT) and S.TREINTA_Y_UNA.holds(h("3o 3c 3e 1b"), EIGHT)
    assert S.MEDIAS.holds(h("3o 3c 3e 1b"), FOUR) and S.CIEGO.holds(h("3o Cc Re 1b"), FOUR)
    assert S.TREINTA_Y_UNA.holds(h("Ro Cc Se 2b"), EIGHT) and not S.TREINTA_Y_UNA.holds(h("Ro Cc Se 2b"), FOUR)


def test_other_knobs_do_not_change_signals() -> None:
    hands = [h(text) for text, _, _ in CASES]
    others = [Rules(real_31=True), Rules(target=30), Rules(seats=6), Rules(eight_kings=False, real_31=True)]
    others += [Rules.preset(name) for name in sorted(mus.PRESETS)]
    for rules in others:
        plain = EIGHT if rules.eight_kings else FOUR
        for hand in hands:
            assert senas_of(hand, rules) == senas_of(hand, plain)


def test_senas_of_order_and_type() -> None:
    result = senas_of(h("Ro Rc 1e 1b"), EIGHT)
    assert isinstance(result, tuple)
    assert result == (S.DOS_REYES, S.DOS_ASES, S.DUPLES)
    assert senas_of(h("So Sc 4e 1b"), EIGHT) == ()


# --- names and descriptions --------------------------------------------------------------


def test_members() -> None:
    assert [sena.name for sena in Sena] == [
        "DOS_REYES",
        "TRES_REYES",
        "CUATRO_REYES",
        "DOS_ASES",
        "TRES_ASES",
        "CUATRO_ASES",
        "MEDIAS",
        "DUPLES",
        "TREINTA_Y_UNA",
        "TREINTA",
        "CIEGO",
    ]
    assert str(S.TREINTA_Y_UNA) == "treinta y una" and f"{S.CIEGO:>7}" == "  ciego"


@pytest.mark.parametrize("sena", list(Sena))
def test_parse_every_name(sena: Sena) -> None:
    for name in (
        sena.value,
        sena.name,
        sena.english,
        sena.value.upper(),
        sena.name.lower(),
        sena.value.replace(" ", "-"),
        f"  {sena.value.title()}  ",
    ):
        assert Sena.parse(name) is sena
    assert Sena.parse(sena) is sena


@pytest.mark.parametrize(
    ("text", "sena"),
    [
        ("Dos Reyes", S.DOS_REYES),
        ("dos_reyes", S.DOS_REYES),
        ("2 kings", S.DOS_REYES),
        ("two aces", S.DOS_ASES),
        ("Dúplex", S.DUPLES),
        ("DÚPLEX", S.DUPLES),
        ("double pair", S.DUPLES),
        ("trio", S.MEDIAS),
        ("31", S.TREINTA_Y_UNA),
        ("Treinta y Una", S.TREINTA_Y_UNA),
        ("thirty-one", S.TREINTA_Y_UNA),
        ("30", S.TREINTA),
        ("blind", S.CIEGO),
        ("Aveugle", S.CIEGO),
    ],
)
def test_parse_aliases(text: str, sena: Sena) -> None:
    assert Sena.parse(text) is sena


@pytest.mark.parametrize("text", ["", "solomillo", "dos", "no juego", "reyes", "x" * 1000, "dos  reyes x"])
def test_parse_unknown(text: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        Sena.parse(text)
    message = str(info.value)
    # Errors quote the input cut to a readable length (mus.errors.quoted).
    assert message.startswith(f"unknown seña {mus.errors.quoted(text)}")
    for sena in Sena:
        assert sena.value in message
    assert isinstance(info.value, MusError) and isinstance(info.value, ValueError)


def test_parse_not_a_string() -> None:
    with pytest.raises(IllegalActionError, match="a seña's name is a str, got int"):
        Sena.parse(31)  # type: ignore[arg-type]


@pytest.mark.parametrize("sena", list(Sena))
def test_descriptions(sena: Sena) -> None:
    assert sena.english and sena.gesture and sena.meaning
    assert sena.sources and all(seed in ("000", "003") for seed, _ in sena.sources)


# The rule texts the quotes come from sit beside the repository (shared/seeds) on the
# project's machines and in CI; an installed copy elsewhere has no sources to compare.
SEEDS = pathlib.Path(__file__).resolve().parents[2] / "shared" / "seeds"


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the source texts are not here")
@pytest.mark.parametrize("sena", list(Sena))
def test_quotes_are_the_sources_words(sena: Sena) -> None:
    texts = {path.name[:3]: " ".join(path.read_text().replace("*", "").split()) for path in SEEDS.glob("*.txt")}
    for seed, quote in sena.sources:
        assert " ".join(quote.split()) in texts[seed], (seed, quote)


# --- every hand --------------------------------------------------------------------------


def _played(rank: Rank, eight_kings: bool) -> Rank:
    if eight_kings and rank == Rank.TRES:
        return Rank.REY
    if eight_kings and rank == Rank.DOS:
        return Rank.AS
    return rank


def reference(hand: Hand, eight_kings: bool) -> set[Sena]:
    """The signals of ``hand``, straight from the cards and the seeds (naive)."""
    ranks = [_played(card.rank, eight_kings) for card in hand]
    counts = Counter(ranks)
    total = sum(10 if rank >= Rank.SOTA else int(rank) for rank in ranks)
    shape = sorted(counts.values(), reverse=True)
    has_pares = shape[0] >= 2
    medias = shape[0] == 3
    duples = shape == [2, 2] or shape == [4]
    out = set()
    for n, (reyes, ases) in {
        2: (S.DOS_REYES, S.DOS_ASES),
        3: (S.TRES_REYES, S.TRES_ASES),
        4: (S.CUATRO_REYES, S.CUATRO_ASES),
    }.items():
        if counts[Rank.REY] == n:
            out.add(reyes)
        if counts[Rank.AS] == n:
            out.add(ases)
    if medias:
        out.add(S.MEDIAS)
    if duples:
        out.add(S.DUPLES)
    if total == 31:
        out.add(S.TREINTA_Y_UNA)
    if total == 30:
        out.add(S.TREINTA)
    if not has_pares and total < 31:
        out.add(S.CIEGO)
    return out


def test_all_hands_count() -> None:
    assert len(ALL_HANDS) == 91_390


@pytest.mark.parametrize("rules", [EIGHT, FOUR], ids=["eight-kings", "four-kings"])
def test_every_hand_against_reference_and_laws(rules: Rules) -> None:
    by_multiset: dict[int, tuple[Sena, ...]] = {}
    tally: Counter[Sena] = Counter()
    for hand in ALL_HANDS:
        signals = senas_of(hand, rules)
        got = set(signals)
        assert got == reference(hand, rules.eight_kings), hand
        assert list(signals) == [sena for sena in Sena if sena in got]
        tally.update(signals)
        # suits never matter: every hand of a rank multiset makes the same signals
        assert by_multiset.setdefault(hand.multiset, signals) == signals
        combo = mus.pares(hand, rules)
        total = mus.points(hand, rules)
        pares_yes, juego_yes = mus.has_pares(hand, rules), mus.has_juego(hand, rules)
        assert (S.DUPLES in got) == (combo is not None and combo.kind == ParesKind.DUPLES)
        assert (S.MEDIAS in got) == (combo is not None and combo.kind == ParesKind.MEDIAS)
        assert S.DUPLES not in got or pares_yes
        assert S.MEDIAS not in got or pares_yes
        assert not {S.MEDIAS, S.DUPLES} <= got
        assert (S.TREINTA_Y_UNA in got) == (total == 31)
        assert S.TREINTA_Y_UNA not in got or (juego_yes and mus.bonus(Lance.JUEGO, hand, rules) == 3)
        assert (S.TREINTA in got) == (total == 30)
        assert S.TREINTA not in got or not juego_yes
        assert (S.CIEGO in got) == (not pares_yes and not juego_yes)
        if S.CIEGO in got:
            assert got <= {S.CIEGO, S.TREINTA}
        assert len(got & {S.DOS_REYES, S.TRES_REYES, S.CUATRO_REYES}) <= 1
        assert len(got & {S.DOS_ASES, S.TRES_ASES, S.CUATRO_ASES}) <= 1
        if got & {S.DOS_REYES, S.TRES_REYES, S.CUATRO_REYES, S.DOS_ASES, S.TRES_ASES, S.CUATRO_ASES}:
            assert pares_yes
        if S.TRES_REYES in got:
            assert combo == mus.Pares(ParesKind.MEDIAS, (Rank.REY,))
        if S.TRES_ASES in got:
            assert combo == mus.Pares(ParesKind.MEDIAS, (Rank.AS,))
        if S.CUATRO_REYES in got:
            assert combo == mus.Pares(ParesKind.DUPLES, (Rank.REY, Rank.REY))
        if S.CUATRO_ASES in got:
            assert combo == mus.Pares(ParesKind.DUPLES, (Rank.AS, Rank.AS))
        if {S.DOS_REYES, S.DOS_ASES} <= got:
            assert combo == mus.Pares(ParesKind.DUPLES, (Rank.REY, Rank.AS))
        if S.DOS_REYES in got:
            assert mus.compare(Lance.GRANDE, hand, h("Ro Cc Se 7b"), rules) == 1
        # without 2s and 3s the two rule sets agree
        if not any(card.rank in (Rank.DOS, Rank.TRES) for card in hand):
            other = FOUR if rules.eight_kings else EIGHT
            assert senas_of(hand, other) == signals
    # how many hands make each signal, counted by combinatorics
    big = 8 if rules.eight_kings else 4  # reyes (and ases) in the deck
    sizes = _rank_sizes(rules)
    assert sum(sizes) == 40
    for n, (reyes, ases) in {
        2: (S.DOS_REYES, S.DOS_ASES),
        3: (S.TRES_REYES, S.TRES_ASES),
        4: (S.CUATRO_REYES, S.CUATRO_ASES),
    }.items():
        expected = comb(big, n) * comb(40 - big, 4 - n)
        assert tally[reyes] == expected and tally[ases] == expected, (n, expected)
    assert tally[S.MEDIAS] == sum(comb(size, 3) * (40 - size) for size in sizes)
    assert tally[S.DUPLES] == sum(comb(size, 4) for size in sizes) + sum(
        comb(a, 2) * comb(b, 2) for a, b in itertools.combinations(sizes, 2)
    )
    assert tally[S.TREINTA_Y_UNA] == sum(1 for hand in ALL_HANDS if mus.points(hand, rules) == 31)
    assert tally[S.TREINTA] == sum(1 for hand in ALL_HANDS if mus.points(hand, rules) == 30)


def _rank_sizes(rules: Rules) -> list[int]:
    """How many cards of the deck play as each rank."""
    sizes = Counter(_played(card.rank, rules.eight_kings) for card in ALL_CARDS)
    return list(sizes.values())


def test_holds_agrees_with_senas_of_on_every_hand() -> None:
    for rules in (EIGHT, FOUR):
        for hand in ALL_HANDS[::7]:
            signals = senas_of(hand, rules)
            for sena in Sena:
                assert sena.holds(hand, rules) is (sena in signals)
