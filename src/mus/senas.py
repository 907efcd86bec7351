"""The señas: the fixed signals a seat may make to its partner about its hand.

Partners may not show each other their cards, but they may signal what they hold with
agreed gestures (rules section 13; sources ``000`` "Les mimiques", ``003`` "The
signs", ``004`` "Las señas tienen significado fijo"). The sources agree on three
principles, which this module follows:

* the vocabulary is fixed: "il est interdit d'utiliser d'autres signes que ceux qui
  sont codifiés" (``000``); "las señas tienen significado fijo" (``004``);
* a signal must be true of the hand: "sólo pueden hacerse si realmente se tiene la
  jugada que se comunica" (``004``); "Signals relating to specific card holdings must
  be truthful" (``003``);
* a signal is given whole: "con la obligación de pasar la seña completa" (``004``).
  So each signal below means one exact holding: :attr:`Sena.DOS_REYES` is exactly two
  reyes, and a hand with three reyes makes :attr:`Sena.TRES_REYES`, its own signal.

:class:`Sena` is that vocabulary. Each member has its Spanish name (its value), an
English alias, the gesture the sources describe, the sources' own words
(:attr:`Sena.sources`), and :meth:`Sena.holds`, which says whether the signal is true
of a hand under a rule set. Reyes, ases, pares and points are counted as the lances
count them: under eight kings (the default) a 3 is a rey and a 2 an as for every
purpose, under four kings they keep their own rank and value. Suits never matter.

Source ``004`` states the principles but its list of signals ("Las señas más
habituales son:") is empty in the copy the library was written from; the gestures come
from ``000`` and ``003``, which agree where both describe a signal.

>>> from mus import Hand, Rules
>>> from mus.senas import Sena, senas_of
>>> Sena.DOS_REYES.holds(Hand.parse("Ro Rc 7e 1b"), Rules())
True
>>> senas_of(Hand.parse("Ro 3c 1e 2b"), Rules())
(<Sena.DOS_REYES: 'dos reyes'>, <Sena.DOS_ASES: 'dos ases'>, <Sena.DUPLES: 'duples'>)
>>> senas_of(Hand.parse("Ro 3c 1e 2b"), Rules(eight_kings=False))
(<Sena.CIEGO: 'ciego'>,)
>>> Sena.parse("Treinta y una"), Sena.parse("two kings")
(<Sena.TREINTA_Y_UNA: 'treinta y una'>, <Sena.DOS_REYES: 'dos reyes'>)
"""

from __future__ import annotations

import unicodedata

import attrs

from mus.cards import Rank
from mus.checks import hand_arg, rules_arg
from mus.errors import IllegalActionError, TextEnum, quoted
from mus.hand import RANK_MULTISETS, Hand
from mus.ranking import ParesKind, played_as
from mus.rules import Rules

__all__ = ["Sena", "senas_of"]


class Sena(TextEnum):
    """One of the standard señas; the value is its Spanish name.

    >>> Sena.DUPLES.value, str(Sena.DUPLES), Sena.DUPLES.english
    ('duples', 'duples', 'double pair')
    >>> Sena.DUPLES.gesture
    'raise both eyebrows'
    >>> [seed for seed, quote in Sena.DUPLES.sources]
    ['000', '003']
    >>> print(Sena.DUPLES.meaning)
    duples: two pairs, or four cards of one rank
    """

    DOS_REYES = "dos reyes"
    """Exactly two reyes (a 3 is a rey under eight kings), for grande. ``000``: "Se
    mordre la lèvre inférieure : on détient deux Rois pour jouer la Grande Main";
    ``003``: "To bite the lower lip. It indicates that one has 2 kings for the play of
    high". Exactly two: three and four reyes have their own signals, and a seña is
    given whole (``004``)."""

    TRES_REYES = "tres reyes"
    """Exactly three reyes. ``003``: "In order to indicate 3 kings, the lower lip is
    bitten towards a side"; ``000``: the medias signal followed by the two-kings
    signal, "on indique que l'on détient trois Rois"."""

    CUATRO_REYES = "cuatro reyes"
    """Four reyes (under eight kings any four of the eight reyes and treses). ``000``
    only: "On fait le geste deux fois pour indiquer que l'on a quatre Rois", or the
    duples signal followed by the two-kings signal."""

    DOS_ASES = "dos ases"
    """Exactly two ases (a 2 is an as under eight kings), for chica. ``000``: "Tirer le
    bout de la langue : on détient deux As pour jouer la Petite Main"; ``003``: "To
    show tip of the tongue. It indicates that one player has 2 aces for the play of
    low"."""

    TRES_ASES = "tres ases"
    """Exactly three ases. ``003``: "To indicate 3 aces, the tongue is shown towards a
    side"; ``000``: the medias signal followed by the two-aces signal, "c'est que l'on a
    trois As"."""

    CUATRO_ASES = "cuatro ases"
    """Four ases. ``000`` only: "On fait le geste deux fois pour indiquer que l'on a
    quatre As", or the duples signal followed by the two-aces signal."""

    MEDIAS = "medias"
    """Medias: three cards of one rank, the fourth of another. ``000``: "Tordre la
    bouche de côté, en maintenant les lèvres serrées : on détient une Main moyenne"
    (the *Moyenne* is "trois cartes identiques"); ``003``: "To distort the mouth to one
    side. In order to indicate that one player has *medias*". Four equal cards are
    duples, not medias (``000``: the *Double* is "deux Paires, ou quatre cartes
    identiques")."""

    DUPLES = "duples"
    """Duples: two pairs, or four cards of one rank. ``000``: "Hausser les sourcils :
    on détient une Double" (and the duples signal then the two-kings signal means four
    reyes, so four equal cards are duples); ``003``: "To rise both eyebrows. To
    indicate *duples*"."""

    TREINTA_Y_UNA = "treinta y una"
    """A juego of exactly 31 points. ``000``: "Cligner de l'œil : on détient un trente
    et un pour le « Juego si »"; ``003``: "To wink. To indicate that for the play of
    *game*, one player has 31"."""

    TREINTA = "treinta"
    """Exactly 30 points, the best punto (no juego). ``000`` only: "Lever une épaule :
    on a le point maximal, c'est-à-dire trente, pour le « Juego no »"."""

    CIEGO = "ciego"
    """Neither pares nor juego (whatever the punto: a 30 without pares is both ciego and
    :attr:`TREINTA`). ``000`` only: "Fermer les yeux : mauvaises cartes, sans Couples ni
    Jeu" (the player with the worst cards is the *Aveugle*, the ciego). The library
    reads the signal by its stated condition, "sans Couples ni Jeu"."""

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def english(self) -> str:
        """The English name, which :meth:`parse` also reads.

        >>> Sena.CIEGO.english
        'blind'
        """
        return _INFO[self].english

    @property
    def gesture(self) -> str:
        """The gesture, as the sources describe it (in English).

        >>> Sena.TRES_REYES.gesture
        'bite the lower lip towards one side (003); or the medias gesture, then the two-kings gesture (000)'
        """
        return _INFO[self].gesture

    @property
    def meaning(self) -> str:
        """When the signal holds, in words (what :meth:`holds` checks).

        >>> Sena.DOS_REYES.meaning
        'exactly two reyes (a 3 is a rey under eight kings)'
        """
        return _INFO[self].meaning

    @property
    def sources(self) -> tuple[tuple[str, str], ...]:
        """The sources that describe the signal: ``(seed, quote)`` pairs, in their own words.

        >>> Sena.TREINTA_Y_UNA.sources[1]
        ('003', 'To wink. To indicate that for the play of game, one player has 31.')
        """
        return _INFO[self].sources

    def holds(self, hand: Hand, rules: Rules) -> bool:
        """Whether the signal is true of ``hand`` under ``rules``.

        Reyes and ases are counted as they play (under eight kings a 3 is a rey and a 2
        an as); pares and points are the lances' (:func:`~mus.lances.pares`,
        :func:`~mus.lances.points`). Only the cards and ``rules.eight_kings`` matter:
        house rules change how hands compare, not what they hold.

        >>> from mus import Hand, Rules
        >>> hand = Hand.parse("Ro 3c 7e 1b")
        >>> Sena.DOS_REYES.holds(hand, Rules()), Sena.DOS_REYES.holds(hand, Rules(eight_kings=False))
        (True, False)
        >>> Sena.DOS_REYES.holds(Hand.parse("Ro Rc Rb 1b"), Rules())  # three: TRES_REYES
        False
        """
        if type(hand) is not Hand or not isinstance(rules, Rules):
            raise IllegalActionError(f"holds() takes a Hand and a Rules, got {quoted(hand)} and {quoted(rules)}")
        return bool(_table(rules.eight_kings)[hand.multiset] & _BIT[self])

    @classmethod
    def parse(cls, text: str | Sena) -> Sena:
        """The signal named ``text``: its Spanish name or English alias, in any case,
        with or without accents, with spaces, ``-`` or ``_`` between words.

        >>> Sena.parse("DOS_REYES"), Sena.parse("Dúplex"), Sena.parse("31")
        (<Sena.DOS_REYES: 'dos reyes'>, <Sena.DUPLES: 'duples'>, <Sena.TREINTA_Y_UNA: 'treinta y una'>)
        >>> Sena.parse("solomillo")
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: unknown seña 'solomillo' (señas: dos reyes, tres reyes, cuatro reyes, dos ases, tres ases, cuatro ases, medias, duples, treinta y una, treinta, ciego)
        """
        if isinstance(text, Sena):
            return text
        if not isinstance(text, str):
            raise IllegalActionError(f"a seña's name is a str, got {type(text).__name__}")
        sena = _BY_NAME.get(_plain(text)) if len(text) <= 100 else None
        if sena is None:
            names = ", ".join(member.value for member in cls)
            raise IllegalActionError(f"unknown seña {quoted(text)} (señas: {names})")
        return sena


def senas_of(hand: Hand, rules: Rules) -> tuple[Sena, ...]:
    """Every signal true of ``hand`` under ``rules``, in the order of :class:`Sena`.

    A hand may make several (two reyes and two ases are also duples) or none (a pareja
    of sotas and 25 points).

    >>> from mus import Hand, Rules
    >>> senas_of(Hand.parse("Ro Rc Rb 1b"), Rules())
    (<Sena.TRES_REYES: 'tres reyes'>, <Sena.MEDIAS: 'medias'>, <Sena.TREINTA_Y_UNA: 'treinta y una'>)
    >>> senas_of(Hand.parse("So Sc 4e 1b"), Rules())
    ()
    """
    mask = _table(rules_arg(rules).eight_kings)[hand_arg(hand).multiset]
    return tuple(sena for sena in Sena if mask & _BIT[sena])


@attrs.frozen
class _Info:
    english: str
    aliases: tuple[str, ...]
    gesture: str
    meaning: str
    sources: tuple[tuple[str, str], ...]


_LIP = (
    "000",
    "Se mordre la lèvre inférieure : on détient deux Rois pour jouer la Grande Main. "
    "On fait le geste deux fois pour indiquer que l'on a quatre Rois.",
)
_TONGUE = (
    "000",
    "Tirer le bout de la langue : on détient deux As pour jouer la Petite Main. "
    "On fait le geste deux fois pour indiquer que l'on a quatre As.",
)
_MOUTH = (
    "000",
    "Tordre la bouche de côté, en maintenant les lèvres serrées : on détient une Main "
    "moyenne. Si, à la suite de cette mimique, on effectue celle des deux Rois (en se "
    "mordant la lèvre inférieure), on indique que l'on détient trois Rois, si l'on "
    "effectue la mimique des deux As (en tirant le bout de la langue), c'est que l'on a "
    "trois As.",
)
_EYEBROWS = (
    "000",
    "Hausser les sourcils : on détient une Double. Si on exécute, à la suite, le signe de "
    "deux Rois ou de deux As, on indique que l'on détient quatre Rois ou quatre As.",
)
_LIP_003 = (
    "003",
    "To bite the lower lip. It indicates that one has 2 kings for the play of high. "
    "In order to indicate 3 kings, the lower lip is bitten towards a side.",
)
_TONGUE_003 = (
    "003",
    "To show tip of the tongue. It indicates that one player has 2 aces for the play of "
    "low. To indicate 3 aces, the tongue is shown towards a side.",
)

_INFO: dict[Sena, _Info] = {
    Sena.DOS_REYES: _Info(
        "two kings",
        ("2 reyes", "2 kings"),
        "bite the lower lip",
        "exactly two reyes (a 3 is a rey under eight kings)",
        (_LIP, _LIP_003),
    ),
    Sena.TRES_REYES: _Info(
        "three kings",
        ("3 reyes", "3 kings"),
        "bite the lower lip towards one side (003); or the medias gesture, then the two-kings gesture (000)",
        "exactly three reyes",
        (_LIP_003, _MOUTH),
    ),
    Sena.CUATRO_REYES: _Info(
        "four kings",
        ("4 reyes", "4 kings"),
        "bite the lower lip twice; or the duples gesture, then the two-kings gesture (000)",
        "four reyes",
        (_LIP, _EYEBROWS),
    ),
    Sena.DOS_ASES: _Info(
        "two aces",
        ("2 ases", "2 aces"),
        "show the tip of the tongue",
        "exactly two ases (a 2 is an as under eight kings)",
        (_TONGUE, _TONGUE_003),
    ),
    Sena.TRES_ASES: _Info(
        "three aces",
        ("3 ases", "3 aces"),
        "show the tip of the tongue towards one side (003); or the medias gesture, then the two-aces gesture (000)",
        "exactly three ases",
        (_TONGUE_003, _MOUTH),
    ),
    Sena.CUATRO_ASES: _Info(
        "four aces",
        ("4 ases", "4 aces"),
        "show the tip of the tongue twice; or the duples gesture, then the two-aces gesture (000)",
        "four ases",
        (_TONGUE, _EYEBROWS),
    ),
    Sena.MEDIAS: _Info(
        "trio",
        ("three of a kind", "moyenne"),
        "twist the mouth to one side, lips pressed together",
        "medias: three cards of one rank, the fourth of another",
        (_MOUTH, ("003", "To distort the mouth to one side. In order to indicate that one player has medias.")),
    ),
    Sena.DUPLES: _Info(
        "double pair",
        ("duplex", "double"),
        "raise both eyebrows",
        "duples: two pairs, or four cards of one rank",
        (_EYEBROWS, ("003", "To rise both eyebrows. To indicate duples.")),
    ),
    Sena.TREINTA_Y_UNA: _Info(
        "thirty-one",
        ("31", "la una", "treinta y uno"),
        "wink",
        "a juego of exactly 31 points",
        (
            ("000", "Cligner de l'œil : on détient un trente et un pour le « Juego si »."),
            ("003", "To wink. To indicate that for the play of game, one player has 31."),
        ),
    ),
    Sena.TREINTA: _Info(
        "thirty",
        ("30",),
        "raise one shoulder",
        "exactly 30 points: no juego, the best punto",
        (("000", "Lever une épaule : on a le point maximal, c'est-à-dire trente, pour le « Juego no »."),),
    ),
    Sena.CIEGO: _Info(
        "blind",
        ("aveugle",),
        "close the eyes",
        "neither pares nor juego (any punto, 30 included)",
        (("000", "Fermer les yeux : mauvaises cartes, sans Couples ni Jeu."),),
    ),
}


def _plain(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join(ascii_text.lower().replace("_", " ").replace("-", " ").split())


_BY_NAME: dict[str, Sena] = {}
for _sena in Sena:
    for _name in (_sena.value, _sena.name, _INFO[_sena].english, *_INFO[_sena].aliases):
        _BY_NAME.setdefault(_plain(_name), _sena)
del _sena, _name

_BIT: dict[Sena, int] = {sena: 1 << index for index, sena in enumerate(Sena)}

# One bit mask of true signals per rank multiset, for eight kings and for four kings.
_TABLES: dict[bool, tuple[int, ...]] = {}


def _table(eight_kings: bool) -> tuple[int, ...]:
    table = _TABLES.get(eight_kings)
    if table is None:
        table = _TABLES[eight_kings] = _build_table(Rules(eight_kings=eight_kings))
    return table


def _build_table(rules: Rules) -> tuple[int, ...]:
    masks = []
    for index, ranks in enumerate(RANK_MULTISETS):
        played = [played_as(rank, rules.eight_kings) for rank in ranks]
        reyes, ases = played.count(Rank.REY), played.count(Rank.AS)
        combo = rules.ranking.pares[index]
        kind = None if combo is None else combo.kind
        total = rules.ranking.points[index]
        truth = {
            Sena.DOS_REYES: reyes == 2,
            Sena.TRES_REYES: reyes == 3,
            Sena.CUATRO_REYES: reyes == 4,
            Sena.DOS_ASES: ases == 2,
            Sena.TRES_ASES: ases == 3,
            Sena.CUATRO_ASES: ases == 4,
            Sena.MEDIAS: kind == ParesKind.MEDIAS,
            Sena.DUPLES: kind == ParesKind.DUPLES,
            Sena.TREINTA_Y_UNA: total == 31,
            Sena.TREINTA: total == 30,
            Sena.CIEGO: combo is None and total < 31,
        }
        masks.append(sum(_BIT[sena] for sena, true in truth.items() if true))
    return tuple(masks)
