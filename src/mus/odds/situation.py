"""What one seat knows of a deal, and the deals that fit it.

A :class:`Situation` holds, by speaking position from the mano, the cards known to be
in each seat's hand (the seat's own four; a partner's hand shown or told; a card seen),
the cards left that may fill the other places (the deck less every known card and the
cards known to be out of every hand: exposed cards, one's own discards), and what each
seat's declarations and señas say of its hand. Only ranks matter to the lances, so
the deals are rows of rank-multiset indices (as in :mod:`mus.odds.batch`):

* counted exactly (:meth:`Situation.exact_deals`) when at most two seats hold unknown
  cards, each deal weighted by how many card deals give it;
* sampled (:meth:`Situation.sampled_deals`) otherwise, the deals that contradict a
  declaration or seña weighted 0 (rejection sampling). The unknown places are filled
  in a fixed order, the other seats first and the seat's own last, so that two
  situations that differ only in the seat's own draw share the other hands, deal for
  deal, under the same generator (common random numbers).

>>> import mus
>>> situation = Situation.build(mus.Hand.parse("Ro Rc 7e 1b"), mus.Rules(), partner="Rb Re 5o 4c")
>>> situation.unknown, situation.exact_feasible
((1, 3), True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from mus.cards import Card, Rank, Suit, parse_cards
from mus.checks import card_arg, index_arg
from mus.errors import MusError, quoted
from mus.hand import HAND_SIZE, RANK_MULTISETS, Hand
from mus.lances import Lance
from mus.odds.batch import OddsError, multisets_of_positions, need_numpy, np, shuffled_heads, whole_deck
from mus.rules import Rules
from mus.senas import Sena

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["CardsLike", "Situation", "choose_table", "hand_of", "multiset_counts", "rank_position"]

CardsLike = Hand | str | Iterable[Card]
"""Cards as a :class:`~mus.Hand`, a text (``"Ro 7e"``) or any iterable of cards."""

_RANKS = len(Rank)
_POSITION = {rank: position for position, rank in enumerate(sorted(Rank, reverse=True))}
_EXACT_CHUNK = 48  # first-seat multisets an exact task takes when two seats are unknown


def rank_position(card: Card) -> int:
    """A card's rank position as :data:`mus.RANK_MULTISETS` counts them: rey 0 ... as 9.

    >>> rank_position(Card.parse("Ro")), rank_position(Card.parse("1b"))
    (0, 9)
    """
    return _POSITION[(card if type(card) is Card else card_arg(card)).rank]


@functools.cache
def multiset_counts() -> NDArray[np.int64]:
    """How many cards of each rank position every rank multiset holds, shape ``(715, 10)``.

    >>> multiset_counts()[Hand.parse("Ro Rc 7e 1b").multiset].tolist()
    [2, 0, 0, 1, 0, 0, 0, 0, 0, 1]
    """
    need_numpy()
    table = np.zeros((len(RANK_MULTISETS), _RANKS), dtype=np.int64)
    for index, ranks in enumerate(RANK_MULTISETS):
        for rank in ranks:
            table[index, _POSITION[rank]] += 1
    return table


@functools.cache
def choose_table() -> NDArray[np.int64]:
    """``choose_table()[n, k]``: the ways to pick ``k`` of ``n`` cards of one rank (up to 4).

    >>> int(choose_table()[4, 2])
    6
    """
    need_numpy()
    return np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], dtype=np.int64)


def hand_of(multiset: int) -> Hand:
    """One hand of a rank multiset (suits never change a lance).

    >>> hand_of(0)
    Hand.parse('Ro Rc Re Rb')
    """
    if type(multiset) is not int or not 0 <= multiset < len(RANK_MULTISETS):
        multiset = index_arg(multiset, "a rank multiset", 0, len(RANK_MULTISETS) - 1)
    suits = list(Suit)
    used: dict[Rank, int] = {}
    cards = []
    for rank in RANK_MULTISETS[multiset]:
        used[rank] = used.get(rank, -1) + 1
        cards.append(Card(rank, suits[used[rank]]))
    return Hand(cards)


def _cards(value: CardsLike, what: str) -> tuple[Card, ...]:
    if isinstance(value, Hand):
        return value.cards
    if isinstance(value, str):
        try:
            return tuple(parse_cards(value))
        except MusError as error:
            raise OddsError(f"{what}: {error}") from None
    try:
        cards = tuple(value)
    except Exception:  # no iterable, or one that raises as it is read
        raise OddsError(f"{what} are cards, a hand or a text such as 'Ro 7e', got {quoted(value)}") from None
    if not all(type(card) is Card for card in cards):
        raise OddsError(f"{what} are cards, a hand or a text such as 'Ro 7e', got {quoted(value)}")
    return cards


def _mapping(value: object, what: str) -> Mapping[Any, Any]:
    """``value`` if it is ``None`` (as empty) or a mapping."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise OddsError(f"{what} are a dict, got {quoted(value)}")
    return value


@functools.lru_cache(maxsize=256)
def _mask_of(rules: Rules, what: Lance | Sena, holds: bool) -> NDArray[np.bool_]:
    """The multisets whose hand has pares (juego; the seña's holding), or has not."""
    if isinstance(what, Sena):
        mask = np.array([what.holds(hand_of(index), rules) for index in range(len(RANK_MULTISETS))])
    elif what is Lance.PARES:
        mask = np.array(rules.ranking.keys[Lance.PARES]) > 0
    else:
        mask = np.array(rules.ranking.points) >= 31
    result: NDArray[np.bool_] = mask if holds else ~mask
    return result


@attrs.frozen(eq=False)
class Situation:
    """What the seat at speaking position ``seat`` knows of a deal (see the module).

    ``fixed[s]`` are the rank positions of the cards known in seat ``s``'s hand;
    ``pool`` counts by rank position the cards that may fill the unknown places;
    ``allowed[s]`` marks the rank multisets seat ``s`` may hold (``None``: any).
    Build one with :meth:`build`.
    """

    rules: Rules
    seat: int
    fixed: tuple[tuple[int, ...], ...]
    pool: tuple[int, ...]
    allowed: tuple[NDArray[np.bool_] | None, ...]
    given: str = ""
    """What is known beyond the seat's hand, in words (empty when nothing is)."""

    @classmethod
    def build(
        cls,
        hand: CardsLike,
        rules: Rules,
        *,
        seat: int = 0,
        partner: CardsLike | None = None,
        known: Mapping[int, CardsLike] | None = None,
        exposed: CardsLike = (),
        declarations: Mapping[Lance, Sequence[bool | None]] | None = None,
        senas: Mapping[int, Iterable[Sena | str]] | None = None,
    ) -> Situation:
        """The situation of ``hand`` at ``seat`` (speaking position, 0 the mano), with
        what else the seat knows, every seat named by its speaking position:

        * ``partner``: the partner's hand (the seat two places on, in partnership play);
        * ``known``: cards known to be in a seat's hand, a whole hand or some of it;
        * ``exposed``: cards in no unknown hand (cards seen out of play, one's own discards);
        * ``declarations``: ``{Lance.PARES: (True, False, None, True), ...}``, each seat's
          declaration (``None``: none), as :attr:`mus.SeatView.declarations` gives them;
        * ``senas``: the señas each seat was seen to make (true of its hand).

        >>> situation = Situation.build("Ro Rc 7e 1b", Rules(seats=2), exposed="Rb")
        >>> situation.pool[0], situation.unknown
        (1, (1,))
        """
        need_numpy()
        whole_deck(rules)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.seats:
            raise OddsError(f"seat is a speaking position from the mano, 0 to {rules.seats - 1}, got {quoted(seat)}")
        mine = _cards(hand, "the hand")
        if len(mine) != HAND_SIZE:
            raise OddsError(f"a hand has {HAND_SIZE} cards, got {len(mine)}")
        places: dict[int, tuple[Card, ...]] = {seat: mine}
        if partner is not None:
            if rules.individual or rules.seats < 4:
                raise OddsError("a partner's hand needs a table of partnerships of at least four seats")
            places[(seat + rules.teams) % rules.seats] = _cards(partner, "the partner's hand")
        for other, cards in _mapping(known, "the known cards (by seat)").items():
            if isinstance(other, bool) or not isinstance(other, int) or not 0 <= other < rules.seats:
                raise OddsError(f"known cards belong to seats 0 to {rules.seats - 1}, got seat {quoted(other)}")
            if other in places:
                raise OddsError(f"seat {other}'s cards are given twice")
            places[other] = _cards(cards, f"seat {other}'s known cards")
        out = _cards(exposed, "the exposed cards")
        seen: set[Card] = set()
        for cards in (*places.values(), out):
            for card in cards:
                if card in seen:
                    raise OddsError(f"card {card} is given twice (in a hand, the known cards or the exposed ones)")
                seen.add(card)
        for other, cards in places.items():
            if len(cards) > HAND_SIZE:
                raise OddsError(f"seat {other} holds {HAND_SIZE} cards, {len(cards)} are given")
        pool = [4] * _RANKS
        for card in seen:
            pool[_POSITION[card.rank]] -= 1
        fixed = tuple(tuple(sorted(_POSITION[card.rank] for card in places.get(s, ()))) for s in range(rules.seats))
        allowed: list[NDArray[np.bool_] | None] = [None] * rules.seats
        words = [f"seat {other} holds {' '.join(map(str, cards))}" for other, cards in places.items() if other != seat]
        words += [f"out of play {' '.join(map(str, out))}"] if out else []
        for what, holds in cls._conditions(rules, declarations, senas):
            said = "yes" if isinstance(what, Lance) else "signalled"
            words += [f"seat {other} {what} {said if value else 'no'}" for other, value in holds.items()]
            for other, value in holds.items():
                mask = _mask_of(rules, what, value)
                if len(fixed[other]) == HAND_SIZE:
                    # A hand known whole: what its seat said adds nothing, if it is true.
                    if not mask[cls._index(fixed[other])]:
                        cards = " ".join(map(str, places[other]))
                        told = f"declaration '{what} {'yes' if value else 'no'}'" if said == "yes" else f"seña {what}"
                        raise OddsError(f"seat {other}'s {told} contradicts its hand, known whole: {cards}")
                    continue
                allowed[other] = mask if allowed[other] is None else allowed[other] & mask  # type: ignore[operator]
        situation = cls(rules, seat, fixed, tuple(pool), tuple(allowed), "; ".join(words))
        if sum(HAND_SIZE - len(cards) for cards in fixed) > sum(pool):
            raise OddsError("fewer cards are left than the unknown places of the hands")
        return situation

    @staticmethod
    def _conditions(
        rules: Rules,
        declarations: Mapping[Lance, Sequence[bool | None]] | None,
        senas: Mapping[int, Iterable[Sena | str]] | None,
    ) -> Iterable[tuple[Lance | Sena, dict[int, bool]]]:
        for lance, said in _mapping(declarations, "the declarations (by lance)").items():
            if lance not in (Lance.PARES, Lance.JUEGO):
                raise OddsError(f"declarations are of pares and juego, got {quoted(lance)}")
            if isinstance(said, (str, bytes)) or not isinstance(said, Sequence) or len(said) != rules.seats:
                raise OddsError(f"the {Lance(lance)} declarations are one per seat ({rules.seats}), got {quoted(said)}")
            if not all(value is None or type(value) is bool for value in said):
                raise OddsError(f"a declaration is True, False or None, got {quoted(said)}")
            yield Lance(lance), {other: value for other, value in enumerate(said) if value is not None}
        for other, signs in _mapping(senas, "the señas (by seat)").items():
            if isinstance(other, bool) or not isinstance(other, int) or not 0 <= other < rules.seats:
                raise OddsError(f"señas are made by seats 0 to {rules.seats - 1}, got seat {quoted(other)}")
            if not isinstance(signs, (str, Sena, list, tuple)):
                raise OddsError(f"a seat's señas are a list of señas, got {quoted(signs)}")
            for sign in [signs] if isinstance(signs, (str, Sena)) else signs:
                try:
                    yield Sena.parse(sign), {other: True}
                except MusError as error:
                    raise OddsError(str(error)) from None

    @staticmethod
    def _index(positions: Sequence[int]) -> int:
        found: NDArray[np.int16] = multisets_of_positions(np.array(positions))
        return int(found)

    @property
    def unknown(self) -> tuple[int, ...]:
        """The seats with cards unknown, in the order their places are filled: the
        other seats in seat order, then the seat's own (a draw after a discard)."""
        others = tuple(s for s in range(self.rules.seats) if s != self.seat and len(self.fixed[s]) < HAND_SIZE)
        own = (self.seat,) if len(self.fixed[self.seat]) < HAND_SIZE else ()
        return others + own

    @property
    def exact_feasible(self) -> bool:
        """Whether every deal can be counted: at most two seats hold unknown cards."""
        return len(self.unknown) <= 2

    def exact_size(self) -> int:
        """How many deals of rank multisets an exact count goes through, at most: for
        each seat with unknown cards, the multisets of as many ranks. A bound on its cost.

        >>> Situation.build("Ro Rc 7e 1b", Rules(seats=2)).exact_size()
        715
        >>> Situation.build("Ro Rc 7e 1b", Rules(seats=2)).drawing(parse_cards("7e 1b")).exact_size()
        39325
        """
        size = 1
        for other in self.unknown:
            size *= math.comb(_RANKS - 1 + HAND_SIZE - len(self.fixed[other]), _RANKS - 1)
        return size

    def drawing(self, discards: Sequence[Card]) -> Situation:
        """The situation once the seat has discarded ``discards`` (cards of its hand) and
        waits for as many new ones: they come from the cards left, and the discards
        are in no hand.

        >>> situation = Situation.build("Ro Rc 7e 1b", Rules())
        >>> situation.drawing(parse_cards("7e 1b")).fixed[0], situation.pool == situation.drawing(()).pool
        ((0, 0), True)
        """
        own = list(self.fixed[self.seat])
        for card in discards:
            own.remove(_POSITION[card.rank])
        fixed = list(self.fixed)
        fixed[self.seat] = tuple(own)
        return attrs.evolve(self, fixed=tuple(fixed))

    def _candidates(self, seat: int, pool: NDArray[np.int64]) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
        """The multisets ``seat`` may hold given the cards ``pool`` leaves (``pool`` of
        shape ``(rows, 10)``), and the cards each draws: shapes ``(715,)`` and
        ``(rows, 715, 10)``; a multiset that cannot be drawn draws nothing possible
        (its weight is 0)."""
        counts = multiset_counts()
        fixed = np.zeros(_RANKS, dtype=np.int64)
        for position in self.fixed[seat]:
            fixed[position] += 1
        drawn = counts - fixed
        usable = (drawn >= 0).all(axis=1)
        mask = self.allowed[seat]
        if mask is not None:
            usable &= mask
        indices = np.flatnonzero(usable)
        return indices, np.broadcast_to(drawn[indices], (len(pool), len(indices), _RANKS))

    @staticmethod
    def _weights(pool: NDArray[np.int64], drawn: NDArray[np.int64]) -> NDArray[np.int64]:
        # The card deals of each draw: a product of binomials rank by rank (C(n, k) is
        # 0 when k > n: a draw the pool cannot give weighs nothing).
        weights: NDArray[np.int64] = np.prod(choose_table()[pool[:, np.newaxis, :], drawn], axis=2)
        return weights

    def exact_chunks(self) -> list[NDArray[np.int64]]:
        """The exact count cut into tasks: each a slice of the first unknown seat's
        possible multisets (one task for everything when fewer than two seats are unknown)."""
        unknown = self.unknown
        if len(unknown) < 2:
            return [np.zeros(1, dtype=np.int64)]
        pool = np.array([self.pool], dtype=np.int64)
        indices, drawn = self._candidates(unknown[0], pool)
        possible = indices[self._weights(pool, drawn)[0] > 0]
        return [possible[i : i + _EXACT_CHUNK] for i in range(0, len(possible), _EXACT_CHUNK)]

    def exact_deals(self, chunk: NDArray[np.int64]) -> tuple[NDArray[np.int16], NDArray[np.int64]]:
        """Every deal of one exact task (a chunk from :meth:`exact_chunks`): multiset
        rows by seat and their weights (the card deals that give each).

        >>> deals, weights = Situation.build("Ro Rc 7e 1b", Rules(seats=2)).exact_deals(np.zeros(1, dtype=np.int64))
        >>> deals.shape, int(weights.sum()) == math.comb(36, 4)
        ((703, 2), True)
        """
        unknown = self.unknown
        row = np.array([self._index(cards) if len(cards) == HAND_SIZE else 0 for cards in self.fixed], dtype=np.int16)
        pool = np.array([self.pool], dtype=np.int64)
        if not unknown:
            return row[np.newaxis, :], np.ones(1, dtype=np.int64)
        counts = multiset_counts()
        if len(unknown) == 1:
            indices, drawn = self._candidates(unknown[0], pool)
            weights = self._weights(pool, drawn)[0]
            keep = weights > 0
            deals = np.repeat(row[np.newaxis, :], int(keep.sum()), axis=0)
            deals[:, unknown[0]] = indices[keep]
            return deals, weights[keep]
        first, second = unknown
        fixed_first = counts[chunk] - np.bincount(np.array(self.fixed[first], dtype=np.int64), minlength=_RANKS)
        first_weights = np.prod(choose_table()[np.broadcast_to(pool, fixed_first.shape), fixed_first], axis=1)
        after = pool - fixed_first
        indices, drawn = self._candidates(second, after)
        weights = self._weights(after, drawn) * first_weights[:, np.newaxis]
        i, j = np.nonzero(weights)
        deals = np.repeat(row[np.newaxis, :], len(i), axis=0)
        deals[:, first] = chunk[i]
        deals[:, second] = indices[j]
        return deals, weights[i, j]

    def deck(self) -> NDArray[np.int8]:
        """The rank positions of the cards left for the unknown places, in a fixed order."""
        return np.array([p for p, n in enumerate(self.pool) for _ in range(n)], dtype=np.int8)

    def places(self) -> int:
        """How many cards the unknown places take.

        >>> Situation.build("Ro Rc 7e 1b", Rules()).places()
        12
        """
        return sum(HAND_SIZE - len(cards) for cards in self.fixed)

    def sampled_deals(self, count: int, rng: np.random.Generator) -> tuple[NDArray[np.int16], NDArray[np.int64] | None]:
        """``count`` random deals that fill the unknown places from the cards left, and
        their weights: 1 for a deal that fits every declaration and seña, else 0
        (``None`` when nothing is declared: every deal fits).

        >>> situation = Situation.build("Ro Rc 7e 1b", Rules(), declarations={Lance.PARES: (True, False, None, None)})
        >>> deals, weights = situation.sampled_deals(1000, np.random.default_rng(1))
        >>> deals.shape, bool(weights[deals[:, 1] == Hand.parse("Cc Co 5b 4e").multiset].sum() == 0)
        ((1000, 4), True)
        """
        return self.deals_of(shuffled_heads(self.deck(), count, self.places(), rng))

    def column(self, seat: int, heads: NDArray[np.int8], start: int) -> NDArray[np.int16]:
        """The rank multisets of ``seat`` in each deal when its unknown places take the
        cards of ``heads`` from column ``start`` on (rank positions, a row a deal).

        >>> situation = Situation.build("Ro Rc 7e 1b", Rules(seats=2)).drawing(parse_cards("7e 1b"))
        >>> hand_of(int(situation.column(0, np.array([[5, 0, 0]], dtype=np.int8), 1)[0]))
        Hand.parse('Ro Rc Re Rb')
        """
        size = HAND_SIZE - len(self.fixed[seat])
        fixed = np.broadcast_to(np.array(self.fixed[seat], dtype=np.int8), (len(heads), HAND_SIZE - size))
        found: NDArray[np.int16] = multisets_of_positions(
            np.concatenate((fixed, heads[:, start : start + size]), axis=1)
        )
        return found

    def deals_of(self, heads: NDArray[np.int8]) -> tuple[NDArray[np.int16], NDArray[np.int64] | None]:
        """The deals that put the cards ``heads`` draws (rank positions, a row a deal,
        at least :meth:`places` columns, taken in :attr:`unknown` order) in the
        unknown places, and their weights as :meth:`sampled_deals` gives them. The
        situations of one seat's choices can share one draw: the others' hands come
        first, so they are the same in each.

        >>> situation = Situation.build("Ro Rc 7e 1b", Rules(seats=2))
        >>> deals, weights = situation.deals_of(np.array([[0, 0, 1, 1, 9]], dtype=np.int8))
        >>> hand_of(int(deals[0, 1])), weights is None
        (Hand.parse('Ro Rc Co Cc'), True)
        """
        count = len(heads)
        unknown = self.unknown
        row = np.array([self._index(cards) if len(cards) == HAND_SIZE else 0 for cards in self.fixed], dtype=np.int16)
        deals = np.repeat(row[np.newaxis, :], count, axis=0)
        start = 0
        for other in unknown:
            deals[:, other] = self.column(other, heads, start)
            start += HAND_SIZE - len(self.fixed[other])
        weights: NDArray[np.int64] | None = None
        for other in unknown:
            mask = self.allowed[other]
            if mask is not None:
                fits = mask[deals[:, other]].astype(np.int64)
                weights = fits if weights is None else weights * fits
        return deals, weights
