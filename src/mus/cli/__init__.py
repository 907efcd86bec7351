"""The ``mus`` command line: watch, play, simulate, compare and replay Mus.

::

    mus demo [--seed S]                       bots play one game, every hand narrated
    mus play [--seat N] [--save FILE]         you against bots in the other seats, for a match
    mus simulate --hands N [--bots B,...]     bots play many hands; results and statistics
    mus compare HAND HAND [HAND...]           who wins each lance, and why
    mus replay FILE [--step]                  step through a saved history
    mus check FILE [FILE...]                  check files of histories, one line per hand
    mus advise HAND [--seat N] [--json]       cut or mus, and which cards to throw
    mus tournament --bots B,B [--games N]     a fair round robin between bots

Every command takes the rules options ``--preset NAME``, ``--seats N`` (2 to 6; default
4), ``--individual`` (each seat for itself; default two partnerships), ``--four-kings``,
``--real-31``, ``--target N`` and ``--games N``. Any error in what was asked prints one
line, ``mus: error: ...``, on standard error and exits with status 2. Ctrl-C stops a
command with status 130, SIGTERM and SIGHUP with 143 and 129 (:mod:`mus.cli.stopping`).

Every message is in English, Spanish, Basque or French (:mod:`mus.i18n`): ``--lang
en|es|eu|fr``, before or after the command, else the locale variables (``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. The command line's own messages,
its help and argparse's words are translated; the library's error messages that it
shows are translated when they are among the usual ones (:mod:`mus.cli.errors`), and
shown in English inside a translated frame otherwise.

A program runs the command with :func:`main` (``main(["demo", "--seed", "3"])``, its
exit status back) and reads its options from :func:`build_parser`;
:func:`mus.cli.errors.error_words` says the library's errors as the command does. The
rest is the command's own: each command is a module of this package (``mus.cli.demo``,
``mus.cli.play``, ``mus.cli.simulate``...), and they share ``mus.cli.options`` (rules
options, seeds, files), ``mus.cli.words`` (the game's words), ``mus.cli.narration`` (a
hand told step by step) and ``mus.cli.known`` (what a seat knows); these modules export
nothing, and their functions may change in any release.

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
from collections.abc import Callable, Iterator
from typing import Any, TextIO

import mus
from mus import MusError
from mus.cli import advise, check, compare, demo, narration, odds, options, play, replay, simulate, tournament, words
from mus.cli.errors import error_words
from mus.cli.files import os_reason
from mus.cli.options import Command, lang_option
from mus.cli.stopping import Stopped, stop_signals
from mus.errors import moved
from mus.i18n import N_, language, ngettext, pgettext
from mus.i18n import gettext as _

__all__ = ["build_parser", "main"]

# What a program that runs the command needs is main (and build_parser, for its
# options); the rest is the command's own. Exported here until 0.2.0:
__getattr__: Callable[[str], Any] = moved(
    "mus.cli",
    {
        "DEFAULT_SEED": options,
        "action_words": words,
        "choices_words": words,
        "compare_lines": compare,
        "language_of": options,
        "rules_from_options": options,
        "step_lines": narration,
    },
    "1.0.0",
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mus`` command and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="mus",
        description=_("Mus, the Basque and Spanish card game: watch, play, simulate, compare, replay."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"mus {mus.__version__}",
        help=_("show program's version number and exit"),
    )
    parser.add_argument("--lang", **lang_option())
    commands = parser.add_subparsers(dest="command", metavar=pgettext("metavar", "COMMAND"), required=True)
    for command in (demo, play, simulate, compare, replay, check, odds, advise, tournament):
        command.register(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``mus`` command with ``argv`` (default: the process arguments); the exit status.

    >>> main(["compare", "Ro Rc 7e"])
    2
    >>> main(["--lang", "es", "compare", "Ro Rc 7e 1b", "Cc Co 5b 4e"])  # doctest: +ELLIPSIS
    jugada 1 (mano): Ro Rc 7e 1b  (pareja de rey; 28 puntos, sin juego)
    ...
    grande: gana la jugada 1: R R 7 1 gana a C C 5 4 de la jugada 2: rey sobre caballo en la 1.ª carta
    ...
    0
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    with language(options.language_of(argv)), _argparse_speaks():
        return _main(argv)


ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("invalid %(type)s value: %(value)r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)
"""The messages of :mod:`argparse` the catalogs translate (its usage line, its group
titles and its errors)."""


@contextlib.contextmanager
def _argparse_speaks() -> Iterator[None]:
    """argparse's own words (*usage:*, *options*, its errors) in the language in use,
    inside the block: argparse calls the ``_`` and ``ngettext`` of its module, which
    are the gettext module's for its default domain; they are replaced for the block."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _, ngettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


def _main(argv: list[str]) -> int:
    if sys.stdout is None:
        # Started with standard output closed (mus demo >&-): nothing it does could be
        # seen, so say so at once rather than play a game for nobody.
        return _fail(_("mus: error: {message}").format(message=_("standard output is closed")), 1)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    if isinstance(sys.stdin, io.TextIOWrapper):
        # Undecodable bytes typed or piped in read as U+FFFD and get a clear refusal.
        sys.stdin.reconfigure(errors="replace")
    with stop_signals() as received:
        status = _run(argv, received)
    if received:
        # SIGTERM or SIGHUP: whatever the command made of it (a message, a save, an
        # error from a terminal gone), it ends as the signal says.
        return _fail(_("mus: stopped by {signal}").format(signal=received[0].name), received[0].status)
    return status


def _run(argv: list[str], stopped: list[Stopped]) -> int:
    try:
        args = build_parser().parse_args(argv)
        run: Command = args.run
        for module in getattr(args, "house_rules", ()):
            mus.rules.load_house_rules(module)
        status = run(args)
        sys.stdout.flush()  # a full disk shows here, not in a traceback at exit
        return status
    except MusError as error:
        return _fail(_("mus: error: {message}").format(message=" ".join(error_words(error).split())), 2)
    except KeyboardInterrupt:
        if stopped:  # SIGTERM or SIGHUP (raised again by Ray as a plain KeyboardInterrupt): said by main
            return stopped[0].status
        # At a terminal the ^C the terminal echoed (or a progress bar) ends its line first.
        return _fail(("\n" if _at_terminal(sys.stderr) else "") + _("mus: interrupted"), 130)
    except BrokenPipeError:
        # The reader went away (mus demo | head): stop quietly.
        _silence_stdout()
        return 1
    except (OSError, UnicodeError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else str(error)
        return _fail(_("mus: error: {message}").format(message=reason), 1)


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
