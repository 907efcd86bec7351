"""Action text forms and the game's words; what each seat may see (HandState.view)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
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
    Pass,
    Phase,
    parse_action,
)

RULES = mus.Rules()
HANDS = ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]
NAMESPACE = {name: getattr(mus, name) for name in mus.__all__}

SIMPLE = [Mus(), NoMus(), Pass(), Accept(), Fold(), Ordago()]
DECLARES = [Declare(lance, has) for lance in (Lance.PARES, Lance.JUEGO) for has in (True, False)]
SAMPLE = (
    SIMPLE
    + DECLARES
    + [Bet(2), Bet(5), Bet(40), Bet(999_999_999)]
    + [
        Discard.parse("Ro"),
        Discard.parse("1b 7e"),
        Discard.parse("3b 2e 1o"),
        Discard.parse("Ro Rc 7e 1b"),
    ]
)


class TestTextForms:
    @pytest.mark.parametrize("action", SAMPLE, ids=str)
    def test_str_round_trips(self, action: mus.Action) -> None:
        assert parse_action(str(action)) == action

    @pytest.mark.parametrize("action", SAMPLE, ids=str)
    def test_repr_evals_back(self, action: mus.Action) -> None:
        assert eval(repr(action), NAMESPACE) == action

    @settings(max_examples=200, deadline=None)
    @given(
        cards=st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=4, unique=True),
        stones=st.integers(2, 10**9 - 1),
    )
    def test_every_discard_and_bet_round_trips(self, cards: list[Card], stones: int) -> None:
        for action in (Discard(cards), Bet(stones)):
            assert parse_action(str(action)) == action
            assert eval(repr(action), NAMESPACE) == action

    def test_discard_order_does_not_matter(self) -> None:
        assert Discard.parse("1b Ro") == Discard.parse("Ro 1b")
        assert str(Discard.parse("1b Ro")) == "discard Ro 1b"

    def test_canonical_texts(self) -> None:
        assert [str(a) for a in SIMPLE] == ["mus", "no-mus", "pass", "accept", "fold", "ordago"]
        assert str(Bet(7)) == "bet 7"
        assert str(Declare(Lance.PARES, True)) == "declare pares yes"


class TestGameWords:
    @pytest.mark.parametrize(
        "text, action",
        [
            ("paso", Pass()),
            ("Paso", Pass()),
            ("envido", Bet(2)),
            ("envido 5", Bet(5)),
            ("Envido 10", Bet(10)),
            ("quiero", Accept()),
            ("no quiero", Fold()),
            ("No Quiero", Fold()),
            ("órdago", Ordago()),
            ("ordago", Ordago()),
            ("ÓRDAGO", Ordago()),
            ("no hay mus", NoMus()),
            ("no mus", NoMus()),
            ("mus", Mus()),
            ("  bet   3 ", Bet(3)),
            ("discard 1b 7e", Discard.parse("7e 1b")),
        ],
    )
    def test_words(self, text: str, action: mus.Action) -> None:
        assert parse_action(text) == action

    def test_words_drive_a_hand(self) -> None:
        state = mus.new_hand(RULES, seed=3, hands=HANDS)
        for text in ("no hay mus", "envido 5", "quiero", "paso", "paso", "órdago", "no quiero", "no quiero"):
            state = mus.apply(state, text)
        grande, chica = state.results
        assert (grande.lance, grande.outcome, grande.stake) == (Lance.GRANDE, mus.Outcome.ACCEPTED, 5)
        # chica: seat 2's órdago is the first bet; team 1 refuses it: 1 stone to team 0.
        assert (chica.lance, chica.outcome, chica.team, chica.stake) == (Lance.CHICA, mus.Outcome.REFUSED, 0, 1)
        assert state.scores == (1, 0) and state.lance is Lance.PARES

    @pytest.mark.parametrize(
        "text",
        [
            "",
            "   ",
            "raise",
            "bet",
            "bet x",
            "bet 1",
            "bet 0",
            "bet -3",
            "bet 2.5",
            "bet 1234567890",
            "envido cinquenta",
            "quiero mucho",
            "discard",
            "discard Xo",
            "discard Ro Ro",
            "discard Ro Rc 7e 1b Cc",
            "declare grande yes",
            "declare pares maybe",
            "declare foo yes",
            "x" * 500,
            "pass pass",
        ],
    )
    def test_bad_texts(self, text: str) -> None:
        with pytest.raises(IllegalActionError) as info:
            parse_action(text)
        assert isinstance(info.value, ValueError)
        assert str(info.value)

    @pytest.mark.parametrize("value", [None, 5, b"pass", ["pass"]])
    def test_not_text(self, value: object) -> None:
        with pytest.raises(IllegalActionError):
            parse_action(value)  # type: ignore[arg-type]

    def test_bad_values(self) -> None:
        for bad in (1, 0, -2, True, 2.0, "3"):
            with pytest.raises(IllegalActionError):
                Bet(bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            Declare(Lance.GRANDE, True)
        with pytest.raises(IllegalActionError):
            Declare(Lance.PARES, 1)  # type: ignore[arg-type]

    def test_apply_rejects_bad_text_and_keeps_the_state(self) -> None:
        state = mus.new_hand(RULES, seed=3)
        for text in ("nonsense", "bet 1", ""):
            with pytest.raises(IllegalActionError):
                mus.apply(state, text)
        assert state == mus.new_hand(RULES, seed=3)


def visible_cards(view: mus.SeatView) -> set[Card]:
    found: set[Card] = set(view.hand) | set(view.pending)
    for _, action in view.history:
        if isinstance(action, Discard):
            found |= set(action.cards)
    if view.hands is not None:
        for hand in view.hands:
            if hand is not None:
                found |= set(hand)
    return found


class TestViews:
    def test_own_hand_visible_others_hidden(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS)
        for seat in range(4):
            view = state.view(seat)
            assert view.seat == seat
            assert view.hand == state.hands[seat]
            assert view.hands is None
            assert view.stock_size == 24 and view.discards_size == 0
            assert visible_cards(view) == set(state.hands[seat])
            assert view.scores == (0, 0) and view.mano == 0 and view.phase is Phase.MUS

    def test_legal_actions_only_for_the_seat_to_act(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS, mano=2)
        assert state.view(2).legal == tuple(state.legal_actions()) == (Mus(), NoMus())
        for seat in (0, 1, 3):
            assert state.view(seat).legal == ()
        state = mus.apply(state, NoMus())
        assert state.view(2).legal == tuple(state.legal_actions())
        assert set(state.view(2).legal) == {Pass(), Bet(2), Ordago()}
        assert all(state.view(seat).legal == () for seat in (0, 1, 3))

    def test_discards_of_others_are_hidden(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS)
        for _ in range(4):
            state = mus.apply(state, Mus())
        plan = ["Ro 1b", "Cc", "Se 6c 5o", "3b 2e 1o 4c"]
        for seat in range(4):
            state = mus.apply(state, Discard.parse(plan[seat]))
            if seat < 3:  # during the discards: only the seat's own pending cards
                assert state.view(seat).pending == Discard.parse(plan[seat]).cards
                assert all(state.view(other).pending == () for other in range(seat + 1, 4))
        for seat in range(4):
            view = state.view(seat)
            discards = [(who, a) for who, a in view.history if isinstance(a, (Discard, HiddenDiscard))]
            assert [who for who, _ in discards] == [0, 1, 2, 3]
            for who, action in discards:
                if who == seat:
                    assert action == Discard.parse(plan[seat])
                else:
                    assert action == HiddenDiscard(len(Discard.parse(plan[who]).cards))
            # nothing of other seats: own hand now, own discards
            allowed = set(state.hands[seat]) | set(Discard.parse(plan[seat]).cards)
            assert visible_cards(view) <= allowed
            assert view.hands is None
            assert view.discards_size == 10 and view.stock_size == 14
        assert str(HiddenDiscard(1)) == "discard 1 card" and str(HiddenDiscard(3)) == "discard 3 cards"

    def test_pending_discards_of_others_are_hidden(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS)
        for _ in range(4):
            state = mus.apply(state, Mus())
        state = mus.apply(state, Discard.parse("Ro 1b"))
        assert state.view(0).pending == Discard.parse("Ro 1b").cards
        for seat in (1, 2, 3):
            view = state.view(seat)
            assert view.pending == ()
            assert not visible_cards(view) & {Card.parse("Ro"), Card.parse("1b")}
            assert view.history[-1] == (0, HiddenDiscard(2))

    def test_counted_hand_shows_every_hand(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS)
        state = mus.apply(state, NoMus())
        while state.phase is not Phase.FINISHED:
            assert all(state.view(seat).hands is None for seat in range(4))
            state = mus.apply(state, Pass())
        assert state.count is not None
        for seat in range(4):
            view = state.view(seat)
            assert view.hands == state.hands
            assert view.count == state.count and view.scores == state.scores
            assert view.to_act is None and view.legal == ()

    def test_refusal_that_ends_the_game_shows_nothing(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS, scores=(39, 0))
        for text in ("no-mus", "bet 2", "fold", "fold"):
            state = mus.apply(state, text)
        assert state.winner == 0 and state.count is None
        assert all(state.view(seat).hands is None for seat in range(4))

    @pytest.mark.parametrize("seat", [-1, 4, "0", None, True])
    def test_bad_seat(self, seat: object) -> None:
        state = mus.new_hand(RULES, seed=1)
        with pytest.raises(mus.MusError):
            state.view(seat)  # type: ignore[arg-type]

    def test_declarations_are_public(self) -> None:
        state = mus.new_hand(RULES, seed=1, hands=HANDS)
        state = mus.apply(state, NoMus())
        for _ in range(8):
            state = mus.apply(state, Pass())
        # pares: seat 0 (reyes), seat 1 (caballos), seat 3 (2e 1o: ases under eight kings).
        table = state.view(2).declarations
        assert table[Lance.PARES] == (True, True, False, True)


def test_all_listed_actions_have_distinct_texts() -> None:
    texts = [str(a) for a in SAMPLE]
    assert len(set(texts)) == len(texts)
    for a, b in itertools.combinations(SAMPLE, 2):
        assert a != b
