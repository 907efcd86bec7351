"""A game server's loop: every seat is served only its own view, and every action is checked.

    python examples/server_loop.py

The server keeps the one true ``MatchState``. Each turn it sends the seat to act its
``SeatView`` (``state.view(seat)``: its own cards, the public history, the scores) and
waits for an answer as text, as it would arrive over a network. It never trusts an
answer: it parses it (``mus.parse_action``), checks it with ``state.is_legal(action,
seat)``, and applies it under ``try/except IllegalActionError``; a rejected message
gets the library's reason as the reply, and the seat is asked again.

Two of the four clients are sloppy (they sometimes send words that do not fit the
moment), and now and then a client speaks out of turn, so the log shows rejections.
"""

from __future__ import annotations

import random

import mus
from mus.bots import HeuristicBot

SEED = 7
WORDS = ["quiero", "no quiero", "paso", "mus", "no hay mus", "envido 1", "envido 3", "órdago", "discard Ro", "raise"]


class Client:
    """A remote player: it only ever sees the views the server sends it."""

    def __init__(self, seat: int, sloppy: bool) -> None:
        self.seat = seat
        self.bot = HeuristicBot()
        self.sloppy = sloppy
        self.random = random.Random(f"{SEED}/{seat}")

    def answer(self, view: mus.SeatView, retry: bool) -> str:
        """The client's message for its turn: an action's text."""
        assert view.seat == self.seat and view.to_act == self.seat and view.hands is None
        if self.sloppy and not retry and self.random.random() < 0.3:
            return self.random.choice(WORDS)
        return str(self.bot.choose(view))


def serve(match: mus.MatchState, seat: int, text: str) -> tuple[mus.MatchState, str | None]:
    """Handle one message from ``seat``: the new state and ``None``, or the old one and why not."""
    try:
        action = mus.parse_action(text)
    except mus.MusError as error:
        return match, str(error)
    if not match.hand.is_legal(action, seat):
        return match, mus.problem(match.hand, action, seat)
    try:
        return mus.apply(match, action, seat), None
    except mus.IllegalActionError as error:  # is_legal said yes: cannot happen, but never trust
        return match, str(error)


def main() -> None:
    """Run one game with four clients and print a short log."""
    rules = mus.Rules(games_to_win=1)
    match = mus.new_match(rules, seed=SEED)
    clients = [Client(seat, sloppy=seat in (1, 3)) for seat in range(rules.seats)]
    accepted = rejected = turns = 0
    shown = 0
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        # Now and then another seat speaks out of turn; the server says no.
        turns += 1
        if turns % 20 == 0:
            intruder = (seat + 2) % rules.seats
            match, reply = serve(match, intruder, "paso")
            assert reply is not None
            rejected += 1
            if shown < 8:
                print(f"  reject seat {intruder}: 'paso': {reply}")
                shown += 1
        retry = False
        while True:
            text = clients[seat].answer(match.hand.view(seat), retry)
            before = match
            match, reply = serve(match, seat, text)
            if reply is None:
                accepted += 1
                break
            rejected += 1
            retry = True
            if shown < 8:
                print(f"  reject seat {seat}: {text!r}: {reply}")
                shown += 1
        if len(match.finished) > len(before.finished) or match.is_over:
            hand = match.hand if match.is_over else match.finished[-1]
            how = ""
            if hand.winner is not None:
                last = hand.results[-1].outcome if hand.results else None
                way = (
                    "an accepted órdago"
                    if last is mus.Outcome.ORDAGO
                    else "refusal stones"
                    if hand.count is None
                    else "the count"
                )
                how = f"; team {hand.winner} wins the game by {way}"
            print(
                f"hand {len(before.finished) + 1}: mano seat {hand.mano}, {len(hand.history)} history entries,"
                f" score {hand.scores[0]}-{hand.scores[1]}{how}"
            )
    print(f"team {match.winner} wins the game; {accepted} actions accepted, {rejected} messages rejected")


if __name__ == "__main__":
    main()
