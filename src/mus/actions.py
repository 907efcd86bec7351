"""What a seat can do: frozen action values with a text form.

Each action has a canonical text (``str``) that :func:`parse_action` reads back, and
``repr`` is eval-able. The parser also takes the game's words: *paso*, *envido 5*,
*quiero*, *no quiero*, *órdago*, *no hay mus*.

>>> parse_action("envido 5"), parse_action("quiero"), parse_action("órdago")
(Bet(5), Accept(), Ordago())
>>> str(Discard.parse("Ro 1b")), str(NoMus())
('discard Ro 1b', 'no-mus')
"""

from __future__ import annotations

import re
import unicodedata
from typing import Union

import attrs

from mus.cards import Card, parse_cards
from mus.errors import CardError, IllegalActionError
from mus.lances import Lance

__all__ = [
    "Action",
    "Mus",
    "NoMus",
    "Discard",
    "Pass",
    "Bet",
    "Accept",
    "Fold",
    "Ordago",
    "Declare",
    "parse_action",
    "MIN_BET",
]

MIN_BET = 2
"""The smallest opening bet (envido) and the smallest raise, in stones."""


@attrs.frozen
class Mus:
    """Ask for the card exchange ("mus").

    >>> Mus(), str(Mus()), parse_action("mus") == Mus()
    (Mus(), 'mus', True)
    """

    def __str__(self) -> str:
        return "mus"


@attrs.frozen
class NoMus:
    """Cut the mus ("no hay mus"): nobody exchanges and the betting starts.

    >>> parse_action("no hay mus"), str(NoMus())
    (NoMus(), 'no-mus')
    """

    def __str__(self) -> str:
        return "no-mus"


def _to_discards(value: object) -> tuple[Card, ...]:
    try:
        cards = parse_cards(value)  # type: ignore[arg-type]
    except CardError as error:
        raise IllegalActionError(f"bad discard: {error}") from None
    if not 1 <= len(cards) <= 4:
        raise IllegalActionError(f"discard 1 to 4 cards, not {len(cards)}")
    if len(set(cards)) != len(cards):
        raise IllegalActionError("a discard names each card once")
    return tuple(sorted(cards, key=lambda card: card.order))


@attrs.frozen(repr=False)
class Discard:
    """Discard 1 to 4 cards during the mus; as many are dealt back after every seat discards.

    >>> Discard.parse("7e Ro")
    Discard.parse('Ro 7e')
    >>> Discard.parse("")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: discard 1 to 4 cards, not 0
    """

    cards: tuple[Card, ...] = attrs.field(converter=_to_discards)

    @classmethod
    def _trusted(cls, cards: tuple[Card, ...]) -> Discard:
        # Legal-action lists build up to 15 discards per turn from cards already checked.
        discard = object.__new__(cls)
        object.__setattr__(discard, "cards", cards)
        return discard

    @classmethod
    def parse(cls, text: str) -> Discard:
        """The discard of the space-separated cards in ``text``."""
        return cls(text)

    def __str__(self) -> str:
        return "discard " + " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Discard.parse({' '.join(map(str, self.cards))!r})"


@attrs.frozen
class Pass:
    """Pass in the opening of a lance ("paso"): no bet yet.

    >>> parse_action("paso"), str(Pass())
    (Pass(), 'pass')
    """

    def __str__(self) -> str:
        return "pass"


def _check_stones(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalActionError(f"a bet is a whole number of stones, got {value!r}")
    if value < MIN_BET:
        raise IllegalActionError(f"a bet or raise is at least {MIN_BET} stones, got {value}")


@attrs.frozen(repr=False)
class Bet:
    """Bet ``stones`` (envido): an opening bet, or a raise of ``stones`` on top of the stake.

    >>> Bet(2), str(Bet(5))
    (Bet(2), 'bet 5')
    >>> Bet(1)
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: a bet or raise is at least 2 stones, got 1
    """

    stones: int = attrs.field(validator=_check_stones)

    def __str__(self) -> str:
        return f"bet {self.stones}"

    def __repr__(self) -> str:
        return f"Bet({self.stones})"


@attrs.frozen
class Accept:
    """Accept the standing bet ("quiero").

    >>> parse_action("quiero"), str(Accept())
    (Accept(), 'accept')
    """

    def __str__(self) -> str:
        return "accept"


@attrs.frozen
class Fold:
    """Refuse the standing bet ("no quiero"); the seat is out of this lance.

    >>> parse_action("no quiero"), str(Fold())
    (Fold(), 'fold')
    """

    def __str__(self) -> str:
        return "fold"


@attrs.frozen
class Ordago:
    """Bet the whole game (órdago): it can only be accepted or folded.

    >>> parse_action("órdago"), str(Ordago())
    (Ordago(), 'ordago')
    """

    def __str__(self) -> str:
        return "ordago"


@attrs.frozen(repr=False)
class Declare:
    """A seat's declaration of whether it has pares or juego.

    Under the default rules the engine derives declarations from the cards and records
    them in the history; seats never send them.

    >>> str(Declare(Lance.PARES, True)), Declare(Lance.JUEGO, False)
    ('declare pares yes', Declare(Lance.JUEGO, False))
    """

    lance: Lance = attrs.field()
    has: bool = attrs.field()

    @lance.validator
    def _check_lance(self, attribute: attrs.Attribute[Lance], value: object) -> None:
        if value not in (Lance.PARES, Lance.JUEGO):
            raise IllegalActionError(f"only pares and juego are declared, not {value!r}")

    @has.validator
    def _check_has(self, attribute: attrs.Attribute[bool], value: object) -> None:
        if not isinstance(value, bool):
            raise IllegalActionError(f"a declaration is True or False, got {value!r}")

    def __str__(self) -> str:
        return f"declare {self.lance} {'yes' if self.has else 'no'}"

    def __repr__(self) -> str:
        return f"Declare(Lance.{self.lance.name}, {self.has})"


Action = Union[Mus, NoMus, Discard, Pass, Bet, Accept, Fold, Ordago, Declare]
"""Any action a seat can take."""

ACTION_TYPES = frozenset((Mus, NoMus, Discard, Pass, Bet, Accept, Fold, Ordago, Declare))

_WORDS: dict[str, Action] = {
    "mus": Mus(),
    "no-mus": NoMus(),
    "no mus": NoMus(),
    "no hay mus": NoMus(),
    "cut": NoMus(),
    # The French federation's words (RULES.md section 4, source 002): a team "sortir"s
    # to start play, and the other team may say "mintza" to make it start.
    "sortir": NoMus(),
    "mintza": NoMus(),
    "pass": Pass(),
    "paso": Pass(),
    "accept": Accept(),
    "quiero": Accept(),
    "fold": Fold(),
    "no quiero": Fold(),
    "ordago": Ordago(),
}

MAX_ACTION_TEXT = 200


def parse_action(text: str) -> Action:
    """Read an action from its text form or the game's words.

    >>> parse_action("discard 1b 7e"), parse_action("bet 10"), parse_action("No quiero")
    (Discard.parse('7e 1b'), Bet(10), Fold())
    >>> parse_action("declare juego no")
    Declare(Lance.JUEGO, False)
    >>> parse_action("raise")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: unknown action 'raise' (actions: mus, no-mus, discard CARDS, pass, bet N, accept, fold, ordago; or in the game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action's text is a str, got {type(text).__name__}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalActionError(f"action text longer than {MAX_ACTION_TEXT} characters")
    # "órdago" and "ordago" are the same word; strip accents before matching.
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = plain.lower().split()
    phrase = " ".join(words)
    if phrase in _WORDS:
        return _WORDS[phrase]
    if words and words[0] in ("discard", "descarte") and len(words) > 1:
        return Discard(text.split()[1:])
    if len(words) == 2 and words[0] in ("bet", "envido", "raise", "subo"):
        if not re.fullmatch("[0-9]{1,9}", words[1]):
            raise IllegalActionError(f"a bet needs a number of stones, got {words[1]!r}")
        return Bet(int(words[1]))
    if phrase == "envido":
        return Bet(MIN_BET)
    if len(words) == 3 and words[0] == "declare" and words[2] in ("yes", "no"):
        try:
            lance = Lance.parse(words[1])
        except ValueError as error:
            raise IllegalActionError(str(error)) from None
        return Declare(lance, words[2] == "yes")
    raise IllegalActionError(
        f"unknown action {text!r} (actions: mus, no-mus, discard CARDS, pass, bet N, accept, fold, ordago;"
        " or in the game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)"
    )
