"""Views and public histories fuzzed (issue 22, point 8): real views of random hands at
many tables (four, two and six seats, each for itself, señas, explicit declarations,
the mus visto's readings, Mus individuel), one field mutated at random; reading the
result either raises a ``MusError`` or gives a genuine view: one of the hand's own
views, or the view of a hand the test deals and plays to it with the engine (the
same hand from other scores, the seat's cards dealt to it, a seña not made). Nothing
inconsistent is accepted, and every genuine view still reads back equal."""

from __future__ import annotations

import copy
import functools
import json
import random
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mus
from mus import individuel
from mus.data import from_data, public_hand, replay_public, to_data
from mus.data.individuel_consistency import start_stones
from mus.data.whole import start_scores
from mus.individuel import IndividuelRules
from mus.reducer import derived
from mus.senas import senas_of
from mus.state import HiddenDiscard

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

TABLES = [
    mus.Rules(),
    mus.Rules.preset("heads-up"),
    mus.Rules.preset("six"),
    mus.Rules.preset("individual-3"),
    mus.Rules.preset("individual-5").evolve(target=15),
    mus.Rules(senas=True, mus_visto="new-card"),
    mus.Rules(declarations="explicit", folded_seat_counts=False, target=20),
    mus.Rules.preset("six").evolve(declarations="explicit", senas=True, mus_visto="servido"),
    mus.Rules(mus_decision="team", mus_corrido="game", mus_visto="servido", max_bet=6),
]
INDIVIDUEL_TABLES = [
    IndividuelRules(players=2),
    IndividuelRules(players=3, stones=5),
    IndividuelRules(players=5, zero_mid_hand="plays-on", ordago_last_lance=True, refused_raise="previous-stake"),
    IndividuelRules(players=8, stones=10, accepted_stake="per-opponent", out_lance="lost"),
]
SEEDS = 40  # hands per table: the examples share them (each is dealt and played once)
FUZZ = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@functools.cache
def hand_states(table: int, seed: int) -> tuple[mus.HandState, ...]:
    """Every state of a hand played at random, events included, at table ``table``."""
    rules, rnd = TABLES[table], random.Random(seed)
    scores = [rnd.randrange(rules.target) for _ in range(rules.teams)] if rnd.random() < 0.4 else None
    state = mus.new_hand(rules, seed=seed, mano=rnd.randrange(rules.seats), scores=scores)
    states = [state]
    while not state.is_over and len(states) < 200:
        seat = rnd.randrange(rules.seats)
        events: list[mus.Action] = [mus.MusVisto(card) for card in state.hands[seat]] if rnd.random() < 0.1 else []
        events += [mus.Signal(sena) for sena in senas_of(state.hands[seat], rules)] if rules.senas else []
        events = [event for event in events if state.is_legal(event, seat)]
        if events and rnd.random() < 0.3:
            state = mus.apply(state, rnd.choice(events), seat)
        else:
            legal = state.legal_actions()
            action = rnd.choice(legal)
            if type(action) is mus.Mus and rnd.random() < 0.4:
                action = mus.NoMus()
            elif type(action) is mus.Bet and mus.Bet(stones := rnd.randint(2, 9)) in legal:
                action = mus.Bet(stones)
            if mus.TeamFold() in legal and rnd.random() < 0.2:
                action = mus.TeamFold()
            state = mus.apply(state, action)
        states.append(state)
    return tuple(states)


@functools.cache
def individuel_states(table: int, seed: int) -> tuple[individuel.HandState, ...]:
    rules, rnd = INDIVIDUEL_TABLES[table], random.Random(seed)
    stones = [rnd.randint(0, rules.stones) for _ in range(rules.players)]
    if rnd.random() < 0.5 or sum(1 for held in stones if held) < 2:
        stones = [rules.stones] * rules.players
    mano = next(seat for seat in range(rnd.randrange(rules.players), 2 * rules.players) if stones[seat % rules.players])
    state = individuel.new_hand(rules, seed=seed, mano=mano % rules.players, stones=stones)
    states = [state]
    while not state.is_over:
        legal = state.legal_actions()
        action = rnd.choice(legal)
        if type(action) is mus.Bet and legal.max_bet is not None:
            action = mus.Bet(rnd.randint(mus.MIN_BET, legal.max_bet))
        state = individuel.apply(state, action)
        states.append(state)
    return tuple(states)


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(to_data(value)))


def mutated(data: dict[str, Any], field: str, others: list[dict[str, Any]], rnd: random.Random) -> Any:
    """A new value for ``data[field]``: another view's, or this one's changed a little."""
    value = copy.deepcopy(data[field])
    if rnd.random() < 0.4:
        borrowed = [other[field] for other in others if other[field] != value]
        return copy.deepcopy(rnd.choice(borrowed)) if borrowed else None
    if type(value) is int:
        return value + rnd.choice([-2, -1, 1, 2])
    if isinstance(value, list) and value:
        index = rnd.randrange(len(value))
        how = rnd.choice(["drop", "double", "swap", "reseat", "change"])
        if how == "drop":
            del value[index]
        elif how == "double":
            value.insert(index, copy.deepcopy(value[index]))
        elif how == "swap" and len(value) > 1:
            other = rnd.randrange(len(value))
            value[index], value[other] = value[other], value[index]
        elif how == "reseat" and isinstance(value[index], list):
            value[index][0] = (value[index][0] + rnd.randint(1, 3)) % 8
        elif isinstance(value[index], int):
            value[index] += rnd.choice([-1, 1])
        else:
            value[index] = copy.deepcopy(rnd.choice(value))
        return value
    if isinstance(value, dict) and value:
        key = rnd.choice(sorted(value))
        value[key] = mutated(value, key, [value], rnd) if value[key] is not None else 1
        return value
    return copy.deepcopy(rnd.choice(others)[field])


def swapped(held: list[list[Any]], stock: list[Any], seat: int, wanted: set[Any], rnd: random.Random | None) -> None:
    """Deal ``wanted`` to ``seat``: each card it lacks taken from where it lies, which
    gets one of the seat's own cards instead, or (with ``rnd``) a card of the stock,
    the stock getting the seat's."""
    giving = [card for card in held[seat] if card not in wanted]
    spare = [card for card in stock if card not in wanted]
    for card in sorted(wanted - set(held[seat])):
        out = giving.pop()
        cards = next(cards for cards in [*held, stock] if card in cards)
        if rnd is not None and cards is not stock and spare:
            other = spare.pop(rnd.randrange(len(spare)))
            cards[cards.index(card)] = other
            stock[stock.index(other)] = out
        else:
            cards[cards.index(card)] = out
        held[seat][held[seat].index(out)] = card


def witness(view: mus.SeatView, origin: mus.HandState) -> bool:
    """Whether the engine plays a hand to ``view``: the hand ``origin`` was dealt from
    the scores ``view`` tells, the seat dealt the cards it shows when it never
    exchanged (the others' cards where they came from, or a few random ones), other
    seats' hidden discards those of ``origin``."""
    rules, seat, deal = view.rules, view.seat, origin.deal
    real: defaultdict[int, list[mus.Action]] = defaultdict(list)
    for who, action in origin.history:
        if type(action) is mus.Discard:
            real[who].append(action)
    entries: list[tuple[int, Any]] = []
    count: defaultdict[int, int] = defaultdict(int)
    for who, action in view.history:
        if type(action) in (mus.Discard, HiddenDiscard):
            if count[who] >= len(real[who]):
                return False
            action, count[who] = real[who][count[who]] if type(action) is HiddenDiscard else action, count[who] + 1
        entries.append((who, action))
    exchanged = any(  # the seat's own cards changed: the deal's are not the view's
        who == seat
        and (type(action) is mus.Discard or (type(action) is mus.MusVisto and rules.mus_visto == "new-card"))
        for who, action in view.history
    )
    turns = (mus.Mus, mus.NoMus, mus.Discard, HiddenDiscard)
    mano = next((who for who, action in view.history if type(action) in turns), view.mano)
    for attempt in range(1 if exchanged else 40):
        held, stock = [list(hand.cards) for hand in deal.hands], list(deal.stock)
        if not exchanged:
            swapped(held, stock, seat, set(view.hand), random.Random(attempt) if attempt else None)
        hands = tuple(mus.Hand(tuple(cards)) for cards in held)
        for corrido in (False, True):
            try:
                state = mus.start(mus.Deal(rules, mano, start_scores(view), hands, tuple(stock), deal.seed, corrido))
                for who, action in entries:
                    if not derived(action, rules):
                        state = mus.apply(state, action, who)
            except mus.MusError:
                continue
            if state.view(seat) == view:
                return True
    return False


def individuel_witness(view: individuel.SeatView, origin: individuel.HandState) -> bool:
    """Whether the engine plays a hand of Mus individuel to ``view``, as
    :func:`witness` tries for the four-card game."""
    rules, seat, deal = view.rules, view.seat, origin.deal
    mine = set(view.hand) | ({view.discard} if view.discard is not None else set())
    real = {who: action for who, action in origin.history if type(action) is mus.Discard}
    stones = start_stones(view)
    if mine and len(mine) != len(deal.cards[seat] or mine):
        return False
    for attempt in range(40):
        held, stock = [list(cards) for cards in deal.cards], list(deal.stock)
        for who, cards in enumerate(held):  # a seat dealt in only here: five cards of the stock
            if stones[who] and not cards:
                cards += [stock.pop() for _ in range(5)]
        if mine and held[seat]:
            swapped(held, stock, seat, mine, random.Random(attempt) if attempt else None)
        discards = {
            who: real[who] if set(real[who].cards) <= set(held[who]) else mus.Discard((held[who][-1],)) for who in real
        }
        try:
            dealt = [tuple(sorted(cards)) if stones[who] else None for who, cards in enumerate(held)]
            state = individuel.new_hand(rules, seed=0, cards=dealt, mano=view.mano, stones=stones)
            for who, action in view.history:
                if type(action) is HiddenDiscard:
                    action = discards.get(who) or mus.Discard((held[who][-1],))
                state = individuel.apply(state, action, who)
        except mus.MusError:
            continue
        if state.view(seat) == view:
            return True
    return False


def mutate_a_view(
    states: Sequence[Any], seats: int, witnessed: Callable[[Any], bool], rnd: random.Random, drawn: st.DataObject
) -> None:
    """One seat's view of one of ``states`` (a hand of ``seats`` seats), one field
    mutated: refused with a short MusError, or a view some hand shows (one of the
    genuine views, or one ``witnessed`` by the engine)."""
    state = drawn.draw(st.sampled_from(states))
    seat = rnd.randrange(seats)
    data = as_json(state.view(seat))
    assert from_data(data) == state.view(seat), "a genuine view reads back equal"
    others = [as_json(other.view(rnd.randrange(seats))) for other in rnd.sample(states, min(4, len(states)))]
    field = drawn.draw(st.sampled_from([key for key in data if key not in ("type", "rules")]))
    forged = {**data, field: mutated(data, field, others, rnd)}
    try:
        view = from_data(forged)
    except mus.MusError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        return
    genuine = {other.view(s) for other in states for s in range(seats)}
    assert view in genuine or witnessed(view), f"an inconsistent view was accepted: {field} -> {forged[field]}"


@FUZZ
@given(st.integers(0, len(TABLES) - 1), st.integers(0, SEEDS - 1), st.randoms(use_true_random=False), st.data())
def test_a_mutated_seat_view_is_refused_or_genuine(
    table: int, seed: int, rnd: random.Random, drawn: st.DataObject
) -> None:
    states = hand_states(table, seed)
    mutate_a_view(states, states[0].rules.seats, lambda view: witness(view, states[-1]), rnd, drawn)


@FUZZ
@given(
    st.integers(0, len(INDIVIDUEL_TABLES) - 1), st.integers(0, SEEDS - 1), st.randoms(use_true_random=False), st.data()
)
def test_a_mutated_individuel_view_is_refused_or_genuine(
    table: int, seed: int, rnd: random.Random, drawn: st.DataObject
) -> None:
    states = individuel_states(table, seed)
    mutate_a_view(states, states[0].rules.players, lambda view: individuel_witness(view, states[-1]), rnd, drawn)


@settings(FUZZ, max_examples=120)
@given(st.booleans(), st.integers(0, SEEDS - 1), st.randoms(use_true_random=False))
def test_a_mutated_public_history_is_refused_or_genuine(four_card: bool, seed: int, rnd: random.Random) -> None:
    table = seed % (len(TABLES) if four_card else len(INDIVIDUEL_TABLES))
    states: tuple[Any, ...] = hand_states(table, seed) if four_card else individuel_states(table, seed)
    origin = states[-1]
    seats = origin.rules.seats if four_card else origin.rules.players
    seat = rnd.randrange(seats)
    public = json.loads(json.dumps(public_hand(origin, seat)))
    shown = [other.view(seat) for other in states]
    assert set(replay_public(public)) <= set(shown), "a genuine public history replays"
    step = rnd.choice([public["start"], *public["steps"]])
    field = rnd.choice(sorted(step))
    views = [as_json(view) for view in rnd.sample(shown, min(4, len(shown)))]
    others = [{field: view.get(field, view["history"][-1:] if field == "entries" else None)} for view in views]
    step[field] = mutated(step, field, others, rnd)
    try:
        replayed = replay_public(public)
    except mus.MusError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
        return
    every = {other.view(s) for other in states for s in range(seats)}
    for view in replayed:
        genuine = view in every or (witness(view, origin) if four_card else individuel_witness(view, origin))  # type: ignore[arg-type]
        assert genuine, f"an inconsistent public history was accepted: {field}"
