"""A player's four cards (rules section 1: "a hand is four cards separated by spaces")."""

from __future__ import annotations

import itertools

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mus
from mus import ALL_CARDS, Card, Hand, HandError, Rank

card_lists = st.lists(st.sampled_from(ALL_CARDS), min_size=4, max_size=4, unique=True)


def c(text: str) -> Card:
    return Card.parse(text)


class TestBuild:
    def test_parse(self) -> None:
        hand = Hand.parse("Ro Rc 7e 1b")
        assert hand.cards == (c("Ro"), c("Rc"), c("7e"), c("1b"))
        assert len(hand) == mus.HAND_SIZE == 4
        assert list(hand) == list(hand.cards)
        assert c("7e") in hand and c("7o") not in hand

    def test_from_cards_strings_and_mixed(self) -> None:
        expected = Hand.parse("Ro Rc 7e 1b")
        assert Hand([c("1b"), c("7e"), c("Rc"), c("Ro")]) == expected
        assert Hand((c("1b"), c("7e"), c("Rc"), c("Ro"))) == expected
        assert Hand(["1b", "7e", "Rc", "Ro"]) == expected
        assert Hand(["1b", c("7e"), "12c", "ro"]) == expected
        assert Hand("1b 7e Rc Ro") == expected
        assert Hand(expected) == expected

    def test_alternative_spellings(self) -> None:
        assert Hand.parse("12o 11c 10e Ab") == Hand.parse("Ro Cc Se 1b")
        assert Hand.parse("ro CC se AB") == Hand.parse("Ro Cc Se 1b")
        assert Hand.parse("  Ro   Cc\tSe\n1b ") == Hand.parse("Ro Cc Se 1b")

    def test_kept_sorted_high_to_low(self) -> None:
        hand = Hand.parse("1b 3o 7e Cc")
        assert str(hand) == "Cc 7e 3o 1b"
        assert hand.ranks == (Rank.CABALLO, Rank.SIETE, Rank.TRES, Rank.AS)

    def test_ranks_and_multiset(self) -> None:
        hand = Hand.parse("3o 2c Se 5b")
        assert hand.ranks == (Rank.SOTA, Rank.CINCO, Rank.TRES, Rank.DOS)
        assert mus.RANK_MULTISETS[hand.multiset] == hand.ranks
        assert len(mus.RANK_MULTISETS) == 715
        assert Hand.parse("3b 2o Sc 5e").multiset == hand.multiset


class TestEqualityAndHashing:
    @given(card_lists, st.permutations(range(4)))
    def test_order_independent(self, cards: list[Card], order: list[int]) -> None:
        a = Hand(cards)
        b = Hand([cards[i] for i in order])
        assert a == b
        assert hash(a) == hash(b)
        assert a.cards == b.cards
        assert str(a) == str(b)
        assert len({a, b}) == 1

    def test_all_orders_of_one_hand(self) -> None:
        cards = [c("Ro"), c("Rc"), c("7e"), c("1b")]
        hands = {Hand(list(p)) for p in itertools.permutations(cards)}
        assert len(hands) == 1

    def test_different_cards_different_hands(self) -> None:
        assert Hand.parse("Ro Rc 7e 1b") != Hand.parse("Ro Rc 7e 1o")
        # same ranks, other suits: different hands
        assert Hand.parse("Ro Rc 7e 1b") != Hand.parse("Re Rb 7o 1c")
        assert Hand.parse("Ro Rc 7e 1b") != "Ro Rc 7e 1b"  # type: ignore[comparison-overlap]

    def test_frozen(self) -> None:
        hand = Hand.parse("Ro Rc 7e 1b")
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            hand.cards = ()  # type: ignore[misc]


class TestText:
    @given(card_lists)
    def test_str_round_trips(self, cards: list[Card]) -> None:
        hand = Hand(cards)
        assert Hand.parse(str(hand)) == hand
        assert str(Hand.parse(str(hand))) == str(hand)
        assert len(str(hand)) == 11

    @given(card_lists)
    def test_repr_is_evaluable(self, cards: list[Card]) -> None:
        hand = Hand(cards)
        assert eval(repr(hand), {"Hand": mus.Hand}) == hand
        assert repr(hand) == f"Hand.parse('{hand}')"

    def test_repr_example(self) -> None:
        assert repr(Hand.parse("1b 7e Ro Rc")) == "Hand.parse('Ro Rc 7e 1b')"


class TestErrors:
    @pytest.mark.parametrize(
        "text, count",
        [("", 0), ("Ro", 1), ("Ro Rc 7e", 3), ("Ro Rc 7e 1b 2o", 5), ("Ro Rc 7e 1b 2o 3o 4o", 7)],
    )
    def test_wrong_count(self, text: str, count: int) -> None:
        with pytest.raises(HandError, match=f"got {count}") as info:
            Hand.parse(text)
        assert repr(text) in str(info.value)

    def test_wrong_count_from_cards(self) -> None:
        with pytest.raises(HandError, match="got 3"):
            Hand([c("Ro"), c("Rc"), c("7e")])
        with pytest.raises(HandError, match="got 5"):
            Hand((c("Ro"), c("Rc"), c("7e"), c("1b"), c("1o")))

    @pytest.mark.parametrize(
        "text, duplicate",
        [("Ro Ro 7e 1b", "Ro"), ("Ro Rc 7e 7e", "7e"), ("12o Ro 7e 1b", "Ro"), ("Ab 1b 7e Ro", "1b")],
    )
    def test_duplicate(self, text: str, duplicate: str) -> None:
        with pytest.raises(HandError, match="duplicate") as info:
            Hand.parse(text)
        assert repr(duplicate) in str(info.value)

    def test_duplicate_from_cards_tuple(self) -> None:
        with pytest.raises(HandError, match="'Ro'"):
            Hand((c("Ro"), c("Ro"), c("7e"), c("1b")))

    @pytest.mark.parametrize(
        "text, token",
        [("Ro Rc 7e Xb", "X"), ("Ro Rc 7e 1x", "x"), ("Ro Rc 9e 1b", "9"), ("Ro Rc 7e R", "R")],
    )
    def test_bad_token(self, text: str, token: str) -> None:
        with pytest.raises(HandError) as info:
            Hand.parse(text)
        assert repr(token) in str(info.value)

    @pytest.mark.parametrize("value", [None, 5, 1.5, b"Ro Rc 7e 1b", ["Ro", "Rc"]])
    def test_parse_wrong_type(self, value: object) -> None:
        with pytest.raises(HandError) as info:
            Hand.parse(value)  # type: ignore[arg-type]
        assert type(value).__name__ in str(info.value)

    @pytest.mark.parametrize("value", [None, 5, 1.5])
    def test_constructor_wrong_type(self, value: object) -> None:
        with pytest.raises(HandError) as info:
            Hand(value)
        assert type(value).__name__ in str(info.value)

    def test_bad_element(self) -> None:
        with pytest.raises(HandError) as info:
            Hand(["Ro", "Rc", "7e", 5])
        assert "5" in str(info.value) and "int" in str(info.value)

    def test_hand_error_is_value_error(self) -> None:
        assert issubclass(HandError, mus.MusError)
        assert issubclass(HandError, ValueError)


class TestReplace:
    def test_replace(self) -> None:
        hand = Hand.parse("Ro Rc 7e 1b")
        new = hand.replace([c("1b")], [c("Re")])
        assert new == Hand.parse("Ro Rc Re 7e")
        assert hand == Hand.parse("Ro Rc 7e 1b")  # unchanged

    def test_replace_several_and_all(self) -> None:
        hand = Hand.parse("Ro Rc 7e 1b")
        assert hand.replace([c("7e"), c("1b")], [c("Se"), c("Sb")]) == Hand.parse("Ro Rc Se Sb")
        assert hand.replace(list(hand), [c(t) for t in ["1o", "1c", "1e", "2b"]]) == Hand.parse("1o 1c 1e 2b")
        assert hand.replace([], []) == hand

    def test_discard_not_in_hand(self) -> None:
        hand = Hand.parse("Ro Rc 7e 1b")
        with pytest.raises(HandError, match="2o"):
            hand.replace([c("2o")], [c("3o")])

    def test_draw_a_card_already_held(self) -> None:
        with pytest.raises(HandError, match="'Ro'"):
            Hand.parse("Ro Rc 7e 1b").replace([c("1b")], [c("Ro")])

    def test_counts_must_match(self) -> None:
        hand = Hand.parse("Ro Rc 7e 1b")
        with pytest.raises(HandError, match="got 3"):
            hand.replace([c("1b")], [])
        with pytest.raises(HandError, match="got 5"):
            hand.replace([c("1b")], [c("1o"), c("1c")])

    @given(card_lists, st.data())
    def test_replace_property(self, cards: list[Card], data: st.DataObject) -> None:
        hand = Hand(cards)
        discards = data.draw(st.lists(st.sampled_from(cards), min_size=1, max_size=4, unique=True))
        pool = [card for card in ALL_CARDS if card not in hand]
        drawn = data.draw(st.lists(st.sampled_from(pool), min_size=len(discards), max_size=len(discards), unique=True))
        new = hand.replace(discards, drawn)
        assert set(new) == (set(hand) - set(discards)) | set(drawn)
        assert len(set(new)) == 4


def test_dealt_hands_equal_hands_built_from_their_cards() -> None:
    # The deal builds hands on a fast path (card numbers, a sorting network, per-card
    # rank codes); it must give exactly the hands the checked constructor gives.
    for seed in range(2000):
        for hand in mus.new_hand(mus.Rules(seats=6), seed=seed, mano=seed % 6).hands:
            built = Hand(list(reversed(hand.cards)))
            assert hand.cards == built.cards and hand.multiset == built.multiset
