"""mus.advise: the expected stones of a hand's 16 choices agree with a plain Monte
Carlo of the same choice, made with the scalar library (mus.count of an en paso
count), within their errors; ``mus advise`` prints and dumps them."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import mus  # noqa: E402
from mus import ALL_CARDS, Card, Discard, Hand, Lance, LanceResult, NoMus, Outcome, Rules  # noqa: E402
from mus.advise import Advice, advise, choices  # noqa: E402
from mus.cli import main  # noqa: E402
from mus.odds import OddsError  # noqa: E402


def monte_carlo(
    hand: Hand,
    action: NoMus | Discard,
    rules: Rules,
    seat: int,
    scores: tuple[int, int] | None,
    deals: int,
    seed: int,
    partner: Hand | None = None,
) -> tuple[float, float, list[float], float]:
    """The choice played out ``deals`` times, one deal at a time: the others' hands
    from the unseen cards, the seat's new cards from the rest, the hands counted en
    paso by mus.count. The net stones' mean and standard error, the side's win rate
    at each lance, the games won."""
    generator = random.Random(seed)
    partner_seat = (seat + 2) % rules.seats
    seen = set(hand) | (set(partner) if partner is not None else set())
    unseen = [card for card in ALL_CARDS if card not in seen]
    thrown = action.cards if isinstance(action, Discard) else ()
    kept = [card for card in hand if card not in thrown]
    side = rules.team_of[seat]
    start = (0, 0) if scores is None else (scores[0], scores[1]) if side == 0 else (scores[1], scores[0])
    total = square = games = 0.0
    wins = [0] * 5
    for _ in range(deals):
        generator.shuffle(unseen)
        hands: list[Hand] = []
        drawn = iter(unseen)
        for other in range(rules.seats):
            if other == seat:
                hands.append(Hand(kept + [next(drawn) for _ in thrown]) if not thrown else hand)
            elif partner is not None and other == partner_seat:
                hands.append(partner)
            else:
                hands.append(Hand([next(drawn) for _ in range(4)]))
        if thrown:
            # The seat draws after the others were dealt: its new cards come last.
            rest = [card for card in unseen if not any(card in h for s, h in enumerate(hands) if s != seat)]
            hands[seat] = Hand(kept + rest[: len(thrown)])
        juego = mus.winner(Lance.JUEGO, hands, rules)
        for lance in Lance:
            won = mus.winner(lance, hands, rules)
            won = None if lance is Lance.PUNTO and juego is not None else won
            wins[lance] += won is not None and rules.team_of[won] == side
        last = Lance.JUEGO if juego is not None else Lance.PUNTO
        results = [LanceResult(lance, Outcome.EN_PASO) for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, last)]
        count = mus.count(hands, results, rules, mano=0, scores=start if rules.teams == 2 else (0,) * rules.teams)
        mine = count.scores[side] - start[side] if rules.teams == 2 else count.scores[side]
        theirs = sum(count.scores) - count.scores[side] - (start[1 - side] if rules.teams == 2 else 0)
        net = mine - theirs
        total += net
        square += net * net
        games += count.winner == side
    mean = total / deals
    return mean, math.sqrt(max(square / deals - mean * mean, 0) / deals), [w / deals for w in wins], games / deals


TABLES = [Rules(), Rules(seats=2), Rules(eight_kings=False), Rules(seats=6)]


@settings(max_examples=10, deadline=None)
@given(
    st.permutations(ALL_CARDS),
    st.sampled_from(TABLES),
    st.integers(0, 5),
    st.integers(0, 15),
    st.sampled_from([None, (0, 0), (36, 38), (20, 39)]),
    st.integers(0, 2**16),
)
def test_the_advised_stones_agree_with_a_monte_carlo_of_the_same_choice(
    deck: list[Card], rules: Rules, seat: int, which: int, scores: tuple[int, int] | None, seed: int
) -> None:
    hand = Hand(deck[:4])
    seat %= rules.seats
    advice = advise(hand, rules, seat=seat, scores=scores, samples=4000, seed=seed)
    option = advice.options[which]
    mean, error, wins, games = monte_carlo(hand, option.action, rules, seat, scores, 2500, seed)
    combined = math.hypot(option.stderr, error)
    assert abs(option.expected_stones - mean) < 4 * combined + 1e-9, (str(option.action), option, mean, error)
    for lance in Lance:
        # A rate's standard error, from the rate itself (at least a deal's worth).
        p = (option.lances[lance] + wins[lance]) / 2
        spread = math.sqrt(max(p * (1 - p), 1 / 2500) * (1 / 2500 + (0 if option.exact else 1 / option.deals)))
        assert abs(option.lances[lance] - wins[lance]) < 4.5 * spread, (lance, option.lances, wins)
    if scores is None:
        assert option.game is None
    else:
        assert option.game is not None
        spread = math.sqrt(max(games * (1 - games), 1 / 2500) * (1 / 2500 + 1 / option.deals))
        assert abs(option.game - games) < 4.5 * spread + 1e-9


def test_a_partner_s_hand_known_agrees_with_a_monte_carlo_too() -> None:
    hand, partner = Hand.parse("Ro Cc 7e 1b"), Hand.parse("Rb 3e 5o 4c")
    advice = advise(hand, Rules(), seat=1, partner=partner, samples=6000, seed=9)
    for action in ("no-mus", "discard 7e 1b"):
        option = advice.option(action)
        mean, error, _, _ = monte_carlo(hand, option.action, Rules(), 1, None, 3000, 9, partner)
        assert abs(option.expected_stones - mean) < 4 * math.hypot(option.stderr, error)
    assert f"seat 3 holds {partner}" in advice.given


def test_sixteen_choices_and_the_best() -> None:
    advice = advise("Ro Rc Re Rb", Rules(), samples=3000)
    assert len(advice.options) == 16 and [option.action for option in advice.options] == list(
        choices(Hand.parse("Ro Rc Re Rb"))
    )
    assert str(advice.best.action) == "no-mus"
    assert advice.best.expected_stones == max(option.expected_stones for option in advice.options)
    assert advice.ranked()[0] is advice.best
    # Common random numbers: discards of equal ranks (any one rey) are worth the same.
    values = {round(advice.option(f"discard {rey}").expected_stones, 9) for rey in ("Ro", "Rc", "Re", "Rb")}
    assert len(values) == 1
    # A weak hand is better thrown than kept.
    weak = advise("4o 5c 6e 7b", Rules(), seat=3, samples=3000)
    assert weak.best.expected_stones > weak.option("no-mus").expected_stones + 0.5


def test_exact_where_cheap_sampled_otherwise() -> None:
    heads_up = advise("Ro Rc 7e 1b", Rules(seats=2))
    exact = {str(option.action) for option in heads_up.options if option.exact}
    assert "no-mus" in exact and "discard 7e" in exact and "discard Ro Rc 7e 1b" not in exact
    assert all(option.stderr == 0 for option in heads_up.options if option.exact)
    forced = advise("Ro Rc 7e 1b", Rules(seats=2), exact=True)
    assert all(option.exact for option in forced.options)
    sampled = advise("Ro Rc 7e 1b", Rules(seats=2), exact=False, samples=20_000)
    for mine, exact_option in zip(sampled.options, forced.options, strict=True):
        assert abs(mine.expected_stones - exact_option.expected_stones) < 4 * mine.stderr
    with pytest.raises(OddsError, match="exact advice needs at most two seats"):
        advise("Ro Rc 7e 1b", Rules(), exact=True)


def test_the_same_seed_gives_the_same_advice() -> None:
    first = advise("Ro Rc 7e 1b", Rules(), seat=2, samples=2000, seed="x")
    again = advise("Ro Rc 7e 1b", Rules(), seat=2, samples=2000, seed="x")
    other = advise("Ro Rc 7e 1b", Rules(), seat=2, samples=2000, seed="y")
    assert first == again and first.options != other.options


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (dict(scores=(10, 40)), "scores are below the target (40)"),
        (dict(scores=(10,)), "scores are two whole numbers"),
        (dict(scores="10-20"), "scores are two whole numbers"),
        (dict(samples=0), "samples is a whole number of deals from 1 to 10,000,000, got 0"),
        (dict(seat=4), "seat is a speaking position from the mano, 0 to 3"),
        (dict(exact="yes"), "exact is True, False or None"),
        (dict(rules=Rules(seats=3, teams=3), scores=(1, 2)), "the table has two sides only"),
        (dict(rules="four"), "rules must be a mus.Rules"),
    ],
)
def test_bad_input_gets_a_clear_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(OddsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        advise("Ro Rc 7e 1b", **options)  # type: ignore[arg-type]


def test_a_choice_not_of_the_hand_is_refused() -> None:
    advice = advise("Ro Rc 7e 1b", Rules(seats=2))
    # A discard is found whatever the order of its cards.
    found = advice.option(Discard(mus.parse_cards("1b 7e")))
    assert (
        isinstance(advice, Advice) and found is advice.option("discard 7e 1b") and str(found.action) == "discard 7e 1b"
    )
    with pytest.raises(OddsError, match="no choice 'discard 5o'"):
        advice.option("discard 5o")


def test_mus_advise_prints_and_dumps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["advise", "Ro Rc Re Rb", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hand"] == "Ro Rc Re Rb" and data["best"] == "no-mus" and len(data["options"]) == 16
    assert set(data["options"][0]) >= {"action", "expected_stones", "stderr", "lances"}
    assert set(data["options"][0]["lances"]) == {"grande", "chica", "pares", "juego", "punto"}
    assert main(["advise", "Ro Rc 7e 1b", "--seat", "1", "--scores", "30-35", "--partner", "Rb 3e 5o 4c"]) == 0
    out = capsys.readouterr().out
    assert "scores 30-35 (own side first)" in out and "given: seat 3 holds Rb 3e 5o 4c" in out
    assert "game" in out.splitlines()[3] and out.splitlines()[-1].startswith("best: ")
    assert main(["advise", "Ro Rc 7e 1b", "--scores", "thirty"]) == 2
    assert "--scores takes the two sides' scores" in capsys.readouterr().err
    assert main(["advise", "Ro Rc 7e"]) == 2
    assert "mus: error:" in capsys.readouterr().err
