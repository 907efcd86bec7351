"""``mus check FILE...``: every hand and match history of the files read and replayed
(:mod:`mus.notation.checking`); one line per hand, with who won each lance and the
score, or the file, line and reason of what is wrong. The exit status is 0 when every
history is valid, 1 when any is not."""

from __future__ import annotations

import argparse
import re
import sys

from mus import NotationError
from mus.cli.errors import error_words
from mus.cli.house import loaded_hint
from mus.cli.options import add_command, file_errors
from mus.i18n import gettext as _
from mus.i18n import lance_name, ngettext, outcome_name, pgettext
from mus.notation.checking import CheckResult, HandOutcome, check_file, check_stream

__all__: list[str] = []  # the command's own: mus.cli says what is public


def run(args: argparse.Namespace) -> int:
    """Check every history of the files; print each hand's outcome and each error."""
    histories = hands = bad = 0
    for path in args.files:
        try:
            with file_errors(path, "read"):
                results = check_stream(sys.stdin, "-") if path == "-" else check_file(path)
                for result in results:
                    histories += 1
                    hands += len(result.hands)
                    if not result.ok:
                        bad += 1
                        result = _hinted(result)
                    if not result.ok or not args.quiet:
                        for line in check_lines(result):
                            print(line)
        except NotationError as error:
            # A file that cannot be read: one line for it, and the next file.
            histories, bad = histories + 1, bad + 1
            message = error_words(str(error).removeprefix(f"cannot read {path}: "))
            print(_("{source}: error: {error}").format(source=path, error=message))
    verdict = _("all valid") if not bad else ngettext("{n} not valid", "{n} not valid", bad).format(n=bad)
    text = _("{histories}, {hands}: {verdict}")
    print(
        text.format(
            histories=ngettext("{n} history", "{n} histories", histories).format(n=histories),
            hands=ngettext("{n} hand", "{n} hands", hands).format(n=hands),
            verdict=verdict,
        )
    )
    return 1 if bad else 0


def check_lines(result: CheckResult) -> list[str]:
    """:meth:`mus.notation.CheckResult.lines` in the language in use: one line per hand
    (the last one saying who won the match), or one line for the error. The error's
    reason is translated when :func:`~mus.cli.errors.error_words` knows it."""
    if result.error is not None:
        return [
            _("{source}:{line}: error: {error}").format(
                source=result.source, line=result.error_line, error=error_words(result.error)
            )
        ]
    lines = [f"{result.source}:{hand.line}: {hand_outcome_words(hand)}" for hand in result.hands]
    if result.kind == "match" and result.winner is not None:
        individual = bool(result.hands) and result.hands[-1].individual
        ending = _("{side} wins the match, {games}").format(
            side=_side(result.winner, individual), games=_scores(result.games)
        )
        lines = [*lines[:-1], lines[-1] + "; " + ending] if lines else [f"{result.source}:{result.line}: {ending}"]
    elif not lines:
        empty = _("match: no hand played") if result.kind == "match" else _("hand: no hand played")
        lines = [f"{result.source}:{result.line}: {empty}"]
    return lines


def hand_outcome_words(hand: HandOutcome) -> str:
    """``str(hand)`` (:class:`mus.notation.checking.HandOutcome`) in the language in use."""
    parts = []
    for lance, team, how in hand.lances:
        who = "-" if team is None else _side(team, hand.individual)
        part = f"{lance_name(lance)} {who}"
        parts.append(_("{lance} ({how})").format(lance=part, how=outcome_name(how)) if how else part)
    text = _("hand {number}: {lances}; score {scores}").format(
        number=hand.number, lances=", ".join(parts) or _("no lance played"), scores=_scores(hand.scores)
    )
    if hand.winner is not None:
        return _("{hand}; {side} wins the game").format(hand=text, side=_side(hand.winner, hand.individual))
    if not hand.over:
        return _("{hand} (unfinished: {where})").format(hand=text, where=_waiting(hand.waiting))
    return text


_WAITING = re.compile(r"(?P<stage>.+), seat (?P<seat>[0-9]+) to speak")


def _waiting(waiting: str) -> str:
    """Where an unfinished hand stands (the library's ``"chica, seat 2 to speak"``)
    in the language in use; a text of another shape as it is."""
    found = _WAITING.fullmatch(waiting)
    if found is None:
        return waiting
    stage = _("the mus") if found["stage"] == "the mus" else lance_name(found["stage"])
    return _("{lance}, seat {seat} to speak").format(lance=stage, seat=found["seat"])


def _side(side: int, individual: bool) -> str:
    return (_("seat {seat}") if individual else _("team {team}")).format(seat=side, team=side)


def _scores(scores: tuple[int, ...]) -> str:
    return "-".join(map(str, scores))


def _hinted(result: CheckResult) -> CheckResult:
    """The result, its error saying which option loads a house rule it finds unknown."""
    assert result.error is not None
    hinted = str(loaded_hint(NotationError(result.error)))
    if hinted == result.error:
        return result
    return CheckResult(result.source, result.line, result.kind, error=hinted, error_line=result.error_line)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus check`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "check",
        run,
        summary=_("check files of hand and match histories"),
        description=_(
            "Read every history of the files (text histories one after another, or JSON Lines; "
            "'-' reads standard input), replay each and check it: every action legal, the cards and the recorded "
            "count the replay's own. Prints one line per hand (who won each lance, the score) or the file, line "
            "and reason of what is wrong; exits 1 when any history is not valid. The rules come from the "
            "histories; --house-rules loads the house rules they name."
        ),
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar=pgettext("metavar", "FILE"),
        help=_("a file of histories, or - for standard input"),
    )
    parser.add_argument("--quiet", action="store_true", help=_("print only what is wrong, and the summary"))
