"""What a seat can do: frozen action values with a text form.

Each action has a canonical text (``str``) that :func:`parse_action` reads back, and
``repr`` is eval-able. The parser also takes the players' words in Spanish (*paso*,
*envido 5*, *y yo*, *5 más*, *quiero*, *no quiero*, *órdago*, *no hay mus*), French
(*je passe*, *j'accepte*, *je n'accepte pas*...) and Basque (*sortir*, *mintza*,
*imido*, *bost gehiago*, *idoki*, *tira*, *hordago* or *hor dago*, *kanta*);
numbers may be said in words of each language (*envido dos*, *cinco más*, *et cinq de
plus*, *bost gehiago*). :func:`words_of`
quotes them back in error messages.

>>> parse_action("envido 5"), parse_action("quiero"), parse_action("órdago")
(Bet(5), Accept(), Ordago())
>>> parse_action("paso", answering=True), words_of("paso", Fold())
(Fold(), 'fold ("paso")')
>>> str(Discard.parse("Ro 1b")), str(NoMus())
('discard Ro 1b', 'no-mus')
"""

from __future__ import annotations

import difflib
import re
import unicodedata

import attrs

from mus.cards import Card, parse_cards
from mus.errors import CardError, IllegalActionError, quoted
from mus.ranking import Lance
from mus.senas import Sena

__all__ = [
    "MIN_BET",
    "Accept",
    "Action",
    "Bet",
    "Declare",
    "Discard",
    "Fold",
    "Mus",
    "MusVisto",
    "NoMus",
    "Ordago",
    "Pass",
    "Servido",
    "Signal",
    "TeamFold",
    "parse_action",
    "words_of",
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
        """The discard of the space-separated cards in ``text``.

        >>> Discard.parse("Ro 7e"), str(Discard.parse("7e Ro"))
        (Discard.parse('Ro 7e'), 'discard Ro 7e')
        """
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
        raise IllegalActionError(f"a bet is a whole number of stones, got {quoted(value)}")
    if value < MIN_BET:
        raise IllegalActionError(f"a bet or raise is at least {MIN_BET} stones, got {quoted(value)}")
    if value > MAX_STONES:
        raise IllegalActionError(f"a bet or raise is at most {MAX_STONES:,} stones, got {quoted(value)}")


MAX_STONES = 999_999_999
"""The largest bet a :class:`Bet` can name (nine digits, as the notation writes them).
In play a bet is smaller still: no bet takes the stake past the game's target."""


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
        if type(value) is not Lance or value not in (Lance.PARES, Lance.JUEGO):
            raise IllegalActionError(
                f"only pares and juego are declared (Lance.PARES, Lance.JUEGO), not {quoted(value)}"
            )

    @has.validator
    def _check_has(self, attribute: attrs.Attribute[bool], value: object) -> None:
        if not isinstance(value, bool):
            raise IllegalActionError(f"a declaration is True or False, got {quoted(value)}")

    def __str__(self) -> str:
        return f"declare {self.lance} {'yes' if self.has else 'no'}"

    def __repr__(self) -> str:
        return f"Declare(Lance.{self.lance.name}, {self.has})"


@attrs.frozen
class TeamFold:
    """Refuse the standing bet for the whole team in one word ("no queremos"; ``000``:
    « Nous n'acceptons pas »): every partner still to answer folds at once.

    >>> parse_action("no queremos"), str(TeamFold())
    (TeamFold(), 'team-fold')
    """

    def __str__(self) -> str:
        return "team-fold"


@attrs.frozen
class Servido:
    """Keep one's cards in the exchange a mus visto forces ("servido"; ``000``: « Servi ! »,
    ``003``: "The players are able to remain served"; rules section 13). Once anyone
    said it, there is no more mus in the hand: the betting starts after the exchange.
    Under ``mus_decision="team"`` the word speaks for the side: partners still to
    speak keep their cards too.

    >>> parse_action("servido"), parse_action("Servi !"), str(Servido())
    (Servido(), Servido(), 'servido')
    """

    def __str__(self) -> str:
        return "servido"


def _to_sena(value: object) -> Sena:
    return Sena.parse(value)  # type: ignore[arg-type]


@attrs.frozen(repr=False)
class Signal:
    """A seña: a signal to the partners (``Rules(senas=True)``; rules section 13).

    A signal must be true of the signalling seat's hand; only its partners see it. Any
    seat may signal at any moment of the hand: it does not take a turn.

    >>> Signal("dos reyes"), str(Signal(Sena.DUPLES)), parse_action("seña dos reyes")
    (Signal(Sena.DOS_REYES), 'signal duples', Signal(Sena.DOS_REYES))
    """

    sena: Sena = attrs.field(converter=_to_sena)

    def __str__(self) -> str:
        return f"signal {self.sena}"

    def __repr__(self) -> str:
        return f"Signal(Sena.{self.sena.name})"


def _exposed(value: object) -> Card:
    try:
        return Card.parse(value)  # type: ignore[arg-type]
    except CardError as error:
        raise IllegalActionError(f"bad mus visto: {error}") from None


@attrs.frozen(repr=False)
class MusVisto:
    """*Mus visto*: a card dealt face up by mistake (rules section 13, ``003`` "Seen
    Mus", ``000`` « Mus vu ! »). An event at the start of the hand, before anyone
    speaks, recorded against the seat that was dealt the card; ``Rules.mus_visto`` says
    what follows (a new card for that seat, or no mus for it: *servido*).

    >>> MusVisto("Ro"), str(MusVisto("Ro")), parse_action("mus visto 7e")
    (MusVisto.parse('Ro'), 'visto Ro', MusVisto.parse('7e'))
    """

    card: Card = attrs.field(converter=_exposed)

    @classmethod
    def parse(cls, text: str) -> MusVisto:
        """The mus visto of the card written ``text``.

        >>> MusVisto.parse("Ro"), str(MusVisto.parse("12o"))
        (MusVisto.parse('Ro'), 'visto Ro')
        """
        return cls(text)

    def __str__(self) -> str:
        return f"visto {self.card}"

    def __repr__(self) -> str:
        return f"MusVisto.parse({str(self.card)!r})"


Action = Mus | NoMus | Discard | Servido | Pass | Bet | Accept | Fold | Ordago | Declare | TeamFold | Signal | MusVisto
"""Any action a seat can take (and the mus visto event)."""

ACTION_TYPES = frozenset(
    (Mus, NoMus, Discard, Servido, Pass, Bet, Accept, Fold, Ordago, Declare, TeamFold, Signal, MusVisto)
)

# --- the players' words ---------------------------------------------------------------
#
# Each word is written as the players write it; the parser compares words without case,
# accents, quotes, ! and ? marks or a final full stop, so "Órdago !" reads as "ordago".
# Every word cites where it comes from: the rules page (docs/rules.rst, section 4, the mus; section 7, the
# betting) or a seed of the rules page's sources (000 French, 001 French text of Spanish rules,
# 002 French federation, 003 English, 004 Spanish).

_GAME_WORDS: tuple[tuple[str, Action], ...] = (
    # The canonical text forms (str() of each action).
    ("mus", Mus()),
    ("no-mus", NoMus()),
    ("pass", Pass()),  # stays Pass when answering a bet: the engine then refuses it
    ("accept", Accept()),
    ("fold", Fold()),
    ("team-fold", TeamFold()),
    ("servido", Servido()),
    ("ordago", Ordago()),
    # English.
    ("no mus", NoMus()),  # 003: "any player disagrees by saying "No Mus""
    ("served", Servido()),  # 003: "The players are able to remain served if they wish it"
    ("cut", NoMus()),  # cutting the mus (rules section 4)
    ("see", Accept()),  # 003: "the opposing team must decide whether to fold, see or raise"
    # Spanish.
    ("no hay mus", NoMus()),  # rules section 4; 004: la opción "mus" y si no en "no hay mus"
    ("paso", Pass()),  # rules section 7; a fold when answering a bet (see parse_action)
    ("envido", Bet(MIN_BET)),  # 004: si un jugador dice "envido", está apostando dos tantos
    ("envido más", Bet(MIN_BET)),  # rules section 7: "envido más" is a raise
    ("y yo", Bet(MIN_BET)),  # rules section 7; 000: « Y yo » ... 2 Pierres de plus
    ("quiero", Accept()),  # rules section 7: accept (quiero)
    ("no quiero", Fold()),  # rules section 7: fold (no quiero)
    ("no queremos", TeamFold()),  # rules section 7: a plural answer binds the team
    ("órdago", Ordago()),  # rules section 7; 004: "lo que se conoce como un órdago"
    ("servidos", Servido()),  # rules section 13: the side's word ("servido" for a side)
    # French, 000 (Vocabulaire spécifique and the betting examples).
    ("il n'y a pas de mus", NoMus()),  # 000: « Il n'y a pas de Mus »
    ("pas de mus", NoMus()),  # 000: « Pas de Mus ! »; 001: "pas de mus"
    ("je passe", Pass()),  # 000: « Je passe »; 001: "je passe"; a fold when answering
    ("passe", Pass()),  # the same, without "je"; a fold when answering
    ("nous passons", Pass()),  # 000: « Nous passons » (binds the partner; a fold when answering)
    ("j'enchéris", Bet(MIN_BET)),  # 000: « Envido » (« J'enchéris »), a bet of 2
    ("nous surenchérissons", Bet(MIN_BET)),  # 000: « Nous surenchérissons », a raise (of 2)
    ("j'accepte", Accept()),  # 000: « J'accepte »
    ("nous acceptons", Accept()),  # 000: « Nous acceptons »
    ("je n'accepte pas", Fold()),  # 000: « Je n'accepte pas »
    ("nous n'acceptons pas", TeamFold()),  # 000: « Nous n'acceptons pas »: the team folds
    ("je refuse", Fold()),  # 000: « Je refuse »
    ("nous refusons", TeamFold()),  # 000: « Nous refusons »: the team folds
    ("je renonce", Fold()),  # 000: « J'accepte » ou « Je renonce »
    # French, 001 (the French text of the Spanish rules).
    ("je coupe le mus", NoMus()),  # 001: "pas de mus, je coupe le mus"
    ("je renvie", Bet(MIN_BET)),  # 001: "qui lance cette mise devra dire je renvie" (2 points)
    ("je renvie encore", Bet(MIN_BET)),  # 001: "on dirrait je renvie encore ou encore deux"
    ("oui", Accept()),  # 001: accepter la mise: "la plus utilisée c'est un simple oui"
    ("non", Fold()),  # 001: "Pour refuser la mise ... on dira un simple non"
    ("servi", Servido()),  # 000: « Ceux qui ne souhaitent pas faire de nouvel échange déclarent « Servi ! » »
    ("je suis servi", Servido()),  # 000: « Servi ! », the whole sentence
    # Basque, 002 (French federation): the team mus words.
    ("sortir", NoMus()),  # 002: a team "sortir"s, that is starts to play
    ("mintza", NoMus()),  # 002: the other team asks the esku to start: "mintza"
    # Basque, the betting words of the Basque table (the dialogue of 002's phases, as the
    # players say it; asked for in issue 23): imido, N gehiago, idoki, tira, hordago, kanta.
    ("imido", Bet(MIN_BET)),  # envido: a bet of 2
    ("gehiago", Bet(MIN_BET)),  # "more": a raise (of 2 without a number)
    ("idoki", Accept()),  # quiero
    ("tira", Fold()),  # no quiero
    ("hordago", Ordago()),  # órdago ("hor dago", there it is)
    ("hor dago", Ordago()),  # the same in two words, as it is said
    ("kanta", Accept()),  # the answer that takes an hordago: the cards are shown
)

_NUMBER_WORDS: tuple[tuple[str, str], ...] = (
    # A bet or raise of N stones: (the words with N, the languages whose number words N
    # may also be: "" for digits only).
    ("bet N", ""),  # the canonical text form
    ("raise N", ""),
    ("envido N", "es"),  # rules section 7: envido (at least 2 stones); "envido dos"
    ("subo N", "es"),
    ("i bet N", ""),  # 003: "saying for example "I bet 5""
    ("N más", "es"),  # rules section 7: "(n) más" is a raise; "cinco más"
    ("y yo N", "es fr"),  # 000: « Y yo 10 » monte la mise de 10
    ("et N de plus", "fr"),  # 000: « Et cinq de plus » (5 Pierres en plus)
    ("nous rajoutons N", "fr"),  # 000: « Nous rajoutons dix » (10 Pierres de plus)
    ("je renvie N", "fr"),  # 001: "10 ou bien je renvie 10"
    ("je renvie N encore", "fr"),  # 001: "je renvie 10 encore"
    ("encore N", "fr"),  # 001: "encore deux", "encore 10"
    ("imido N", "eu"),  # the Basque envido with its stones
    ("N gehiago", "eu"),  # Basque "N more": "bost gehiago" is a raise of 5
    ("gehiago N", "eu"),
    ("N", ""),  # 001: "dire le nombre exact des points ... (on dirait, par exemple, 10 ...)"
)

# 000 and 001 say numbers in words: "encore deux", "Et cinq de plus", "Nous rajoutons dix";
# the Basque table says them in Basque: "bost gehiago"; the Spanish table in Spanish, to
# the game's 40 stones: "envido dos", "cinco más", "treinta y cinco más" (the "y" of a
# number past thirty is read with it).
_NUMBERS_IN_WORDS = {
    "fr": {
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5,
        "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
    },
    "eu": {
        "bat": 1, "bi": 2, "hiru": 3, "lau": 4, "bost": 5,
        "sei": 6, "zazpi": 7, "zortzi": 8, "bederatzi": 9, "hamar": 10,
    },
    "es": {
        "un": 1, "uno": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
        "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13,
        "catorce": 14, "quince": 15, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18,
        "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintiun": 21, "veintidos": 22,
        "veintitres": 23, "veinticuatro": 24, "veinticinco": 25, "veintiseis": 26,
        "veintisiete": 27, "veintiocho": 28, "veintinueve": 29, "treinta": 30, "cuarenta": 40,
    },
}  # fmt: skip
_TENS = {"treinta": 30}
"""The Spanish tens said with their units after "y" (*treinta y cinco*: 35)."""

# rules section 7: "in the answer to a bet, 'paso' means fold (FEM vocabulary, 000:
# a seat that passes after a bet is eliminated)". 000's « Je passe » is the same word.
_PASS_THEN_FOLD = ("paso", "je passe", "passe", "nous passons")

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u00b4": "'", "`": "'", "\u02bc": "'"})
_MARKS = re.compile('[!?\u00a1\u00bf\u00ab\u00bb"\u201c\u201d]')
_DIGITS = re.compile("[0-9]{1,9}")


def _plain_words(text: str) -> list[str]:
    """The words of ``text`` in lower case, without accents, quotes, ! ? or a final stop."""
    text = _MARKS.sub(" ", text.translate(_APOSTROPHES))
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return plain.strip().rstrip(".,;:").split()


def _key(words: str) -> str:
    return " ".join(_plain_words(" ".join("#" if word == "N" else word for word in words.split())))


_WORDS: dict[str, Action] = {_key(said): action for said, action in _GAME_WORDS}
_FOLDS = frozenset(_key(said) for said in _PASS_THEN_FOLD)
_TEAM_PASS = _key("nous passons")
_NUMBERED = tuple((_key(said).split(), language) for said, language in _NUMBER_WORDS)
_VOCABULARY: dict[str, str] = {
    _key(said): said for said in [said for said, _ in _GAME_WORDS] + [said for said, _ in _NUMBER_WORDS]
}
_VOCABULARY["ordago"] = "órdago"  # show the accent
del _VOCABULARY["#"]  # never suggest a bare number
_DISCARDS = ("discard", "descarte", "ecarte", "bota")
"""The words before the cards of a discard: English, Spanish, French (*écarte*: the
French game's *écart*), Basque (*bota*, throw)."""
_HEADS = (*_DISCARDS, "declare")

MAX_ACTION_TEXT = 200


def _stones(word: str, languages: str) -> int | None:
    if _DIGITS.fullmatch(word):
        return int(word)
    for language in languages.split():
        stones = _NUMBERS_IN_WORDS[language].get(word)
        if stones is not None:
            return stones
    return None


def _joined(words: list[str]) -> list[str]:
    """``words`` with a Spanish number of three words (*treinta y cinco*) written in
    digits (``35``), one word as the patterns of :data:`_NUMBER_WORDS` read it."""
    for index in range(len(words) - 2):
        tens, units = _TENS.get(words[index]), _NUMBERS_IN_WORDS["es"].get(words[index + 2], 10)
        if tens is not None and words[index + 1] == "y" and units < 10:
            return [*words[:index], f"{tens + units}", *words[index + 3 :]]
    return words


def _numbered(words: list[str]) -> Bet | None:
    """The bet that ``words`` name with a number, or None; an error if the number is bad."""
    bad: str | None = None
    for pattern, language in _NUMBERED:
        if len(pattern) != len(words) or any(p not in ("#", w) for p, w in zip(pattern, words, strict=False)):
            continue
        slot = words[pattern.index("#")]
        stones = _stones(slot, language)
        if stones is not None:
            return Bet(stones)
        if pattern[0] != "#":
            bad = slot
    if bad is not None:
        raise IllegalActionError(f"a bet needs a number of stones, got {quoted(bad)}")
    return None


def _either(options: list[str]) -> str:
    quoted = [repr(option) for option in options]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _did_you_mean(text: str, words: list[str]) -> str:
    """The closest known words to an unknown text, as "; did you mean 'x'?" or ""."""
    number = next((word for word in words if _DIGITS.fullmatch(word)), None)
    key = " ".join("#" if _DIGITS.fullmatch(word) else word for word in words)
    options: list[str] = []
    for close in difflib.get_close_matches(key, _VOCABULARY, n=3, cutoff=0.75):
        shown = _VOCABULARY[close]
        if number is not None:
            shown = re.sub(r"\bN\b", number, shown)
        if close != key and shown not in options:
            options.append(shown)
    if len(words) > 1 and words[0] not in _HEADS:
        for head in difflib.get_close_matches(words[0], _HEADS, n=1, cutoff=0.75):
            options.append(" ".join([head, *text.split()[1:]]))
    return f"; did you mean {_either(options)}?" if options else ""


def parse_action(text: str, *, answering: bool = False) -> Action:
    """Read an action from its text form or the players' words.

    The text forms are those of ``str(action)``; the players' words are the game's
    Spanish words (*paso*, *envido*, *envido 5*, *y yo*, *5 más*, *quiero*, *no quiero*,
    *órdago*, *no hay mus*; numbers in Spanish words too: *envido dos*, *cinco más*) and those of the French and Basque seeds (*je passe*,
    *j'accepte*, *je n'accepte pas*, *et cinq de plus*, *sortir*, *mintza*...), and the
    Basque table's betting words (*imido*, *bost gehiago*, *idoki*, *tira*, *hordago*,
    *kanta*). Case, accents, quotes and ! ? marks never matter.

    >>> parse_action("discard 1b 7e"), parse_action("bet 10"), parse_action("No quiero")
    (Discard.parse('7e 1b'), Bet(10), Fold())
    >>> parse_action("y yo"), parse_action("envido más"), parse_action("5 mas")
    (Bet(2), Bet(2), Bet(5))
    >>> parse_action("J'accepte !"), parse_action("Et cinq de plus"), parse_action("ORDAGO")
    (Accept(), Bet(5), Ordago())
    >>> parse_action("declare juego no")
    Declare(Lance.JUEGO, False)
    >>> parse_action("imido"), parse_action("bost gehiago"), parse_action("Idoki"), parse_action("tira"), parse_action("Hordago!")
    (Bet(2), Bet(5), Accept(), Fold(), Ordago())
    >>> parse_action("envido dos"), parse_action("cinco más"), parse_action("treinta y cinco más"), parse_action("hor dago")
    (Bet(2), Bet(5), Bet(35), Ordago())

    A raise is a :class:`Bet` of the stones added on top of the stake. ``answering``
    says whether the seat answers a standing bet: then *paso* (and the French *je passe*)
    is a fold (rules section 7), while the English ``pass`` stays a :class:`Pass`,
    which the engine refuses after a bet.

    >>> parse_action("paso"), parse_action("paso", answering=True), parse_action("pass", answering=True)
    (Pass(), Fold(), Pass())

    An unknown text names the actions, and the closest known words if there are some:

    >>> parse_action("quiro")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: unknown action 'quiro'; did you mean 'quiero'? (actions: mus, no-mus, discard CARDS, pass, bet N, accept, fold, ordago; or in the game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)
    >>> parse_action("dance")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: unknown action 'dance' (actions: mus, no-mus, discard CARDS, pass, bet N, accept, fold, ordago; or in the game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"an action's text is a str, got {type(text).__name__}")
    if type(answering) is not bool:
        raise IllegalActionError(f"answering is True or False, got {quoted(answering)}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalActionError(f"action text longer than {MAX_ACTION_TEXT} characters")
    words = _plain_words(text)
    phrase = " ".join(words)
    if answering and phrase in _FOLDS:
        # « Nous passons » answers for the team (000: a plural answer binds the partner).
        return TeamFold() if phrase == _TEAM_PASS else Fold()
    if phrase in _WORDS:
        return _WORDS[phrase]
    if words and words[0] in _DISCARDS and len(words) > 1:
        return Discard(text.split()[1:])
    if len(words) > 1 and words[0] in ("signal", "sena"):
        return Signal(" ".join(words[1:]))
    if (len(words) == 3 and words[:2] in (["mus", "visto"], ["mus", "vu"])) or (
        len(words) == 2 and words[0] == "visto"
    ):
        return MusVisto(text.split()[-1])
    bet = _numbered(_joined(words))
    if bet is not None:
        return bet
    if len(words) == 3 and words[0] == "declare" and words[2] in ("yes", "no"):
        try:
            lance = Lance.parse(words[1])
        except ValueError as error:
            raise IllegalActionError(str(error)) from None
        return Declare(lance, words[2] == "yes")
    raise IllegalActionError(
        f"unknown action {quoted(text)}{_did_you_mean(text, words)} (actions: mus, no-mus, discard CARDS,"
        " pass, bet N, accept, fold, ordago; or in the game's words: no hay mus, paso, envido N,"
        " quiero, no quiero, órdago)"
    )


_QUOTED_LENGTH = 40


def words_of(text: str | Action | None, action: Action) -> str:
    """How to name ``action`` in a message, in the words the player used in ``text``.

    ``text`` is what the player sent (the raw text, or the action itself, or None) and
    ``action`` what :func:`parse_action` read from it. The answer is the action's text
    form, followed by the player's own words in quotes when they differ from it, so an
    error can say "there is no bet to accept ("quiero") in chica".

    >>> words_of("quiero", Accept()), words_of("accept", Accept()), words_of(" ACCEPT ", Accept())
    ('accept ("quiero")', 'accept', 'accept')
    >>> words_of("Y yo", Bet(2)), words_of("bet 2", Bet(2)), words_of(Bet(2), Bet(2))
    ('bet 2 ("Y yo")', 'bet 2', 'bet 2')
    >>> words_of("paso", parse_action("paso", answering=True))
    'fold ("paso")'
    >>> f"there is no bet to {words_of('quiero', Accept())} in chica"
    'there is no bet to accept ("quiero") in chica'
    """
    if type(action) not in ACTION_TYPES:
        raise IllegalActionError(f"words_of() names an action value, got {quoted(action)}")
    canonical = str(action)
    if not isinstance(text, str):
        return canonical
    said = " ".join(text.split())
    words = _plain_words(said)
    if not words or " ".join(words) == canonical or words[0] == canonical.split()[0] in _HEADS:
        return canonical
    if len(said) > _QUOTED_LENGTH:
        said = said[: _QUOTED_LENGTH - 1] + "…"
    return f'{canonical} ("{said}")'
