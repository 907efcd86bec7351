"""The ``mus`` command line: watch, play, simulate, compare and replay Mus.

::

    mus demo [--seed S]                       bots play one game, every hand narrated
    mus play [--seat N] [--save FILE]         you against bots in the other seats, for a match
    mus simulate --hands N [--bots B,...]     bots play many hands; results and statistics
    mus compare HAND HAND [HAND...]           who wins each lance, and why
    mus replay FILE [--step]                  step through a saved history
    mus advise HAND [--seat N] [--json]       cut or mus, and which cards to throw
    mus tournament --bots B,B [--games N]     a fair round robin between bots

Every command takes the rules options ``--preset NAME``, ``--seats N`` (2 to 6; default
4), ``--individual`` (each seat for itself; default two partnerships), ``--four-kings``,
``--real-31``, ``--target N`` and ``--games N``. Any error in what was asked prints one
line, ``mus: error: ...``, on standard error and exits with status 2.

Each command is a module of this package (``mus.cli.demo``, ``mus.cli.play``,
``mus.cli.simulate``, ``mus.cli.compare``, ``mus.cli.replay``); they share
``mus.cli.options`` (rules options, seeds, files), ``mus.cli.words`` (the game's
words) and ``mus.cli.narration`` (a hand told step by step).

>>> main(["compare", "Ro Rc 7e 1b", "Cc Co 5b 4e"])  # doctest: +ELLIPSIS
hand 1 (mano): Ro Rc 7e 1b ...
grande: hand 1 wins: R R 7 1 beats C C 5 4 of hand 2: rey over caballo at the 1st card
...
0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
from typing import TextIO

import mus
from mus import MusError
from mus.cli import advise, compare, demo, odds, play, replay, simulate, tournament
from mus.cli.compare import compare_lines
from mus.cli.narration import step_lines
from mus.cli.options import DEFAULT_SEED, Command, rules_from_options
from mus.cli.words import action_words, choices_words

__all__ = [
    "DEFAULT_SEED",
    "action_words",
    "build_parser",
    "choices_words",
    "compare_lines",
    "main",
    "rules_from_options",
    "step_lines",
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mus`` command and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="mus",
        description="Mus, the Basque and Spanish card game: watch, play, simulate, compare, replay.",
    )
    parser.add_argument("--version", action="version", version=f"mus {mus.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in (demo, play, simulate, compare, replay, odds, advise, tournament):
        command.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``mus`` command with ``argv`` (default: the process arguments); the exit status.

    >>> main(["compare", "Ro Rc 7e"])
    2
    """
    if sys.stdout is None:
        # Started with standard output closed (mus demo >&-): nothing it does could be
        # seen, so say so at once rather than play a game for nobody.
        return _fail("mus: error: standard output is closed", 1)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    if isinstance(sys.stdin, io.TextIOWrapper):
        # Undecodable bytes typed or piped in read as U+FFFD and get a clear refusal.
        sys.stdin.reconfigure(errors="replace")
    try:
        args = build_parser().parse_args(argv)
        run: Command = args.run
        for module in getattr(args, "house_rules", ()):
            mus.rules.load_house_rules(module)
        status = run(args)
        sys.stdout.flush()  # a full disk shows here, not in a traceback at exit
        return status
    except MusError as error:
        return _fail(f"mus: error: {' '.join(str(error).split())}", 2)
    except KeyboardInterrupt:
        # At a terminal the ^C the terminal echoed (or a progress bar) ends its line first.
        return _fail(("\n" if _at_terminal(sys.stderr) else "") + "mus: interrupted", 130)
    except BrokenPipeError:
        # The reader went away (mus demo | head): stop quietly.
        _silence_stdout()
        return 1
    except (OSError, UnicodeError) as error:
        return _fail(f"mus: error: {error.strerror or error if isinstance(error, OSError) else error}", 1)


def _at_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def _fail(message: str, status: int) -> int:
    """Say ``message`` on one line of standard error, even when standard output is broken
    or closed (and say nothing when standard error is closed)."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()
    if sys.stderr is not None:  # print(file=None) would write to standard output
        with contextlib.suppress(OSError, ValueError):
            print(message, file=sys.stderr)
    return status


def _silence_stdout() -> None:
    # Whatever is still buffered can no longer be written: drop it, so that the
    # interpreter's own flush at exit does not print a traceback.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass
