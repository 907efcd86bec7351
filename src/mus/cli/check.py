"""``mus check FILE...``: every hand and match history of the files read and replayed
(:mod:`mus.notation.checking`); one line per hand, with who won each lance and the
score, or the file, line and reason of what is wrong. The exit status is 0 when every
history is valid, 1 when any is not."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable

import attrs

from mus import NotationError, Rules
from mus.cli.errors import error_words
from mus.cli.files import file_errors
from mus.cli.house import loaded_hint
from mus.cli.options import add_command, given_rules, rules_from_options, rules_summary
from mus.i18n import current_language, lance_name, ngettext, outcome_name, pgettext
from mus.i18n import gettext as _
from mus.notation.checking import CheckResult, HandOutcome, check_file, check_stream

__all__: list[str] = []  # the command's own: mus.cli says what is public


def run(args: argparse.Namespace) -> int:
    """Check every history of the files; print each hand's outcome and each error."""
    rules = rules_from_options(args)
    given = given_rules(args)
    histories = hands = bad = 0
    for path in args.files:
        try:
            with file_errors(path, "read"):
                results = check_stream(sys.stdin, "-", rules=rules) if path == "-" else check_file(path, rules=rules)
                for result in results:
                    histories += 1
                    result = _agreed(result, given)
                    hands += len(result.hands)
                    if not result.ok:
                        bad += 1
                        result = _hinted(result)
                    if not result.ok or not args.quiet:
                        for line in [*([] if args.quiet else _notes(result)), *check_lines(result)]:
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
                source=result.source, line=result.error_line, error=reason_words(result.error, result.players)
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


def reason_words(error: str, players: tuple[str, ...]) -> str:
    """What is wrong with a history, in the language in use
    (:func:`~mus.cli.errors.error_words`), its seats named by the history's ``players``
    when it names them: said as seats to be translated, then named again.

    >>> reason_words("not Beñat's turn: Ane speaks", ("Ane", "Beñat"))
    "not Beñat's turn: Ane speaks"
    """
    if not players:
        return error_words(error)
    for seat, name in sorted(enumerate(players), key=lambda pair: -len(pair[1])):
        error = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", f"seat {seat}", error)
    text = error_words(error)
    articles = _ARTICLES.get(current_language(), {})
    for seat, name in enumerate(players):
        said = re.escape(_("seat {seat}").format(seat=seat))
        # "el jugador 2" is "Carmen", "del jugador 2" "de Carmen": a name takes no article.
        before = "|".join(map(re.escape, articles))
        pattern = rf"\b(?P<article>{before})?{said}(?![0-9])" if articles else rf"(?P<article>){said}(?![0-9])"
        text = re.sub(pattern, _naming(name, articles), text)
    return text


def _naming(name: str, articles: dict[str, str]) -> Callable[[re.Match[str]], str]:
    def named(found: re.Match[str]) -> str:
        return articles.get(found.group("article") or "", "") + name

    return named


_ARTICLES = {"es": {"del ": "de ", "al ": "a ", "el ": ""}, "fr": {"au ": "à ", "du ": "de ", "le ": ""}}
"""The articles before a seat's word that a player's name does without, by language."""


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
    if hand.game:
        text = _("game {game}, {hand}").format(game=hand.game, hand=text)
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


def _agreed(result: CheckResult, given: dict[str, tuple[str, object]]) -> CheckResult:
    """The result, or an error at its rules line when a rules option given disagrees
    with the history's own rules."""
    if not result.ok or result.rules is None or result.rules_line is None or result.defaulted == "rules":
        return result
    own = result.rules.to_dict()
    for knob, (option, value) in given.items():
        if own[knob] != value:
            error = _("{option} disagrees with the history's rules, which say {knob}={value}").format(
                knob=knob, value=_knob_text(own[knob]), option=option
            )
            return CheckResult(result.source, result.line, result.kind, error=error, error_line=result.rules_line)
    return result


def _knob_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _notes(result: CheckResult) -> list[str]:
    """What a history took of the rules the command line gives: all of them (it has no
    rules line), or its house rules."""
    if not result.defaulted:
        return []
    if result.rules is None:  # no rules given: the library's defaults
        return [
            f"{result.source}:{result.line}: "
            + _("no rules line: checked under {rules}").format(rules=rules_summary(Rules()))
        ]
    if result.defaulted == "rules":
        note = _("no rules line: checked under {rules}").format(rules=rules_summary(result.rules))
    else:
        names = ", ".join(rule.name for rule in result.rules.house)
        note = _("its rules name no house rules: checked with those of --house-rules, {names}").format(names=names)
    return [f"{result.source}:{result.line}: {note}"]


def _hinted(result: CheckResult) -> CheckResult:
    """The result, its error saying which option loads a house rule it finds unknown."""
    assert result.error is not None
    hinted = str(loaded_hint(NotationError(result.error)))
    if hinted == result.error:
        return result
    return attrs.evolve(result, error=hinted)


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
            "histories; a history without a rules line is checked under the rules options (and one whose rules "
            "name no house rules, with those of --house-rules), and says so; a rules option that disagrees with "
            "a history's own rules is an error. --house-rules also loads the house rules the histories name."
        ),
    )
    parser.add_argument(
        "files",
        nargs="+",
        metavar=pgettext("metavar", "FILE"),
        help=_("a file of histories, or - for standard input"),
    )
    parser.add_argument("--quiet", action="store_true", help=_("print only what is wrong, and the summary"))
