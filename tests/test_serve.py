"""The "serve a game" example: a whole game over TCP, a save and restore mid-hand, and
no client ever sent a card its seat should not see."""

from __future__ import annotations

import importlib.util
import pathlib
import subprocess
import sys
from types import ModuleType

import mus
from mus import data

EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "serve_game.py"


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("serve_game", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_plays_a_whole_game() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "saved and restored mid-hand" in done.stdout
    assert "wins the game" in done.stdout and "no client saw a card it should not" in done.stdout


def test_the_leak_check_catches_another_seats_cards() -> None:
    serve = example()
    match = mus.new_match(seed=3)
    for _ in range(4):
        match = mus.apply(match, "mus")
    for _ in range(4):  # each seat discards its first card and draws another
        seat = match.to_act
        assert seat is not None
        match = mus.apply(match, mus.Discard(match.hand.hands[seat].cards[:1]))
    for seat in range(4):
        own = serve.allowed_cards(match.hand, seat)
        assert serve.cards_in(data.view_data(match, seat)) <= own
        other = serve.cards_in(data.view_data(match, (seat + 1) % 4))
        assert other - own, "another seat's view names cards this seat must not see"


def test_the_game_in_process() -> None:
    import asyncio

    serve = example()
    match, clients = asyncio.run(serve.run())
    assert match.is_over and all(client.final == match.view(client.seat) for client in clients)
    assert sum(client.refusals for client in clients) == 1
