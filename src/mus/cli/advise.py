"""``mus advise``: should a hand cut or ask for mus, and which cards should it throw?
The expected stones of each of its 16 choices, with each lance's chances, and the best
(needs ``mus-rules[fast]``)."""

from __future__ import annotations

import argparse
import json
import re
from typing import TYPE_CHECKING

from mus import Discard, Lance, MusError
from mus.cli.known import add_known_options, header_lines, known_from_options
from mus.cli.options import add_command, add_hand, add_seed, rules_from_options, rules_summary
from mus.cli.words import table_head
from mus.i18n import gettext as _
from mus.i18n import lance_name

if TYPE_CHECKING:
    from mus.advise import Advice

__all__: list[str] = []  # the command's own: mus.cli says what is public


def _scores(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    found = re.fullmatch(r"\s*(\d{1,4})\s*-\s*(\d{1,4})\s*", text)
    if found is None:
        raise MusError(f"--scores takes the two sides' scores, the seat's first, such as 12-30, got {text!r}")
    return int(found[1]), int(found[2])


def run(args: argparse.Namespace) -> int:
    """Print the advice for HAND: a table, most expected stones first, or JSON."""
    from mus.advise import advise

    rules = rules_from_options(args)
    advice = advise(
        args.hand,
        rules,
        seat=args.seat,
        scores=_scores(args.scores),
        samples=args.samples,
        seed=0 if args.seed is None else args.seed,
        **known_from_options(args, rules, seat=args.seat),
    )
    if args.json:
        print(json.dumps(advice.to_json(), indent=2, ensure_ascii=False))
        return 0
    print(rules_summary(rules))
    for line in advice_lines(advice):
        print(line)
    return 0


def advice_lines(advice: Advice) -> list[str]:
    """:meth:`mus.advise.Advice.lines` in the language in use: the choices as a table,
    most expected stones first, then the best."""
    scores = (
        ""
        if advice.scores is None
        else _(", scores {scores} (own side first)").format(scores="-".join(map(str, advice.scores)))
    )
    line = _("{where}: expected stones of each choice at an en paso count{scores}")
    lines = header_lines(line, advice.hand, advice.seat, advice.rules.seats, advice.given, scores=scores)
    heads = [_("choice"), _("stones"), _("± error"), *(lance_name(lance) for lance in Lance)]
    sizes = [20, 9, 10, *(9 for _lance in Lance)]
    if advice.scores is not None:
        heads.append(_("game"))
        sizes.append(8)
    widths, header = table_head(heads, sizes)
    lines.append(header + "  " + _("deals"))
    lances = len(Lance)
    for option in advice.ranked():
        row = f"{_choice(option.action):{widths[0]}}{option.expected_stones:>+{widths[1]}.3f}"
        row += f"{option.stderr:>{widths[2]}.3f}"
        row += "".join(f"{option.lances[lance]:>{widths[3 + lance]}.1%}" for lance in Lance)
        if option.game is not None:
            row += f"{option.game:>{widths[3 + lances]}.1%}"
        lines.append(row + "  " + (_("exact") if option.exact else str(option.deals)))
    if any(not option.exact for option in advice.options):
        text = _("sampled choices: {samples} deals each, seed {seed}; each error is one standard error")
        lines.append(text.format(samples=advice.samples, seed=advice.seed))
    lines.append(_("best: {choice}").format(choice=_choice(advice.best.action)))
    return lines


def _choice(action: object) -> str:
    """A choice of :mod:`mus.advise` (``no-mus``, ``discard 7e 1b``) in the language in use."""
    if isinstance(action, Discard):
        return _("discard {cards}").format(cards=" ".join(map(str, action.cards)))
    return _("no-mus")


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus advise`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "advise",
        run,
        summary=_("cut or mus, and which cards to throw: the 16 choices of a hand"),
        description=_(
            "The expected stones of each choice of a hand (no-mus, or each of its 15 discards, the new "
            "cards drawn from those the seat has not seen) at a count where nobody bets, the side's stones less "
            "the others'; each lance's chances; the best choice. Exact where every deal can be counted cheaply, "
            "sampled otherwise (with standard errors)."
        ),
    )
    add_hand(parser)
    parser.add_argument(
        "--seat", type=int, default=0, metavar="N", help=_("the hand's speaking position from the mano: 0 is the mano")
    )
    parser.add_argument(
        "--scores", metavar="A-B", help=_("the game's scores, the seat's side first: the count stops at the target")
    )
    parser.add_argument("--samples", type=int, metavar="N", help=_("deals to sample for each choice (default 10000)"))
    add_seed(parser, _("the seed of the sampled deals (default {seed})").format(seed=0))
    parser.add_argument("--json", action="store_true", help=_("print the advice as JSON"))
    add_known_options(parser)
