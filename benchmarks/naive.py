"""A naive reference for the benchmarks: the rules of Mus written plainly from the
rules page (``docs/rules.rst``), under the default rules (``mus.Rules()``), and for the
tests under two knobs besides.

The project measures speed as a ratio to this module in the same process
(``benchmarks/ratio.py``): absolute figures move with the machine, a ratio to plain code
run alongside much less. For the ratio to mean anything the reference must do the same
work with the same results, and ``tests/test_naive_reference.py`` checks that it does,
hand for hand. It must also be plain: the code a competent programmer writes straight
from the rules, neither optimised nor slowed down on purpose. None of ``mus``'s engine
is used; cards are ``mus.Card`` values (only ``card.rank`` and ``card.suit`` are read), so
that both engines can be fed the same cards.

Two parts:

* **Comparators** (rules section 5): :func:`naive_key`, :func:`naive_compare` and
  :func:`naive_winner` compute every key from the cards at every call, without tables.
  They mean what ``mus.lance_key``, ``mus.compare`` and ``mus.winner`` mean under
  ``mus.Rules()``: the bigger key wins, a key of 0 means no pares (no juego), ties go
  to the hand nearest the mano. The key numbers are not ``mus``'s own; their order is.
* **A hand engine**, :class:`NaiveHand`: a mutable four-seat hand (seats 0 and 2 against
  1 and 3) with plain lists, ``if`` chains and a fresh list of legal actions each turn,
  from the deal to the count (rules sections 2 to 8). It lists its legal actions in the
  order ``mus`` lists them (``state.legal_actions()``), so that the same random picks
  play the same hand in both engines. Its subclass :class:`KnobHand` plays two knobs of
  ``mus.Rules`` besides, for the tests only: ``declarations="explicit"`` (the seats
  declare pares and juego themselves, and may lie: rules section 6) and
  ``folded_seat_counts=False`` (a folded seat is out of the lance: rules section 7).

Actions are plain tuples ``(kind, argument)``: ``("mus", None)``, ``("no-mus", None)``,
``("discard", cards)``, ``("pass", None)``, ``("bet", stones)``, ``("accept", None)``,
``("fold", None)``, ``("ordago", None)``; the history also holds the declarations,
``("declare", (lance, has))``, as ``mus``'s does (derived from the cards, or under
explicit declarations the seats' own actions). Lances are the ints 0 to 4
in lance order (``mus.Lance`` values are ints too, and work as well).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from mus.cards import ALL_CARDS, Card

__all__ = [
    "CHICA",
    "GRANDE",
    "JUEGO",
    "PARES",
    "PUNTO",
    "IllegalAction",
    "KnobHand",
    "NaiveHand",
    "naive_compare",
    "naive_key",
    "naive_winner",
    "play",
]

GRANDE, CHICA, PARES, JUEGO, PUNTO = 0, 1, 2, 3, 4
LANCE_NAMES = ("grande", "chica", "pares", "juego", "punto")

# rules section 5: juego totals, best first (38 and 39 cannot occur).
JUEGO_ORDER = (31, 32, 40, 37, 36, 35, 34, 33)
PAREJA, MEDIAS, DUPLES = 1, 2, 3

# rules section 8 and the Payouts defaults.
TARGET = 40
EN_PASO = 1
FIRST_REFUSAL = 1
PARES_BONUS = {PAREJA: 1, MEDIAS: 2, DUPLES: 3}
JUEGO_31_BONUS = 3
JUEGO_BONUS = 2
PUNTO_BONUS = 1

MIN_BET = 2
# rules section 11 i: bounds that make every hand end (no table reaches them).
MAX_BETS = 100
MAX_MUS_ROUNDS = 5_000

Action = tuple[str, Any]
Result = tuple[int, str, int, "int | None", tuple[int, ...]]
"""How the betting on a lance ended: lance, outcome (the words of ``mus.Outcome``),
stake (accepted) or stones taken (refused), team (refused: the team that took the
stones, the betting team unless it lied; no bet: the only team with the combination;
órdago: the winner), and the seats in the lance (under ``folded_seat_counts=False``,
less those that folded). A refused bet where both teams lied is ``"void"``."""
Line = tuple[int, str, "int | None", "int | None", int, int, int, tuple[int, ...], tuple[int, ...]]
"""One lance of :class:`KnobHand`'s count: lance, outcome, the team paid (``None``:
nobody), the seat whose cards won it (``None`` when no cards were compared), the
stones of the bet (stake or en paso), the refusal stones taken at the fold, the bonus
stones, the scores after the line, and the seats that said yes falsely."""


# --- the comparators (rules sections 1 and 5) ------------------------------------------


def played_rank(card: Card) -> int:
    """The rank a card plays as under eight kings: a 3 is a rey, a 2 an as."""
    rank = int(card.rank)
    if rank == 3:
        return 12
    if rank == 2:
        return 1
    return rank


def card_points(card: Card) -> int:
    """What a card adds to juego and punto: figures (and 3s, as reyes) 10, others their number."""
    rank = played_rank(card)
    if rank >= 10:
        return 10
    return rank


def hand_points(cards: Iterable[Card]) -> int:
    return sum(card_points(card) for card in cards)


def pares_of(cards: Iterable[Card]) -> tuple[int, int, int] | None:
    """The hand's pares as ``(kind, high rank, low rank)``, or ``None`` without any.

    Pareja and medias are ranked by their one rank (the other cards do not count);
    duples by the higher pair then the lower, four equal cards being that rank twice.
    """
    counts: dict[int, int] = {}
    for card in cards:
        rank = played_rank(card)
        counts[rank] = counts.get(rank, 0) + 1
    pairs = sorted((rank for rank, count in counts.items() if count >= 2), reverse=True)
    if not pairs:
        return None
    if len(pairs) == 2:
        return (DUPLES, pairs[0], pairs[1])
    top = pairs[0]
    if counts[top] == 4:
        return (DUPLES, top, top)
    if counts[top] == 3:
        return (MEDIAS, top, 0)
    return (PAREJA, top, 0)


def naive_key(lance: int, cards: Iterable[Card]) -> int:
    """The hand's key for ``lance``: the bigger key wins; 0 for a hand without pares
    (juego). ``cards``: a ``mus.Hand`` or any four ``mus.Card`` values."""
    if lance == GRANDE:
        # Card by card from the highest, the first difference deciding: the ranks read
        # as the digits of a number in base 16 compare the same way.
        key = 0
        for rank in sorted((played_rank(card) for card in cards), reverse=True):
            key = key * 16 + rank
        return key
    if lance == CHICA:
        # From the lowest card, the lower card winning: digits 15 - rank.
        key = 0
        for rank in sorted(played_rank(card) for card in cards):
            key = key * 16 + (15 - rank)
        return key
    if lance == PARES:
        combination = pares_of(cards)
        if combination is None:
            return 0
        kind, high, low = combination
        return kind * 256 + high * 16 + low
    if lance == JUEGO:
        total = hand_points(cards)
        if total < 31:
            return 0
        return len(JUEGO_ORDER) - JUEGO_ORDER.index(total)
    if lance == PUNTO:
        return hand_points(cards)
    raise ValueError(f"no lance {lance!r}")


def naive_compare(lance: int, a: Iterable[Card], b: Iterable[Card]) -> int:
    """1 if ``a`` beats ``b`` at ``lance``, -1 if ``b`` beats ``a``, 0 if they are equal."""
    key_a = naive_key(lance, a)
    key_b = naive_key(lance, b)
    if key_a > key_b:
        return 1
    if key_a < key_b:
        return -1
    return 0


def naive_winner(lance: int, hands: Sequence[Iterable[Card]]) -> int | None:
    """The index of the winning hand, ``hands`` listed from the mano: ties go to the
    lowest index; at pares and juego ``None`` when no hand has the combination."""
    best = None
    best_key = 0 if lance in (PARES, JUEGO) else -1
    for index, hand in enumerate(hands):
        key = naive_key(lance, hand)
        if key > best_key:
            best = index
            best_key = key
    return best


# --- the hand (rules sections 2 to 8) --------------------------------------------------

_SUIT_POSITION = {"o": 0, "c": 1, "e": 2, "b": 3}


def fan_key(card: Card) -> tuple[int, int]:
    """The order a player fans a hand: high ranks first, then oros, copas, espadas,
    bastos. ``mus`` keeps hands in this order and lists discards from it, so the naive
    hand must too for the same pick to name the same discard."""
    return (-int(card.rank), _SUIT_POSITION[card.suit.value])


class IllegalAction(ValueError):
    """An action the rules do not allow now."""


def team_of(seat: int) -> int:
    return seat % 2


class NaiveHand:
    """One hand at four seats under the default rules, changed in place by :meth:`apply`.

    ``hands`` by seat and ``stock`` (top first) must hold the 40 cards once each;
    ``reshuffle(cards, n)`` gives the new stock made of ``cards`` at the ``n``-th
    reshuffle of the hand (rules section 4). ``scores`` are the two teams' before the hand.
    """

    def __init__(
        self,
        hands: Sequence[Iterable[Card]],
        stock: Iterable[Card],
        *,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        reshuffle: Callable[[list[Card], int], Sequence[Card]],
    ) -> None:
        self.hands = [sorted(hand, key=fan_key) for hand in hands]
        self.stock = list(stock)
        if len(self.hands) != 4 or any(len(hand) != 4 for hand in self.hands):
            raise ValueError("four hands of four cards, by seat")
        every = [card for hand in self.hands for card in hand] + self.stock
        if len(every) != 40 or len(set(every)) != 40:
            raise ValueError("the hands and the stock must hold the 40 cards, each once")
        if mano not in (0, 1, 2, 3):
            raise ValueError(f"no seat {mano!r}")
        if len(scores) != 2 or any(not 0 <= score < TARGET for score in scores):
            raise ValueError(f"two scores from 0 to {TARGET - 1}, got {scores!r}")
        self.mano = mano
        self.scores = list(scores)
        self.reshuffle = reshuffle
        self.discards: list[Card] = []
        self.pending: list[list[Card]] = [[], [], [], []]
        self.reshuffles = 0
        self.mus_rounds = 0
        self.phase = "mus"  # then "discard", "betting", "over"
        self.queue = self.order()
        self.history: list[tuple[int, Action]] = []
        self.results: list[Result] = []
        self.winner: int | None = None
        # The lance being bet on.
        self.lance = GRANDE
        self.seats: list[int] = []
        self.stake = 0
        self.previous = 0
        self.bets = 0
        self.bettor = -1
        self.ordago = False
        self.folded: list[int] = []

    @classmethod
    def dealt(cls, seed: int | str, *, mano: int = 0, scores: Sequence[int] = (0, 0)) -> NaiveHand:
        """A hand dealt from the 40 cards shuffled by ``random.Random(seed)``, which also
        shuffles any reshuffle. Four cards a seat in one block from the mano (rules
        section 11 d); the rest is the stock."""
        rng = random.Random(seed)
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands: list[list[Card]] = [[], [], [], []]
        for block in range(4):
            hands[(mano + block) % 4] = deck[4 * block : 4 * block + 4]

        def reshuffle(cards: list[Card], n: int) -> list[Card]:
            pile = list(cards)
            rng.shuffle(pile)
            return pile

        return cls(hands, deck[16:], mano=mano, scores=scores, reshuffle=reshuffle)

    def order(self) -> list[int]:
        """The seats in speaking order, from the mano."""
        return [(self.mano + i) % 4 for i in range(4)]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    # --- what may be done -------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions the seat to act may take, in ``mus``'s order; bets are listed at
        the minimum (any larger bet is legal too); empty once the hand is over."""
        if self.phase == "over":
            return []
        if self.phase == "mus":
            if self.mus_rounds >= MAX_MUS_ROUNDS:
                return [("no-mus", None)]
            return [("mus", None), ("no-mus", None)]
        if self.phase == "discard":
            hand = self.hands[self.queue[0]]
            discards: list[Action] = []
            for size in range(1, 5):
                for cards in itertools.combinations(hand, size):
                    discards.append(("discard", cards))
            return discards
        if self.bets == 0:
            return [("pass", None), ("bet", MIN_BET), ("ordago", None)]
        if self.ordago:
            return [("accept", None), ("fold", None)]
        if self.bets >= MAX_BETS:
            return [("accept", None), ("fold", None), ("ordago", None)]
        return [("accept", None), ("fold", None), ("bet", MIN_BET), ("ordago", None)]

    # --- doing it ---------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action``; :class:`IllegalAction` if it may not."""
        if self.phase == "over":
            raise IllegalAction("the hand is over")
        seat = self.queue[0]
        kind = action[0]
        if self.phase == "mus":
            if kind == "mus" and self.mus_rounds < MAX_MUS_ROUNDS:
                self.history.append((seat, action))
                self.queue.pop(0)
                if not self.queue:
                    # rules section 4: everyone said mus, so everyone discards.
                    self.phase = "discard"
                    self.queue = self.order()
            elif kind == "no-mus":
                self.history.append((seat, action))
                self.open_lance(GRANDE)
            elif kind == "mus":
                raise IllegalAction(f"the mus is cut after {MAX_MUS_ROUNDS:,} rounds: no-mus")
            else:
                raise IllegalAction(f"during the mus, say mus or no-mus, not {kind}")
        elif self.phase == "discard":
            if kind != "discard":
                raise IllegalAction(f"discard 1 to 4 cards, not {kind}")
            cards = list(action[1])
            if not 1 <= len(cards) <= 4 or len(set(cards)) != len(cards):
                raise IllegalAction("discard 1 to 4 different cards")
            for card in cards:
                if card not in self.hands[seat]:
                    raise IllegalAction(f"seat {seat} does not hold {card}")
            self.history.append((seat, action))
            self.pending[seat] = cards
            self.queue.pop(0)
            if not self.queue:
                self.serve()
        elif self.bets == 0:
            # rules section 7, the opening: pass, bet or órdago.
            if kind == "pass":
                self.history.append((seat, action))
                self.queue.pop(0)
                if not self.queue:
                    self.results.append((self.lance, "en paso", 0, None, tuple(self.seats)))
                    self.next_lance(self.lance)
            elif kind in ("bet", "ordago"):
                self.bet(seat, action)
            else:
                raise IllegalAction(f"there is no bet to answer: pass, bet or ordago, not {kind}")
        else:
            # The answer: accept, fold, raise or órdago; nothing over an órdago.
            if kind == "accept":
                self.history.append((seat, action))
                self.accept()
            elif kind == "fold":
                self.history.append((seat, action))
                self.fold(seat)
            elif ((kind == "bet" and self.bets < MAX_BETS) or kind == "ordago") and not self.ordago:
                self.bet(seat, action)
            else:
                raise IllegalAction(f"answer the bet: accept, fold, raise or ordago, not {kind}")

    def serve(self) -> None:
        """Deal the replacements in speaking order once every seat has discarded."""
        order = self.order()
        for seat in order:
            self.discards.extend(self.pending[seat])
        for seat in order:
            own = self.pending[seat]
            drawn = self.stock[: len(own)]
            del self.stock[: len(own)]
            if len(drawn) < len(own):
                # rules section 4: the stock ran out. The discards become the new stock,
                # all of them, but the last seat to be served keeps its own out.
                kept = own if seat == order[-1] else []
                pile = [card for card in self.discards if card not in kept]
                self.reshuffles += 1
                self.stock = list(self.reshuffle(pile, self.reshuffles))
                self.discards = list(kept)
                more = len(own) - len(drawn)
                drawn += self.stock[:more]
                del self.stock[:more]
            hand = [card for card in self.hands[seat] if card not in own] + drawn
            self.hands[seat] = sorted(hand, key=fan_key)
        self.pending = [[], [], [], []]
        self.mus_rounds += 1
        self.phase = "mus"
        self.queue = self.order()

    def open_lance(self, lance: int) -> None:
        """Start the betting on ``lance``, or settle it when it cannot be bet on (rules
        section 6)."""
        order = self.order()
        if lance in (PARES, JUEGO):
            # Declarations derived from the cards, in speaking order, kept in the history.
            seats = []
            for seat in order:
                has = naive_key(lance, self.hands[seat]) > 0
                self.history.append((seat, ("declare", (lance, has))))
                if has:
                    seats.append(seat)
            self.open_declared(lance, seats)
        else:
            self.start_betting(lance, order)

    def open_declared(self, lance: int, seats: list[int]) -> None:
        """Pares or juego once declared: ``seats`` said they have it (rules section 6)."""
        if lance == JUEGO and not seats:
            self.open_lance(PUNTO)
            return
        teams = set()
        for seat in seats:
            teams.add(team_of(seat))
        if not teams:
            self.results.append((lance, "void", 0, None, ()))
            self.next_lance(lance)
        elif len(teams) == 1:
            self.results.append((lance, "no bet", 0, teams.pop(), tuple(seats)))
            self.next_lance(lance)
        else:
            self.start_betting(lance, seats)

    def start_betting(self, lance: int, seats: list[int]) -> None:
        """The betting on ``lance`` among ``seats``, in speaking order (rules section 7)."""
        self.phase = "betting"
        self.lance = lance
        self.seats = seats
        self.queue = list(seats)
        self.stake = 0
        self.previous = 0
        self.bets = 0
        self.bettor = -1
        self.ordago = False
        self.folded = []

    def bet(self, seat: int, action: Action) -> None:
        """A bet, a raise or an órdago: the other team answers, from the seat after the
        bettor (rules section 7)."""
        if action[0] == "bet":
            stones = action[1]
            if not isinstance(stones, int) or isinstance(stones, bool) or stones < MIN_BET:
                raise IllegalAction(f"a bet is at least {MIN_BET} stones, got {stones!r}")
            self.previous = self.stake
            self.stake = self.stake + stones
        else:
            self.previous = self.stake
            self.ordago = True
        self.history.append((seat, action))
        self.bets += 1
        self.bettor = seat
        answering = []
        for i in range(1, 5):
            other = (seat + i) % 4
            if team_of(other) != team_of(seat) and other in self.seats and other not in self.folded:
                answering.append(other)
        self.queue = answering

    def accept(self) -> None:
        if not self.ordago:
            self.results.append((self.lance, "accepted", self.stake, None, tuple(self.seats)))
            self.next_lance(self.lance)
            return
        # An accepted órdago: the lance is shown down at once and decides the game.
        # Folded seats still show down for their team (rules section 7).
        best = self.best_seat(self.lance, self.seats)
        team = team_of(best)
        self.results.append((self.lance, "ordago", 0, team, tuple(self.seats)))
        self.end(team)

    def fold(self, seat: int) -> None:
        self.folded.append(seat)
        self.queue.pop(0)
        if self.queue:
            return
        # The whole team folded: the refusal stones, at once (rules section 7).
        stones = FIRST_REFUSAL if self.bets == 1 else self.previous
        team = team_of(self.bettor)
        self.scores[team] += stones
        self.results.append((self.lance, "refused", stones, team, tuple(self.seats)))
        if self.scores[team] >= TARGET:
            self.end(team)
        else:
            self.next_lance(self.lance)

    def next_lance(self, lance: int) -> None:
        """Go on to the lance after ``lance`` (rules section 3), or to the count."""
        if lance == GRANDE:
            self.open_lance(CHICA)
        elif lance == CHICA:
            self.open_lance(PARES)
        elif lance == PARES:
            self.open_lance(JUEGO)
        else:
            self.count()

    def end(self, winner: int | None) -> None:
        self.winner = winner
        self.phase = "over"
        self.queue = []

    # --- the count (rules section 8) --------------------------------------------------

    def best_seat(self, lance: int, seats: Iterable[int]) -> int:
        """The best hand among ``seats`` at ``lance``; ties to the seat nearest the mano."""
        best = -1
        best_key = -1
        for seat in self.order():
            if seat in seats:
                key = naive_key(lance, self.hands[seat])
                if key > best_key:
                    best = seat
                    best_key = key
        return best

    def bonus(self, lance: int, team: int, seats: Iterable[int]) -> int:
        """What ``team`` collects at pares, juego or punto besides the stake."""
        if lance == PUNTO:
            return PUNTO_BONUS
        stones = 0
        for seat in seats:
            if team_of(seat) != team:
                continue
            if lance == PARES:
                combination = pares_of(self.hands[seat])
                if combination is not None:
                    stones += PARES_BONUS[combination[0]]
            elif lance == JUEGO:
                total = hand_points(self.hands[seat])
                if total == 31:
                    stones += JUEGO_31_BONUS
                elif total > 31:
                    stones += JUEGO_BONUS
        return stones

    def count(self) -> None:
        """Count the lances in order, stopping as soon as a team reaches the target."""
        for lance, outcome, stake, team, seats in self.results:
            if outcome == "void":
                continue
            if outcome == "refused" or outcome == "no bet":
                # The refusal stones were taken at the fold; the bonuses go to the
                # betting team (or to the only team with the combination).
                assert team is not None
                stones = 0
                if lance >= PARES:
                    stones = self.bonus(lance, team, seats)
            else:
                team = team_of(self.best_seat(lance, seats))
                if outcome == "accepted":
                    stones = stake
                elif lance in (GRANDE, CHICA):
                    stones = EN_PASO
                else:
                    stones = 0
                if lance >= PARES:
                    stones += self.bonus(lance, team, seats)
            self.scores[team] += stones
            if self.scores[team] >= TARGET:
                self.end(team)
                return
        self.end(None)


class KnobHand(NaiveHand):
    """A :class:`NaiveHand` under two knobs of ``mus.Rules`` besides the defaults, for the
    differential tests (the benchmarks time :class:`NaiveHand` alone, whose path these
    knobs leave as it was):

    * ``declarations="explicit"`` (rules section 6): when pares (then juego) opens, each
      seat in speaking order plays ``("declare", (lance, True))`` or ``(lance, False)``,
      true or not, and the seats that said yes bet. A team with a seat that said yes
      falsely, folded or not, takes nothing from the lance: the other team, if it did
      not lie too, is paid as the winner. A seat that hid juego takes no part in punto.
    * ``folded_seat_counts=False`` (rules section 7): a seat that folded is out of the
      lance, its cards and its bonuses with it.

    Besides the results, the count is kept as :attr:`lines` (:data:`Line`), and an
    accepted órdago adds its line too.

    >>> hand = KnobHand.dealt(7, declarations="explicit")
    >>> act = [("no-mus", None)] + [("pass", None)] * 8
    >>> for action in act:
    ...     hand.apply(action)
    >>> hand.phase, hand.legal_actions()
    ('declare', [('declare', (2, True)), ('declare', (2, False))])
    """

    def __init__(
        self,
        hands: Sequence[Iterable[Card]],
        stock: Iterable[Card],
        *,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        reshuffle: Callable[[list[Card], int], Sequence[Card]],
        declarations: str = "derived",
        folded_seat_counts: bool = True,
    ) -> None:
        if declarations not in ("derived", "explicit"):
            raise ValueError(f"declarations are 'derived' or 'explicit', got {declarations!r}")
        if not isinstance(folded_seat_counts, bool):
            raise ValueError(f"folded_seat_counts is True or False, got {folded_seat_counts!r}")
        super().__init__(hands, stock, mano=mano, scores=scores, reshuffle=reshuffle)
        self.explicit = declarations == "explicit"
        self.folded_seat_counts = folded_seat_counts
        # The seats that said yes at pares and at juego, in speaking order: kept under
        # explicit declarations only (derived ones are true, nobody can have lied).
        self.declared: dict[int, list[int]] = {}
        self.lines: list[Line] = []

    @classmethod
    def dealt(
        cls,
        seed: int | str,
        *,
        mano: int = 0,
        scores: Sequence[int] = (0, 0),
        declarations: str = "derived",
        folded_seat_counts: bool = True,
    ) -> KnobHand:
        """:meth:`NaiveHand.dealt` under the knobs."""
        plain = NaiveHand.dealt(seed, mano=mano, scores=scores)
        return cls(
            plain.hands,
            plain.stock,
            mano=mano,
            scores=scores,
            reshuffle=plain.reshuffle,
            declarations=declarations,
            folded_seat_counts=folded_seat_counts,
        )

    def legal_actions(self) -> list[Action]:
        if self.phase == "declare":
            return [("declare", (self.lance, True)), ("declare", (self.lance, False))]
        return super().legal_actions()

    def apply(self, action: Action) -> None:
        if self.phase != "declare":
            super().apply(action)
            return
        said = action[1] if action[0] == "declare" else None
        if not (isinstance(said, tuple) and len(said) == 2 and said[0] == self.lance and isinstance(said[1], bool)):
            raise IllegalAction(f"declare {LANCE_NAMES[self.lance]}, yes or no, not {action!r}")
        seat = self.queue.pop(0)
        self.history.append((seat, action))
        if said[1]:
            self.declared[self.lance].append(seat)
        if not self.queue:
            self.open_declared(self.lance, self.declared[self.lance])

    def open_lance(self, lance: int) -> None:
        if not self.explicit:
            super().open_lance(lance)
        elif lance in (PARES, JUEGO):
            # The seats speak for themselves, from the mano.
            self.phase = "declare"
            self.lance = lance
            self.queue = self.order()
            self.declared[lance] = []
        elif lance == PUNTO:
            # Punto is played when nobody said juego yes; a seat that holds juego hid it,
            # and takes no part in punto either (rules section 6).
            seats = [seat for seat in self.order() if naive_key(JUEGO, self.hands[seat]) == 0]
            teams = set()
            for seat in seats:
                teams.add(team_of(seat))
            if len(teams) == 2:
                self.start_betting(lance, seats)
                return
            # Those left are of one team (rules section 11 h): en paso among them. When
            # every seat hid juego, nobody is left to win punto.
            outcome = "en paso" if seats else "void"
            self.results.append((lance, outcome, 0, None, tuple(seats)))
            self.next_lance(lance)
        else:
            super().open_lance(lance)

    def still_in(self) -> tuple[int, ...]:
        """The seats of the lance whose cards compete and whose bonuses count: all of
        them by default, folded or not; under ``folded_seat_counts=False`` those that
        did not fold (rules section 7)."""
        if self.folded_seat_counts:
            return tuple(self.seats)
        return tuple(seat for seat in self.seats if seat not in self.folded)

    def liars(self, lance: int) -> tuple[int, ...]:
        """The seats that said yes at ``lance`` (pares or juego) without having it, in
        speaking order; none under derived declarations."""
        declared = self.declared.get(lance, ())
        return tuple(seat for seat in declared if naive_key(lance, self.hands[seat]) == 0)

    def accept(self) -> None:
        seats = self.still_in()
        if not self.ordago:
            self.results.append((self.lance, "accepted", self.stake, None, seats))
            self.next_lance(self.lance)
            return
        # An accepted órdago is shown down at once; a false yes is checked now too, a
        # liar that folded included (rules section 6).
        liars = self.liars(self.lance)
        forfeit = {team_of(seat) for seat in liars}
        honest = [seat for seat in seats if team_of(seat) not in forfeit]
        best: int | None = None
        if honest:
            best = self.best_seat(self.lance, honest)
            team = team_of(best)
        else:
            # Both teams lied: the team that called the órdago loses it (rules section 11 g).
            team = 1 - team_of(self.bettor)
        self.results.append((self.lance, "ordago", 0, team, seats))
        self.lines.append((self.lance, "ordago", team, best, 0, 0, 0, tuple(self.scores), liars))
        self.end(team)

    def fold(self, seat: int) -> None:
        self.folded.append(seat)
        self.queue.pop(0)
        if self.queue:
            return
        # The refusal stones are taken at once; a false yes is checked before (rules
        # section 6): a lying betting team takes nothing, and the other team takes the
        # stones as the winner, unless it lied too: then nobody scores the lance (void).
        stones = FIRST_REFUSAL if self.bets == 1 else self.previous
        team: int | None = team_of(self.bettor)
        forfeit = {team_of(liar) for liar in self.liars(self.lance)}
        if team in forfeit:
            other = 1 - team_of(self.bettor)
            team = None if other in forfeit else other
        if team is None:
            self.results.append((self.lance, "void", 0, None, self.still_in()))
            self.next_lance(self.lance)
            return
        self.scores[team] += stones
        self.results.append((self.lance, "refused", stones, team, self.still_in()))
        if self.scores[team] >= TARGET:
            self.end(team)
        else:
            self.next_lance(self.lance)

    def count(self) -> None:
        """Count the lances in order, a line each, stopping at the target (rules
        section 8); a team with a liar in a lance takes nothing from it."""
        for lance, outcome, stake, team, seats in self.results:
            liars = self.liars(lance)
            forfeit = {team_of(liar) for liar in liars}
            seat = None
            bet = refusal = bonus = 0
            if outcome == "refused":
                refusal = stake  # taken at the fold, by a team that did not lie
            elif outcome == "no bet":
                if team in forfeit:
                    team = None
            elif outcome in ("en paso", "accepted"):
                honest = [s for s in seats if team_of(s) not in forfeit]
                team = None
                if honest:
                    seat = self.best_seat(lance, honest)
                    team = team_of(seat)
                    if outcome == "accepted":
                        bet = stake
                    elif lance in (GRANDE, CHICA):
                        bet = EN_PASO
            else:  # void: nobody had it, or both teams lied and the bet was refused
                team = None
            if team is not None and lance >= PARES:
                bonus = self.bonus(lance, team, seats)
            if team is not None:
                self.scores[team] += bet + bonus
            self.lines.append((lance, outcome, team, seat, bet, refusal, bonus, tuple(self.scores), liars))
            if team is not None and self.scores[team] >= TARGET:
                self.end(team)
                return
        self.end(None)


def play(hand: NaiveHand, uniform: Callable[[], float]) -> int:
    """Play ``hand`` to its end, each seat picking uniformly among the listed legal
    actions (index ``int(uniform() * len(legal))``, as the benchmarks pick in ``mus``);
    the length of its history."""
    legal = hand.legal_actions()
    while legal:
        hand.apply(legal[int(uniform() * len(legal))])
        legal = hand.legal_actions()
    return len(hand.history)
