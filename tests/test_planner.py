"""mus.advise.planner: the advisor whose openings are searched over sampled deals.

It plays the advisor's game but at its openings, where it picks a legal pass or bet of
2 (the same for the same view); it reads its rivals' style from their play (mus asked
often, bets of 5: the heuristic player); against advisors it bets openings the advisor
passes (the advisor folds to a bet unless its hand beats a bettor's). How strong it is
is a tournament's to say (docs/advice.rst), not a unit test's.
"""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import mus
from mus.actions import Action, Bet, Pass
from mus.advise import AdvisorBot, PlannerBot
from mus.bots import HeuristicBot, play_hand, play_match
from mus.table import SeatView


def openings(rules: mus.Rules, rivals: str, hands: int) -> list[tuple[SeatView, Action, Action]]:
    """(view, the advisor's choice, the planner's) at the planner's openings, seat 0 of
    hands where the rivals are advisors or heuristic players."""
    found: list[tuple[SeatView, Action, Action]] = []
    for seed in range(hands):
        planner = PlannerBot(seed)
        advisor = AdvisorBot(seed)
        bots = [
            planner if seat % 2 == 0 else (AdvisorBot(seat) if rivals == "advisor" else HeuristicBot())
            for seat in range(rules.seats)
        ]
        state = mus.new_hand(rules, seed=seed, mano=seed % rules.seats)
        while state.to_act is not None:
            seat = state.to_act
            view = state.view(seat)
            action = bots[seat].choose(view)
            if seat == 0 and view.betting is not None and view.betting.bets == 0 and Pass() in view.legal:
                found.append((view, advisor.choose(view), action))
            state = mus.apply(state, action)
    return found


def test_it_plays_whole_hands_and_matches_at_every_table() -> None:
    for preset in ("heads-up", "six", "federation"):
        rules = mus.Rules.preset(preset)
        state = play_hand(mus.new_hand(rules, seed=2), [PlannerBot(seat, worlds=8) for seat in range(rules.seats)])
        assert state.is_over
    match = play_match(
        mus.new_match(mus.Rules().evolve(games_to_win=1), seed=1), [PlannerBot(seat) for seat in range(4)]
    )
    assert match.is_over


def test_at_its_openings_it_passes_or_bets_two_and_bets_against_advisors() -> None:
    seen = openings(mus.Rules(), "advisor", 24)
    assert len(seen) > 30
    differ = 0
    for view, advised, chosen in seen:
        assert chosen in view.legal or chosen == Bet(2)
        if chosen != advised:
            assert {type(advised), type(chosen)} == {Pass, Bet} and chosen in (Pass(), Bet(2))
            differ += 1
        # The same view, the same choice: its deals are seeded by what it sees.
        assert PlannerBot(0).choose(view) == PlannerBot(0).choose(view)
    bets = sum(1 for _, advised, chosen in seen if chosen == Bet(2) and advised == Pass())
    assert differ > 0 and bets > 0


def test_it_reads_its_rivals_style() -> None:
    # After a game against heuristic players its odds lean to the heuristic player; after
    # games against advisors, to the advisor on the whole, and never so far the other way.
    rules = mus.Rules().evolve(games_to_win=1)
    leaning: dict[str, list[float]] = {"advisor": [], "heuristic": []}
    for rivals in leaning:
        for seed in (5, 7):
            planners = [PlannerBot(seat, worlds=12) for seat in (0, 2)]
            bots = [
                planners[seat // 2] if seat % 2 == 0 else (AdvisorBot(seat) if rivals == "advisor" else HeuristicBot())
                for seat in range(4)
            ]
            play_match(mus.new_match(rules, seed=seed), bots)
            leaning[rivals] += [planner.odds for planner in planners]
    assert max(leaning["heuristic"]) < -1 < min(leaning["advisor"]), leaning
    assert sum(leaning["advisor"]) > 0


def test_bad_arguments() -> None:
    with pytest.raises(
        mus.MusError, match=r"worlds \(deals a choice is played out in\) is a whole number from 4 to 1000"
    ):
        PlannerBot(worlds=0)
    with pytest.raises(mus.MusError, match=r"z \(standard errors\) is"):
        PlannerBot(z=-1)
