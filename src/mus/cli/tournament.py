"""``mus tournament``: bots play a round robin on common deals, each deal played again
with the sides swapped; per bot, the win rate with a 95% interval and the stones per
hand with its standard error."""

from __future__ import annotations

import argparse
import json
import sys
import time

from mus.cli.options import add_command, rules_from_options, rules_summary, seed_option

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus tournament`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "tournament",
        run,
        summary="a fair round robin between bots: win rates with 95% intervals",
        description="Each pair of bots plays N games (matches of one game to the target) on common deals: "
        "every deal is played twice, the sides swapped, and the first mano moves round the table. Per bot: "
        "games won with a 95%% Wilson interval, and its side's stones less the other's per hand, with a "
        "standard error. Bots are built-in names (advisor, heuristic, random) or module:Class.",
    )
    # Here --games counts the games played, not the games a match takes (each game is a
    # match of one game): this option replaces the rules option of that name.
    group = parser.add_argument_group("tournament options", conflict_handler="resolve")
    group.add_argument(
        "--games",
        dest="tournament_games",
        type=int,
        default=100,
        metavar="N",
        help="games each pair of bots plays, an even number: N/2 deals, each from both sides (default 100)",
    )
    parser.set_defaults(games=None)  # the rules option it replaces: every game is a match of one game
    parser.add_argument(
        "--bots",
        default="advisor,heuristic,random",
        metavar="B,B[,...]",
        help="the bots, by built-in name (advisor, heuristic, random) or module:Class (default all three)",
    )
    parser.add_argument("--seed", type=seed_option, help="the seed of the deals (default 0)")
    parser.add_argument("--workers", type=int, default=1, metavar="N", help="processes sharing the deals (default 1)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--progress", action="store_true", help="show a progress bar on stderr even when it is not a terminal"
    )


class _Bar:
    """A progress bar on standard error, redrawn at most a hundred times."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or not total or (done % max(1, total // 100) and done != total):
            return
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\rplaying [{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals")
        sys.stderr.write("\n" if done == total else "")
        sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    """Play the tournament and print its tables, or JSON."""
    from mus.tournament import tournament

    rules = rules_from_options(args, games=1)
    bots = [name.strip() for name in args.bots.split(",") if name.strip()]
    seed = 0 if args.seed is None else args.seed
    started = time.perf_counter()
    result = tournament(
        bots,
        rules,
        games=args.tournament_games,
        seed=seed,
        workers=args.workers,
        progress=_Bar(args.progress or sys.stderr.isatty()),
    )
    elapsed = time.perf_counter() - started
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return 0
    deals = args.tournament_games // 2
    print(f"tournament of {', '.join(bots)}, seed {seed}: {rules_summary(rules)}")
    print(
        f"each pair played {args.tournament_games} games: {deals} deals, each from both sides; win rates with a "
        "95% Wilson interval, stones per hand (the bot's side's less the other's) with one standard error"
    )
    print()
    for line in result.lines():
        print(line)
    print(f"time: {elapsed:.1f} s")
    return 0
