"""The batch engine's public face: :class:`Batch`, many hands played in lockstep.

>>> import mus, numpy as np
>>> from mus.batch.ids import NO_MUS
>>> batch = Batch(mus.Rules(), seeds=range(3))
>>> batch.legal_mask()[:, :2].tolist()
[[True, True], [True, True], [True, True]]
>>> batch.step(np.array([NO_MUS, NO_MUS, NO_MUS]))
>>> batch.phase.tolist(), batch.lance.tolist(), batch.to_act.tolist()
([2, 2, 2], [0, 0, 0], [0, 0, 0])
>>> batch.state(1) == mus.apply(mus.new_hand(seed=1), "no-mus")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from mus.actions import Action, Bet
from mus.batch.deal import shuffled_decks, tags
from mus.batch.hands import Hands
from mus.batch.ids import BET_2, DEFAULT_MAX_BET, DISCARD_FIRST, DISCARD_LAST, FIXED, LAST_ID, action_name, discard_of
from mus.batch.play import apply_actions, routes
from mus.batch.tables import OVER, PICKS, Array, Tables, tables_for
from mus.checks import index_arg, quoted
from mus.errors import IllegalActionError, MusError
from mus.hand import Hand
from mus.reducer import apply, new_hand
from mus.rules import Rules
from mus.state import HandState

__all__ = ["MAX_HANDS", "Batch", "decode"]

MAX_HANDS = 2_000_000
"""The most hands one batch holds, and one call of :func:`~mus.batch.simulate` plays
(about 650 MB of arrays and histories at the peak): deal more in several, from other
seeds."""


def decode(action_id: int, state: HandState) -> Action:
    """The action of id ``action_id`` for the seat to act in ``state`` (a discard takes
    its cards from the seat's hand; legality is the engine's to check).

    >>> import mus
    >>> decode(16, mus.new_hand(seed=1)), decode(24, mus.new_hand(seed=1))
    (Discard.parse('Co Ce 6e 1b'), Bet(3))
    """
    if type(state) is not HandState:
        raise MusError(f"decode() reads a HandState, got {quoted(state)}")
    if type(action_id) is not int or not 0 <= action_id <= LAST_ID:
        action_id = index_arg(action_id, "an action id", 0, LAST_ID)
    return _decode(action_id, state)


def _decode(action_id: int, state: HandState) -> Action:
    """:func:`decode` unchecked: the engine's ids of its own hands."""
    fixed = FIXED.get(action_id)
    if fixed is not None:
        return fixed
    if action_id >= BET_2:
        return Bet(action_id - BET_2 + 2)
    if DISCARD_FIRST <= action_id <= DISCARD_LAST and state.to_act is not None:
        return discard_of(action_id, state.hands[state.to_act].cards)
    raise IllegalActionError(f"action {action_id} ({action_name(action_id)}) has no meaning here")


class Batch:
    """``n`` hands of Mus under one rule set, played in lockstep: every hand not over
    takes one action at each :meth:`step`.

    ``seeds`` deal the hands, one seed a hand (ints or strs), exactly as
    :func:`mus.new_hand` deals them; ``mano`` is one seat for all or one a hand;
    ``scores`` one pair of scores for all or one a hand (default 0-0). Actions are the
    ids of :mod:`mus.batch.ids`, bets up to ``max_bet`` stones. The rules must be ones
    the engine plays (:func:`~mus.batch.tables.check_rules`: partnerships at two, four
    or six seats, derived declarations, no house rules).

    Arrays read from a batch (:attr:`phase`, :attr:`scores`...) are read-only views of
    its state: copy them to keep them across steps.

    >>> import mus
    >>> batch = Batch(mus.Rules(), seeds=range(4))
    >>> batch.play(seed=0)
    >>> batch.n, batch.done, batch.active.tolist(), batch.over.tolist(), batch.phase.tolist()
    (4, True, [], [True, True, True, True], [3, 3, 3, 3])
    >>> batch.scores.shape, batch.winner.shape, batch.outcomes.shape, batch.to_act.tolist()
    ((4, 2), (4,), (4, 5), [-1, -1, -1, -1])

    >>> import mus
    >>> Batch(mus.Rules(), seeds=[1, 2], mano=[0, 1]).to_act.tolist()
    [0, 1]
    >>> Batch(mus.Rules.preset("declared"), seeds=[1])
    Traceback (most recent call last):
    ...
    mus.errors.MusError: mus.batch plays declarations='derived' only, not 'explicit': play these rules with the scalar engine (mus.new_hand)
    """

    def __init__(
        self,
        rules: Rules | None = None,
        seeds: Iterable[int | str] = (),
        *,
        mano: int | Sequence[int] | Array = 0,
        scores: Sequence[int] | Sequence[Sequence[int]] | Array | None = None,
        max_bet: int = DEFAULT_MAX_BET,
    ) -> None:
        rules = Rules() if rules is None else rules
        tables = tables_for(rules, max_bet)
        listed = _seeds(seeds)
        if not listed:
            raise MusError("a batch holds at least one hand: give one seed a hand")
        hashed = tags(listed)
        hands = Hands.dealt(
            tables,
            shuffled_decks(hashed),
            listed,
            _scores(scores, len(listed), rules),
            _manos(mano, len(listed), rules),
        )
        self._setup(tables, hands)

    @classmethod
    def of(cls, hands: Hands) -> Batch:
        """The batch of hands already dealt (the engine's path: :func:`~mus.batch.simulate`).

        >>> import mus
        >>> Batch.of(Batch(mus.Rules(), seeds=[1, 2]).hands).n
        2
        """
        batch: Batch = cls.__new__(cls)
        batch._setup(hands.tables, hands)
        return batch

    def _setup(self, tables: Tables, hands: Hands) -> None:
        self._tables = tables
        self._hands = hands
        self._route = routes(tables.num_actions)
        self._active = (hands.kind != OVER).nonzero()[0]
        self._log: list[tuple[Array, Array]] = []
        """By step, the rows that acted and their actions: the histories."""
        self._first = 0
        """The number of the step ``_log[0]`` records (older steps are forgotten once no
        hand of the batch needs them: see :meth:`redeal`)."""
        self._born = np.zeros(hands.n, np.int64)
        """By row, the step its hand started at."""

    @property
    def rules(self) -> Rules:
        """The rules of every hand."""
        return self._tables.rules

    @property
    def n(self) -> int:
        """How many hands."""
        return self._hands.n

    def __len__(self) -> int:
        return self._hands.n

    @property
    def nbytes(self) -> int:
        """The bytes the batch holds in arrays: its state and its histories (the rows
        that acted at each step are shared between steps where no hand ended).

        >>> import mus
        >>> Batch(mus.Rules(), seeds=range(100)).nbytes // 100
        226
        """
        logged = {id(rows): rows.nbytes for rows, _ in self._log}
        kept = self._hands.nbytes + self._born.nbytes
        return kept + sum(logged.values()) + sum(actions.nbytes for _, actions in self._log)

    @property
    def num_actions(self) -> int:
        """How many action ids there are: ``22 + max_bet``."""
        return self._tables.num_actions

    @property
    def tables(self) -> Tables:
        """The engine's tables of these rules."""
        return self._tables

    @property
    def hands(self) -> Hands:
        """The state's arrays (the engine's own: read, never write)."""
        return self._hands

    @property
    def active(self) -> Array:
        """The rows of the hands not over yet, ascending."""
        return _view(self._active)

    @property
    def done(self) -> bool:
        """Whether every hand is over."""
        return not self._active.size

    @property
    def phase(self) -> Array:
        """By hand, the phase: 0 mus, 1 discard, 2 betting, 3 finished."""
        return self._hands.phase

    @property
    def over(self) -> Array:
        """By hand, whether it is over."""
        over: Array = self._hands.kind == OVER
        return over

    @property
    def to_act(self) -> Array:
        """By hand, the seat to act (-1 once over)."""
        return self._hands.to_act()

    @property
    def lance(self) -> Array:
        """By hand, the lance bet on (``mus.Lance`` values), -1 outside the lances."""
        return _view(self._hands.lance)

    @property
    def scores(self) -> Array:
        """By hand and side, the scores (from the ``scores`` the hands started from)."""
        return _view(self._hands.scores)

    @property
    def winner(self) -> Array:
        """By hand, the side that won the game in it, -1 for none."""
        return _view(self._hands.winner)

    @property
    def outcomes(self) -> Array:
        """By hand and lance, how its betting ended (``mus.batch.hands.OUTCOMES`` index,
        the order of :class:`mus.Outcome`), -1 where it was not played."""
        return _view(self._hands.outcome)

    @property
    def kind(self) -> Array:
        """By hand, the kind of turn to play (a row of ``tables.legal``)."""
        return _view(self._hands.kind)

    def hand(self, i: int, seat: int) -> Hand:
        """The cards seat ``seat`` holds now in hand ``i``.

        >>> import mus
        >>> Batch(mus.Rules(), seeds=[1]).hand(0, 2) == mus.new_hand(seed=1).hands[2]
        True
        """
        row = self._row(i)
        return self._hands.hand(row, index_arg(seat, "a seat", 0, self._tables.seats - 1))

    def legal_mask(self) -> Array:
        """By hand, ``True`` for each legal action id of the seat to act (an ``(n,
        num_actions)`` bool array; all ``False`` once a hand is over). It equals the
        scalar engine's legal actions that have an id.

        >>> import mus
        >>> from mus.batch.ids import NO_MUS
        >>> batch = Batch(mus.Rules(), seeds=[1])
        >>> batch.step([NO_MUS])
        >>> batch.legal_mask()[0].nonzero()[0].tolist()  # pass, ordago, bet 2 to 11
        [17, 20, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]
        """
        return self._tables.legal[self._hands.kind]

    def random_actions(self, generator: np.random.Generator) -> Array:
        """By hand, an action picked uniformly among the scalar engine's listed legal
        actions (``state.legal_actions()``, bets at the minimum), -1 once over.

        >>> import mus
        >>> batch = Batch(mus.Rules(), seeds=range(4))
        >>> actions = batch.random_actions(np.random.default_rng(1))
        >>> bool(batch.legal_mask()[np.arange(4), actions].all())
        True
        """
        if not isinstance(generator, np.random.Generator):
            raise MusError(f"random_actions() draws from a numpy.random.Generator, got {quoted(generator)}")
        actions = np.full(self.n, -1, np.int64)
        rows = self._active
        actions[rows] = self._random(rows, generator)
        return actions

    def _random(self, rows: Array, generator: np.random.Generator) -> Array:
        picks: Array = self._tables.picks[self._hands.kind[rows], generator.integers(0, PICKS, len(rows))]
        return picks

    def step(self, actions: Any, where: Any = None) -> None:
        """Each hand not over takes ``actions[i]`` (an action id; the entries of hands
        that do not act are not read); with ``where`` (``n`` bools), only the hands
        where it is true act, and none of them may be over. An action that is not legal
        raises :class:`~mus.IllegalActionError` and changes nothing.

        >>> import mus
        >>> from mus.batch.ids import NO_MUS, PASS
        >>> batch = Batch(mus.Rules(), seeds=[1, 2])
        >>> batch.step([NO_MUS, PASS])
        Traceback (most recent call last):
        ...
        mus.errors.IllegalActionError: hand 1: action 17 (pass) is not legal now; legal: 0 (mus), 1 (no-mus)
        >>> batch.step([NO_MUS, PASS], where=[True, False])
        >>> batch.lance.tolist(), batch.history(1)
        ([0, -1], ())
        """
        rows = self._active if where is None else self._where(where)
        if not rows.size:
            raise IllegalActionError("every hand is over" if where is None else "no hand acts: where is all false")
        chosen = _actions(actions, self.n)[rows]
        tables = self._tables
        kind = self._hands.kind[rows]
        inside = (chosen >= 0) & (chosen < tables.num_actions)
        legal = inside & tables.legal[kind, np.where(inside, chosen, 0)]
        if not legal.all():
            bad = int(np.flatnonzero(~legal)[0])
            row, action = int(rows[bad]), int(chosen[bad])
            ids = np.flatnonzero(tables.legal[kind[bad]])[:8].tolist()
            named = ", ".join(f"{i} ({action_name(i)})" for i in ids)
            what = (
                f"{action} ({action_name(action)})"
                if inside[bad]
                else f"{action} (ids are 0 to {tables.num_actions - 1})"
            )
            raise IllegalActionError(f"hand {row}: action {what} is not legal now; legal: {named}")
        self._play(rows, chosen.astype(tables.action_type))

    def _where(self, where: Any) -> Array:
        mask = _array(where)
        if mask.shape != (self.n,) or mask.dtype != bool:
            raise MusError(f"where is {self.n} bools, one a hand, got {quoted(where)}")
        rows: Array = mask.nonzero()[0]
        over = self._hands.kind[rows] == OVER
        if np.count_nonzero(over):
            raise IllegalActionError(f"hand {int(rows[over][0])} is over: it takes no action")
        return rows

    def _play(self, rows: Array, actions: Array) -> None:
        """Play legal ``actions`` in ``rows`` (ascending, hands not over), unchecked."""
        self._log.append((rows, actions))
        apply_actions(self._hands, rows, actions, self._route)
        if rows is self._active:
            still = self._hands.kind[rows] != OVER
            self._active = rows if still.all() else rows[still]
        else:
            self._active = self._active[self._hands.kind[self._active] != OVER]

    def redeal(
        self,
        rows: Any,
        seeds: Sequence[int | str],
        mano: int | Sequence[int] | Array = 0,
        *,
        scores: Sequence[int] | Sequence[Sequence[int]] | Array | None = None,
    ) -> None:
        """Deal new hands in ``rows`` (distinct hand numbers) from ``seeds`` (one a row)
        with ``mano`` (one for all, or one a row), from ``scores`` (one pair for all, or
        one a row; default 0-0): the hands there start over, with new histories. What
        vector environments do when an episode ends, or a hand of a game.

        >>> import mus
        >>> batch = Batch(mus.Rules(), seeds=[1, 2])
        >>> batch.play(seed=0)
        >>> batch.redeal([1], ["new"], mano=3)
        >>> batch.over.tolist(), batch.state(1) == mus.new_hand(seed="new", mano=3)
        ([True, False], True)
        >>> batch.redeal([0], ["next"], mano=1, scores=[[12, 30]])
        >>> batch.scores[0].tolist(), batch.state(0) == mus.new_hand(seed="next", mano=1, scores=(12, 30))
        ([12, 30], True)
        """
        given = _array(rows)
        if not np.issubdtype(given.dtype, np.integer):  # no float cut down to a row
            raise MusError(f"rows are hand numbers, got {quoted(rows)}")
        chosen = given.reshape(-1)
        if not chosen.size or ((chosen < 0) | (chosen >= self.n)).any() or len(np.unique(chosen)) != len(chosen):
            raise MusError(f"rows are distinct hand numbers from 0 to {self.n - 1}, got {quoted(rows)}")
        chosen = chosen.astype(np.int64)
        listed = _seeds(seeds)
        if len(listed) != len(chosen):
            raise MusError(f"one seed a row: {len(chosen)} rows, {len(listed)} seeds")
        rules = self.rules
        manos, start = _manos(mano, len(chosen), rules), _scores(scores, len(chosen), rules)
        fresh = Hands.dealt(self._tables, shuffled_decks(tags(listed)), listed, start, manos)
        self._hands.replace(chosen, fresh, listed)
        step = self._first + len(self._log)
        self._born[chosen] = step
        self._active = (self._hands.kind != OVER).nonzero()[0]
        # Forget the steps no hand of the batch started before: memory stays bounded by
        # the longest hand under way, however long the batch plays.
        oldest = int(self._born.min())
        if oldest - self._first > 64:
            del self._log[: oldest - self._first]
            self._first = oldest

    def play(
        self, policy: str | Callable[[Batch], Any] = "random", *, seed: int | np.random.Generator | None = None
    ) -> None:
        """Play every hand to its end: ``"random"`` picks as :meth:`random_actions` does
        (from ``seed``'s generator: ``numpy.random.default_rng(seed)``); a callable gets
        the batch and returns the actions of every hand (checked as :meth:`step` checks
        them).

        >>> import mus
        >>> batch = Batch(mus.Rules(), seeds=range(50))
        >>> batch.play(seed=1)
        >>> batch.done, all(batch.state(i).scores == tuple(batch.scores[i]) for i in range(50))
        (True, True)
        """
        if isinstance(policy, str) and policy == "random":
            generator = _generator(seed)
            while self._active.size:
                rows = self._active
                self._play(rows, self._random(rows, generator))
            return
        if not callable(policy):
            raise MusError(f"a policy is 'random' or a function of the batch, got {quoted(policy)}")
        while self._active.size:
            self.step(policy(self))

    def history(self, i: int) -> tuple[int, ...]:
        """The action ids hand ``i`` took, in order (the declarations the engine derives
        are not actions).

        >>> import mus
        >>> from mus.batch.ids import NO_MUS
        >>> batch = Batch(mus.Rules(), seeds=[1])
        >>> batch.step([NO_MUS])
        >>> batch.history(0)
        (1,)
        """
        row = self._row(i)
        taken = []
        for rows, actions in self._log[int(self._born[row]) - self._first :]:
            at = int(np.searchsorted(rows, row))
            if at < len(rows) and rows[at] == row:
                taken.append(int(actions[at]))
        return tuple(taken)

    def state(self, i: int) -> HandState:
        """Hand ``i`` as a scalar :class:`~mus.HandState`: dealt again from its seed and
        played through its history by :func:`mus.apply`, so that the scalar engine checks
        every action and the state carries the full history.

        >>> import mus
        >>> batch = Batch(mus.Rules(), seeds=[5])
        >>> batch.play(seed=2)
        >>> state = batch.state(0)
        >>> state.is_over, state.scores == tuple(batch.scores[0]), len(state.history) >= len(batch.history(0))
        (True, True, True)
        """
        row = self._row(i)
        hands = self._hands
        state = new_hand(
            self.rules,
            seed=hands.seed(row),
            mano=int(hands.deal_mano[row]),
            scores=tuple(hands.start[row].tolist()),
        )
        for action in self.history(row):
            state = apply(state, _decode(action, state))
        return state

    def _row(self, i: object) -> int:
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not -self.n <= i < self.n:
            raise MusError(f"no hand {quoted(i)}: hands are 0 to {self.n - 1}")
        return int(i) % self.n

    def __repr__(self) -> str:
        return f"<Batch of {self.n} hands, {self.n - len(self._active)} over>"


def _seeds(seeds: object) -> list[Any]:
    """``seeds`` listed, if it is an iterable other than a text, of at most
    :data:`MAX_HANDS` seeds (each seed is checked where the hands are dealt): an
    endless iterator is refused once it has given one more."""
    if not isinstance(seeds, (str, bytes)) and isinstance(seeds, Iterable):
        try:
            listed = list(itertools.islice(seeds, MAX_HANDS + 1))
        except Exception:  # an iterable that fails to iterate: refused below
            pass
        else:
            if len(listed) > MAX_HANDS:
                raise MusError(f"seeds are at most {MAX_HANDS:,}, one a hand: deal more in several batches")
            return listed
    raise MusError(f"seeds are a list of seeds, one a hand, got {quoted(seeds)}")


def _array(value: object) -> Array:
    """``value`` as an array, or an empty one when numpy refuses it (or it raises as it
    is read): the callers' shape and type checks then refuse it with their own words."""
    try:
        return np.asarray(value)
    except Exception:  # the caller's value: refused by the checks that follow
        return np.zeros(0)


def _view(array: Array) -> Array:
    view = array.view()
    view.flags.writeable = False
    return view


def _generator(seed: object) -> np.random.Generator:
    """The random policy's generator: ``seed`` itself, or ``numpy.random.default_rng(seed)``
    of a seed numpy takes (``None``, an int from 0 up, a SeedSequence or BitGenerator)."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is not None and not isinstance(seed, (np.random.SeedSequence, np.random.BitGenerator)):
        seed = index_arg(seed, "a seed (None, an int from 0 up or a numpy.random.Generator)")
    return np.random.default_rng(seed)


def _actions(actions: Any, n: int) -> Array:
    array = _array(actions)
    if array.shape != (n,) or not np.issubdtype(array.dtype, np.integer):
        raise MusError(f"actions are {n} action ids, one a hand (ints), got shape {array.shape} of {array.dtype}")
    return array.astype(np.int64, copy=False)


def _manos(mano: int | Sequence[int] | Array, n: int, rules: Rules) -> Array:
    seats = rules.seats
    if isinstance(mano, (int, np.integer)) and not isinstance(mano, bool):
        if not 0 <= mano < seats:
            raise MusError(f"mano must be a seat from 0 to {seats - 1}, got {quoted(mano)}")
        return np.full(n, int(mano), np.int64)
    array = _array(mano)
    if array.shape != (n,) or not np.issubdtype(array.dtype, np.integer) or ((array < 0) | (array >= seats)).any():
        raise MusError(f"mano is one seat from 0 to {seats - 1}, or one a hand ({n}), got {quoted(mano)}")
    return array.astype(np.int64)


def _scores(scores: Any, n: int, rules: Rules) -> Array | None:
    if scores is None:
        return None
    array = _array(scores)
    if array.shape == (2,):
        array = np.broadcast_to(array, (n, 2))
    if (
        array.shape != (n, 2)
        or not np.issubdtype(array.dtype, np.integer)
        or ((array < 0) | (array >= rules.target)).any()
    ):
        raise MusError(
            f"scores are one pair from 0 to {rules.target - 1} for all hands, or one a hand ({n}), got {quoted(scores)}"
        )
    return array.astype(np.int32)
