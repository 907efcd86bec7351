"""``mus play``: a person with HeuristicBots in the other seats (three, by default) for
a match, at the terminal or from piped input; ``--save FILE`` writes the match history
at the end or on quit."""

from __future__ import annotations

import argparse
import secrets
import sys
import unicodedata

import mus
from mus import Declare, Discard, HandState, IllegalActionError, MatchState, MusError, MusVisto, Phase, Rules, Signal
from mus.actions import Action
from mus.bots import Bot, HeuristicBot
from mus.cli.narration import bot_action, hand_start_lines, print_lines, step_lines, turn
from mus.cli.options import (
    add_command,
    atomic_write,
    check_writable,
    file_errors,
    individuel_from_options,
    rules_from_options,
    rules_summary,
    seed_option,
)
from mus.cli.words import (
    action_words,
    choices_words,
    describe,
    games_line,
    games_text,
    number_word,
    score_line,
    seat_name,
    seats_list,
    team_name,
)
from mus.notation import format_match
from mus.notation.streams import read_line

__all__ = ["HELP", "MAX_INPUT", "register", "run"]

HELP = """\
what you can type (case and accents do not matter):
  mus / no hay mus        during the mus: exchange cards, or cut and play (also: no mus, sortir, mintza)
  Ro 7e                   the cards to discard, once everybody said mus (also: discard Ro 7e)
  paso                    pass, while nobody has bet on the lance
  envido N                bet N stones (2 or more); after a bet, raise N more
  quiero / no quiero      accept or refuse the bet (after a bet, paso refuses too)
  no queremos             refuse the bet for your whole team, while your partners are still to answer
  órdago                  bet the whole game (also: ordago)
  sí / no                 whether you have pares (juego), when the rules make seats declare
  seña dos reyes          signal your hand to your partner (with --senas; also: signal duples);
                          any time you are asked, it does not use your turn
  help, quit
cards are a rank and a suit: 1-7, S (sota), C (caballo), R (rey); o, c, e, b (oros,
copas, espadas, bastos): Ro is the rey de oros, 7e the siete de espadas"""
"""What ``help`` prints at the prompt."""

MAX_INPUT = 200
"""The longest line ``mus play`` reads as a move; a longer one is refused without being
kept, and one past :data:`~mus.notation.lines.MAX_LINE` characters ends the match."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus play`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "play",
        run,
        summary="play a match against bots",
        description="You play one seat; HeuristicBots play the others (your partners among them, in partnership play).",
    )
    parser.add_argument("--seed", type=seed_option, help="the deal's seed (default: random, printed)")
    # Every seat of the largest table (eight players of Mus individuel) is a choice
    # here; run() checks it against the table.
    parser.add_argument(
        "--seat",
        type=int,
        default=0,
        choices=range(8),
        metavar="N",
        help="your seat, 0 to seats-1 (default 0)",
    )
    _PARSER.append(parser)
    parser.add_argument("--save", metavar="FILE", help="write the match history (text notation) at the end or on quit")


_PARSER: list[argparse.ArgumentParser] = []
"""The ``mus play`` parser, to refuse a seat that no four-card table has as argparse would."""


class _Quit(Exception):
    """The person left the match: end of input or "quit"."""


def _read_line(prompt: str) -> str | None:
    """The person's next line, stripped; ``None`` when it is longer than :data:`MAX_INPUT`."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    try:
        # Never more than MAX_INPUT characters kept: input is a person's or a pipe's,
        # which may be endless (mus play < /dev/zero).
        line = "" if sys.stdin is None else read_line(sys.stdin, MAX_INPUT)
    except MusError as error:
        print()
        print(f"{error}: leaving the match")
        raise _Quit from None
    if line == "":
        print()
        print("end of input: leaving the match")
        raise _Quit
    if not sys.stdin.isatty():
        # Echo piped input so the transcript reads well.
        print(f"(a line of more than {MAX_INPUT} characters)" if line is None else line.rstrip("\r\n"))
    return None if line is None else line.strip()


_YES = ("si", "yes", "tengo", "hay", "si hay", "si tengo")
_NO = ("no", "no tengo", "no hay")


def _declaration(text: str, state: HandState) -> Action | None:
    """``sí``/``no`` (also ``pares sí``, ``tengo juego``...) while declaring, else ``None``."""
    if state.phase is not Phase.DECLARE or state.lance is None:
        return None
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = [word for word in plain.split() if word != str(state.lance)]
    phrase = " ".join(words)
    if phrase in _YES or phrase in _NO:
        return Declare(state.lance, phrase in _YES)
    return None


def _person_action(text: str, state: HandState, person: int) -> Action:
    """The action the person's words mean; a MusError says why they cannot be played."""
    action = _declaration(text, state)
    said: str | Action = action if action is not None else text
    if action is None:
        betting = state.betting
        try:
            # In the answer to a bet "paso" folds (rules section 7).
            action = mus.parse_action(text, answering=betting is not None and betting.bets > 0)
        except MusError:
            if state.phase is not Phase.DISCARD:
                raise
            action = said = Discard.parse(text)  # just the cards: "Ro 7e"
    if isinstance(action, MusVisto) and action.card not in state.hands[person]:
        # Never tell the person where another seat's card is.
        raise IllegalActionError(f"a mus visto names one of your own cards ({state.hands[person]}), not {action.card}")
    if isinstance(action, (Signal, MusVisto)):
        said = action  # a seña or a mus visto is the person's own, turn or no turn
    try:
        # The text itself, so that a refusal quotes the person's words.
        mus.apply(state, said, seat=person)
    except IllegalActionError as error:
        if isinstance(action, Signal) and not state.rules.senas:
            raise IllegalActionError(f"{error}; start mus play with --senas") from None
        raise
    return action


def _ask(state: HandState, person: int) -> Action:
    """The person's next action, asked until it is one that can be played."""
    while True:
        text = _read_line(f"you (seat {person})> ")
        if text is None:
            print(f"invalid: say it in at most {MAX_INPUT} characters")
            continue
        word = text.lower()
        if word in ("quit", "exit", "q"):
            print("you leave the match")
            raise _Quit
        if word in ("help", "?", "h"):
            print(HELP)
            print(f"now you may say: {choices_words(state)}")
            continue
        if not text:
            print(f"say one of: {choices_words(state)} (or help, quit)")
            continue
        try:
            return _person_action(text, state, person)
        except MusError as error:
            print(f"invalid: {error}")


def _now(hand: HandState, person: int) -> str:
    """What the person is asked to do now."""
    betting = hand.betting
    if hand.phase is Phase.MUS:
        if hand.servido is not None and mus.Mus() not in hand.legal_actions():
            return "now: the mus; after the mus visto you are servido: no hay mus, you play these cards"
        return "now: the mus; mus to exchange cards, no hay mus to play these"
    if hand.phase is Phase.DISCARD:
        if hand.forced_exchange:
            return "now: a card was seen, the exchange is forced; discard 1 to 4 cards, or say servido"
        return "now: everybody said mus; discard 1 to 4 cards"
    assert betting is not None
    if hand.phase is Phase.DECLARE:
        return f"now: {betting.lance}; say whether you have {betting.lance} (a false yes loses the lance)"
    if betting.bettor is None:
        return f"now: {betting.lance}, nobody has bet yet"
    bettor = seat_name(betting.bettor, person, hand.rules)
    # Individual betting goes on after an accept: say who has already taken the bet.
    taken = f", accepted by {seats_list(betting.accepted, person, hand.rules)}" if betting.accepted else ""
    if betting.ordago:
        return f"now: {betting.lance}, órdago by {bettor}{taken}!"
    return f"now: {betting.lance}, {betting.stake} at stake, last bet by {bettor}{taken}"


def _table(match: MatchState, person: int, since: list[str]) -> list[str]:
    hand = match.hand
    rules = match.rules
    lines = [
        "-" * 72,
        f"hand {match.hand_number + 1}; mano: {seat_name(hand.mano, person, rules)};"
        f" {games_line(match.games, person, rules)} (first to {rules.games_to_win})",
        score_line(hand.scores, rules, person) + f" (game to {rules.target})",
    ]
    if since:
        lines.append("since your last turn:")
        lines += [f"  {line}" for line in since]
    lines.append(_now(hand, person))
    lines.append(f"your cards: {hand.hands[person]}  ({describe(hand.hands[person], rules)})")
    lines.append(f"you may say: {choices_words(hand)}  (or help, quit)")
    return lines


def _save(path: str | None, match: MatchState) -> None:
    """Write the match history to ``path`` (all at once: a file that was there stays
    whole until the new one replaces it)."""
    if path is None:
        return
    with atomic_write(path) as file, file_errors(path, "write"):
        file.write(format_match(match))
    print(f"match saved to {path} (see it again with: mus replay {path})")


def _step(match: MatchState, person: int, bots: dict[int, Bot], since: list[str]) -> MatchState:
    """One action: the person's, asked at the prompt, or a bot's; the match after it.

    What the action set off is kept in ``since`` for the person's next turn, or
    printed with all that was kept when it ends the hand.
    """
    hand = match.hand
    if hand.to_act == person:
        print_lines(_table(match, person, since))
        since.clear()
        action = _ask(hand, person)
        while isinstance(action, Signal):
            # A seña takes no turn: it is made, and the person is asked again.
            match = mus.apply(match, action, seat=person)
            hand = match.hand
            print(f"you signal to {_partners_words(person, match.rules)}: {action_words(action)}")
            action = _ask(hand, person)
    else:
        action = bot_action(match, bots)
    after, played = turn(match, action)
    since += step_lines(hand, played, person)
    if played.is_over:
        print()
        print(f"hand {match.hand_number + 1}, since your last turn, to its end:")
        print_lines(since, "  ")
        since.clear()
        if played.winner is not None:
            print(games_line(after.games, person, match.rules))
    return after


def _partners_words(person: int, rules: Rules) -> str:
    """The person's partners: *your partner (seat 2)*, *your partners (seats 1 and 5)*."""
    partners = [seat for seat in range(rules.seats) if seat != person and rules.team_of[seat] == rules.team_of[person]]
    if len(partners) == 1:
        return f"your partner (seat {partners[0]})"
    return f"your partners ({seats_list(partners, None, rules)})"


def _welcome(person: int, rules: Rules) -> list[str]:
    """Who the person is at the table, with whom, and who plays the other seats."""
    partners = [seat for seat in range(rules.seats) if seat != person and rules.team_of[seat] == rules.team_of[person]]
    if not partners:
        who = f"mus: you are seat {person}, playing for yourself;"
    elif len(partners) == 1:
        who = f"mus: you are seat {person}, team {rules.team_of[person]}, with seat {partners[0]} as your partner;"
    else:
        who = f"mus: you are seat {person}, team {rules.team_of[person]}, with {seats_list(partners, None, rules)} as your partners;"
    others = rules.seats - 1
    bots = (
        "one HeuristicBot plays the other seat"
        if others == 1
        else f"{number_word(others)} HeuristicBots play the other seats"
    )
    return [who, f"{bots}. {rules_summary(rules)}."]


def run(args: argparse.Namespace) -> int:
    """A person against HeuristicBots, one in each other seat, for a match, at the
    terminal; with ``--preset individuel``, against simple players for a session of
    Mus individuel (:func:`mus.individuel.cli.play`)."""
    individuel = individuel_from_options(args)
    if individuel is not None:
        from mus.individuel.cli import play as play_individuel

        return play_individuel(args, individuel)
    if args.seat >= 6 and _PARSER:
        _PARSER[0].error(f"argument --seat: invalid choice: {args.seat} (the four-card game seats 0 to 5)")
    rules = rules_from_options(args)
    seed: int | str = secrets.randbelow(1_000_000) if args.seed is None else args.seed
    person: int = args.seat
    if not 0 <= person < rules.seats:
        raise MusError(f"--seat {person}: the table has {rules.seats} seats, 0 to {rules.seats - 1}")
    if args.save is not None:
        check_writable(args.save)  # fail now, not after the match, if FILE cannot be written
    bots: dict[int, Bot] = {seat: HeuristicBot() for seat in range(rules.seats) if seat != person}
    print_lines(_welcome(person, rules))
    print(f"seed {seed} (play the same deals again with --seed {seed}); type help for the words")
    match = mus.new_match(rules, seed=seed)
    since: list[str] = []
    announced = -1
    try:
        while not match.is_over:
            if match.hand_number != announced:
                announced = match.hand_number
                print_lines(hand_start_lines(match, person))
            match = _step(match, person, bots, since)
    except _Quit:
        _save(args.save, match)
        return 0
    except KeyboardInterrupt:
        print()
        print("interrupted: leaving the match")
        _save(args.save, match)
        return 130
    assert match.winner is not None
    verdict = "you win" if match.winner == rules.team_of[person] else "you lose"
    print(f"{verdict}: {team_name(match.winner, None, rules)} wins the match, {games_text(match)}")
    _save(args.save, match)
    return 0
