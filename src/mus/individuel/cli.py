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
import re
import secrets
import sys
import time
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from typing import IO

from mus.actions import Accept, Action, Bet, Discard, Fold, Ordago, Pass, parse_action
from mus.errors import MusError
from mus.i18n import HELP_WORDS, N_, QUIT_WORDS, and_list, lance_name, ngettext, number_word, outcome_name, pgettext
from mus.i18n import gettext as _
from mus.individuel.bots import Player, RandomPlayer, SimplePlayer
from mus.individuel.notation import format_session
from mus.individuel.rules import IndividuelRules
from mus.individuel.session import Session, apply_session, new_session
from mus.individuel.state import HandState, Outcome, Phase
from mus.individuel.table import LanceResult, Move
from mus.ranking import Lance

__all__ = ["PLAYERS", "deal_lines", "event_lines", "move_words", "play", "result_words", "simulate", "summary"]


PLAYERS: dict[str, type[SimplePlayer] | type[RandomPlayer]] = {
    "simple": SimplePlayer,
    "heuristic": SimplePlayer,
    "random": RandomPlayer,
}
"""The players ``mus simulate --preset individuel --bots`` knows (``heuristic`` is the
simple player, so the four-card game's default works here too)."""


def _reading_words() -> dict[tuple[str, str], str]:
    """How :func:`summary` words the readings that are not at their defaults."""
    return {
        ("juego_order", "descending"): _(", juego 31 then 40 down to 32"),
        ("accepted_stake", "per-opponent"): _(", an accepted stake sheds once per opponent"),
        ("refused_raise", "previous-stake"): _(", a refused raise sheds the stake before it"),
        ("grande_chica_stone", "always"): _(", grande and chica shed 1 on top of any stake"),
        ("out_lance", "lost"): _(", a lance won by a player with no stones left is lost"),
        ("real_31_three", "as-king"): _(", a 3 is the real 31's rey"),
    }


def summary(rules: IndividuelRules) -> str:
    """The rules in one line of words.

    >>> summary(IndividuelRules(players=5, real_31=True))
    'Mus individuel: five players, 8 stones each, eight kings, real 31 sheds 5, lose 3 games and you are out of the session'
    """
    text = _("Mus individuel: {players} players, {stones} stones each, ").format(
        players=number_word(rules.players), stones=rules.stones
    )
    text += _("eight kings") if rules.eight_kings else _("four kings")
    if rules.real_31:
        text += _(", real 31 sheds 5 (with a rey)") if rules.real_31 == "king" else _(", real 31 sheds 5")
    if rules.juego_33:
        text += _(", 33 of 7, 6 and two tens sheds 4")
    if rules.ordago_last_lance:
        text += _(", órdago on every lance")
    if rules.zero_mid_hand == "plays-on":
        text += _(", a player with no stones left plays the hand on")
    if rules.next_game_mano == "loser-deals":
        text += _(", the loser deals the next game")
    text += "".join(words for (name, value), words in _reading_words().items() if getattr(rules, name) == value)
    lose = ngettext(
        ", lose {count} game and you are out of the session",
        ", lose {count} games and you are out of the session",
        rules.losses,
    )
    return text + lose.format(count=rules.losses)


def bot_names(text: str, bots: Iterable[str]) -> list[str]:
    """The bots that ``--bots`` names, comma-separated, in any case; each must be one of
    ``bots`` (the command line of either game reads its option so).

    >>> bot_names("Random, simple", PLAYERS)
    ['random', 'simple']
    """
    names = [name.strip().lower() for name in text.split(",")]
    known = list(bots)
    for name in names:
        if name not in known:
            raise MusError(_("unknown bot {name} (bots: {bots})").format(name=repr(name), bots=", ".join(known)))
    return names


def _players(text: str, seed: int | str, rules: IndividuelRules) -> list[Player]:
    names = bot_names(text, PLAYERS)
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        text = _("--bots names 1 or {players} (one per player) bots, got {count}")
        raise MusError(text.format(players=rules.players, count=len(names)))
    return [
        RandomPlayer(f"{seed}/seat/{seat}") if name == "random" else SimplePlayer() for seat, name in enumerate(names)
    ]


def deal_lines(state: HandState) -> list[str]:
    """The deal as a replay shows it: the mano, the stones, each seat's five cards.

    >>> from mus.individuel import new_hand
    >>> deal_lines(new_hand(IndividuelRules(players=2), seed=11))[1]
    'seat 0: Cb 6b 5o 5c 4b'
    """
    lines = [
        _("seat {mano} is mano; stones {stones}, basket {basket}").format(
            mano=state.mano, stones="-".join(map(str, state.stones)), basket=state.pot
        )
    ]
    held = state.held
    lines += [
        _("{name}: {text}").format(name=_seat(seat), text=" ".join(map(str, held[seat]))) for seat in state.deal.seats
    ]
    return lines


def _seat(seat: int | None) -> str:
    return _("seat {seat}").format(seat=seat)


def _action(action: object) -> str:
    """An action in the canonical words of the Mus individuel's transcripts (*pass*,
    *bet 4*, *discard Ro*), in the language in use."""
    if isinstance(action, Bet):
        return pgettext("individuel", "bet {stones}").format(stones=action.stones)
    if isinstance(action, Discard):
        return pgettext("individuel", "discard {cards}").format(cards=" ".join(map(str, action.cards)))
    word = _WORDS.get(type(action))
    return str(action) if word is None else word()


_WORDS: dict[type, Callable[[], str]] = {
    Pass: lambda: pgettext("individuel", "pass"),
    Accept: lambda: pgettext("individuel", "accept"),
    Fold: lambda: pgettext("individuel", "fold"),
    Ordago: lambda: pgettext("individuel", "ordago"),
}
"""The words of the actions that say nothing more than their kind (looked up when
said: in the language in use then)."""


def result_words(result: LanceResult) -> str:
    """How the betting on a lance ended (``str(result)``), in the language in use.

    >>> result_words(LanceResult(Lance.GRANDE, Outcome.ACCEPTED, (0, 2), stake=4, forfeits=2))
    'grande: 4 accepted by seats 0 and 2, 2 forfeited by those who folded'
    """
    text = _OUTCOME_WORDS[result.outcome]()
    if result.outcome is Outcome.ACCEPTED and result.forfeits:
        text += _(", {forfeits} forfeited by those who folded")
    return text.format(
        lance=lance_name(result.lance),
        stake=result.stake,
        seats=and_list(result.seats),
        forfeits=result.forfeits,
        taker=result.taker,
    )


_OUTCOME_WORDS: dict[Outcome, Callable[[], str]] = {
    Outcome.ACCEPTED: lambda: _("{lance}: {stake} accepted by seats {seats}"),
    Outcome.REFUSED: lambda: _("{lance}: refused, seat {taker} sheds {stake} at once"),
    Outcome.ORDAGO: lambda: _("{lance}: ordago among seats {seats}, seat {taker} takes their stones"),
    Outcome.ALONE: lambda: _("{lance}: alone, seat {taker}"),
    Outcome.EN_PASO: lambda: _("{lance}: en paso"),
    Outcome.VOID: lambda: _("{lance}: void"),
}
"""How each outcome of a lance is said (looked up when said: in the language in use then)."""


def move_words(move: Move) -> str:
    """Stones that moved (``str(move)``), in the language in use.

    >>> move_words(Move(Lance.PARES, 3, 2, owed=2, why="medias, en paso"))
    'pares: seat 3 sheds 2 (medias, en paso)'
    """
    why = _why(move.why)
    if move.to is not None:
        text = _("{lance}: seat {seat} gives {stones} to seat {to} ({why})")
    elif move.owed > move.stones:
        text = _("{lance}: seat {seat} sheds {stones} of {owed} owed ({why})")
    else:
        text = _("{lance}: seat {seat} sheds {stones} ({why})")
    return text.format(
        lance=lance_name(move.lance), seat=move.seat, stones=move.stones, to=move.to, owed=move.owed, why=why
    )


_WHY = re.compile(
    r"(?P<head>en paso|refused|alone|stake (?P<stake>\d+)(?: from each of (?P<each>\d+))?)"
    r"(?: \+ (?P<forfeited>\d+) forfeited)?(?P<tail>.*)",
    re.DOTALL,
)
_BONUS = re.compile(r"(?P<sep>, | \+ )(?:juego of (?P<points>\d+)|(?P<word>\w+)) (?P<stones>\d+)")


def _why(why: str) -> str:
    """Why stones moved (:attr:`Move.why`, words the reducer puts together), in the
    language in use."""
    whole = {
        "órdago": pgettext("individuel", "órdago"),
        "refused, the stake before the raise": _("refused, the stake before the raise"),
        "refused, staked by those who folded": _("refused, staked by those who folded"),
        "refused first bet": _("refused first bet"),
    }
    if why in whole:
        return whole[why]
    match = _WHY.fullmatch(why)
    if match is None:
        return why
    heads = {"en paso": pgettext("outcome", "en paso"), "refused": _("refused"), "alone": _("alone")}
    head = match["head"]
    if match["each"] is not None:
        text = _("stake {stake} from each of {count}").format(stake=match["stake"], count=match["each"])
    elif match["stake"] is not None:
        text = _("stake {stake}").format(stake=match["stake"])
    else:
        text = heads[head]
    if match["forfeited"] is not None:
        text += _(" + {stones} forfeited").format(stones=match["forfeited"])
    for bonus in _BONUS.finditer(match["tail"]):
        if bonus["points"] is not None:
            words = _("juego of {points} {stones}").format(points=bonus["points"], stones=bonus["stones"])
        else:
            word = bonus["word"]
            lances = {str(lance) for lance in Lance}
            words = f"{lance_name(word) if word in lances else word} {bonus['stones']}"
        text += bonus["sep"] + words
    return text


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
    who = _("you") if seat == person else _seat(seat)
    hidden = before.phase is Phase.DISCARD and person is not None and seat != person
    words = _("discard a card") if hidden else _action(action)
    lines = [_("{name}: {text}").format(name=who, text=words)]
    if before.lance is not None and after.lance != before.lance and after.results[len(before.results) :]:
        lines += [f"  {result_words(result)}" for result in after.results[len(before.results) :]]
    lines += [f"  {move_words(move)}" for move in after.moves[len(before.moves) :]]
    if after.is_over:
        shown = after.shown(person if person is not None else 0)
        lines += ["  " + _("seat {seat} kept {hand}").format(seat=s, hand=after.hands[s]) for s in shown]
        stones = "-".join(map(str, after.stones))
        lines.append("  " + _("stones {stones}, basket {basket}").format(stones=stones, basket=after.pot))
        if after.loser is not None:
            lines.append("  " + _("seat {seat} alone holds stones: it loses the game").format(seat=after.loser))
    return lines


def _step(session: Session, action: Action | str, person: int | None) -> tuple[Session, list[str]]:
    hand = session.hand
    seat = session.to_act
    assert seat is not None
    after = apply_session(session, action)
    played = after.finished[-1] if len(after.finished) > len(session.finished) else after.hand
    return after, event_lines(hand, played, seat, played.history[len(hand.history)][1], person)


_HELP = N_("""\
what you can type at the Mus individuel (case and accents do not matter):
  Ro                      the card to discard, at the start of the hand (also: discard Ro)
  paso                    pass
  envido N                bet N stones (the choices above say how many)
  quiero / no quiero      accept or refuse the bet
  órdago                  bet the órdago
  help, quit""")
"""What ``help`` (``ayuda``, ``laguntza``, ``aide``) shows at the Mus individuel's prompt."""


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
    title = _("game {game}, hand {number}; mano seat {mano}; stones {stones}, basket {basket}").format(
        game=session.game + 1,
        number=session.hand_in_game + 1,
        mano=hand.mano,
        stones="-".join(map(str, hand.stones)),
        basket=hand.pot,
    )
    lines = ["-" * 72, title]
    if hand.phase is Phase.DISCARD:
        held = hand.held[person]
        text = _("your five cards: {cards}; discard one (e.g. {card})")
        lines.append(text.format(cards=" ".join(map(str, held)), card=held[-1]))
    else:
        lines.append(_("your cards: {cards}").format(cards=hand.hands[person]))
        if betting is not None and betting.bettor is not None:
            lance = lance_name(betting.lance)
            if betting.ordago:
                text = _("{lance}: órdago, last bet by seat {seat}, round {round}")
            else:
                text = _("{lance}: {stake} at stake, last bet by seat {seat}, round {round}")
            lines.append(text.format(lance=lance, stake=betting.stake, seat=betting.bettor, round=betting.lap))
        elif betting is not None:
            lines.append(_("{lance}: nobody has bet yet").format(lance=lance_name(betting.lance)))
    lines.append(_("you may say: {choices}  (or help, quit)").format(choices=_legal_words(hand)))
    return lines


def _legal_words(hand: HandState) -> str:
    legal = hand.legal_actions()
    if legal.hand is not None or not legal:
        return str(legal)
    bets = "+" if legal.max_bet is None else f"-{legal.max_bet}"
    return ", ".join(_action(action) + (bets if isinstance(action, Bet) else "") for action in legal)


def play(
    args: argparse.Namespace,
    rules: IndividuelRules,
    explain: Callable[[MusError], str] = str,
    output: Output | None = None,
) -> int:
    """A person against simple players, one in each other seat, for a session;
    ``explain`` words the library's errors for the person (the command line's
    translation; by default as the library says them); ``output`` opens ``--save``'s
    file (the command line's ``mus.cli.files.atomic_write``; by default a plain
    ``open``)."""
    seed: int | str = secrets.randbelow(1_000_000) if args.seed is None else args.seed
    person: int = args.seat
    if not 0 <= person < rules.players:
        message = _("--seat {seat}: the table has {players} players, seats 0 to {last}")
        raise MusError(message.format(seat=person, players=rules.players, last=rules.players - 1))
    bots = {seat: SimplePlayer() for seat in range(rules.players) if seat != person}
    print(_("mus: you are seat {seat}, playing for yourself; {rules}.").format(seat=person, rules=summary(rules)))
    print(_("seed {seed} (play the same deals again with --seed {seed})").format(seed=seed))
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
            text = _read(_("you (seat {seat})> ").format(seat=person))
            if text is None or text.lower() in QUIT_WORDS:
                print(_("you leave the session"))
                break
            if text.lower() in HELP_WORDS:
                print(_(_HELP))
                continue
            try:
                answering = session.hand.betting is not None and session.hand.betting.lap > 0
                first = text.lower().split()[0] if text.split() else ""
                if session.hand.phase is Phase.DISCARD and first not in (
                    "discard",
                    "descarte",
                    "écarte",
                    "ecarte",
                    "bota",
                ):
                    text = f"discard {text}"  # just the card: "Ro"
                said = parse_action(text, answering=answering)
                session, lines = _step(session, said, person)
            except MusError as error:
                print(_("invalid: {error}").format(error=explain(error)))
                continue
            print("\n".join(lines))
    except KeyboardInterrupt:
        print("\n" + _("interrupted: leaving the session"))
    if session.is_over:
        verdict = _("you win") if session.winner == person else _("you lose")
        text = _("{verdict}: seat {seat} wins the session; games lost {losses}")
        print(text.format(verdict=verdict, seat=session.winner, losses="-".join(map(str, session.losses))))
    if args.save is not None:
        _write(args.save, format_session(session), output)
    return 0


Output = Callable[[str], AbstractContextManager[IO[str]]]
"""What opens a file to save into, given its path (``mus.cli.files.atomic_write``)."""


def _write(path: str, text: str, output: Output | None) -> None:
    try:
        if output is not None:
            with output(path) as file:
                file.write(text)
        else:
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
    except OSError as error:
        raise MusError(_("cannot write {path}: {reason}").format(path=path, reason=error.strerror or error)) from None
    print(_("session saved to {path}").format(path=path))


def simulate(args: argparse.Namespace, rules: IndividuelRules, output: Output | None = None) -> int:
    """Bots play N hands of Mus individuel, session after session; prints the figures;
    ``output`` opens ``--save``'s file, as for :func:`play`."""
    total: int = args.hands
    if total < 1:
        raise MusError(_("--hands must be at least 1, got {count}").format(count=total))
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
    text = ngettext(
        "simulated {hands} hand, seed {seed}: {rules}", "simulated {hands} hands, seed {seed}: {rules}", hands
    )
    print(text.format(hands=hands, seed=seed, rules=summary(rules)))
    bots_words = ", ".join(
        _("seat {seat} {bot}").format(seat=seat, bot=type(bot).__name__) for seat, bot in enumerate(bots)
    )
    print(_("bots: {bots}").format(bots=bots_words))
    print(_("sessions: {count} finished; órdagos accepted: {ordagos}").format(count=sessions, ordagos=ordagos))
    print()
    rows = ((_("sessions won"), won), (_("games lost"), lost), (_("stones shed"), shed))
    seats = [_seat(seat) for seat in range(n)]
    label, cell = max(18, *(len(name) + 1 for name, _values in rows)), max(9, *(len(name) + 1 for name in seats))
    print(" " * label + "".join(f"{name:>{cell}}" for name in seats))
    for name, values in rows:
        print(f"{name:{label}}" + "".join(f"{value:>{cell}}" for value in values))
    print()
    counts = ", ".join(f"{outcome_name(name)} {count}" for name, count in outcomes.items())
    print(_("how the lances ended: {counts}").format(counts=counts))
    if args.save is not None:
        _write(args.save, "".join(texts), output)
    rate = hands / elapsed if elapsed > 0 else float("inf")
    print(_("time: {seconds:.2f} s, {rate:.0f} hands per second").format(seconds=elapsed, rate=rate))
    return 0
