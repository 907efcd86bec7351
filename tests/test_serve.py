"""The "serve a game" example: a whole game over TCP, a save and restore mid-hand, and
no client ever sent a card its seat should not see; and its server as a template (issue
22, point 11): a malformed line is an error to its sender and the game goes on, each
seat is bound to a secret token, and a dropped seat takes its place back with it; and
no client can hold the others up (issue 32, point 3): one that stops reading is
dropped, the others getting every view meanwhile, and it rejoins with its token."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import pathlib
import socket
import subprocess
import sys
from types import ModuleType
from typing import Any

import mus
from mus import data
from mus.bots import HeuristicBot

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
    assert "took its seat back with its token; an impostor's joins were refused" in done.stdout


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
    serve = example()
    match, clients = asyncio.run(serve.run())
    assert match.is_over and all(client.final == match.view(client.seat) for client in clients)
    assert sum(client.refusals for client in clients) == 1 + len(serve.MALFORMED)
    assert clients[2].rejoined


# --- the server as a template: malformed lines, tokens, rejoining ----------------------


class Connection:
    """A raw client of the example's server, to send it anything."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Connection:
        return cls(*await asyncio.open_connection("127.0.0.1", port))

    async def send(self, line: bytes | dict[str, Any]) -> None:
        self.writer.write(line if isinstance(line, bytes) else json.dumps(line).encode() + b"\n")
        await self.writer.drain()

    async def receive(self) -> dict[str, Any]:
        line = await asyncio.wait_for(self.reader.readline(), 10)
        assert line, "the server closed the connection"
        message: dict[str, Any] = json.loads(line)
        return message

    def stop_reading(self) -> None:
        """Take nothing more from the socket, as a client that stopped reading."""
        transport = self.writer.transport
        assert isinstance(transport, asyncio.Transport)
        transport.pause_reading()

    async def closed(self) -> bool:
        return await asyncio.wait_for(self.reader.readline(), 10) == b""


async def table(serve: ModuleType) -> tuple[Any, list[Connection], list[str]]:
    """A server with its four seats taken: the server, the seats' connections (each
    past its welcome and first view) and their tokens."""
    server = serve.Server(mus.new_match(serve.RULES, seed=serve.SEED), {})
    port = await server.start()
    seats, tokens = [], []
    for seat in range(4):
        connection = await Connection.open(port)
        await connection.send({"type": "join", "seat": seat})
        welcome = await connection.receive()
        assert welcome["type"] == "welcome" and welcome["seat"] == seat and len(welcome["token"]) == 32
        seats.append(connection)
        tokens.append(welcome["token"])
    for connection in seats:
        assert (await connection.receive())["type"] == "match_view"
    assert len(set(tokens)) == 4
    return server, seats, tokens


async def acts(server: Any, seats: list[Connection]) -> None:
    """The seat to act plays, and every seat gets the new view: the game goes on."""
    before = server.match.hand.actions
    seat = server.match.to_act
    await seats[seat].send({"type": "action", "action": str(HeuristicBot().choose(server.match.hand.view(seat)))})
    for connection in seats:
        assert (await connection.receive())["type"] == "match_view"
    assert server.match.hand.actions == before + 1 and server.failed is None


def test_a_malformed_line_gets_an_error_and_the_game_goes_on() -> None:
    serve = example()

    async def scenario() -> None:
        server, seats, _ = await table(serve)
        to_act = server.match.to_act
        lines = [*serve.MALFORMED, b'{"type": "action", "action": "mus"}\n']
        for seat in (to_act, (to_act + 1) % 4):  # in turn, and out of turn
            for line in lines[:-1] if seat == to_act else lines:
                await seats[seat].send(line)
                reply = await seats[seat].receive()
                assert reply["type"] == "error" and reply["message"], (line[:40], reply)
        assert server.match.hand.actions == 0 and not server.stopped.is_set()
        await acts(server, seats)
        # Before joining, only a join is heard; a seat out of the table is refused.
        stranger = await Connection.open(server.server.sockets[0].getsockname()[1])
        for line in (b'{"type": "action", "action": "mus"}\n', b'{"type": "join", "seat": 9}\n', b"\xff\n"):
            await stranger.send(line)
            assert (await stranger.receive())["type"] == "error"
        await acts(server, seats)
        await server.stop()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_dropped_seat_rejoins_with_its_token() -> None:
    serve = example()

    async def scenario() -> None:
        server, seats, tokens = await table(serve)
        port = server.server.sockets[0].getsockname()[1]
        seat = server.match.to_act
        seats[seat].writer.close()  # the seat to act drops: the game waits for it
        back = await Connection.open(port)
        await back.send({"type": "join", "seat": seat, "token": tokens[seat]})
        welcome = await back.receive()
        assert welcome["type"] == "welcome" and welcome["token"] == tokens[seat]
        view = await back.receive()
        assert view["type"] == "match_view" and view["hand"]["to_act"] == seat
        seats[seat] = back
        await acts(server, seats)
        # Taking the seat back while the old connection is still open closes it.
        other = (seat + 1) % 4
        again = await Connection.open(port)
        await again.send({"type": "join", "seat": other, "token": tokens[other]})
        assert (await again.receive())["type"] == "welcome"
        assert (await again.receive())["type"] == "match_view"
        assert await seats[other].closed()
        seats[other] = again
        await acts(server, seats)
        await server.stop()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_taken_seat_is_refused_without_its_token() -> None:
    serve = example()

    async def scenario() -> None:
        server, seats, tokens = await table(serve)
        port = server.server.sockets[0].getsockname()[1]
        seats[2].writer.close()  # even once its player is gone, the seat is its own
        impostor = await Connection.open(port)
        for hello in (
            {"type": "join", "seat": 2},
            {"type": "join", "seat": 2, "token": tokens[3]},
            {"type": "join", "seat": 2, "token": "0" * 32},
            {"type": "join", "seat": 2, "token": "é"},
            {"type": "join", "seat": 2, "token": 7},
        ):
            await impostor.send(hello)
            reply = await impostor.receive()
            assert reply["type"] == "error" and "seat 2" in reply["message"], reply
        # Refused, it is still no seat: its actions are not heard either.
        await impostor.send({"type": "action", "action": "mus"})
        assert (await impostor.receive())["message"].startswith("join first")
        assert server.tokens[2] == tokens[2] and 2 not in server.outboxes and server.failed is None
        await server.stop()

    asyncio.run(asyncio.wait_for(scenario(), 60))


# --- a client that stops reading ------------------------------------------------------

WRITE_TIMEOUT = 1.0
"""The example server's write timeout in these tests (10 s by default)."""


async def deaf(port: int) -> Connection:
    """A connection whose client will stop reading (``pause_reading``: nothing taken
    from its socket): the system is asked to hold little for it (its receive buffer
    set small before connecting), so that the buffers fill after a few views rather
    than a few hundred."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return Connection(*await asyncio.open_connection(sock=sock))


async def stalled_table(serve: ModuleType, **limits: Any) -> tuple[Any, list[Connection], list[str], int]:
    """A server with four seats taken, seat 1's client about to stop reading (past its
    welcome and first view): the server, the connections, the tokens and the port."""
    server = serve.Server(mus.new_match(serve.RULES, seed=serve.SEED), {}, **limits)
    server.saved = "not here"  # the example's save and restart is not this test's
    port = await server.start()
    seats, tokens = [], []
    for seat in range(4):
        connection = await (deaf(port) if seat == 1 else Connection.open(port))
        await connection.send({"type": "join", "seat": seat})
        welcome = await connection.receive()
        seats.append(connection)
        tokens.append(welcome["token"])
    for connection in seats:
        assert (await connection.receive())["type"] == "match_view"
    return server, seats, tokens, port


async def play_one(server: Any, seats: list[Connection], deaf_seat: int | None) -> None:
    """The seat to act plays (the deaf one too: it writes, it just does not read), and
    every other seat gets the new view, each within the write timeout."""
    seat = server.match.to_act
    action = str(HeuristicBot().choose(server.match.hand.view(seat)))
    await seats[seat].send({"type": "action", "action": action})
    for other, connection in enumerate(seats):
        if other != deaf_seat:
            line = await asyncio.wait_for(connection.reader.readline(), WRITE_TIMEOUT)
            assert json.loads(line) == data.view_data(server.match, other), "each view, as it stands"


def test_a_client_that_stops_reading_is_dropped_and_rejoins() -> None:
    # The done-when line: one of four clients stops reading mid-game; the other three
    # get every view, none waiting longer than the write timeout; it is dropped, rejoins
    # with its token, and the game goes on to its end.
    serve = example()

    async def scenario() -> None:
        server, seats, tokens, port = await stalled_table(serve, write_timeout=WRITE_TIMEOUT, buffer=4096)
        for _ in range(4):  # a few actions read by all, the deaf seat's client too
            await play_one(server, seats, None)
        # Seat 1 stops reading its socket; the game goes on until lines wait for it.
        seats[1].stop_reading()
        played = 0
        while not server.outboxes[1].queue.qsize():
            await play_one(server, seats, deaf_seat=1)
            played += 1
            assert played < 100, "the deaf client's buffers never filled"
        # No line goes for WRITE_TIMEOUT: dropped, and the others play on meanwhile.
        while server.dropped != [1]:
            if server.match.to_act == 1:
                await asyncio.sleep(0.05)  # its turn: the game waits for its player
            else:
                await play_one(server, seats, deaf_seat=1)
        assert 1 not in server.outboxes and server.failed is None
        # It comes back with its token: its public history, then its view.
        back = await Connection.open(port)
        await back.send({"type": "join", "seat": 1, "token": tokens[1]})
        welcome = await back.receive()
        assert welcome["type"] == "welcome" and welcome["token"] == tokens[1]
        assert data.replay_public(welcome["history"])[-1] == server.match.view(1)
        assert await back.receive() == data.view_data(server.match, 1)
        seats[1] = back
        while not server.match.is_over:
            await play_one(server, seats, None)
        assert server.stopped.is_set() and server.dropped == [1] and server.failed is None
        await server.stop()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_a_client_too_far_behind_is_dropped_at_once() -> None:
    # However long the write timeout, a client that falls a whole queue behind goes.
    serve = example()

    async def scenario() -> None:
        server, seats, _, _ = await stalled_table(serve, write_timeout=3600, queue_lines=2, buffer=4096)
        seats[1].stop_reading()
        played = 0
        while server.dropped != [1]:  # dropped the moment a line does not fit its queue
            await play_one(server, seats, deaf_seat=1)
            played += 1
            assert played < 200, "the client was never dropped"
        assert 1 not in server.outboxes and server.failed is None
        while server.match.to_act != 1:  # the game goes on for the others
            await play_one(server, seats, deaf_seat=1)
        await server.stop()

    asyncio.run(asyncio.wait_for(scenario(), 120))
