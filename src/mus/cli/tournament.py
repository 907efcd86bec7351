"""``mus tournament``: bots play a round robin on common deals, each deal played again
with the sides swapped; per bot, the win rate with a 95% interval and the stones per
hand with its standard error."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING

from mus.cli.options import add_command, add_seed, rules_from_options, rules_summary
from mus.cli.words import table_head
from mus.i18n import gettext as _
from mus.i18n import ngettext

if TYPE_CHECKING:
    from mus.tournament import Standing, TournamentResult

__all__: list[str] = []  # the command's own: mus.cli says what is public


class _Bar:
    """A progress bar on standard error, redrawn at most a hundred times."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled or not total or (done % max(1, total // 100) and done != total):
            return
        width = 30
        filled = width * done // total
        bar = "#" * filled + "." * (width - filled)
        sys.stderr.write("\r" + _("playing [{bar}] {done}/{total} deals").format(bar=bar, done=done, total=total))
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
    print(
        _("tournament of {bots}, seed {seed}: {rules}").format(
            bots=", ".join(bots), seed=seed, rules=rules_summary(rules)
        )
    )
    played = ngettext(
        "each pair played {games} game: {deals} deals, each from both sides",
        "each pair played {games} games: {deals} deals, each from both sides",
        args.tournament_games,
    ).format(games=args.tournament_games, deals=deals)
    text = _(
        "{played}; win rates with a 95% Wilson interval, stones per hand (the bot's side's less the other's) with "
        "one standard error"
    )
    print(text.format(played=played))
    print()
    for line in tournament_lines(result):
        print(line)
    print(_("time: {seconds:.1f} s").format(seconds=elapsed))
    return 0


def tournament_lines(result: TournamentResult) -> list[str]:
    """:meth:`mus.tournament.TournamentResult.lines` in the language in use: the results
    as tables, by bot, then by pair, then the ratings."""
    heads = [_("bot"), _("games"), _("wins"), _("win rate"), _("95% interval"), _("stones/hand"), _("± error")]
    widths, header = table_head(heads, (24, 7, 7, 10, 18, 13, 9))
    lines = [header]
    lines += [_row(row, widths) for row in result.standings]
    if len(result.pairings) > 1:
        lines += ["", _("by pair:"), header]
        for pairing in result.pairings:
            label = _("{first} v {second}").format(first=pairing.first.bot, second=pairing.second.bot)
            lines += [_row(pairing.first, widths, label), _row(pairing.second, widths)]
    lines += ["", _("ratings (Bradley-Terry on every game, Elo scale, mean 1500):")]
    rating_widths, rating_header = table_head([_("bot"), _("rating"), _("95% interval")], (24, 8, 18))
    lines.append(rating_header)
    for rating in sorted(result.ratings, key=lambda rating: -rating.elo):
        interval = f"[{rating.low:.0f}, {rating.high:.0f}]"
        lines.append(
            f"{rating.bot:{rating_widths[0]}}{rating.elo:>{rating_widths[1]}.0f}{interval:>{rating_widths[2]}}"
        )
    return lines


def _row(row: Standing, widths: list[int], label: str | None = None) -> str:
    interval = f"[{row.low:.1%}, {row.high:.1%}]"
    return (
        f"{label or row.bot:{widths[0]}}{row.games:>{widths[1]}}{row.wins:>{widths[2]}}"
        f"{row.win_rate:>{widths[3]}.1%}{interval:>{widths[4]}}"
        f"{row.stones_per_hand:>+{widths[5]}.3f}{row.stderr:>{widths[6]}.3f}"
    )


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus tournament`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "tournament",
        run,
        summary=_("a fair round robin between bots: win rates with 95%% intervals"),
        description=_(
            "Each pair of bots plays N games (matches of one game to the target) on common deals: "
            "every deal is played twice, the sides swapped, and the first mano moves round the table. Per bot: "
            "games won with a 95% Wilson interval, and its side's stones less the other's per hand, with a "
            "standard error; then each bot's rating on the Elo scale, fitted from every game (Bradley-Terry), with a "
            "95% interval. Bots are built-in names, saved policy files (.npz) or module:Name."
        ),
    )
    # Here --games counts the games played, not the games a match takes (each game is a
    # match of one game): this option replaces the rules option of that name.
    group = parser.add_argument_group(_("tournament options"), conflict_handler="resolve")
    group.add_argument(
        "--games",
        dest="tournament_games",
        type=int,
        default=100,
        metavar="N",
        help=_("games each pair of bots plays, an even number: N/2 deals, each from both sides (default 100)"),
    )
    parser.set_defaults(games=None)  # the rules option it replaces: every game is a match of one game
    parser.add_argument(
        "--bots",
        default="advisor,heuristic,random",
        metavar="B,B[,...]",
        help=_(
            "the bots, by built-in name (advisor, heuristic, planner, random), saved policy file (.npz) or module:Name "
            "(default advisor,heuristic,random)"
        ),
    )
    add_seed(parser, _("the seed of the deals (default 0)"))
    parser.add_argument(
        "--workers", type=int, default=1, metavar="N", help=_("processes sharing the deals (default 1)")
    )
    parser.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    parser.add_argument(
        "--progress", action="store_true", help=_("show a progress bar on stderr even when it is not a terminal")
    )
