"""Exact figures on the games small enough for them: bots as OpenSpiel policies, and
best responses computed exactly.

**Bots as policies.** A :class:`~mus.bots.Bot` acts from a seat's view; an OpenSpiel
policy from an information state. :func:`bot_policy` turns the one into the other: at
each information state it asks the bot, on the view of the state's seat, what it plays
(:meth:`RandomBot.probabilities <mus.bots.RandomBot.probabilities>` where a bot gives
the odds of its actions, else its one choice, with probability 1). The view is a
function of the information state: under ``deal="ranks"`` the seat's cards are named
by rank only (:mod:`mus.ai.suits`), so the view the bot gets holds the cards of its
ranks in the first suits. :func:`tabular_policy` writes it out over every information
state (for games the size of ``mini``).

**Best responses.** :func:`best_response_value` is the expected stones of a best
response at one seat against a policy at the other, computed exactly, and
:func:`exploitability` the mean over both seats of a policy that plays both (OpenSpiel's
``exploitability.exploitability`` for a two-player zero-sum game). They take the games
OpenSpiel's own best response walks history by history, but walk the *public* tree
once, with a vector over the hands: without the mus, after the deal every action is
public, and what a seat's hand tells the others is its derived declarations of pares
and juego, so the tree is the same for all deals of one class of declarations. At
each node the best responder's value is a vector over its hands, the other seat's reach
a vector over its own; at the end of a hand the stones are the engine's count
(:func:`mus.scoring.tally`, asked once for each pair of what the hands show at a lance).
The game must be heads-up, dealt by rank multiset (``deal="ranks"``), without the mus
(``Rules(max_mus_rounds=0)``), with derived declarations and no house rules, and no
count may reach the target (the count's lances then add up); the presets ``mini`` and
``small`` are such games. Its figures agree with OpenSpiel's to rounding on ``mini``
(``tests/test_ai_exact.py``).

>>> import mus, pyspiel
>>> from open_spiel.python import policy
>>> game = pyspiel.load_game("python_mus", {"preset": "mini"})
>>> round(exploitability(game, policy.UniformRandomPolicy(game)), 4)
7.6061
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from mus.actions import Action
from mus.ai.openspiel import MusGame, MusState
from mus.ai.suits import ranks_only
from mus.cards import ALL_CARDS, Card, Rank
from mus.checks import quoted
from mus.errors import MusError
from mus.hand import Hand
from mus.lances import Lance, has_juego, has_pares
from mus.reducer import new_hand
from mus.scoring import LanceResult, Outcome, showdown, tally
from mus.state import HandState, SeatView

__all__ = ["TreeSize", "best_response_value", "bot_policy", "exploitability", "tabular_policy", "tree_size"]

Vector = npt.NDArray[np.float64]


# --- bots as policies ----------------------------------------------------------------------


def bot_policy(game: Any, bot: Any) -> Any:
    """An OpenSpiel ``Policy`` of ``game`` (``python_mus``, or a :class:`MusGame`) in
    which every seat plays as ``bot`` (anything with ``choose(view)``; with
    ``probabilities(view)``, the odds of its actions): ``action_probabilities(state)``
    asks it on the view of the seat to act, and remembers the answer by information
    state. Needs OpenSpiel.

    >>> import pyspiel
    >>> from mus.bots import RandomBot
    >>> game = pyspiel.load_game("python_mus", {"preset": "mini"})
    >>> state = game.new_initial_state()
    >>> for outcome in (0, 209, 714):  # mano 0, four sietes, four reyes
    ...     state.apply_action(outcome)
    >>> bot_policy(game, RandomBot()).action_probabilities(state)
    {1: 1.0}
    """
    _mus_game(game)
    if not callable(getattr(type(bot), "choose", None)):
        raise MusError(f"a bot has a choose(view) method, got {quoted(bot)}")
    return _policy_class()(game, bot)


def tabular_policy(game: Any, bot: Any) -> Any:
    """:func:`bot_policy` written out over every information state of ``game``: an
    OpenSpiel ``TabularPolicy`` (for a game the size of ``mini``: its states are
    enumerated). Needs OpenSpiel.

    >>> import pyspiel
    >>> from mus.bots import HeuristicBot
    >>> game = pyspiel.load_game("python_mus", {"preset": "mini"})
    >>> table = tabular_policy(game, HeuristicBot())
    >>> len(table.state_lookup), bool(((table.action_probability_array.sum(axis=1) - 1) ** 2 < 1e-12).all())
    (390, True)
    """
    from open_spiel.python import policy  # type: ignore[import-untyped, import-not-found, unused-ignore]

    return policy.tabular_policy_from_callable(game, bot_policy(game, bot))


@functools.cache
def _policy_class() -> type:
    from open_spiel.python import policy

    class BotPolicy(policy.Policy):  # type: ignore[misc]
        """A bot as an OpenSpiel policy (see :func:`bot_policy`)."""

        def __init__(self, game: Any, bot: Any) -> None:
            super().__init__(game, list(range(game.num_players())))
            self.inner = _mus_game(game)
            self.bot = bot
            self.known: dict[str, dict[int, float]] = {}

        def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
            player = state.current_player() if player_id is None else player_id
            key = state.information_state_string(player)
            known = self.known.get(key)
            if known is None:
                known = self.known[key] = _bot_odds(self.inner, self.bot, state, player)
            return known

    return BotPolicy


def _mus_game(game: Any) -> MusGame:
    if isinstance(game, MusGame):
        return game
    try:
        inner = vars(game).get("inner")  # pyspiel's python_mus holds its MusGame
    except TypeError:  # no attributes of its own: not a game of ours
        inner = None
    if not isinstance(inner, MusGame):
        raise MusError(f"a game is python_mus or a MusGame, got {quoted(game)}")
    return inner


def _bot_odds(game: MusGame, bot: Any, state: Any, player: int) -> dict[int, float]:
    """What ``bot`` plays at ``player``'s turn in ``state``: each id with its probability."""
    hand, view = _seen(game, state, player)
    give = getattr(bot, "probabilities", None)
    odds: Mapping[Action, float] = give(view) if callable(give) else {bot.choose(view): 1.0}
    legal = set(state.legal_actions(player))
    found: dict[int, float] = {}
    for action, share in odds.items():
        index = game.encoding.encode(action, hand)
        if index not in legal:
            raise MusError(f"the bot {quoted(bot)} plays {action}, which has no legal id here")
        found[index] = found.get(index, 0.0) + share
    return found


def _seen(game: MusGame, state: Any, player: int) -> tuple[HandState, SeatView]:
    """The hand state behind ``state`` and ``player``'s view of it, its cards in the
    first suits of their ranks when information states show ranks only."""
    if isinstance(state, _Seen):
        return state.hand, state.view(player)
    inner = state if isinstance(state, MusState) else getattr(state, "inner", None)
    if not isinstance(inner, MusState):
        raise MusError(f"a state of python_mus or a MusState, got {quoted(state)}")
    view = inner.hand.view(player)
    if game.by_ranks:
        view = attrs.evolve(view, hand=_first_suits(view.hand))
    return inner.hand, view


def _first_suits(hand: Hand) -> Hand:
    """The hand of the same ranks whose ``k``-th card of a rank is of the ``k``-th suit."""
    copies: dict[Rank, int] = {}
    cards = []
    for card in hand:
        copy = copies.get(card.rank, 0)
        copies[card.rank] = copy + 1
        cards.append(_CARD_OF[card.rank, copy])
    return Hand.unchecked(cards)


_CARD_OF = {(card.rank, card.index // len(Rank)): card for card in ALL_CARDS}


# --- best responses ------------------------------------------------------------------------


def exploitability(game: Any, policy: Any) -> float:
    """The mean, over both seats, of the stones a best response at that seat wins
    against ``policy`` at the other (:func:`best_response_value`): how far ``policy``
    is from an equilibrium, in stones a hand (0 at a Nash equilibrium). OpenSpiel's
    ``exploitability.exploitability`` of a two-player zero-sum game.

    >>> import pyspiel
    >>> from mus.bots import HeuristicBot
    >>> game = pyspiel.load_game("python_mus", {"preset": "mini"})
    >>> round(exploitability(game, bot_policy(game, HeuristicBot())), 4)
    0.7892
    """
    return (best_response_value(game, policy, 0) + best_response_value(game, policy, 1)) / 2


def best_response_value(game: Any, policy: Any, seat: int) -> float:
    """The expected stones a hand that a best response at ``seat`` wins against
    ``policy`` (anything with OpenSpiel's ``action_probabilities(state, player)``) at
    the other seat, computed exactly on the public tree (see the module).

    >>> import pyspiel
    >>> from open_spiel.python import policy
    >>> game = pyspiel.load_game("python_mus", {"preset": "mini"})
    >>> round(best_response_value(game, policy.UniformRandomPolicy(game), 0), 4)
    7.6061
    """
    inner = _mus_game(game)
    _check_game(inner)
    if type(seat) is not int or seat not in (0, 1):
        raise MusError(f"seat is 0 or 1, got {quoted(seat)}")
    if not callable(getattr(type(policy), "action_probabilities", None)):
        raise MusError(f"a policy has OpenSpiel's action_probabilities(state, player), got {quoted(policy)}")
    return _Walk(inner, policy, seat).value()


def _check_game(game: MusGame) -> None:
    rules = game.rules
    problem = None
    if rules.seats != 2:
        problem = "heads-up games only (seats=2)"
    elif game.deal != "ranks":
        problem = "games dealt by rank multiset only (deal='ranks')"
    elif rules.mus_limit != 0 and game.max_mus_rounds != 0:
        problem = "games without the mus only (Rules(max_mus_rounds=0))"
    elif rules.declarations != "derived":
        problem = "derived declarations only"
    elif rules.house:
        problem = "no house rules"
    if problem is not None:
        raise MusError(f"an exact best response is computed for {problem}: not supported for this game")


@attrs.frozen
class TreeSize:
    """The size of a game's tree (see :func:`tree_size`)."""

    histories: int
    """Its nodes: chance, decision and terminal (OpenSpiel's histories)."""
    terminals: int
    """The ways a hand ends: its terminal histories."""
    information_states: int
    """The information states of the seats to act, both seats."""


def tree_size(game: Any) -> TreeSize:
    """How many histories, terminal histories and information states ``game`` has: a
    game :func:`best_response_value` takes, counted on its public trees, one for each
    mano and pair of classes of declarations, times the deals that follow each.

    >>> import pyspiel
    >>> tree_size(pyspiel.load_game("python_mus", {"preset": "mini"}))
    TreeSize(histories=8193, terminals=5040, information_states=390)
    """
    inner = _mus_game(game)
    _check_game(inner)
    deals = _Deals(inner)
    size = len(deals.hands)
    # The root (the mano), then each mano's deal to it and each of its hands' to the other.
    histories, terminals, informations = 1 + 2 + 2 * size, 0, 0
    kinds = range(len(deals.kinds))
    for mano in (0, 1):
        seen: dict[tuple[int, int], list[set[Any]]] = {}
        for first in kinds:
            for second in kinds:
                state = deals.state(mano, first, second)
                if state is None:
                    continue
                deals_of = len(deals.pairs(first, second))
                nodes, ends, public = _public_tree(state)
                histories += deals_of * nodes
                terminals += deals_of * ends
                seen[first, second] = public
        for seat in (0, 1):
            unions: dict[Any, int] = {}
            for hand in range(size):
                mine = int(deals.kind_of[hand])
                row = deals.joint[hand] if seat == 0 else deals.joint[:, hand]
                theirs = frozenset(int(kind) for kind in deals.kind_of[row > 0])
                key = (mine, theirs)
                if key not in unions:
                    public = [seen[(mine, other) if seat == 0 else (other, mine)][seat] for other in theirs]
                    unions[key] = len(set().union(*public))
                informations += unions[key]
    return TreeSize(histories, terminals, informations)


def _public_tree(state: MusState) -> tuple[int, int, list[set[Any]]]:
    """The nodes and terminal nodes of the tree below ``state``, and by seat the public
    histories at which it acts (their hashes: two of some millions collide with a chance
    under 1e-6)."""
    nodes, ends = 0, 0
    public: list[set[Any]] = [set(), set()]
    stack = [state]
    while stack:
        current = stack.pop()
        nodes += 1
        if current.is_terminal():
            ends += 1
            continue
        # Its history's hash: the public histories of ``small`` would fill gigabytes.
        public[current.current_player()].add(hash(current.hand.history))
        for action in current.legal_actions():
            child = current.clone()
            child.apply_action(action)
            stack.append(child)
    return nodes, ends, public


class _Seen:
    """What a policy is asked at a node of the public tree for one hand of the seat to
    act: the node's information state with that seat's cards in place of the ones the
    walk deals (OpenSpiel's state methods that policies read, and the seat's view)."""

    def __init__(self, node: _Node, hand: Hand) -> None:
        self.node = node
        self.cards = hand

    @property
    def hand(self) -> HandState:
        return self.node.state.hand

    def current_player(self) -> int:
        return self.node.player

    def legal_actions(self, player: int | None = None) -> list[int]:
        return self.node.legal

    def information_state_string(self, player: int | None = None) -> str:
        return self.node.string(self.cards)

    def view(self, player: int) -> SeatView:
        return attrs.evolve(self.node.base_view(), hand=_first_suits(self.cards))


class _Node:
    """A decision node of the public tree: the walk's state, its seat to act, its legal
    ids, and the information state of that seat with any hand of its class."""

    def __init__(self, state: MusState) -> None:
        self.state = state
        self.player = state.current_player()
        self.legal = state.legal_actions()
        text = state.information_state_string(self.player)
        first, _, rest = text.partition("\n")
        dealt = ranks_only(str(state.hand.initial().hands[self.player]))
        if not first.endswith(f" dealt {dealt}"):
            raise MusError(f"an information state that does not start with the cards dealt: {quoted(text)}")
        self.head = first[: -len(dealt)]
        self.tail = f"\n{rest}" if rest else ""
        self._view: SeatView | None = None

    def string(self, hand: Hand) -> str:
        return f"{self.head}{ranks_only(str(hand))}{self.tail}"

    def base_view(self) -> SeatView:
        if self._view is None:
            self._view = self.state.hand.view(self.player)
        return self._view


class _Deals:
    """The deals of a game dealt by rank multiset, as the exact methods take them: each
    rank multiset a hand may hold (with cards of those ranks, in the first suits), the
    chance of each pair of them by seat, and their classes of declarations (whether
    they have pares and juego, where those lances are played)."""

    def __init__(self, game: MusGame) -> None:
        self.game = game
        rules = game.rules
        self.rules = rules
        by_rank: dict[Rank, list[Card]] = {}
        for card in rules.deck:
            by_rank.setdefault(card.rank, []).append(card)
        ranks = sorted(by_rank)
        sizes = [len(by_rank[rank]) for rank in ranks]
        counts = [
            tuple(chosen.count(i) for i in range(len(ranks)))
            for chosen in combinations_with_replacement(range(len(ranks)), 4)
        ]
        counts = [c for c in counts if all(k <= size for k, size in zip(c, sizes, strict=True))]
        n = len(rules.deck)
        choose = np.array([[math.comb(size, k) for k in range(5)] for size in range(5)], dtype=np.float64)
        held = np.array(counts, dtype=np.intp)
        size = np.array(sizes, dtype=np.intp)
        first = choose[size, held].prod(axis=1)
        second = choose[size[None, None, :] - held[:, None, :], held[None, :, :]].prod(axis=2)
        # The chance of each pair of rank multisets, by seat (the deal is exchangeable).
        self.joint: npt.NDArray[np.float64] = first[:, None] * second / (math.comb(n, 4) * math.comb(n - 4, 4))
        self.by_rank, self.ranks, self.counts = by_rank, ranks, counts
        self.cards = [self.cards_of(c, ()) for c in counts]
        self.hands = [Hand.unchecked(list(cards)) for cards in self.cards]
        kinds = [self._kind(hand) for hand in self.hands]
        self.kinds = sorted(set(kinds), key=repr)
        self.kind_of = np.array([self.kinds.index(kind) for kind in kinds])

    def cards_of(self, counts: Sequence[int], taken: Iterable[Card]) -> tuple[Card, ...]:
        """Cards of the ranks ``counts`` counts, the first of each rank not ``taken``."""
        used = set(taken)
        chosen: list[Card] = []
        for rank, count in zip(self.ranks, counts, strict=True):
            chosen += [card for card in self.by_rank[rank] if card not in used][:count]
        return tuple(chosen)

    def _kind(self, hand: Hand) -> tuple[bool | None, bool | None]:
        rules = self.rules
        pares = has_pares(hand, rules) if Lance.PARES in rules.lances else None
        juego = has_juego(hand, rules) if Lance.JUEGO in rules.lances else None
        return pares, juego

    def pairs(self, first: int, second: int) -> npt.NDArray[np.intp]:
        """The pairs of hands of these classes (seat 0's, seat 1's) that can be dealt."""
        found = np.argwhere(self.joint > 0)
        keep = (self.kind_of[found[:, 0]] == first) & (self.kind_of[found[:, 1]] == second)
        pairs: npt.NDArray[np.intp] = found[keep]
        return pairs

    def state(self, mano: int, first: int, second: int) -> MusState | None:
        """A state of the game just dealt, a hand of class ``first`` at seat 0 and one of
        ``second`` at seat 1 (``None``: no such pair can be dealt)."""
        pairs = self.pairs(first, second)
        if not len(pairs):
            return None
        a, b = (int(index) for index in pairs[0])
        cards = self.cards[a]
        other = self.cards_of(self.counts[b], cards)
        hand = new_hand(self.rules, hands=[Hand.unchecked(list(cards)), Hand.unchecked(list(other))], mano=mano, seed=0)
        return self.game.state_of(hand)


class _Walk:
    """One best response: the public tree of each mano, walked once with a vector over
    the hands. A node holds one state of the walk's own deals for each pair of classes
    of declarations still possible there; once the declarations are made, the states
    whose public histories differ go their own ways, each with the hands that make it."""

    def __init__(self, game: MusGame, policy: Any, seat: int) -> None:
        self.game = game
        self.policy = policy
        self.seat = seat
        self.other = 1 - seat
        self.rules = game.rules
        deals = self.deals = _Deals(game)
        self.joint = deals.joint  # symmetric: by the best responder's hand, then the other's
        self.hands, self.kinds, self.kind_of = deals.hands, deals.kinds, deals.kind_of
        self.mano = 0
        self.tables: dict[Any, tuple[npt.NDArray[np.float64], float]] = {}
        self.masks: dict[tuple[frozenset[int], frozenset[int]], tuple[Any, Any]] = {}

    def value(self) -> float:
        total = 0.0
        everyone = np.ones(len(self.hands))
        for mano in (0, 1):
            self.mano = mano
            states = {}
            for mine in range(len(self.kinds)):
                for theirs in range(len(self.kinds)):
                    state = self.deals.state(mano, *((mine, theirs) if self.seat == 0 else (theirs, mine)))
                    if state is not None:
                        states[mine, theirs] = state
            total += 0.5 * float(self._split(states, everyone).sum())
        return total

    def _split(self, states: dict[tuple[int, int], MusState], reach: Vector) -> Vector:
        """The value of the node that ``states`` are at, their public histories split
        into the ways they go (each with the hands of its classes)."""
        ways: dict[Any, dict[tuple[int, int], MusState]] = {}
        for combo, state in states.items():
            ways.setdefault(state.hand.history, {})[combo] = state
        total = np.zeros(len(self.hands))
        for group in ways.values():
            mine, theirs = self._masks(frozenset(combo[0] for combo in group), frozenset(combo[1] for combo in group))
            following = np.where(theirs, reach, 0.0)
            if following.any():
                total += np.where(mine, self._walk(group, following, mine, theirs), 0.0)
        return total

    def _masks(
        self, mine: frozenset[int], theirs: frozenset[int]
    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """The best responder's hands of the classes ``mine``, and the other's of
        ``theirs`` that can be dealt beside one of them (cached: a walk meets a few sets
        of classes): the other's information states that may be reached."""
        masks = self.masks.get((mine, theirs))
        if masks is None:
            own = np.isin(self.kind_of, list(mine))
            other = np.isin(self.kind_of, list(theirs)) & (self.joint[own].sum(axis=0) > 0)
            masks = self.masks[mine, theirs] = (own, other)
        return masks

    def _walk(
        self, states: dict[tuple[int, int], MusState], reach: Vector, mine: npt.NDArray[np.bool_], theirs: Any
    ) -> Vector:
        state = next(iter(states.values()))
        if state.is_terminal():
            return self._leaf(state.hand, reach, mine, theirs)
        node = _Node(state)

        def child(action: int, following: Vector) -> Vector:
            moved = {}
            for combo, each in states.items():
                after = each.clone()
                after.apply_action(action)
                moved[combo] = after
            return self._split(moved, following)

        if node.player == self.seat:
            best: Vector | None = None
            for action in node.legal:
                found = child(action, reach)
                best = found if best is None else np.maximum(best, found)
            assert best is not None
            return best
        where = {action: column for column, action in enumerate(node.legal)}
        odds = np.zeros((len(self.hands), len(node.legal)))
        for index in np.flatnonzero(reach):
            seen = _Seen(node, self.hands[index])
            for action, share in self.policy.action_probabilities(seen, node.player).items():
                if action not in where:
                    raise MusError(f"the policy plays id {quoted(action)}, which is not legal here")
                odds[index, where[action]] += share
        total = np.zeros(len(self.hands))
        for action, column in where.items():
            following = reach * odds[:, column]
            if following.any():
                total += child(action, following)
        return total

    def _leaf(self, hand: HandState, reach: Vector, mine: npt.NDArray[np.bool_], theirs: Any) -> Vector:
        """The best responder's stones at the end of ``hand`` (the walk's deal, whose
        public course every pair of its classes follows), by its hand: each pair's
        stones times its chance and the other seat's reach, summed over the other's
        hands (``reach`` is 0 outside ``theirs``)."""
        results = hand.results
        target = self.rules.target
        scores = [0, 0]
        for result in results:
            if result.outcome is Outcome.REFUSED and result.team is not None:
                scores[result.team] += result.stake
        me, other = self.seat, self.other
        chance = _times(self.joint, reach)
        last = results[-1] if results else None
        if hand.winner is not None and last is not None and last.outcome is Outcome.ORDAGO:
            # The side that wins the órdago's showdown is credited the target.
            gain, loss = target - min(scores[other], target), target - min(scores[me], target)
            values = (gain + loss) * _times(self._weighted(last, "ordago")[0], reach) - loss * chance
        elif hand.winner is not None:
            won = hand.winner == me
            values = chance * float(target - min(scores[other], target) if won else min(scores[me], target) - target)
        else:
            values = chance * float(scores[me] - scores[other])
            most = float(max(scores))
            for result in results:
                weighted, largest = self._weighted(result, "count")
                values += _times(weighted, reach)
                most += largest
            if most >= target:
                raise MusError(
                    "an exact best response adds up the count's lances: not supported when a count may reach the target"
                )
        return np.where(mine, values, 0.0)

    def _weighted(self, result: LanceResult, what: str) -> tuple[npt.NDArray[np.float64], float]:
        """For every pair of hands (the best responder's, the other's), their chance
        times what the count of ``result`` gives the best responder less the other
        (``"count"``), or their chance where the best responder's side wins the
        showdown of ``result``'s lance (``"ordago"``); and the most stones the count
        gives a side."""
        key = (self.mano, result, what)
        known = self.tables.pop(key, None)
        if known is None:
            small, index, largest = self._small(result, what)
            known = (self.joint * small[np.ix_(index, index)], largest)
        self.tables[key] = known  # the newest last: the oldest goes first
        if len(self.tables) > _TABLES:
            del self.tables[next(iter(self.tables))]
        return known

    def _small(self, result: LanceResult, what: str) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.intp], float]:
        """:meth:`_weighted`'s stones (without the chance) by pair of what the hands
        show at the lance (its key and its bonus), with each hand's such pair. The
        lance's showdown is its keys' (ties to the seat nearer the mano); the engine's
        count of ``result`` (:func:`mus.scoring.tally`) is asked once for each winner
        and pair of bonuses."""
        rules = self.rules
        lance = result.lance
        keys = rules.ranking.keys[lance]
        marks = [(keys[hand.multiset], rules.bonus(lance, hand)) for hand in self.hands]
        distinct = sorted(set(marks))
        sample = {mark: self.hands[marks.index(mark)] for mark in distinct}
        key = np.array([mark[0] for mark in distinct])
        # The showdown among the seats in the lance: the first from the mano with the
        # highest key, if above nothing (pares and juego: 0, no pares or juego).
        floor = 0 if lance in (Lance.PARES, Lance.JUEGO) else -1
        first, second = (self.seat, self.other) if self.mano == self.seat else (self.other, self.seat)
        mine = key[:, None] + 0 * key[None, :]
        theirs = key[None, :] + 0 * key[:, None]
        held = {self.seat: mine, self.other: theirs}
        in_lance = set(result.seats or (0, 1))
        lead = np.where(first in in_lance, held[first], floor)
        follow = np.where(second in in_lance, held[second], floor)
        second_wins = follow > np.maximum(lead, floor)
        first_wins = (lead > floor) & ~second_wins
        winner = np.where(second_wins, second, np.where(first_wins, first, -1))
        small = np.zeros((len(distinct), len(distinct)))
        asked: dict[tuple[int, int, int], float] = {}
        for i, own in enumerate(distinct):
            for j, others in enumerate(distinct):
                signature = (int(winner[i, j]), own[1], others[1])
                value = asked.get(signature)
                if value is None:
                    pair = [sample[own], sample[others]]
                    if self.seat == 1:
                        pair.reverse()
                    seats = tuple(sorted(in_lance))
                    best = showdown(lance, pair, rules, self.mano, seats)
                    if (-1 if best is None else best) != signature[0]:
                        raise MusError(f"the keys of {lance} do not decide it as the engine's showdown does")
                    if what == "count":
                        after = tally(pair, (result,), rules, self.mano, (0, 0))[1]
                        value = float(after[self.seat] - after[self.other])
                    else:
                        value = float(best is not None and rules.team_of[best] == rules.team_of[self.seat])
                    asked[signature] = value
                small[i, j] = value
        at = {mark: i for i, mark in enumerate(distinct)}
        index = np.array([at[mark] for mark in marks], dtype=np.intp)
        largest = float(np.abs(small).max()) if small.size else 0.0
        return small, index, largest


def _times(matrix: npt.NDArray[np.float64], vector: Vector) -> Vector:
    """``matrix @ vector`` on one core: a threaded BLAS on a busy machine spends a
    hundred times longer waiting for its threads than multiplying."""
    product: Vector = np.einsum("ij,j->i", matrix, vector)
    return product


_TABLES = 64
"""The tables a walk keeps, of a lance's count for every pair of hands times their
chance (4 MB each with the 715 hands of a 40-card deck), the newest last: walked depth
first, the leaves of one subtree share most of theirs."""
