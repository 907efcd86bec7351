"""Random playouts driven by Hypothesis: invariants at every step, and a reference model.

Each example plays one whole hand, choosing uniformly among the listed legal actions
and sometimes a larger bet. Two kinds of checks:

* structural invariants at every step (card conservation, monotone scores, legality
  agreement between ``legal_actions``, ``in``, ``is_legal`` and ``apply``, immutability,
  views that hide other seats' cards, the exchange of section 4, replay and pickling);
* an independent reference model of sections 6-8 written here from the rules page (docs/rules.rst): it walks
  the history, checks who had to speak at each step, and recomputes every lance result,
  the refusal stones, the count and the final scores.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mus
import mus.notation
from mus import (
    ALL_CARDS,
    Accept,
    Bet,
    Card,
    Declare,
    Discard,
    Fold,
    HiddenDiscard,
    IllegalActionError,
    Lance,
    Mus,
    NoMus,
    Ordago,
    Outcome,
    Pass,
    Phase,
)
from mus.state import FIELDS, Cards

RULES = mus.Rules()
TEAMS = (0, 1, 0, 1)
MAX_STEPS = 2000

SETTINGS = dict(
    deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.large_base_example], derandomize=False
)


# --------------------------------------------------------------------------------------
# Playing
# --------------------------------------------------------------------------------------


@attrs.frozen
class Style:
    """How a random player picks: ``mus`` is the chance to ask for mus, ``ordago`` the
    weight of an órdago against 1 for every other listed action (1.0: uniform)."""

    mus: float
    ordago: float


STYLES = [Style(0.5, 1.0), Style(0.8, 1.0), Style(0.95, 0.05), Style(0.3, 0.0), Style(0.8, 0.0)]


def choose(state: mus.HandState, rnd: random.Random, style: Style) -> mus.Action:
    legal = state.legal_actions()
    listed: list[mus.Action] = list(legal)
    if legal.min_bet is not None and rnd.random() < 0.15:
        most = legal.min_bet + 40 if legal.max_bet is None else legal.max_bet
        return Bet(rnd.randint(legal.min_bet, most))
    if state.phase is Phase.MUS:
        return Mus() if rnd.random() < style.mus and Mus() in legal else NoMus()
    weights = [style.ordago if isinstance(action, Ordago) else 1.0 for action in listed]
    return rnd.choices(listed, weights)[0]


def random_action(state: mus.HandState, rnd: random.Random) -> mus.Action:
    """Any action at all, legal or not."""
    kind = rnd.randrange(10)
    if kind == 0:
        return Bet(rnd.randint(2, 60))
    if kind == 1:
        return Declare(rnd.choice([Lance.PARES, Lance.JUEGO]), rnd.random() < 0.5)
    if kind in (2, 3):
        seat = state.to_act if state.to_act is not None else 0
        pool = list(state.hands[seat]) + ([rnd.choice(ALL_CARDS)] if rnd.random() < 0.3 else [])
        size = rnd.randint(1, min(4, len(set(pool))))
        return Discard(rnd.sample(sorted(set(pool)), size))
    simple: list[mus.Action] = [Mus(), NoMus(), Pass(), Accept(), Fold(), Ordago()]
    return rnd.choice(simple)


def succeeds(state: mus.HandState, action: mus.Action, seat: int | None = None) -> bool:
    try:
        mus.apply(state, action, seat)
    except IllegalActionError:
        return False
    return True


def walk_cards(value: Any) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, mus.Hand):
        yield from value.cards
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from walk_cards(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from walk_cards(item)
    elif attrs.has(type(value)) and not isinstance(value, (mus.Rules, mus.Payouts)):
        for field in attrs.fields(type(value)):
            yield from walk_cards(getattr(value, field.name))


# --------------------------------------------------------------------------------------
# Invariants
# --------------------------------------------------------------------------------------


def check_conservation(state: mus.HandState) -> None:
    every = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discards)
    assert len(every) == len(state.rules.deck), len(every)
    assert Counter(every) == Counter(state.rules.deck)


def check_views(state: mus.HandState) -> None:
    shown = state.count is not None
    for seat in range(state.rules.seats):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert view.scores == state.scores and view.to_act == state.to_act and view.phase is state.phase
        assert (view.hands is not None) == shown
        assert view.legal == (tuple(state.legal_actions()) if state.to_act == seat else ())
        own_discards: set[Card] = set()
        assert len(view.history) == len(state.history)
        for (who, seen), (who2, real) in zip(view.history, state.history, strict=False):
            assert who == who2
            if isinstance(real, Discard) and who != seat:
                assert seen == HiddenDiscard(len(real.cards))
            else:
                assert seen == real
            if isinstance(real, Discard) and who == seat:
                own_discards |= set(real.cards)
        if not shown:
            allowed = set(state.hands[seat]) | own_discards
            visible = set(walk_cards(attrs.evolve(view, rules=RULES)))
            assert visible <= allowed, (seat, visible - allowed)
        else:
            assert view.hands is not None
            last = state.results[-1]
            for other, shown_hand in enumerate(view.hands):
                in_lance = not last.seats or other in last.seats or other == seat
                if last.outcome is mus.Outcome.ORDAGO and not in_lance:
                    assert shown_hand is None  # an órdago shows only the seats in that lance
                else:
                    assert shown_hand == state.hands[other]


def check_exchange(before: mus.HandState, action: Discard, after: mus.HandState) -> None:
    """The last discard of a round: replacements and reshuffles as rules section 4."""
    n = before.rules.seats
    order = [(before.mano + i) % n for i in range(n)]
    last = order[-1]
    assert before.to_act == last
    pending = list(before.pending)
    pending[last] = action.cards
    assert all(len(pending[seat]) >= 1 for seat in order)
    stock = list(before.stock)
    pile = list(before.discards) + [card for seat in order for card in pending[seat]]
    reshuffled_pile: set[Card] | None = None
    kept_out: tuple[Card, ...] = ()
    from_new_stock: set[Card] = set()
    for seat in order:
        own = pending[seat]
        kept = set(before.hands[seat]) - set(own)
        new_hand = set(after.hands[seat])
        assert kept <= new_hand
        drawn = new_hand - kept
        assert len(drawn) == len(own)
        if reshuffled_pile is not None:
            assert drawn <= reshuffled_pile
            from_new_stock |= drawn
        elif len(stock) >= len(own):
            assert drawn == set(stock[: len(own)]), f"seat {seat} must get the top of the stock"
            del stock[: len(own)]
        else:
            # The leftover first, then the discards reshuffled: all of them, or all but
            # this seat's own if it is the last to be served.
            assert set(stock) <= drawn, f"seat {seat} must get the leftover stock first"
            kept_out = tuple(own) if seat == last else ()
            reshuffled_pile = set(pile) - set(kept_out)
            rest = drawn - set(stock)
            assert rest <= reshuffled_pile
            if seat == last:
                assert not rest & set(own)
            from_new_stock |= rest
            stock = []
    if reshuffled_pile is None:
        assert list(after.stock) == stock
        assert Counter(after.discards) == Counter(pile)
        assert after.reshuffles == before.reshuffles
    else:
        assert set(after.stock) | from_new_stock == reshuffled_pile
        assert len(after.stock) + len(from_new_stock) == len(reshuffled_pile)
        assert Counter(after.discards) == Counter(kept_out)
        assert after.reshuffles == before.reshuffles + 1
    assert after.phase is Phase.MUS and after.to_act == before.mano
    assert after.pending == ((),) * n


def check_step(state: mus.HandState, rnd: random.Random) -> None:
    check_conservation(state)
    # Every slot is set (draft_after copies each one), the cards as the named record.
    assert type(state.cards) is Cards and state.cards.hands == state.hands
    assert state.actions == len(state.history) and all(hasattr(state, name) for name in FIELDS)
    assert (state.to_act is None) == (state.phase is Phase.FINISHED)
    legal = state.legal_actions()
    listed = list(legal)
    assert len(listed) == len(set(listed)) == len(legal)
    frozen = pickle.dumps(state)
    for action in listed:
        assert action in legal
        assert state.is_legal(action) and state.is_legal(action, state.to_act)
        assert succeeds(state, action, state.to_act)
    if legal.min_bet is not None:
        most = legal.min_bet + 100 if legal.max_bet is None else legal.max_bet
        assert Bet(rnd.randint(legal.min_bet, most)) in legal
        if legal.max_bet is not None:
            assert Bet(legal.max_bet + 1) not in legal
    for _ in range(3):
        action = random_action(state, rnd)
        ok = succeeds(state, action)
        assert (action in legal) == state.is_legal(action) == ok, action
        capped = isinstance(action, Bet) and legal.max_bet is not None and action.stones > legal.max_bet
        assert ok == (action in listed or (isinstance(action, Bet) and legal.min_bet is not None and not capped))
        seat = rnd.randrange(state.rules.seats)
        assert state.is_legal(action, seat) == succeeds(state, action, seat) == (ok and seat == state.to_act)
    assert pickle.loads(frozen) == state  # apply never changed the old state


def check_final(state: mus.HandState) -> None:
    assert state.phase is Phase.FINISHED and state.to_act is None
    assert list(state.legal_actions()) == []
    assert not succeeds(state, Pass()) and not succeeds(state, Accept())
    assert mus.replay(state.deal, state.history) == state
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state and hash(copy) == hash(state)
    # A pickle written by 0.1.0 holds the cards as a plain tuple.
    reader, (values, history, counted) = state.__reduce__()
    old = reader((*values[:2], tuple(values[2]), *values[3:]), history, counted)
    assert old == state and type(old.cards) is Cards and old.count == state.count
    assert state.initial() == mus.replay(state.deal, ())
    if state.winner is not None:
        assert state.game_over
    if state.count is not None and state.count.winner is None:
        assert state.winner is None
        assert max(state.scores) < state.rules.target


def playout(
    seed: int,
    rnd: random.Random,
    *,
    mano: int = 0,
    scores: tuple[int, ...] | None = None,
    checks: bool = True,
    rules: mus.Rules = RULES,
) -> mus.HandState:
    state = mus.new_hand(rules, seed=seed, mano=mano, scores=scores)
    style = rnd.choice(STYLES)
    previous = state.scores
    steps = 0
    while state.to_act is not None:
        steps += 1
        assert steps < MAX_STEPS, "the hand does not end"
        if checks:
            check_step(state, rnd)
            check_views(state)
        action = choose(state, rnd, style)
        after = mus.apply(state, action)
        if checks and state.phase is Phase.DISCARD and after.phase is Phase.MUS:
            assert isinstance(action, Discard)
            check_exchange(state, action, after)
        assert all(now >= before for now, before in zip(after.scores, previous, strict=False)), "scores went down"
        previous = after.scores
        state = after
    if checks:
        check_conservation(state)
        check_views(state)
        check_final(state)
    return state


# --------------------------------------------------------------------------------------
# The reference model of sections 6-8
# --------------------------------------------------------------------------------------


def key(lance: Lance, hand: mus.Hand) -> int:
    return mus.lance_key(lance, hand, RULES)


def best_seat(lance: Lance, hands: tuple[mus.Hand, ...], order: list[int], seats: set[int]) -> int:
    best = None
    for seat in order:  # strict '>' keeps the first of equals: the seat nearest the mano
        if seat in seats and (best is None or key(lance, hands[seat]) > key(lance, hands[best])):
            best = seat
    assert best is not None
    return best


def seat_bonus(lance: Lance, hand: mus.Hand) -> int:
    if lance is Lance.PARES:
        combo = mus.pares(hand, RULES)
        return (
            0
            if combo is None
            else {mus.ParesKind.PAREJA: 1, mus.ParesKind.MEDIAS: 2, mus.ParesKind.DUPLES: 3}[combo.kind]
        )
    if lance is Lance.JUEGO:
        total = mus.points(hand, RULES)
        return 0 if total < 31 else (3 if total == 31 else 2)
    return 0


def team_bonus(lance: Lance, hands: tuple[mus.Hand, ...], team: int, seats: frozenset[int]) -> int:
    """Bonuses of the team's seats still in the lance (rules section 7: a seat that
    folded while its partner went on counts by default; under folded_seat_counts=False
    it has no claim on what the lance pays, source 000)."""
    if lance is Lance.PUNTO:
        return 1
    return sum(
        seat_bonus(lance, hands[seat]) for seat in range(4) if TEAMS[seat] == team and (not seats or seat in seats)
    )


@attrs.frozen
class Ref:
    lance: Lance
    outcome: Outcome
    stake: int = 0
    team: int | None = None
    seats: frozenset[int] = frozenset()  # seats still in the lance at its end


def reference(state: mus.HandState) -> tuple[list[Ref], tuple[int, int], int | None]:
    """Recompute the lance results, final scores and game winner from the history."""
    hands = state.hands  # betting never changes the cards
    mano = state.mano
    order = [(mano + i) % 4 for i in range(4)]
    history = list(state.history)
    cut = next(i for i, (_, a) in enumerate(history) if isinstance(a, NoMus))
    assert history[cut][0] in order
    i = cut + 1
    scores = list(state.deal.scores)
    refs: list[Ref] = []
    for lance in (Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.JUEGO):
        eligible = list(order)
        if lance in (Lance.PARES, Lance.JUEGO):
            eligible = [seat for seat in order if key(lance, hands[seat]) > 0]
            for seat in order:
                assert history[i] == (seat, Declare(lance, seat in eligible)), (i, history[i])
                i += 1
            if lance is Lance.JUEGO and not eligible:
                lance, eligible = Lance.PUNTO, list(order)
            else:
                teams = {TEAMS[seat] for seat in eligible}
                if len(teams) == 0:
                    refs.append(Ref(lance, Outcome.VOID))
                    continue
                if len(teams) == 1:
                    refs.append(Ref(lance, Outcome.NO_BET, team=teams.pop(), seats=frozenset(eligible)))
                    continue
        queue = list(eligible)
        stake = previous = bets = 0
        bettor: int | None = None
        ordago = False
        folded: set[int] = set()

        def answerers(raiser: int) -> list[int]:
            after = [(raiser + k) % 4 for k in range(1, 4)]
            # Called within the same lance's iteration: the loop's current sets are meant.
            return [s for s in after if TEAMS[s] != TEAMS[raiser] and s in eligible and s not in folded]  # noqa: B023

        while True:
            seat, action = history[i]
            i += 1
            assert seat == queue[0], f"{lance}: seat {seat} spoke, seat {queue[0]} should have"
            # rules section 7: by default a seat that folded while its partner went on
            # still shows down for its team; under folded_seat_counts=False it is out.
            live = frozenset(eligible) if RULES.folded_seat_counts else frozenset(eligible) - folded
            if bets == 0:
                if isinstance(action, Pass):
                    queue.pop(0)
                    if not queue:
                        refs.append(Ref(lance, Outcome.EN_PASO, seats=live))
                        break
                    continue
                assert isinstance(action, (Bet, Ordago)), action
            else:
                if isinstance(action, Accept):
                    if ordago:
                        winner = TEAMS[best_seat(lance, hands, order, set(live))]
                        refs.append(Ref(lance, Outcome.ORDAGO, team=winner, seats=live))
                        assert i == len(history)
                        return refs, (scores[0], scores[1]), winner
                    refs.append(Ref(lance, Outcome.ACCEPTED, stake=stake, seats=live))
                    break
                if isinstance(action, (Fold, mus.TeamFold)):
                    # A team fold is the folds of every partner still to answer.
                    for out in queue if isinstance(action, mus.TeamFold) else queue[:1]:
                        folded.add(out)
                    queue = [] if isinstance(action, mus.TeamFold) else queue[1:]
                    if queue:
                        continue
                    assert bettor is not None
                    team = TEAMS[bettor]
                    stones = 1 if bets == 1 else previous
                    scores[team] += stones
                    # The winning side's bonuses: its seats still in the lance (a seat
                    # that folded earlier still counts by default, as for an accept).
                    refs.append(
                        Ref(
                            lance,
                            Outcome.REFUSED,
                            stake=stones,
                            team=team,
                            seats=live if RULES.folded_seat_counts else live - folded,
                        )
                    )
                    if scores[team] >= RULES.target:
                        assert i == len(history)
                        return refs, (scores[0], scores[1]), team
                    break
                assert not ordago, "a raise over an órdago"
            # a bet or a raise
            previous = stake
            if isinstance(action, Bet):
                stake += action.stones
            else:
                ordago = True
            bets += 1
            bettor = seat
            queue = answerers(seat)
            assert queue
    assert i == len(history), "actions after the last lance"
    # The count, in lance order, stopping at the target.
    for ref in refs:
        if ref.outcome is Outcome.VOID:
            continue
        if ref.outcome in (Outcome.REFUSED, Outcome.NO_BET):
            assert ref.team is not None
            team = ref.team
            paid = 0 if ref.lance in (Lance.GRANDE, Lance.CHICA) else team_bonus(ref.lance, hands, team, ref.seats)
        else:
            team = TEAMS[best_seat(ref.lance, hands, order, set(ref.seats))]
            paid = ref.stake if ref.outcome is Outcome.ACCEPTED else 0
            if ref.lance in (Lance.GRANDE, Lance.CHICA):
                paid += 1 if ref.outcome is Outcome.EN_PASO else 0
            else:
                paid += team_bonus(ref.lance, hands, team, ref.seats)
        scores[team] += paid
        if scores[team] >= RULES.target:
            return refs, (scores[0], scores[1]), team
    return refs, (scores[0], scores[1]), None


def check_reference(state: mus.HandState) -> None:
    refs, scores, winner = reference(state)
    got = [(r.lance, r.outcome) for r in state.results]
    assert got == [(r.lance, r.outcome) for r in refs]
    for mine, theirs in zip(refs, state.results, strict=False):
        if mine.outcome in (Outcome.ACCEPTED, Outcome.REFUSED):
            assert theirs.stake == mine.stake, (mine, theirs)
        if mine.outcome in (Outcome.REFUSED, Outcome.NO_BET, Outcome.ORDAGO):
            assert theirs.team == mine.team, (mine, theirs)
    assert state.winner == winner, (refs, state.count)
    assert state.scores == scores, (refs, str(state.count))


# --------------------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------------------


@settings(max_examples=250, **SETTINGS)  # type: ignore[arg-type]
@given(seed=st.integers(0, 2**63 - 1), rnd=st.randoms(use_true_random=True))
def test_invariants_at_every_step(seed: int, rnd: random.Random) -> None:
    playout(seed, rnd)


@settings(max_examples=250, **SETTINGS)  # type: ignore[arg-type]
@given(
    seed=st.integers(0, 2**63 - 1),
    rnd=st.randoms(use_true_random=True),
    mano=st.integers(0, 3),
    scores=st.tuples(st.integers(0, 39), st.integers(0, 39)),
)
def test_invariants_with_any_mano_and_scores(seed: int, rnd: random.Random, mano: int, scores: tuple[int, int]) -> None:
    state = playout(seed, rnd, mano=mano, scores=scores)
    assert state.mano == mano
    if state.winner is None:
        assert max(state.scores) < 40


@pytest.mark.parametrize("preset", sorted(mus.PRESETS))
@settings(max_examples=60, **SETTINGS)  # type: ignore[arg-type]
@given(seed=st.integers(0, 2**63 - 1), rnd=st.randoms(use_true_random=True), mano=st.integers(0, 3))
def test_invariants_under_each_preset(preset: str, seed: int, rnd: random.Random, mano: int) -> None:
    rules = mus.Rules.preset(preset)
    scores = tuple(rnd.randrange(rules.target) for _ in range(rules.teams))
    state = playout(seed, rnd, mano=mano % rules.seats, scores=scores, rules=rules)
    assert state.rules == rules
    assert mus.notation.parse_hand(mus.notation.format_hand(state)) == state
    assert mus.notation.hand_from_json(mus.notation.hand_to_json(state)) == state


@settings(max_examples=600, **SETTINGS)  # type: ignore[arg-type]
@given(
    seed=st.integers(0, 2**63 - 1),
    rnd=st.randoms(use_true_random=True),
    mano=st.integers(0, 3),
    scores=st.tuples(st.integers(0, 39), st.integers(0, 39)),
)
def test_results_and_scores_follow_the_reference_model(
    seed: int, rnd: random.Random, mano: int, scores: tuple[int, int]
) -> None:
    for _ in range(4):
        state = playout(seed, rnd, mano=mano, scores=scores, checks=False)
        check_reference(state)
        seed += 1


def test_reference_model_agrees_on_a_known_hand() -> None:
    # The model itself, on a hand worked out in test_betting (PJ, everything passed): 6-5.
    state = mus.new_hand(RULES, seed=0, hands=["Ro Rc 7e 4b", "Co Cc Se 1o", "So Sc Sb 5o", "6o 6c 4o 4c"])
    state = mus.apply(state, NoMus())
    while state.to_act is not None:
        state = mus.apply(state, Pass())
    refs, scores, winner = reference(state)
    assert scores == (6, 5) and winner is None
    assert [r.outcome for r in refs] == [Outcome.EN_PASO] * 4


def test_replay_rejects_a_history_that_does_not_match() -> None:
    for seed in range(100):  # the first seed whose hand reaches the pares declarations
        state = playout(seed, random.Random(seed), checks=False)
        history = list(state.history)
        declared = [index for index, (_, action) in enumerate(history) if isinstance(action, Declare)]
        if declared:
            break
    assert declared, "no seed reaches the pares declarations"
    seat, declaration = history[declared[0]]
    assert isinstance(declaration, Declare)
    flipped = list(history)
    flipped[declared[0]] = (seat, Declare(declaration.lance, not declaration.has))
    with pytest.raises(mus.MusError):  # declarations are derived from the cards
        mus.replay(state.deal, flipped)
    first_seat, first_action = history[0]
    with pytest.raises(IllegalActionError, match="turn"):
        mus.replay(state.deal, [((first_seat + 1) % 4, first_action), *history[1:]])
