"""Conditional odds: what a seat knows (its partner's hand, cards seen, its discards,
the declarations, the señas) narrows the deals, and the odds that follow equal a
brute-force count over every card deal that fits, made with the scalar library."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import mus  # noqa: E402
from mus import ALL_CARDS, Card, Hand, Lance, LanceResult, Outcome, Rules  # noqa: E402
from mus.cli import main  # noqa: E402
from mus.odds import OddsError, odds  # noqa: E402

RULES = Rules()


def brute_force(
    hand: Hand,
    seat: int,
    known: Mapping[int, Sequence[Card]],
    exposed: Sequence[Card],
    declarations: Mapping[Lance, Sequence[bool | None]],
    rules: Rules = RULES,
) -> tuple[int, list[float], float]:
    """Every card deal of the unknown places, one by one: the deals that fit, the
    side's win rate at each lance, and its net stones at the en paso count."""
    places = {seat: list(hand), **{s: list(cards) for s, cards in known.items()}}
    used = {card for cards in places.values() for card in cards} | set(exposed)
    pool = [card for card in ALL_CARDS if card not in used]
    open_seats = [s for s in range(rules.seats) if len(places.get(s, ())) < 4]
    side = rules.team_of[seat]
    fits, wins, net = 0, [0] * 5, 0

    def fill(index: int, left: list[Card], hands: dict[int, list[Card]]) -> None:
        nonlocal fits, net
        if index == len(open_seats):
            table = [Hand(hands[s]) for s in range(rules.seats)]
            for lance, said in declarations.items():
                check = mus.has_pares if lance is Lance.PARES else mus.has_juego
                if any(value is not None and check(table[s], rules) != value for s, value in enumerate(said)):
                    return
            fits += 1
            juego = mus.winner(Lance.JUEGO, table, rules)
            for lance in Lance:
                won = mus.winner(lance, table, rules)
                if lance is Lance.PUNTO and juego is not None:
                    won = None
                wins[lance] += won is not None and rules.team_of[won] == side
            last = Lance.JUEGO if juego is not None else Lance.PUNTO
            results = [LanceResult(lance, Outcome.EN_PASO) for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, last)]
            scores = mus.count(table, results, rules, mano=0, scores=(0,) * rules.teams).scores
            net += scores[side] - (sum(scores) - scores[side])
            return
        other = open_seats[index]
        need = 4 - len(hands.get(other, ()))
        for drawn in itertools.combinations(left, need):
            rest = [card for card in left if card not in drawn]
            fill(index + 1, rest, {**hands, other: [*hands.get(other, []), *drawn]})

    fill(0, pool, places)
    return fits, [won / fits for won in wins], net / fits


def cards(text: str) -> tuple[Card, ...]:
    return mus.parse_cards(text)


@settings(max_examples=12, deadline=None)
@given(st.permutations(ALL_CARDS), st.integers(0, 3), st.data())
def test_partner_known_and_three_cards_unknown_equal_a_brute_force_count(
    deck: list[Card], seat: int, data: st.DataObject
) -> None:
    # Four seats: the seat's hand and its partner's known, one rival's hand seen whole
    # and one card of the other's: three cards unknown, every deal of them counted.
    hands = [deck[4 * s : 4 * s + 4] for s in range(4)]
    partner = (seat + 2) % 4
    rivals = [s for s in range(4) if RULES.team_of[s] != RULES.team_of[seat]]
    seen, partial = data.draw(st.permutations(rivals))
    known = {partner: hands[partner], seen: hands[seen], partial: hands[partial][:1]}
    exposed = deck[16 : 16 + data.draw(st.integers(0, 3))]
    truth = [mus.has_juego(Hand(h), RULES) for h in hands]
    said = data.draw(st.sampled_from([None, truth[partial]]))
    declarations = {Lance.JUEGO: tuple(said if s == partial else None for s in range(4))}
    expected = brute_force(Hand(hands[seat]), seat, known, exposed, declarations)
    result = odds(
        Hand(hands[seat]),
        RULES,
        seat=seat,
        partner=hands[partner],
        known={seen: hands[seen], partial: hands[partial][:1]},
        exposed=exposed,
        declarations=declarations,
    )
    assert result.exact and result.deals == expected[0]
    assert result.win == pytest.approx(expected[1], abs=1e-12)
    assert result.net == pytest.approx(expected[2], abs=1e-12)


def test_two_seats_with_unknown_cards_equal_a_brute_force_count() -> None:
    # Two rivals each hiding some cards, one of them declared pares: counted exactly.
    hand, partner = Hand.parse("Ro Rc 7e 1b"), cards("Cc So 5b 4e")
    known = {1: cards("Sc 6c"), 3: cards("3b 2o 6e")}
    declarations = {Lance.PARES: (None, True, None, None)}
    fits, wins, net = brute_force(hand, 0, {2: partner, **known}, cards("7o 7c"), declarations)
    result = odds(hand, RULES, partner=partner, known=known, exposed="7o 7c", declarations=declarations)
    assert result.exact and result.deals == fits
    assert result.win == pytest.approx(wins, abs=1e-12) and result.net == pytest.approx(net, abs=1e-12)
    assert result.ordago(Lance.PARES) == result.win[Lance.PARES]


def test_heads_up_with_a_card_seen_equals_a_brute_force_count() -> None:
    rules = Rules(seats=2)
    hand = Hand.parse("Rb 5c 4o 1e")
    fits, wins, net = brute_force(hand, 1, {0: cards("Ro")}, cards("Co 1o"), {}, rules)
    result = odds(hand, rules, seat=1, known={0: "Ro"}, exposed="Co 1o")
    assert result.deals == fits and result.win == pytest.approx(wins, abs=1e-12)
    assert result.net == pytest.approx(net, abs=1e-12)


def test_sampled_conditional_odds_agree_with_the_exact_count() -> None:
    given_ = dict(partner="Rb 3e 5o 4c", declarations={Lance.JUEGO: (False, None, None, None)})
    exact = odds("Ro Rc 7e 1b", RULES, seat=1, **given_)  # type: ignore[arg-type]
    sampled = odds("Ro Rc 7e 1b", RULES, seat=1, samples=60_000, seed=4, **given_)  # type: ignore[arg-type]
    assert exact.exact and not sampled.exact
    # Rejection sampling: only the deals where seat 0 has no juego are kept.
    assert 0.3 * 60_000 < sampled.deals < 0.9 * 60_000
    for lance in Lance:
        assert abs(sampled.win[lance] - exact.win[lance]) < 4 * sampled.error[lance] + 1e-9
    assert sampled.net is not None and exact.net is not None and sampled.net_error is not None
    assert abs(sampled.net - exact.net) < 4 * sampled.net_error


def test_what_is_known_changes_the_odds() -> None:
    # The partner's two reyes and the rivals' juego declared: grande is likelier, and
    # a rival with juego means punto is never played.
    alone = odds("Ro Rc 7e 1b", RULES, seat=1, samples=20_000, seed=1)
    with_partner = odds("Ro Rc 7e 1b", RULES, seat=1, partner="Rb 3e 5o 4c")
    assert with_partner.win[Lance.GRANDE] > alone.win[Lance.GRANDE] + 0.05
    juego = odds("Ro Rc 7e 1b", RULES, seat=1, partner="Rb 3e 5o 4c", declarations={Lance.JUEGO: (True,) + (None,) * 3})
    assert juego.played[Lance.JUEGO] == 1 and juego.played[Lance.PUNTO] == 0
    signalled = odds("Ro Rc 7e 1b", RULES, seat=0, samples=20_000, seed=1, senas={2: ["dos ases"]})
    alone_mano = odds("Ro Rc 7e 1b", RULES, seat=0, samples=20_000, seed=1)
    assert signalled.win[Lance.CHICA] > alone_mano.win[Lance.CHICA] + 0.1
    assert "seat 2 dos ases signalled" in signalled.given


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(partner="Ro 5c 4o 1e"), "card Ro is given twice"),
        (dict(known={4: "Ro"}), "known cards belong to seats 0 to 3"),
        (dict(known={1: "Sc 6c 5o 4o 1o"}), "seat 1 holds 4 cards, 5 are given"),
        (dict(declarations={Lance.GRANDE: (True,) * 4}), "declarations are of pares and juego"),
        (dict(declarations={Lance.PARES: (True, False)}), "one per seat (4)"),
        (dict(declarations={Lance.PARES: (True, "yes", None, None)}), "a declaration is True, False or None"),
        (dict(senas={1: ["solomillo"]}), "unknown seña 'solomillo'"),
        (
            dict(partner="Sc 6c 5o 4o", senas={1: ["cuatro reyes"], 3: ["cuatro reyes"]}),
            "no deal of the 2000 sampled fits what is known",
        ),
        (dict(exposed="not a card"), "the exposed cards"),
        (dict(partner=7), "the partner's hand are cards"),
    ],
)
def test_bad_knowledge_gets_a_clear_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(OddsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        odds("Ro Rc 7e 1b", RULES, samples=2000, **options)  # type: ignore[arg-type]


def test_a_partner_needs_partnerships() -> None:
    with pytest.raises(OddsError, match="a partner's hand needs a table of partnerships"):
        odds("Ro Rc 7e 1b", Rules(seats=2), partner="Sc 6c 5o 4o")


def test_mus_odds_takes_what_the_seat_knows(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["odds", "Ro Rc 7e 1b", "--seat", "1", "--partner", "Rb 3e 5o 4c", "--juego", "no,-,-,-", "--discards", "7o"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "exact over" in out and "given: seat 3 holds Rb 3e 5o 4c; out of play 7o; seat 0 juego no" in out
    expected = odds(
        "Ro Rc 7e 1b",
        RULES,
        seat=1,
        partner="Rb 3e 5o 4c",
        exposed="7o",
        declarations={Lance.JUEGO: (False, None, None, None)},
    )
    assert f"{expected.win[Lance.GRANDE]:.2%}" in out
    assert main(["odds", "--table", "x.csv", "--partner", "Rb 3e 5o 4c"]) == 2
    assert "goes with a HAND" in capsys.readouterr().err
    assert main(["odds", "Ro Rc 7e 1b", "--pares", "yes,no"]) == 2
    assert "--pares lists one declaration a seat (4)" in capsys.readouterr().err
    assert main(["odds", "Ro Rc 7e 1b", "--known", "0:Sc"]) == 2
    assert "seat 0 is the hand's own seat" in capsys.readouterr().err
