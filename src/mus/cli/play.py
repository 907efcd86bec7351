"""``mus play``: a person with HeuristicBots in the other seats (three, by default) for
a match, at the terminal or from piped input; ``--save FILE`` writes the match history
at the end or on quit."""

from __future__ import annotations

import argparse
import contextlib
import secrets
import sys
import unicodedata

import mus
from mus import (
    Declare,
    Discard,
    HandState,
    IllegalActionError,
    Lance,
    MatchState,
    MusError,
    MusVisto,
    Phase,
    Rules,
    Signal,
)
from mus.actions import Action
from mus.bots import Bot, HeuristicBot
from mus.cli.errors import error_words
from mus.cli.files import atomic_write, check_writable, file_errors, saving_help
from mus.cli.narration import bot_action, hand_start_lines, print_lines, step_lines, turn
from mus.cli.options import add_command, add_seed, individuel_from_options, rules_from_options, rules_summary
from mus.cli.words import (
    action_words,
    choices_words,
    describe,
    games_line,
    games_text,
    score_line,
    seat_name,
    seats_list,
    team_name,
)
from mus.i18n import HELP_WORDS, N_, QUIT_WORDS, lance_name, number_word, pgettext
from mus.i18n import gettext as _
from mus.notation import format_match
from mus.notation.streams import read_line

__all__: list[str] = []  # the command's own: mus.cli says what is public

HELP = N_("""\
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
copas, espadas, bastos): Ro is the rey de oros, 7e the siete de espadas""")
"""What ``help`` prints at the prompt (in English: it is shown in the language in use)."""

MAX_INPUT = 200
"""The longest line ``mus play`` reads as a move; a longer one is refused without being
kept, and one past :data:`~mus.notation.lines.MAX_LINE` characters ends the match."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus play`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "play",
        run,
        summary=_("play a match against bots"),
        description=_(
            "You play one seat; HeuristicBots play the others (your partners among them, in partnership play)."
        ),
    )
    add_seed(parser, _("the deal's seed (default: random, printed)"))
    # Every seat of the largest table (eight players of Mus individuel) is a choice
    # here; run() checks it against the table.
    parser.add_argument(
        "--seat",
        type=int,
        default=0,
        choices=range(8),
        metavar="N",
        help=_("your seat, 0 to seats-1 (default 0)"),
    )
    _PARSER.append(parser)
    parser.add_argument(
        "--save",
        metavar=pgettext("metavar", "FILE"),
        help=_("write the match history (text notation) at the end or on quit") + f" ({saving_help()})",
    )


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
        print(_("{error}: leaving the match").format(error=error_words(error)))
        raise _Quit from None
    if line == "":
        print()
        print(_("end of input: leaving the match"))
        raise _Quit
    if not sys.stdin.isatty():
        # Echo piped input so the transcript reads well.
        long_line = _("(a line of more than {count} characters)").format(count=MAX_INPUT)
        print(long_line if line is None else line.rstrip("\r\n"))
    return None if line is None else line.strip()


# Spanish and English; Basque (bai, badut: "I have it"; ez, ez dut); French (oui, j'en ai;
# non, je n'en ai pas).
_YES = ("si", "yes", "tengo", "hay", "si hay", "si tengo", "bai", "badut", "bai badut", "oui", "j'en ai", "oui j'en ai")
_NO = ("no", "no tengo", "no hay", "ez", "ez dut", "ez daukat", "non", "je n'en ai pas", "non je n'en ai pas")
_LANCE_WORDS = {Lance.PARES: ("pares", "pareak", "paires"), Lance.JUEGO: ("juego", "jokoa", "jeu")}
"""The names of the declared lances the prompt takes, beside sí or no (Basque, French)."""


def _declaration(text: str, state: HandState) -> Action | None:
    """``sí``/``no`` (also ``pares sí``, ``tengo juego``...) while declaring, else ``None``."""
    if state.phase is not Phase.DECLARE or state.lance is None:
        return None
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = [word for word in plain.split() if word not in _LANCE_WORDS.get(state.lance, (str(state.lance),))]
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
        raise IllegalActionError(
            _("a mus visto names one of your own cards ({hand}), not {card}").format(
                hand=state.hands[person], card=action.card
            )
        )
    if isinstance(action, (Signal, MusVisto)):
        said = action  # a seña or a mus visto is the person's own, turn or no turn
    try:
        # The text itself, so that a refusal quotes the person's words.
        mus.apply(state, said, seat=person)
    except IllegalActionError as error:
        if isinstance(action, Signal) and not state.rules.senas:
            raise IllegalActionError(
                _("{error}; start mus play with --senas").format(error=error_words(error))
            ) from None
        raise
    return action


def _ask(state: HandState, person: int) -> Action:
    """The person's next action, asked until it is one that can be played."""
    while True:
        text = _read_line(_("you (seat {seat})> ").format(seat=person))
        if text is None:
            print(_("invalid: say it in at most {count} characters").format(count=MAX_INPUT))
            continue
        word = text.lower()
        if word in QUIT_WORDS:
            print(_("you leave the match"))
            raise _Quit
        if word in HELP_WORDS:
            print(_(HELP))
            print(_("now you may say: {choices}").format(choices=choices_words(state)))
            continue
        if not text:
            print(_("say one of: {choices} (or help, quit)").format(choices=choices_words(state)))
            continue
        try:
            return _person_action(text, state, person)
        except MusError as error:
            print(_("invalid: {error}").format(error=error_words(error)))


def _now(hand: HandState, person: int) -> str:
    """What the person is asked to do now."""
    betting = hand.betting
    if hand.phase is Phase.MUS:
        if hand.servido is not None and mus.Mus() not in hand.legal_actions():
            return _("now: the mus; after the mus visto you are servido: no hay mus, you play these cards")
        return _("now: the mus; mus to exchange cards, no hay mus to play these")
    if hand.phase is Phase.DISCARD:
        if hand.forced_exchange:
            return _("now: a card was seen, the exchange is forced; discard 1 to 4 cards, or say servido")
        return _("now: everybody said mus; discard 1 to 4 cards")
    assert betting is not None
    lance = lance_name(betting.lance)
    if hand.phase is Phase.DECLARE:
        return _("now: {lance}; say whether you have {lance} (a false yes loses the lance)").format(lance=lance)
    if betting.bettor is None:
        return _("now: {lance}, nobody has bet yet").format(lance=lance)
    bettor = seat_name(betting.bettor, person, hand.rules)
    # Individual betting goes on after an accept: say who has already taken the bet.
    taken = ""
    if betting.accepted:
        taken = _(", accepted by {seats}").format(seats=seats_list(betting.accepted, person, hand.rules))
    if betting.ordago:
        return _("now: {lance}, órdago by {bettor}{taken}!").format(lance=lance, bettor=bettor, taken=taken)
    text = _("now: {lance}, {stake} at stake, last bet by {bettor}{taken}")
    return text.format(lance=lance, stake=betting.stake, bettor=bettor, taken=taken)


def _table(match: MatchState, person: int, since: list[str]) -> list[str]:
    hand = match.hand
    rules = match.rules
    lines = [
        "-" * 72,
        _("hand {number}; mano: {mano}; {games} (first to {target})").format(
            number=match.hand_number + 1,
            mano=seat_name(hand.mano, person, rules),
            games=games_line(match.games, person, rules),
            target=rules.games_to_win,
        ),
        _("{score} (game to {target})").format(score=score_line(hand.scores, rules, person), target=rules.target),
    ]
    if since:
        lines.append(_("since your last turn:"))
        lines += [f"  {line}" for line in since]
    lines.append(_now(hand, person))
    cards = hand.hands[person]
    lines.append(_("your cards: {cards}").format(cards=cards) + f"  ({describe(cards, rules)})")
    lines.append(_("you may say: {choices}  (or help, quit)").format(choices=choices_words(hand)))
    return lines


def _save(path: str | None, match: MatchState) -> None:
    """Write the match history to ``path`` (all at once: a file that was there stays
    whole until the new one replaces it)."""
    if path is None:
        return
    with atomic_write(path) as file, file_errors(path, "write"):
        file.write(format_match(match))
    print(_("match saved to {path} (see it again with: mus replay {path})").format(path=path))


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
            text = _("you signal to {partners}: {sena}")
            print(text.format(partners=_partners_words(person, match.rules), sena=action_words(action)))
            action = _ask(hand, person)
    else:
        action = bot_action(match, bots)
    after, played = turn(match, action)
    since += step_lines(hand, played, person)
    if played.is_over:
        print()
        print(_("hand {number}, since your last turn, to its end:").format(number=match.hand_number + 1))
        print_lines(since, "  ")
        since.clear()
        if played.winner is not None:
            print(games_line(after.games, person, match.rules))
    return after


def _partners_words(person: int, rules: Rules) -> str:
    """The person's partners: *your partner (seat 2)*, *your partners (seats 1 and 5)*."""
    partners = [seat for seat in range(rules.seats) if seat != person and rules.team_of[seat] == rules.team_of[person]]
    if len(partners) == 1:
        return _("your partner (seat {seat})").format(seat=partners[0])
    return _("your partners ({seats})").format(seats=seats_list(partners, None, rules))


def _welcome(person: int, rules: Rules) -> list[str]:
    """Who the person is at the table, with whom, and who plays the other seats."""
    partners = [seat for seat in range(rules.seats) if seat != person and rules.team_of[seat] == rules.team_of[person]]
    team = rules.team_of[person]
    if not partners:
        who = _("mus: you are seat {seat}, playing for yourself;").format(seat=person)
    elif len(partners) == 1:
        who = _("mus: you are seat {seat}, team {team}, with seat {partner} as your partner;")
        who = who.format(seat=person, team=team, partner=partners[0])
    else:
        who = _("mus: you are seat {seat}, team {team}, with {partners} as your partners;")
        who = who.format(seat=person, team=team, partners=seats_list(partners, None, rules))
    others = rules.seats - 1
    if others == 1:
        bots = _("one HeuristicBot plays the other seat")
    else:
        bots = _("{count} HeuristicBots play the other seats").format(count=number_word(others))
    return [who, _("{bots}. {rules}.").format(bots=bots, rules=rules_summary(rules))]


def run(args: argparse.Namespace) -> int:
    """A person against HeuristicBots, one in each other seat, for a match, at the
    terminal; with ``--preset individuel``, against simple players for a session of
    Mus individuel (:func:`mus.individuel.cli.play`)."""
    individuel = individuel_from_options(args)
    if args.save is not None:
        check_writable(args.save)  # fail now, not after the match, if FILE cannot be written
    if individuel is not None:
        from mus.individuel.cli import play as play_individuel

        return play_individuel(args, individuel, error_words, atomic_write)
    if args.seat >= 6 and _PARSER:
        _PARSER[0].error(
            _("argument --seat: invalid choice: {seat} (the four-card game seats 0 to 5)").format(seat=args.seat)
        )
    rules = rules_from_options(args)
    seed: int | str = secrets.randbelow(1_000_000) if args.seed is None else args.seed
    person: int = args.seat
    if not 0 <= person < rules.seats:
        raise MusError(
            _("--seat {seat}: the table has {seats} seats, 0 to {last}").format(
                seat=person, seats=rules.seats, last=rules.seats - 1
            )
        )
    bots: dict[int, Bot] = {seat: HeuristicBot() for seat in range(rules.seats) if seat != person}
    print_lines(_welcome(person, rules))
    print(_("seed {seed} (play the same deals again with --seed {seed}); type help for the words").format(seed=seed))
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
    except KeyboardInterrupt:  # Ctrl-C, or SIGTERM or SIGHUP (mus.cli.stopping)
        with contextlib.suppress(OSError):  # a terminal that closed takes no more lines
            print()
            print(_("interrupted: leaving the match"))
        _save(args.save, match)
        return 130
    assert match.winner is not None
    verdict = _("you win") if match.winner == rules.team_of[person] else _("you lose")
    text = _("{verdict}: {team} wins the match, {games}")
    print(text.format(verdict=verdict, team=team_name(match.winner, None, rules), games=games_text(match)))
    _save(args.save, match)
    return 0
