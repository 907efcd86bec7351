"""``mus odds``: how often a hand wins each lance against the unknown cards of the
other seats, and what the en paso count is worth; ``--plot`` draws it, ``--table``
writes the equity table of all 715 rank patterns as CSV (needs ``mus-rules[fast]``)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import Any

from mus import MusError
from mus.cli.options import (
    DEFAULT_SEED,
    add_command,
    atomic_write,
    file_errors,
    rules_from_options,
    rules_summary,
    samples_option,
    seed_option,
    workers_option,
)

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus odds`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "odds",
        run,
        summary="a hand's odds at each lance against unknown cards",
        description="How often a hand's side wins grande, chica, pares, juego and punto against the other "
        "seats' unknown cards, and the stones of the en paso count: exact at two or three seats, "
        "sampled otherwise (with standard errors).",
    )
    parser.add_argument("hand", nargs="?", metavar="HAND", help='four cards, such as "Ro Rc 7e 1b"')
    parser.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="K",
        help="the hand's speaking position from the mano: 0 is the mano (default 0)",
    )
    parser.add_argument(
        "--samples",
        type=samples_option,
        metavar="N",
        help="deals to sample (default: exact when feasible, else 1048576; per pattern with --table)",
    )
    parser.add_argument("--seed", type=seed_option, help=f"the seed of the sampled deals (default {DEFAULT_SEED})")
    parser.add_argument(
        "--workers", type=workers_option, default=1, metavar="N", help="processes sharing the work (default 1)"
    )
    parser.add_argument(
        "--ray",
        action="store_true",
        help="run on Ray (the cluster RAY_ADDRESS names, or a local instance) instead of processes",
    )
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar even when stderr is not a terminal"
    )
    parser.add_argument("--plot", metavar="FILE", help="draw the odds to an image file (PNG, SVG, PDF)")
    parser.add_argument("--table", metavar="FILE", help="write the equity table of all 715 rank patterns as CSV")


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
            sys.stderr.write(f"\r{self.what} [{'#' * filled}{'.' * (width - filled)}] {done}/{total} blocks")
            sys.stderr.write("\n" if done == total else "")
            sys.stderr.flush()
        else:
            self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar:
            self.bar.close()
        self.bar = None


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
        raise MusError('give a HAND such as "Ro Rc 7e 1b", or --table FILE for every rank pattern')
    if args.plot is not None and args.hand is None:
        raise MusError("--plot draws a HAND's odds: give the hand")
    seed = DEFAULT_SEED if args.seed is None else args.seed
    options: dict[str, Any] = dict(
        seat=args.seat,
        samples=args.samples,
        seed=seed,
        workers=args.workers,
        backend="ray" if args.ray else "processes",
    )
    if args.hand is not None:
        with _bar("odds", args) as bar:
            result = odds(args.hand, rules, progress=bar, **options)
        print(rules_summary(rules))
        if not result.exact:
            print(f"seed {seed}; each error is one standard error")
        for line in result.lines():
            print(line)
        if args.plot is not None:
            plot(result, args.plot)
            print(f"plot written to {args.plot}")
    if args.table is not None:
        with _bar("equity table", args) as bar:
            table = equity_table(rules, progress=bar, **options)
        if args.hand is None:
            print(rules_summary(rules))
        with atomic_write(args.table, newline="") as file, file_errors(args.table, "write"):
            write_csv(table, file)
        how = "exact" if table[0].exact else f"{table[0].deals} sampled deals each, seed {seed}"
        print(f"equity table of {len(table)} rank patterns at seat {args.seat} ({how}) written to {args.table}")
    return 0
