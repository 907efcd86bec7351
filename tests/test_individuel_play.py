"""Laws of the Mus individuel under random play, its views, and its notation.

``MUS_INDIVIDUEL_HANDS`` sets how many random hands each player count (2 to 8) plays
in :func:`test_random_play_keeps_its_invariants`: 2,000 by default, so that the
regular suite stays quick; the issue's figure is 20,000::

    MUS_INDIVIDUEL_HANDS=20000 .venv/bin/python -m pytest tests/test_individuel_play.py -k invariants
"""

from __future__ import annotations

import os
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mus import Bet, IllegalActionError, NotationError
from mus.actions import Accept, Discard, Fold, Ordago, Pass
from mus.cards import ALL_CARDS
from mus.individuel import (
    IndividuelRules,
    Phase,
    RandomPlayer,
    Session,
    SimplePlayer,
    apply,
    apply_session,
    format_hand,
    format_session,
    hand_from_json,
    hand_to_json,
    new_hand,
    new_session,
    parse_hand,
    parse_session,
    play_hand,
    play_session,
    problem,
    replay,
    session_from_json,
    session_to_json,
)
from mus.individuel.state import HandState
from mus.state import HiddenDiscard

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

HANDS = int(os.environ.get("MUS_INDIVIDUEL_HANDS", "2000"))


def check_hand(hand: HandState) -> None:
    """The invariants of a finished hand."""
    rules = hand.rules
    n = rules.players
    # Cards: hands, discards and stock are the 40 cards, each once.
    cards = [card for cards in hand.held for card in cards] + [c for c in hand.discards if c] + list(hand.deal.stock)
    assert sorted(cards) == sorted(ALL_CARDS)
    for seat in hand.deal.seats:
        assert len(hand.held[seat]) == 4 and hand.discards[seat] is not None
    # Stones: between the players and the basket, never created nor lost.
    assert sum(hand.stones) + hand.pot == n * rules.stones == sum(hand.deal.stones) + hand.deal.pot
    assert min(hand.stones) >= 0 and hand.pot >= hand.deal.pot
    shed = sum(move.stones for move in hand.moves if move.to is None)
    assert hand.pot - hand.deal.pot == shed
    # The hand ended, and either two players still hold stones or the game has a loser.
    assert hand.phase is Phase.FINISHED and hand.to_act is None
    holding = [seat for seat in range(n) if hand.stones[seat] > 0]
    assert (hand.loser is None) == (len(holding) > 1)
    assert hand.loser is None or holding == [hand.loser]
    # Replay reproduces it.
    assert replay(hand.deal, hand.history) == hand


@pytest.mark.parametrize("players", range(2, 9))
def test_random_play_keeps_its_invariants(players: int) -> None:
    rules = IndividuelRules(
        players=players, stones=(5, 8, 10)[players % 3], zero_mid_hand=("out", "plays-on")[players % 2]
    )
    bots = [RandomPlayer(f"invariants/{players}/{seat}") for seat in range(players)]
    session = new_session(rules, seed=players)
    played = sessions = 0
    while played < HANDS:
        if session.is_over:
            sessions += 1
            session = new_session(rules, seed=f"{players}/{sessions}", mano=sessions % players)
        seat = session.to_act
        assert seat is not None
        before = len(session.finished)
        session = apply_session(session, bots[seat].choose(session.view(seat)))
        if len(session.finished) > before:
            hand = session.finished[-1]
            check_hand(hand)
            played += 1
            if not session.is_over and hand.loser is None:
                # The next hand starts from the stones this one left.
                assert session.hand.deal.stones == hand.stones and session.hand.pot == hand.pot
    assert played == HANDS


def test_simple_players_finish_sessions_at_every_table() -> None:
    for players in range(2, 9):
        session = play_session(
            new_session(IndividuelRules(players=players, losses=1), seed=players), [SimplePlayer()] * players
        )
        assert session.is_over and sum(1 for lost in session.losses if lost) == players - 1
        for hand in session.finished:
            check_hand(hand)


actions = st.lists(st.integers(min_value=0, max_value=10**6), min_size=0, max_size=200)


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6), choices=actions, plays_on=st.booleans())
def test_legal_actions_agree_with_the_validator(players: int, seed: int, choices: list[int], plays_on: bool) -> None:
    rules = IndividuelRules(
        players=players, zero_mid_hand="plays-on" if plays_on else "out", ordago_last_lance=plays_on
    )
    state = new_hand(rules, seed=seed, mano=seed % players)
    probes = [Pass(), Accept(), Fold(), Ordago(), Bet(2), Bet(5), Bet(11), Discard.parse("Ro")]
    for choice in choices:
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal.seat == state.to_act
        for probe in probes + list(legal):
            assert (problem(state, probe) is None) == (probe in legal), (probe, legal)
        for probe in probes:
            if probe not in legal:
                with pytest.raises(IllegalActionError):
                    apply(state, probe)  # type: ignore[arg-type]
        action = legal[choice % len(legal)]
        if isinstance(action, Bet) and legal.max_bet is not None:
            action = Bet(legal.min_bet + choice % (legal.max_bet - legal.min_bet + 1))  # type: ignore[operator]
        after = apply(state, action)
        assert sum(after.stones) + after.pot == players * rules.stones
        assert after.history == (*state.history, (state.to_act, action))
        state = after
    assert replay(state.deal, state.history) == state
    assert parse_hand(format_hand(state)) == state == hand_from_json(hand_to_json(state))


def test_views_hide_other_players_cards_and_discards() -> None:
    state = play_hand(new_hand(seed=12), [SimplePlayer()] * 5)
    midway = state.initial()
    for seat in midway.deal.seats:
        midway = apply(midway, Discard((midway.held[seat][0],)))
    view = midway.view(2)
    assert view.hand == midway.held[2] and view.discard == midway.discards[2]
    assert [hand is not None for hand in view.hands] == [seat == 2 for seat in range(5)]
    assert [type(action) for _, action in view.history] == [
        HiddenDiscard,
        HiddenDiscard,
        Discard,
        HiddenDiscard,
        HiddenDiscard,
    ]
    assert view.legal == () and midway.view(0).legal == midway.legal_actions()
    assert all(hand is not None for hand in state.view(2).hands)  # shown at the end
    with pytest.raises(Exception, match="no seat 5"):
        midway.view(5)


def test_sessions_round_trip_through_text_and_json() -> None:
    session = play_session(
        new_session(IndividuelRules(players=4, losses=1), seed="club"), [RandomPlayer(s) for s in range(4)]
    )
    assert session.is_over
    text = format_session(session)
    back = parse_session(text)
    assert isinstance(back, Session) and back.winner == session.winner and back.losses == session.losses
    assert format_session(back) == text
    assert format_session(session_from_json(session_to_json(session))) == text
    # A session cut short, mid-hand, too.
    partial = session.finished[0]
    cut = new_session(session.rules, seed="club")
    for seat, action in partial.history[:7]:
        cut = apply_session(cut, action, seat)
    assert format_session(parse_session(format_session(cut))) == format_session(cut)


def test_bad_histories_are_notation_errors() -> None:
    state = play_hand(new_hand(IndividuelRules(players=3), seed=4), [SimplePlayer()] * 3)
    text = format_hand(state)
    lines = text.splitlines()
    broken = {
        "rules players=3 colour=red": "unknown Mus individuel knob 'colour'",
        "rules players=9": "players must be a whole number from 2 to 8",
        "stones 8-8": "bad deal",
        "seed ???": "bad seed",
    }
    for line, message in broken.items():
        key = line.split()[0]
        edited = "\n".join(line if old.startswith(key + " ") else old for old in lines)
        with pytest.raises(NotationError, match=message.replace("?", r"\?")):
            parse_hand(edited)
    with pytest.raises(NotationError, match="line 8"):
        parse_hand(text.replace("\n0 discard", "\n0 accept", 1))
    with pytest.raises(NotationError, match="not a mus-individuel-hand history"):
        hand_from_json('{"format": "mus-hand", "version": 1}')
    session = new_session(IndividuelRules(players=2), seed=1)
    text = format_session(apply_session(session, session.legal_actions()[0]))
    cards = next(line for line in text.splitlines() if line.startswith("cards "))
    first, second = cards[len("cards ") :].split(" / ")
    with pytest.raises(NotationError, match="not the cards the session's seed deals"):
        parse_session(text.replace(cards, f"cards {second} / {first}"))


# --- the command line -------------------------------------------------------------------


def mus_command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    import subprocess
    import sys

    env = dict(os.environ, PYTHONUTF8="1")
    return subprocess.run(
        [sys.executable, "-m", "mus", *args], input=stdin, capture_output=True, text=True, timeout=60, env=env
    )


@pytest.mark.parametrize("players", ["2", "5", "8"])
def test_cli_simulates_the_individuel(players: str, tmp_path: os.PathLike[str]) -> None:
    saved = os.path.join(tmp_path, "sessions.mus")
    result = mus_command("simulate", "--preset", "individuel", "--players", players, "--hands", "150", "--seed", "7",
                         "--bots", "random", "--save", saved)  # fmt: skip
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert result.stdout.startswith(
        f"simulated 150 hands, seed 7: Mus individuel: {('two', 'five', 'eight')[('2', '5', '8').index(players)]} players"
    )
    again = mus_command(
        "simulate", "--preset", "individuel", "--players", players, "--hands", "150", "--seed", "7", "--bots", "random"
    )
    body = [line for line in result.stdout.splitlines() if not line.startswith(("time:", "histories"))]
    assert body[:-1] == [line for line in again.stdout.splitlines() if not line.startswith("time:")][: len(body) - 1]
    with open(saved, encoding="utf-8") as file:
        blocks = file.read().split("mus-individuel-session 1\n")[1:]
    assert blocks and all(
        parse_session("mus-individuel-session 1\n" + block).rules.players == int(players) for block in blocks
    )


def test_cli_plays_the_individuel_with_a_person(tmp_path: os.PathLike[str]) -> None:
    saved = os.path.join(tmp_path, "session.mus")
    result = mus_command("play", "--preset", "individuel", "--players", "5", "--seat", "4", "--seed", "3", "--save", saved,
                         stdin="Ro\nfold\npaso\npaso\npaso\npaso\nquit\n")  # fmt: skip
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "mus: you are seat 4, playing for yourself; Mus individuel: five players, 8 stones each" in result.stdout
    assert "you may say: discard" in result.stdout and "invalid: " in result.stdout
    with open(saved, encoding="utf-8") as file:
        session = parse_session(file.read())
    assert session.rules.players == 5 and session.hand.history


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "--preset", "individuel"], "the Mus individuel is played by mus play and mus simulate only"),
        (["play", "--players", "5"], "--players and --stones go with --preset individuel"),
        (["play", "--preset", "individuel", "--seats", "5"], "--seats is not for the Mus individuel"),
        (["simulate", "--preset", "individuel", "--players", "9"], "players must be a whole number from 2 to 8, got 9"),
        (["simulate", "--preset", "individuel", "--stones", "7"], "stones must be 5, 8 or 10"),
        (["play", "--preset", "individuel-3", "--seat", "5"], "--seat 5: the table has 3 players"),
        (["simulate", "--preset", "individuel", "--bots", "clever"], "unknown bot 'clever'"),
    ],
)
def test_cli_individuel_errors_are_one_line(args: list[str], message: str) -> None:
    result = mus_command(*args)
    assert result.returncode == 2 and result.stderr.startswith("mus: error: ") and message in result.stderr, (
        result.stderr
    )
    assert len(result.stderr.splitlines()) == 1
