"""``mus odds``: how often a hand wins each lance against the unknown cards of the
other seats, and what the en paso count is worth; ``--plot`` draws it, ``--table``
writes the equity table of all 715 rank patterns as CSV (needs ``mus-rules[fast]``)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mus import Lance, MusError
from mus.cli.files import atomic_write, check_writable, file_errors, saving_help
from mus.cli.known import add_known_options, header_lines, known_from_options
from mus.cli.options import (
    DEFAULT_SEED,
    add_command,
    add_hand,
    add_seed,
    rules_from_options,
    rules_summary,
    samples_option,
    workers_option,
)
from mus.cli.words import table_head
from mus.i18n import gettext as _
from mus.i18n import lance_name, pgettext

if TYPE_CHECKING:
    from mus.odds import Odds

__all__: list[str] = []  # the command's own: mus.cli says what is public


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus odds`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "odds",
        run,
        summary=_("a hand's odds at each lance against unknown cards"),
        description=_(
            "How often a hand's side wins grande, chica, pares, juego and punto against the other "
            "seats' unknown cards, and the stones of the en paso count: exact at two or three seats, "
            "sampled otherwise (with standard errors)."
        ),
    )
    add_hand(parser, nargs="?")
    parser.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="K",
        help=_("the hand's speaking position from the mano: 0 is the mano (default 0)"),
    )
    parser.add_argument(
        "--samples",
        type=samples_option,
        metavar="N",
        help=_("deals to sample (default: exact when feasible, else 1048576; per pattern with --table)"),
    )
    add_seed(parser, _("the seed of the sampled deals (default {seed})").format(seed=DEFAULT_SEED))
    parser.add_argument(
        "--workers", type=workers_option, default=1, metavar="N", help=_("processes sharing the work (default 1)")
    )
    parser.add_argument(
        "--ray",
        action="store_true",
        help=_("run on Ray (the cluster RAY_ADDRESS names, or a local instance) instead of processes"),
    )
    parser.add_argument(
        "--progress", action="store_true", help=_("show a progress bar even when stderr is not a terminal")
    )
    parser.add_argument(
        "--plot", metavar=pgettext("metavar", "FILE"), help=_("draw the odds to an image file (PNG, SVG, PDF)")
    )
    parser.add_argument(
        "--table",
        metavar=pgettext("metavar", "FILE"),
        help=_("write the equity table of all 715 rank patterns as CSV") + f" ({saving_help()})",
    )
    add_known_options(parser)


class _Bar:
    """A progress bar on standard error: tqdm's when installed, else a plain one."""

    def __init__(self, what: str, enabled: bool) -> None:
        self.what = what
        self.enabled = enabled
        self.bar: Any = None

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or total <= 1:
            return
        if self.bar is None:
            try:
                from tqdm import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
            except ImportError:
                self.bar = False
            else:
                self.bar = tqdm(total=total, desc=self.what, unit="block", file=sys.stderr, leave=False)
        if self.bar is False:
            width = 30
            filled = width * done // total
            bar = "#" * filled + "." * (width - filled)
            text = _("{what} [{bar}] {done}/{total} blocks").format(what=self.what, bar=bar, done=done, total=total)
            sys.stderr.write("\r" + text)
            sys.stderr.write("\n" if done == total else "")
            sys.stderr.flush()
        else:
            self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar:
            self.bar.close()
        self.bar = None


def odds_lines(result: Odds) -> list[str]:
    """:meth:`mus.odds.Odds.lines` in the language in use: the odds as a table, one line
    a lance, then the en paso count."""
    if result.exact:
        how = _("exact over {deals} deals").format(deals=result.deals)
    else:
        how = _("{deals} sampled deals").format(deals=result.deals)
    lines = header_lines(_("{where}, {how}"), result.hand, result.seat, result.rules.seats, result.given, how=how)
    heads = [_("lance"), _("win"), _("± error"), _("own hand"), _("played"), _("stones"), _("against")]
    widths, header = table_head(heads, (8, 9, 11, 11, 11, 9, 9))
    lines.append(header)
    for lance in Lance:
        row = f"{lance_name(lance):{widths[0]}}{result.win[lance]:>{widths[1]}.2%}{result.error[lance]:>{widths[2]}.3%}"
        row += f"{result.own[lance]:>{widths[3]}.2%}{result.played[lance]:>{widths[4]}.2%}"
        if result.stones is not None and result.stones_against is not None:
            row += f"{result.stones[lance]:>{widths[5]}.3f}{result.stones_against[lance]:>{widths[6]}.3f}"
        lines.append(row)
    if result.stones is not None and result.stones_against is not None and result.net is not None:
        text = _(
            "en paso count: {mine:.3f} stones to this side, {theirs:.3f} to the others, net {net:+.3f} ± {error:.3f}"
        )
        lines.append(
            text.format(
                mine=sum(result.stones), theirs=sum(result.stones_against), net=result.net, error=result.net_error
            )
        )
    else:
        lines.append(_("en paso count: not worked out (a house rule's bonus hook sees suits)"))
    return lines


@contextlib.contextmanager
def _bar(what: str, args: argparse.Namespace) -> Iterator[_Bar]:
    bar = _Bar(what, bool(args.progress) or sys.stderr.isatty())
    try:
        yield bar
    finally:
        bar.close()


def run(args: argparse.Namespace) -> int:
    """Print the odds of HAND; with ``--plot`` draw them, with ``--table`` write the
    equity table of every rank pattern as CSV."""
    from mus.odds import equity_table, odds, plot, write_csv

    rules = rules_from_options(args)
    if args.hand is None and args.table is None:
        raise MusError(_('give a HAND such as "Ro Rc 7e 1b", or --table FILE for every rank pattern'))
    if args.plot is not None and args.hand is None:
        raise MusError(_("--plot draws a HAND's odds: give the hand"))
    if args.table is not None:
        check_writable(args.table)  # the table is written at the end: fail now, not then
    seed = DEFAULT_SEED if args.seed is None else args.seed
    options: dict[str, Any] = dict(
        seat=args.seat,
        samples=args.samples,
        seed=seed,
        workers=args.workers,
        backend="ray" if args.ray else "processes",
    )
    known = known_from_options(args, rules, seat=args.seat)
    if known and args.hand is None:
        raise MusError("what the seat knows (--partner, --pares, ...) goes with a HAND: give the hand")
    if args.hand is not None:
        with _bar(_("odds"), args) as bar:
            result = odds(args.hand, rules, progress=bar, **options, **known)
        print(rules_summary(rules))
        if not result.exact:
            print(_("seed {seed}; each error is one standard error").format(seed=seed))
        for line in odds_lines(result):
            print(line)
        if args.plot is not None:
            plot(result, args.plot)
            print(_("plot written to {path}").format(path=args.plot))
    if args.table is not None:
        with _bar(_("equity table"), args) as bar:
            table = equity_table(rules, progress=bar, **options)
        if args.hand is None:
            print(rules_summary(rules))
        with atomic_write(args.table, newline="") as file, file_errors(args.table, "write"):
            write_csv(table, file)
        how = _("exact") if table[0].exact else _("{deals} sampled deals each, seed {seed}")
        text = _("equity table of {count} rank patterns at seat {seat} ({how}) written to {path}")
        how = how.format(deals=table[0].deals, seed=seed)
        print(text.format(count=len(table), seat=args.seat, how=how, path=args.table))
    return 0
