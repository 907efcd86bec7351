"""The mus phase: mus / no mus, discards, replacements and the stock (rules sections 2-4).

The hands and the stock are explicit, so every replacement card is known in advance:
the stock is dealt from its top (index 0) to the seats in speaking order.
"""

from __future__ import annotations

import pickle
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

import mus
from mus import ALL_CARDS, Card, Discard, IllegalActionError, Lance, Mus, NoMus, Phase

RULES = mus.Rules()

HANDS = ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]
HELD = {card for text in HANDS for card in mus.parse_cards(text)}
STOCK = tuple(card for card in ALL_CARDS if card not in HELD)  # 24 cards, a known order


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> set[Card]:
    return set(mus.parse_cards(text))


def deal(mano: int = 0, seed: int | str = 11) -> mus.HandState:
    return mus.new_hand(RULES, seed=seed, hands=HANDS, stock=STOCK, mano=mano)


def order(mano: int) -> list[int]:
    return [(mano + i) % 4 for i in range(4)]


def assert_conserved(state: mus.HandState) -> None:
    """hands + stock + discards are the 40 cards, each once (rules section 4)."""
    every = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discards)
    assert len(every) == 40
    assert Counter(every) == Counter(ALL_CARDS)


def all_mus(state: mus.HandState) -> mus.HandState:
    for seat in order(state.mano):
        assert state.phase is Phase.MUS and state.to_act == seat
        state = mus.apply(state, Mus(), seat=seat)
        assert_conserved(state)
    assert state.phase is Phase.DISCARD
    return state


def discard_round(state: mus.HandState, discards: Mapping[int, Sequence[Card]]) -> mus.HandState:
    """Everyone says mus, then each seat in speaking order discards ``discards[seat]``."""
    state = all_mus(state)
    for seat in order(state.mano):
        assert state.phase is Phase.DISCARD and state.to_act == seat
        state = mus.apply(state, Discard(list(discards[seat])), seat=seat)
        assert_conserved(state)
    assert state.phase is Phase.MUS and state.to_act == state.mano
    return state


class TestSpeaking:
    def test_mus_in_speaking_order_from_the_mano(self) -> None:
        state = deal(mano=2)
        assert state.phase is Phase.MUS and state.to_act == 2
        seen: list[int | None] = []
        for _ in range(3):
            seen.append(state.to_act)
            assert set(state.legal_actions()) == {Mus(), NoMus()}
            state = mus.apply(state, "mus", seat=state.to_act)
        assert seen == [2, 3, 0]
        assert state.phase is Phase.MUS and state.to_act == 1
        state = mus.apply(state, "no hay mus", seat=1)
        assert state.phase is Phase.BETTING
        assert state.lance is Lance.GRANDE and state.to_act == 2  # betting starts at the mano
        assert state.history == ((2, Mus()), (3, Mus()), (0, Mus()), (1, NoMus()))

    @pytest.mark.parametrize("cutter", range(4))
    def test_first_no_mus_ends_the_phase_and_nobody_exchanges(self, cutter: int) -> None:
        state = deal(mano=2)
        for seat in order(2)[:cutter]:
            state = mus.apply(state, Mus(), seat=seat)
        state = mus.apply(state, NoMus(), seat=order(2)[cutter])
        assert state.phase is Phase.BETTING and state.lance is Lance.GRANDE
        assert state.to_act == 2
        assert [str(hand) for hand in state.hands] == [str(mus.Hand.parse(t)) for t in HANDS]
        assert state.stock == STOCK and state.discards == ()

    def test_out_of_turn_in_the_mus(self) -> None:
        state = deal(mano=2)
        for seat in (0, 1, 3):
            with pytest.raises(IllegalActionError, match=f"not seat {seat}'s turn: seat 2 speaks"):
                mus.apply(state, Mus(), seat=seat)
        with pytest.raises(IllegalActionError):
            mus.apply(state, "pass")

    def test_everyone_says_mus_then_discards_in_speaking_order(self) -> None:
        state = all_mus(deal(mano=2))
        assert state.to_act == 2
        legal = state.legal_actions()
        assert len(legal) == 15  # every non-empty subset of the four cards
        assert all(isinstance(action, Discard) for action in legal)
        assert Mus() not in legal and NoMus() not in legal
        with pytest.raises(IllegalActionError, match="discard"):
            mus.apply(state, Mus())
        with pytest.raises(IllegalActionError, match="not seat 3's turn"):
            mus.apply(state, Discard.parse("Cc"), seat=3)


class TestReplacements:
    def test_dealt_in_speaking_order_from_the_stock_top(self) -> None:
        # mano 2: seats discard 2, 1, 4, 3 cards in the order 2, 3, 0, 1.
        state = all_mus(deal(mano=2))
        plan = {2: "Se 1c", 3: "3b", 0: "Ro Rc 7e 1b", 1: "Cc Co 5b"}
        for seat in (2, 3, 0):
            state = mus.apply(state, Discard.parse(plan[seat]), seat=seat)
            assert state.phase is Phase.DISCARD
            assert state.stock == STOCK  # nothing is dealt before every seat has discarded
        state = mus.apply(state, Discard.parse(plan[1]), seat=1)
        assert state.phase is Phase.MUS and state.to_act == 2
        expected = {
            2: cards("6c 5o") | set(STOCK[0:2]),
            3: cards("2e 1o 4c") | set(STOCK[2:3]),
            0: set(STOCK[3:7]),
            1: cards("4e") | set(STOCK[7:10]),
        }
        for seat in range(4):
            assert set(state.hands[seat]) == expected[seat], seat
        assert state.stock == STOCK[10:]
        assert Counter(state.discards) == Counter(c for text in plan.values() for c in mus.parse_cards(text))
        assert state.pending == ((), (), (), ())
        assert_conserved(state)

    def test_repeated_mus_rounds_keep_drawing_from_the_top(self) -> None:
        state = deal(mano=0)
        state = discard_round(state, {0: [c("1b")], 1: [c("4e")], 2: [c("1c")], 3: [c("4c")]})
        assert state.stock == STOCK[4:]
        assert c("1b") not in state.hands[0] and STOCK[0] in state.hands[0]
        assert STOCK[3] in state.hands[3]
        # Second round: each seat discards the card it just drew.
        state = discard_round(state, {seat: [STOCK[seat]] for seat in range(4)})
        for seat in range(4):
            assert STOCK[4 + seat] in state.hands[seat] and STOCK[seat] not in state.hands[seat]
        assert state.stock == STOCK[8:]
        assert len(state.discards) == 8
        state = mus.apply(state, NoMus())
        assert state.phase is Phase.BETTING and state.to_act == 0


class TestStockRunsOut:
    def test_last_seat_served_gets_the_leftover_then_discards_without_its_own(self) -> None:
        # mano 1: speaking order 1, 2, 3, 0. Round 1: everyone discards 4 (stock 24 -> 8).
        state = deal(mano=1)
        state = discard_round(state, {seat: list(state.hands[seat]) for seat in range(4)})
        assert state.stock == STOCK[16:] and len(state.discards) == 16
        round1 = set(state.discards)
        # Round 2: seat 1 discards 4 (STOCK[16:20]), seat 2 one (STOCK[20]), seat 3 one
        # (STOCK[21]); seat 0, the last served, discards 4: it gets the 2 cards left
        # (STOCK[22:24]), then 2 from the discards reshuffled without its own 4.
        hands = state.hands
        plan = {1: list(hands[1]), 2: [hands[2].cards[0]], 3: [hands[3].cards[0]], 0: list(hands[0])}
        state = discard_round(state, plan)
        assert set(STOCK[16:20]) <= set(state.hands[1])
        assert STOCK[20] in state.hands[2] and STOCK[21] in state.hands[3]
        new0 = set(state.hands[0])
        assert set(STOCK[22:24]) <= new0
        assert not new0 & set(plan[0])  # its own discards are not dealt back
        pile = round1 | set(plan[1]) | set(plan[2]) | set(plan[3])  # 16 + 4 + 1 + 1 = 22
        drawn = new0 - set(STOCK[22:24])
        assert len(drawn) == 2 and drawn <= pile
        assert set(state.stock) | drawn == pile and len(state.stock) == 20
        assert not set(state.stock) & set(plan[0])
        assert sorted(state.discards) == sorted(plan[0])  # only seat 0's own discards remain
        assert_conserved(state)

    def test_seat_not_last_gets_the_leftover_then_all_the_discards(self) -> None:
        # mano 0. Round 1: everyone discards 4 (stock 8 left). Round 2: seat 0 discards 4
        # (STOCK[16:20]), seat 1 two (STOCK[20:22]); seat 2 discards 4 and gets STOCK[22:24],
        # then the stock is rebuilt from all 30 discards (two seats still wait).
        state = deal(mano=0)
        state = discard_round(state, {seat: list(state.hands[seat]) for seat in range(4)})
        round1 = set(state.discards)
        hands = state.hands
        plan = {0: list(hands[0]), 1: list(hands[1].cards[:2]), 2: list(hands[2]), 3: list(hands[3])}
        state = discard_round(state, plan)
        assert set(STOCK[16:20]) == set(state.hands[0])
        assert set(STOCK[20:22]) <= set(state.hands[1])
        assert set(STOCK[22:24]) <= set(state.hands[2])
        pile = round1 | {card for seat in plan for card in plan[seat]}
        assert len(pile) == 30
        drawn = (set(state.hands[2]) - set(STOCK[22:24])) | set(state.hands[3])
        assert len(drawn) == 6 and drawn <= pile
        assert set(state.stock) | drawn == pile and len(state.stock) == 24
        assert state.discards == ()
        assert_conserved(state)

    def test_many_rounds_conserve_the_cards_and_replay(self) -> None:
        state = deal(mano=3, seed="many")
        sizes = [4, 3, 2, 1, 4, 4, 1, 2, 3, 4, 2, 2]
        k = 0
        for _ in range(9):
            plan = {}
            for seat in range(4):
                plan[seat] = list(state.hands[seat].cards[: sizes[k % len(sizes)]])
                k += 1
            state = discard_round(state, plan)
        assert state.reshuffles >= 3
        assert mus.replay(state.deal, state.history) == state
        again = deal(mano=3, seed="many")
        again = mus.replay(again, state.history)
        assert again == state


class TestDeterminism:
    def test_same_seed_same_actions_equal_states(self) -> None:
        def run(seed: int) -> list[mus.HandState]:
            state = mus.new_hand(RULES, seed=seed, mano=1)
            states = [state]
            for _ in range(6):  # enough rounds of 4-card discards to reshuffle
                state = all_mus(state)
                for seat in order(1):
                    state = mus.apply(state, Discard(list(state.hands[seat])))
                states.append(state)
            state = mus.apply(state, NoMus())
            states.append(mus.apply(state, "bet 3"))
            return states

        a, b = run(2024), run(2024)
        assert a == b
        assert [hash(s) for s in a] == [hash(s) for s in b]
        assert a[-1].reshuffles > 0
        assert run(2025)[0] != a[0]

    def test_seeded_deal_is_reproducible(self) -> None:
        assert mus.new_hand(RULES, seed=5) == mus.new_hand(RULES, seed=5)
        assert mus.new_hand(RULES, seed="x", mano=3) == mus.new_hand(RULES, seed="x", mano=3)
        assert mus.new_hand(RULES, seed=5).hands != mus.new_hand(RULES, seed=6).hands


class TestBadDiscards:
    def setup_method(self) -> None:
        self.state = all_mus(deal(mano=0))
        self.frozen = pickle.dumps(self.state)

    def teardown_method(self) -> None:
        assert self.state == pickle.loads(self.frozen)  # the old state is unchanged
        assert self.state.to_act == 0 and self.state.phase is Phase.DISCARD

    def test_card_not_held(self) -> None:
        with pytest.raises(IllegalActionError, match="cannot discard Cc: seat 0 holds Ro Rc 7e 1b"):
            mus.apply(self.state, Discard.parse("Cc"))
        with pytest.raises(IllegalActionError, match="Sb"):
            mus.apply(self.state, "discard Ro Sb")
        assert not self.state.is_legal(Discard.parse("Cc"))
        assert Discard.parse("Cc") not in self.state.legal_actions()

    @pytest.mark.parametrize("text", ["discard", "discard ", "descarte"])
    def test_zero_cards_text(self, text: str) -> None:
        with pytest.raises(IllegalActionError):
            mus.apply(self.state, text)

    def test_zero_cards_value(self) -> None:
        with pytest.raises(IllegalActionError, match="discard 1 to 4 cards, not 0"):
            Discard([])
        with pytest.raises(IllegalActionError, match="not 0"):
            Discard.parse("")

    def test_five_cards(self) -> None:
        with pytest.raises(IllegalActionError, match="discard 1 to 4 cards, not 5"):
            mus.apply(self.state, "discard Ro Rc 7e 1b Cc")
        with pytest.raises(IllegalActionError, match="not 5"):
            Discard.parse("Ro Rc 7e 1b Cc")

    def test_duplicate_and_garbage(self) -> None:
        with pytest.raises(IllegalActionError):
            mus.apply(self.state, "discard Ro Ro")
        with pytest.raises(IllegalActionError):
            mus.apply(self.state, "discard Xq")
        assert isinstance(IllegalActionError("x"), ValueError)

    def test_discard_outside_the_discard_phase(self) -> None:
        fresh = deal()
        with pytest.raises(IllegalActionError, match="mus or no-mus"):
            mus.apply(fresh, Discard.parse("Ro"))
        betting = mus.apply(fresh, NoMus())
        with pytest.raises(IllegalActionError, match="mus is over"):
            mus.apply(betting, Discard.parse("Ro"))
