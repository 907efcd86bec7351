"""The ``advisor``: a player that plays by :mod:`mus.advise` and by its side's equity.

It sees only its seat's view, as every bot does, and reads all of it:

* **mus and discards**: :func:`~mus.advise.advise` for its hand at its speaking
  position. It cuts unless the best discard beats keeping the cards by
  ``margin`` stones (the advice pits a discard against hands nobody
  improved, while the others draw too), and throws the best discard;
* **bets**: for the lance being bet it samples the deals that fit what it knows (its
  hand and its own discards, the declarations made, its partner's señas) and weighs
  each answer in stones: the en paso count, a bet accepted, a bet refused, pares and
  juego bonuses included, punto too. A bet tells something of the bettor's hand: it
  weighs a rival's bet or raise on the deals where that rival's hand is strong (in the
  top ``bettor`` share of hands at the lance), and its own bet on the
  deals where a rival would accept (``acceptor``);
* **órdagos**: it throws or accepts one when its side's chance of winning the lance
  beats its chance of winning the game by playing on, from the scores;
* **señas**: when ``Rules(senas=True)``, it signals every seña true of its hand (each
  once a hand), and reads its partner's, made since the partner's last discard.

Its figures come from seeded samples, cached by what they depend on: the same view
gives the same action.

>>> import mus
>>> from mus.bots import play_hand
>>> state = play_hand(mus.new_hand(mus.Rules(), seed=3), [AdvisorBot(seed) for seed in range(4)])
>>> state.is_over
True
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from mus.actions import Accept, Action, Bet, Declare, Discard, Fold, Mus, NoMus, Ordago, Pass, Servido, Signal
from mus.advise.advice import advise
from mus.bots import strength
from mus.cards import ALL_CARDS, Card
from mus.checks import quoted, seat_arg, whole
from mus.errors import MusError
from mus.hand import RANK_MULTISETS, Hand
from mus.lances import Lance, has_juego, has_pares
from mus.odds.batch import NONE, bonus_table, need_numpy, np, seed_entropy, table_winners, tables_for
from mus.odds.situation import Situation, hand_of, rank_position
from mus.rules import Rules
from mus.senas import Sena, senas_of
from mus.table import HiddenDiscard, Phase, SeatView, check_turn

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["AdvisorBot", "Known", "Outlook", "fitting_deals", "game_chance", "outlook"]

_PARES, _JUEGO, _PUNTO = Lance.PARES, Lance.JUEGO, Lance.PUNTO

Known = tuple[tuple[tuple[Lance, tuple[bool | None, ...]], ...], tuple[tuple[int, Sena], ...], tuple[int, ...]]
"""What a seat knows beyond its hand, as a cache key: the declarations (each lance
declared, with every seat's declaration by speaking position), its partners' señas
by position, the rank positions of its own discards."""


def game_chance(ours: int, theirs: int, target: int) -> float:
    """The chance that the side with ``ours`` stones wins a game to ``target`` against
    ``theirs``, by a rough model of the stones still to score (a normal race, about six
    stones of spread a hand, a hand for every ten stones still wanted by both).

    >>> game_chance(20, 20, 40), round(game_chance(35, 10, 40), 2)
    (0.5, 0.99)
    """
    # Stones past 2**53 would lose their exactness as floats (and far past it, overflow).
    ours, theirs = whole(ours, "ours (stones)", 0, _MOST_STONES), whole(theirs, "theirs (stones)", 0, _MOST_STONES)
    return _game_chance(ours, theirs, whole(target, "a target (stones)", 1, _MOST_STONES))


_MOST_STONES = 2**53


def _game_chance(ours: int, theirs: int, target: int) -> float:
    """:func:`game_chance` unchecked: the advisor's own scores and rules' target."""
    ours_left, theirs_left = max(target - ours, 0), max(target - theirs, 0)
    hands = max(1.0, (ours_left + theirs_left) / 10)
    return 0.5 * (1 + math.erf((theirs_left - ours_left) / (6.0 * math.sqrt(hands) * math.sqrt(2))))


@functools.lru_cache(maxsize=64)
def _strengths(rules: Rules) -> NDArray[np.float64]:
    """Each rank multiset's :func:`~mus.bots.strength` at each lance, shape ``(5, 715)``."""
    return np.array(
        [[strength(lance, hand_of(index), rules) for index in range(len(RANK_MULTISETS))] for lance in Lance]
    )


@attrs.frozen(eq=False)
class Outlook:
    """A lance seen from a seat: sampled deals that fit what it knows, and for each,
    whether its side wins the lance (``win``), the bonuses its side and the others
    hold there (``ours``, ``theirs``: pares and juego), and each seat's hand
    strength at the lance (``strengths``, by speaking position).

    >>> view = outlook(Rules(), 0, Hand.parse("Ro Rc Rb 1b").multiset, Lance.GRANDE, ((), (), ()), 500)
    >>> view.win.shape, bool(view.win.mean() > 0.9)
    ((500,), True)
    """

    win: NDArray[np.bool_]
    ours: NDArray[np.int64]
    theirs: NDArray[np.int64]
    strengths: NDArray[np.float64]

    def mean(self, values: NDArray[np.generic], rows: NDArray[np.bool_] | None = None) -> float:
        """The mean of ``values`` over the deals of ``rows`` (all of them when ``None``
        or when too few deals fit to tell)."""
        if rows is None or int(rows.sum()) < 30:
            return float(values.mean())
        return float(values[rows].mean())

    def stake_value(self, stake: int, rows: NDArray[np.bool_] | None = None) -> float:
        """The side's net stones when the lance is shown down for ``stake`` stones (an
        en paso value or an accepted bet) plus the bonuses of the side that wins."""
        values = np.where(self.win, stake + self.ours, -(stake + self.theirs))
        return self.mean(values, rows)


@functools.lru_cache(maxsize=8192)
def outlook(rules: Rules, seat: int, multiset: int, lance: Lance, known: Known, samples: int) -> Outlook:
    """The :class:`Outlook` of ``lance`` for the hand of rank multiset ``multiset`` at
    speaking position ``seat``, given ``known`` (see ``Known``): ``samples`` deals,
    seeded by all of these (cached)."""
    entropy = seed_entropy(repr((multiset, seat, int(lance), known)))
    rng = np.random.Generator(np.random.PCG64(np.random.SeedSequence(entropy)))
    deals = fitting_deals(rules, seat, multiset, known, samples, rng)
    tables = tables_for(rules)
    team_of = np.array(rules.team_of, dtype=np.int64)
    side = team_of[seat]
    won = table_winners(lance, deals, tables, 0)
    if lance is _PUNTO:
        won = np.where(table_winners(_JUEGO, deals, tables, 0) == NONE, won, NONE)
    win = (won != NONE) & (team_of[np.maximum(won, 0)] == side)
    ours = np.zeros(len(deals), dtype=np.int64)
    theirs = np.zeros(len(deals), dtype=np.int64)
    bonuses = bonus_table(rules)
    if lance in (_PARES, _JUEGO) and bonuses is not None:
        held = bonuses[lance][deals]
        mine = team_of == side
        ours, theirs = held[:, mine].sum(axis=1), held[:, ~mine].sum(axis=1)
    return Outlook(win, ours, theirs, _strengths(rules)[lance][deals])


def fitting_deals(
    rules: Rules, seat: int, multiset: int, known: Known, samples: int, rng: np.random.Generator
) -> NDArray[np.int16]:
    """Deals of rank multisets (a row a deal, a column a speaking position) that fit what
    the seat at speaking position ``seat`` knows, holding the hand of rank multiset
    ``multiset``: ``samples`` drawn from ``rng``, less those that contradict a
    declaration or seña (when none fits, a lie under explicit declarations, all are
    kept: the cards say nothing more).

    >>> import numpy as np
    >>> deals = fitting_deals(Rules(), 0, Hand.parse("Ro Rc Rb 1b").multiset, ((), (), ()), 50, np.random.default_rng(1))
    >>> deals.shape, bool((deals[:, 0] == Hand.parse("Ro Rc Rb 1b").multiset).all())
    ((50, 4), True)
    """
    declarations, senas_key, discards_key = known
    hand = hand_of(multiset)
    situation = Situation.build(
        hand,
        rules,
        seat=seat,
        exposed=_cards_of_positions(discards_key, hand),
        declarations=dict(declarations),
        senas=_senas(senas_key),
    )
    deals, weights = situation.sampled_deals(samples, rng)
    if weights is not None and weights.any():
        deals = deals[weights > 0]
    return deals


def _senas(signs: Sequence[tuple[int, Sena]]) -> dict[int, list[Sena]]:
    by_seat: dict[int, list[Sena]] = {}
    for seat, sena in signs:
        by_seat.setdefault(seat, []).append(sena)
    return by_seat


def _cards_of_positions(positions: Sequence[int], hand: Hand) -> list[Card]:
    """Cards of the given rank positions and not in ``hand``: a seat's own discards,
    stood for by cards of their ranks (only ranks count). A rank whose four cards are
    all taken is skipped: its discard came back to play when the discards were
    shuffled into the stock."""
    taken = set(hand)
    cards = []
    for position in positions:
        card = next((card for card in ALL_CARDS if rank_position(card) == position and card not in taken), None)
        if card is not None:
            taken.add(card)
            cards.append(card)
    return cards


@functools.lru_cache(maxsize=16384)
def _advice(rules: Rules, seat: int, multiset: int, known: Known, samples: int) -> tuple[float, float, tuple[int, ...]]:
    """The advice for a rank multiset, cached: the expected stones of no-mus and of the
    best discard, and the rank positions that discard throws."""
    _, senas_key, discards_key = known
    hand = hand_of(multiset)
    advice = advise(
        hand,
        rules,
        seat=seat,
        exposed=_cards_of_positions(discards_key, hand),
        senas=_senas(senas_key),
        samples=samples,
        seed=repr((multiset, seat, known)),
    )
    discards = [option for option in advice.options if isinstance(option.action, Discard)]
    best = max(discards, key=lambda option: option.expected_stones)
    assert isinstance(best.action, Discard)
    thrown = tuple(sorted(rank_position(card) for card in best.action.cards))
    return advice.options[0].expected_stones, best.expected_stones, thrown


def _view(view: object) -> SeatView:
    """``view`` if it is a seat's view of a hand of the four-card game."""
    if type(view) is not SeatView and not isinstance(view, SeatView):
        raise MusError(
            f"mus.advise.AdvisorBot plays the four-card game: it reads a mus.SeatView (state.view(seat)), got "
            f"{quoted(view)}; the Mus individuel's players are mus.individuel.RandomPlayer and SimplePlayer"
        )
    return view


def _position(view: SeatView, seat: int) -> int:
    """``seat``'s speaking position from the view's mano."""
    return (seat - view.mano) % view.rules.seats


class AdvisorBot:
    """A player that plays by :func:`~mus.advise.advise` and its side's equity (see
    :mod:`mus.advise.advisor`). Needs numpy.

    ``margin``: the stones a discard must gain over keeping the cards to ask for mus;
    ``bettor``, ``acceptor``: the least strength (share of hands beaten at the lance)
    it credits a rival who bets, and one who would accept its bet; ``samples``: deals
    sampled for each advice and each lance. ``seed`` is taken for the bot protocol of
    :mod:`mus.cli` (its figures are seeded by what it knows).

    >>> import mus
    >>> view = mus.new_hand(mus.Rules(), hands=["Ro Rc Rb 3e", "Cc Co 5b 4e", "Se 6c 5o 1c", "7b 2e 1o 4c"]).view(0)
    >>> AdvisorBot().choose(view)
    NoMus()
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        margin: float = 2.0,
        bettor: float = 0.8,
        acceptor: float = 0.7,
        samples: int = 1000,
    ) -> None:
        need_numpy()
        self.seed = seed
        self.margin = margin
        self.bettor = bettor
        self.acceptor = acceptor
        self.samples = samples

    def choose(self, view: SeatView) -> Action:
        view = _view(view)
        check_turn(view)  # what it knows, it reads at any time; it chooses on its turn
        sign = self._signal(view)
        if sign is not None:
            return sign
        action = self._choice(view)
        if action in view.legal or not view.legal:
            return action
        # A house rule's legality hook forbids the choice: the listed one of its kind, or the first.
        return next((other for other in view.legal if type(other) is type(action)), view.legal[0])

    # --- what the seat knows ----------------------------------------------------

    @staticmethod
    def position(view: SeatView, seat: int | None = None) -> int:
        """A seat's speaking position from the mano (the view's own by default).

        >>> import mus
        >>> AdvisorBot.position(mus.new_hand(mano=1).view(0)), AdvisorBot.position(mus.new_hand().view(0), 3)
        (3, 3)
        """
        view = _view(view)
        return _position(view, view.seat if seat is None else seat_arg(seat, view.rules))

    def known(self, view: SeatView) -> Known:
        """What the view tells beyond the hand (see ``Known``)."""
        return self._known(_view(view))

    def _known(self, view: SeatView) -> Known:
        rules = view.rules
        declarations = tuple(
            (lance, tuple(said[(position + view.mano) % rules.seats] for position in range(rules.seats)))
            for lance, said in sorted(view.declarations.items())
        )
        partners = {s for s in range(rules.seats) if s != view.seat and rules.team_of[s] == rules.team_of[view.seat]}
        signs: list[tuple[int, Sena]] = []
        discards: list[int] = []
        for who, action in view.history:
            if who in partners and isinstance(action, (Discard, HiddenDiscard)):
                # A seña made before its seat's discard told of cards it may have thrown.
                signs = [(other, sena) for other, sena in signs if other != _position(view, who)]
            elif who in partners and isinstance(action, Signal):
                signs.append((_position(view, who), action.sena))
            elif who == view.seat and isinstance(action, Discard):
                discards += [rank_position(card) for card in action.cards]
        return declarations, tuple(sorted(set(signs), key=lambda item: (item[0], item[1].value))), tuple(discards)

    def _signal(self, view: SeatView) -> Signal | None:
        rules = view.rules
        if not rules.senas or rules.teams != 2 or rules.partners < 2 or view.to_act != view.seat:
            return None
        made = {action.sena for who, action in view.history if who == view.seat and isinstance(action, Signal)}
        return next((Signal(sena) for sena in senas_of(view.hand, rules) if sena not in made), None)

    # --- the choices ------------------------------------------------------------

    def _choice(self, view: SeatView) -> Action:
        if view.phase is Phase.MUS:
            keep, gain, _ = self._advice(view)
            return Mus() if gain - keep > self.margin else NoMus()
        if view.phase is Phase.DISCARD:
            keep, gain, thrown = self._advice(view)
            if Servido() in view.legal and gain - keep <= self.margin:
                return Servido()
            cards: list[Card] = []
            for position in thrown:
                cards.append(next(c for c in view.hand if rank_position(c) == position and c not in cards))
            return Discard(cards)
        assert view.lance is not None
        if view.phase is Phase.DECLARE:  # the truth
            has = (has_pares if view.lance is _PARES else has_juego)(view.hand, view.rules)
            return Declare(view.lance, has)
        return self._bet(view, view.lance)

    def _advice(self, view: SeatView) -> tuple[float, float, tuple[int, ...]]:
        # Its own earlier discards are left out: a few cards out of play change the
        # advice little, and without them it is shared by every hand of the pattern.
        known = self._known(view)
        return _advice(view.rules, _position(view, view.seat), view.hand.multiset, ((), known[1], ()), self.samples)

    def _bet(self, view: SeatView, lance: Lance) -> Action:
        rules, betting = view.rules, view.betting
        assert betting is not None
        seen = outlook(rules, _position(view, view.seat), view.hand.multiset, lance, self._known(view), self.samples)
        side = rules.team_of[view.seat]
        rivals = [_position(view, s) for s in betting.seats if rules.team_of[s] != side and s not in betting.folded]
        ours = view.scores[side]
        theirs = max(score for team, score in enumerate(view.scores) if team != side)
        legal = view.legal
        if Pass() in legal:
            return self._open(view, lance, seen, rivals, _game_chance(ours, theirs, rules.target))
        assert betting.bettor is not None
        strong = seen.strengths[:, _position(view, betting.bettor)] >= (
            self.bettor if betting.bets < 2 else (1 + self.bettor) / 2
        )
        refusal = rules.payouts.first_refusal if betting.bets == 1 else betting.previous
        if betting.ordago:
            # Folding gives the other side the refusal stones, and the game goes on.
            after = _game_chance(ours, theirs + refusal, rules.target)
            return Accept() if seen.mean(seen.win, strong) >= after else Fold()
        accept = seen.stake_value(betting.stake, strong)
        fold = -(refusal + seen.mean(seen.theirs, strong))
        chance = seen.mean(seen.win, strong)
        raises = [action for action in legal if type(action) is Bet]
        if raises and chance >= 0.8 and betting.bets < 3:
            return raises[0]
        return Accept() if accept >= fold else Fold()

    def _open(self, view: SeatView, lance: Lance, seen: Outlook, rivals: list[int], now: float) -> Action:
        rules = view.rules
        payouts = rules.payouts
        en_paso = {Lance.GRANDE: payouts.en_paso, Lance.CHICA: payouts.en_paso, _PUNTO: payouts.punto}.get(lance, 0)
        passing = seen.stake_value(en_paso)
        columns = seen.strengths[:, rivals] if rivals else np.zeros((len(seen.win), 1))
        accepted: NDArray[np.bool_] = np.asarray((columns >= self.acceptor).any(axis=1))
        folded = float(1 - accepted.mean())
        bets = [action for action in view.legal if type(action) is Bet]
        if Ordago() in view.legal:
            called: NDArray[np.bool_] = np.asarray((columns >= (1 + self.acceptor) / 2).any(axis=1))
            if seen.mean(seen.win, called) > now + 0.15 and seen.mean(seen.win) > 0.6:
                return Ordago()
        if bets:
            stake = bets[0].stones
            betting = folded * (payouts.first_refusal + seen.mean(seen.ours, ~accepted)) + (
                1 - folded
            ) * seen.stake_value(stake, accepted)
            if betting > passing + 0.05:
                return bets[0]
        return Pass()
