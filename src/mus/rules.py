"""The rule set: every knob where groups of players differ, validated, with presets.

``Rules()`` is the game of the rules page (docs/rules.rst): eight kings, game to 40, best of five games.
Knobs are keyword-only and every new knob gets a default that keeps the old behaviour,
so adding one never breaks existing code.

>>> from mus import Rules
>>> rules = Rules()
>>> rules.eight_kings, rules.target, rules.games_to_win
(True, 40, 3)
>>> Rules.preset("four-kings") == Rules(eight_kings=False)
True
>>> rules.evolve(target=30).target
30
"""

from __future__ import annotations

import functools
import json
import types
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from mus import validators
from mus.cards import ALL_CARDS, Card, Rank, Suit
from mus.errors import RulesError, evolved, preset_named, quoted
from mus.hand import HAND_SIZE, Hand
from mus.loading import load_module
from mus.payouts import Payouts, bonus_tables
from mus.ranking import Lance, Ranking

__all__ = [
    "BET_LANCES", "HOUSE_RULES", "MAX_BETS", "MAX_MUS_ROUNDS", "MAX_SEATS", "PRESETS", "HouseRule", "Payouts", "Rules",
    "house_rules_in", "load_house_rules",
]  # fmt: skip

MAX_SEATS = 6
"""The most seats a table has (rules section 12): six, in two partnerships of three or
each for itself."""

MAX_BETS = 100
"""After this many bets and raises in one lance only accept, fold or órdago are legal: a
raise war always ends (rules section 7 sets no limit; no table raises a hundred times);
``Rules(max_raises=...)`` sets a lower cap. (:mod:`mus.legal`, :mod:`mus.state` too.)"""
MAX_MUS_ROUNDS = 5_000
"""After this many rounds of the mus in a hand only no-mus is legal: a hand always ends
(rules section 4 sets no limit; programs may well try); ``Rules(max_mus_rounds=...)``
sets a lower cap. (:mod:`mus.state` gives it too.)"""

BET_LANCES = validators.BET_LANCES
"""The lances a hand plays, in order (punto stands in for juego): ``Rules.lances``' default."""


def _elsewhere(name: str) -> str:
    """Where a name that is no four-card preset may be one: the Mus individuel's."""
    if not name.lower().startswith("individuel"):
        return ""
    return (
        f"; {quoted(name)} is the Mus individuel, a game of its own: "
        f"mus.individuel.IndividuelRules.preset({quoted(name)}) (presets individuel, individuel-2 to "
        "individuel-8, individuel-primes); the four-card game each for himself is individual-2 to individual-6"
    )


def _payouts(instance: object, attribute: attrs.Attribute[Payouts], value: object) -> None:
    if not isinstance(value, Payouts):
        raise RulesError(f"payouts must be a Payouts, got {quoted(value)}")


class HouseRule:
    """Base class of a house rule that no knob covers: the extension point.

    Subclass it as a frozen attrs class (so rules stay hashable) with a class attribute
    ``name``: the subclass registers itself under that name, which hand histories use
    to name it. Override one of its three hooks or more; the defaults change nothing.

    * :meth:`allows` is asked whether the seat to speak may take an action the rules
      allow (the legality hook: ``apply``, ``legal_actions``, ``is_legal``, views,
      bots and replays ask it);
    * :meth:`lance_key` is called once per rank multiset and lance when the lance
      tables are built, so comparisons stay lookups; a key must fit among the
      library's keys of that lance (grande 4369 to 52428, chica 13107 to 61166, pares
      272 to 972 or 0, juego 1 to 9 or 0, punto 4 to 40: the docs' house rules page,
      "The keys of each lance");
    * :meth:`bonus` is called for a seat's bonus at the count.

    >>> import attrs, mus
    >>> @attrs.frozen
    ... class FortyFirst(mus.HouseRule):
    ...     # 40 is the best juego, above 31.
    ...     name = "doctest-forty-first"
    ...     def lance_key(self, lance, ranks, key, rules):
    ...         total = sum(mus.rank_points(rank, rules) for rank in ranks)
    ...         return 100 if lance is mus.Lance.JUEGO and total == 40 else key
    >>> house = mus.Rules(eight_kings=False, house=[FortyFirst()])
    >>> forty, thirty_one = mus.Hand.parse("Ro Rc Rb Re"), mus.Hand.parse("Ro Rc Se 1b")
    >>> mus.compare(mus.Lance.JUEGO, forty, thirty_one, house)
    1
    >>> mus.compare(mus.Lance.JUEGO, forty, thirty_one, mus.Rules(eight_kings=False))
    -1
    >>> mus.Rules.from_dict(house.to_dict()) == house
    True
    """

    name: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__dict__.get("name")
        if not name:
            return
        if not isinstance(name, str):
            raise RulesError(f"a house rule's name is a str, got {quoted(name)}")
        known = HOUSE_RULES.get(name)
        # The same class defined again (a reloaded module, a class built in a function)
        # replaces itself; another class may not take a name that histories already use.
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise RulesError(
                f"a house rule named {quoted(name)} exists already ({known.__module__}.{known.__qualname__})"
            )
        _HOUSE_RULES[name] = cls

    def lance_key(self, lance: Lance, ranks: tuple[Rank, ...], key: int, rules: Rules) -> int:
        """The key of the rank multiset ``ranks`` (four ranks as dealt, high to low,
        before the eight-kings mapping) at ``lance``, given the library's ``key``.

        Bigger keys win; ``0`` means "does not have it" for pares and juego. A key is a
        whole number, 0 or more, that fits among the library's keys of the lance (see
        :class:`HouseRule`); at juego, give 0 exactly to the hands under 31. Tables are
        shared by every rule set with the same ``eight_kings``, ``real_31``,
        ``juego_order`` and ``house``: depend on nothing else of ``rules``.

        >>> import attrs, mus
        >>> @attrs.frozen
        ... class AsesFirst(mus.HouseRule):
        ...     # At grande four ases beat everything: above the largest key, 52428.
        ...     name = "doctest-ases-first"
        ...     def lance_key(self, lance, ranks, key, rules):
        ...         return 60_000 if lance is mus.Lance.GRANDE and set(ranks) == {mus.Rank.AS} else key
        >>> ases, reyes = mus.Hand.parse("1o 1c 1e 1b"), mus.Hand.parse("Ro Rc Re Rb")
        >>> mus.compare(mus.Lance.GRANDE, ases, reyes, mus.Rules(house=[AsesFirst()]))
        1
        """
        return key

    def bonus(self, lance: Lance, hand: Hand, bonus: int, rules: Rules) -> int:
        """The bonus ``hand`` adds for its team at ``lance``, given the library's ``bonus``.

        >>> import attrs, mus
        >>> @attrs.frozen
        ... class Punto30PaysTwo(mus.HouseRule):
        ...     name = "doctest-punto-30-pays-two"
        ...     def bonus(self, lance, hand, bonus, rules):
        ...         return 2 if lance is mus.Lance.PUNTO and mus.points(hand, rules) == 30 else bonus
        >>> thirty = mus.Hand.parse("Ro Rc 5b 5e")
        >>> mus.bonus(mus.Lance.PUNTO, thirty, mus.Rules(house=[Punto30PaysTwo()]))
        2
        """
        return bonus

    def allows(self, state: Any, action: Any) -> bool:
        """Whether the seat to act may take ``action`` (an action value) in ``state`` (a
        :class:`~mus.HandState`), which the rules already allow: the legality hook.
        (The rule set is defined before states and actions exist, so the signature
        names no type; annotate your override with them.) Return ``False`` to forbid it; :func:`~mus.apply`,
        :meth:`~mus.HandState.legal_actions`, ``is_legal``, views, bots, the command line
        and replays all ask it. Only rules that override it are asked, so the hook costs
        nothing to the others.

        >>> import attrs, mus
        >>> @attrs.frozen
        ... class NoEarlyOrdago(mus.HouseRule):
        ...     name = "doctest-no-early-ordago"
        ...     until: int = 20
        ...     def allows(self, state, action):
        ...         return not isinstance(action, mus.Ordago) or min(state.scores) >= self.until
        >>> rules = mus.Rules(house=[NoEarlyOrdago()])
        >>> state = mus.apply(mus.new_hand(rules, seed=1), "no-mus")
        >>> list(state.legal_actions()), state.is_legal("ordago")
        ([Pass(), Bet(2)], False)
        >>> mus.apply(state, "ordago")
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: house rule 'doctest-no-early-ordago' does not allow ordago now
        >>> mus.Rules.from_dict(mus.Rules(house=[NoEarlyOrdago(until=30)]).to_dict()).house
        (NoEarlyOrdago(until=30),)
        """
        return True


_HOUSE_RULES: dict[str, type[HouseRule]] = {}
HOUSE_RULES: Mapping[str, type[HouseRule]] = types.MappingProxyType(_HOUSE_RULES)
"""Every :class:`HouseRule` subclass with a ``name``, by name (read-only: subclassing
registers a rule, and a name is taken once)."""


def _as_tuple(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _house(instance: object, attribute: attrs.Attribute[tuple[HouseRule, ...]], value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(rule, HouseRule) for rule in value):
        raise RulesError(f"house must be a tuple of HouseRule values, got {quoted(value)}")
    names = [rule.name for rule in value]
    if not all(names) or len(set(names)) != len(names):
        raise RulesError(f"house rules need distinct, non-empty names, got {names}")
    try:
        hash(value)
    except TypeError:
        raise RulesError("house rules must be hashable: make them frozen attrs classes") from None


_RANKINGS: dict[tuple[bool, bool | str, str, tuple[HouseRule, ...]], Ranking] = {}
_MAX_RANKINGS = 64  # the knobs alone make 12 tables; the rest are house rules


@attrs.frozen(kw_only=True)
class Rules:
    """A validated, immutable rule set. Every knob is keyword-only with a default.

    * ``seats``: how many seats play, 2 to 6 (default 4; rules section 12);
    * ``teams``: ``2`` for two partnerships, partners alternating around the table
      (needs an even number of seats), or ``seats`` for individual play, every seat
      its own side (default 2);
    * ``eight_kings``: 3s play as reyes and 2s as ases (default ``True``);
    * ``real_31``: the *31 real* of source ``000`` (rules section 5): ``False``
      (default: all 31s are equal), ``True`` (three sietes and any figure, sota,
      caballo or rey, beat every other 31) or ``"king"`` (three sietes and a true rey
      only, ``000``'s "Roi barbado"). A 3 is never the figure, even as a rey;
    * ``juego_order``: ``"standard"`` (default: 31, 32, 40, 37, 36, 35, 34, 33, sources
      ``001`` to ``004``) or ``"descending"`` (31, then 40 and down to 32, source
      ``000``; see :data:`~mus.ranking.JUEGO_ORDERS`);
    * ``target``: stones that win a game (default 40; 30 by agreement);
    * ``games_to_win``: games that win a vaca, 1 to 5 (default 3, best of five);
    * ``vacas_to_win``: vacas that win the match, 1 to 5 (default 1: the match is one
      vaca, so ``games_to_win`` games win it; rules section 9). Games go back to
      0-0 when a vaca is won;
    * ``max_bet``: the most stones a bet or raise may name, 2 to 1000, or ``None``
      (default: no cap). Source ``001``'s site allows "entre 2 et 40": the preset
      ``"max-bet-40"`` (rules section 9);
    * ``payouts``: the stones each lance pays (:class:`Payouts`);
    * ``folded_seat_counts``: a seat that folded while its partner accepted or raised
      still shows down with its cards and bonuses (default ``True``, rules section 7
      as revised: sources ``001``, "même s'il n'a pas participé personnellement
      activement au pari", and ``003``, "although that player did not participate
      actively in the betting"). ``False`` is source ``000``'s reading: the folded seat
      is out of the lance, it "n'a plus aucun droit sur ce que rapporte ... la phase";
    * ``declarations``: ``"derived"`` (default: the engine declares pares and juego from
      the cards) or ``"explicit"`` (seats declare; a false "yes" loses the lance at the
      count; rules section 6);
    * ``mus_decision``: ``"seat"`` (default: each seat says mus or no mus) or ``"team"``
      (one word per team, the mano's team first; rules section 4);
    * ``mus_corrido``: ``"off"`` (default), ``"game"`` or ``"match"``: in the first hand
      of each game (or of the match only), the seat that first cuts the mus becomes
      the mano for the rest of that hand, and speaking order starts from it; from the
      next hand on the mano rotates as usual, starting from that seat (rules section
      13; sources ``001``, ``003``);
    * ``mus_visto``: what a card exposed by mistake at a deal of the mus phase (the
      first or any later one) brings: ``"forced"`` (default: a forced exchange; nobody
      may cut, each seat in speaking order discards or says *servido*, and once anyone
      said servido there is no more mus: the betting starts after the exchange; rules
      section 13; sources ``000`` « Mus vu ! ... Servi ! », ``003`` "Seen Mus
      forced"), ``"new-card"`` (the seat takes the stock's top card instead) or
      ``"servido"`` (the seat keeps its cards and may not ask for mus); the last two are
      the readings of 0.1.0;
    * ``senas``: whether a seat may signal its hand to its partner with the agreed
      *señas* (default ``False``; rules section 13; sources ``000``, ``003``,
      ``004``);
    * the reduced games of rules section 14, for methods that walk a game whole:
      ``max_raises``, the raises a lance allows after its first bet, 0 to 99, then
      only accept, fold or órdago (default ``None``: the engine's :data:`MAX_BETS`);
      ``max_mus_rounds``, the rounds of the mus a hand allows (default ``None``:
      :data:`MAX_MUS_ROUNDS`; ``0``: the mano's no-mus, its only choice, opens the
      lances); ``lances``, the lances played, some of grande, chica, pares and juego
      in order (default all; punto stands in for juego); ``ranks`` and ``suits``, the
      deck: each rank of ``ranks`` (default all ten) in the first ``suits`` suits (1
      to 4: oros, copas, espadas, bastos), four cards a seat at least and four more
      to play the mus;
    * ``house``: :class:`HouseRule` values for rules no knob covers.

    >>> Rules(games_to_win=6)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: games_to_win must be one of 1, 2, 3, 4, 5, got 6
    >>> Rules(real_31="rey")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: real_31 must be False, True (three sietes and any figure) or 'king' (three sietes and a true rey), got 'rey'
    """

    seats: int = attrs.field(default=4, validator=validators.one_of(*range(2, MAX_SEATS + 1)))
    teams: int = attrs.field(default=2, validator=validators.one_of(*range(2, MAX_SEATS + 1)))
    eight_kings: bool = attrs.field(default=True, validator=validators.flag)
    real_31: bool | str = attrs.field(default=False, validator=validators.real_31)
    juego_order: str = attrs.field(default="standard", validator=validators.one_of("standard", "descending"))
    target: int = attrs.field(default=40, validator=validators.whole(1, 1000))
    games_to_win: int = attrs.field(default=3, validator=validators.one_of(1, 2, 3, 4, 5))
    vacas_to_win: int = attrs.field(default=1, validator=validators.one_of(1, 2, 3, 4, 5))
    max_bet: int | None = attrs.field(default=None, validator=validators.max_bet)
    payouts: Payouts = attrs.field(factory=Payouts, validator=_payouts)
    folded_seat_counts: bool = attrs.field(default=True, validator=validators.flag)
    declarations: str = attrs.field(default="derived", validator=validators.one_of("derived", "explicit"))
    mus_decision: str = attrs.field(default="seat", validator=validators.one_of("seat", "team"))
    mus_corrido: str = attrs.field(default="off", validator=validators.one_of("off", "game", "match"))
    mus_visto: str = attrs.field(default="forced", validator=validators.one_of("forced", "new-card", "servido"))
    senas: bool = attrs.field(default=False, validator=validators.flag)
    max_raises: int | None = attrs.field(default=None, validator=validators.cap(0, MAX_BETS - 1))
    max_mus_rounds: int | None = attrs.field(default=None, validator=validators.cap(0, MAX_MUS_ROUNDS))
    # Written as plain data, which the converters read back: repr(rules) evaluates.
    lances: tuple[Lance, ...] = attrs.field(
        default=BET_LANCES, converter=validators.lances, repr=lambda v: repr(tuple(map(str, v)))
    )
    ranks: tuple[Rank, ...] = attrs.field(
        default=tuple(Rank), converter=validators.ranks, repr=lambda v: repr(tuple(map(int, v)))
    )
    suits: int = attrs.field(default=4, validator=validators.one_of(1, 2, 3, 4))
    house: tuple[HouseRule, ...] = attrs.field(default=(), converter=_as_tuple, validator=_house)
    ranking: Ranking = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Lance keys for every hand under these rules (see :class:`~mus.ranking.Ranking`)."""
    bonuses: tuple[tuple[int, ...], ...] | None = attrs.field(init=False, eq=False, hash=False, repr=False)
    """Each lance's bonus per rank multiset under these payouts (pares and juego; the
    others pay none), or ``None`` with house rules, whose bonus hook sees the hand.

    >>> from mus import Hand
    >>> Rules().bonuses[Lance.JUEGO][Hand.parse("Ro Rc Se 1b").multiset]
    3
    """
    gates: tuple[HouseRule, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The house rules that override :meth:`HouseRule.allows` (the legality hook), which
    the engine asks before any action; empty for most rules."""
    team_of: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The side of each seat: ``seat % teams``. Partners alternate around the table;
    in individual play every seat is its own side.

    >>> Rules().team_of, Rules(seats=6).team_of, Rules(seats=3, teams=3).team_of
    ((0, 1, 0, 1), (0, 1, 0, 1, 0, 1), (0, 1, 2))
    """
    orders: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """``orders[first]``: the seats in speaking order from ``first`` (from the mano: ``orders[mano]``).

    >>> Rules().orders[2], Rules(seats=3, teams=3).orders[1]
    ((2, 3, 0, 1), (1, 2, 0))
    """
    deck: tuple[Card, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The cards of ``ranks`` in the first ``suits`` suits, in :data:`~mus.cards.ALL_CARDS` order.

    >>> len(Rules().deck), [str(card) for card in Rules.preset("mini").deck][:4]
    (40, ['1o', '7o', 'Ro', '1c'])
    """
    bet_limit: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The most bets and raises in a lance: ``max_raises + 1``, or :data:`MAX_BETS`."""
    mus_limit: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The most rounds of the mus: ``max_mus_rounds``, or :data:`MAX_MUS_ROUNDS`."""
    next_lance: tuple[Lance | None, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """By lance, the lance played next (``None``: the count); :attr:`first_lance` opens.

    >>> Rules(lances=("grande", "juego")).next_lance[Lance.GRANDE], Rules().next_lance[Lance.PUNTO]
    (<Lance.JUEGO: 3>, None)
    """
    first_lance: Lance = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The first lance played (grande, unless ``lances`` leaves it out)."""

    def __attrs_post_init__(self) -> None:
        if self.teams != 2 and self.teams != self.seats:
            raise RulesError(f"teams must be 2 (partnerships) or {self.seats} (each seat for itself), got {self.teams}")
        if self.teams == 2 and self.seats % 2:
            raise RulesError(
                f"{self.seats} seats cannot sit in two partnerships: use teams={self.seats} (each for itself)"
            )
        suits = tuple(Suit)[: self.suits]
        deck = tuple(card for card in ALL_CARDS if card.rank in self.ranks and card.suit in suits)
        # Every seat is dealt four cards; with the mus, a seat drawing last must find
        # four more among the cards nobody holds but its own discards (rules section 4).
        least = HAND_SIZE * self.seats + (0 if self.max_mus_rounds == 0 else HAND_SIZE)
        if len(deck) < least:
            raise RulesError(
                f"a deck of {len(deck)} cards is too small for {self.seats} seats: it needs {least} cards at least"
                + (
                    ""
                    if self.max_mus_rounds == 0
                    else ", four more than the hands to play the mus (max_mus_rounds=0 plays none)"
                )
            )
        payouts = self.payouts
        if not (
            payouts.en_paso
            or payouts.first_refusal
            or any(payouts.pares)
            or payouts.juego_31
            or payouts.juego
            or payouts.punto
        ):
            raise RulesError("payouts that are all zero pay nothing but accepted stakes: a game could never end")
        key = (self.eight_kings, self.real_31, self.juego_order, self.house)
        ranking = _RANKINGS.get(key)
        if ranking is None:
            ranking = Ranking(self.eight_kings, self.real_31, self.house, self, juego_order=self.juego_order)
            if len(_RANKINGS) >= _MAX_RANKINGS:
                # Bounded: many parametrised house rules must not hold every table forever.
                del _RANKINGS[next(iter(_RANKINGS))]
            _RANKINGS[key] = ranking
        object.__setattr__(self, "ranking", ranking)
        object.__setattr__(self, "bonuses", None if self.house else bonus_tables(ranking, self.payouts))
        object.__setattr__(self, "team_of", tuple(seat % self.teams for seat in range(self.seats)))
        n = self.seats
        object.__setattr__(self, "orders", tuple(tuple((first + i) % n for i in range(n)) for first in range(n)))
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "bet_limit", MAX_BETS if self.max_raises is None else self.max_raises + 1)
        object.__setattr__(self, "mus_limit", MAX_MUS_ROUNDS if self.max_mus_rounds is None else self.max_mus_rounds)
        played = self.lances
        following = [next((later for later in played if later > lance), None) for lance in Lance]
        following[Lance.PUNTO] = following[Lance.JUEGO]  # punto is played in juego's place
        object.__setattr__(self, "next_lance", tuple(following))
        object.__setattr__(self, "first_lance", played[0])
        # The house rules that override the legality hook: the engine asks only these.
        object.__setattr__(
            self, "gates", tuple(rule for rule in self.house if type(rule).allows is not HouseRule.allows)
        )

    # Derived tables are rebuilt on unpickling rather than stored in every pickle.
    def __getstate__(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in attrs.fields(Rules) if field.init}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)
        self.__attrs_post_init__()

    def bonus(self, lance: Lance, hand: Hand) -> int:
        """The stones ``hand`` adds for its side when its side wins ``lance``: the
        payouts' pares and juego bonuses, then any house rule's ``bonus`` hook. The
        engine's path, unchecked: :func:`mus.bonus` checks its arguments.

        >>> Rules().bonus(Lance.PARES, Hand.parse("Ro Rc Rb 1b")), Rules(payouts=Payouts(juego=5)).bonus(Lance.JUEGO, Hand.parse("Ro Rc Se 3b"))
        (2, 5)
        """
        table = self.bonuses
        if table is not None:
            return table[lance][hand.multiset]
        stones = bonus_tables(self.ranking, self.payouts)[lance][hand.multiset]
        for rule in self.house:
            stones = rule.bonus(lance, hand, stones, self)
            if isinstance(stones, bool) or not isinstance(stones, int) or stones < 0:
                raise RulesError(f"house rule {quoted(rule.name)} gave a {lance} bonus of {quoted(stones)}")
        return stones

    @property
    def individual(self) -> bool:
        """Whether every seat plays for itself (``teams == seats``; heads-up is both).

        >>> Rules().individual, Rules(seats=5, teams=5).individual, Rules(seats=2).individual
        (False, True, True)
        """
        return self.teams == self.seats

    @property
    def partners(self) -> int:
        """How many seats each side has: 2 in the four-seat game, 3 at six, 1 alone.

        >>> Rules().partners, Rules.preset("six").partners, Rules.preset("individual-5").partners
        (2, 3, 1)
        """
        return self.seats // self.teams

    def evolve(self, **changes: Any) -> Rules:
        """A copy with some knobs changed, validated like the constructor.

        >>> Rules().evolve(target=30) == Rules(target=30)
        True
        >>> Rules().evolve(target=0)
        Traceback (most recent call last):
        ...
        mus.errors.RulesError: target must be a whole number of stones from 1 to 1000, got 0
        """
        return evolved(self, changes, "rules knob")

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset (see :data:`PRESETS`).

        >>> Rules.preset("short").target
        30
        """
        return preset_named(PRESETS, name, "preset", sorted(PRESETS), _elsewhere)

    def to_dict(self) -> dict[str, Any]:
        """The knobs as plain data (for JSON); :meth:`from_dict` reads it back.

        >>> Rules.from_dict(Rules(target=30).to_dict()) == Rules(target=30)
        True
        """
        data = attrs.asdict(self, filter=lambda field, value: field.init)
        data["payouts"]["pares"] = list(self.payouts.pares)
        data["lances"] = [str(lance) for lance in self.lances]
        data["ranks"] = [int(rank) for rank in self.ranks]
        data["house"] = [_house_data(rule) for rule in self.house]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` data; unknown or invalid knobs raise :class:`RulesError`.

        >>> Rules.from_dict(Rules(target=30).to_dict()) == Rules(target=30)
        True
        >>> Rules.from_dict({"targt": 30})
        Traceback (most recent call last):
        ...
        mus.errors.RulesError: unknown rules knob(s): targt
        """
        if not isinstance(data, Mapping):
            raise RulesError(f"rules data must be a mapping, got {type(data).__name__}")
        knobs = dict(data)
        house = knobs.pop("house", None)
        if house is not None:
            if not isinstance(house, (list, tuple)):
                raise RulesError("house must be a list of house rules: names, or {'name': ..., 'fields': {...}}")
            knobs["house"] = tuple(_house_from_data(entry) for entry in house)
        payouts = knobs.pop("payouts", None)
        if payouts is not None:
            if not isinstance(payouts, Mapping):
                raise RulesError("payouts must be a mapping")
            payouts = dict(payouts)
            if isinstance(payouts.get("pares"), list):
                payouts["pares"] = tuple(payouts["pares"])
            try:
                knobs["payouts"] = Payouts(**payouts)
            except TypeError as error:
                raise RulesError(f"bad payouts: {error}") from None
        try:
            return Rules().evolve(**knobs)
        except TypeError as error:
            raise RulesError(f"bad rules: {error}") from None


def load_house_rules(source: str) -> tuple[str, ...]:
    """Import ``source``, which defines house rules, so that histories naming them can
    be read; the names it registered (none when it was imported already).

    ``source`` is a module name (``"mypkg.rules"``), found on the path or in the working
    directory, or the path of a ``.py`` file (``"my_rules.py"``), imported under its
    name; its directory goes last on the path (for its own imports and for worker
    processes), so a module of the file's name found anywhere else is refused. The
    module runs as Python code, with the rights of the process: load only what you
    trust. Whatever it raises (``SystemExit`` too) is a :class:`~mus.RulesError`
    naming ``source``, and the house rules it registered by then are dropped.

    >>> load_house_rules("mus.rules")
    ()
    >>> load_house_rules("no_such_module_here")
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: cannot load house rules from 'no_such_module_here': No module named 'no_such_module_here'
    """
    before = set(HOUSE_RULES)
    _house_module(source)
    return tuple(sorted(set(HOUSE_RULES) - before))


def house_rules_in(source: str) -> tuple[HouseRule, ...]:
    """The house rules that ``source`` (a module name or a ``.py`` file, imported as
    :func:`load_house_rules` does) defines, to play with: those its module-level
    ``HOUSE_RULES`` lists (rules, or rule classes taken with their defaults), or else one
    of each :class:`HouseRule` subclass with a ``name`` that it defines, in the order
    it defines them. A rule whose fields have no defaults must be listed with them.

    >>> import os, sys, tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with open(os.path.join(folder, "doctest_table.py"), "w") as file:
    ...     _ = file.write(
    ...         "import attrs, mus\\n"
    ...         "@attrs.frozen\\n"
    ...         "class Quiet(mus.HouseRule):\\n"
    ...         "    name = 'doctest-quiet'\\n"
    ...         "    until: int = 10\\n"
    ...     )
    >>> house_rules_in(os.path.join(folder, "doctest_table.py"))
    (Quiet(until=10),)
    >>> Rules(house=house_rules_in("doctest_table")).to_dict()["house"]  # now on the path
    [{'name': 'doctest-quiet', 'fields': {'until': 10}}]
    >>> house_rules_in(os.path.join(folder, "nothing.py"))
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: cannot load house rules from '.../nothing.py': no such file
    >>> sys.path.remove(folder)
    """
    module = _house_module(source)
    listed = getattr(module, "HOUSE_RULES", None)
    if listed is None:
        found = [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, HouseRule)
            and value.__dict__.get("name")
            and value.__module__ == module.__name__
        ]
        listed = list(dict.fromkeys(found))
    elif not isinstance(listed, (list, tuple)):
        raise RulesError(f"{quoted(source)}: HOUSE_RULES is a list of house rules, got {quoted(listed)}")
    rules = []
    for entry in listed:
        if isinstance(entry, type) and issubclass(entry, HouseRule):
            try:
                entry = entry()
            except (TypeError, ValueError) as error:
                raise RulesError(
                    f"{quoted(source)}: house rule {quoted(entry.name)} cannot be made with its defaults ({error}): "
                    f"list it in HOUSE_RULES with its fields, as HOUSE_RULES = [{entry.__name__}(...)]"
                ) from None
        if not isinstance(entry, HouseRule) or not entry.name:
            raise RulesError(f"{quoted(source)}: HOUSE_RULES lists {quoted(entry)}, not a house rule with a name")
        rules.append(entry)
    return tuple(rules)


def _house_module(source: str) -> types.ModuleType:
    """The module of ``source``, imported as :func:`load_house_rules` says."""
    registered = dict(_HOUSE_RULES)
    try:
        return load_module(source, "house rules", RulesError)
    except BaseException:
        _HOUSE_RULES.clear()  # a module that failed to load leaves no house rule
        _HOUSE_RULES.update(registered)
        raise


def _house_data(rule: HouseRule) -> str | dict[str, Any]:
    """A house rule as plain data: its name, or its name and fields when it has any."""
    if not attrs.has(type(rule)):
        return rule.name
    fields = {field.name: getattr(rule, field.name) for field in attrs.fields(type(rule)) if field.init}  # type: ignore[arg-type]
    if not fields:
        return rule.name
    try:
        json.dumps(fields)
    except (TypeError, ValueError):
        raise RulesError(
            f"house rule {quoted(rule.name)} has fields that are not plain data: {quoted(fields)}"
        ) from None
    return {"name": rule.name, "fields": fields}


def _plain(value: Any) -> Any:
    # JSON gives lists where a frozen house rule keeps tuples (to stay hashable).
    return tuple(_plain(item) for item in value) if isinstance(value, list) else value


def _house_from_data(entry: object) -> HouseRule:
    if isinstance(entry, str):
        name, fields = entry, {}
    elif isinstance(entry, Mapping) and set(entry) == {"name", "fields"} and isinstance(entry["fields"], Mapping):
        name, fields = entry["name"], {key: _plain(value) for key, value in entry["fields"].items()}
    else:
        raise RulesError(f"a house rule is a name or {{'name': ..., 'fields': {{...}}}}, got {quoted(entry)}")
    rule = HOUSE_RULES.get(name) if isinstance(name, str) else None
    if rule is None:
        raise RulesError(
            f"unknown house rule {quoted(name)}: import the module that defines it first (mus.rules.load_house_rules)"
        )
    try:
        return rule(**fields)
    except (TypeError, ValueError) as error:
        raise RulesError(f"house rule {quoted(name)}: bad fields {quoted(fields)}: {error}") from None


def _friendly_init(cls: type) -> None:
    # attrs' __init__ says TypeError for an unknown keyword or a positional argument:
    # say RulesError, as evolve() and from_dict() do, so callers catch one type.
    init = cls.__dict__["__init__"]

    @functools.wraps(init)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        try:
            init(self, *args, **kwargs)
        except TypeError as error:
            known = ", ".join(field.name for field in attrs.fields(cls) if field.init)
            raise RulesError(f"bad {cls.__name__}: {error} (keywords: {known})") from None

    cls.__init__ = __init__  # type: ignore[misc]


_friendly_init(Rules)
_friendly_init(Payouts)


PRESETS: Mapping[str, Rules] = types.MappingProxyType(
    {
        "standard": Rules(),
        "four-kings": Rules(eight_kings=False),
        "short": Rules(target=30),
        "single-game": Rules(games_to_win=1),
        "best-of-three": Rules(games_to_win=2),
        "federation": Rules(eight_kings=False, mus_decision="team"),
        "declared": Rules(declarations="explicit"),
        "max-bet-40": Rules(max_bet=40),
        "heads-up": Rules(seats=2),
        "six": Rules(seats=6),
        **{f"individual-{n}": Rules(seats=n, teams=n) for n in range(2, 7)},
        "mini": Rules(
            seats=2, ranks=(Rank.AS, Rank.SIETE, Rank.REY), lances=(Lance.GRANDE,), max_bet=2, max_raises=1,
            max_mus_rounds=0,
        ),
        "small": Rules(seats=2, max_bet=2, max_raises=2, max_mus_rounds=0),
    }
)  # fmt: skip
"""Named rule sets (read-only): ``standard`` (the defaults of the rules page), ``four-kings`` (Basque
country style, rules section 1), ``short`` (game to 30), ``single-game`` and
``best-of-three``, ``federation`` (French federation: four kings, one mus word per
team), ``declared`` (explicit pares/juego declarations), ``max-bet-40`` (no bet or
raise above 40 stones, source ``001``'s site), and the other tables of
rules section 12: ``heads-up`` (one against one), ``six`` (three against three)
and ``individual-2`` to ``individual-6`` (each seat for itself). Two reduced games of
rules section 14, one against one without the mus and with bets of 2 stones, made for
the methods that solve a game exactly (:doc:`ai`): ``mini`` (a deck of the ases, sietes
and reyes, grande alone, one raise) and ``small`` (the whole deck, the four lances, two
raises a lance)."""
