"""The Mus individuel's surface, parallel to the four-card game's: ``is_legal`` agrees
with ``apply`` on every text, sessions compare by value and survive their histories,
views have the four-card game's names (or say where to look), the two games' players
refuse each other's views with a clear error, and ``mus replay`` reads a Mus
individuel history.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus import MusError, RulesError
from mus import bots as four_card_bots
from mus.cards import ALL_CARDS
from mus.cli import build_parser
from mus.cli import replay as replay_command
from mus.individuel import (
    READINGS,
    IndividuelRules,
    NotInThisGameError,
    RandomPlayer,
    Session,
    SimplePlayer,
    apply,
    apply_session,
    format_hand,
    format_session,
    hand_to_json,
    new_hand,
    new_session,
    parse_session,
    play_hand,
    play_session,
    session_from_json,
    session_to_json,
)
from mus.individuel.state import HandState

TEXTS = (
    [f"discard {card}" for card in ALL_CARDS]
    + [f"descarte {card}" for card in ALL_CARDS[::7]]
    + ["discard Ro Rc", "discard", "Ro", "discard 12o", "discard Xo"]
    + ["pass", "paso", "je passe", "nous passons", "mus", "no-mus", "no hay mus", "quiero", "no quiero", "accept"]
    + ["fold", "ordago", "órdago", "envido", "y yo", "envido más", "j'accepte", "nous acceptons", "et cinq de plus"]
    + [f"bet {n}" for n in range(0, 13)]
    + [f"envido {n}" for n in (1, 2, 3, 8, 40)]
    + ["5 más", "declare pares yes", "signal dos reyes", "visto Ro", "servido", "nonsense", "", "bet -1", "bet x"]
)
"""Every kind of action text: the Mus individuel's, the four-card game's, the players'
words in Spanish and French, and nonsense."""

SEATS: list[object] = [None, 0, 1, 2, 7, -1, 8, True, False, 1.0, "0"]


def applies(state: HandState, text: str, seat: object) -> bool:
    try:
        apply(state, text, seat)  # type: ignore[arg-type]
    except MusError:
        return False
    return True


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 8),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    knobs=st.fixed_dictionaries({name: st.sampled_from(values) for name, values in READINGS.items()}),
    ordago_last_lance=st.booleans(),
)
def test_is_legal_agrees_with_apply_on_every_text(
    players: int, seed: int, steps: int, knobs: dict[str, str], ordago_last_lance: bool
) -> None:
    rules = IndividuelRules(players=players, ordago_last_lance=ordago_last_lance, **knobs)  # type: ignore[arg-type]
    state = new_hand(rules, seed=seed, mano=seed % players)
    chooser = RandomPlayer(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, chooser.choose(state.view(state.to_act)))  # type: ignore[arg-type]
    for text in TEXTS:
        for seat in SEATS:
            assert state.is_legal(text, seat) == applies(state, text, seat), (text, seat, state)  # type: ignore[arg-type]
        assert (text in state.legal_actions()) == state.is_legal(text), text
    session = new_session(rules, seed=seed)
    for text in TEXTS:
        try:
            apply_session(session, text)
        except MusError:
            assert not session.is_legal(text), text
        else:
            assert session.is_legal(text), text


def test_seats_that_are_not_whole_numbers_are_refused_by_both() -> None:
    # Seat 1 speaks: True, 1.0 and "1" are not seat 1 (they used to pass for it).
    state = new_hand(IndividuelRules(players=2), seed=3)
    state = apply(state, f"discard {state.held[0][0]}")
    action = f"discard {state.held[1][0]}"
    for seat in (True, 1.0, "1"):
        assert not state.is_legal(action, seat)  # type: ignore[arg-type]
        with pytest.raises(MusError, match="no seat"):
            apply(state, action, seat)  # type: ignore[arg-type]
    assert state.is_legal(action, 1) and apply(state, action, 1).phase is mus.Phase.BETTING


# --- sessions by value ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_a_session_survives_its_histories_equal_to_itself(players: int) -> None:
    rules = IndividuelRules(players=players, losses=1, stones=5)
    finished = play_session(new_session(rules, seed=f"eq{players}"), [RandomPlayer(s) for s in range(players)])
    partial = new_session(rules.evolve(accepted_stake="per-opponent"), seed=players)
    for _ in range(7 * players):
        if partial.is_over:
            break
        partial = apply_session(partial, SimplePlayer().choose(partial.view(partial.to_act)))  # type: ignore[arg-type]
    fresh = new_session(rules, seed=0)
    for session in (finished, partial, fresh):
        for back in (session_from_json(session_to_json(session)), parse_session(format_session(session))):
            assert back == session and hash(back) == hash(session) and back is not session
    assert finished != partial and fresh != new_session(rules, seed=1) and fresh != new_session(rules, seed=0, mano=1)
    assert fresh == new_session(rules, seed=0) and {fresh, new_session(rules, seed=0)} == {fresh}
    assert finished != new_session(rules, seed=f"eq{players}")


def test_sessions_differ_by_what_was_played() -> None:
    session = new_session(IndividuelRules(players=3), seed=4)
    first, second = session.legal_actions()[:2]
    assert apply_session(session, first) == apply_session(session, first)
    assert apply_session(session, first) != apply_session(session, second)
    assert isinstance(session, Session) and session != session.hand


# --- the four-card game's names -----------------------------------------------------------


def test_a_view_has_the_four_card_games_hand() -> None:
    state = new_hand(IndividuelRules(players=4), seed=2)
    view = state.view(1)
    assert view.hand == state.held[1] and len(view.hand) == 5
    with pytest.raises(AttributeError, match="held"):  # deprecated in 0.2.0, removed in 0.3.0
        view.held  # type: ignore[attr-defined]  # noqa: B018
    four = mus.new_hand(seed=2).view(1)
    shared = {"seat", "rules", "mano", "phase", "lance", "to_act", "hand", "history", "results", "hands", "betting"}
    assert all(hasattr(view, name) and hasattr(four, name) for name in shared | {"legal"})
    after = play_hand(state, [SimplePlayer()] * 4)
    assert after.view(1).hand == after.held[1] and len(after.view(1).hand) == 4
    assert after.actions == len(after.history)


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("winner", r"has a loser, not a winner: .* \(\.loser; a session's winner is Session\.winner\)"),
        ("scores", r"counts stones, not scores: \.stones by seat and \.pot"),
        ("count", r"the stones shed: \.moves"),
        ("team_of", "each player plays for himself"),
        ("pending", "discards one card, once"),
        ("servido", "there is no mus in the Mus individuel"),
    ],
)
def test_the_four_card_games_other_names_say_where_to_look(name: str, hint: str) -> None:
    state = play_hand(new_hand(IndividuelRules(players=3), seed=5), [SimplePlayer()] * 3)
    for value in (state, state.view(0)):
        with pytest.raises(NotInThisGameError, match=hint) as info:
            getattr(value, name)
        assert isinstance(info.value, MusError) and isinstance(info.value, AttributeError)
        assert not hasattr(value, name) and getattr(value, name, "absent") == "absent"
    with pytest.raises(AttributeError, match="'HandState' object has no attribute 'colour'") as plain:
        state.colour  # type: ignore[attr-defined]  # noqa: B018
    assert not isinstance(plain.value, MusError)
    assert state.loser == state.view(2).loser


def test_the_two_games_players_refuse_each_others_views() -> None:
    solo = new_hand(IndividuelRules(players=4), seed=1)
    four = mus.new_hand(seed=1)
    for bot in (four_card_bots.RandomBot(1), four_card_bots.HeuristicBot()):
        with pytest.raises(MusError, match=r"mus.bots play the four-card game.*mus.individuel.RandomPlayer"):
            bot.choose(solo.view(0))  # type: ignore[arg-type]
    with pytest.raises(MusError, match=r"mus.individuel.play_hand"):
        four_card_bots.play_hand(solo, [four_card_bots.RandomBot(1)] * 4)  # type: ignore[arg-type]
    with pytest.raises(MusError, match=r"mus.individuel.play_hand and play_session"):
        four_card_bots.play_match(new_session(seed=1), [four_card_bots.RandomBot(1)] * 5)  # type: ignore[arg-type]
    for player in (RandomPlayer(1), SimplePlayer()):
        with pytest.raises(MusError, match=r"mus.bots.RandomBot and mus.bots.HeuristicBot"):
            player.choose(four.view(0))  # type: ignore[arg-type]
    with pytest.raises(MusError, match=r"a four-card hand is played by mus.bots.play_hand"):
        play_hand(four, [RandomPlayer(1)] * 4)  # type: ignore[arg-type]
    with pytest.raises(MusError, match=r"a four-card match is played by mus.bots.play_match"):
        play_session(mus.new_match(seed=1), [RandomPlayer(1)] * 4)  # type: ignore[arg-type]
    with pytest.raises(MusError, match=r"a four-card hand or match is played by mus.apply"):
        apply(four, "mus")  # type: ignore[arg-type]
    # Each game's own players still play it.
    assert play_hand(solo, [RandomPlayer(s) for s in range(4)]).is_over
    assert four_card_bots.play_hand(four, [four_card_bots.HeuristicBot()] * 4).is_over


def test_each_games_presets_name_the_others() -> None:
    with pytest.raises(RulesError, match=r"IndividuelRules.preset\('individuel'\)"):
        mus.Rules.preset("individuel")
    with pytest.raises(RulesError, match=r"IndividuelRules.preset\('individuel-primes'\)"):
        mus.Rules.preset("individuel-primes")
    with pytest.raises(RulesError, match=r"^unknown preset 'basque' \(presets: [^;]*\)$"):
        mus.Rules.preset("basque")
    with pytest.raises(
        RulesError, match=r"'standard' is a preset of the four-card game: mus.Rules.preset\('standard'\)"
    ):
        IndividuelRules.preset("standard")


# --- mus replay ---------------------------------------------------------------------------


def replayed(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert replay_command.run(build_parser().parse_args(["replay", str(path)])) == 0
    return capsys.readouterr().out


def test_mus_replay_reads_a_mus_individuel_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["Ro Rc 7e 1b 5o", "Cc Co Cb 5b 6o", "Se 6c 5e 1c 4o"]
    state = new_hand(IndividuelRules(players=3, refused_raise="previous-stake"), cards=cards, seed=1)
    for action in [
        "discard 5o",
        "discard 6o",
        "discard 4o",
        "envido 2",
        "quiero",
        "envido 3",
        "no quiero",
        "no quiero",
    ]:
        state = apply(state, action)
    state = play_hand(state, [SimplePlayer()] * 3)
    for name, text in (("hand.mus", format_hand(state)), ("hand.json", hand_to_json(state))):
        (tmp_path / name).write_text(text, encoding="utf-8")
        out = replayed(tmp_path / name, capsys)
        assert out.startswith("hand: Mus individuel: three players, 8 stones each, eight kings, a refused raise sheds")
        lines = out.splitlines()
        assert lines[1:5] == [
            "seat 0 is mano; stones 8-8-8, basket 0",
            "seat 0: Ro Rc 7e 5o 1b",
            "seat 1: Co Cc Cb 6o 5b",
            "seat 2: Se 6c 5e 4o 1c",
        ]
        assert (
            "  seat 0: discard 5o" in lines
            and "    grande: seat 2 sheds 2 (refused, the stake before the raise)" in lines
        )
        assert all(f"    {move}" in lines for move in state.moves)
        assert lines[-1] == f"    stones {'-'.join(map(str, state.stones))}, basket {state.pot}"


def test_mus_replay_reads_mus_individuel_sessions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = IndividuelRules(players=3, losses=1, stones=5)
    sessions = [play_session(new_session(rules, seed=seed), [RandomPlayer(s) for s in range(3)]) for seed in (1, 2)]
    (tmp_path / "two.mus").write_text("".join(map(format_session, sessions)), encoding="utf-8")
    out = replayed(tmp_path / "two.mus", capsys)
    assert "##### history 2\n" in out and "##### history 3" not in out
    for session in sessions:
        assert f"seat {session.winner} wins the session; games lost {'-'.join(map(str, session.losses))}" in out
    (tmp_path / "one.json").write_text(session_to_json(sessions[0]), encoding="utf-8")
    out = replayed(tmp_path / "one.json", capsys)
    assert out.startswith("session, seed 1, first mano seat 0: Mus individuel: three players, 5 stones each")
    assert out.count("=== game ") == len(sessions[0].finished) and "##### history" not in out


def test_mus_replay_on_the_command_line(tmp_path: Path) -> None:
    state = play_hand(new_hand(IndividuelRules(players=2), seed=9), [SimplePlayer()] * 2)
    good, bad = tmp_path / "good.mus", tmp_path / "bad.mus"
    good.write_text(format_hand(state), encoding="utf-8")
    bad.write_text(format_hand(state).replace("\n0 discard", "\n0 accept", 1), encoding="utf-8")
    env = dict(os.environ, PYTHONUTF8="1")

    def mus_replay(path: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "mus", "replay", str(path)], capture_output=True, text=True, timeout=60, env=env
        )

    result = mus_replay(good)
    assert result.returncode == 0 and result.stderr == "" and result.stdout.startswith("hand: Mus individuel: two")
    result = mus_replay(bad)
    assert (
        result.returncode == 2 and result.stderr.startswith("mus: error: line 8: ") and "Traceback" not in result.stderr
    )
    assert len(result.stderr.splitlines()) == 1


def test_no_deprecated_name_is_used_by_the_package() -> None:
    # The engine, the players and the command line read views by their new names.
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        play_session(new_session(IndividuelRules(players=4, losses=1), seed=3), [SimplePlayer(), RandomPlayer(1)] * 2)


@pytest.mark.parametrize(
    "module, name, home",
    [
        ("mus.reducer", "LegalActions", "mus.legal"),
        ("mus.reducer", "legal_actions", "mus.state"),
        ("mus.reducer", "MAX_BETS", "mus.state"),
        ("mus.reducer", "MAX_MUS_ROUNDS", "mus.state"),
        ("mus.individuel.reducer", "LegalActions", "mus.legal"),
        ("mus.individuel.reducer", "legal_actions", "mus.individuel.state"),
    ],
)
def test_the_names_deprecated_in_0_2_0_are_gone_and_say_where_they_went(module: str, name: str, home: str) -> None:
    owner = importlib.import_module(module)
    with pytest.raises(AttributeError, match=rf"^{module}\.{name} was removed in 0\.3\.0: use {home}\.{name}$"):
        getattr(owner, name)
    assert hasattr(importlib.import_module(home), name)
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        owner.nothing  # noqa: B018
