"""What a seat knows beyond its hand, read from the command line: ``mus odds`` and
``mus advise`` share these options, and the lines that open their answers (the hand,
its seat, what was given). Seats are speaking positions from the mano (0 is the mano),
as ``--seat`` counts them.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_known_options(parser)
>>> args = parser.parse_args(["--partner", "Rb 3e 5o 4c", "--pares", "yes,no,yes,-", "--signal", "1:duples"])
>>> known = known_from_options(args, mus.Rules(), seat=0)
>>> known["partner"], known["declarations"][mus.Lance.PARES], known["senas"]
('Rb 3e 5o 4c', (True, False, True, None), {1: ['duples']})
"""

from __future__ import annotations

import argparse
from typing import Any

import mus
from mus import Lance, MusError, Rules
from mus.i18n import gettext as _
from mus.i18n import lance_name, pgettext

__all__: list[str] = []  # the command's own: mus.cli says what is public

_YES = {"yes": True, "y": True, "1": True, "si": True, "sí": True, "no": False, "n": False, "0": False}
_NONE = {"-", "?", ""}


def add_known_options(parser: argparse.ArgumentParser) -> None:
    """Add the options that tell what the seat knows: its partner's hand, cards seen,
    its discards, the declarations, the señas."""
    group = parser.add_argument_group(_("what the seat knows (seats are speaking positions from the mano)"))
    group.add_argument("--partner", metavar=pgettext("metavar", "HAND"), help=_("the partner's hand (its four cards)"))
    group.add_argument(
        "--known",
        action="append",
        default=[],
        metavar=pgettext("metavar", "SEAT:CARDS"),
        help=_('cards known to be in a seat\'s hand, such as "1:Rb" (a card seen); may be repeated'),
    )
    group.add_argument("--exposed", metavar=pgettext("metavar", "CARDS"), help=_("cards in no hand: seen out of play"))
    group.add_argument(
        "--discards", metavar=pgettext("metavar", "CARDS"), help=_("the seat's own discards (in no hand either)")
    )
    for lance in ("pares", "juego"):
        group.add_argument(
            f"--{lance}",
            metavar=pgettext("metavar", "LIST"),
            help=_(
                "the {lance} declarations, one a seat from the mano: yes, no or - (not declared), "
                'such as "yes,no,-,yes"'
            ).format(lance=lance_name(lance)),
        )
    group.add_argument(
        "--signal",
        action="append",
        default=[],
        metavar=pgettext("metavar", "SEAT:SEÑA"),
        help=_('a seña a seat made (true of its hand), such as "2:dos reyes"; may be repeated'),
    )


def _seat_and(text: str, option: str, rules: Rules) -> tuple[int, str]:
    seat, colon, rest = text.partition(":")
    if not colon or not seat.strip().isdigit() or not 0 <= int(seat) < rules.seats:
        raise MusError(f"{option} takes SEAT:VALUE with a seat from 0 to {rules.seats - 1}, got {text!r}")
    return int(seat), rest.strip()


def _declarations(text: str, lance: Lance, rules: Rules) -> tuple[bool | None, ...]:
    words = [word.strip().lower() for word in text.split(",")]
    if len(words) != rules.seats or any(word not in _YES and word not in _NONE for word in words):
        raise MusError(
            f"--{lance} lists one declaration a seat ({rules.seats}), each yes, no or -, such as "
            f'"{",".join(["yes", "no"] * (rules.seats // 2) + ["-"] * (rules.seats % 2))}", got {text!r}'
        )
    return tuple(None if word in _NONE else _YES[word] for word in words)


def known_from_options(args: argparse.Namespace, rules: Rules, *, seat: int) -> dict[str, Any]:
    """The keyword arguments of :func:`mus.odds.odds` (and :func:`mus.advise.advise`)
    that the options give; empty when they give nothing."""
    found: dict[str, Any] = {}
    if args.partner is not None:
        found["partner"] = args.partner
    known: dict[int, str] = {}
    for text in args.known:
        other, cards = _seat_and(text, "--known", rules)
        if other == seat:
            raise MusError(f"--known {text}: seat {seat} is the hand's own seat")
        known[other] = f"{known.get(other, '')} {cards}".strip()
    if known:
        found["known"] = known
    exposed = " ".join(text for text in (args.exposed, args.discards) if text)
    if exposed:
        found["exposed"] = mus.parse_cards(exposed)
    declarations = {
        lance: _declarations(text, lance, rules)
        for lance, text in ((Lance.PARES, args.pares), (Lance.JUEGO, args.juego))
        if text is not None
    }
    if declarations:
        found["declarations"] = declarations
    senas: dict[int, list[str]] = {}
    for text in args.signal:
        other, name = _seat_and(text, "--signal", rules)
        senas.setdefault(other, []).append(name)
    if senas:
        found["senas"] = senas
    return found


def header_lines(line: str, hand: object, seat: int, seats: int, given: str, **fields: object) -> list[str]:
    """The lines that open the answers of ``mus odds`` and ``mus advise``: ``line``, a
    message whose ``{where}`` is the hand and its seat (the mano named) and whose other
    fields are ``fields``; then, when the seat knew more than its hand, what (``given``,
    in the library's words).

    >>> header_lines(_("{where}, {how}"), "Ro Rc 7e 1b", 0, 4, "seat 1 juego no", how="exact")
    ['Ro Rc 7e 1b at seat 0 (mano) of 4, exact', 'given: seat 1 juego no']
    """
    where = _("{hand} at seat {seat} (mano) of {seats}") if seat == 0 else _("{hand} at seat {seat} of {seats}")
    lines = [line.format(where=where.format(hand=hand, seat=seat, seats=seats), **fields)]
    if given:  # what the seat knew beyond its hand (the library's words)
        lines.append(_("given: {given}").format(given=given))
    return lines
