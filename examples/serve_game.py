"""Serve a game of Mus over TCP: four clients, each shown only its own seat's view.

    python examples/serve_game.py

An asyncio server on localhost (a free port) keeps the one true ``MatchState``. The
protocol is newline-delimited JSON, one object a line (at most 64 KiB):

* a client takes a free seat with ``{"type": "join", "seat": 2}``; the server answers
  ``{"type": "welcome", "seat": 2, "token": ..., "history": ...}``: a secret token,
  which the seat is now bound to, and the match so far as that seat saw it
  (``mus.data.public_match``: no seed, no stock, no other seat's cards);
* a client that lost its connection (or whose server restarted) takes its seat back
  with ``{"type": "join", "seat": 2, "token": ...}``: the same welcome, then its view
  (a connection still open for the seat is closed). Without the token, or with
  another, a seat that is taken stays its owner's;
* once the four seats are in, and after every action, the server sends each client
  its view, ``mus.data.view_data(match, seat)`` (a ``"match_view"``);
* the seat to act answers ``{"type": "action", "action": "envido 2"}`` (any words
  ``mus.apply`` reads);
* anything else (a line that is not JSON, not UTF-8, too long or nested too deep, an
  unknown type, a missing field, an action refused by the rules or out of turn, a
  wrong token) gets ``{"type": "error", "message": ...}``, to its sender only, and the
  game goes on;
* the server never waits for a client: each connection's lines go through a bounded
  queue of its own (:class:`Outbox`), and a client that takes no line for
  :data:`WRITE_TIMEOUT` seconds, or falls :data:`QUEUE_LINES` lines behind, is dropped,
  the others playing on; its player takes the seat back with its token.

Four scripted clients play from their views with ``mus.bots.HeuristicBot``. One first
tries a word that does not fit, to show a refusal; another, at its first turn, sends a
dozen malformed lines; a third drops its connection at its third turn, and while it is
away an impostor tries its seat without the token and with a wrong one, before it
rejoins with its own. Part-way through a hand the server saves the match in the full
notation (``mus.notation.format_match``: the seed and every card, for the server's eyes
only) with the seats' tokens, stops, and a new server restores both; the clients
rejoin with their tokens, replay their public history and play on to the end.

Every line sent is checked against the server's own state: no client receives a card
its seat was not dealt, did not draw, or was not shown at the count (an error may
quote the cards its client named itself).
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import re
import secrets
import socket
import tempfile
from collections.abc import Callable
from typing import Any

import mus
from mus import data, notation
from mus.bots import HeuristicBot
from mus.reducer import derived

SEED = 11
RULES = mus.Rules(games_to_win=1)
HOST = "127.0.0.1"
SAVE_AFTER = 40
"""The server saves and stops at the first moment, after this many actions, when a
hand is under way (some actions into it, not over)."""
LINE_LIMIT = 1 << 16
"""The longest line a client may send, in bytes: a longer one is skipped, unread."""
WRITE_TIMEOUT = 10.0
"""Seconds a client has to take each line the server writes to it, once the buffers
between them are full: a client that reads nothing for that long is dropped."""
QUEUE_LINES = 64
"""Lines that may wait for a client beyond the buffers: one more, and it is dropped."""
BUFFER = 1 << 16
"""Bytes that asyncio holds for a client's socket before writing waits, and that the
system is asked to hold for it (``SO_SNDBUF``): with the queue, all a client costs."""
MALFORMED = [
    b"hello\n",
    b"\xff\xfe\n",
    b"\n",
    b"[1, 2]\n",
    b"[" * 50_000 + b"\n",
    b"x" * (LINE_LIMIT + 10) + b"\n",
    b'{"type": "dance"}\n',
    b'{"type": "join", "seat": 0}\n',
    b'{"type": "action"}\n',
    b'{"type": "action", "action": 7}\n',
    b'{"type": "action", "action": "envido 1000000000000"}\n',
    b'{"type": "action", "action": "discard Ro"}\n',
]
"""Lines a client may send that the server cannot act on, each its own mistake."""


def allowed_cards(hand: mus.HandState, seat: int) -> set[str]:
    """The cards ``seat`` may know of in ``hand``, from the server's full state: those
    it held at any moment, a mus visto's card, and the hands shown at the count (after
    an accepted órdago, only those of the seats in its lance)."""
    state = hand.initial()
    seen = {str(card) for card in state.hands[seat]}
    for who, action in hand.history:
        if isinstance(action, mus.MusVisto):
            seen.add(str(action.card))
        if not derived(action, hand.rules):
            state = mus.apply(state, action, who)
            seen.update(str(card) for card in state.hands[seat])
    if hand.count is not None:
        last = hand.results[-1]
        shown = last.seats if last.outcome is mus.Outcome.ORDAGO and last.seats else range(hand.rules.seats)
        seen.update(str(card) for s in shown for card in hand.hands[s])
    return seen


CARD = re.compile(r"[1-7SCR][oceb]")


def cards_in(message: Any) -> set[str]:
    """Every card a message names: any word of any of its texts that is a card."""
    if isinstance(message, dict):
        return set().union(*map(cards_in, message.values())) if message else set()
    if isinstance(message, list):
        return set().union(*map(cards_in, message)) if message else set()
    if isinstance(message, str):
        return {word for word in message.split() if CARD.fullmatch(word)}
    return set()


class Refused(Exception):
    """A client's line the server cannot act on: the message goes back to that client."""


async def read_line(reader: asyncio.StreamReader) -> bytes | None:
    """The next line from a client (``b""`` for one longer than :data:`LINE_LIMIT`,
    skipped to its end without being kept); ``None`` once the client is gone."""
    too_long = False
    while True:
        try:
            line = await reader.readuntil(b"\n")
            return b"" if too_long else line
        except asyncio.LimitOverrunError as error:
            too_long = True
            await reader.readexactly(error.consumed)  # dropped: the rest comes next
        except asyncio.IncompleteReadError as end:  # the client is gone, maybe mid-line
            return None if too_long or not end.partial else end.partial
        except ConnectionError:
            return None


def message_of(line: bytes) -> dict[str, Any]:
    """The JSON object a line holds, or :class:`Refused` saying what is wrong with it."""
    if not line.strip():
        raise Refused(f"send one JSON object a line, of at most {LINE_LIMIT} bytes")
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):  # not UTF-8, not JSON, nested too deep
        raise Refused("not a JSON object") from None
    if not isinstance(message, dict) or message.get("type") not in ("join", "action"):
        raise Refused('send {"type": "join", "seat": N} or {"type": "action", "action": "..."}')
    return message


class Outbox:
    """One connection's outgoing lines: a bounded queue, written to the socket by a task
    of its own, each line given at most ``write_timeout`` seconds to go.

    The server never waits for a client: :meth:`put` queues a line and returns at once.
    A client that stops reading (its socket's buffers full, a line not gone within the
    timeout) or falls ``lines`` lines behind is dropped: its connection is cut, with
    the lines not sent, and ``dropped`` says so. What a client costs the server is
    bounded the same way: the queue, and at most ``buffer`` bytes held by asyncio and
    about as many by the system for its socket."""

    def __init__(
        self,
        writer: asyncio.StreamWriter,
        *,
        write_timeout: float = WRITE_TIMEOUT,
        lines: int = QUEUE_LINES,
        buffer: int = BUFFER,
        written: Callable[[str], None] | None = None,
    ) -> None:
        self.writer = writer
        self.write_timeout = write_timeout
        self.written = written  # told of each line once it is handed to the socket
        self.queue: asyncio.Queue[str] = asyncio.Queue(lines)
        self.dropped = False
        # The system's buffer for the socket, then asyncio's: past them, writing waits.
        sock = writer.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, buffer)
        writer.transport.set_write_buffer_limits(high=buffer)
        self.task = asyncio.create_task(self.pump())

    def put(self, line: str) -> None:
        """Queue ``line`` (JSON, without its newline) for the client, and return at
        once; a client too far behind to take it is dropped."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(line)
        except asyncio.QueueFull:
            self.drop()

    async def pump(self) -> None:
        try:
            while True:
                line = await self.queue.get()
                self.writer.write(line.encode() + b"\n")
                if self.written is not None:
                    self.written(line)
                await asyncio.wait_for(self.writer.drain(), self.write_timeout)
        except (asyncio.TimeoutError, ConnectionError):
            self.drop()

    def drop(self) -> None:
        """Cut the connection now, without flushing what waits (nobody reads it)."""
        if not self.dropped:
            self.dropped = True
            self.writer.transport.abort()

    async def close(self) -> None:
        """Stop writing and close the connection (what is written still goes)."""
        self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)
        self.writer.close()


class Server:
    """Holds the match and the seats' tokens; serves each seat its own view, checks and
    applies actions, and answers any line it cannot act on with an error.

    Each connection's lines go through its :class:`Outbox`, so that no client holds
    the others up: a client that stops reading for ``write_timeout`` seconds, or falls
    ``queue_lines`` lines behind, is dropped, the game going on for the others, and its
    player takes the seat back with its token."""

    def __init__(
        self,
        match: mus.MatchState,
        sent: dict[int, list[str]],
        tokens: dict[int, str] | None = None,
        *,
        write_timeout: float = WRITE_TIMEOUT,
        queue_lines: int = QUEUE_LINES,
        buffer: int = BUFFER,
    ) -> None:
        self.match = match
        self.sent = sent  # every line sent to each seat, for the final check
        self.tokens: dict[int, str] = dict(tokens or {})  # the seats taken, and their secrets
        self.write_timeout, self.queue_lines, self.buffer = write_timeout, queue_lines, buffer
        self.outboxes: dict[int, Outbox] = {}  # the seats' connections, by seat
        self.connections: set[Outbox] = set()  # seats' and others', open
        self.handlers: set[asyncio.Task[None]] = set()
        self.started = False  # every seat was in at once: views go out
        self.actions = 0
        self.dropped: list[int] = []  # the seats dropped for not reading, in order
        self.saved: str | None = None
        self.stopped = asyncio.Event()
        self.failed: Exception | None = None
        self.server: asyncio.Server | None = None
        # The cards each seat may know of, by hand: finished hands are settled once.
        self.known: dict[tuple[int, int], set[str]] = {}

    async def start(self) -> int:
        self.server = await asyncio.start_server(self.connect, HOST, 0, limit=LINE_LIMIT)
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        assert self.server is not None
        self.server.close()
        for outbox in list(self.connections):
            await outbox.close()
        await self.server.wait_closed()
        # Each connection's handler sees its end and returns: nothing is left running.
        await asyncio.gather(*self.handlers, return_exceptions=True)

    def allowed(self, seat: int, hands: range) -> set[str]:
        match = self.match
        allowed: set[str] = set()
        for number in hands:
            hand = match.finished[number] if number < len(match.finished) else match.hand
            if number >= len(match.finished):
                allowed |= allowed_cards(hand, seat)  # a hand under way: it changes
                continue
            if (number, seat) not in self.known:
                self.known[number, seat] = allowed_cards(hand, seat)
            allowed |= self.known[number, seat]
        return allowed

    def dealt(self) -> int:
        return len(self.match.finished) + (0 if self.match.is_over else 1)

    def send(self, outbox: Outbox, seat: int | None, message: dict[str, Any], allowed: set[str]) -> None:
        """Queue ``message`` for a connection (never waiting for it)."""
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        leaked = cards_in(message) - allowed
        assert not leaked, f"seat {seat} would see {sorted(leaked)}"
        outbox.put(line)
        if outbox.dropped and seat is not None and self.outboxes.get(seat) is outbox:
            self.leave(seat)

    def leave(self, seat: int) -> None:
        """The seat's connection is gone, or dropped: the seat waits for its player."""
        if self.outboxes.pop(seat).dropped:
            self.dropped.append(seat)

    def send_view(self, seat: int) -> None:
        # A view shows the current hand and the one that ended last.
        dealt = self.dealt()
        message = data.view_data(self.match, seat)
        self.send(self.outboxes[seat], seat, message, self.allowed(seat, range(max(0, dealt - 2), dealt)))

    def broadcast(self) -> None:
        for seat in sorted(self.outboxes):
            self.send_view(seat)

    async def connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        handler = asyncio.current_task()
        assert handler is not None
        self.handlers.add(handler)
        handler.add_done_callback(self.handlers.discard)
        try:
            await self.serve(reader, writer)
        except Exception as error:  # a bug of the server's own: stop the run, loudly
            self.failed = error
            self.stopped.set()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seat: int | None = None  # the seat this connection plays, once joined

        def written(line: str) -> None:
            if seat is not None:
                self.sent.setdefault(seat, []).append(line)

        outbox = Outbox(
            writer, write_timeout=self.write_timeout, lines=self.queue_lines, buffer=self.buffer, written=written
        )
        self.connections.add(outbox)
        try:
            while (line := await read_line(reader)) is not None and not self.stopped.is_set():
                if outbox.dropped:
                    break  # what it sends now would be answered to nobody
                message: dict[str, Any] = {}
                try:
                    if not line:
                        raise Refused(f"a line is at most {LINE_LIMIT} bytes")
                    message = message_of(line)
                    if seat is None:
                        seat = self.join(message, outbox)
                    else:
                        self.act(seat, message)
                except Refused as error:
                    # Only the sender hears of it; the cards it named itself may be quoted.
                    allowed = cards_in(message) | (
                        self.allowed(seat, range(self.dealt())) if seat is not None else set()
                    )
                    self.send(outbox, seat, {"type": "error", "message": str(error)}, allowed)
        finally:
            if seat is not None and self.outboxes.get(seat) is outbox:
                self.leave(seat)
            self.connections.discard(outbox)
            await outbox.close()

    def join(self, message: dict[str, Any], outbox: Outbox) -> int:
        seat, token = message.get("seat"), message.get("token")
        if message["type"] != "join":
            raise Refused('join first: {"type": "join", "seat": N}')
        if type(seat) is not int or not 0 <= seat < RULES.seats:
            raise Refused(f"seat is a number from 0 to {RULES.seats - 1}")
        if seat in self.tokens:
            if token is None:
                raise Refused(f"seat {seat} is taken; its player takes it back with its token")
            if not isinstance(token, str) or not secrets.compare_digest(token.encode(), self.tokens[seat].encode()):
                raise Refused(f"wrong token for seat {seat}")
            if (old := self.outboxes.pop(seat, None)) is not None:
                old.writer.close()  # the seat's player is here now: the old connection goes
        elif token is not None:
            raise Refused(f"seat {seat} is free: join it without a token")
        else:
            self.tokens[seat] = secrets.token_hex(16)
        self.outboxes[seat] = outbox
        welcome = {"type": "welcome", "seat": seat, "token": self.tokens[seat]}
        welcome["history"] = data.public_match(self.match, seat)
        self.send(outbox, seat, welcome, self.allowed(seat, range(self.dealt())))
        if self.outboxes.get(seat) is not outbox:
            return seat  # dropped at once: not even the welcome fitted
        if self.started:
            self.send_view(seat)
        elif len(self.outboxes) == RULES.seats:
            self.started = True
            self.broadcast()
        return seat

    def act(self, seat: int, message: dict[str, Any]) -> None:
        if message["type"] != "action":
            raise Refused(f"you are seat {seat} already")
        if not self.started:
            raise Refused("the game starts once every seat is taken")
        if not isinstance(message.get("action"), str):
            raise Refused('send {"type": "action", "action": "..."}, the action in words')
        try:
            self.match = mus.apply(self.match, message["action"], seat)
        except mus.MusError as error:  # words the rules refuse, or not this seat's turn
            raise Refused(str(error)) from None
        self.actions += 1
        hand = self.match.hand
        if self.saved is None and self.actions >= SAVE_AFTER and hand.actions >= 3 and not hand.is_over:
            self.saved = notation.format_match(self.match)  # the full history: seed, stock and all
            self.stopped.set()
            return
        self.broadcast()
        if self.match.is_over:
            self.stopped.set()


class Client:
    """A remote player: it knows only what the server sends it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.bot = HeuristicBot()
        self.ports: asyncio.Queue[int] = asyncio.Queue()
        self.port = 0
        self.token: str | None = None
        self.received: list[str] = []
        self.refusals = 0
        self.turns = 0
        self.rejoined = False
        self.final: mus.MatchView | None = None
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def play(self) -> None:
        while self.final is None:
            self.port = await self.ports.get()
            await self.join()
            await self.follow()

    async def join(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        hello: dict[str, Any] = {"type": "join", "seat": self.seat}
        if self.token is not None:
            hello["token"] = self.token  # taking the seat back
        await self.send(hello)

    async def send(self, message: dict[str, Any]) -> None:
        assert self.writer is not None
        self.writer.write(json.dumps(message).encode() + b"\n")
        await self.writer.drain()

    async def receive(self) -> dict[str, Any] | None:
        assert self.reader is not None
        line = await self.reader.readline()
        if not line:
            return None
        text = line.decode().rstrip("\n")
        self.received.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "error":
            self.refusals += 1
        return message

    async def follow(self) -> None:
        """Play on this connection until the server closes it or the match ends."""
        known: mus.MatchView | None = None
        while (message := await self.receive()) is not None:
            if message["type"] == "welcome":
                self.token = message["token"]
                replayed = data.replay_public(message["history"])
                known = replayed[-1] if replayed else None  # type: ignore[assignment]
                continue
            assert message["type"] == "match_view", message
            view: mus.MatchView = data.from_data(message, "match_view")
            # The first view after joining is the last one of the public history.
            assert known is None or view == known, "the public history ends where the game stands"
            known = None
            if view.is_over:
                self.final = view
                break
            if view.hand.to_act == self.seat and not await self.turn(view):
                return  # dropped: back with the token, on the same server
        assert self.writer is not None
        self.writer.close()

    async def turn(self, view: mus.MatchView) -> bool:
        """Answer the view (the server sends nothing else meanwhile: it is this seat's
        turn); ``False`` if the connection was dropped instead."""
        self.turns += 1
        if self.seat == 3 and self.turns == 1:
            for line in MALFORMED:  # each gets its error, and the game goes on
                assert self.writer is not None
                self.writer.write(line)
                error = await self.receive()
                assert error is not None and error["type"] == "error", error
        if self.seat == 2 and self.turns == 3:
            assert self.writer is not None
            self.writer.close()
            await impostor(self.port, self.seat, self.token)
            self.ports.put_nowait(self.port)
            self.rejoined = True
            return False
        if self.seat == 1 and self.refusals == 0 and view.hand.phase is mus.Phase.MUS:
            await self.send({"type": "action", "action": "quiero"})  # does not fit the mus
            error = await self.receive()
            assert error is not None and error["type"] == "error", error
        await self.send({"type": "action", "action": str(self.bot.choose(view.hand))})
        return True


async def impostor(port: int, seat: int, token: str | None) -> None:
    """Someone else tries a seat whose player is away: without its token, then with a
    wrong one; both are refused."""
    reader, writer = await asyncio.open_connection(HOST, port)
    for hello in ({"type": "join", "seat": seat}, {"type": "join", "seat": seat, "token": "0" * 32}):
        writer.write(json.dumps(hello).encode() + b"\n")
        reply = json.loads(await reader.readline())
        assert reply["type"] == "error" and f"seat {seat}" in reply["message"], reply
    assert token is not None and token != "0" * 32
    writer.close()


async def until_stopped(server: Server, playing: list[asyncio.Task[None]]) -> None:
    """Wait for the server to stop; a client that fails stops the run at once."""
    stopped = asyncio.create_task(server.stopped.wait())
    while not stopped.done():
        done, _ = await asyncio.wait([stopped, *playing], return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            error = None if task is stopped else task.exception()
            if error is not None:
                stopped.cancel()
                raise error
        playing = [task for task in playing if not task.done()]


async def run() -> tuple[mus.MatchState, list[Client]]:
    sent: dict[int, list[str]] = {}
    clients = [Client(seat) for seat in range(RULES.seats)]
    playing = [asyncio.create_task(client.play()) for client in clients]
    server = Server(mus.new_match(RULES, seed=SEED), sent)
    restored = False
    with tempfile.TemporaryDirectory() as folder:
        while True:
            port = await server.start()
            for client in clients:
                client.ports.put_nowait(port)
            await until_stopped(server, playing)
            await server.stop()
            if server.failed is not None:
                raise server.failed
            if server.match.is_over:
                break
            # The server goes down mid-hand; a new one restores the match and the seats'
            # tokens from its files (its own: the clients never see them).
            assert server.saved is not None and not restored
            path = pathlib.Path(folder)
            (path / "match.txt").write_text(server.saved, encoding="utf-8")
            (path / "tokens.json").write_text(json.dumps(server.tokens), encoding="utf-8")
            match = notation.parse_match((path / "match.txt").read_text(encoding="utf-8"))
            tokens = {int(seat): token for seat, token in json.loads((path / "tokens.json").read_text()).items()}
            assert match == server.match and match.hand.actions and not match.hand.is_over
            print(
                f"saved and restored mid-hand: hand {match.hand_number + 1}, after {match.hand.actions} actions in it"
            )
            server, restored = Server(match, sent, tokens), True
            server.saved = "done"
    await asyncio.gather(*playing)
    assert restored, "the game ended before the save"
    for client in clients:
        assert client.received == sent[client.seat], "each client got exactly the lines sent to it"
    return server.match, clients


def main() -> None:
    match, clients = asyncio.run(asyncio.wait_for(run(), timeout=60))
    final = clients[0].final
    assert final is not None and final.is_over and final.winner == match.winner
    assert all(client.final == match.view(client.seat) for client in clients)
    assert clients[2].rejoined and clients[1].refusals == 1 and clients[3].refusals == len(MALFORMED)
    lines = sum(len(client.received) for client in clients)
    refused = sum(client.refusals for client in clients)
    print(f"{len(match.finished)} hands; team {match.winner} wins the game, games {mus.score_line(match.games)}")
    print(f"{lines} lines sent to the clients, {refused} refused (each to its sender only, the game going on)")
    print("seat 2 dropped and took its seat back with its token; an impostor's joins were refused")
    print("no client saw a card it should not")


if __name__ == "__main__":
    main()
