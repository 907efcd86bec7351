"""mus.odds: the batch lances equal the scalar ones deal for deal, exact odds equal a
brute-force count with the scalar library, sampled odds agree with exact ones within
their error bars, and ``mus odds`` prints, draws and tabulates them."""

from __future__ import annotations

import csv
import io
import itertools
import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import mus  # noqa: E402
from mus import ALL_CARDS, Hand, Lance, Rules  # noqa: E402
from mus.cli import main  # noqa: E402
from mus.odds import (  # noqa: E402
    NONE,
    MissingExtraError,
    OddsError,
    deal_cards,
    en_paso_stones,
    equity_table,
    lance_keys,
    lance_winners,
    multisets,
    multisets_of_cards,
    odds,
    winners,
)
from mus.scoring import LanceResult, Outcome  # noqa: E402


@attrs.frozen
class FortyFirst(mus.HouseRule):
    """A house rule that changes keys: 40 is the best juego, and four sotas the best pares."""

    name = "test-odds-forty-first"

    def lance_key(self, lance: Lance, ranks: tuple[mus.Rank, ...], key: int, rules: Rules) -> int:
        total = sum(mus.rank_points(rank, rules) for rank in ranks)
        if lance is Lance.JUEGO and total == 40:
            return 100
        if lance is Lance.PARES and ranks.count(mus.Rank.SOTA) == 4:
            return 10_000
        return key


KNOBS = {
    "standard": Rules(),
    "four-kings": Rules(eight_kings=False),
    "real-31": Rules(real_31=True),
    "real-31-king": Rules(real_31="king", eight_kings=False),
    "juego-descending": Rules(juego_order="descending"),
    "house-keys": Rules(house=[FortyFirst()]),
    "six-seats": Rules(seats=6, real_31=True),
}
DEALS = 100_000


def hands_of(cards: Any) -> list[list[Hand]]:
    return [[Hand(tuple(ALL_CARDS[n] for n in hand)) for hand in deal] for deal in cards.tolist()]


@pytest.fixture(scope="module")
def dealt() -> dict[int, tuple[Any, list[list[Hand]], Any]]:
    """100,000 random deals at four and at six seats, as arrays and as Hand objects,
    with a random mano each: built once, ranked under every knob."""
    out = {}
    for seats in (4, 6):
        cards = deal_cards(DEALS, seats, seed=f"agreement/{seats}")
        mano = np.random.default_rng(seats).integers(0, seats, DEALS)
        out[seats] = (cards, hands_of(cards), mano)
    return out


@pytest.mark.parametrize("knob", list(KNOBS))
def test_batch_winners_equal_scalar_on_100000_deals(knob: str, dealt: dict[int, Any]) -> None:
    rules = KNOBS[knob]
    cards, hands, mano = dealt[rules.seats]
    deals = multisets_of_cards(cards)
    assert deals.tolist() == [[hand.multiset for hand in deal] for deal in hands]
    batch = winners(deals, rules, mano).tolist()
    lance_winner = mus.lance_winner
    lances = list(Lance)
    scalar = [
        [NONE if seat is None else seat for seat in (lance_winner(lance, deal, rules, first) for lance in lances)]
        for deal, first in zip(hands, mano.tolist(), strict=False)
    ]
    assert batch == scalar
    # and the one-lance path with its keys
    assert lance_winners(Lance.JUEGO, deals, rules, mano).tolist() == [row[Lance.JUEGO] for row in scalar]
    keys = rules.ranking.keys[Lance.PARES]
    assert lance_keys(Lance.PARES, deals, rules).tolist() == [[keys[h.multiset] for h in deal] for deal in hands]


card_numbers = st.permutations(range(len(ALL_CARDS)))
any_rules = st.builds(
    Rules,
    seats=st.sampled_from([2, 4, 6]),
    eight_kings=st.booleans(),
    real_31=st.sampled_from([False, True, "king"]),
    juego_order=st.sampled_from(["standard", "descending"]),
    house=st.sampled_from([(), (FortyFirst(),)]),
    payouts=st.builds(
        mus.Payouts,
        en_paso=st.integers(0, 3),
        pares=st.tuples(*[st.integers(0, 5)] * 3),
        juego_31=st.integers(0, 5),
        juego=st.integers(0, 5),
        punto=st.integers(0, 3),
    ),
)


def en_paso_results(hands: list[Hand], rules: Rules) -> list[LanceResult]:
    """How the lances end when nobody bets, from the cards (rules sections 6 and 8)."""
    results = [LanceResult(Lance.GRANDE, Outcome.EN_PASO), LanceResult(Lance.CHICA, Outcome.EN_PASO)]
    juego = any(mus.has_juego(hand, rules) for hand in hands)
    for lance, holds in ((Lance.PARES, mus.has_pares), (Lance.JUEGO if juego else Lance.PUNTO, mus.has_juego)):
        if lance is Lance.PUNTO:
            results.append(LanceResult(lance, Outcome.EN_PASO))
            continue
        sides = {rules.team_of[seat] for seat, hand in enumerate(hands) if holds(hand, rules)}
        if len(sides) > 1:
            results.append(LanceResult(lance, Outcome.EN_PASO))
        elif sides:
            results.append(LanceResult(lance, Outcome.NO_BET, team=sides.pop()))
        else:
            results.append(LanceResult(lance, Outcome.VOID))
    return results


@settings(max_examples=300, deadline=None)
@given(order=card_numbers, rules=any_rules, mano=st.integers(0, 5))
def test_batch_equals_scalar_on_any_deal_and_knob(order: list[int], rules: Rules, mano: int) -> None:
    mano %= rules.seats
    cards = np.array(order[: 4 * rules.seats]).reshape(1, rules.seats, 4)
    hands = hands_of(cards)[0]
    deals = multisets_of_cards(cards)
    for lance in Lance:
        expected = mus.lance_winner(lance, hands, rules, mano)
        assert lance_winners(lance, deals, rules, mano).tolist() == [NONE if expected is None else expected]
        assert lance_keys(lance, deals, rules).tolist() == [[mus.lance_key(lance, h, rules) for h in hands]]
    # The en paso count: the library's count from 0-0, lance by lance.
    stones = en_paso_stones(deals, rules, mano)[0]
    record = mus.count(
        hands, en_paso_results(hands, rules), rules.evolve(target=1000), mano=mano, scores=(0,) * rules.teams
    )
    by_lance = [[0] * rules.teams for _ in Lance]
    for line in record.lines:
        if line.team is not None:
            by_lance[line.lance][line.team] += line.stones
    assert stones.tolist() == by_lance


def test_exact_odds_equal_a_brute_force_count_with_the_scalar_library() -> None:
    # Heads-up, the hand second to speak: every one of the C(36, 4) opponent hands.
    rules = Rules(seats=2, eight_kings=False, real_31=True)
    hand = Hand.parse("7o 7c 7e Sb")
    rest = [card for card in ALL_CARDS if card not in hand]
    wins = [0] * len(Lance)
    mine = against = net2 = deals = 0
    for cards in itertools.combinations(rest, 4):
        hands = [Hand(cards), hand]
        deals += 1
        juego = any(mus.has_juego(h, rules) for h in hands)
        for lance in Lance:
            seat = mus.lance_winner(lance, hands, rules, mano=0)
            counted = lance is not (Lance.PUNTO if juego else Lance.JUEGO)
            wins[lance] += counted and seat == 1
        record = mus.count(hands, en_paso_results(hands, rules), rules, mano=0, scores=(0, 0))
        mine += record.scores[1]
        against += record.scores[0]
        net2 += (record.scores[1] - record.scores[0]) ** 2
    result = odds(hand, rules, seat=1)
    assert result.exact and result.deals == deals == math.comb(36, 4)
    assert result.win == tuple(w / deals for w in wins)
    assert result.win[Lance.JUEGO] > 0.9  # the real 31 beats every other 31
    assert result.error == (0.0,) * 5 and result.net_error == 0.0
    assert result.stones is not None and result.stones_against is not None
    assert sum(result.stones) == pytest.approx(mine / deals, rel=1e-12)
    assert sum(result.stones_against) == pytest.approx(against / deals, rel=1e-12)
    assert result.net == pytest.approx((mine - against) / deals, rel=1e-12)


@pytest.mark.parametrize("rules, seat", [(Rules(seats=2), 0), (Rules.preset("individual-3"), 2)])
def test_exact_odds_agree_with_monte_carlo_within_its_error_bars(rules: Rules, seat: int) -> None:
    hand = Hand.parse("Cc Co 5b 4e")
    exact = odds(hand, rules, seat=seat)
    sampled = odds(hand, rules, seat=seat, samples=300_000, seed=11)
    assert exact.exact and not sampled.exact and sampled.deals == 300_000
    for lance in Lance:
        error = sampled.error[lance]
        assert error < 0.001 or exact.win[lance] in (0.0, 1.0)
        assert abs(sampled.win[lance] - exact.win[lance]) <= 4 * error + 1e-12, lance
        assert abs(sampled.played[lance] - exact.played[lance]) < 0.01
    assert sampled.net is not None and exact.net is not None and sampled.net_error is not None
    assert abs(sampled.net - exact.net) <= 4 * sampled.net_error


def test_sampled_odds_are_seeded_and_depend_on_ranks_alone() -> None:
    first = odds("Ro Rc 7e 1b", samples=70_000, seed=5)
    assert first == odds("Ro Rc 7e 1b", samples=70_000, seed=5)
    # other suits, same ranks: the same deals (suits never matter)
    again = odds("Rb Re 7o 1c", samples=70_000, seed=5)
    assert again.win == first.win and again.net == first.net
    assert odds("Ro Rc 7e 1b", samples=70_000, seed=6).win != first.win
    assert first.win[Lance.GRANDE] > first.own[Lance.GRANDE]  # the partner's cards help


def test_the_equity_table_is_every_pattern_s_odds() -> None:
    rules = Rules(seats=2, eight_kings=False)
    table = equity_table(rules, seat=1)
    assert len(table) == 715 and [r.hand.multiset for r in table] == list(range(715))
    hand = Hand.parse("Se Sb 6o 2c")
    assert table[hand.multiset].win == odds(hand, rules, seat=1).win
    sampled = equity_table(Rules(), samples=200, seed=3)
    assert sampled[hand.multiset].win == odds(hand, Rules(), samples=200, seed=3).win


def test_house_bonus_hooks_leave_stones_out() -> None:
    @attrs.frozen
    class SuitBonus(mus.HouseRule):
        name = "test-odds-suit-bonus"

        def bonus(self, lance: Lance, hand: Hand, bonus: int, rules: Rules) -> int:
            return bonus + sum(card.suit is mus.Suit.OROS for card in hand)

    rules = Rules(seats=2, house=[SuitBonus()])
    result = odds("Ro Rc 7e 1b", rules)
    assert result.stones is None and result.net is None and result.win == odds("Ro Rc 7e 1b", Rules(seats=2)).win
    assert "not worked out" in str(result)
    with pytest.raises(OddsError, match="test-odds-suit-bonus has its own bonus hook"):
        en_paso_stones(multisets([["Ro Rc 7e 1b", "Cc Co 5b 4e"]]), rules)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: odds("Ro Rc 7e"), "a hand has exactly 4 cards"),
        (lambda: odds("Ro Rc 7e 1b", seat=4), "seat is a speaking position from the mano, 0 to 3, got 4"),
        (lambda: odds("Ro Rc 7e 1b", samples=0), "samples is a whole number of deals from 1 to 100,000,000"),
        (lambda: odds("Ro Rc 7e 1b", exact=True), "exact odds need at most two seats with unknown cards"),
        (lambda: odds("Ro Rc 7e 1b", Rules(seats=2), exact=True, samples=5), "give samples or exact, not both"),
        (lambda: odds("Ro Rc 7e 1b", workers=0), "workers is a whole number of processes from 1 to"),
        (lambda: odds("Ro Rc 7e 1b", backend="spark"), "backend is one of processes, ray"),
        (lambda: odds("Ro Rc 7e 1b", "standard"), "rules must be a mus.Rules"),  # type: ignore[arg-type]
        (lambda: odds("Ro Rc 7e 1b", samples=10, seed=1.5), "a seed is a whole number or a text"),  # type: ignore[arg-type]
        (lambda: winners(np.array([1, 2]), Rules()), "a 2-d array of multiset indices"),
        (lambda: winners(np.array([[1, 715]]), Rules()), "multiset indices run from 0 to 714"),
        (lambda: winners(np.array([[1, 2]]), Rules(), mano=2), "mano is a seat from 0 to 1"),
        (lambda: en_paso_stones(np.array([[1, 2]]), Rules()), "the count needs 4 hands a deal, got 2"),
        (lambda: multisets_of_cards([1, 2, 3]), "four on the last axis"),
        (lambda: multisets_of_cards([1, 2, 3, 40]), "card numbers run from 0 to 39"),
        (lambda: deal_cards(5, 11, seed=1), "seats is a whole number from 1 to 10"),
    ],
)
def test_bad_input_raises_a_short_odds_error(call: Callable[[], object], message: str) -> None:
    with pytest.raises(mus.MusError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_core_imports_without_numpy_and_odds_names_the_extra() -> None:
    script = (
        "import sys; sys.modules['numpy'] = None\n"
        "import mus, mus.cli\n"
        "assert mus.cli.main(['compare', 'Ro Rc 7e 1b', 'Cc Co 5b 4e']) == 0\n"
        "from mus.odds import odds, MissingExtraError\n"
        "try:\n    odds('Ro Rc 7e 1b')\nexcept MissingExtraError as error:\n    print('ERROR', error)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "ERROR this needs numpy: pip install 'mus-rules[fast]'" in result.stdout


def test_plot_without_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(MissingExtraError, match=r"pip install 'mus-rules\[plot\]'"):
        mus.odds.plot(odds("Ro Rc 7e 1b", Rules(seats=2)), str(tmp_path / "odds.png"))


def test_mus_odds_prints_draws_and_tabulates(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    picture, table = tmp_path / "odds.png", tmp_path / "equity.csv"
    assert main(["odds", "Ro Rc 7e 1b", "--seats", "2", "--seat", "1", "--plot", str(picture)]) == 0
    out = capsys.readouterr().out
    result = odds("Ro Rc 7e 1b", Rules(seats=2), seat=1)
    assert out.startswith("two seats, one against the other")
    assert f"grande {result.win[Lance.GRANDE]:>10.2%}" in out and "exact over 58905 deals" in out
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["odds", "--table", str(table), "--seats", "2", "--four-kings"]) == 0
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    assert len(rows) == 715 and rows[0]["ranks"] == "R R R R"
    row = rows[Hand.parse("Cc Co 5b 4e").multiset]
    expected = odds("Cc Co 5b 4e", Rules(seats=2, eight_kings=False))
    assert row["ranks"] == "C C 5 4" and float(row["pares"]) == pytest.approx(expected.win[Lance.PARES], abs=1e-6)
    assert main(["odds", "Ro Rc 7e 1b", "--samples", "1000", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "seed 4; each error is one standard error" in out and "1000 sampled deals" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["odds"], "give a HAND"),
        (["odds", "Ro Rc 7e"], "a hand has exactly 4 cards"),
        (["odds", "Ro Rc 7e 1b", "--seat", "5"], "seat is a speaking position"),
        (["odds", "--table", "x.csv", "--plot", "x.png"], "--plot draws a HAND's odds"),
        (
            ["odds", "Ro Rc 7e 1b", "--seats", "2", "--table", "/nonexistent/dir/x.csv"],
            "cannot write /nonexistent/dir/x.csv",
        ),
    ],
)
def test_mus_odds_errors_are_one_line(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mus: error: ") and message in err[0]
