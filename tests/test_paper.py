"""Paper records (issue 23, point 2): a hand written down at a table, with no seed and
no stock, each discard saying what its seat drew, replays to the hands, actions and
count of the dealt hand; a card written twice is refused at its line; hands written
``?`` are read when the count does not need them, and refused at the lance that does.
And the engine's side of it: a deal whose reshuffles are given (``Deal.restocks``)."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mus
from mus import notation
from mus.notation import format_paper, parse_hand, read_record
from mus.notation.checking import check_text

# A hand from a table: four kings... no, eight kings (3s are reyes), game to 40, at 12-25.
HANDS = ["Rc Ro 5e 1b", "Cc 6o 4b 4e", "So Sb 7c 2o", "Re 3c 7e 1c"]
DRAWN = "Rb 7o Co Ce 1o Sc 6e 3o 2b"
SAID = (
    ["mus"] * 4
    + ["discard 5e 1b", "discard 6o 4b 4e", "discard 7c 2o", "discard 7e 1c", "no-mus"]
    + ["envido 2", "quiero", "paso", "paso", "paso", "paso", "envido 2", "envido 3", "quiero"]
    + ["paso", "envido 2", "no quiero", "no quiero"]
)
RECORD = """\
mus-hand 1
rules target=40
mano 0
scores 12-25
hands Rc Ro 5e 1b / Cc 6o 4b 4e / So Sb 7c 2o / Re 3c 7e 1c
0 mus
1 mus
2 mus
3 mus
0 discard 5e 1b draw Rb 7o
1 discard 6o 4b 4e draw Co Ce 1o
2 discard 7c 2o draw Sc 6e
3 discard 7e 1c draw 3o 2b
0 no hay mus
0 envido 2
1 quiero
0 paso
1 paso
2 paso
3 paso
0 declare pares yes
1 declare pares yes
2 declare pares yes
3 declare pares yes
0 envido 2
1 envido 3
2 quiero
0 declare juego yes
1 declare juego yes
2 declare juego yes
3 declare juego yes
0 paso
1 envido 2
2 no quiero
0 no quiero
"""


def dealt_hand() -> mus.HandState:
    """The record's hand dealt by the engine from the same cards, the draws on top."""
    rules = mus.Rules(mus_visto="new-card", target=40)
    rest = [card for card in mus.cards.ALL_CARDS if str(card) not in " ".join([*HANDS, DRAWN]).split()]
    state = mus.new_hand(rules, hands=HANDS, stock=[*DRAWN.split(), *map(str, rest)], scores=(12, 25), seed=1)
    for said in SAID:
        state = mus.apply(state, said)
    return state


def test_a_record_from_a_table_gives_the_dealt_hands_count() -> None:
    dealt = dealt_hand()
    paper = parse_hand(RECORD)
    assert paper.hands == dealt.hands and paper.history == dealt.history and paper.results == dealt.results
    assert (paper.scores, paper.winner, str(paper.count)) == ((23, 33), None, str(dealt.count))
    assert paper.deal.seed == notation.paper.PAPER_SEED and paper.deal.restocks == ()
    # The scorekeeper's count, written as comments, is checked like any recorded count.
    counted = format_paper(paper)
    assert parse_hand(counted) == paper
    assert counted.splitlines()[-1] == "# score 23-33"
    wrong, number = replace_line(counted, "# score 23-33", "# score 23-34")
    with pytest.raises(mus.NotationError, match=rf"^line {number}: the recorded count does not match"):
        parse_hand(wrong)


def random_hand(seed: int) -> mus.HandState:
    """A hand of any table and reading of the mus visto, with many exchanges (so that
    the stock runs out and the discards are reshuffled, often more than once)."""
    rng = random.Random(seed)
    seats = rng.choice([2, 3, 4, 4, 5, 6, 6])
    teams = seats if seats in (3, 5) or rng.random() < 0.3 else 2
    rules = mus.Rules(
        seats=seats,
        teams=teams,
        mus_visto=rng.choice(["forced", "new-card", "servido"]),
        declarations=rng.choice(["derived", "explicit"]),
    )
    state = mus.new_hand(rules, seed=seed, scores=[rng.randrange(rules.target) for _ in range(teams)])
    if rng.random() < 0.3:
        state = mus.apply(state, mus.MusVisto(state.hands[rng.randrange(seats)].cards[0]))
    while not state.is_over:
        legal = state.legal_actions()
        keep_on = [action for action in legal if isinstance(action, mus.Mus)]
        if keep_on and rng.random() < 0.85:
            state = mus.apply(state, keep_on[0])
            if rng.random() < 0.05 and mus.state.at_a_deal(state) and state.phase is mus.Phase.MUS:
                state = mus.apply(state, mus.MusVisto(state.hands[rng.randrange(seats)].cards[-1]))
            continue
        state = mus.apply(state, legal[rng.randrange(len(legal))])
    return state


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_every_hand_replays_from_its_paper_record(seed: int) -> None:
    dealt = random_hand(seed)
    text = format_paper(dealt)
    assert "seed" not in text and "stock" not in text
    paper = parse_hand(text)
    assert (paper.hands, paper.history, paper.results, paper.scores, paper.winner) == (
        dealt.hands,
        dealt.history,
        dealt.results,
        dealt.scores,
        dealt.winner,
    )
    assert str(paper.count) == str(dealt.count)
    assert (paper.discards, paper.reshuffles, paper.mus_rounds) == (dealt.discards, dealt.reshuffles, dealt.mus_rounds)
    # The paper hand is a hand like any other: every form writes and reads it back.
    assert format_paper(paper) == text
    assert parse_hand(notation.format_hand(paper)) == paper
    assert notation.load(notation.hand_to_json(paper)) == paper
    assert mus.data.from_data(mus.data.to_data(paper)) == paper
    assert bool(paper.deal.restocks) == (dealt.reshuffles > 0)


def test_reshuffles_are_common_in_the_random_hands() -> None:
    # The property above exercises reshuffles: many of its hands have one.
    assert sum(random_hand(seed).reshuffles > 0 for seed in range(60)) > 10


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def replace_line(text: str, start: str, new: str) -> tuple[str, int]:
    lines = lines_of(text)
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[index] = new
    return "\n".join(lines) + "\n", index + 1


@pytest.mark.parametrize(
    ("start", "new", "message"),
    [
        ("hands ", "hands Rc Ro 5e 1b / Cc 6o 4b 4e / So Sb 7c 2o / Re 3c 7e Rc", "Rc is written twice in the hands"),
        ("1 discard", "1 discard 6o 4b 4e draw Co Ce Ro", "seat 1 draws Ro, which is not in the stock (seat 0 does)"),
        ("2 discard", "2 discard 7c 2o draw Sc Sc", "Sc is written twice in the draw"),
        ("2 discard", "2 discard 7c 2o draw Rb 6e", "seat 2 draws Rb, which is not in the stock (seat 0 does)"),
        (
            "3 discard",
            "3 discard 7e 1c draw 3o 5e",
            "seat 3 draws 5e, which is not in the stock (it is among the discards)",
        ),
        ("3 discard", "3 discard 7e 1c draw 3o", "2 cards to draw, got 1"),
        (
            "3 discard",
            "3 discard 7e 1c",
            "with no seed and no stock, a record says what each seat drew: '3 discard 7e 1c draw ...'",
        ),
        ("0 no hay mus", "0 no-mus draw 4c", "only a discard says what its seat drew (draw 4c)"),
        ("1 discard", "1 discard 6o 4b 5e draw Co Ce 1o", "seat 1 does not hold 5e (seat 0 does)"),
        ("1 quiero", "1 envido 40", "a bet is answered"),
    ],
)
def test_a_record_that_cannot_be_is_refused_at_its_line(start: str, new: str, message: str) -> None:
    text, number = replace_line(RECORD, start, new)
    with pytest.raises(mus.NotationError) as caught:
        parse_hand(text)
    if "answered" not in message:
        assert str(caught.value) == f"line {number}: {message}"
    else:
        assert str(caught.value).startswith(f"line {number + 1}: ")  # the answer that is not one


def test_a_record_that_stops_in_the_middle_of_an_exchange() -> None:
    text = "\n".join(lines_of(RECORD)[:11]) + "\n"
    with pytest.raises(mus.NotationError, match=r"^line 11: the record stops before the discards are served"):
        parse_hand(text)
    # Up to the end of the exchange it reads: the mus goes on.
    assert parse_hand("\n".join(lines_of(RECORD)[:13]) + "\n").phase is mus.Phase.MUS


def test_the_last_cards_of_the_stock_go_first() -> None:
    # Heads-up: 32 cards in the stock. Seven, then eight a round leave one card for the
    # fifth exchange: seat 0 takes it, then three cards of the discards reshuffled.
    rules = mus.Rules(seats=2, mus_visto="new-card")
    state = mus.new_hand(rules, seed=9)
    for turn in range(5):
        state = mus.apply(mus.apply(state, "mus"), "mus")
        for seat in range(2):
            cards = state.hands[seat].cards
            state = mus.apply(state, mus.Discard(cards[1:] if turn == seat == 0 else cards))
    assert state.reshuffles == 1
    text = format_paper(state)
    assert parse_hand(text).hands == state.hands
    lines = lines_of(text)
    index = max(i for i, line in enumerate(lines) if line.startswith("0 discard "))
    discard, _, drawn = lines[index].partition(" draw ")
    last = next(card for card in drawn.split() if card not in " ".join(lines[:index]).split())
    # The order within a draw does not matter: the card from the stock is told apart.
    lines[index] = f"{discard} draw {' '.join(reversed(drawn.split()))}"
    assert parse_hand("\n".join(lines) + "\n").hands == state.hands
    # A draw that leaves the last card of the stock for later is refused.
    other = next(card for card in discard.split()[2:] if card not in drawn.split())
    lines[index] = f"{discard} draw {' '.join(other if card == last else card for card in drawn.split())}"
    with pytest.raises(mus.NotationError) as caught:
        parse_hand("\n".join(lines) + "\n")
    assert str(caught.value).startswith(f"line {index + 1}: seat 0 draws the last 1 cards of the stock ({last})")


def test_unknown_hands_settled_without_a_showdown() -> None:
    state = mus.new_hand(seed=42, scores=(39, 30))
    for said in ["no-mus", "bet 2", "fold", "fold"]:
        state = mus.apply(state, said)
    assert state.winner == 0 and state.count is None  # the game, won by refusal
    text = format_paper(state, unknown=[1, 2, 3])
    assert lines_of(text)[4].endswith(" / ? / ? / ?")
    record = read_record(text)
    assert record.unknown == (1, 2, 3) and record.state.winner == 0 and record.state.scores == (40, 30)
    assert record.state.hands[0] == state.hands[0]
    with pytest.raises(mus.NotationError, match=r"seat 1's hand is not written down \('\?'\): a state needs every"):
        parse_hand(text)
    assert check_text(text).lines() == ["<text>:1: hand 1: grande team 0 (refused); score 40-30; team 0 wins the game"]


def test_an_unknown_hand_the_count_needs_is_named_with_its_lance() -> None:
    state = mus.new_hand(seed=42)
    for said in ["no-mus", "pass", "pass", "pass", "pass"]:
        state = mus.apply(state, said)
    while not state.is_over:
        state = mus.apply(state, state.legal_actions()[0])
    text = format_paper(state, unknown=[2])
    with pytest.raises(mus.NotationError) as caught:
        read_record(text)
    assert str(caught.value) == "line 5: the count of grande needs seat 2's cards, which are not written down ('?')"
    [result] = notation.check_stream(__import__("io").StringIO("\n" * 3 + text), "t.mus")
    assert result.error_line == 8 and result.error is not None and "needs seat 2's cards" in result.error


def test_unknown_hands_agree_with_what_their_seats_declared() -> None:
    # Derived declarations are written down: a stand-in hand must have pares and juego as said.
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = mus.apply(mus.new_hand(seed=seed), "no-mus")
        while not state.is_over:
            legal = state.legal_actions()
            folds = [action for action in legal if isinstance(action, mus.Fold)]
            bets = [action for action in legal if isinstance(action, mus.Bet)]
            action = folds[0] if folds and rng.random() < 0.8 else bets[0] if bets else legal[0]
            state = mus.apply(state, action)
        unknown = [seat for seat in range(4) if seat != state.mano]
        try:
            record = read_record(format_paper(state, unknown))
        except mus.NotationError as error:
            assert "needs seat" in str(error)
            continue
        found += 1
        assert str(record.state.count) == str(state.count) and record.state.scores == state.scores
        for seat in unknown:
            for _, action in [(s, a) for s, a in record.state.history if s == seat and isinstance(a, mus.Declare)]:
                hand = record.state.hands[seat]
                rules = record.state.rules
                has = (
                    mus.pares(hand, rules) is not None
                    if action.lance is mus.Lance.PARES
                    else mus.points(hand, rules) >= 31
                )
                assert has == action.has
    assert found > 5


def test_unknown_seats_may_not_discard_or_signal() -> None:
    text = RECORD.replace("hands Rc Ro 5e 1b / Cc 6o 4b 4e", "hands Rc Ro 5e 1b / ?")
    with pytest.raises(
        mus.NotationError, match=r"^line 11: seat 1's hand is not written down \('\?'\), so its discard"
    ):
        read_record(text)


def test_the_seeded_form_writes_the_reshuffles_it_was_given() -> None:
    for seed in range(200):
        dealt = random_hand(seed)
        if dealt.reshuffles:
            break
    paper = parse_hand(format_paper(dealt))
    text = notation.format_hand(paper)
    restocks = [line for line in lines_of(text) if line.startswith("restocks ")]
    assert len(restocks) == 1 and restocks[0].count("/") == len(paper.deal.restocks) - 1
    data = json.loads(notation.hand_to_json(paper))
    assert data["restocks"] == [" ".join(map(str, top)) for top in paper.deal.restocks]
    assert "restocks" not in json.loads(notation.hand_to_json(dealt))
    with pytest.raises(mus.NotationError, match="restocks must be a list of card texts"):
        notation.histories.hand_from_data({**data, "restocks": "Ro"})


def test_a_deal_checks_its_restocks() -> None:
    deal = mus.new_hand(seed=1).deal
    for bad in ([("Ro",)], ((mus.Card.parse("Ro"), mus.Card.parse("Ro")),), "Ro"):
        with pytest.raises(mus.MusError, match="restocks are a tuple of card orders, each card once"):
            attrs.evolve(deal, restocks=bad)  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="a restock names each card once"):
        mus.new_hand(seed=1, restocks=["Ro Ro"])


def test_a_restock_must_come_from_the_discards() -> None:
    rules = mus.Rules(seats=6)
    state = mus.new_hand(rules, seed=3, restocks=[[str(mus.new_hand(rules, seed=3).hands[0].cards[0])]])
    for _ in range(6):
        state = mus.apply(state, "mus")
    with pytest.raises(
        mus.IllegalActionError, match=r"reshuffle 1: .. is to be drawn from the new stock, but it is not"
    ):
        for seat in range(6):
            state = mus.apply(state, mus.Discard(state.hands[seat].cards[1:]), seat)


def test_an_ordago_looks_only_at_its_own_showdown() -> None:
    # Three seats each for itself: grande and chica en paso, seat 2 takes pares by
    # refusal, and seats 0 and 1 see an órdago at juego. The órdago is the whole count:
    # neither the lances en paso nor seat 2's pares bonus is counted, so seat 2's hand
    # may stay unknown; seat 0's may not (its juego is shown down).
    rules = mus.Rules(seats=3, teams=3)
    state = mus.new_hand(rules, seed=25)
    for said in ["no-mus", *["pass"] * 7, "bet 2", "fold", "ordago", "accept"]:
        state = mus.apply(state, said)
    assert [str(result) for result in state.results] == [
        "grande: en paso",
        "chica: en paso",
        "pares: refused, 1 stone to team 2",
        "juego: ordago, team 0",
    ]
    record = read_record(format_paper(state, unknown=[2]))
    assert record.state.winner == 0 and str(record.state.count) == str(state.count)
    with pytest.raises(mus.NotationError, match="the count of juego needs seat 1's cards"):
        read_record(format_paper(state, unknown=[1]))
