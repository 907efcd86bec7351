"""The rule set of the Mus individuel: its knobs, validated, with presets.

Every point where the seed (``000``, "Variante du Mus : le Mus individuel ou Mus
français") leaves groups of players free, or is silent and groups differ, is a
keyword-only knob. The defaults are the seed's game for five players (its "nombre
idéal") starting with 8 stones.

>>> rules = IndividuelRules()
>>> rules.players, rules.stones, rules.zero_mid_hand, rules.losses
(5, 8, 'out', 3)
>>> IndividuelRules.preset("individuel-3") == IndividuelRules(players=3)
True
>>> IndividuelRules(stones=7)
Traceback (most recent call last):
...
mus.errors.RulesError: stones must be 5, 8 or 10 (the seed's choices), got 7
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from mus.errors import RulesError, evolved, preset_named, quoted
from mus.ranking import JUEGO_ORDERS
from mus.rules import PRESETS as FOUR_CARD_PRESETS
from mus.rules import Rules

__all__ = [
    "CARDS_DEALT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PRESETS",
    "READINGS",
    "STONES",
    "IndividuelRules",
    "rules_arg",
]

MIN_PLAYERS = 2
"""The fewest players of a Mus individuel: two, one against the other."""
MAX_PLAYERS = 8
"""Eight players of five cards each take the whole 40-card deck."""
STONES = (5, 8, 10)
"""The starting stones the seed names: « 5, 8 ou 10 Pierres »."""
CARDS_DEALT = 5
"""Five cards a player, one of which is discarded."""


def _whole(value: object, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RulesError(f"{name} must be a whole number from {low} to {high}, got {quoted(value)}")
    return value


def _choice(value: object, name: str, choices: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(map(repr, choices))}, got {quoted(value)}")


READINGS: dict[str, tuple[str, ...]] = {
    "juego_order": tuple(JUEGO_ORDERS),
    "accepted_stake": ("once", "per-opponent"),
    "refused_raise": ("forfeits", "previous-stake"),
    "grande_chica_stone": ("en-paso", "always"),
    "out_lance": ("next-best", "lost"),
    "real_31_three": ("not-a-figure", "as-king"),
}
"""The knobs for the places where the seed's text reads two ways, and their values,
the default (today's reading) first. Histories write them only when they are not at
their defaults."""


@attrs.frozen
class IndividuelRules:
    """The knobs of a game of Mus individuel. Immutable, hashable, validated.

    * ``players``: 2 to 8, each for itself (seed: « par deux joueurs et jusqu'à huit »).
    * ``stones``: what each player starts with and must shed: 5, 8 or 10.
    * ``eight_kings``: 3s play as reyes and 2s as ases (the library's default, rules
      section 1); ``False`` keeps their own rank (« les mêmes qu'au Mus »).
    * ``real_31``: the seed's optional « Trente et Un royal »: three sietes and a
      figure shed 5 and beat every other 31; ``True`` takes any figure, ``"king"``
      only a rey (« pour certains, le Roi »).
    * ``juego_33``: the seed's other option: a 33 made of a siete, a seis and two
      cards worth 10 sheds 4.
    * ``ordago_last_lance``: whether an órdago may be called on the last lance (juego,
      or punto); the seed names every lance « à l'exception de la dernière ».
    * ``zero_mid_hand``: a player who sheds his last stone during a hand; ``"out"``
      puts his cards down at once (later lances are played and counted without him),
      ``"plays-on"`` keeps his cards in every later showdown of the hand, where he
      sheds nothing more.
    * ``next_game_mano``: after a game, ``"rotate"`` passes the mano on as after any
      hand, ``"loser-deals"`` makes the loser the dealer (so the seat after him the mano).
    * ``losses``: the lost games that end a session, once every player but one has
      lost that many (« un certain nombre de coups, fixé d'un commun accord »).

    Where the seed's text reads two ways, a knob says which reading is played (the
    default first; :ref:`individuel-readings` quotes the sentence each value follows):

    * ``juego_order``: ``"standard"`` (31, 32, 40, 37 ... 33, the order of the
      four-card game, rules section 5) or ``"descending"`` (« c'est le score de 31 qui
      gagne, suivi de 40, puis toutes les valeurs en descendant jusqu'à 32 », seed
      ``000``'s own Mus, which « La valeur et l'ordre des cartes sont les mêmes qu'au
      Mus » carries over); the values of :data:`mus.ranking.JUEGO_ORDERS`.
    * ``accepted_stake``: a stake accepted by several players is shed ``"once"`` by the
      winner of the lance (the classic game's payment, « qui remporte les 19 Pierres »),
      or ``"per-opponent"``, once for each other player who accepted it (« Les Pierres
      misées sont placées à part »: every stake set apart goes to the basket).
    * ``refused_raise``: when all but the last bettor fold, he sheds at once the
      ``"forfeits"``, what those who folded had staked, summed (« il perd les Pierres
      qu'il a misées jusque-là »), or the ``"previous-stake"``, the stake that stood
      before his last raise (« il rapporte la quantité misée lors de la dernière
      Enchère acceptée »); 1 stone after a first bet either way. They differ only with
      three or more players.
    * ``grande_chica_stone``: the 1 stone of grande and chica is shed ``"en-paso"`` only
      (as in the classic game, « La Grande Main (en passe) : 1 Pierre »), or
      ``"always"`` by the lance's winner, on top of an accepted stake or a refusal, as
      pareja's 1 is (the individuel's list read literally: « de 1 Pierre pour chacune
      des phases de Grande Main, de Petite et de Paire »).
    * ``out_lance``: a lance whose best hand belongs to a player who has no stones left
      when it is counted (he shed his last one earlier in the count, or in a later
      lance's betting) passes to the ``"next-best"`` hand among those still holding
      stones (« L'objectif du jeu est de se débarrasser de toutes ses Pierres »: he is
      done), or is ``"lost"``: nobody sheds it (« chaque joueur pose ... les Pierres
      qui correspondent aux phases qu'il a remportées »). Under
      ``zero_mid_hand="plays-on"`` his cards always keep the lance, so it is lost.
    * ``real_31_three``: under eight kings, whether three sietes and a 3 (which plays
      as a rey) are a real 31: ``"not-a-figure"`` (« d'une Figure et non d'un trois »)
      or ``"as-king"`` (« les cartes d'indice trois sont considérées comme des Rois »,
      and the real 31's figure « doit, pour certains, être le Roi »). Only with
      ``real_31`` and ``eight_kings``.

    >>> IndividuelRules(players=8, stones=10, real_31="king", juego_33=True).core.real_31
    'king'
    >>> IndividuelRules(players=9)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: players must be a whole number from 2 to 8, got 9
    """

    players: int = attrs.field(default=5, kw_only=True)
    stones: int = attrs.field(default=8, kw_only=True)
    eight_kings: bool = attrs.field(default=True, kw_only=True)
    real_31: bool | str = attrs.field(default=False, kw_only=True)
    juego_33: bool = attrs.field(default=False, kw_only=True)
    ordago_last_lance: bool = attrs.field(default=False, kw_only=True)
    zero_mid_hand: str = attrs.field(default="out", kw_only=True)
    next_game_mano: str = attrs.field(default="rotate", kw_only=True)
    losses: int = attrs.field(default=3, kw_only=True)
    juego_order: str = attrs.field(default="standard", kw_only=True)
    accepted_stake: str = attrs.field(default="once", kw_only=True)
    refused_raise: str = attrs.field(default="forfeits", kw_only=True)
    grande_chica_stone: str = attrs.field(default="en-paso", kw_only=True)
    out_lance: str = attrs.field(default="next-best", kw_only=True)
    real_31_three: str = attrs.field(default="not-a-figure", kw_only=True)
    core: Rules = attrs.field(init=False, eq=False, repr=False)
    """The four-card game's rules with the same card knobs: its lance tables rank the
    four cards each player keeps."""

    def __attrs_post_init__(self) -> None:
        _whole(self.players, "players", MIN_PLAYERS, MAX_PLAYERS)
        if type(self.stones) is not int or self.stones not in STONES:
            raise RulesError(f"stones must be 5, 8 or 10 (the seed's choices), got {quoted(self.stones)}")
        for name in ("eight_kings", "juego_33", "ordago_last_lance"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be True or False, got {quoted(getattr(self, name))}")
        real_31 = self.real_31
        if not (real_31 is True or real_31 is False or (type(real_31) is str and real_31 == "king")):
            raise RulesError(f"real_31 must be False, True or 'king', got {quoted(self.real_31)}")
        _choice(self.zero_mid_hand, "zero_mid_hand", ("out", "plays-on"))
        _choice(self.next_game_mano, "next_game_mano", ("rotate", "loser-deals"))
        _whole(self.losses, "losses", 1, 20)
        for name, choices in READINGS.items():
            _choice(getattr(self, name), name, choices)
        core = Rules(eight_kings=self.eight_kings, real_31=self.real_31, juego_order=self.juego_order)
        object.__setattr__(self, "core", core)

    def evolve(self, **changes: Any) -> IndividuelRules:
        """A copy with some knobs changed, validated like the constructor.

        >>> IndividuelRules().evolve(players=2).players
        2
        """
        return evolved(self, changes, "Mus individuel knob")

    @classmethod
    def preset(cls, name: str) -> IndividuelRules:
        """The named preset (see :data:`PRESETS`).

        >>> IndividuelRules.preset("individuel").players
        5
        """
        return preset_named(PRESETS, name, "Mus individuel preset", PRESETS, _elsewhere)

    def to_dict(self) -> dict[str, Any]:
        """The knobs as plain data; :meth:`from_dict` reads it back.

        >>> IndividuelRules.from_dict(IndividuelRules(players=3).to_dict()) == IndividuelRules(players=3)
        True
        """
        return {name: getattr(self, name) for name in _KNOBS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> IndividuelRules:
        """Rules from :meth:`to_dict` data; unknown or bad knobs raise :class:`~mus.RulesError`.

        >>> IndividuelRules.from_dict({"players": 4}).players
        4
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules data must be a mapping, got {type(data).__name__}")
        return cls().evolve(**dict(data))


def _elsewhere(name: str) -> str:
    """Where a name that is no preset of the Mus individuel may be one: the four-card game's."""
    if name not in FOUR_CARD_PRESETS:
        return ""
    return f"; {quoted(name)} is a preset of the four-card game: mus.Rules.preset({quoted(name)})"


def rules_arg(value: object) -> IndividuelRules:
    """``value`` if it is an :class:`IndividuelRules` (the Mus individuel's own check,
    as :func:`mus.checks.rules_arg` is the four-card game's).

    >>> rules_arg(Rules())
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: the Mus individuel's rules are an IndividuelRules, got a Rules (the four-card game's)
    """
    if type(value) is not IndividuelRules:
        what = "a Rules (the four-card game's)" if isinstance(value, Rules) else quoted(value)
        raise RulesError(f"the Mus individuel's rules are an IndividuelRules, got {what}")
    return value


_KNOBS = tuple(field.name for field in attrs.fields(IndividuelRules) if field.init)

PRESETS: dict[str, IndividuelRules] = {
    "individuel": IndividuelRules(),
    **{f"individuel-{n}": IndividuelRules(players=n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)},
    "individuel-primes": IndividuelRules(real_31=True, juego_33=True),
}
"""Named rule sets: ``individuel`` (five players, the defaults), ``individuel-2`` to
``individuel-8`` (that many players) and ``individuel-primes`` (the seed's « petite
variante »: the real 31 sheds 5 and the 33 of 7, 6 and two tens sheds 4).

>>> list(PRESETS)[:3], PRESETS["individuel-primes"].juego_33
(['individuel', 'individuel-2', 'individuel-3'], True)
"""
