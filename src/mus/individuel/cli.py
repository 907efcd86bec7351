"""``mus play --preset individuel`` and ``mus simulate --preset individuel``: the
command line's Mus individuel (the ``mus`` commands dispatch here).

>>> import argparse
>>> args = argparse.Namespace(hands=3, seed=1, bots="simple", save=None, progress=False)
>>> simulate(args, IndividuelRules(players=3))  # doctest: +ELLIPSIS
simulated 3 hands, seed 1: Mus individuel: three players, 8 stones each, ...
0
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time

from mus.actions import Action, parse_action
from mus.errors import MusError
from mus.individuel.bots import Player, RandomPlayer, SimplePlayer
from mus.individuel.notation import format_session
from mus.individuel.rules import IndividuelRules
from mus.individuel.session import Session, apply_session, new_session
from mus.individuel.state import HandState, Outcome, Phase

__all__ = ["PLAYERS", "deal_lines", "event_lines", "play", "simulate", "summary"]

_NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"]

PLAYERS = {"simple": SimplePlayer, "heuristic": SimplePlayer, "random": RandomPlayer}
"""The players ``mus simulate --preset individuel --bots`` knows (``heuristic`` is the
simple player, so the four-card game's default works here too)."""


_READING_WORDS = {
    ("juego_order", "descending"): ", juego 31 then 40 down to 32",
    ("accepted_stake", "per-opponent"): ", an accepted stake sheds once per opponent",
    ("refused_raise", "previous-stake"): ", a refused raise sheds the stake before it",
    ("grande_chica_stone", "always"): ", grande and chica shed 1 on top of any stake",
    ("out_lance", "lost"): ", a lance won by a player with no stones left is lost",
    ("real_31_three", "as-king"): ", a 3 is the real 31's rey",
}
"""How :func:`summary` words the readings that are not at their defaults."""


def summary(rules: IndividuelRules) -> str:
    """The rules in one line of words.

    >>> summary(IndividuelRules(players=5, real_31=True))
    'Mus individuel: five players, 8 stones each, eight kings, real 31 sheds 5, lose 3 games and you are out of the session'
    """
    text = f"Mus individuel: {_NUMBERS[rules.players]} players, {rules.stones} stones each, "
    text += "eight kings" if rules.eight_kings else "four kings"
    if rules.real_31:
        text += ", real 31 sheds 5" + (" (with a rey)" if rules.real_31 == "king" else "")
    if rules.juego_33:
        text += ", 33 of 7, 6 and two tens sheds 4"
    if rules.ordago_last_lance:
        text += ", órdago on every lance"
    if rules.zero_mid_hand == "plays-on":
        text += ", a player with no stones left plays the hand on"
    if rules.next_game_mano == "loser-deals":
        text += ", the loser deals the next game"
    text += "".join(words for (name, value), words in _READING_WORDS.items() if getattr(rules, name) == value)
    return text + f", lose {rules.losses} game{'s' if rules.losses > 1 else ''} and you are out of the session"


def _players(text: str, seed: int | str, rules: IndividuelRules) -> list[Player]:
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in PLAYERS:
            raise MusError(f"unknown bot {name!r} (bots: {', '.join(PLAYERS)})")
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise MusError(f"--bots names 1 or {rules.players} (one per player) bots, got {len(names)}")
    return [
        RandomPlayer(f"{seed}/seat/{seat}") if name == "random" else SimplePlayer() for seat, name in enumerate(names)
    ]


def deal_lines(state: HandState) -> list[str]:
    """The deal as a replay shows it: the mano, the stones, each seat's five cards.

    >>> from mus.individuel import new_hand
    >>> deal_lines(new_hand(IndividuelRules(players=2), seed=11))[1]
    'seat 0: Cb 6b 5o 5c 4b'
    """
    lines = [f"seat {state.mano} is mano; stones {'-'.join(map(str, state.stones))}, basket {state.pot}"]
    lines += [f"seat {seat}: {' '.join(map(str, state.held[seat]))}" for seat in state.deal.seats]
    return lines


def event_lines(before: HandState, after: HandState, seat: int, action: Action, person: int | None = None) -> list[str]:
    """What one action showed: the action, the lance's result when its betting ended,
    any stones that moved, and the end of the hand. ``person`` is the seat of the player
    it is shown to (others' discards are hidden from him), or ``None`` for a replay,
    which shows everything.

    >>> from mus.actions import Discard
    >>> from mus.individuel import apply, new_hand
    >>> state = new_hand(IndividuelRules(players=2), seed=11)
    >>> event_lines(state, apply(state, "discard 4b"), 0, Discard.parse("4b"), person=1)
    ['seat 0: discard a card']
    """
    who = "you" if seat == person else f"seat {seat}"
    hidden = before.phase is Phase.DISCARD and person is not None and seat != person
    words = "discard a card" if hidden else str(action)
    lines = [f"{who}: {words}"]
    if before.lance is not None and after.lance != before.lance and after.results[len(before.results) :]:
        lines += [f"  {result}" for result in after.results[len(before.results) :]]
    lines += [f"  {move}" for move in after.moves[len(before.moves) :]]
    if after.is_over:
        shown = after.shown(person if person is not None else 0)
        lines += [f"  seat {s} kept {after.hands[s]}" for s in shown]
        lines.append(f"  stones {'-'.join(map(str, after.stones))}, basket {after.pot}")
        if after.loser is not None:
            lines.append(f"  seat {after.loser} alone holds stones: it loses the game")
    return lines


def _step(session: Session, action: Action | str, person: int | None) -> tuple[Session, list[str]]:
    hand = session.hand
    seat = session.to_act
    assert seat is not None
    after = apply_session(session, action)
    played = after.finished[-1] if len(after.finished) > len(session.finished) else after.hand
    return after, event_lines(hand, played, seat, played.history[len(hand.history)][1], person)


def _read(prompt: str) -> str | None:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        print()
        return None
    if not sys.stdin.isatty():
        print(line.rstrip("\r\n"))
    return line.strip()


def _prompt_lines(session: Session, person: int) -> list[str]:
    hand = session.hand
    betting = hand.betting
    lines = ["-" * 72, f"game {session.game + 1}, hand {session.hand_in_game + 1}; mano seat {hand.mano}; "
             f"stones {'-'.join(map(str, hand.stones))}, basket {hand.pot}"]  # fmt: skip
    if hand.phase is Phase.DISCARD:
        lines.append(
            f"your five cards: {' '.join(map(str, hand.held[person]))}; discard one (e.g. {hand.held[person][-1]})"
        )
    else:
        lines.append(f"your cards: {hand.hands[person]}")
        if betting is not None and betting.bettor is not None:
            stake = "órdago" if betting.ordago else f"{betting.stake} at stake"
            lines.append(f"{betting.lance}: {stake}, last bet by seat {betting.bettor}, round {betting.lap}")
        elif betting is not None:
            lines.append(f"{betting.lance}: nobody has bet yet")
    lines.append(f"you may say: {hand.legal_actions()}  (or quit)")
    return lines


def play(args: argparse.Namespace, rules: IndividuelRules) -> int:
    """A person against simple players, one in each other seat, for a session."""
    seed: int | str = secrets.randbelow(1_000_000) if args.seed is None else args.seed
    person: int = args.seat
    if not 0 <= person < rules.players:
        raise MusError(f"--seat {person}: the table has {rules.players} players, seats 0 to {rules.players - 1}")
    bots = {seat: SimplePlayer() for seat in range(rules.players) if seat != person}
    print(f"mus: you are seat {person}, playing for yourself; {summary(rules)}.")
    print(f"seed {seed} (play the same deals again with --seed {seed})")
    session = new_session(rules, seed=seed)
    try:
        while not session.is_over:
            seat = session.to_act
            assert seat is not None
            if seat != person:
                session, lines = _step(session, bots[seat].choose(session.view(seat)), person)
                print("\n".join(lines))
                continue
            print("\n".join(_prompt_lines(session, person)))
            text = _read(f"you (seat {person})> ")
            if text is None or text.lower() in ("quit", "exit", "q"):
                print("you leave the session")
                break
            try:
                answering = session.hand.betting is not None and session.hand.betting.lap > 0
                if session.hand.phase is Phase.DISCARD and not text.lower().startswith("discard"):
                    text = f"discard {text}"  # just the card: "Ro"
                said = parse_action(text, answering=answering)
                session, lines = _step(session, said, person)
            except MusError as error:
                print(f"invalid: {error}")
                continue
            print("\n".join(lines))
    except KeyboardInterrupt:
        print("\ninterrupted: leaving the session")
    if session.is_over:
        verdict = "you win" if session.winner == person else "you lose"
        print(f"{verdict}: seat {session.winner} wins the session; games lost {'-'.join(map(str, session.losses))}")
    if args.save is not None:
        _write(args.save, format_session(session))
    return 0


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise MusError(f"cannot write {path}: {error.strerror or error}") from None
    print(f"session saved to {path}")


def simulate(args: argparse.Namespace, rules: IndividuelRules) -> int:
    """Bots play N hands of Mus individuel, session after session; prints the figures."""
    total: int = args.hands
    if total < 1:
        raise MusError(f"--hands must be at least 1, got {total}")
    seed: int | str = 2026 if args.seed is None else args.seed
    bots = _players(args.bots, seed, rules)
    n = rules.players
    hands = sessions = ordagos = 0
    won, lost, shed = [0] * n, [0] * n, [0] * n
    outcomes: dict[str, int] = {str(outcome): 0 for outcome in Outcome}
    texts: list[str] = []
    session = new_session(rules, seed=f"{seed}/0")
    started = time.perf_counter()
    while hands < total:
        if session.is_over:
            assert session.winner is not None
            won[session.winner] += 1
            sessions += 1
            texts.append(format_session(session))
            session = new_session(rules, seed=f"{seed}/{sessions}", mano=sessions % n)
        seat = session.to_act
        assert seat is not None
        before = len(session.finished)
        session = apply_session(session, bots[seat].choose(session.view(seat)))
        if len(session.finished) > before:
            hand = session.finished[-1]
            hands += 1
            for result in hand.results:
                outcomes[str(result.outcome)] += 1
                ordagos += result.outcome is Outcome.ORDAGO
            for move in hand.moves:
                if move.to is None:
                    shed[move.seat] += move.stones
            if hand.loser is not None:
                lost[hand.loser] += 1
    elapsed = time.perf_counter() - started
    if session.is_over:
        assert session.winner is not None
        won[session.winner] += 1
        sessions += 1
    if session.finished or session.hand.history:
        texts.append(format_session(session))
    print(f"simulated {hands} hands, seed {seed}: {summary(rules)}")
    print(f"bots: {', '.join(f'seat {seat} {type(bot).__name__}' for seat, bot in enumerate(bots))}")
    print(f"sessions: {sessions} finished; órdagos accepted: {ordagos}")
    print()
    print(f"{'':18}" + "".join(f"{f'seat {seat}':>9}" for seat in range(n)))
    for label, values in (("sessions won", won), ("games lost", lost), ("stones shed", shed)):
        print(f"{label:18}" + "".join(f"{value:>9}" for value in values))
    print()
    print("how the lances ended: " + ", ".join(f"{name} {count}" for name, count in outcomes.items()))
    if args.save is not None:
        _write(args.save, "".join(texts))
    rate = hands / elapsed if elapsed > 0 else float("inf")
    print(f"time: {elapsed:.2f} s, {rate:.0f} hands per second")
    return 0
