"""mus.determinize: a seat's hidden cards dealt again, consistently with its view."""

from __future__ import annotations

import collections
import itertools
import math
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus.determinize import Sample, determinize, sample

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

# Every table (rules section 12), with señas and each reading of declarations and of a
# mus visto: what a seat may know is widest there.
TABLES = [
    mus.Rules(seats=seats, teams=teams, senas=True, declarations=declarations, mus_visto=visto)
    for seats, teams in ((2, 2), (3, 3), (4, 2), (4, 4), (5, 5), (6, 2), (6, 6))
    for declarations, visto in (("explicit", "forced"), ("derived", "new-card"))
]
TABLE_IDS = [f"{r.seats}x{r.teams}-{r.declarations}-{r.mus_visto}" for r in TABLES]


def step(state: mus.HandState, rng: random.Random) -> mus.HandState:
    """One random move: mostly the seat to act (mus rather than no-mus, so that hands
    exchange and reshuffle), sometimes a true seña or a mus visto."""
    rules = state.rules
    roll = rng.random()
    if roll < 0.15 and rules.senas and rules.teams == 2 and rules.partners >= 2:
        seat = rng.randrange(rules.seats)
        senas = mus.senas_of(state.hands[seat], rules)
        if senas:
            signal = mus.Signal(rng.choice(senas))
            if state.is_legal(signal, seat):
                return mus.apply(state, signal, seat)
    if roll > 0.95:
        # Only a card dealt at this deal can be seen (the whole hand at the first deal).
        seat = rng.randrange(rules.seats)
        shown = [card for card in state.hands[seat].cards if state.is_legal(mus.MusVisto(card), seat)]
        if shown:
            return mus.apply(state, mus.MusVisto(rng.choice(shown)), seat)
    legal = list(state.legal_actions())
    if mus.Mus() in legal and rng.random() < 0.85:
        return mus.apply(state, mus.Mus())
    action = rng.choice(legal)
    if isinstance(action, mus.Discard):  # the listed discards are a few: draw any
        cards = state.hands[state.to_act].cards  # type: ignore[index]
        action = mus.Discard(rng.sample(cards, rng.randint(1, 4)))
    return mus.apply(state, action)


def played(rules: mus.Rules, seed: int, length: int) -> mus.HandState:
    """A hand played at random for ``length`` moves, or to its end."""
    rng = random.Random(seed)
    state = mus.new_hand(rules, seed=seed, mano=seed % rules.seats)
    for _ in range(length):
        if state.to_act is None:
            break
        state = step(state, rng)
    return state


def finish(state: mus.HandState, rng: random.Random) -> mus.HandState:
    while state.to_act is not None:
        state = step(state, rng)
    return state


def check(state: mus.HandState, seat: int, found: Sample) -> None:
    """A sample is a state of the same hand as far as the seat can tell, that the engine
    built (a replay of its deal and history gives it back) and that plays on."""
    other = found.state
    assert other.view(seat) == state.view(seat)
    assert other.hands[seat] == state.hands[seat] and other.pending[seat] == state.pending[seat]
    assert mus.replay(other.deal, other.history) == other
    assert other.initial().hands[seat] == state.initial().hands[seat]
    assert finish(other, random.Random(len(other.history))).is_over


@pytest.mark.parametrize("rules", TABLES, ids=TABLE_IDS)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), length=st.integers(0, 60), seat=st.integers(0, 5))
def test_a_sample_keeps_the_seats_view_on_every_table(rules: mus.Rules, seed: int, length: int, seat: int) -> None:
    state = played(rules, seed, length)
    seat %= rules.seats
    found = sample(state, seat, seed=seed)
    # Exact or not, the sample is consistent with the seat's view. Rejection sampling
    # can run out of draws before the count too (a six-seat hand after 52 actions under
    # derived declarations did): then the walk gives a consistent, near-uniform sample.
    check(state, seat, found)


def test_samples_vary_and_señas_declarations_and_draws_bind_them() -> None:
    rules = mus.Rules(senas=True)
    rng = random.Random(3)
    # Seat 2 signals duples to its partner, seat 0, before anyone speaks.
    state = mus.new_hand(rules, hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se Sc 5o 5c", "3b 2e 1o 4c"], seed=2)
    state = mus.apply(state, mus.Signal("duples"), 2)
    for action in ["mus"] * 4 + ["discard 7e 1b", "discard Co", "discard 5o", "discard 1o", "no-mus"]:
        state = mus.apply(state, action)
    drawn = set(state.hands[0].cards) - set(state.initial().hands[0].cards)
    hands = set()
    for _ in range(40):
        other = determinize(state, 0, seed=rng)
        assert other.view(0) == state.view(0)
        assert mus.Sena.DUPLES in mus.senas_of(other.initial().hands[2], rules)
        assert drawn <= set(other.hands[0].cards)
        hands.add(other.hands[1])
    assert len(hands) > 30  # drawn afresh each time, not the real hand again
    # Seat 1 does not see its opponent's seña: its samples need not keep duples.
    kept = [
        mus.Sena.DUPLES in mus.senas_of(determinize(state, 1, seed=rng).initial().hands[2], rules) for _ in range(40)
    ]
    assert not all(kept)
    assert all(type(action) is not mus.Signal for _, action in determinize(state, 1, seed=4).history)


def test_finished_hands_and_reshuffles_are_sampled_too() -> None:
    rules = mus.Rules.preset("heads-up")
    rng = random.Random(1)
    reshuffled = counted = 0
    for seed in itertools.count():
        state = mus.new_hand(rules, seed=seed)
        moves = random.Random(seed)
        while state.to_act is not None and not state.reshuffles:
            state = step(state, moves)
        if state.reshuffles and state.to_act is not None and not reshuffled:
            reshuffled += 1
            for seat in range(2):
                found = sample(state, seat, seed=rng)
                check(state, seat, found)
                assert found.exact and len(found.state.deal.restocks) == state.reshuffles
        state = finish(state, moves)
        if state.mus_rounds and not counted:
            counted += 1
            found = sample(state, 0, seed=rng)
            check(state, 0, found)
        if reshuffled and counted:
            break


def test_the_fallback_walk_keeps_the_view_and_moves_away(monkeypatch: pytest.MonkeyPatch) -> None:
    import mus.determinize

    monkeypatch.setattr(mus.determinize, "DRAWS", 0)  # no rejection sampling: the walk alone
    rules = mus.Rules(senas=True, mus_visto="new-card")
    rng = random.Random(2)
    for seed in range(6):
        state = played(rules, seed, 25 + seed)
        seat = seed % 4
        found = sample(state, seat, seed=rng)
        assert not found.exact
        check(state, seat, found)
        if not state.is_over and seed < 3:
            assert any(determinize(state, seat, seed=rng).hands != state.hands for _ in range(3))


def test_bad_arguments_raise_mus_errors() -> None:
    state = mus.new_hand(seed=1)
    with pytest.raises(mus.MusError, match="no seat 4"):
        determinize(state, 4)
    with pytest.raises(mus.MusError, match="no seat True"):
        determinize(state, True)
    with pytest.raises(mus.MusError, match="reads a HandState"):
        determinize(state.view(0), 0)  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="a seed is None"):
        determinize(state, 0, seed=1.5)
    # A deal with given reshuffle orders is written with them (a restocks line).
    given = mus.start(attrs.evolve(state.deal, restocks=(mus.parse_cards("Ro 1b"),)))
    assert mus.notation.parse_hand(mus.notation.format_hand(given)) == given
    with pytest.raises(mus.MusError, match="restocks are a tuple of card orders"):
        attrs.evolve(state.deal, restocks=(("Ro",),))  # type: ignore[arg-type]


# --- uniformity ---------------------------------------------------------------------------


def chi_square_p(observed: collections.Counter[tuple[object, ...]], expected: dict[tuple[object, ...], float]) -> float:
    """The p-value of Pearson's chi-square test (cells expected under 5 merged), by the
    Wilson-Hilferty approximation of the chi-square distribution."""
    cells: list[tuple[float, float]] = []
    small = [0.0, 0.0]
    for key, mean in expected.items():
        if mean < 5:
            small[0] += observed.get(key, 0)
            small[1] += mean
        else:
            cells.append((observed.get(key, 0), mean))
    if small[1]:
        cells.append((small[0], small[1]))
    statistic = sum((seen - mean) ** 2 / mean for seen, mean in cells)
    freedom = len(cells) - 1
    z = ((statistic / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(2 / (9 * freedom))
    return 0.5 * math.erfc(z / math.sqrt(2))


def feature(hand: mus.Hand, rules: mus.Rules) -> tuple[object, ...]:
    pares = mus.pares(hand, rules)
    return (pares.kind if pares else None, sum(card.suit is mus.Suit.OROS for card in hand.cards))


def exact_law(
    unseen: list[mus.Card], keep: Callable[[mus.Hand], bool], rules: mus.Rules, samples: int
) -> dict[tuple[object, ...], float]:
    """Expected counts of :func:`feature` over the hands of ``unseen`` cards that ``keep``."""
    counts: collections.Counter[tuple[object, ...]] = collections.Counter()
    for cards in itertools.combinations(unseen, 4):
        hand = mus.Hand.unchecked(cards)
        if keep(hand):
            counts[feature(hand, rules)] += 1
    total = sum(counts.values())
    return {key: samples * count / total for key, count in counts.items()}


@pytest.mark.parametrize("exchange", [False, True], ids=["dealt", "after-an-exchange"])
def test_samples_are_uniform_over_the_consistent_hands(exchange: bool) -> None:
    # Heads-up: seat 0 sees seat 1 declare pares and juego; whatever seat 1 holds is
    # then any hand of the cards seat 0 never saw that has what it declared, all alike
    # (after an exchange too: the cards seat 0 never saw are exchangeable).
    rules = mus.Rules.preset("heads-up")
    for seed in itertools.count():  # the first deal whose hand goes on past the declarations
        state = mus.new_hand(rules, seed=seed)
        words = ["mus", "mus", "discard " + str(state.hands[0].cards[0]), "discard 2 cards"] if exchange else []
        for word in [*words, "no-mus", "pass", "pass", "pass", "pass"]:
            if word == "discard 2 cards":
                word = "discard " + " ".join(map(str, state.hands[1].cards[:2]))
            state = mus.apply(state, word)
        if state.to_act == 0:
            break
    declared = {
        action.lance: action.has for who, action in state.history if who == 1 and isinstance(action, mus.Declare)
    }
    assert declared
    seen = set(state.initial().hands[0].cards) | set(state.hands[0].cards)
    unseen = [card for card in mus.ALL_CARDS if card not in seen]

    def keep(hand: mus.Hand) -> bool:
        has = {mus.Lance.PARES: mus.has_pares(hand, rules), mus.Lance.JUEGO: mus.has_juego(hand, rules)}
        return all(has[lance] is value for lance, value in declared.items())

    samples = 1500
    expected = exact_law(unseen, keep, rules, samples)
    rng = random.Random(5)
    observed = collections.Counter(feature(determinize(state, 0, seed=rng).hands[1], rules) for _ in range(samples))
    assert chi_square_p(observed, expected) > 1e-4
    # The test has power: hands drawn without the declarations fail it.
    ignored = collections.Counter(feature(mus.Hand.unchecked(rng.sample(unseen, 4)), rules) for _ in range(samples))
    assert chi_square_p(ignored, expected) < 1e-4
