"""``mus compare``: who wins each lance among two hands or more (up to the seats at
the table: four by default, six with ``--seats 6``), and why."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

import mus
from mus import JUEGO_ORDER, Hand, Lance, MusError, Rank, Rules
from mus.cli.errors import error_words
from mus.cli.narration import print_lines
from mus.cli.options import add_command, add_hand, rules_from_options
from mus.cli.words import describe, labelled, pares_words
from mus.i18n import and_list, lance_name, pgettext
from mus.i18n import gettext as _

__all__: list[str] = []  # the command's own: mus.cli says what is public


def _ordinal(n: int) -> str:
    ordinals = {
        1: pgettext("card", "1st"),
        2: pgettext("card", "2nd"),
        3: pgettext("card", "3rd"),
        4: pgettext("card", "4th"),
    }
    return ordinals[n]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus compare`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "compare",
        run,
        summary=_("who wins each lance among 2-6 hands, and why"),
        description=_(
            "Compare 2 hands to as many as the table has seats (4, or --seats N), "
            'e.g. mus compare "Ro Rc 7e 1b" "Cc Co 5b 4e". '
            "The hands are given in speaking order from the mano; ties go to the hand nearer the mano."
        ),
    )
    add_hand(parser, "hands", "+")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--mano-first", action="store_true", help=_("the first hand is the mano (the default)"))
    where.add_argument(
        "--mano",
        type=int,
        metavar="K",
        help=_("hand K (1 to the number of hands) is the mano; speaking order goes on from it"),
    )


def _ranks(hand: Hand, rules: Rules, low_first: bool) -> list[Rank]:
    return sorted((mus.played_rank(card.rank, rules) for card in hand), reverse=not low_first)


def _total_text(hand: Hand, rules: Rules) -> str:
    total = mus.points(hand, rules)
    real = total == 31 and bool(rules.real_31) and mus.is_real_31(hand, rules)
    return _("31 real (three sietes and a figure)") if real else str(total)


def _winner(lance: Lance, hands: Sequence[Hand], order: Sequence[int], rules: Rules) -> int | None:
    index = mus.winner(lance, [hands[i] for i in order], rules)
    return None if index is None else order[index]


def _why(lance: Lance, hands: Sequence[Hand], best: int, runner: int, rules: Rules) -> str:
    a, b = hands[best], hands[runner]
    other = runner + 1
    if lance in (Lance.GRANDE, Lance.CHICA):
        low = lance is Lance.CHICA
        ra, rb = _ranks(a, rules, low), _ranks(b, rules, low)
        shown_a, shown_b = " ".join(map(str, ra)), " ".join(map(str, rb))
        for i, (x, y) in enumerate(zip(ra, rb, strict=False)):
            if x != y:
                if low:
                    text = _("{a} beats {b} of hand {other}: {x} under {y} at the {nth} card (the lower card wins)")
                else:
                    text = _("{a} beats {b} of hand {other}: {x} over {y} at the {nth} card")
                return text.format(
                    a=shown_a, b=shown_b, other=other, x=x.name.lower(), y=y.name.lower(), nth=_ordinal(i + 1)
                )
        return _("{a} ties {b} of hand {other}: tie, goes to the hand nearer the mano").format(
            a=shown_a, b=shown_b, other=other
        )
    if lance is Lance.PARES:
        ca, cb = mus.pares(a, rules), mus.pares(b, rules)
        assert ca is not None and cb is not None
        pa, pb = pares_words(ca), pares_words(cb)
        if mus.compare(lance, a, b, rules) == 0:
            text = _(
                "{a} ties {b} of hand {other} (the other cards do not count): tie, goes to the hand nearer the mano"
            )
            return text.format(a=pa, b=pb, other=other)
        if ca.kind != cb.kind:
            text = _("{a} beats {b} of hand {other}: {kind_a} beat {kind_b}")
            return text.format(a=pa, b=pb, other=other, kind_a=ca.kind, kind_b=cb.kind)
        return _("{a} beats {b} of hand {other}").format(a=pa, b=pb, other=other)
    ta, tb = _total_text(a, rules), _total_text(b, rules)
    if mus.compare(lance, a, b, rules) == 0:
        return _("{a} ties {b} of hand {other}: tie, goes to the hand nearer the mano").format(a=ta, b=tb, other=other)
    if lance is Lance.JUEGO:
        order = ", ".join(map(str, JUEGO_ORDER))
        return _("{a} beats {b} of hand {other} (juego order {order})").format(a=ta, b=tb, other=other, order=order)
    return _("{a} beats {b} of hand {other} (the higher punto wins)").format(a=ta, b=tb, other=other)


def _only(lance: Lance, hand: Hand, rules: Rules) -> str:
    if lance is Lance.PARES:
        return _("only it has pares ({pares})").format(pares=pares_words(mus.pares(hand, rules)))
    return _("only it has juego ({total})").format(total=_total_text(hand, rules))


def _lance_words(lance: Lance, hands: Sequence[Hand], order: Sequence[int], rules: Rules) -> str:
    """Who wins ``lance`` (played, since a hand has juego when it is punto), and why."""
    best = _winner(lance, hands, order, rules)
    if best is None:
        if lance is Lance.JUEGO:
            return _("nobody has juego (31 or more): punto is played")
        return _("nobody has {lance}: the lance is void").format(lance=lance_name(lance))
    runner = _winner(lance, hands, [i for i in order if i != best], rules)
    if runner is None:
        return _("hand {number} wins: {why}").format(number=best + 1, why=_only(lance, hands[best], rules))
    return _("hand {number} wins: {why}").format(number=best + 1, why=_why(lance, hands, best, runner, rules))


def compare_lines(hands: Sequence[Hand], rules: Rules, mano: int = 0) -> list[str]:
    """Who wins each lance among the hands (2 to ``rules.seats``), and why; ``mano``
    indexes ``hands``.

    Speaking order goes from the mano through the hands as listed, wrapping around.
    A hand for every seat of a partnership table also names the partners.

    >>> hands = [mus.Hand.parse(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e")]
    >>> for line in compare_lines(hands, mus.Rules())[3:]:
    ...     print(line)
    grande: hand 1 wins: R R 7 1 beats C C 5 4 of hand 2: rey over caballo at the 1st card
     chica: hand 1 wins: 1 7 R R beats 4 5 C C of hand 2: as under cuatro at the 1st card (the lower card wins)
     pares: hand 1 wins: pareja of rey beats pareja of caballo of hand 2
     juego: nobody has juego (31 or more): punto is played
     punto: hand 2 wins: 29 beats 28 of hand 1 (the higher punto wins)
    """
    count = len(hands)
    order = [(mano + i) % count for i in range(count)]
    lines = [
        labelled(
            (_("hand {number} (mano)") if i == mano else _("hand {number}")).format(number=i + 1),
            f"{hand}  ({describe(hand, rules)})",
        )
        for i, hand in enumerate(hands)
    ]
    if count == rules.seats and rules.partners > 1:
        teams = [_hands_list([i for i in range(count) if rules.team_of[i] == team]) for team in range(rules.teams)]
        lines.append(_("{first} are partners, and {second}").format(first=teams[0], second=teams[1]))
    if rules.eight_kings:
        lines.append(_("eight kings: every 3 plays as a rey (R) and every 2 as an as (1)"))
    else:
        lines.append(_("four kings: 2s and 3s keep their rank"))
    anyone_juego = any(mus.has_juego(hand, rules) for hand in hands)
    for lance in Lance:
        if lance is Lance.PUNTO and anyone_juego:
            words = _("not played, a hand has juego")
        else:
            words = _lance_words(lance, hands, order, rules)
        lines.append(labelled(f"{lance_name(lance):>6}", words))
    return lines


def _hands_list(indexes: Sequence[int]) -> str:
    """Hands by number, from their indexes: *hands 1, 3 and 5*."""
    return _("hands {numbers}").format(numbers=and_list([str(i + 1) for i in indexes]))


def _read_hands(texts: Sequence[str], rules: Rules) -> list[Hand]:
    """The hands given, each parsed, no card in two of them; a MusError says which."""
    if not 2 <= len(texts) <= rules.seats:
        if rules.seats == 2:
            text = _("compare takes 2 hands at a table of 2 seats, got {count}")
        else:
            text = _("compare takes 2 to {seats} hands, got {count}")
        raise MusError(text.format(seats=rules.seats, count=len(texts)))
    hands = []
    for number, text in enumerate(texts, 1):
        try:
            hands.append(Hand.parse(text))
        except MusError as error:
            raise MusError(_("hand {number}: {error}").format(number=number, error=error_words(error))) from None
    seen: dict[object, int] = {}
    for number, hand in enumerate(hands, 1):
        for card in hand:
            if card in seen:
                text = _("card {card} is in hand {first} and in hand {second}")
                raise MusError(text.format(card=card, first=seen[card], second=number))
            seen[card] = number
    return hands


def run(args: argparse.Namespace) -> int:
    """Print who wins each lance among the hands given, and why."""
    rules = rules_from_options(args)
    hands = _read_hands(args.hands, rules)
    mano = 1 if args.mano is None else int(args.mano)
    if not 1 <= mano <= len(hands):
        raise MusError(
            _("--mano is the number of a hand given, 1 to {count}, got {mano}").format(count=len(hands), mano=mano)
        )
    print_lines(compare_lines(hands, rules, mano - 1))
    return 0
