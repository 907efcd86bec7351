"""Serve a game of Mus over TCP: four clients, each shown only its own seat's view.

    python examples/serve_game.py

An asyncio server on localhost (a free port) keeps the one true ``MatchState``. The
protocol is newline-delimited JSON, one object a line:

* a client says ``{"type": "join", "seat": 2}``; the server answers
  ``{"type": "welcome", "seat": 2, "history": ...}``, the match so far as that seat saw
  it (``mus.data.public_match``: no seed, no stock, no other seat's cards);
* once the four seats are in, and after every action, the server sends each client
  its view, ``mus.data.view_data(match, seat)`` (a ``"match_view"``);
* the seat to act answers ``{"type": "action", "action": "envido 2"}`` (any words
  ``mus.apply`` reads); a refused action gets ``{"type": "error", "message": ...}``
  and the view again.

Four scripted clients play from their views with ``mus.bots.HeuristicBot`` (one of them
first tries a word that does not fit, to show a refusal). Part-way through a hand the
server saves the match in the full notation (``mus.notation.format_match``: the seed
and every card, for the server's eyes only), stops, and a new server restores it from
the file; the clients reconnect, replay their public history and play on to the end.

Every line sent is checked against the server's own state: no client receives a card
its seat was not dealt, did not draw, or was not shown at the count.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import re
import tempfile
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


class Server:
    """Holds the match, serves each seat its own view, checks and applies actions."""

    def __init__(self, match: mus.MatchState, sent: dict[int, list[str]]) -> None:
        self.match = match
        self.sent = sent  # every line sent to each seat, for the final check
        self.writers: dict[int, asyncio.StreamWriter] = {}
        self.actions = 0
        self.saved: str | None = None
        self.stopped = asyncio.Event()
        self.failed: Exception | None = None
        self.server: asyncio.Server | None = None
        # The cards each seat may know of, by hand: finished hands are settled once.
        self.known: dict[tuple[int, int], set[str]] = {}

    async def start(self) -> int:
        self.server = await asyncio.start_server(self.connect, HOST, 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        for writer in self.writers.values():
            writer.close()
        assert self.server is not None
        self.server.close()
        await self.server.wait_closed()

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

    async def send(self, seat: int, message: dict[str, Any], hands: range) -> None:
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        leaked = cards_in(message) - self.allowed(seat, hands)
        assert not leaked, f"seat {seat} would see {sorted(leaked)}"
        self.sent.setdefault(seat, []).append(line)
        writer = self.writers[seat]
        writer.write(line.encode() + b"\n")
        await writer.drain()

    async def broadcast(self) -> None:
        dealt = len(self.match.finished) + (0 if self.match.is_over else 1)
        for seat in sorted(self.writers):
            # A view shows the current hand and the one that ended last.
            await self.send(seat, data.view_data(self.match, seat), range(max(0, dealt - 2), dealt))

    async def connect(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            await self.serve(reader, writer)
        except Exception as error:  # asyncio would only log it: stop the run instead
            self.failed = error
            self.stopped.set()

    async def serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = json.loads(await reader.readline())
        seat = hello["seat"]
        assert hello["type"] == "join" and seat in range(RULES.seats) and seat not in self.writers
        self.writers[seat] = writer
        dealt = len(self.match.finished) + (0 if self.match.is_over else 1)
        await self.send(
            seat, {"type": "welcome", "seat": seat, "history": data.public_match(self.match, seat)}, range(dealt)
        )
        if len(self.writers) == RULES.seats:
            await self.broadcast()
        while line := await reader.readline():
            if self.stopped.is_set():
                break
            await self.handle(seat, line)

    async def handle(self, seat: int, line: bytes) -> None:
        try:
            message = json.loads(line)
            if (
                not isinstance(message, dict)
                or message.get("type") != "action"
                or not isinstance(message.get("action"), str)
            ):
                raise mus.NotationError('send {"type": "action", "action": "..."}')
            self.match = mus.apply(self.match, message["action"], seat)
        except (ValueError, mus.MusError) as error:  # bad JSON, or an action the rules refuse
            await self.send(seat, {"type": "error", "message": str(error)}, range(0))
            await self.send(
                seat,
                data.view_data(self.match, seat),
                range(max(0, len(self.match.finished) - 1), len(self.match.finished) + 1),
            )
            return
        self.actions += 1
        hand = self.match.hand
        if self.saved is None and self.actions >= SAVE_AFTER and hand.actions >= 3 and not hand.is_over:
            self.saved = notation.format_match(self.match)  # the full history: seed, stock and all
            self.stopped.set()
            return
        await self.broadcast()
        if self.match.is_over:
            self.stopped.set()


class Client:
    """A remote player: it knows only what the server sends it."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.bot = HeuristicBot()
        self.ports: asyncio.Queue[int] = asyncio.Queue()
        self.received: list[str] = []
        self.refusals = 0
        self.final: mus.MatchView | None = None

    async def play(self) -> None:
        while self.final is None:
            port = await self.ports.get()
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(json.dumps({"type": "join", "seat": self.seat}).encode() + b"\n")
            known: mus.MatchView | None = None
            while line := await reader.readline():
                text = line.decode().rstrip("\n")
                self.received.append(text)
                message = json.loads(text)
                if message["type"] == "welcome":
                    replayed = data.replay_public(message["history"])
                    known = replayed[-1] if replayed else None  # type: ignore[assignment]
                    continue
                if message["type"] == "error":
                    self.refusals += 1
                    continue
                view: mus.MatchView = data.from_data(message, "match_view")
                # The first view after joining is the last one of the public history.
                assert known is None or view == known, "the public history ends where the game stands"
                known = None
                if view.is_over:
                    self.final = view
                    break
                if view.hand.to_act == self.seat:
                    text = self.answer(view)
                    writer.write(json.dumps({"type": "action", "action": text}).encode() + b"\n")
                    await writer.drain()
            writer.close()

    def answer(self, view: mus.MatchView) -> str:
        if self.seat == 1 and self.refusals == 0 and view.hand.phase is mus.Phase.MUS:
            return "quiero"  # a word that does not fit the mus: the server refuses it
        return str(self.bot.choose(view.hand))


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
            # The server goes down mid-hand; a new one restores the match from its file.
            assert server.saved is not None and not restored
            path = pathlib.Path(folder) / "match.txt"
            path.write_text(server.saved, encoding="utf-8")
            match = notation.parse_match(path.read_text(encoding="utf-8"))
            assert match == server.match and match.hand.actions and not match.hand.is_over
            print(
                f"saved and restored mid-hand: hand {match.hand_number + 1}, after {match.hand.actions} actions in it"
            )
            server, restored = Server(match, sent), True
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
    lines = sum(len(client.received) for client in clients)
    refused = sum(client.refusals for client in clients)
    print(f"{len(match.finished)} hands; team {match.winner} wins the game, games {mus.score_line(match.games)}")
    print(f"{lines} lines sent to the clients, {refused} action refused; no client saw a card it should not")


if __name__ == "__main__":
    main()
