"""Perft: every line of play from a position, counted and walked beside the naive engine.

python-chess pins its move generator with *perft* counts: the number of move sequences
of each length from a position. Random play (``test_naive_reference``) samples paths;
perft walks all of them to a depth. Here each position's tree is walked in lockstep
with the naive reference engine of ``benchmarks/naive.py`` (written apart, straight
from the rules): at every node both list the same actions in the same order (bets at
the minimum, as both list them), and every hand that ends inside the depth ends with
the same results, scores and winner. The smallest counts are also derived by hand from
the rules, below.

Bets are counted as listed (``Bet(min_bet)``, no other sizes) and the team fold, never
listed, is not counted: the tree is that of the legal-action lists.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import mus
from mus.legal import MAX_BETS
from test_naive_reference import HANDS, RULES, as_naive, naive_twin, result_rows


def perft(state: mus.HandState, depth: int) -> int:
    """The number of action sequences of ``depth`` actions from ``state`` (a hand that
    ends sooner counts none)."""
    legal = state.legal_actions()
    if depth <= 1:
        return len(legal) if depth == 1 else 1
    return sum(perft(mus.apply(state, action), depth - 1) for action in legal)


def walk(state: mus.HandState, twin: Any, depth: int, ends: list[int]) -> int:
    """:func:`perft`, with the naive ``twin`` checked at every node; ``ends`` collects
    the depth left at each hand that ended inside the walk."""
    legal = state.legal_actions()
    assert [as_naive(action) for action in legal] == twin.legal_actions(), state.history
    if not legal:
        assert twin.is_over and state.winner == twin.winner and list(state.scores) == twin.scores, state.history
        assert result_rows(state) == list(twin.results), state.history
        ends.append(depth)
        return 1 if depth == 0 else 0
    if depth == 0:
        return 1
    total = 0
    for action in legal:
        child = copy.deepcopy(twin)
        child.apply(as_naive(action))
        total += walk(mus.apply(state, action), child, depth - 1, ends)
    return total


def rules_page_deal(scores: tuple[int, int] = (0, 0), mano: int = 0) -> mus.HandState:
    return mus.new_hand(RULES, hands=HANDS, seed=1, scores=scores, mano=mano)


class TestByHand:
    """The first counts, from the rules: in the mus each seat says mus or no mus (rules
    section 4); a lance opens with pass, a bet or an órdago, a bet is answered with
    accept, fold, a raise or an órdago, an órdago with accept or fold (section 7)."""

    def test_from_the_deal(self) -> None:
        state = rules_page_deal()
        # mus | no-mus; then mus -> the next seat's 2, no-mus -> the grande's 3.
        assert [perft(state, depth) for depth in (0, 1, 2)] == [1, 2, 2 + 3]
        # Depth 3: mus mus -> 2; mus no-mus -> 3; no-mus then pass -> 3, bet -> 4,
        # órdago -> 2.
        assert perft(state, 3) == 2 + 3 + (3 + 4 + 2)

    def test_from_the_grande(self) -> None:
        state = mus.apply(rules_page_deal(), "no-mus")
        assert [perft(state, depth) for depth in (1, 2)] == [3, 3 + 4 + 2]

    def test_after_the_last_raise_only_accept_fold_or_ordago(self) -> None:
        state = mus.apply(rules_page_deal(), "no-mus")
        for _ in range(MAX_BETS):
            state = mus.apply(state, mus.Bet(2))
        assert perft(state, 1) == 3  # accept, fold, órdago: no raise

    def test_a_discard_turn_lists_the_fifteen_subsets(self) -> None:
        state = rules_page_deal()
        for _ in range(4):
            state = mus.apply(state, "mus")
        # 15 discards at each of the four seats; the hand goes on after each.
        assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [15, 15**2, 15**3, 15**4]


POSITIONS: dict[str, tuple[Callable[[], mus.HandState], int]] = {
    # name: (first state, depth)
    "the deal, into the discards": (lambda: rules_page_deal(), 7),
    "the deal, mano 2": (lambda: rules_page_deal(mano=2), 7),
    "the grande": (lambda: mus.apply(rules_page_deal(), "no-mus"), 9),
    "the pares": (lambda: play(rules_page_deal(), ["no-mus"] + ["pass"] * 8), 9),
    "a second round of the mus": (
        lambda: play(rules_page_deal(), ["mus"] * 4 + ["discard Ro", "discard Cc", "discard Se", "discard 3b"]),
        6,
    ),
    "scores near the target": (lambda: mus.apply(rules_page_deal((38, 37)), "no-mus"), 8),
    "a seeded deal's chica": (lambda: play(mus.new_hand(RULES, seed=7, mano=1), ["no-mus"] + ["pass"] * 4), 9),
}


def play(state: mus.HandState, words: list[str]) -> mus.HandState:
    for word in words:
        state = mus.apply(state, word)
    return state


@pytest.mark.parametrize("name", list(POSITIONS))
def test_perft_against_the_naive_engine(name: str) -> None:
    make, depth = POSITIONS[name]
    state = make()
    # The naive twin replays the history from the same deal.
    twin = naive_twin(state.initial())
    for _seat, action in state.history:
        if not isinstance(action, mus.Declare):  # the engine's own declarations
            twin.apply(as_naive(action))
    ends: list[int] = []
    leaves = walk(state, twin, depth, ends)
    assert leaves == perft(state, depth)
    assert leaves > 0
    if not name.startswith("the deal"):
        assert ends, "the walk reaches the end of some hands: their counts are compared too"
