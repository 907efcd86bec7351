"""mus.data and the Mus individuel: every value of a hand or a session round-trips
exactly through its JSON form and text, matches the schema, and is read strictly; the
public histories replay the seat's views and hold nothing else."""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mus
from mus import data, individuel
from mus.data import from_data, public_hand, public_session, replay_public, to_data
from mus.individuel import HandState, IndividuelRules, Outcome, SeatView, Session
from mus.individuel.rules import MAX_PLAYERS, MIN_PLAYERS, STONES

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

KINDS = (
    "individuel_rules", "individuel_deal", "individuel_hand_state", "individuel_session", "individuel_seat_view",
    "individuel_lance_result", "individuel_move", "individuel_betting",
)  # fmt: skip

QUICK = settings(
    max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@functools.cache
def checked() -> Any:
    """A validator of the whole schema, checked once against its meta-schema."""
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(data.SCHEMA)
    return jsonschema.Draft202012Validator(data.SCHEMA)


@functools.cache
def validator(kind: str | None = None) -> Any:
    """A validator of the whole schema; or of one kind's form, ``#/$defs/<kind>``: the
    same check for a form of that kind (the kinds' ``"type"`` constants keep them
    apart), and many times faster than trying every kind."""
    whole = checked()
    if kind is None:
        return whole
    assert {"$ref": f"#/$defs/{kind}"} in data.SCHEMA["oneOf"]
    return type(whole)(inlined(data.SCHEMA["$defs"][kind]))


def inlined(schema: Any) -> Any:
    """``schema`` with each ``{"$ref": "#/$defs/name"}`` replaced by that definition
    (the schema has no cycle): the same checks, without the references' lookups."""
    if isinstance(schema, dict):
        if set(schema) == {"$ref"}:
            return inlined(data.SCHEMA["$defs"][schema["$ref"].removeprefix("#/$defs/")])
        return {key: inlined(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [inlined(value) for value in schema]
    return schema


@st.composite
def rules(draw: st.DrawFn, players: int | None = None, losses: int = 3) -> IndividuelRules:
    """Any rule set: every knob drawn."""
    return IndividuelRules(
        players=draw(st.integers(MIN_PLAYERS, MAX_PLAYERS)) if players is None else players,
        stones=draw(st.sampled_from(STONES)),
        eight_kings=draw(st.booleans()),
        real_31=draw(st.sampled_from([False, True, "king"])),  # type: ignore[arg-type]
        juego_33=draw(st.booleans()),
        ordago_last_lance=draw(st.booleans()),
        zero_mid_hand=draw(st.sampled_from(["out", "plays-on"])),
        next_game_mano=draw(st.sampled_from(["rotate", "loser-deals"])),
        losses=draw(st.integers(1, losses)),
    )


def move(legal: mus.LegalActions, rnd: random.Random) -> mus.Action:
    """A random legal action: any of the list, a bet of any size it allows."""
    action: mus.Action = rnd.choice(legal)
    if isinstance(action, mus.Bet):
        assert legal.min_bet is not None and legal.max_bet is not None
        action = mus.Bet(rnd.randint(legal.min_bet, legal.max_bet))
    return action


@st.composite
def hands(draw: st.DrawFn) -> list[HandState]:
    """Every state of a random hand, from its deal: some seats may have shed all their
    stones already (dealt no cards)."""
    table = draw(rules())
    n = table.players
    stones = None
    if draw(st.booleans()):
        stones = [draw(st.integers(0, table.stones)) for _ in range(n)]
        stones[0], stones[-1] = max(stones[0], 1), max(stones[-1], 1)
    rnd = draw(st.randoms(use_true_random=False))
    state = individuel.new_hand(table, seed=f"secret-{draw(st.integers(0, 10**6))}", mano=0, stones=stones)
    states = [state]
    for _ in range(draw(st.integers(0, 80))):
        if state.is_over:
            break
        state = individuel.apply(state, move(state.legal_actions(), rnd))
        states.append(state)
    return states


def round_trip(value: Any, whole: bool = False) -> Any:
    """The value read back from its data and from its text: both equal to it, of its
    type; its form valid under its kind's schema (``whole``: under the whole schema)."""
    form = to_data(value)
    assert json.loads(json.dumps(form)) == form, "plain JSON data"
    validator(None if whole else form["type"]).validate(form)
    back = from_data(form)
    assert back == value and type(back) is type(value)
    assert data.loads(data.dumps(value)) == value
    return back


def check_legal(legal: mus.LegalActions) -> None:
    back = round_trip(legal)
    assert (back.seat, back.min_bet, back.max_bet, str(back)) == (legal.seat, legal.min_bet, legal.max_bet, str(legal))
    probes = [*legal, mus.Bet(2), mus.Bet(3), mus.Bet(7), mus.Bet(11), mus.Accept(), mus.Pass(), mus.Fold(), mus.Mus()]
    assert [probe in back for probe in probes] == [probe in legal for probe in probes]


CARD = re.compile(r"[1-7SCR][oceb]")


def cards_in(form: Any) -> set[str]:
    """Every card named anywhere in a form: any word of any text that is a card."""
    text = json.dumps(form)
    return {
        word for string in re.findall(r'"((?:[^"\\]|\\.)*)"', text) for word in string.split() if CARD.fullmatch(word)
    }


def allowed_cards(hand: HandState, seat: int) -> set[str]:
    """The cards ``seat`` may know of: its own five, the hands of an órdago it was in,
    and every hand once the hand is over."""
    seen = {str(card) for card in hand.deal.cards[seat]}
    shown: set[int] = set(hand.deal.seats) if hand.is_over else set()
    for result in hand.results:
        if result.outcome is Outcome.ORDAGO and seat in result.seats:
            shown.update(result.seats)
    return seen | {str(card) for s in shown for card in hand.held[s]}


@QUICK
@given(hands())
def test_every_value_of_a_hand_round_trips(states: list[HandState]) -> None:
    last = states[-1]
    n = last.rules.players
    for value in (last.rules, last.deal, last, last.view(0), last.legal_actions()):
        round_trip(value, whole=True)
    for state in states:
        assert round_trip(state).history == state.history
        check_legal(state.legal_actions())
        if state.betting is not None:
            round_trip(state.betting)
        for seat in range(n):
            round_trip(state.view(seat))
    values: list[Any] = [*last.results, *last.moves, *(hand for hand in last.hands if hand is not None)]
    for value in values:
        round_trip(value)
    for _, action in last.history:
        round_trip(action)


@QUICK
@given(hands(), st.integers(0, MAX_PLAYERS - 1))
def test_the_public_hand_replays_the_views_and_hides_the_rest(states: list[HandState], seat: int) -> None:
    last = states[-1]
    seat %= last.rules.players
    public = public_hand(last, seat)
    assert public["type"] == "individuel_public_hand"
    validator("individuel_public_hand").validate(public)
    assert list(replay_public(json.loads(json.dumps(public)))) == [state.view(seat) for state in states]
    text = json.dumps(public)
    assert str(last.deal.seed) not in text and '"seed"' not in text and '"stock"' not in text
    assert cards_in(public) <= allowed_cards(last, seat)
    entries = [entry for step in public["steps"] for entry in step.get("entries", ())]
    assert all(text == "discard 1 card" for who, text in entries if who != seat and text.startswith("discard"))
    assert data.view_data(last, seat) == to_data(last.view(seat))


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    """A random session, cut anywhere (over, or in the middle of a hand)."""
    table = draw(rules(players=draw(st.integers(2, 4)), losses=1)).evolve(stones=5)
    rnd = draw(st.randoms(use_true_random=False))
    session = individuel.new_session(table, seed=f"secret-{draw(st.integers(0, 10**6))}", mano=draw(st.integers(0, 1)))
    for _ in range(draw(st.integers(0, 400))):
        if session.is_over:
            break
        session = individuel.apply_session(session, move(session.legal_actions(), rnd))
    return session


def views_of_session(session: Session, seat: int) -> list[SeatView]:
    """The views ``seat`` was shown, replaying the session action by action: those of
    each hand, its last (the count) included."""
    replayed = individuel.new_session(session.rules, seed=session.seed, mano=session.first_mano)
    views = [replayed.view(seat)]
    for hand in session.finished + (() if session.is_over else (session.hand,)):
        for who, action in hand.history:
            ended = len(replayed.finished)
            replayed = individuel.apply_session(replayed, action, who)
            if len(replayed.finished) > ended:
                views.append(replayed.finished[-1].view(seat))
                if not replayed.is_over:
                    views.append(replayed.view(seat))
            else:
                views.append(replayed.view(seat))
    assert replayed == session
    return views


@settings(QUICK, max_examples=8)
@given(sessions(), st.integers(0, 3))
def test_sessions_round_trip_and_replay_in_public(session: Session, seat: int) -> None:
    back = round_trip(session, whole=True)
    assert (back.losses, back.losers, back.winner, back.game) == (
        session.losses,
        session.losers,
        session.winner,
        session.game,
    )
    seat %= session.rules.players
    round_trip(session.view(seat))
    public = public_session(session, seat)
    validator(None).validate(public)
    views = replay_public(json.loads(json.dumps(public)))
    assert list(views) == views_of_session(session, seat) and views[-1] == session.view(seat)
    text = json.dumps(public)
    assert str(session.seed) not in text and '"seed"' not in text and '"stock"' not in text
    assert data.view_data(session, seat) == to_data(session.view(seat))


# --- the kinds, the schema ----------------------------------------------------------------


def test_the_kinds_and_their_parts() -> None:
    assert data.KINDS[-len(KINDS) :] == KINDS
    state = individuel.new_hand(IndividuelRules(players=3), seed=7)
    for seat in state.deal.seats:
        state = individuel.apply(state, f"discard {state.held[seat][0]}")
    state = individuel.apply(state, "bet 3")
    view = to_data(state.view(1))
    assert view["type"] == "individuel_seat_view"
    assert from_data(view["betting"], "individuel_betting") == state.betting
    assert from_data(view["legal"], "legal_actions") == state.view(1).legal
    assert from_data(view["history"][3][1], "action") == mus.Bet(3)
    assert from_data(view["hands"][1], "hand") == state.hands[1]
    assert from_data(to_data(state)["history"]["rules"], "individuel_rules") == state.rules
    assert to_data(state)["history"]["format"] == "mus-individuel-hand"
    assert data.view_data(state, 2) == to_data(state.view(2))


def test_the_schema_covers_every_knob_and_field() -> None:
    defs = validator().schema["$defs"]
    assert set(defs["individuel_rules_knobs"]["properties"]) == set(IndividuelRules().to_dict())
    for name, kind in [
        ("individuel_seat_view_fields", SeatView), ("individuel_lance_result_fields", individuel.LanceResult),
        ("individuel_move_fields", individuel.Move), ("individuel_deal_fields", individuel.Deal),
    ]:  # fmt: skip
        assert set(defs[name]["properties"]) == {field.name for field in attrs.fields(kind)}
    assert set(defs["individuel_betting_fields"]["properties"]) == set(individuel.Betting._fields)
    assert {"individuel_public_hand", "individuel_public_session", *KINDS} <= set(defs)


def test_a_seat_out_of_the_game_and_the_stones_of_a_deal() -> None:
    state = individuel.new_hand(IndividuelRules(players=4, stones=5), seed=3, stones=(5, 0, 2, 4), mano=2)
    form = to_data(state.deal)
    assert form["cards"][1] == "" and form["pot"] == 9 and form["stones"] == [5, 0, 2, 4]
    assert to_data(state)["history"]["cards"][1] == "-"
    assert round_trip(state.deal) == state.deal and round_trip(state.view(1)).hand == ()


# --- strict reading -----------------------------------------------------------------------


def hand_form() -> dict[str, Any]:
    state = individuel.new_hand(IndividuelRules(players=3), seed=5)
    for seat in state.deal.seats:
        state = individuel.apply(state, f"discard {state.held[seat][-1]}")
    form: dict[str, Any] = json.loads(json.dumps(to_data(individuel.apply(state, "bet 2"))))
    return form


def view_form() -> dict[str, Any]:
    state = individuel.new_hand(IndividuelRules(players=3), seed=5)
    state = individuel.apply(state, f"discard {state.held[0][-1]}")
    form: dict[str, Any] = json.loads(json.dumps(to_data(state.view(1))))
    return form


def edit(form: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    """A copy of ``form`` with the value at ``path`` (``"a.b.2"``) replaced, or removed
    for :data:`REMOVE`."""
    copy: dict[str, Any] = json.loads(json.dumps(form))
    *parents, last = path.split(".")
    node: Any = copy
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    index: Any = int(last) if isinstance(node, list) else last
    if value is REMOVE:
        del node[index]
    else:
        node[index] = value
    return copy


REMOVE = object()


@pytest.mark.parametrize(
    ("make", "path", "value", "message"),
    [
        (
            hand_form,
            "history.rules.players",
            9,
            "individuel_hand_state.rules: players must be a whole number from 2 to 8",
        ),
        (hand_form, "history.rules.stones", 8.0, "individuel_hand_state.rules.stones: a whole number, got 8.0"),
        (hand_form, "history.rules.real_31", 1, "individuel_hand_state.rules.real_31: true, false or 'king'"),
        (
            hand_form,
            "history.rules.colour",
            "red",
            "individuel_hand_state.rules: unknown Mus individuel knobs: 'colour'",
        ),
        (hand_form, "history.format", "mus-hand", "individuel_hand_state: not a mus-individuel-hand history"),
        (hand_form, "history.cards.0", "1e Ro Co 7e 3c", "individuel_hand_state.cards[0]: write"),
        (hand_form, "history.stock", "Ro", "individuel_hand_state.stock: not the rest of the deck"),
        (hand_form, "history.actions.3", [2, "accept"], "individuel_hand_state.actions[3]: not seat 2's turn"),
        (hand_form, "history.actions.3", [0, "mus"], "individuel_hand_state.actions[3][1]: mus is not played"),
        (
            hand_form,
            "history.actions.3",
            [0, "bet 50"],
            "individuel_hand_state.actions[3]: a bet stakes at most",
        ),
        (hand_form, "history.count", ["# grande: void"], "individuel_hand_state.count: not the count"),
        (hand_form, "history.seed", True, "individuel_hand_state.seed: a whole number or a text"),
        (hand_form, "history.mano", 3, "individuel_hand_state.mano: a whole number from 0 to 2, got 3"),
        (hand_form, "history.stones", [8, 8], "individuel_hand_state.stones: a list of 3 entries"),
        (hand_form, "history.extra", 1, "individuel_hand_state: unknown keys: 'extra'"),
        (view_form, "stones", [8, 8, "8"], "individuel_seat_view.stones[2]: a whole number from 0 up"),
        (
            view_form,
            "hand",
            "Ro Ro Co 7e 3c",
            "individuel_seat_view.hand: 0, 4 or 5 different cards, got 'Ro Ro Co 7e 3c'",
        ),
        (view_form, "phase", "mus", "individuel_seat_view.phase: one of discard, betting, finished"),
        (view_form, "history.0", [0, "discard 2 cards"], "individuel_seat_view.history[0][1]"),
        (
            view_form,
            "history.0",
            [3, "discard 1 card"],
            "individuel_seat_view.history[0][0]: a whole number from 0 to 2",
        ),
        (view_form, "hands", [None, None], "individuel_seat_view.hands: a list of 3 entries"),
        (view_form, "legal.seat", 8, "individuel_seat_view.legal.seat: a whole number from 0 to 7"),
        (view_form, "legal.min_bet", 2, "individuel_seat_view.legal: min_bet or team_fold"),
        (view_form, "discard", "Xo", "individuel_seat_view.discard: unknown rank"),
        (view_form, "rules", [], "individuel_seat_view.rules: an object of knobs"),
        (view_form, "loser", REMOVE, "individuel_seat_view: lacks loser"),
    ],
)
def test_broken_forms_are_refused_saying_where(
    make: Callable[[], dict[str, Any]], path: str, value: Any, message: str
) -> None:
    with pytest.raises(mus.NotationError) as caught:
        from_data(edit(make(), path, value))
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_broken_records_and_sessions_are_refused_saying_where() -> None:
    state = individuel.new_hand(IndividuelRules(players=3), seed=5)
    deal = to_data(state.deal)
    for path, value, message in [
        ("pot", 3, "individuel_deal.pot: the seats' stones leave 0 in the basket"),
        ("stock", [], "individuel_deal.stock: not the rest of the deck"),
        ("cards.1", "Ro Co 7e 3c 1e", "individuel_deal: card"),
        ("cards.1", "Ro", "individuel_deal.cards[1]: 0 or 5 different cards, got 'Ro'"),
    ]:
        with pytest.raises(mus.NotationError, match=re.escape(message)):
            from_data(edit(deal, path, value))
    session = individuel.new_session(IndividuelRules(players=2), seed=1)
    while len(session.finished) < 2:
        session = individuel.apply_session(session, session.legal_actions()[0])
    form = json.loads(json.dumps(to_data(session)))
    assert len(form["history"]["hands"]) >= 2
    for path, value, message in [
        ("history.hands.0.cards", ["-", "-"], "individuel_session.hands[0].cards: not the cards"),
        ("history.hands.0.actions", [], "individuel_session.hands[0].actions: a hand of a session"),
        (
            "history.hands.0.actions.0",
            [1, "discard Ro"],
            "individuel_session.hands[0].actions[0]: not seat 1's turn",
        ),
        ("history.mano", "0", "individuel_session.mano: a whole number from 0 to 1, got '0'"),
        ("history.hands.0", REMOVE, "individuel_session.hands[0].cards: not the cards"),
    ]:
        with pytest.raises(mus.NotationError, match=re.escape(message)):
            from_data(edit(form, path, value))
    record = {"type": "individuel_move", "lance": "grande", "seat": 8, "stones": 1, "to": None, "owed": 1, "why": ""}
    with pytest.raises(mus.NotationError, match=re.escape("individuel_move.seat: a whole number from 0 to 7, got 8")):
        from_data(record)
    betting = to_data(individuel.Betting(mus.Lance.GRANDE, (0, 1, 2), (0, 1, 2), puts=(0, 0, 0)))
    assert from_data(betting).puts == (0, 0, 0)
    with pytest.raises(
        mus.NotationError, match=re.escape("individuel_betting.seats[2]: a whole number from 0 to 1, got 2")
    ):
        from_data({**betting, "puts": [0, 0]})
    with pytest.raises(mus.NotationError, match=re.escape("individuel_betting.puts: a list of 2 entries")):
        from_data({**betting, "puts": [0] * 9})
    result = to_data(individuel.LanceResult(mus.Lance.PARES, Outcome.ALONE, (1,), taker=1))
    with pytest.raises(mus.NotationError, match=re.escape("individuel_lance_result.outcome: one of en paso")):
        from_data({**result, "outcome": "no bet"})


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_forms_decode_or_fail_cleanly(drawn: st.DataObject) -> None:
    rnd = random.Random(drawn.draw(st.integers(0, 99)))
    state = individuel.new_hand(
        IndividuelRules(players=drawn.draw(st.integers(2, 5))), seed=drawn.draw(st.integers(0, 99))
    )
    for _ in range(drawn.draw(st.integers(0, 14))):
        if not state.is_over:
            state = individuel.apply(state, move(state.legal_actions(), rnd))
    session = individuel.new_session(IndividuelRules(players=2, losses=1), seed=drawn.draw(st.integers(0, 99)))
    for _ in range(drawn.draw(st.integers(0, 30))):
        if not session.is_over:
            session = individuel.apply_session(session, move(session.legal_actions(), rnd))
    form: Any = drawn.draw(
        st.sampled_from([
            to_data(state), to_data(state.view(0)), to_data(state.deal), to_data(session), public_hand(state, 0),
            public_session(session, 1),
        ])
    )  # fmt: skip
    form = json.loads(json.dumps(form))
    node = form  # walk to one random place in the form and put something else there
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = drawn.draw(st.sampled_from(keys))
        if isinstance(node[key], (dict, list)) and node[key] and drawn.draw(st.booleans()):
            node = node[key]
            continue
        node[key] = drawn.draw(
            st.one_of(st.none(), st.booleans(), st.integers(-3, 50), st.text(max_size=8), st.just([]), st.just({}))
        )
        break
    try:
        if str(form.get("type")).startswith("individuel_public"):
            replay_public(form)
        else:
            from_data(form)
    except mus.NotationError as error:
        assert "\n" not in str(error) and len(str(error)) < 400


def test_a_tampered_public_hand_is_refused() -> None:
    state = individuel.new_hand(IndividuelRules(players=3), seed=5)
    for seat in state.deal.seats:
        state = individuel.apply(state, f"discard {state.held[seat][-1]}")
    state = individuel.apply(state, "bet 2")
    public = public_hand(state, 0)
    assert replay_public(public)[-1] == state.view(0)
    tampers: list[tuple[Callable[[Any], None], str]] = [
        (lambda p: p["steps"][0].update(seat=1), "unknown keys: 'seat'"),
        (lambda p: p["steps"].insert(1, {}), "individuel_public_hand.steps[1]: an empty step"),
        (
            lambda p: p["steps"][1].update(entries=[[1, "discard 1o"]]),
            "steps[1].history[1]: seat 1's discard is shown to seat 0",
        ),
        (
            lambda p: p["steps"][1].update(entries=[[2, "discard 1 card"]]),
            "steps[1].history[1]: seat 2 acts out of turn",
        ),
        (
            lambda p: p["steps"][0].update(entries=[[0, "discard 1 card"]]),
            "steps[0].history[0]: seat 0's discard 1 card: its own discard of one card, shown to it",
        ),
        (
            lambda p: p["steps"][3].update(entries=[[0, "bet 9"]]),
            "steps[3].history[3]: seat 0's bet 9 is not legal now",
        ),
        (lambda p: p["steps"][3].update(pot=4), "steps[3].pot: 4 does not follow from the history, which gives 0"),
        (
            lambda p: p["start"].update(history=[[0, "pass"]]),
            "individuel_public_hand.start: a hand starts from its deal",
        ),
        (lambda p: p.update(seat=2), "not seat 2's"),
        (lambda p: p["start"].update(seed=3), "unknown keys: 'seed'"),
        (lambda p: p.update(version=2), "version 1"),
    ]
    for tamper, message in tampers:
        copy = json.loads(json.dumps(public))
        tamper(copy)
        with pytest.raises(mus.NotationError, match=re.escape(message)):
            replay_public(copy)


def test_a_tampered_public_session_is_refused() -> None:
    session = individuel.play_session(
        individuel.new_session(IndividuelRules(players=3, losses=1), seed=2),
        [individuel.RandomPlayer(s) for s in range(3)],
    )
    public = public_session(session, 0)
    assert replay_public(public)[-1] == session.view(0) and len(public["hands"]) > 2
    tampers: list[tuple[Callable[[Any], None], str]] = [
        (lambda p: p.update(winner=2), "the games lost, losers or winner do not follow from the hands"),
        (lambda p: p.update(losers=[0]), "the games lost, losers or winner do not follow"),
        (lambda p: p["hands"][1].update(game=3), "hands[1]: the hand is hand"),
        (lambda p: p["hands"][1].update(losses=[0, 0, 1]), "hands[1]: the hand is hand"),
        (
            lambda p: p["hands"].pop(1),
            "hands[1]: the hand is hand 1 of game 0, dealt when the games lost were [0, 0, 0]",
        ),
        (lambda p: p["hands"][1]["start"].update(mano=1), "hands[1]: the hand does not start from the mano and stones"),
        (lambda p: p["hands"].append(p["hands"][0]), "the session was already over"),
        (lambda p: p["hands"].clear(), "a session has dealt at least one hand"),
        (lambda p: p.update(seed=2), "unknown keys: 'seed'"),
    ]
    for tamper, message in tampers:
        copy = json.loads(json.dumps(public))
        tamper(copy)
        with pytest.raises(mus.NotationError, match=re.escape(message)):
            replay_public(copy)


def test_values_of_neither_game_have_no_form() -> None:
    with pytest.raises(mus.NotationError, match="no data form"):
        to_data(individuel.new_session)
    with pytest.raises(mus.NotationError, match="public_session\\(\\) needs a Mus individuel Session"):
        public_session(individuel.new_hand(seed=1), 0)  # type: ignore[arg-type]
    with pytest.raises(mus.NotationError, match="view_data\\(\\) needs"):
        data.view_data("state", 0)  # type: ignore[arg-type]
