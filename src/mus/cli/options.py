"""What the ``mus`` commands read from their command line: subcommands, the rules
options every command takes, seeds, and the files named there.

>>> from mus.cli import build_parser
>>> args = build_parser().parse_args(["demo", "--preset", "short", "--real-31"])
>>> rules_summary(rules_from_options(args, games=1))
'eight kings (3s are reyes, 2s are ases), game to 30 stones, one game, real 31'
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import mus
from mus import MusError, NotationError, Rules, RulesError
from mus.cli.errors import error_words
from mus.cli.files import file_errors
from mus.cli.house import house_rules
from mus.i18n import LANGUAGES, language_from_environment, number_word, pgettext
from mus.i18n import gettext as _
from mus.individuel.rules import PRESETS as INDIVIDUEL_PRESETS
from mus.individuel.rules import IndividuelRules
from mus.notation.checking import history_texts
from mus.notation.histories import MATCH_HEADER

__all__: list[str] = []  # the command's own: mus.cli says what is public

DEFAULT_SEED = 2026
"""The seed ``mus demo`` and ``mus simulate`` use when none is given."""

Command = Callable[[argparse.Namespace], int]
"""A subcommand: it runs with the parsed arguments and returns the exit status."""


def seed_option(text: str) -> int | str:
    """A seed from the command line: a whole number, or any other text as it is.

    >>> seed_option("17"), seed_option("-3"), seed_option("table 4")
    (17, -3, 'table 4')
    """
    if re.fullmatch(r"-?[0-9]{1,18}", text.strip()):
        return int(text)
    return text


def add_hand(parser: argparse.ArgumentParser, name: str = "hand", nargs: str | None = None) -> None:
    """Add the HAND argument of ``mus odds``, ``mus advise`` and ``mus compare`` (four
    cards; ``nargs`` as argparse takes it, for an optional hand or several)."""
    parser.add_argument(
        name, nargs=nargs, metavar=pgettext("metavar", "HAND"), help=_('four cards, such as "Ro Rc 7e 1b"')
    )


def add_seed(parser: argparse.ArgumentParser, help: str) -> None:
    """Add the ``--seed`` option (read by :func:`seed_option`) to a command; ``help``
    says what it seeds and its default."""
    parser.add_argument("--seed", type=seed_option, metavar=pgettext("metavar", "SEED"), help=help)


def whole_option(low: int, high: int) -> Callable[[str], int]:
    """An option's reader of a whole number from ``low`` to ``high``: out of bounds,
    argparse says so and the command exits with status 2. The library's own bounds
    (workers, samples, hands) are the command line's.

    >>> whole_option(1, 8)("3")
    3
    >>> whole_option(1, 8)("9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a whole number from 1 to 8, got '9'
    """

    def read(text: str) -> int:
        if re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()) and low <= int(text) <= high:
            return int(text)
        raise argparse.ArgumentTypeError(f"a whole number from {low} to {high:,}, got {text[:40]!r}")

    return read


def workers_option(text: str) -> int:
    """``--workers``: processes, 1 to :data:`mus.odds.parallel.MAX_WORKERS` (read when
    the option is given: the command line starts without numpy).

    >>> workers_option("2")
    2
    """
    from mus.odds.parallel import MAX_WORKERS

    return whole_option(1, MAX_WORKERS)(text)


def samples_option(text: str) -> int:
    """``--samples``: deals, 1 to :data:`mus.odds.equity.MAX_SAMPLES`.

    >>> samples_option("1000")
    1000
    """
    from mus.odds.equity import MAX_SAMPLES

    return whole_option(1, MAX_SAMPLES)(text)


def _rules_options() -> argparse.ArgumentParser:
    parent = argparse.ArgumentParser(add_help=False)
    group = parent.add_argument_group(_("rules options"))
    group.add_argument(
        "--preset",
        metavar=pgettext("metavar", "NAME"),
        help=_(
            "start from a preset: {presets}; or individuel (the French Mus individuel, "
            "mus play and mus simulate only), individuel-2 to individuel-8, individuel-primes"
        ).format(presets=", ".join(sorted(mus.PRESETS))),
    )
    group.add_argument(
        "--players", type=int, metavar="N", help=_("with --preset individuel: players, 2 to 8 (default 5)")
    )
    group.add_argument(
        "--stones",
        type=int,
        metavar="N",
        help=_("with --preset individuel: each player's stones, 5, 8 or 10 (default 8)"),
    )
    group.add_argument("--seats", type=int, metavar="N", help=_("seats at the table, 2 to 6 (default 4)"))
    group.add_argument(
        "--individual",
        action="store_true",
        help=_("each seat plays for itself (default: two partnerships, partners alternating)"),
    )
    group.add_argument("--four-kings", action="store_true", help=_("2s and 3s keep their rank (default: eight kings)"))
    group.add_argument("--real-31", action="store_true", help=_("three sietes and a figure beat every other 31"))
    group.add_argument("--target", type=int, metavar="N", help=_("stones that win a game (default 40)"))
    group.add_argument(
        "--games", type=int, metavar="N", help=_("games that win the match (or a vaca): 1 to 5 (default 3)")
    )
    group.add_argument(
        "--folded-seat-out",
        action="store_true",
        help=_("a seat that folded while its partner accepted is out of the lance (default: its cards still count)"),
    )
    group.add_argument(
        "--max-bet", type=int, metavar="N", help=_("the most stones one bet or raise may name (default: no cap)")
    )
    group.add_argument(
        "--mus-corrido",
        choices=("off", "game", "match"),
        help=_(
            "the seat that cuts the mus in the first hand of each game (or of the match) becomes mano (default off)"
        ),
    )
    group.add_argument(
        "--mus-visto",
        choices=("forced", "new-card", "servido"),
        help=_(
            "a card seen at a deal: an exchange is forced, each seat discards or says servido (default);"
            " or its seat takes a new card; or its seat is servido (no mus for it)"
        ),
    )
    group.add_argument("--senas", action="store_true", help=_("partners may signal their hands to each other (señas)"))
    group.add_argument(
        "--house-rules",
        action="append",
        metavar=pgettext("metavar", "MODULE"),
        default=[],
        help=_(
            "play with the house rules that MODULE defines: a module (like mypkg.rules, or my_rules in the "
            "working directory) or a .py file (like my_rules.py); also loads those a saved history names; may be repeated."
            " MODULE runs as Python code with your rights: give only one you trust"
            " (mus check and mus replay never run code from a record)"
        ),
    )
    general = parent.add_argument_group(_("general options"))
    general.add_argument("--lang", **lang_option())
    return parent


def lang_option() -> dict[str, Any]:
    """The keywords of the ``--lang`` option (``mus --lang es demo``, ``mus demo --lang
    es``): one of :data:`mus.i18n.LANGUAGES`, read before the parser is built (see
    :func:`mus.cli.main`) so that the help speaks it too."""
    return {
        "choices": tuple(LANGUAGES),
        "metavar": "LANG",
        "default": argparse.SUPPRESS,
        "help": _(
            "the language of the messages: en (English), es (español), eu (euskara), fr (français); "
            "default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else English"
        ),
    }


def language_of(argv: Sequence[str], environ: dict[str, str] | None = None) -> str:
    """The language a command line asks for: its ``--lang`` (``--lang=es``; before or
    after the command), else the locale variables' (:func:`mus.i18n.language_from_environment`).
    An unknown ``--lang`` is left to the parser, which refuses it.

    >>> language_of(["--lang", "eu", "demo"]), language_of(["demo", "--lang=fr"]), language_of(["demo"], {})
    ('eu', 'fr', 'en')
    """
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        # argparse takes any unambiguous prefix of an option: --lang is the only one in --l.
        if len(name) >= 3 and "--lang".startswith(name):
            if not equals:
                value = argv[index + 1] if index + 1 < len(argv) else ""
            if value in LANGUAGES:
                return value
    return language_from_environment(environ)


def add_command(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    run: Command,
    *,
    summary: str,
    description: str,
) -> argparse.ArgumentParser:
    """Add the subcommand ``name``, which takes the rules options and runs ``run``;
    its parser, for the command's own options. ``summary`` is its line in ``mus --help``.
    """
    parser = commands.add_parser(name, parents=[_rules_options()], help=summary, description=description)
    parser.set_defaults(run=run)
    return parser


def rules_from_options(args: argparse.Namespace, *, games: int | None = None) -> Rules:
    """The :class:`~mus.Rules` the rules options ask for; invalid values raise a MusError.

    ``games`` replaces the match length when ``--games`` was not given.

    >>> from mus.cli import build_parser
    >>> parser = build_parser()
    >>> rules = rules_from_options(parser.parse_args(["demo", "--four-kings", "--target", "30"]))
    >>> rules.eight_kings, rules.target, rules.games_to_win
    (False, 30, 3)
    >>> rules = rules_from_options(parser.parse_args(["demo", "--senas", "--max-bet", "40", "--mus-corrido", "game"]))
    >>> rules.senas, rules.max_bet, rules.mus_corrido, rules.folded_seat_counts
    (True, 40, 'game', True)
    >>> rules_from_options(parser.parse_args(["demo", "--folded-seat-out", "--mus-visto", "servido"])).folded_seat_counts
    False
    >>> rules_from_options(parser.parse_args(["demo", "--games", "6"]))
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: games_to_win must be one of 1, 2, 3, 4, 5, got 6

    ``--seats N`` keeps the preset's way of playing (partnerships, or each for
    itself) and ``--individual`` makes every seat its own side:

    >>> rules = rules_from_options(parser.parse_args(["demo", "--seats", "5", "--individual"]))
    >>> rules.seats, rules.teams
    (5, 5)
    >>> rules = rules_from_options(parser.parse_args(["demo", "--preset", "individual-5", "--seats", "3"]))
    >>> rules.seats, rules.teams
    (3, 3)
    """
    preset: str | None = args.preset
    if preset in INDIVIDUEL_PRESETS:
        raise RulesError(
            _("--preset {preset}: the Mus individuel is played by mus play and mus simulate only").format(preset=preset)
        )
    if getattr(args, "players", None) is not None or getattr(args, "stones", None) is not None:
        raise RulesError(_("--players and --stones go with --preset individuel; the four-card game takes --seats"))
    rules = Rules() if preset is None else Rules.preset(preset)
    changes: dict[str, object] = _table_changes(rules, args.seats, bool(args.individual))
    for option, _written, knob, flag in _KNOB_OPTIONS:
        given = getattr(args, option)
        if flag is None and given is not None:
            changes[knob] = given
        elif flag is not None and given:
            changes[knob] = flag
    if args.games is not None:
        changes["games_to_win"] = int(args.games)
    elif games is not None:
        changes["games_to_win"] = games
    house = house_rules(args)
    if house:
        changes["house"] = rules.house + tuple(rule for rule in house if rule not in rules.house)
    try:
        return rules.evolve(**changes)
    except RulesError as error:
        if changes.get("teams") == 2 and changes.get("seats") in (3, 5):
            # The library's hint names its keyword; a command line user needs the option.
            raise RulesError(_("{error}; add --individual on the command line").format(error=error)) from None
        raise


_KNOB_OPTIONS = (
    ("four_kings", "--four-kings", "eight_kings", False),
    ("real_31", "--real-31", "real_31", True),
    ("target", "--target {value}", "target", None),
    ("folded_seat_out", "--folded-seat-out", "folded_seat_counts", False),
    ("max_bet", "--max-bet {value}", "max_bet", None),
    ("mus_corrido", "--mus-corrido {value}", "mus_corrido", None),
    ("mus_visto", "--mus-visto {value}", "mus_visto", None),
    ("senas", "--senas", "senas", True),
)
"""The rules options that set one knob each: the option's dest, how it is written, the
knob, and the value a flag sets (``None``: the option's own value, when given)."""

_TABLE_OPTIONS = (
    ("seats", "--seats {value}", ("seats", "teams")),
    ("individual", "--individual", ("seats", "teams")),
    ("games", "--games {value}", ("games_to_win",)),
)
"""The rules options that shape the table or the match: the dest, how it is written, and
the knobs it sets (:func:`rules_from_options` works their values out)."""


def given_rules(args: argparse.Namespace) -> dict[str, tuple[str, object]]:
    """The knobs the rules options given on the command line set, each with the option
    as written and the knob's value under :func:`rules_from_options` (a ``--preset``
    sets the knobs where it differs from the defaults); ``--house-rules`` is not among
    them: it loads the house rules a history names, and gives its own to a history
    that names none.

    >>> from mus.cli import build_parser
    >>> given_rules(build_parser().parse_args(["check", "x.mus", "--target", "30", "--four-kings"]))
    {'eight_kings': ('--four-kings', False), 'target': ('--target 30', 30)}
    >>> sorted(given_rules(build_parser().parse_args(["check", "x.mus", "--preset", "short"])))
    ['target']
    """
    rules = rules_from_options(args).to_dict()
    given: dict[str, tuple[str, object]] = {}
    if args.preset is not None:
        defaults = Rules().to_dict()
        preset = Rules.preset(args.preset).to_dict()
        for knob, value in preset.items():
            if value != defaults[knob] and knob != "house":
                given[knob] = (f"--preset {args.preset}", rules[knob])
    options = [(dest, written, (knob,)) for dest, written, knob, _flag in _KNOB_OPTIONS]
    for dest, written, knobs in (*options, *_TABLE_OPTIONS):
        value = getattr(args, dest, None)
        if value not in (None, False):
            for knob in knobs:
                given[knob] = (written.format(value=value), rules[knob])
    return dict(sorted(given.items()))


def individuel_from_options(args: argparse.Namespace) -> IndividuelRules | None:
    """The :class:`~mus.individuel.IndividuelRules` that ``--preset individuel`` (or
    ``individuel-N``, ``individuel-primes``) and ``--players``, ``--stones``,
    ``--four-kings`` and ``--real-31`` ask for; ``None`` without such a preset.

    >>> from mus.cli import build_parser
    >>> rules = individuel_from_options(build_parser().parse_args(["play", "--preset", "individuel", "--players", "7"]))
    >>> rules.players, rules.stones
    (7, 8)
    >>> individuel_from_options(build_parser().parse_args(["play"])) is None
    True
    >>> individuel_from_options(build_parser().parse_args(["play", "--preset", "individuel", "--seats", "5"]))
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: --seats is not for the Mus individuel: its table is --players N (2 to 8)
    """
    preset: str | None = args.preset
    if preset not in INDIVIDUEL_PRESETS:
        return None
    for option in (
        "seats",
        "individual",
        "target",
        "games",
        "max_bet",
        "mus_corrido",
        "mus_visto",
        "senas",
        "folded_seat_out",
        "house_rules",
    ):
        if getattr(args, option, None) not in (None, False, []):
            name = "--" + option.replace("_", "-")
            if option == "seats":
                raise RulesError(
                    _("{option} is not for the Mus individuel: its table is --players N (2 to 8)").format(option=name)
                )
            raise RulesError(_("{option} is not a knob of the Mus individuel").format(option=name))
    changes: dict[str, object] = {}
    if args.players is not None:
        changes["players"] = int(args.players)
    if args.stones is not None:
        changes["stones"] = int(args.stones)
    if args.four_kings:
        changes["eight_kings"] = False
    if args.real_31:
        changes["real_31"] = True
    return IndividuelRules.preset(preset).evolve(**changes)


def _table_changes(base: Rules, seats: int | None, individual: bool) -> dict[str, object]:
    """The seats and sides that ``--seats`` and ``--individual`` ask of ``base``.

    Heads-up is both two partnerships of one and two seats each for itself, so only a
    base of three or more sides counts as individual play when ``--seats`` changes it.
    """
    if seats is None and not individual:
        return {}
    count = base.seats if seats is None else seats
    alone = individual or (base.individual and base.teams > 2)
    return {"seats": count, "teams": count if alone else 2}


def _table_words(rules: Rules) -> str:
    """The table in words, when it is not the usual four seats in two partnerships."""
    if rules.seats == 2:
        return _("two seats, one against the other")
    if rules.individual:
        return _("{seats} seats, each for itself").format(seats=number_word(rules.seats))
    return _("{seats} seats, two teams of {partners}").format(
        seats=number_word(rules.seats), partners=number_word(rules.partners)
    )


def rules_summary(rules: Rules) -> str:
    """The rules in one line of words, as the commands print them first; a table
    other than four seats in two partnerships is named first.

    >>> rules_summary(Rules(seats=6))
    'six seats, two teams of three, eight kings (3s are reyes, 2s are ases), game to 40 stones, first to 3 games wins the match'
    """
    parts = [
        _("eight kings (3s are reyes, 2s are ases)") if rules.eight_kings else _("four kings"),
        _("game to {target} stones").format(target=rules.target),
        _("one game")
        if rules.games_to_win == 1
        else _("first to {games} games wins the match").format(games=rules.games_to_win),
    ]
    if rules.real_31:
        parts.append(_("real 31"))
    if rules.declarations == "explicit":
        parts.append(_("seats declare pares and juego (a false yes loses the lance)"))
    if rules.mus_decision == "team":
        parts.append(_("one mus word per team"))
    if not rules.folded_seat_counts and not rules.individual:
        parts.append(_("a seat that folds is out of the lance"))
    if rules.max_bet is not None:
        parts.append(_("bets of at most {stones} stones").format(stones=rules.max_bet))
    if rules.mus_corrido == "game":
        parts.append(_("mus corrido (the seat that cuts the mus in the first hand of each game becomes mano)"))
    elif rules.mus_corrido != "off":
        parts.append(_("mus corrido (the seat that cuts the mus in the first hand of the match becomes mano)"))
    if rules.mus_visto == "servido":
        parts.append(_("a card seen at a deal leaves its seat servido"))
    elif rules.mus_visto == "new-card":
        parts.append(_("a card seen at a deal is replaced"))
    if rules.senas:
        parts.append(_("señas between partners"))
    if rules.house:
        parts.append(_("house rules {names}").format(names=", ".join(rule.name for rule in rules.house)))
    if rules.seats != 4 or rules.individual:
        parts.insert(0, _table_words(rules))
    return ", ".join(parts)


def read_histories(path: str, total: int | None = None, headers: tuple[str, ...] = (MATCH_HEADER,)) -> Iterator[str]:
    """The histories in the file ``path`` (``-``: standard input), one by one as they
    are read, as ``mus check`` reads them (:func:`mus.notation.checking.history_texts`:
    texts cut at the lines of ``headers``, or JSON Lines): only the history being read
    is kept, of at most :data:`~mus.notation.lines.MAX_TEXT` characters, and the file
    may hold at most ``total`` characters (no bound when ``None``). Going past either,
    a file with no history, or a file that cannot be read, is a one-line MusError that
    names ``path``.

    >>> next(read_histories("/dev/null"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: /dev/null: no history in it
    >>> next(read_histories("/nonexistent/history.mus"))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: cannot read /nonexistent/history.mus: No such file or directory
    """
    with file_errors(path, "read"):
        if path == "-" and sys.stdin is None:
            raise MusError(_("cannot read -: standard input is closed"))
        file = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115 - closed below
        try:
            try:
                for _line, text in history_texts(file, headers, total):
                    if isinstance(text, NotationError):
                        raise text
                    yield text
            except NotationError as error:
                # Said in the language in use here, where the file's name is known.
                raise NotationError(_("{path}: {error}").format(path=path, error=error_words(error))) from None
        finally:
            if file is not sys.stdin:
                file.close()
