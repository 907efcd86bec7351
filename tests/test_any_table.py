"""Random play at every table of rules section 12, with invariants after every action.

For each table (2, 3, 4, 5 and 6 seats; partnerships and individual play where the
seats allow), 20,000 hands are played from seeded random states: a random mano,
random starting scores (so games end in mid-hand), players that pick among the
listed legal actions, sometimes a larger bet, and a taste for mus that varies from
hand to hand so the stock runs out and the discards are reshuffled. After every
action:

* the 40 cards are all there, once each, across the hands, the stock and the discards;
* no side's score went down, and there is one score per side;
* the seat to act is one that may act now (in the lance and not folded, or a seat
  that speaks in the mus), and only a finished hand has nobody to act;
* the history replayed from the deal gives the same state (checked for every
  prefix in one pass at the end of the hand, and with ``mus.replay`` for the whole);
* each seat's view shows its own cards and no other seat's before a showdown, and
  hides the cards other seats discarded (the newest history entry after each action,
  the whole history at the end).

Every hand ends within a bound on its length. The hands are drawn from a seeded
generator, so a failure names the hand to replay.
"""

from __future__ import annotations

import random

import pytest

import mus
from mus import ALL_CARDS, Bet, Discard, HiddenDiscard, Mus, MusVisto, NoMus, Phase, Signal

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

HANDS = 20_000
MAX_ACTIONS = 600

TABLES = {
    "heads-up": mus.Rules(seats=2),
    "individual-3": mus.Rules(seats=3, teams=3),
    "four": mus.Rules(),
    "individual-4": mus.Rules(seats=4, teams=4),
    "individual-5": mus.Rules(seats=5, teams=5),
    "six": mus.Rules(seats=6),
    "individual-6": mus.Rules(seats=6, teams=6),
}

EVERY_CARD = frozenset(ALL_CARDS)


def may_act(state: mus.HandState) -> bool:
    """Whether the seat to act is one that may act now (rules sections 4, 6, 7, 12)."""
    seat = state.to_act
    rules = state.rules
    if seat is None:
        return state.phase is Phase.FINISHED
    if not 0 <= seat < rules.seats:
        return False
    if state.phase is Phase.MUS:
        if rules.mus_decision == "seat":
            return True
        # One word a side: the first seat of each side from the mano.
        order = state.speaking_order
        return order.index(seat) == min(order.index(s) for s in order if rules.team_of[s] == rules.team_of[seat])
    if state.phase in (Phase.DISCARD, Phase.DECLARE):
        return True
    betting = state.betting
    assert betting is not None
    if seat not in betting.seats or seat in betting.folded:
        return False
    if betting.bettor is None:
        return True
    # An answer comes from a seat of another side (every other seat in individual play).
    return rules.team_of[seat] != rules.team_of[betting.bettor] and seat not in betting.accepted


def check_views(state: mus.HandState, everything: bool) -> None:
    """Each seat's view of ``state``; its whole history when ``everything``, else the
    newest entry (older entries were checked when they were new)."""
    shown = state.count is not None
    history = state.history
    for seat in range(state.rules.seats):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert view.scores == state.scores
        if not shown:
            assert view.hands is None
        elif view.hands is not None:
            for other, hand in enumerate(view.hands):
                assert hand is None or hand == state.hands[other]
        rules = state.rules
        # A seña is for the signaller's partners only (rules section 13).
        seen = [
            (who, action)
            for who, action in history
            if not isinstance(action, Signal) or rules.team_of[who] == rules.team_of[seat]
        ]
        assert len(view.history) == len(seen)
        for (who, action), (real_who, real) in zip(
            view.history if everything else view.history[-1:], seen if everything else seen[-1:], strict=False
        ):
            assert who == real_who
            if isinstance(real, Discard) and who != seat:
                assert isinstance(action, HiddenDiscard) and action.count == len(real.cards)
            else:
                assert action == real


def choose(state: mus.HandState, rnd: random.Random, mus_chance: float) -> mus.Action:
    legal = state.legal_actions()
    if state.phase is Phase.MUS:
        return Mus() if Mus() in legal and rnd.random() < mus_chance else NoMus()
    if legal.min_bet is not None and rnd.random() < 0.1:
        return Bet(rnd.randint(legal.min_bet, legal.min_bet + 30))
    listed: list[mus.Action] = list(legal)
    return rnd.choice(listed)


def play_checked(rules: mus.Rules, number: int, customs: bool = False) -> mus.HandState:
    """One random hand with the invariants checked after every action; ``customs``
    adds the table's accidents and signals: a mus visto at the deal now and then, and
    señas (when the rules play them) from random seats at random moments."""
    rnd = random.Random(f"{rules.seats}/{rules.teams}/{number}")
    scores = tuple(rnd.randrange(rules.target) for _ in range(rules.teams))
    if customs and rnd.random() < 0.2:
        scores = (0,) * rules.teams  # a game's first hand: mus corrido, when it applies
    state = mus.new_hand(rules, seed=number, mano=rnd.randrange(rules.seats), scores=scores)
    mus_chance = rnd.choice((0.3, 0.7, 0.9))
    played = [state]
    actions: list[tuple[int | None, mus.Action]] = []
    if customs and rnd.random() < 0.15:
        seen = MusVisto(rnd.choice(rnd.choice(state.hands).cards))
        state = mus.apply(state, seen)
        played.append(state)
        actions.append((None, seen))
    while True:
        assert len(actions) <= MAX_ACTIONS, f"hand {number} did not end within {MAX_ACTIONS} actions"
        cards = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discards)
        assert len(cards) == 40 and set(cards) == EVERY_CARD, f"hand {number}: cards not conserved"
        assert len(state.scores) == rules.teams
        assert may_act(state), f"hand {number}: seat {state.to_act} may not act in {state!r}"
        check_views(state, everything=state.to_act is None)
        if state.to_act is None:
            break
        before = state.scores
        seat: int | None = None
        if customs and rules.senas and rnd.random() < 0.1:
            seat = rnd.randrange(rules.seats)
            done = {action for who, action in state.history if who == seat}
            fresh = [Signal(sena) for sena in mus.senas_of(state.hands[seat], rules) if Signal(sena) not in done]
            action = rnd.choice(fresh) if fresh else choose(state, rnd, mus_chance)
            if not fresh:
                seat = None
        else:
            action = choose(state, rnd, mus_chance)
        to_act = state.to_act
        state = mus.apply(state, action, seat)
        if isinstance(action, Signal):
            assert state.to_act == to_act, f"hand {number}: a seña took a turn"
        assert all(now >= then for now, then in zip(state.scores, before, strict=False)), (
            f"hand {number}: a score went down"
        )
        played.append(state)
        actions.append((seat, action))
    # Replay after every action: the history of each state, replayed from the deal,
    # gives that state (replaying action by action replays every prefix in one pass).
    replayed = state.initial()
    assert replayed == played[0]
    for (seat, action), expected in zip(actions, played[1:], strict=False):
        replayed = mus.apply(replayed, action, seat)
        assert replayed == expected, f"hand {number}: replay differs"
    assert mus.replay(state.deal, state.history) == state
    return state


@pytest.mark.parametrize("table", sorted(TABLES))
def test_random_hands_keep_the_invariants(table: str) -> None:
    rules = TABLES[table]
    outcomes = {"counted": 0, "game won": 0, "reshuffled": 0}
    for number in range(HANDS):
        state = play_checked(rules, number)
        assert state.is_over
        outcomes["counted"] += state.count is not None
        outcomes["game won"] += state.winner is not None
        outcomes["reshuffled"] += state.reshuffles > 0
    # The sweep reached the parts of the game it is meant to check.
    assert outcomes["counted"] > HANDS // 10
    assert outcomes["game won"] > HANDS // 20
    assert outcomes["reshuffled"] > 0


KNOB_HANDS = 5_000

KNOBS = {
    "folded-seat-out": mus.Rules(folded_seat_counts=False),
    "explicit-declarations": mus.Rules(declarations="explicit"),
    "explicit-six": mus.Rules(seats=6, declarations="explicit"),
    "juego-descending": mus.Rules(juego_order="descending"),
    "real-31-king": mus.Rules(real_31="king"),
    "max-bet-40": mus.Rules(max_bet=40),
    "senas": mus.Rules(senas=True),
    "senas-six": mus.Rules(seats=6, senas=True),
    "mus-corrido-game": mus.Rules(mus_corrido="game"),
    "mus-corrido-match-individual": mus.Rules(seats=5, teams=5, mus_corrido="match"),
    "mus-visto-new-card": mus.Rules(),
    "mus-visto-servido": mus.Rules(mus_visto="servido"),
    "mus-visto-servido-team-word": mus.Rules(mus_visto="servido", mus_decision="team", eight_kings=False),
}


@pytest.mark.parametrize("knob", sorted(KNOBS))
def test_random_hands_under_every_new_knob(knob: str) -> None:
    """Issue 9's knobs and table customs keep the engine's invariants, 5,000 hands each."""
    rules = KNOBS[knob]
    for number in range(KNOB_HANDS):
        state = play_checked(rules, number, customs=True)
        assert state.is_over


def test_random_matches_of_vacas() -> None:
    """Matches of vacas (rules section 9) by random players, at least 5,000 hands:
    games reset when a vaca is won, the match ends when a side has its vacas."""
    rules = mus.Rules(games_to_win=2, vacas_to_win=2, target=30)
    rnd = random.Random("vacas")
    hands = 0
    for number in range(800):
        match = mus.new_match(rules, seed=number)
        vacas = match.vacas
        while not match.is_over:
            legal = match.legal_actions()
            match = mus.apply(match, rnd.choice(legal))
            assert len(match.games) == len(match.vacas) == rules.teams
            assert all(now >= then for now, then in zip(match.vacas, vacas, strict=False))
            if match.vacas != vacas and not match.is_over:
                assert match.games == (0,) * rules.teams  # a won vaca resets the games
            assert max(match.games) <= rules.games_to_win
            vacas = match.vacas
        hands += len(match.finished)
        assert max(match.vacas) == rules.vacas_to_win and match.winner == match.vacas.index(max(match.vacas))
    assert hands >= 5_000
