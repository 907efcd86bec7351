"""``mus check FILE...``: every hand and match history of the files read and replayed
(:mod:`mus.notation.checking`); one line per hand, with who won each lance and the
score, or the file, line and reason of what is wrong. The exit status is 0 when every
history is valid, 1 when any is not."""

from __future__ import annotations

import argparse
import sys

from mus import NotationError
from mus.cli.house import loaded_hint
from mus.cli.options import add_command, file_errors
from mus.notation.checking import CheckResult, check_file, check_stream

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus check`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "check",
        run,
        summary="check files of hand and match histories",
        description="Read every history of the files (text histories one after another, or JSON Lines; "
        "'-' reads standard input), replay each and check it: every action legal, the cards and the recorded "
        "count the replay's own. Prints one line per hand (who won each lance, the score) or the file, line "
        "and reason of what is wrong; exits 1 when any history is not valid. The rules come from the "
        "histories; --house-rules loads the house rules they name.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a file of histories, or - for standard input")
    parser.add_argument("--quiet", action="store_true", help="print only what is wrong, and the summary")


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
                        for line in result.lines():
                            print(line)
        except NotationError as error:
            # A file that cannot be read: one line for it, and the next file.
            histories, bad = histories + 1, bad + 1
            print(f"{path}: error: {str(error).removeprefix(f'cannot read {path}: ')}")
    noun = "history" if histories == 1 else "histories"
    verdict = "all valid" if not bad else f"{bad} not valid"
    print(f"{histories} {noun}, {hands} hand{'' if hands == 1 else 's'}: {verdict}")
    return 1 if bad else 0


def _hinted(result: CheckResult) -> CheckResult:
    """The result, its error saying which option loads a house rule it finds unknown."""
    assert result.error is not None
    hinted = str(loaded_hint(NotationError(result.error)))
    if hinted == result.error:
        return result
    return CheckResult(result.source, result.line, result.kind, error=hinted, error_line=result.error_line)
