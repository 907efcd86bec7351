"""The minors of hardening round 3 (issue 32, point 5), each with the case that found
it: every one failed before its fix."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import mus
from mus import data
from mus.individuel import IndividuelRules, LanceResult, Outcome
from mus.individuel import apply as apply_individuel
from mus.individuel import new_hand as new_individuel_hand
from mus.individuel.bots import RandomPlayer
from mus.notation import check_text, format_paper, parse_hand, read_record

# --- mus.data's Mus individuel readers: a result with no seats --------------------------


def test_an_individuel_result_with_no_seats_is_refused_in_words() -> None:
    # The message about a forged result formatted it, and its seats' words raised IndexError.
    for outcome in Outcome:
        assert str(LanceResult(mus.Lance.CHICA, outcome)).startswith("chica: ")
    state = new_individuel_hand(IndividuelRules(players=3), seed=0)
    players = [RandomPlayer(f"0/{seat}") for seat in range(3)]
    while not state.is_over:
        assert state.to_act is not None
        state = apply_individuel(state, players[state.to_act].choose(state.view(state.to_act)), state.to_act)
    form = json.loads(json.dumps(data.to_data(state.view(0))))
    outcomes = [result["outcome"] for result in form["results"]]
    assert "ordago" in outcomes and "accepted" in outcomes
    for index, outcome in enumerate(outcomes):
        if outcome in ("ordago", "accepted"):
            form["results"][index]["seats"] = []
            with pytest.raises(
                mus.NotationError, match=rf"results\[{index}\]: .* among seats none|accepted by seats none"
            ):
                data.from_data(form)
            form = json.loads(json.dumps(data.to_data(state.view(0))))


# --- paper records: hands written '?', a hand stopped mid-exchange ----------------------

UNFINISHED = """\
mus-hand 1
rules eight_kings=true real_31=false target=40 games_to_win=3 payouts.en_paso=1 payouts.first_refusal=1 \
payouts.pares=1,2,3 payouts.juego_31=3 payouts.juego=2 payouts.punto=1 folded_seat_counts=true \
declarations=explicit mus_decision=seat mus_visto=forced house=
mano 0
scores 39-39
hands Ro Se 7e 3e / 7o 4c 4b 2c / {seat_2} / Re 7b 6e 1o
0 no-mus
0 bet 2
1 bet 2
2 accept
0 bet 2
1 fold
3 accept
0 declare pares no
1 declare pares yes
2 declare pares yes
3 declare pares yes
1 pass
2 bet 2
3 bet 2
2 bet 2
3 ordago
2 fold
"""
"""A record that stops after a refused órdago on pares, under explicit declarations:
seat 3 (team 1) declared pares falsely, so the refusal goes to team 0 only if seat 2's
declaration was true; with its real cards it was not, nobody takes it, and the hand
goes on."""


def test_an_unfinished_record_whose_outcome_needs_a_hidden_hand_is_not_valid() -> None:
    written = check_text(UNFINISHED.format(seat_2="7c 5o 3c 1c"))
    assert written.ok and written.hands[0].winner is None
    assert "(unfinished: juego, seat 0 to speak)" in str(written.hands[0])
    # Written '?', its stand-in declared truly: the refusal gave team 0 the game, "valid".
    hidden = UNFINISHED.format(seat_2="?")
    message = (
        "line 5: who takes the refused bet on pares depends on whether seat 2 declared pares truly, "
        "and its cards are not written down ('?')"
    )
    with pytest.raises(mus.NotationError) as caught:
        read_record(hidden)
    assert str(caught.value) == message
    checked = check_text(hidden)
    assert (checked.error_line, checked.error) == (5, message.removeprefix("line 5: "))


def test_a_hand_stopped_mid_exchange_round_trips_as_a_paper_record() -> None:
    state = mus.new_hand(seed=2)
    for action in ["mus", "mus", "mus", "mus", "discard 1e", "discard 1o"]:
        state = mus.apply(state, action)
    text = format_paper(state)
    assert text.splitlines()[-2:] == ["0 discard 1e", "1 discard 1o"]  # nothing drawn yet
    back = parse_hand(text)
    assert (back.hands, back.history, back.pending, back.to_act) == (
        state.hands,
        state.history,
        state.pending,
        state.to_act,
    )
    # Once the exchange is served, the draws must be written.
    for action in ["discard 2o", "discard 4c"]:
        state = mus.apply(state, action)
    served = format_paper(state).replace(" draw Sb", "").replace(" draw 7e", "").replace(" draw Rc", "")
    with pytest.raises(mus.NotationError, match="a record says what each seat drew"):
        parse_hand(served.replace(" draw Se", ""))
    with pytest.raises(mus.NotationError, match="a record says what each seat drew"):
        parse_hand(served)  # one draw written, three not


# --- bots asked to choose when their seat is not to act ----------------------------------


def four_card_bots() -> list[object]:
    from mus.bots import HeuristicBot, RandomBot

    bots: list[object] = [RandomBot(1), HeuristicBot()]
    try:
        from mus.advise import AdvisorBot
    except ImportError:  # the fast extra (numpy) is not installed
        return bots
    return [*bots, AdvisorBot(1)]


def test_every_bot_refuses_a_view_whose_seat_is_not_to_act() -> None:
    # RandomBot raised IndexError, HeuristicBot folded, AdvisorBot failed an assert.
    from mus.individuel import RandomPlayer, SimplePlayer

    state = mus.apply(mus.new_hand(seed=1), "no-mus")  # grande: seat 0 to act
    over = state
    while not over.is_over:
        over = mus.apply(over, "pass")
    solo = new_individuel_hand(IndividuelRules(players=3), seed=1)
    solo_over = solo
    while not solo_over.is_over:
        assert solo_over.to_act is not None
        solo_over = apply_individuel(solo_over, solo_over.legal_actions()[0], solo_over.to_act)
    cases: list[tuple[object, object, object]] = [(bot, state, over) for bot in four_card_bots()]
    cases += [(player, solo, solo_over) for player in (RandomPlayer(1), SimplePlayer())]
    for bot, live, ended in cases:
        assert live.to_act == 0  # type: ignore[attr-defined]
        bot.choose(live.view(0))  # type: ignore[attr-defined]
        with pytest.raises(mus.MusError, match=r"^not seat 1's turn in this view: seat 0 is to act"):
            bot.choose(live.view(1))  # type: ignore[attr-defined]
        with pytest.raises(mus.MusError, match=r"^the hand of this view of seat 1 is over"):
            bot.choose(ended.view(1))  # type: ignore[attr-defined]


# --- mus.batch.Batch(seeds=...) capped as simulate is ---------------------------------------


def test_a_batch_takes_at_most_as_many_seeds_as_simulate_plays() -> None:
    pytest.importorskip("numpy")
    from mus.batch import Batch
    from mus.batch.simulate import MAX_HANDS

    assert MAX_HANDS == 2_000_000
    taken = 0

    def endless() -> Iterator[int]:
        nonlocal taken
        for seed in itertools.count():
            taken += 1
            if taken > MAX_HANDS + 1:
                raise AssertionError("read past the cap")  # it read on, as an endless iterator grows
            yield seed

    with pytest.raises(mus.MusError, match=r"^seeds are at most 2,000,000, one a hand"):
        Batch(mus.Rules(), seeds=endless())
    assert taken == MAX_HANDS + 1
    assert Batch(mus.Rules(), seeds=iter(range(3))).n == 3


# --- mus.odds and mus.advise: what a seat said against a hand known whole --------------------


def test_odds_and_advice_refuse_what_contradicts_a_hand_known_whole() -> None:
    # They ignored what a seat said when its hand was known, even when the hand belied it.
    pytest.importorskip("numpy")
    from mus.advise import advise
    from mus.odds import odds

    two = mus.Rules(seats=2)
    for call in (odds, advise):
        with pytest.raises(mus.MusError, match=r"^seat 0's declaration 'pares no' contradicts its hand, known whole"):
            call("Ro Rc 7e 1b", two, declarations={mus.Lance.PARES: (False, None)})
        with pytest.raises(mus.MusError, match=r"^seat 0's declaration 'juego yes' contradicts its hand"):
            call("Ro Rc 7e 1b", two, declarations={mus.Lance.JUEGO: (True, None)})
    with pytest.raises(mus.MusError, match=r"^seat 2's seña dos reyes contradicts its hand, known whole: Cb 6o 5e 4c"):
        odds("Ro Rc 7e 1b", mus.Rules(), partner="Cb 6o 5e 4c", senas={2: ["dos reyes"]})
    # What fits the hand changes nothing; what the unknown seat said still counts.
    plain = odds("Ro Rc 7e 1b", two).win
    assert odds("Ro Rc 7e 1b", two, declarations={mus.Lance.PARES: (True, None)}).win == plain
    assert odds("Ro Rc 7e 1b", two, declarations={mus.Lance.PARES: (True, True)}).win != plain


# --- the Mus individuel's states and sessions, built or evolved by hand ---------------------


def test_individuel_states_and_sessions_built_by_hand_are_checked() -> None:
    # Like a four-card MatchState: they were taken as given, whatever they held.
    import attrs

    from mus.individuel import RandomPlayer, Session, apply_session, new_session

    state = new_individuel_hand(IndividuelRules(players=3), seed=1)
    assert attrs.evolve(state) == state
    edits: list[tuple[str, Any, str]] = [
        ("stones", (0, 0, 0), "stones and basket hold the 24 stones of 3 players"),
        ("stones", (8, 8), "stones are a tuple of 3 entries, one per seat"),
        ("held", ((), (), (), ()), "held cards are a tuple of 3 entries"),
        ("queue", (0, 0), "queue is a tuple of different seats"),
        ("queue", (), "finished exactly when nobody is to speak"),
        ("history", ((0, mus.Mus()),), "history is a tuple of (seat, action) pairs"),
        ("loser", 7, "the loser is a whole number from 0 to 2"),
        ("phase", mus.Phase.MUS, "phase is discard, betting or finished"),
    ]
    for field, value, says in edits:
        with pytest.raises(mus.MusError, match=re.escape(says)):
            attrs.evolve(state, **{field: value})
    session = new_session(IndividuelRules(players=3, losses=1), seed=2)
    players = [RandomPlayer(seat) for seat in range(3)]
    while not session.is_over:
        assert session.to_act is not None
        session = apply_session(session, players[session.to_act].choose(session.view(session.to_act)))
    assert attrs.evolve(session) == session and Session(session.rules, 2, 0, session.hand).losses == (0, 0, 0)
    edits = [
        ("losses", (0, 0, 0), "are not the games its losers"),
        ("winner", None, "a session under way has a loser a game played"),
        ("winner", (session.winner or 0) + 1 if session.winner != 2 else 0, "a session's winner is the one seat"),
        ("hand", state, "a session's hand is a Mus individuel HandState under its rules"),
        ("finished", [state], "finished hands are a tuple"),
        ("first_mano", 3, "the first mano is a whole number from 0 to 2"),
    ]
    for field, value, says in edits:
        with pytest.raises(mus.MusError, match=re.escape(says)):
            attrs.evolve(session, **{field: value})
