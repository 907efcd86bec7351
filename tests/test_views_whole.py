"""Views and public histories are read whole (issue 22, point 8): a seat or match view
whose fields do not agree with each other, and a public history a step of which the
rules do not allow, are refused with a ``MusError`` naming the field; every genuine
one still reads back equal.

Each forged case below starts from a real view (or public history) and changes one
thing, as a hostile client or a corrupted file would."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import mus
from mus import individuel
from mus.data import from_data, public_hand, public_match, public_session, replay_public, to_data
from mus.individuel import IndividuelRules

Forge = Callable[[dict[str, Any]], object]


def play(state: Any, *actions: str | tuple[int, mus.Action]) -> Any:
    """``state`` after ``actions`` (an action's text, or a seat and an event)."""
    for action in actions:
        state = mus.apply(state, action) if isinstance(action, str) else mus.apply(state, action[1], action[0])
    return state


def card_of(text: str) -> str:
    return text.split()[0]


def hand_text(*cards: str) -> str:
    """A hand's text, best card first."""
    return str(mus.Hand(tuple(mus.Card.parse(card) for card in cards)))


# --- real states to forge from ---------------------------------------------------------------

BETTING = play(mus.new_hand(seed=5), "no-mus")  # grande opened, seat 0 to act
BET = play(BETTING, "bet 2")  # seat 1 to answer
REFUSED = play(BET, "fold", "fold")  # grande refused: 1 stone to team 0, chica opened
DISCARDING = play(mus.new_hand(seed=3), "mus", "mus", "mus", "mus", "discard 1c")  # seat 1 to discard
SERVED = play(DISCARDING, "discard 4b", "discard 2o", "discard 5o")  # a round of the mus played
COUNTED = play(BETTING, *["pass"] * 8)  # passed to the count: every hand shown
SENAS = play(mus.new_hand(mus.Rules(senas=True), seed=5), (1, mus.Signal("treinta y una")), "no-mus")
PARES = play(mus.new_hand(seed=1), "no-mus", *["pass"] * 8)  # every seat declared pares: seat 0 to bet
LIED = play(  # explicit declarations: seat 0 declared pares without them, bet, and seat 1 folded
    mus.new_hand(mus.Rules(declarations="explicit"), seed=3), "no-mus", *["pass"] * 8,
    "declare pares yes", "declare pares yes", "declare pares no", "declare pares no", "bet 2", "fold",
)  # fmt: skip
SEEN = play(mus.new_hand(seed=5), (1, mus.MusVisto(mus.new_hand(seed=5).hands[1].cards[0])))


def view_data(state: mus.HandState, seat: int) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(to_data(state.view(seat))))
    assert from_data(data) == state.view(seat)
    return data


def other_card(state: mus.HandState, seat: int, other: int) -> str:
    return str(state.hands[other].cards[0])


SEAT_VIEWS: list[tuple[str, mus.HandState, int, Forge, str]] = [
    ("scores 55-0 while betting", BETTING, 1, lambda d: d.update(scores=[55, 0]), "scores: the hand was dealt with scores [55, 0]"),
    ("scores at the target mid-hand", BETTING, 1, lambda d: d.update(scores=[40, 3]), "scores: the hand was dealt with scores [40, 3]"),
    ("scores past the target after a refusal", REFUSED, 1, lambda d: d.update(scores=[40, 0]), "phase: 'betting' does not follow"),
    ("a refusal's stones not in the scores", REFUSED, 1, lambda d: d.update(scores=[0, 0]), "scores: the hand was dealt with scores [-1, 0]"),
    ("another seat shown holding my cards", COUNTED, 0,
     lambda d: d["hands"].__setitem__(1, hand_text(d["hand"].split()[0], *d["hands"][1].split()[1:])),
     "is shown in two hands"),
    ("my shown hand is not my hand", COUNTED, 0, lambda d: d["hands"].__setitem__(0, d["hands"][1]), "hands[0]: the seat's shown hand is not its hand"),
    ("the same card in two shown hands", COUNTED, 0, lambda d: d["hands"].__setitem__(3, d["hands"][2]), "is shown in two hands"),
    ("hands shown mid-hand", BETTING, 1, lambda d: d.update(hands=[str(h) for h in BETTING.hands]), "hands: the hands are shown at the count, and only then"),
    ("a hand hidden at the count", COUNTED, 0, lambda d: d["hands"].__setitem__(2, None), "hands: a counted hand shows every seat's cards"),
    ("legal actions while another seat is to act", BETTING, 1, lambda d: d.update(legal=["pass", "bet 2", "ordago"]), "legal: pass, bet 2, ordago: the seat's legal actions are none"),
    ("no legal actions for the seat to act", BETTING, 0, lambda d: d.update(legal=[]), "legal: none: the seat's legal actions are pass, bet 2, ordago"),
    ("a wrong legal list", BET, 1, lambda d: d.update(legal=["pass", "bet 2", "ordago"]), "legal: pass, bet 2, ordago: the seat's legal actions are accept, fold, bet 2, ordago"),
    ("the mus phase after no-mus", BETTING, 1, lambda d: d.update(phase="mus"), "phase: 'mus' does not follow from the history, which leaves 'betting'"),
    ("a lance the history did not reach", BETTING, 1, lambda d: d.update(lance="chica"), "lance: 'chica' does not follow from the history, which leaves 'grande'"),
    ("a betting with a forged stake", BET, 0, lambda d: d["betting"].update(stake=5), "betting:"),
    ("a betting record during the mus", DISCARDING, 0, lambda d: d.update(betting={k: v for k, v in to_data(BET.betting).items() if k != "type"}), "betting:"),
    ("another seat to act", BETTING, 1, lambda d: d.update(to_act=2), "to_act: 2 does not follow from the history, which leaves 0"),
    ("another mano", BETTING, 1, lambda d: d.update(mano=1), "mano: seat 1 is not the mano: the hand was dealt with mano 0, and seat 0 cut the mus"),
    ("a forged stock", DISCARDING, 0, lambda d: d.update(stock_size=20), "stock_size: 20 does not follow from the history, which leaves 24"),
    ("forged discards", SERVED, 0, lambda d: d.update(discards_size=3), "discards_size: 3 does not follow"),
    ("pending cards the seat did not discard", DISCARDING, 0, lambda d: d.update(pending=[card_of(d["hand"])]), "pending"),
    ("a refusal paid to the wrong side", REFUSED, 1, lambda d: (d["results"][0].update(team=1), d.update(scores=[0, 1])), "results[0]: grande: refused, 1 stone to team 1 does not follow"),
    ("a result the history did not settle", BETTING, 1, lambda d: d.update(results=view_data(REFUSED, 1)["results"], scores=[1, 0]), "results: 1 results, where the history settles 0 lances"),
    ("a forged count", COUNTED, 0, lambda d: (d["count"]["lines"][0].update(bet=2), d["scores"].__setitem__(d["count"]["lines"][0]["team"], d["scores"][d["count"]["lines"][0]["team"]] + 1)), "count: not the count the shown hands and the history give"),
    ("a winner while betting", BETTING, 1, lambda d: d.update(winner=0), "winner: 0 does not follow from the history, which leaves None"),
    ("my declaration false of my hand", PARES, 0, lambda d: d.update(hand=hand_text("Rc", "7o", "5c", "4o")), "seat 0's declare pares yes is false"),
    ("a discard of another seat shown", SERVED, 0, lambda d: d["history"].__setitem__(5, [1, "discard 4b"]), "history[5]: seat 1's discard is hidden from seat 0"),
    ("my own discard hidden", SERVED, 0, lambda d: d["history"].__setitem__(4, [0, "discard 1 card"]), "history[4]: the seat's own discard shows its cards"),
    ("a discard of another size", SERVED, 0, lambda d: d["history"].__setitem__(6, [2, "discard 2 cards"]), "stock_size"),
    ("a seat speaking out of turn", BET, 2, lambda d: d["history"].__setitem__(1, [1, "bet 2"]), "history[1]: seat 1 acts out of turn: seat 0 is to act"),
    ("a mano the history does not give", BETTING, 1, lambda d: d.update(history=[[1, "no-mus"]]), "mano: seat 0 is not the mano: the hand was dealt with mano 1"),
    ("an opponent's seña shown", SENAS, 0, lambda d: None, "seña is shown only to its partners"),
    ("a seen card in my own hand", SEEN, 0, lambda d: d.update(hand=hand_text(other_card(SEEN, 0, 1), *d["hand"].split()[1:])), "was seen in seat 1's hand"),
    ("the liars' side paid for a refusal", LIED, 0, lambda d: (d["results"][2].update(team=0), d.update(scores=[1, 0])), "results[2]: the bettors take the refusal though seat 0, theirs, declared pares falsely"),
    ("a seat of no table", BETTING, 1, lambda d: d.update(seat=4), "seat: a whole number from 0 to 3"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "state", "seat", "forge", "message"), SEAT_VIEWS, ids=[case[0] for case in SEAT_VIEWS]
)
def test_a_forged_seat_view_is_refused(name: str, state: mus.HandState, seat: int, forge: Forge, message: str) -> None:
    data = view_data(state, seat)
    if name == "an opponent's seña shown":
        data = view_data(state, 1)  # seat 1's view shows its seña: read as seat 0's
        data.update(seat=0, hand=str(state.hands[0]))
    # The forger leaves out what a view may go without and reading derives (the bets,
    # the count's text): the check of the whole must find the forgery by itself.
    data.pop("bets")
    if data["count"] is not None:
        data["count"].pop("text")
    forge(data)
    with pytest.raises(mus.MusError, match=re.escape(message)) as caught:
        from_data(data)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


@pytest.mark.parametrize(
    ("state", "forge", "message"),
    [
        (BETTING, lambda d: d.update(bets={"least": 2, "largest": 40}), "seat_view.bets: the legal bets are"),
        (BETTING, lambda d: d.update(bets=None), "seat_view.bets: the legal bets are"),
        (
            COUNTED,
            lambda d: d["count"]["text"].__setitem__(0, "grande: team 0 wins"),
            "seat_view.count.text: not the text",
        ),
    ],
)
def test_forged_derived_fields_are_refused(state: mus.HandState, forge: Forge, message: str) -> None:
    data = view_data(state, 0)
    forge(data)
    with pytest.raises(mus.MusError, match=re.escape(message)):
        from_data(data)


def test_what_hidden_cards_decide_is_taken_at_the_view_s_word() -> None:
    """Seat 1 cannot know that seat 0 declared pares falsely: the same refusal paid to
    seat 0's side is a view some hand shows (seat 0 with pares), so it is read; seat 0's
    own view of it is refused (above), and so is any view once the hands are shown."""
    data = view_data(LIED, 1)
    data["results"][2].update(team=0)
    data.update(scores=[1, 0])
    honest = from_data(data)
    assert honest.results[2].team == 0 and honest != LIED.view(1)


def test_every_forged_seat_view_changes_the_view() -> None:
    """No forged case above is a no-op: each reads differently from the genuine view."""
    for name, state, seat, forge, _ in SEAT_VIEWS:
        data = view_data(state, seat)
        forged = copy.deepcopy(data)
        forge(forged)
        assert forged != data or name == "an opponent's seña shown", name


# --- match views ------------------------------------------------------------------------------


def match_after(rules: mus.Rules, *actions: str) -> mus.MatchState:
    match: mus.MatchState = play(mus.new_match(rules, seed=7), *actions)
    return match


WON = match_after(mus.Rules(games_to_win=2), "no-mus", "ordago", "accept", "mus")  # team 1 won hand 0
CARRIED = mus.new_match(seed=7)
while CARRIED.hand_number == 0:  # hand 0 passed to its count: the scores carried, 0-6
    CARRIED = mus.apply(CARRIED, "no-mus" if CARRIED.hand.phase is mus.Phase.MUS else "pass")

MATCH_VIEWS: list[tuple[str, mus.MatchState, Forge, str]] = [
    ("games won in no hand", mus.new_match(seed=3), lambda d: d.update(games=[1, 0]), "games: 1 game won in 0 hands ended"),
    ("a winner while the match goes on", WON, lambda d: d.update(winner=1), "winner: 1: the standing gives None"),
    ("a match over without the vacas", WON, lambda d: d.update(is_over=True), "is_over: True, with vacas [0, 0]"),
    ("the game's winner without the game", WON, lambda d: d.update(games=[0, 0]), "games: side 1 won the last game"),
    ("a hand dealt from other scores", CARRIED, lambda d: d["hand"].update(scores=[0, 0]), "scores"),
    ("scores that are not the hand's", CARRIED, lambda d: d.update(scores=[0, 0]), "scores: not the scores of the hand's view"),
    ("a hand dealt by the wrong mano", WON, lambda d: d["hand"].update(mano=2, to_act=2), "mano"),
    ("a finished hand while the match goes on", WON, lambda d: d.update(hand=d["last"]), "hand.phase: a match under way has dealt the next hand"),
    ("a last hand still under way", WON, lambda d: d.update(last=d["hand"]), "last"),
    ("another seat's view of the hand", WON, lambda d: d["hand"].update(seat=1), "hand.seat"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "match", "forge", "message"), MATCH_VIEWS, ids=[case[0] for case in MATCH_VIEWS])
def test_a_forged_match_view_is_refused(name: str, match: mus.MatchState, forge: Forge, message: str) -> None:
    data: dict[str, Any] = json.loads(json.dumps(to_data(match.view(0))))
    assert from_data(data) == match.view(0)
    forged = copy.deepcopy(data)
    forge(forged)
    assert forged != data
    with pytest.raises(mus.MusError, match=re.escape(message)):
        from_data(forged)


# --- Mus individuel views ---------------------------------------------------------------------

THREE = IndividuelRules(players=3)
DEALT = individuel.new_hand(THREE, seed=5)
DISCARDED = DEALT
for _seat in DEALT.deal.seats:
    DISCARDED = individuel.apply(DISCARDED, f"discard {DISCARDED.held[_seat][-1]}")
OPENED = individuel.apply(DISCARDED, "bet 2")  # seat 0 bet 2 on grande: seat 1 to answer
ENDED = OPENED
while not ENDED.is_over:
    ENDED = individuel.apply(ENDED, ENDED.legal_actions()[0])

INDIVIDUEL_VIEWS: list[tuple[str, individuel.HandState, int, Forge, str]] = [
    ("stones out of thin air", OPENED, 0, lambda d: d.update(stones=[8, 9, 8]), "stones: [8, 9, 8] and 0 in the basket make 25 stones, not 24"),
    ("stones moved with no lance settled", OPENED, 0, lambda d: d.update(stones=[7, 8, 8], pot=1, moves=[{"lance": "grande", "seat": 0, "stones": 1, "to": None, "owed": 1, "why": "refused first bet"}]), "stones: [7, 8, 8] does not follow from the history, which gives [8, 8, 8]"),
    ("more stones moved than a seat held", OPENED, 0, lambda d: d.update(stones=[0, 8, 8], pot=8, moves=[{"lance": "grande", "seat": 0, "stones": 9, "to": None, "owed": 9, "why": "refused first bet"}]), "stones: no hand is dealt with stones [9, 8, 8]"),
    ("five cards after the discard", OPENED, 0, lambda d: d.update(hand=d["hand"] + " 1o"), "hand"),
    ("the discard still in the hand", OPENED, 0, lambda d: d.update(discard=card_of(d["hand"])), "discard"),
    ("legal actions while another seat is to act", OPENED, 0, lambda d: d.update(legal=to_data(OPENED.legal_actions()) | {"seat": 0}), "legal"),
    ("another seat's discard shown", OPENED, 0, lambda d: d["history"].__setitem__(1, [1, "discard " + str(OPENED.discards[1])]), "history[1]: seat 1's discard is shown to seat 0"),
    ("another seat's hand shown mid-hand", OPENED, 0, lambda d: d["hands"].__setitem__(1, str(OPENED.hands[1])), "hands[1]: shown to the seat"),
    ("the wrong seat to act", OPENED, 0, lambda d: d.update(to_act=2), "to_act: 2 does not follow from the history, which gives 1"),
    ("a betting with a forged stake", OPENED, 0, lambda d: d["betting"].update(stake=3), "betting"),
    ("a forged count", ENDED, 0, lambda d: (d["moves"][0].update(stones=3, owed=3), d["stones"].__setitem__(0, d["stones"][0] - 1), d.update(pot=d["pot"] + 1)), "not what the hand gives when played again"),
    ("a loser with stones to spare", ENDED, 0, lambda d: d.update(loser=1), "loser"),
    ("a hand still under way", ENDED, 0, lambda d: d.update(phase="betting"), "phase"),
    ("a result the history did not settle", OPENED, 0, lambda d: d.update(results=json.loads(json.dumps(to_data(ENDED.view(0))["results"]))[:1]), "results"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "state", "seat", "forge", "message"), INDIVIDUEL_VIEWS, ids=[case[0] for case in INDIVIDUEL_VIEWS]
)
def test_a_forged_individuel_view_is_refused(
    name: str, state: individuel.HandState, seat: int, forge: Forge, message: str
) -> None:
    data: dict[str, Any] = json.loads(json.dumps(to_data(state.view(seat))))
    assert from_data(data) == state.view(seat)
    forged = copy.deepcopy(data)
    forge(forged)
    assert forged != data
    with pytest.raises(mus.MusError, match=re.escape(message)):
        from_data(forged)


# --- public histories -------------------------------------------------------------------------

PLAYED = play(mus.new_hand(seed=3), *["mus"] * 4, "discard 1c", "discard 4b", "discard 2o", "discard 5o", "no-mus")
while not PLAYED.is_over:  # passed to the count
    PLAYED = mus.apply(PLAYED, "pass")
LAST = -1  # the step that counts the hand


def doubled(steps: list[Any], index: int) -> None:
    steps.insert(index + 1, copy.deepcopy(steps[index]))


def recounted(public: dict[str, Any]) -> None:
    """The count's first line paying one stone more, the scores with it."""
    step = public["steps"][LAST]
    line = step["count"]["lines"][0]
    line["bet"] += 1
    step["scores"][line["team"]] += 1
    step["count"]["scores"][line["team"]] += 1
    step["count"].pop("text")  # the forger leaves out the text that would give it away


PUBLIC_HANDS: list[tuple[str, Forge, str]] = [
    ("another seat acting out of turn", lambda p: p["steps"][10]["entries"][0].__setitem__(0, 3), "steps[10].history[10]: seat 3 acts out of turn: seat 1 is to act"),
    ("a step dropped", lambda p: p["steps"].pop(10), "steps[10].history[10]: seat 2 acts out of turn: seat 1 is to act"),
    ("a step doubled", lambda p: doubled(p["steps"], 10), "steps[11].history[11]: seat 1 acts out of turn: seat 2 is to act"),
    ("a discard of a forged size", lambda p: p["steps"][5]["entries"][0].__setitem__(1, "discard 2 cards"), "steps[7].stock_size: 20 does not follow from the history, which leaves 19"),
    ("a forged count", recounted, "count: not the count the shown hands and the history give"),
    ("a forged winner", lambda p: p["steps"][LAST].update(winner=1), "winner: 1 does not follow from the history, which leaves None"),
    ("a score changed mid-hand", lambda p: p["steps"][9].update(scores=[3, 0]), "steps[9].scores: [3, 0] does not follow from the history, which leaves [0, 0]"),
    ("the mano changed mid-hand", lambda p: p["steps"][12].update(mano=1), "steps[12].mano: 1 does not follow"),
    ("the seat's hand changed with no exchange", lambda p: p["steps"][9].update(hand="Rb 7e 6b 4e"), "steps[9].hand: Rb 7e 6b 4e is not the hand the seat held"),
    ("a hand shown that was not", lambda p: p["steps"][LAST]["hands"].__setitem__(1, "Sc Se 6c 1c"), "steps[16].hands"),
    ("a history that starts after the deal", lambda p: p["start"].update(history=[[0, "mus"]], to_act=1), "start.history: a hand's public history starts from its deal"),
    ("a step with no action", lambda p: p["steps"].insert(3, {"stock_size": 24, "to_act": 3}), "steps[3]: a step adds the entries of an action to the history"),
    ("an action after the end", lambda p: p["steps"].append({"entries": [[0, "pass"]]}), "steps[17]: a step after the hand ended"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "forge", "message"), PUBLIC_HANDS, ids=[case[0] for case in PUBLIC_HANDS])
def test_a_forged_public_hand_is_refused(name: str, forge: Forge, message: str) -> None:
    public = json.loads(json.dumps(public_hand(PLAYED, 0)))
    assert replay_public(public)[-1] == PLAYED.view(0)
    forge(public)
    with pytest.raises(mus.MusError, match=re.escape(message)):
        replay_public(public)


def test_a_forged_public_match_is_refused() -> None:
    public = json.loads(json.dumps(public_match(CARRIED, 0)))
    assert replay_public(public)[-1] == CARRIED.view(0)
    forges: list[tuple[Forge, str]] = [
        (lambda p: p["hands"][1]["start"].update(scores=[0, 0]), "hands[1].start.scores: [0, 0] does not follow"),
        (lambda p: p["hands"][1]["start"].update(mano=2, to_act=2), "hands[1].start.mano: 2 does not follow"),
        (lambda p: p["hands"][0]["steps"].pop(), "hands[0]: a hand before the last must have ended"),
    ]
    for forge, message in forges:
        forged = copy.deepcopy(public)
        forge(forged)
        with pytest.raises(mus.MusError, match=re.escape(message)):
            replay_public(forged)


def test_a_forged_individuel_public_history_is_refused() -> None:
    public = json.loads(json.dumps(public_hand(ENDED, 0)))
    assert replay_public(public)[-1] == ENDED.view(0)
    forges: list[tuple[Forge, str]] = [
        (lambda p: p["steps"].pop(4), "steps[4].history[4]: seat 2 acts out of turn: seat 1 is to act"),
        (lambda p: doubled(p["steps"], 4), "steps[5].history[5]: seat 1 acts out of turn: seat 2 is to act"),
        (lambda p: p["steps"][4]["entries"][0].__setitem__(0, 2), "steps[4].history[4]: seat 2 acts out of turn"),
        (lambda p: p["steps"][LAST].update(loser=0), "loser"),
        (
            lambda p: p["steps"][LAST]["moves"][0].update(why="stake 3"),
            "moves: not what the hand gives when played again",
        ),
    ]
    for forge, message in forges:
        forged = copy.deepcopy(public)
        forge(forged)
        with pytest.raises(mus.MusError, match=re.escape(message)):
            replay_public(forged)
    session = individuel.play_session(
        individuel.new_session(IndividuelRules(players=3, losses=1), seed=2),
        [individuel.RandomPlayer(seat) for seat in range(3)],
    )
    public = json.loads(json.dumps(public_session(session, 0)))
    assert replay_public(public)[-1] == session.view(0)
    public["hands"][-1]["steps"][-1]["loser"] = (session.losers[-1] + 1) % 3
    with pytest.raises(mus.MusError, match="loser"):
        replay_public(public)


# --- genuine views the checks must not refuse -----------------------------------------------

SEEN_AND_RESHUFFLED = """mus-hand 1
rules declarations=explicit mus_corrido=game mus_visto=forced senas=true max_bet=40
mano 3
scores 7-4
seed 1450
hands So 7e 7b 2c / Ro Rb 5b 3o / 7c 6o 5o 2o / Rc 4c 4b 1b
stock 4e 6c 1o 7o Sc Re 6b 5e Se 3b Ce 2b 2e 1c Sb 3e 4o Cb Co 5c 3c Cc 1e 6e
2 visto 2o
3 discard 4c 4b 1b
0 discard 7b 2c
1 discard Ro 3o
2 discard 5o
1 visto 6b
3 discard Rc 6c 4e 1o
0 discard So Sc 7o 7e
1 discard Rb 6b 5b
0 signal duples
2 discard 7c 6o 5e 2o
2 visto 5c
3 discard Ce 3b
0 discard 3e 2e
1 discard Co Cb
3 signal treinta y una
2 discard Cc 5c 3c
"""


def test_a_seen_card_discarded_comes_back_after_a_reshuffle() -> None:
    """Seat 2 shows 5c, then discards it; the discards are reshuffled and seat 1 draws
    it: every view of every seat, and each seat's public history, still reads back."""
    state = mus.notation.parse_hand(SEEN_AND_RESHUFFLED)
    assert state.reshuffles == 1 and mus.Card.parse("5c") in state.hands[1]
    for seat in range(state.rules.seats):
        assert from_data(json.loads(json.dumps(to_data(state.view(seat))))) == state.view(seat)
        assert replay_public(json.loads(json.dumps(public_hand(state, seat))))[-1] == state.view(seat)


def test_both_games_replay_their_views_with_one_machinery() -> None:
    from mus.data import consistency, individuel_consistency, replaying

    assert issubclass(consistency.HandReplay, replaying.ViewReplay)
    assert issubclass(individuel_consistency.IndividuelReplay, replaying.ViewReplay)
    with pytest.warns(DeprecationWarning, match=r"consistency\.result_differs moved to mus\.data\.replaying\."):
        assert consistency.result_differs is replaying.result_differs
