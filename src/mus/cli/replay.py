"""``mus replay``: step through every history of a file, as ``mus check`` reads them:
hands and matches (any of the four notations, paper records of hands and of matches
included; several one after another, as ``mus simulate --save`` writes them, or JSON
Lines), or Mus individuel hands and sessions (``mus-individuel-hand 1``,
``mus-individuel-session 1``, text or JSON; several sessions one after another, as
``mus simulate --preset individuel --save`` writes them). A history without a rules
line is replayed under the rules options."""

from __future__ import annotations

import argparse
import json
import sys

import mus
from mus import Declare, HandState, MatchState, MusError, Phase
from mus import individuel as solo
from mus.cli.check import reason_words
from mus.cli.house import loaded_hint
from mus.cli.narration import deal_lines, print_lines, status, step_lines
from mus.cli.options import add_command, read_histories, rules_from_options, rules_summary
from mus.cli.words import games_line, games_text, scores_text, team_name
from mus.i18n import QUIT_WORDS, lance_name, pgettext
from mus.i18n import gettext as _
from mus.individuel.cli import deal_lines as solo_deal_lines
from mus.individuel.cli import event_lines, summary
from mus.notation import PaperMatch, load, read_match, read_record
from mus.notation.histories import HAND_HEADER, MATCH_HEADER
from mus.notation.lines import MAX_JSON
from mus.notation.paper import HandRecord
from mus.notation.reading import first_line, players_of
from mus.notation.streams import read_line

__all__: list[str] = []  # the command's own: mus.cli says what is public

MAX_FILE = 4_000_000_000
"""The largest history file ``mus replay`` reads, in characters (it reads and replays one
history at a time, so memory stays that of one match)."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus replay`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "replay",
        run,
        summary=_("step through a saved history"),
        description=_(
            "Replay every hand and match of a file (text histories one after another, paper records included, or "
            "JSON Lines); '-' reads standard input. The rules come from the histories; a history without a rules "
            "line is replayed under the rules options."
        ),
    )
    parser.add_argument(
        "file", metavar=pgettext("metavar", "FILE"), help=_("the history file, or - for standard input")
    )
    parser.add_argument("--step", action="store_true", help=_("wait for Enter between actions (at a terminal)"))


class _Stepper:
    """Waits for Enter between actions when stepping at a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def wait(self) -> None:
        if not self.enabled:
            return
        sys.stdout.write(_("[Enter: next action, q: show the rest] "))
        sys.stdout.flush()
        line = read_line(sys.stdin, 200) or ""
        if not line or line.strip().lower() in QUIT_WORDS:
            self.enabled = False


_HEADERS = (HAND_HEADER, MATCH_HEADER, "mus-individuel-session 1", "mus-individuel-hand 1")
"""The first lines of the histories a file may hold several of, one after another."""


def _replay_hand(hand: HandState, stepper: _Stepper, unknown: tuple[int, ...] = ()) -> None:
    state = hand.initial()
    # A paper record's hands written '?' hold stand-ins: shown as the record has them.
    hidden = [str(state.hands[seat]) for seat in unknown]
    print(_("seat {mano} is mano; score {scores}").format(mano=state.mano, scores=scores_text(state.scores)))
    print_lines(_masked(deal_lines(state), hidden))
    for seat, action in hand.history:
        if isinstance(action, Declare) and state.phase is not Phase.DECLARE:
            continue  # derived by the engine: step_lines reports them
        after = mus.apply(state, action, seat)
        lines = step_lines(state, after)
        lines[0] = f"{lines[0]}   -> {status(after)}"
        print_lines(_masked(lines, hidden), "  ")
        stepper.wait()
        state = after
    if not state.is_over:
        print("  " + _("(the history stops here, the hand unfinished: {status})").format(status=status(state)))


def _masked(lines: list[str], hidden: list[str]) -> list[str]:
    """``lines`` with the cards of a hand nobody wrote down (and what follows them on
    their line) said as the record says them: ``?``."""
    for cards in hidden:
        lines = [line[: line.index(cards)] + "?" if cards in line else line for line in lines]
    return lines


def _replay_match(match: MatchState, stepper: _Stepper) -> None:
    text = _("match, seed {seed}, first mano seat {mano}: {rules}")
    print(text.format(seed=match.seed, mano=match.first_mano, rules=rules_summary(match.rules)))
    hands = list(match.finished)
    if match.hand.history and not match.is_over:
        hands.append(match.hand)  # the hand under way when the history stops
    rules = match.rules
    games = [0] * rules.teams
    for number, hand in enumerate(hands, 1):
        print()
        print(_("=== hand {number} ===").format(number=number))
        _replay_hand(hand, stepper)
        if hand.winner is not None:
            games[hand.winner] += 1
            print(f"  {games_line(games, rules=rules)}")
    if match.winner is not None:
        print(
            _("{team} wins the match, {games}").format(
                team=team_name(match.winner, None, rules), games=games_text(match)
            )
        )
    else:
        text = _("the match is unfinished: games {games}, score {scores}")
        print(text.format(games=scores_text(match.games), scores=scores_text(match.scores)))


def _individuel(text: str) -> solo.HandState | solo.Session | None:
    """The Mus individuel hand or session that ``text`` holds, or ``None`` when it is
    not one (then it is read as a history of the four-card game)."""
    start = first_line(text)
    if start.startswith("mus-individuel-hand"):
        return solo.parse_hand(text)
    if start.startswith("mus-individuel-session"):
        return solo.parse_session(text)
    if not start.startswith("{") or '"mus-individuel-' not in text[:10_000] or len(text) > MAX_JSON:
        return None  # (a JSON text too long to parse: the four-card reader refuses it by its size)
    try:
        kind = json.loads(text).get("format")
    except (ValueError, RecursionError, AttributeError):
        return None  # the four-card reader says what is wrong with it
    if kind == "mus-individuel-hand":
        return solo.hand_from_json(text)
    return solo.session_from_json(text) if kind == "mus-individuel-session" else None


def _replay_individuel_hand(hand: solo.HandState, stepper: _Stepper) -> None:
    state = hand.initial()
    print_lines(solo_deal_lines(state))
    for seat, action in hand.history:
        after = solo.apply(state, action, seat)
        print_lines(event_lines(state, after, seat, action), "  ")
        stepper.wait()
        state = after
    if not state.is_over:
        if state.phase is Phase.DISCARD:
            where = _("discards")
        else:
            assert state.lance is not None
            where = _("{lance}, seat {seat} to speak").format(lance=lance_name(state.lance), seat=state.to_act)
        print("  " + _("(the history stops here, the hand unfinished: {status})").format(status=where))


def _replay_individuel_session(session: solo.Session, stepper: _Stepper) -> None:
    text = _("session, seed {seed}, first mano seat {mano}: {rules}")
    print(text.format(seed=session.seed, mano=session.first_mano, rules=summary(session.rules)))
    hands = list(session.finished)
    if session.hand.history and not session.is_over:
        hands.append(session.hand)  # the hand under way when the history stops
    game, number = 1, 0
    lost = [0] * session.rules.players
    for hand in hands:
        number += 1
        print()
        print(_("=== game {game}, hand {number} ===").format(game=game, number=number))
        _replay_individuel_hand(hand, stepper)
        if hand.loser is not None:
            lost[hand.loser] += 1
            print("  " + _("games lost {losses}").format(losses="-".join(map(str, lost))))
            game, number = game + 1, 0
    losses = "-".join(map(str, session.losses))
    if session.winner is not None:
        print(_("seat {seat} wins the session; games lost {losses}").format(seat=session.winner, losses=losses))
    else:
        print(_("the session is unfinished: games lost {losses}").format(losses=losses))


def _replay_paper_match(match: PaperMatch, stepper: _Stepper) -> None:
    text = _("match written down at the table, first mano seat {mano}: {rules}")
    print(text.format(mano=match.first_mano, rules=rules_summary(match.rules)))
    for record, (game, number) in zip(match.hands, match.numbers, strict=True):
        print()
        print(_("=== game {game}, hand {number} ===").format(game=game, number=number))
        _replay_hand(record.state, stepper, record.unknown)
    rules = match.rules
    if match.winner is not None:
        games = match.vacas if rules.vacas_to_win > 1 else match.games
        text = _("{team} wins the match, {games}")
        print(text.format(team=team_name(match.winner, None, rules), games=scores_text(games)))
    else:
        print(_("the match is unfinished: games {games}").format(games=scores_text(match.games)))


def _replay_one(
    history: HandState | HandRecord | MatchState | PaperMatch | solo.HandState | solo.Session, stepper: _Stepper
) -> None:
    if isinstance(history, HandRecord):
        print(_("hand: {rules}").format(rules=rules_summary(history.state.rules)))
        _replay_hand(history.state, stepper, history.unknown)
    elif isinstance(history, PaperMatch):
        _replay_paper_match(history, stepper)
    elif isinstance(history, solo.Session):
        _replay_individuel_session(history, stepper)
    elif isinstance(history, solo.HandState):
        print(_("hand: {rules}").format(rules=summary(history.rules)))
        _replay_individuel_hand(history, stepper)
    elif isinstance(history, MatchState):
        _replay_match(history, stepper)
    else:
        print(_("hand: {rules}").format(rules=rules_summary(history.rules)))
        _replay_hand(history, stepper)


def run(args: argparse.Namespace) -> int:
    """Step through every history of a file (any of the four notations, paper records
    included), or Mus individuel hands and sessions."""
    path: str = args.file
    rules = rules_from_options(args)
    stepper = _Stepper(bool(args.step) and path != "-" and sys.stdin.isatty())
    texts = read_histories(path, MAX_FILE, _HEADERS)
    text: str | None = next(texts)
    number = 0
    while text is not None:
        # One history ahead: the next is read (and its errors found) only when this one is
        # done, but whether a header is needed is known at once.
        try:
            history = _individuel(text) or _read(text, rules)
        except MusError as error:
            # Translated here, where the players the history names are known.
            raise MusError(reason_words(str(loaded_hint(error)), players_of(text))) from None
        following = next(texts, None)
        number += 1
        if number > 1 or following is not None:
            print(_("##### history {number}").format(number=number))
        _replay_one(history, stepper)
        text = following
    return 0


def _read(text: str, rules: mus.Rules) -> HandRecord | MatchState | PaperMatch | HandState:
    """A history of the four-card game, read as ``mus check`` reads it."""
    start = first_line(text)
    if start.startswith("{"):
        return load(text)
    if start.startswith(MATCH_HEADER):
        return read_match(text, rules=rules)
    return read_record(text, rules=rules)
