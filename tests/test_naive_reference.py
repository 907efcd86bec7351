"""The benchmarks' naive reference (``benchmarks/naive.py``) agrees with ``mus``.

Speed is measured as a ratio to that reference (``benchmarks/ratio.py``); a ratio means
something only if the reference does the same work and gets the same results. Checked
here, under the default rules:

* the comparators: ``naive_key`` orders every rank multiset (so every hand) exactly as
  ``mus.lance_key`` does, for each lance; ``naive_compare`` and ``naive_winner`` give
  ``mus.compare``'s and ``mus.winner``'s answers on random hands and tie-heavy tables;
* the hand engine, hand for hand: dealt the same cards and given the same random picks,
  it lists the same legal actions at every step and ends with the same history, lance
  results, cards, scores and winner as ``mus``, over thousands of hands: uniform picks
  (the benchmarks' player), a mus-loving player that reshuffles the discards, random
  bet sizes, any mano, and scores near the target;
* legality: random actions, legal or not, are refused by both or by neither; the bounds
  of rules section 11 i; and the rules page's worked examples;
* under the knobs ``declarations="explicit"`` and ``folded_seat_counts=False``, alone
  and together, the naive ``KnobHand`` against ``mus`` the same way, with a uniform
  player and a lying one, comparing the count line by line too; the W4 hands (a liar's
  refused bet pays the honest team the bonuses of its seats still in the lance) and
  the worked examples of ``docs/variants.rst``.
"""

from __future__ import annotations

import copy
import importlib.util
import itertools
import os
import pathlib
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import pytest

import mus
from mus import ALL_CARDS, Accept, Bet, Card, Declare, Discard, Fold, Hand, Lance, Mus, NoMus, Ordago, Pass
from mus.cards import shuffle
from mus.hand import RANK_MULTISETS

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

NAIVE_PATH = pathlib.Path(__file__).resolve().parent.parent / "benchmarks" / "naive.py"
RULES = mus.Rules()
HANDS = ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]  # the rules page's


def load_naive() -> ModuleType:
    # benchmarks/ is no package: the module is loaded from its file, as the scripts
    # next to it import it.
    spec = importlib.util.spec_from_file_location("benchmarks_naive", NAIVE_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


naive = load_naive()

NaiveAction = tuple[str, Any]
_SIMPLE: dict[type, str] = {
    Mus: "mus",
    NoMus: "no-mus",
    Pass: "pass",
    Accept: "accept",
    Fold: "fold",
    Ordago: "ordago",
}


def as_naive(action: mus.Action) -> NaiveAction:
    """``action`` in the naive engine's shape, ``(kind, argument)``."""
    if isinstance(action, Bet):
        return ("bet", action.stones)
    if isinstance(action, Discard):
        return ("discard", action.cards)
    if isinstance(action, Declare):
        return ("declare", (int(action.lance), action.has))
    return (_SIMPLE[type(action)], None)


def result_rows(state: mus.HandState) -> list[tuple[Any, ...]]:
    """``state.results`` in the naive engine's shape."""
    return [(int(r.lance), r.outcome.value, r.stake, r.team, r.seats) for r in state.results]


def mus_reshuffle(seed: int | str) -> Callable[[list[Card], int], tuple[Card, ...]]:
    """How ``mus`` reshuffles the discards of a hand of ``seed``, for the naive engine."""

    def reshuffle(cards: list[Card], n: int) -> tuple[Card, ...]:
        return shuffle(cards, f"{seed}/{n}")

    return reshuffle


def naive_twin(state: mus.HandState) -> Any:
    """A naive hand dealt the cards of ``state``, a fresh hand of ``mus``."""
    return naive.NaiveHand(
        state.hands, state.stock, mano=state.mano, scores=state.scores, reshuffle=mus_reshuffle(state.deal.seed)
    )


# --- the comparators -------------------------------------------------------------------


def multiset_hands() -> list[Hand]:
    """One hand for each of the 715 rank multisets: every hand's keys are one of these."""
    hands = []
    for ranks in RANK_MULTISETS:
        suits_used: Counter[mus.Rank] = Counter()
        cards = []
        for rank in ranks:
            cards.append(Card(rank, list(mus.Suit)[suits_used[rank]]))
            suits_used[rank] += 1
        hands.append(Hand(cards))
    return hands


MULTISET_HANDS = multiset_hands()


def random_hands(count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [Hand(rng.sample(ALL_CARDS, 4)) for _ in range(count)]


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


@pytest.mark.parametrize("lance", list(Lance), ids=str)
def test_naive_keys_order_every_hand_as_mus_does(lance: Lance) -> None:
    assert len(MULTISET_HANDS) == 715
    keys = sorted(
        (mus.lance_key(lance, hand, RULES), naive.naive_key(lance, hand), str(hand)) for hand in MULTISET_HANDS
    )
    # Sorted by mus's key, the naive keys must rise exactly where mus's rise and stay
    # level where they are level: the same total preorder on every hand.
    for (ours, theirs, low), (next_ours, next_theirs, high) in itertools.pairwise(keys):
        assert sign(next_ours - ours) == sign(next_theirs - theirs), (lance, low, high)
    # 0 means "does not have it" at pares and juego, in both.
    for ours, theirs, text in keys:
        assert (ours == 0) == (theirs == 0), (lance, text)
    levels = len({ours for ours, _, _ in keys})
    assert levels == len({theirs for _, theirs, _ in keys}) > 1


def test_naive_keys_read_any_four_cards() -> None:
    # The benchmarks pass mus.Hand values; tuples of cards must give the same keys.
    for hand in random_hands(500, 7):
        for lance in Lance:
            assert naive.naive_key(lance, hand) == naive.naive_key(lance, tuple(reversed(hand.cards)))


def test_naive_compare_agrees_with_mus_on_random_pairs() -> None:
    hands = random_hands(4_000, 1)
    others = random_hands(4_000, 2)
    seen: Counter[int] = Counter()
    for lance in Lance:
        for a, b in zip(hands, others, strict=True):
            ours = mus.compare(lance, a, b, RULES)
            assert naive.naive_compare(lance, a, b) == ours, (lance, a, b)
            seen[ours] += 1
    assert seen[1] and seen[-1] and seen[0]  # wins, losses and ties were all tried


def tie_heavy_tables(count: int, seed: int) -> list[list[Hand]]:
    """Tables of four drawn from a few rank multisets, so that many lances tie and the
    mano's tie-break decides, and some tables where nobody has pares or juego."""
    rng = random.Random(seed)
    tables = []
    for _ in range(count):
        pool = rng.sample(MULTISET_HANDS, 3)
        tables.append([rng.choice(pool) for _ in range(4)])
    return tables


def test_naive_winner_agrees_with_mus_on_random_and_tied_tables() -> None:
    hands = random_hands(8_000, 3)
    tables = [hands[i : i + 4] for i in range(0, len(hands), 4)] + tie_heavy_tables(2_000, 4)
    tied_won = nobody = 0
    for lance in Lance:
        for table in tables:
            ours = mus.winner(lance, table, RULES)
            assert naive.naive_winner(lance, table) == ours, (lance, table)
            if ours is None:
                nobody += 1
            elif any(mus.compare(lance, table[ours], other, RULES) == 0 for other in table[ours + 1 :]):
                tied_won += 1
    assert tied_won > 1_000 and nobody > 100  # the tie-break and the "nobody" answer were tried
    # Any number of hands, as mus.winner takes them.
    for size in (1, 2, 3, 6):
        for lance in Lance:
            table = hands[:size]
            assert naive.naive_winner(lance, table) == mus.winner(lance, table, RULES)


# --- the hand engine, hand for hand ----------------------------------------------------


@dataclass(frozen=True)
class Player:
    """How a random player picks, the same for both engines: ``mus`` is the chance to
    say mus when it may (``None``: a uniform pick, like every other turn), ``sized`` the
    chance to bet a random 2 to 30 stones when a bet is legal (else bets of 2, as listed)."""

    mus: float | None = None
    sized: float = 0.0


@dataclass(frozen=True)
class Case:
    name: str
    hands: int
    player: Player
    explicit: bool  # dealt through new_hand(hands=..., stock=...), as the explicit benchmark
    scores: bool  # a third of the hands start from random scores, to reach the target
    reaches: frozenset[str]  # what these hands must have exercised, so the check means something


OUTCOMES = frozenset({"en paso", "accepted", "refused", "no bet", "void", "ordago"})
ENDINGS = frozenset({"game by refusal", "game at the count", "count stopped early", "game by ordago"})
CASES = [
    Case("uniform, seeded deals", 2_000, Player(), explicit=False, scores=True, reaches=OUTCOMES | ENDINGS),
    Case("uniform, explicit deals", 1_000, Player(), explicit=True, scores=False, reaches=OUTCOMES | {"mus round"}),
    Case(
        "mus-loving, sized bets",
        1_000,
        Player(mus=0.95, sized=0.3),
        explicit=False,
        scores=True,
        reaches=OUTCOMES | ENDINGS | {"mus round", "reshuffle", "reshuffle for the last seat"},
    ),
]


def deal(case: Case, index: int) -> mus.HandState:
    rng = random.Random(f"{case.name}/{index}")
    scores = (rng.randrange(40), rng.randrange(40)) if case.scores and index % 3 == 0 else (0, 0)
    mano = index % 4
    if not case.explicit:
        return mus.new_hand(RULES, seed=index, mano=mano, scores=scores)
    deck = list(ALL_CARDS)
    rng.shuffle(deck)
    hands = [Hand(deck[4 * seat : 4 * seat + 4]) for seat in range(4)]
    return mus.new_hand(RULES, hands=hands, stock=deck[16:], seed=index, mano=mano, scores=scores)


def play_both(state: mus.HandState, player: Player, rng: random.Random) -> tuple[mus.HandState, Any, set[str]]:
    """Play one hand in both engines with the same picks, checking every step; the two
    ends and what the hand went through."""
    twin = naive_twin(state)
    seen: set[str] = set()
    while True:
        legal = state.legal_actions()
        listed = twin.legal_actions()
        assert listed == [as_naive(action) for action in legal], (state.history, listed)
        assert twin.to_act == state.to_act
        if not legal:
            return state, twin, seen
        if player.mus is not None and isinstance(legal[0], Mus):
            index = 0 if rng.random() < player.mus else 1
        else:
            index = int(rng.random() * len(legal))
        action, theirs = legal[index], listed[index]
        if isinstance(action, Bet) and rng.random() < player.sized:
            stones = rng.randint(2, 30)
            action, theirs = Bet(stones), ("bet", stones)
        before = state
        state = mus.apply(state, action)
        twin.apply(theirs)
        if state.reshuffles > before.reshuffles:
            seen.add("reshuffle")
            if len(state.discards) > 0:
                seen.add("reshuffle for the last seat")  # it kept its own discards out
        if state.mus_rounds > before.mus_rounds:
            seen.add("mus round")


def features(state: mus.HandState, seen: set[str]) -> set[str]:
    found = seen | {result.outcome.value for result in state.results}
    if state.winner is not None:
        last = state.results[-1].outcome
        if last is mus.Outcome.ORDAGO:
            found.add("game by ordago")
        elif state.count is None:
            found.add("game by refusal")
        else:
            found.add("game at the count")
            if state.count.uncounted:
                found.add("count stopped early")
    return found


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_naive_engine_plays_every_hand_as_mus_does(case: Case) -> None:
    reached: Counter[str] = Counter()
    for index in range(case.hands):
        start = deal(case, index)
        state, twin, seen = play_both(start, case.player, random.Random(index))
        assert [(seat, as_naive(action)) for seat, action in state.history] == twin.history, index
        assert result_rows(state) == twin.results, index
        assert (tuple(twin.scores), twin.winner, twin.is_over) == (state.scores, state.winner, True), index
        assert [tuple(hand) for hand in twin.hands] == [hand.cards for hand in state.hands], index
        assert (tuple(twin.stock), tuple(twin.discards), twin.reshuffles) == (
            state.stock,
            state.discards,
            state.reshuffles,
        ), index
        reached.update(features(state, seen))
    assert set(reached) >= case.reaches, sorted(case.reaches - set(reached))


def test_the_same_picks_play_the_same_hands_from_a_uniform_stream() -> None:
    # The benchmarks' loop exactly: one generator for a run of hands, index
    # int(random() * len(legal)) in each engine's own list, nothing else compared.
    picks_ours, picks_naive = random.Random(5).random, random.Random(5).random
    for seed in range(300):
        state = mus.new_hand(RULES, seed=seed, mano=seed % 4)
        twin = naive_twin(state)
        legal = state.legal_actions()
        while legal:
            state = mus.apply(state, legal[int(picks_ours() * len(legal))])
            legal = state.legal_actions()
        entries = naive.play(twin, picks_naive)
        assert entries == state.actions and (tuple(twin.scores), twin.winner) == (state.scores, state.winner)


# --- legality ---------------------------------------------------------------------------


def any_action(state: mus.HandState, rng: random.Random) -> mus.Action:
    """An action of any kind, legal or not: discards of held cards or not, any bet."""
    kind = rng.randrange(8)
    if kind == 0:
        return Bet(rng.randint(2, 12))
    if kind == 1:
        seat = state.to_act if state.to_act is not None else 0
        pool = list(state.hands[seat]) + rng.sample(ALL_CARDS, 2)
        return Discard(rng.sample(sorted(set(pool)), rng.randint(1, 4)))
    simple: list[mus.Action] = [Mus(), NoMus(), Pass(), Accept(), Fold(), Ordago()]
    return rng.choice(simple)


# Cards are values: a trial copy of a naive hand shares them (and copies ten times faster).
KEEP_CARDS = {id(card): card for card in ALL_CARDS}


def test_random_actions_are_refused_by_both_or_by_neither() -> None:
    rng = random.Random(11)
    verdicts: Counter[bool] = Counter()
    for seed in range(250):
        state = mus.new_hand(RULES, seed=seed, mano=seed % 4)
        twin = naive_twin(state)
        while state.legal_actions():
            for _ in range(4):
                action = any_action(state, rng)
                ours = state.is_legal(action)
                trial = copy.deepcopy(twin, memo=dict(KEEP_CARDS))
                try:
                    trial.apply(as_naive(action))
                    theirs = True
                except naive.IllegalAction:
                    theirs = False
                assert theirs == ours, (state.history, action)
                verdicts[ours] += 1
            legal = state.legal_actions()
            index = rng.randrange(len(legal))
            state = mus.apply(state, legal[index])
            twin.apply(as_naive(legal[index]))
        with pytest.raises(naive.IllegalAction):
            twin.apply(("pass", None))  # the hand is over
    assert verdicts[True] > 500 and verdicts[False] > 500


def test_the_bound_on_raises_as_mus() -> None:
    # rules section 11 i: after a number of bets and raises in a lance (MAX_BETS, 100),
    # only accept, fold and órdago are legal. Both engines must stop at the same one.
    state = mus.apply(mus.new_hand(RULES, hands=HANDS, seed=1), NoMus())
    twin = naive_hand()
    twin.apply(("no-mus", None))
    raises = 0
    while Bet(2) in state.legal_actions() and raises < 1_000:
        assert twin.legal_actions() == [as_naive(action) for action in state.legal_actions()]
        state = mus.apply(state, Bet(2))
        twin.apply(("bet", 2))
        raises += 1
    assert raises == naive.MAX_BETS
    assert twin.legal_actions() == [as_naive(action) for action in state.legal_actions()]
    assert ("bet", 2) not in twin.legal_actions()
    with pytest.raises(naive.IllegalAction):
        twin.apply(("bet", 2))
    state = mus.apply(state, Ordago())
    twin.apply(("ordago", None))
    assert twin.legal_actions() == [as_naive(action) for action in state.legal_actions()]


def test_the_bound_on_mus_rounds_as_mus() -> None:
    # rules section 11 i: after a number of rounds of the mus (MAX_MUS_ROUNDS, 5,000),
    # only no-mus is legal. Every seat says mus and discards its first card meanwhile.
    state = mus.new_hand(RULES, seed=3)
    twin = naive_twin(state)
    while Mus() in state.legal_actions() and state.mus_rounds < 10_000:
        for _ in range(8):  # four words of mus, four discards
            action = state.legal_actions()[0]
            state = mus.apply(state, action)
            twin.apply(as_naive(action))
    assert state.mus_rounds == naive.MAX_MUS_ROUNDS
    assert twin.legal_actions() == [as_naive(action) for action in state.legal_actions()] == [("no-mus", None)]
    assert [tuple(hand) for hand in twin.hands] == [hand.cards for hand in state.hands]
    assert tuple(twin.stock) == state.stock and twin.reshuffles == state.reshuffles > 0
    with pytest.raises(naive.IllegalAction):
        twin.apply(("mus", None))


# --- the rules page's worked examples ----------------------------------------------------


def naive_hand(scores: Sequence[int] = (0, 0)) -> Any:
    """The rules page's four hands, in the naive engine."""
    return naive_twin(mus.new_hand(RULES, hands=HANDS, seed=1, scores=tuple(scores)))


def act(hand: Any, words: Sequence[str]) -> None:
    for word in words:
        kind, _, stones = word.partition(" ")
        hand.apply((kind, int(stones) if stones else None))


def test_rules_section_7_refusal_stones() -> None:
    first = naive_hand()
    act(first, ["no-mus", "bet 2", "fold", "fold"])  # a first bet refused: 1 stone
    assert first.scores == [1, 0] and first.results[0][:4] == (naive.GRANDE, "refused", 1, 0)
    raised = naive_hand()
    act(raised, ["no-mus", "bet 2", "bet 2", "bet 5", "bet 10"])
    assert (raised.stake, raised.bettor, raised.to_act) == (19, 3, 0)
    act(raised, ["fold", "fold"])  # the 9 that stood before the refused raise
    assert raised.scores == [0, 9]


def test_rules_section_8_refusal_stones_end_the_game_at_once() -> None:
    hand = naive_hand((39, 20))
    act(hand, ["no-mus", "bet 2", "fold", "fold"])
    assert (hand.is_over, hand.winner, hand.scores) == (True, 0, [40, 20])


def test_rules_section_11_c_an_accepted_ordago_decides_the_game() -> None:
    hand = naive_hand()
    act(hand, ["no-mus"] + ["pass"] * 8 + ["ordago", "accept"])
    assert hand.lance == naive.PARES and hand.seats == [0, 1, 3]  # seat 2 has no pares
    assert (hand.is_over, hand.winner, hand.scores) == (True, 0, [0, 0])


# --- two knobs: explicit declarations, folded seats out of the lance --------------------

KNOB_HANDS = int(os.environ.get("MUS_NAIVE_KNOB_HANDS", "2000"))
"""Hands per knob combination and player; more by the environment variable."""
KNOBS = {
    "explicit": mus.Rules(declarations="explicit"),
    "folded out": mus.Rules(folded_seat_counts=False),
    "explicit, folded out": mus.Rules(declarations="explicit", folded_seat_counts=False),
}


def knob_twin(state: mus.HandState) -> Any:
    """A naive hand under ``state``'s knobs, dealt the cards of ``state``, a fresh hand."""
    return naive.KnobHand(
        state.hands,
        state.stock,
        mano=state.mano,
        scores=state.scores,
        reshuffle=mus_reshuffle(state.deal.seed),
        declarations=state.rules.declarations,
        folded_seat_counts=state.rules.folded_seat_counts,
    )


def count_rows(state: mus.HandState) -> list[tuple[Any, ...]]:
    """``state.count``'s lines in the naive engine's shape (:data:`naive.Line`). One
    thing is written differently, not meant differently: ``mus`` lists the liars still
    in the lance before those that folded."""
    if state.count is None:
        return []
    return [
        (
            int(line.lance),
            line.outcome.value,
            line.team,
            line.seat,
            line.bet,
            line.refusal,
            line.bonus,
            line.scores,
            tuple(sorted(line.liars)),
        )
        for line in state.count.lines
    ]


def naive_lines(twin: Any) -> list[tuple[Any, ...]]:
    return [(*line[:-1], tuple(sorted(line[-1]))) for line in twin.lines]


@dataclass(frozen=True)
class Liar:
    """A player that lies: it says yes at pares (juego) without the combination with the
    chance ``lie``, says no with it with the chance ``hide``, and its team bets, raises
    and calls órdago after a lie; otherwise it folds more often than it accepts. Mostly
    no mus, to bet sooner."""

    lie: float
    hide: float

    def pick(self, listed: list[NaiveAction], twin: Any, lied: set[tuple[int, int]], rng: random.Random) -> int:
        """The index of its pick; ``lied`` keeps the seats that lied, with the lance."""
        seat, kind = twin.to_act, listed[0][0]
        draw = rng.random()
        if kind == "declare":
            lance = listed[0][1][0]
            has = naive.naive_key(lance, twin.hands[seat]) > 0
            says = draw >= self.hide if has else draw < self.lie
            if says and not has:
                lied.add((seat, lance))
            return 0 if says else 1
        if kind == "mus":
            return 0 if draw < 0.3 else 1
        liar = (seat, twin.lance) in lied or ((seat + 2) % 4, twin.lance) in lied
        if kind == "pass":  # pass, bet, órdago
            return 1 if draw < (0.7 if liar else 0.45) else 2 if draw < (0.85 if liar else 0.5) else 0
        if kind == "accept" and len(listed) > 2:  # accept, fold, raise, órdago
            if liar:
                return 2 if draw < 0.5 else 3 if draw < 0.6 else 0 if draw < 0.8 else 1
            return 1 if draw < 0.5 else 0 if draw < 0.8 else 2 if draw < 0.95 else 3
        return int(draw * len(listed))


# Most hands lie often; one in four hides much and lies little, so that nobody says
# juego while some hold it (punto among the others).
LIARS = (Liar(lie=0.6, hide=0.25), Liar(lie=0.6, hide=0.25), Liar(lie=0.6, hide=0.25), Liar(lie=0.1, hide=0.8))


def knob_features(twin: Any, before: tuple[Any, ...], action: NaiveAction) -> set[str]:
    """What the results added by ``action`` exercised; ``before`` is the naive hand's
    lance, bettor, folded seats, seats and number of results before it."""
    lance, bettor, folded, seats, known = before
    found: set[str] = set()
    for result in twin.results[known:]:
        forfeit = {naive.team_of(liar) for liar in twin.liars(result[0])}
        outcome, team = result[1], result[3]
        if result[0] == naive.PUNTO and len(result[4]) < 4 and outcome in ("en paso", "void"):
            found.add(f"punto {outcome} among fewer seats")
        if outcome == "no bet" and forfeit:
            found.add("no bet forfeited")
        if result[0] != lance or outcome in ("no bet", "en paso"):
            continue
        if outcome == "void" and len(forfeit) == 2:
            found.add("both lied, bet refused: void")
        if outcome == "refused" and team != naive.team_of(bettor):
            found.add("a liar's bet refused: the honest team takes the stones")
            if not twin.folded_seat_counts and any(naive.team_of(seat) == team for seat in seats):
                found.add("the honest team paid without its folded seats")
        if outcome == "ordago" and forfeit:
            found.add("both lied in an órdago" if len(forfeit) == 2 else "a liar loses an órdago")
        out = set(folded) | ({twin.history[-1][0]} if action[0] == "fold" else set())
        if outcome in ("accepted", "ordago") and any(liar in out for liar in twin.liars(result[0])):
            found.add("a liar that folded forfeits")
        if outcome in ("accepted", "ordago") and out and not twin.folded_seat_counts:
            shown = twin.best_seat(result[0], result[4])
            if twin.best_seat(result[0], seats) != shown and not forfeit:
                found.add("a folded seat's better cards left out")
    return found


def play_knobs(state: mus.HandState, liar: Liar | None, rng: random.Random) -> tuple[mus.HandState, Any, set[str]]:
    """Play one hand in both engines with the same picks (uniform, or ``liar``'s),
    checking the legal actions at every step."""
    twin = knob_twin(state)
    lied: set[tuple[int, int]] = set()
    found: set[str] = set()
    while True:
        legal = state.legal_actions()
        listed = twin.legal_actions()
        assert listed == [as_naive(action) for action in legal], (state.history, listed)
        assert twin.to_act == state.to_act
        if not legal:
            return state, twin, found
        index = liar.pick(listed, twin, lied, rng) if liar else int(rng.random() * len(legal))
        action, theirs = legal[index], listed[index]
        if isinstance(action, Bet) and rng.random() < 0.2:
            stones = rng.randint(2, 30)
            action, theirs = Bet(stones), ("bet", stones)
        before = (twin.lance, twin.bettor, tuple(twin.folded), tuple(twin.seats), len(twin.results))
        state = mus.apply(state, action)
        twin.apply(theirs)
        found |= knob_features(twin, before, theirs)


LIES_REACH = {
    "uniform": {
        "no bet forfeited",
        "a liar's bet refused: the honest team takes the stones",
        "both lied, bet refused: void",
        "a liar loses an órdago",
        "both lied in an órdago",
        "a liar that folded forfeits",
        "liars forfeit at the count",
        "both lied: nobody scores at the count",
    },
}
LIES_REACH["liar"] = LIES_REACH["uniform"] | {"punto en paso among fewer seats"}
"""What the hands under explicit declarations must have exercised, by player."""


@pytest.mark.parametrize("player", ["uniform", "liar"])
@pytest.mark.parametrize("knobs", list(KNOBS), ids=str)
def test_the_knob_engine_plays_every_hand_as_mus_does(knobs: str, player: str) -> None:
    rules = KNOBS[knobs]
    reached: Counter[str] = Counter()
    for index in range(KNOB_HANDS):
        rng = random.Random(f"{knobs}/{player}/{index}")
        scores = (rng.randrange(40), rng.randrange(40)) if index % 3 == 0 else (0, 0)
        start = mus.new_hand(rules, seed=index, mano=index % 4, scores=scores)
        state, twin, found = play_knobs(start, LIARS[index % 4] if player == "liar" else None, rng)
        assert [(seat, as_naive(action)) for seat, action in state.history] == twin.history, index
        assert result_rows(state) == twin.results, index
        assert count_rows(state) == naive_lines(twin), index
        assert (tuple(twin.scores), twin.winner, twin.is_over) == (state.scores, state.winner, True), index
        reached.update(features(state, set()) | found)
        for line in twin.lines:
            if line[-1] and line[1] in ("accepted", "en paso"):
                reached[
                    "liars forfeit at the count" if line[2] is not None else "both lied: nobody scores at the count"
                ] += 1
    wanted = set(OUTCOMES | ENDINGS)
    if rules.declarations == "explicit":
        wanted |= LIES_REACH[player]
    if not rules.folded_seat_counts:
        wanted.add("a folded seat's better cards left out")
        if rules.declarations == "explicit":
            wanted.add("the honest team paid without its folded seats")
    assert set(reached) >= wanted, sorted(wanted - set(reached))


def play_words(
    rules: mus.Rules, hands: Sequence[str], words: Sequence[str], mano: int = 0
) -> tuple[mus.HandState, Any]:
    """``words`` played in both engines from ``hands`` (seed 1), checking the legal
    actions at every step, then every seat passing or saying no to the end; both ends."""
    dealt = [Hand.parse(text) for text in hands]
    stock = [card for card in ALL_CARDS if not any(card in hand for hand in dealt)]
    state = mus.new_hand(rules, hands=dealt, stock=stock, seed=1, mano=mano)
    twin = knob_twin(state)
    words = list(words)
    while state.legal_actions():
        assert twin.legal_actions() == [as_naive(action) for action in state.legal_actions()]
        if words:
            action = mus.parse_action(words.pop(0))
        else:
            action = next(
                a for a in state.legal_actions() if isinstance(a, Pass) or (isinstance(a, Declare) and not a.has)
            )
        state = mus.apply(state, action)
        twin.apply(as_naive(action))
    assert not words and twin.is_over
    assert twin.history == [(seat, as_naive(action)) for seat, action in state.history]
    assert (twin.results, naive_lines(twin)) == (result_rows(state), count_rows(state))
    assert (tuple(twin.scores), twin.winner) == (state.scores, state.winner)
    return state, twin


W4_HANDS = ["So Cc 7e 1b", "Co Cb 5b 4e", "Se 6c 5o 1c", "Rb Re Ro 4c"]
W4_WORDS = ["no-mus"] + ["pass"] * 8 + ["declare pares yes"] * 2 + ["declare pares no", "declare pares yes"]
W4_WORDS += ["bet 2", "fold", "fold"]


@pytest.mark.parametrize("swapped", [False, True], ids=["seats as dealt", "seats 1 and 3 swapped"])
@pytest.mark.parametrize("folded_seat_counts", [True, False])
def test_w4_a_liars_refused_bet_pays_the_honest_team_its_seats_still_in(
    folded_seat_counts: bool, swapped: bool
) -> None:
    # Seat 0 says pares yes without pares and bets; seats 1 (a pareja) and 3 (medias)
    # fold. Team 0 lied, so team 1 is paid as the winner (rules section 6): the refusal
    # stone at once, then the bonuses of its seats still in the lance: both by default
    # (1 + 2), none under folded_seat_counts=False, whichever of them folded last.
    hands = [W4_HANDS[0], W4_HANDS[3], W4_HANDS[2], W4_HANDS[1]] if swapped else W4_HANDS
    rules = mus.Rules(declarations="explicit", folded_seat_counts=folded_seat_counts)
    state, twin = play_words(rules, hands, W4_WORDS)
    assert state.scores == (1, 6 if folded_seat_counts else 3)  # grande, then punto 1 to team 1; chica to team 0
    bonus = 3 if folded_seat_counts else 0
    pares = [line for line in twin.lines if line[0] == naive.PARES]
    assert pares == [(naive.PARES, "refused", 1, None, 0, 1, bonus, (1, 2 + bonus), (0,))]
    assert state.count is not None and str(state.count.lines[2]).startswith("pares: team 1 wins by refusal")


DOC_HANDS = ["Ro Rc 7e 4b", "Co Cc 6e 5b", "Se 7o 5e 1c", "Sb 6o 4c 1o"]  # docs/variants.rst's
DOC_OPEN = ["no-mus"] + ["pass"] * 8
DOC_LIE = ["declare pares yes"] * 3 + ["declare pares no"]


@pytest.mark.parametrize(
    ("hands", "words", "scores", "winner"),
    [
        # Seat 2 lies, seat 3 hides its pareja; the accepted bet goes to team 1 (2 and
        # a bonus of 1); grande 1 to team 0, chica and punto 1 each to team 1.
        (HANDS, DOC_OPEN + ["declare pares yes"] * 3 + ["declare pares no", "bet 2", "accept"], (1, 5), None),
        # A liar's partner bets, refused: team 1 takes the stone and its bonus.
        (DOC_HANDS, DOC_OPEN + DOC_LIE + ["bet 2", "fold", "declare juego yes", "declare juego yes"], (4, 3), None),
        # The liar folds, its partner accepts the órdago: team 1 wins the game.
        (DOC_HANDS, DOC_OPEN + DOC_LIE + ["pass", "ordago", "fold", "accept"], (0, 0), 1),
        # Seats 0 and 1 hide their 31: punto among seats 2 and 3.
        (DOC_HANDS, DOC_OPEN + ["declare pares yes"] * 2 + ["declare pares no"] * 2, (3, 1), None),
        # Every seat hides its juego (and its medias): nobody is left for punto.
        (
            ["Ro Rc Rb 1o", "Co Cc Cb 1c", "So Sc Sb 1e", "Re Ce Se 1b"],
            DOC_OPEN + ["declare pares no"] * 4,
            (2, 0),
            None,
        ),
    ],
)
def test_the_worked_examples_of_explicit_declarations(
    hands: list[str], words: list[str], scores: tuple[int, int], winner: int | None
) -> None:
    # docs/variants.rst's figures, and a hand where punto is void.
    _, twin = play_words(mus.Rules(declarations="explicit"), hands, words)
    assert (tuple(twin.scores), twin.winner) == (scores, winner)


def test_random_actions_are_refused_by_both_or_by_neither_under_the_knobs() -> None:
    rng = random.Random(12)
    verdicts: Counter[bool] = Counter()
    for seed in range(120):
        rules = list(KNOBS.values())[seed % 3]
        state = mus.new_hand(rules, seed=seed, mano=seed % 4)
        twin = knob_twin(state)
        while state.legal_actions():
            for _ in range(4):
                action = any_action(state, rng)
                if rng.random() < 0.3:
                    action = Declare(rng.choice([Lance.PARES, Lance.JUEGO]), rng.random() < 0.5)
                trial = copy.deepcopy(twin, memo=dict(KEEP_CARDS))
                try:
                    trial.apply(as_naive(action))
                    theirs = True
                except naive.IllegalAction:
                    theirs = False
                assert theirs == state.is_legal(action), (state.history, action)
                verdicts[theirs] += 1
            legal = state.legal_actions()
            index = rng.randrange(len(legal))
            state = mus.apply(state, legal[index])
            twin.apply(as_naive(legal[index]))
    assert verdicts[True] > 200 and verdicts[False] > 200
