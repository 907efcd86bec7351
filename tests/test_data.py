"""mus.data: every value's JSON form round-trips exactly, matches the schema, and is
read strictly; public histories replay the seat's views and hold no secret."""

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
from mus import data
from mus.data import from_data, public_hand, public_match, replay_public, to_data
from mus.reducer import derived
from mus.senas import senas_of


@attrs.frozen
class EarlyOrdago(mus.HouseRule):
    """A house rule with fields: no órdago before a side has ``until`` stones, and no
    bets of the listed sizes."""

    name = "test-data-early-ordago"
    until: int = 10
    banned: tuple[int, ...] = ()

    def allows(self, state: mus.HandState, action: mus.Action) -> bool:
        if isinstance(action, mus.Ordago):
            return max(state.scores) >= self.until
        return not (isinstance(action, mus.Bet) and action.stones in self.banned)


PRESETS = sorted(mus.PRESETS)


@st.composite
def rules(draw: st.DrawFn, small: bool = False) -> mus.Rules:
    base = mus.PRESETS[draw(st.sampled_from(PRESETS))]
    knobs: dict[str, Any] = {}
    if draw(st.booleans()):
        knobs["house"] = [
            EarlyOrdago(
                until=draw(st.integers(0, 30)), banned=tuple(draw(st.lists(st.integers(2, 6), max_size=2, unique=True)))
            )
        ]
    if draw(st.booleans()):
        knobs["senas"] = True
    knobs["mus_visto"] = draw(st.sampled_from(["new-card", "servido"]))
    knobs["mus_corrido"] = draw(st.sampled_from(["off", "off", "game"]))
    if small:  # matches that end within a few dozen hands
        knobs.update(target=draw(st.integers(5, 15)), games_to_win=draw(st.integers(1, 2)))
    return base.evolve(**knobs)


def step(state: Any, rnd: random.Random) -> Any:
    """One random legal move on a hand or match, events (señas, mus visto) included."""
    hand: mus.HandState = state.hand if isinstance(state, mus.MatchState) else state
    if hand.actions == 0 and rnd.random() < 0.1:
        seat = rnd.randrange(hand.rules.seats)
        return mus.apply(state, mus.MusVisto(rnd.choice(hand.hands[seat].cards)), seat)
    if hand.rules.senas and rnd.random() < 0.1:
        seat = rnd.randrange(hand.rules.seats)
        for sena in senas_of(hand.hands[seat], hand.rules):
            if hand.is_legal(mus.Signal(sena), seat):
                return mus.apply(state, mus.Signal(sena), seat)
    legal = hand.legal_actions()
    action = rnd.choice(legal)
    if isinstance(action, mus.Bet):
        stones = rnd.randint(2, 8)
        if mus.Bet(stones) in legal:
            action = mus.Bet(stones)
    if mus.TeamFold() in legal and rnd.random() < 0.2:
        action = mus.TeamFold()
    return mus.apply(state, action)


@st.composite
def hands(draw: st.DrawFn) -> mus.HandState:
    rnd = draw(st.randoms(use_true_random=False))
    state = mus.new_hand(draw(rules()), seed=f"secret-{draw(st.integers(0, 10**6))}", mano=0)
    for _ in range(draw(st.integers(0, 120))):
        if state.is_over:
            break
        state = step(state, rnd)
    return state


@st.composite
def matches(draw: st.DrawFn) -> mus.MatchState:
    rnd = draw(st.randoms(use_true_random=False))
    match = mus.new_match(draw(rules(small=True)), seed=f"secret-{draw(st.integers(0, 10**6))}")
    for _ in range(draw(st.integers(0, 400))):
        if match.is_over:
            break
        match = step(match, rnd)
    return match


SLOW = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@functools.cache
def validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(data.SCHEMA)
    return jsonschema.Draft202012Validator(data.SCHEMA)


def round_trip(value: Any, check: Any = None) -> Any:
    """The value read back from its data and from its text; both equal to it."""
    form = to_data(value)
    assert json.loads(json.dumps(form)) == form, "plain JSON data"
    if check is not None:
        check.validate(form)
    back = from_data(form)
    assert back == value and data.loads(data.dumps(value)) == value
    assert type(back) is type(value)
    return back


def test_schema_is_valid_and_covers_every_knob_and_field() -> None:
    validator()
    assert set(data.SCHEMA["$defs"]["rules_knobs"]["properties"]) == set(mus.Rules().to_dict())
    # Beside the fields, the data a view or a count derives for apps: bets and text.
    assert set(data.SCHEMA["$defs"]["seat_view_fields"]["properties"]) == {
        f.name for f in attrs.fields(mus.SeatView)
    } | {"bets"}
    assert set(data.SCHEMA["$defs"]["match_view_fields"]["properties"]) == {f.name for f in attrs.fields(mus.MatchView)}
    assert set(data.SCHEMA["$defs"]["betting_fields"]["properties"]) == set(mus.Betting._fields)
    assert set(data.SCHEMA["$defs"]["count_fields"]["properties"]) == {f.name for f in attrs.fields(mus.Count)} | {
        "text"
    }


@SLOW
@given(hands())
def test_hand_values_round_trip(state: mus.HandState) -> None:
    check = validator()
    assert round_trip(state, check).history == state.history
    round_trip(state.deal, check)
    round_trip(state.rules, check)
    for seat in range(state.rules.seats):
        round_trip(state.view(seat), check)
        round_trip(state.hands[seat], check)
        for card in state.hands[seat]:
            round_trip(card, check)
    for _, action in state.history:
        round_trip(action, check)
    for result in state.results:
        round_trip(result, check)
    if state.betting is not None:
        round_trip(state.betting, check)
    if state.count is not None:
        round_trip(state.count, check)
        for line in state.count.lines:
            round_trip(line, check)
    legal = state.legal_actions()
    back = round_trip(legal, check)
    assert (back.seat, back.min_bet, back.max_bet, str(back)) == (legal.seat, legal.min_bet, legal.max_bet, str(legal))
    probes = [*legal, mus.Bet(3), mus.Bet(50), mus.TeamFold(), mus.Accept(), mus.Pass(), mus.Mus()]
    if not state.rules.gates:  # a house rule's hook is the server's, not in the data
        assert [probe in back for probe in probes] == [probe in legal for probe in probes]


@SLOW
@given(matches())
def test_match_values_round_trip(match: mus.MatchState) -> None:
    check = validator()
    round_trip(match, check)
    for seat in range(match.rules.seats):
        round_trip(match.view(seat), check)


def views_of_hand(hand: mus.HandState, seat: int) -> list[mus.SeatView]:
    views: list[mus.SeatView] = []
    state = hand.initial()
    for entry in [None, *hand.history]:
        if entry is not None:
            if derived(entry[1], hand.rules):
                continue
            state = mus.apply(state, entry[1], entry[0])
        view = state.view(seat)
        if not views or views[-1] != view:
            views.append(view)
    return views


def allowed_cards(hand: mus.HandState, seat: int) -> set[str]:
    """The cards ``seat`` may know of in a hand: those it held, the mus visto's, and the
    hands shown at the count (after an órdago, those of the seats in its lance)."""
    seen: set[str] = set()
    state = hand.initial()
    seen.update(map(str, state.hands[seat]))
    for who, action in hand.history:
        if isinstance(action, mus.MusVisto):
            seen.add(str(action.card))
        if not derived(action, hand.rules):
            state = mus.apply(state, action, who)
            seen.update(map(str, state.hands[seat]))
    if hand.count is not None:
        last = hand.results[-1]
        shown = last.seats if last.outcome is mus.Outcome.ORDAGO and last.seats else range(hand.rules.seats)
        seen.update(str(card) for s in shown for card in hand.hands[s])
    return seen


CARD = re.compile(r"[1-7SCR][oceb]")


def cards_in(form: Any) -> set[str]:
    """Every card named anywhere in a form: any word of any text that is a card."""
    text = json.dumps(form)
    return {
        word for string in re.findall(r'"((?:[^"\\]|\\.)*)"', text) for word in string.split() if CARD.fullmatch(word)
    }


@SLOW
@given(hands(), st.integers(0, 5))
def test_public_hand_replays_the_views_and_hides_the_rest(state: mus.HandState, seat: int) -> None:
    seat %= state.rules.seats
    public = public_hand(state, seat)
    validator().validate(public)
    assert list(replay_public(json.loads(json.dumps(public)))) == views_of_hand(state, seat)
    text = json.dumps(public)
    assert str(state.deal.seed) not in text and '"seed"' not in text and '"stock"' not in text
    assert cards_in(public) <= allowed_cards(state, seat)


def views_of_match(match: mus.MatchState, seat: int) -> list[mus.MatchView]:
    replayed = mus.new_match(match.rules, seed=match.seed, mano=match.first_mano)
    views = [replayed.view(seat)]
    for hand in match.finished + (() if match.is_over else (match.hand,)):
        for who, action in hand.history:
            if not derived(action, match.rules):
                replayed = mus.apply(replayed, action, who)
                if replayed.view(seat) != views[-1]:
                    views.append(replayed.view(seat))
    assert replayed == match
    return views


@SLOW
@given(matches(), st.integers(0, 5))
def test_public_match_replays_the_views_and_hides_the_rest(match: mus.MatchState, seat: int) -> None:
    seat %= match.rules.seats
    public = public_match(match, seat)
    validator().validate(public)
    assert list(replay_public(json.loads(json.dumps(public)))) == views_of_match(match, seat)
    text = json.dumps(public)
    assert str(match.seed) not in text and '"seed"' not in text and '"stock"' not in text
    allowed = set().union(*(allowed_cards(hand, seat) for hand in (*match.finished, match.hand)))
    assert cards_in(public) <= allowed


# --- strict reading ---------------------------------------------------------------------


def test_the_kinds_and_their_parts() -> None:
    assert data.KINDS == (
        "card", "hand", "action", "rules", "deal", "hand_state", "match_state", "seat_view", "match_view",
        "legal_actions", "count", "count_line", "lance_result", "betting", "individuel_rules", "individuel_deal",
        "individuel_hand_state", "individuel_session", "individuel_seat_view", "individuel_lance_result",
        "individuel_move", "individuel_betting",
    )  # fmt: skip
    state = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "bet 3")
    view = to_data(state.view(1))
    assert from_data(view["betting"], "betting") == state.betting
    assert from_data(view["history"][1][1], "action") == mus.Bet(3)
    assert from_data(to_data(state.betting), "betting") == state.betting
    assert to_data(None) is None
    assert data.view_data(state, 2) == to_data(state.view(2))


@pytest.mark.parametrize(
    ("form", "kind", "message"),
    [
        ({"type": "card", "text": "Ro", "x": 1}, None, "card: unknown keys: 'x'"),
        ({"type": "card"}, None, "card: lacks text"),
        ({"type": "card", "text": 5}, None, "card: expected text, got 5"),
        ({"type": "card", "text": "12o"}, None, "card: write 'Ro', not '12o'"),
        ({"type": "hand", "text": "1b Ro Rc 7e"}, None, "write 'Ro Rc 7e 1b'"),
        ({"type": "action", "text": "quiero"}, None, "action: write 'accept', not 'quiero'"),
        ({"type": "spaceship"}, None, "type 'spaceship' is not card"),
        ({"type": "card", "text": "Ro"}, "hand", "type 'card' is not hand"),
        ({"type": "public_hand"}, None, "use replay_public()"),
        ("Ro", None, "expected an object with a 'type'"),
        ("Ro", "planet", "unknown kind 'planet'"),
        ({"type": "rules", "rules": {"target": "forty"}}, None, "rules: target must be a whole number"),
        ({"type": "rules", "rules": {"colour": 1}}, None, "rules: unknown rules knob(s): colour"),
        ({"type": "rules", "rules": []}, None, "rules: an object of knobs"),
        (
            {
                "type": "lance_result",
                "lance": "grande",
                "outcome": "refused",
                "stake": 1,
                "team": None,
                "seats": [],
                "folded": [],
            },
            None,
            "needs team",
        ),
        (
            {
                "type": "betting",
                "lance": "grande",
                "seats": [0, 9],
                "stake": 0,
                "previous": 0,
                "bets": 0,
                "bettor": None,
                "ordago": False,
                "folded": [],
                "accepted": [],
            },
            None,
            "betting.seats[1]: a whole number from 0 to 5, got 9",
        ),
        ({"type": "count_line", "lance": "envido"}, None, "count_line: lacks outcome"),
        ({"type": "hand_state", "history": {"format": "mus-match"}}, None, "hand_state: lacks"),
        (
            {
                "type": "legal_actions",
                "seat": 0,
                "actions": ["pass", "bet 2"],
                "min_bet": None,
                "max_bet": None,
                "team_fold": False,
            },
            None,
            "min_bet or team_fold",
        ),
    ],
)
def test_bad_forms_are_refused_in_one_line(form: Any, kind: str | None, message: str) -> None:
    with pytest.raises(mus.NotationError) as caught:
        from_data(form, kind)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_bad_views_name_the_field() -> None:
    view = to_data(mus.new_hand(seed=1).view(0))
    for field, value, message in [
        ("seat", True, "seat_view.seat: a whole number from 0 to 3, got True"),
        ("scores", [0], "seat_view.scores: a list of 2 entries"),
        ("phase", "dancing", "seat_view.phase: one of mus, discard"),
        ("history", [[0, "discard 9 cards"]], "seat_view.history[0][1]"),
        ("history", [[7, "mus"]], "seat_view.history[0][0]"),
        ("hands", ["Ro Rc 7e 1b"], "seat_view.hands: a list of 4 entries"),
        ("stock", [], "unknown keys: 'stock'"),
    ]:
        with pytest.raises(mus.NotationError, match=re.escape(message)):
            from_data({**view, field: value})
    with pytest.raises(mus.NotationError, match="not JSON"):
        data.loads('{"type": "card", "text": "Ro"')
    with pytest.raises(mus.NotationError, match="no data form"):
        to_data(object())


@settings(max_examples=150)
@given(st.data())
def test_mutated_forms_decode_or_fail_cleanly(drawn: st.DataObject) -> None:
    state = mus.new_hand(mus.Rules(senas=True), seed=drawn.draw(st.integers(0, 99)))
    for _ in range(drawn.draw(st.integers(0, 12))):
        if not state.is_over:
            state = step(state, random.Random(drawn.draw(st.integers(0, 99))))
    form: Any = drawn.draw(
        st.sampled_from([to_data(state), to_data(state.view(0)), to_data(state.legal_actions()), public_hand(state, 0)])
    )
    form = json.loads(json.dumps(form))
    # Walk to one random place in the form and put something else there.
    node = form
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
        if form.get("type") == "public_hand":
            replay_public(form)
        else:
            from_data(form)
    except mus.NotationError as error:
        assert "\n" not in str(error) and len(str(error)) < 400


def test_a_tampered_public_history_is_refused() -> None:
    state = mus.new_hand(seed=5)
    for action in ["no-mus", "bet 2", "accept", "pass", "pass", "pass", "pass"]:
        state = mus.apply(state, action)
    public = public_hand(state, 0)
    assert replay_public(public)[-1] == state.view(0)
    tampers: list[tuple[Callable[[Any], None], str]] = [
        (lambda p: p["steps"][0].update(seat=1), "unknown keys: 'seat'"),
        (lambda p: p["steps"].insert(1, {}), "an empty step"),
        (lambda p: p["steps"][2].update(entries=[[9, "mus"]]), "steps[2].history[2][0]"),
        (lambda p: p["steps"][2].update(scores=[9, 0]), "steps[2].scores: [9, 0] does not follow from the history"),
        (lambda p: p.update(seat=2), "not seat 2's"),
        (lambda p: p["start"].update(seed=3), "unknown keys: 'seed'"),
        (lambda p: p["steps"][1].update(history=[]), "unknown keys: 'history'"),
        (lambda p: p["steps"].append({"to_act": 1}), "a step after the hand ended"),
        (lambda p: p.update(version=2), "version 1"),
    ]
    for tamper, message in tampers:
        copy = json.loads(json.dumps(public))
        tamper(copy)
        with pytest.raises(mus.NotationError, match=re.escape(message)):
            replay_public(copy)


def test_a_public_match_with_a_wrong_standing_is_refused() -> None:
    match = mus.new_match(mus.Rules(games_to_win=2), seed=7)
    for action in ("no-mus", "ordago", "accept", "mus"):
        match = mus.apply(match, action)
    public = public_match(match, 0)
    public["hands"][1]["games"] = [1, 0]
    with pytest.raises(mus.NotationError, match=r"hands\[1\]: the hand starts from games \[0, 1\]"):
        replay_public(public)


def test_house_rules_with_fields_round_trip() -> None:
    rules = mus.Rules(house=[EarlyOrdago(until=25, banned=(3, 5))])
    assert mus.Rules.from_dict(rules.to_dict()) == rules
    assert from_data(json.loads(data.dumps(rules))) == rules
    assert to_data(rules)["rules"]["house"] == [
        {"name": "test-data-early-ordago", "fields": {"until": 25, "banned": [3, 5]}}
    ]


def test_every_name_imports_from_the_package() -> None:
    assert data.__all__ == [
        "KINDS", "SCHEMA", "dumps", "from_data", "loads", "public_hand", "public_match", "public_session",
        "replay_public", "to_data", "view_data",
    ]  # fmt: skip
    assert [name for name in data.__all__ if not hasattr(data, name)] == []
