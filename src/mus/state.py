"""The immutable state of one hand, and what the seat to act may do in it.

A :class:`HandState` is a frozen value: :func:`mus.apply` returns a new state and never
changes the old one, so keeping a state is free (no deep copies). Equal histories give
equal states; states hash and pickle.

The state knows its legal actions. One validator, :func:`allowed`, says whether the
seat to act may take an action now; :func:`legal_actions`, :meth:`HandState.is_legal`
and the reducer's :func:`~mus.apply` all ask it, so "can I?" and "do it" never
disagree (the reducer, :mod:`mus.reducer`, says what each action does). The state is
built from the parts of :mod:`mus.table`; :func:`start` makes a hand's first state and
:class:`Draft` is how the reducer builds each next one.

The module's functions but :func:`start` (:func:`allowed`, :func:`served`,
:func:`legal`, :func:`refuser`, :func:`event_problem`, :func:`at_a_deal`,
:func:`legal_actions`, :func:`mus_speakers`, :func:`first_state`, :func:`unpickle`,
and :func:`draft_after`) are the engine's steps, unchecked: they take the states and values the
engine holds, on its hot path. The checked entries are the state's methods,
:func:`mus.apply` and :func:`mus.problem`.

>>> import mus
>>> state = mus.new_hand(mus.Rules(), seed=1)
>>> state.phase, state.to_act, state.lance
(<Phase.MUS: 'mus'>, 0, None)
>>> state = mus.apply(state, mus.NoMus())
>>> state.phase, state.lance, state.to_act
(<Phase.BETTING: 'betting'>, <Lance.GRANDE: 0>, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Union

import attrs

from mus import legal as lists
from mus.actions import Action, Bet, Declare, Discard, Mus, MusVisto, NoMus, Servido, Signal, TeamFold, parse_action
from mus.cards import Card
from mus.errors import MusError, RulesError, quoted
from mus.hand import Hand
from mus.legal import LegalActions
from mus.rules import MAX_BETS, MAX_MUS_ROUNDS, HouseRule, Rules
from mus.scoring import Count, LanceResult, Outcome, Tally, record, score_line
from mus.table import Betting, Cards, Deal, HandStateBase, HiddenDiscard, Phase, SeatView, signal_problem, visto_problem

__all__ = [
    "FIELDS",
    "MAX_BETS",
    "MAX_MUS_ROUNDS",
    "Betting",
    "Cards",
    "Deal",
    "Draft",
    "HandState",
    "HiddenDiscard",
    "Log",
    "Phase",
    "SeatView",
    "allowed",
    "at_a_deal",
    "draft_after",
    "event_problem",
    "first_state",
    "legal",
    "legal_actions",
    "mus_speakers",
    "refuser",
    "served",
    "start",
    "unpickle",
]


Log = Union[tuple["Log", int, Action], None]  # noqa: UP007  (a recursive alias: the | form cannot name itself)
"""The history as a linked chain: ``(previous link, seat, action)``, newest first
(:attr:`HandState.log`).

Each action adds one link and shares the rest, so an action costs the same at any
length of history and a kept state costs one link."""

FIELDS = (
    "deal",
    "mano",
    "cards",
    "scores",
    "phase",
    "queue",
    "betting",
    "results",
    "winner",
    "log",
    "actions",
    "counted",
)
"""The slots of a :class:`HandState`, in the order it pickles them."""

_MUS = Phase.MUS
_DISCARD = Phase.DISCARD
_DECLARE = Phase.DECLARE
_BETTING = Phase.BETTING


# --- what the seat to act may do ------------------------------------------------------

_NO_ACTIONS = lists.NO_ACTIONS
_MUS_LISTS, _SERVIDO, _DECLARE_LISTS = lists.MUS, lists.SERVIDO, lists.DECLARE
_discards, _betting = lists.discards, lists.betting
_MUS_KINDS = frozenset((Mus, NoMus))
_OPENING_KINDS = frozenset(type(action) for action in lists.OPENING[0])
_ANSWER_KINDS = frozenset(type(action) for action in lists.ANSWER[0]) | {TeamFold}
_ORDAGO_ANSWER_KINDS = frozenset(type(action) for action in lists.ORDAGO_ANSWER[0]) | {TeamFold}


def allowed(state: HandState, action: object) -> bool:
    """Whether the seat to act may take ``action`` now, by the rules (house rules'
    legality hooks aside: :func:`refuser`): the one validator of the engine. Unchecked:
    ``state`` must have a seat to act.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> allowed(state, mus.Mus()), allowed(state, mus.Pass())
    (True, False)
    """
    kind = type(action)
    phase = state.phase
    if phase is _BETTING:
        betting = state.betting
        assert betting is not None
        if kind is Bet:
            rules = state.deal.rules
            cap = rules.max_bet
            if (cap is not None and action.stones > cap) or betting.bets >= rules.bet_limit:  # type: ignore[attr-defined]
                return False
        elif kind is TeamFold and (state.deal.rules.teams != 2 or len(state.queue) < 2):
            return False  # no partner still to answer: nobody else to fold for
        if betting.bets == 0:
            return kind in _OPENING_KINDS
        return kind in (_ORDAGO_ANSWER_KINDS if betting.ordago else _ANSWER_KINDS)
    if phase is _MUS:
        if kind is Mus:
            cards = state.cards
            return cards.mus_rounds < state.deal.rules.mus_limit and (
                cards.servido is None or not served(state, state.queue[0])
            )
        return kind is NoMus
    if phase is _DISCARD:
        if kind is Servido:
            return state.cards.forced is not None  # a forced exchange: keeping one's cards
        hand = state.cards.hands[state.queue[0]].cards
        return kind is Discard and all(card in hand for card in action.cards)  # type: ignore[attr-defined]
    if phase is _DECLARE:
        assert state.betting is not None
        return kind is Declare and action.lance is state.betting.lance  # type: ignore[attr-defined]
    return False


def served(state: HandState, seat: int) -> bool:
    """Whether ``seat`` may not say mus: a mus visto left it (or, when one word speaks
    for a side, its side) *servido* (rules section 13).

    >>> import mus
    >>> served(mus.new_hand(seed=1), 0)
    False
    """
    servido = state.cards.servido
    if servido is None:
        return False
    rules = state.deal.rules
    return seat == servido or (rules.mus_decision == "team" and rules.team_of[seat] == rules.team_of[servido])


def legal(state: HandState, action: object, seat: int | None = None) -> bool:
    """Whether ``action`` (by ``seat``, if given; an int or ``None``) is legal now: in
    turn, by the rules and by the house rules' legality hooks; a seña or a mus visto,
    which take no turn, by their own checks (:func:`event_problem`).

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> legal(state, mus.Mus()), legal(state, mus.Mus(), 1)
    (True, False)
    """
    kind = type(action)
    if kind is Signal or kind is MusVisto:
        return event_problem(state, action, seat) is None  # type: ignore[arg-type]
    queue = state.queue
    return (
        bool(queue)
        and (seat is None or seat == queue[0])
        and allowed(state, action)
        and (not state.deal.rules.gates or refuser(state, action) is None)
    )


def refuser(state: HandState, action: object) -> HouseRule | None:
    """The first house rule whose legality hook refuses ``action``, or ``None``.

    >>> import mus
    >>> refuser(mus.new_hand(seed=1), mus.Mus()) is None
    True
    """
    for rule in state.deal.rules.gates:
        try:
            allows = rule.allows(state, action)
        except MusError:
            raise
        except Exception as error:  # a house rule's bug is reported, not passed on raw
            raise RulesError(f"house rule {quoted(rule.name)} failed in allows(): {quoted(error, 200)}") from None
        if not allows:
            return rule
    return None


def event_problem(state: HandState, action: Signal | MusVisto, seat: int | None) -> str | None:
    """Why a seña or a mus visto (the actions taken out of turn) is refused now, or
    ``None`` when it is allowed.

    >>> import mus
    >>> event_problem(mus.new_hand(seed=1), mus.Signal("duples"), None)
    'señas are not played under these rules (Rules(senas=True))'
    """
    rules = state.deal.rules
    if not state.queue:
        return "the hand is over"
    if seat is not None and (type(seat) is not int or not 0 <= seat < rules.seats):
        return f"no seat {quoted(seat)}"
    if isinstance(action, Signal):
        who = state.queue[0] if seat is None else seat
        link = state.log
        while link is not None and not (link[1] == who and link[2] == action):
            link = link[0]
        return signal_problem(rules, who, state.hands[who], action, link is not None)
    if state.phase is not _MUS or not at_a_deal(state):
        return "a mus visto happens at a deal of the mus, before anyone speaks"
    if not state.cards.stock and rules.mus_visto == "new-card":
        return "no card is left in the stock to replace a seen card (mus_visto='new-card')"
    holder = next((s for s, hand in enumerate(state.hands) if action.card in hand), None)
    if holder is None:
        return f"card {action.card} was not dealt to any seat"
    if seat is not None and seat != holder:
        # Say no more: naming the holder would tell a seat where another's card is.
        return f"card {action.card} was not dealt to seat {seat}"
    return visto_problem(state.deal, state.history, action.card) if state.cards.mus_rounds else None


def at_a_deal(state: HandState) -> bool:
    """Whether the cards were just dealt: nothing but señas said since the hand's deal or
    the new cards of the last round of the mus (whose last discard served them). A card
    can be seen only then (rules section 13).

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> at_a_deal(state), at_a_deal(mus.apply(state, "mus"))
    (True, False)
    """
    link = state.log
    while link is not None and type(link[2]) is Signal:
        link = link[0]
    return link is None or type(link[2]) is Discard


def legal_actions(state: HandState) -> LegalActions:
    """The actions the seat to act may take; supports ``in`` for any action.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(mus.Rules(), seed=1), mus.NoMus())
    >>> legal = state.legal_actions()
    >>> list(legal), legal.min_bet, mus.Bet(7) in legal, mus.Accept() in legal
    ([Pass(), Bet(2), Ordago()], 2, True, False)
    """
    queue = state.queue
    if not queue:
        return _NO_ACTIONS
    seat = queue[0]
    phase = state.phase
    rules = state.deal.rules
    if phase is _BETTING:
        betting = state.betting
        assert betting is not None
        listed = _betting(
            seat, betting.bets, betting.ordago, len(queue) > 1 and rules.teams == 2, rules.max_bet, rules.bet_limit
        )
    elif phase is _MUS:
        cards = state.cards
        if cards.mus_rounds >= rules.mus_limit or (cards.servido is not None and served(state, seat)):
            listed = _SERVIDO[seat]
        else:
            listed = _MUS_LISTS[seat]
    elif phase is _DISCARD:
        cards = state.cards
        listed = _discards(cards.hands[seat], seat, cards.forced is not None)
    else:
        betting = state.betting
        assert betting is not None
        listed = _DECLARE_LISTS[betting.lance][seat]
    if not rules.gates:
        return listed
    # A house rule's legality hook trims the list; its ``in`` asks the state.
    actions = tuple(action for action in listed if refuser(state, action) is None)
    kinds = listed.kinds
    if kinds is not None:
        kinds = frozenset(kind for kind in kinds if kind is not Bet or any(type(a) is Bet for a in actions))
    return LegalActions.make(actions, listed.seat, kinds, listed.hand, listed.max_bet, state)


# --- the state ------------------------------------------------------------------------


class HandState(HandStateBase):
    """One hand of Mus at one moment. Build it with :func:`mus.new_hand`.

    A frozen value: every field is read-only, :func:`mus.apply` returns a new state
    and shares what did not change with the old one. ``hands`` are indexed by seat
    and ``scores`` by side; ``history`` lists ``(seat, action)`` pairs, declarations
    the engine derived included; ``results`` says how each lance's betting ended;
    ``count`` is the count record once counted. Two states are equal when they come
    from the same deal by the same history.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
    >>> for action in ["no-mus"] + ["pass"] * 11:
    ...     state = mus.apply(state, mus.parse_action(action))
    >>> state.phase, state.lance, state.to_act
    (<Phase.BETTING: 'betting'>, <Lance.PUNTO: 4>, 0)
    >>> state.scores = (40, 0)
    Traceback (most recent call last):
    ...
    attr.exceptions.FrozenInstanceError: can't set attribute
    """

    __slots__ = FIELDS

    deal: Deal
    mano: int
    """The seat that speaks first: the deal's, or under mus corrido the seat that cut."""
    cards: Cards
    """Where the cards are: hands, stock, discards (:class:`Cards`; the properties
    :attr:`hands`, :attr:`stock` and the rest read it)."""
    scores: tuple[int, ...]
    phase: Phase
    queue: tuple[int, ...]
    betting: Betting | None
    results: tuple[LanceResult, ...]
    winner: int | None
    log: Log
    """The history as a chain of links, newest first (:data:`Log`): what :attr:`history`
    lists, for a program that walks it without building the tuple."""
    actions: int
    """How many entries the history has (``len(state.history)``, without building it)."""
    counted: Count | Tally | None
    """The count as the engine keeps it: ``None`` before the hand is counted (or decided
    by an órdago), then its raw tally (:data:`mus.scoring.Tally`) until :attr:`count`
    builds the record, then the record."""

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's four cards, by seat."""
        return self.cards.hands

    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards left to deal at the mus, top first."""
        return self.cards.stock

    @property
    def discards(self) -> tuple[Card, ...]:
        """The cards discarded and not yet reshuffled into a new stock."""
        return self.cards.discards

    @property
    def pending(self) -> tuple[tuple[Card, ...], ...]:
        """By seat, the cards discarded in this round of the mus, not yet replaced."""
        return self.cards.pending

    @property
    def reshuffles(self) -> int:
        """How many times the discards were shuffled into a new stock."""
        return self.cards.reshuffles

    @property
    def servido(self) -> int | None:
        """The seat left without mus by a mus visto (``Rules(mus_visto="servido")``)."""
        return self.cards.servido

    @property
    def forced_exchange(self) -> bool:
        """Whether the exchange under way is one a mus visto forced: each seat discards
        or says servido (``Rules(mus_visto="forced")``, the default; rules section 13).

        >>> import mus
        >>> state = mus.new_hand(seed=1)
        >>> state.forced_exchange, mus.apply(state, "visto Ro").forced_exchange
        (False, True)
        """
        return self.cards.forced is not None

    @property
    def mus_rounds(self) -> int:
        """How many rounds of the mus (every seat's discard and new cards) were played.
        After :data:`MAX_MUS_ROUNDS` of them only no-mus is legal."""
        return self.cards.mus_rounds

    @property
    def rules(self) -> Rules:
        """The rules this hand is played under."""
        return self.deal.rules

    @property
    def game_over(self) -> bool:
        """Whether a side won the game during this hand (by count, refusal or órdago)."""
        return self.winner is not None

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every ``(seat, action)`` of the hand so far, in order.

        >>> import mus
        >>> mus.apply(mus.new_hand(seed=2), "mus").history
        ((0, Mus()),)
        """
        # Built on each call rather than kept: a kept tuple per state would make an
        # undo stack of a long hand quadratic in memory.
        entries = []
        link = self.log
        while link is not None:
            entries.append((link[1], link[2]))
            link = link[0]
        entries.reverse()
        return tuple(entries)

    @property
    def count(self) -> Count | None:
        """The record of the count once the hand was counted (or decided by an
        órdago), else ``None``; built on first use."""
        counted = self.counted
        if counted is None or isinstance(counted, Count):
            return counted
        built = record(counted, self.rules.individual)
        object.__setattr__(self, "counted", built)
        return built

    @property
    def speaking_order(self) -> tuple[int, ...]:
        """The seats from the mano on."""
        n = self.rules.seats
        return tuple((self.mano + i) % n for i in range(n))

    def team_of(self, seat: int) -> int:
        """The side of a seat (its team; in individual play, the seat itself).

        >>> import mus
        >>> mus.new_hand(seed=1).team_of(3), mus.new_hand(mus.Rules.preset("individual-3"), seed=1).team_of(2)
        (1, 2)
        """
        rules = self.rules
        if type(seat) is not int or not 0 <= seat < rules.seats:
            raise MusError(f"no seat {quoted(seat)}: seats are 0 to {rules.seats - 1}")
        return rules.team_of[seat]

    # The method is the module's function itself: one call less on the hottest path.
    legal_actions = legal_actions

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``action`` (an action or its text, read as :func:`~mus.apply` reads
        it; by ``seat``, if given) is legal now; cheap.

        >>> import mus
        >>> state = mus.new_hand(seed=1)
        >>> state.is_legal("mus"), state.is_legal("envido 2"), state.is_legal("nonsense")
        (True, False, False)
        """
        if isinstance(action, str):
            betting = self.betting
            try:
                action = parse_action(action, answering=betting is not None and betting.bets > 0)
            except MusError:
                return False
        if seat is not None and type(seat) is not int:
            return False
        return legal(self, action, seat)

    def initial(self) -> HandState:
        """The state this hand started from.

        >>> import mus
        >>> start = mus.new_hand(seed=1)
        >>> mus.apply(start, "mus").initial() == start
        True
        """
        return first_state(self.deal)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own cards, the public history and the scores.

        Other seats' cards and discards and the stock stay hidden until a showdown.

        >>> import mus
        >>> view = mus.new_hand(mus.Rules(), seed=3).view(2)
        >>> view.seat, len(view.hand), view.hands
        (2, 4, None)
        """
        rules = self.rules
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.seats:
            raise MusError(f"no seat {quoted(seat)}: seats are 0 to {rules.seats - 1}")
        # One pass down the history's chain, hiding the cards of other seats' discards.
        entries: list[tuple[int, Any]] = []
        link = self.log
        while link is not None:
            _, who, action = link
            if type(action) is Discard and who != seat:
                entries.append((who, HiddenDiscard(len(action.cards))))
            elif type(action) is Signal and rules.team_of[who] != rules.team_of[seat]:
                pass  # a seña is for the partners' eyes only (rules section 13)
            else:
                entries.append((who, action))
            link = link[0]
        entries.reverse()
        history = tuple(entries)
        hands: tuple[Hand | None, ...] | None = None
        if self.counted is not None:
            last = self.results[-1]
            # An accepted órdago shows only the cards of the seats in that lance.
            if last.outcome is Outcome.ORDAGO and last.seats:
                hands = tuple(hand if s in last.seats or s == seat else None for s, hand in enumerate(self.hands))
            else:
                hands = self.hands
        return SeatView(
            seat=seat,
            rules=rules,
            mano=self.mano,
            phase=self.phase,
            lance=self.lance,
            to_act=self.to_act,
            scores=self.scores,
            hand=self.hands[seat],
            pending=self.pending[seat],
            history=history,
            results=self.results,
            stock_size=len(self.stock),
            discards_size=len(self.discards),
            count=self.count,
            winner=self.winner,
            hands=hands,
            betting=self.betting,
            legal=tuple(legal_actions(self)) if self.to_act == seat else (),
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not HandState:
            return NotImplemented
        if self is other:
            return True
        if self.actions != other.actions or self.deal != other.deal:
            return False
        # The reducer is deterministic: the same deal and history make the same state.
        # Walk both chains until they meet (states of one hand share their links).
        mine, theirs = self.log, other.log
        while mine is not theirs:
            assert mine is not None and theirs is not None
            if mine[1] != theirs[1] or mine[2] != theirs[2]:
                return False
            mine, theirs = mine[0], theirs[0]
        return True

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        last = self.log
        return hash((self.deal, self.actions, None if last is None else (last[1], last[2])))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled flat: a chain of 20,000 links would exceed pickle's recursion limit.
        values = tuple(getattr(self, name) for name in FIELDS[:9])
        return (unpickle, (values, self.history, self.counted))

    def __copy__(self) -> HandState:
        return self

    def __deepcopy__(self, memo: object) -> HandState:
        return self

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase}"
            + (f" {self.lance}" if self.lance is not None else "")
            + f" to_act={self.to_act} scores={score_line(self.scores)}"
            + f" after {self.actions} actions>"
        )


# --- building states ------------------------------------------------------------------


class Draft(HandState):
    """A state under construction: writable until :meth:`freeze` makes it the
    :class:`HandState` it was being built into.

    The reducer's way to build each next state (:func:`draft_after`). A draft never
    leaves the engine.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> following = draft_after(state, 0, mus.Mus())
    >>> following.queue = state.queue[1:]
    >>> frozen = following.freeze()
    >>> type(frozen).__name__, frozen.to_act, frozen.history
    ('HandState', 1, ((0, Mus()),))
    """

    __slots__ = ()
    # object's own: a draft's fields are written as a plain object's are.
    __setattr__: Callable[[object, str, object], None] = object.__setattr__  # type: ignore[assignment]
    __delattr__: Callable[[object, str], None] = object.__delattr__  # type: ignore[assignment]

    def freeze(self) -> HandState:
        """This draft, frozen in place: its class swapped to :class:`HandState` (the same slots),
        cheaper than writing each field through ``object.__setattr__``. Every transition ends here.

        >>> import mus
        >>> type(draft_after(mus.new_hand(seed=1), 0, mus.Mus()).freeze()).__name__
        'HandState'
        """
        self.__class__ = HandState  # type: ignore[assignment]  # the one place a draft becomes a state
        return self


_new = object.__new__
_tuple = tuple.__new__


def draft_after(state: HandState, seat: int, action: Action) -> Draft:
    """A :class:`Draft` of the state after ``seat``'s ``action``: every field shared
    with ``state``, the history one link longer. Each transition's start.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> following = draft_after(state, 0, mus.Mus())
    >>> following.actions, following.log[1:], following.cards is state.cards
    (1, (0, Mus()), True)
    """
    # One straight line per field (FIELDS): the cheapest copy.
    following = _new(Draft)
    following.deal = state.deal
    following.mano = state.mano
    following.cards = state.cards
    following.scores = state.scores
    following.phase = state.phase
    following.queue = state.queue
    following.betting = state.betting
    following.results = state.results
    following.winner = state.winner
    following.log = (state.log, seat, action)
    following.actions = state.actions + 1
    following.counted = None
    return following


def mus_speakers(mano: int, rules: Rules) -> tuple[int, ...]:
    """Who says mus or no mus, from the mano: every seat, or under
    ``mus_decision="team"`` the first seat of each side.

    >>> from mus import Rules
    >>> mus_speakers(1, Rules()), mus_speakers(1, Rules(mus_decision="team"))
    ((1, 2, 3, 0), (1, 2))
    """
    order = rules.orders[mano]
    if rules.mus_decision == "seat":
        return order
    team_of = rules.team_of
    return tuple(seat for index, seat in enumerate(order) if team_of[seat] not in {team_of[s] for s in order[:index]})


def start(deal: Deal) -> HandState:
    """The first state of a :class:`Deal`: the mus phase, the mano to speak.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=4), "mus")
    >>> start(state.deal) == mus.new_hand(seed=4) == state.initial()
    True
    """
    if type(deal) is not Deal:
        raise MusError(f"start() needs a Deal (state.deal), got {quoted(deal)}")
    return first_state(deal)


def first_state(deal: Deal) -> HandState:
    """:func:`start` without its check: the engine's path, whose deal is a
    :class:`Deal` (checked when built, or the engine's own).

    >>> import mus
    >>> first_state(mus.new_hand(seed=4).deal) == mus.new_hand(seed=4)
    True
    """
    n = deal.rules.seats
    first = _new(Draft)
    first.deal = deal
    first.mano = deal.mano
    first.cards = _tuple(Cards, (deal.hands, deal.stock, (), ((),) * n, 0, None, 0, None))
    first.scores = deal.scores
    first.phase = _MUS
    first.queue = mus_speakers(first.mano, deal.rules)
    first.betting = None
    first.results = ()
    first.winner = None
    first.log = None
    first.actions = 0
    first.counted = None
    return first.freeze()


def unpickle(values: tuple[Any, ...], history: tuple[tuple[int, Action], ...], counted: Any) -> HandState:
    """A state from its pickled form (see ``HandState.__reduce__``): the first nine
    fields, the history, and the count. A pickle written before :class:`Cards` was a
    named tuple (0.1.0) holds a plain tuple there: it is read as one.

    >>> import mus, pickle
    >>> state = mus.apply(mus.new_hand(seed=4), "no-mus")
    >>> pickle.loads(pickle.dumps(state)) == state
    True
    """
    following = _new(Draft)
    for name, value in zip(FIELDS, values, strict=False):
        setattr(following, name, value)
    if type(following.cards) is not Cards:
        following.cards = _tuple(Cards, following.cards)
    log: Log = None
    for seat, action in history:
        log = (log, seat, action)
    following.log = log
    following.actions = len(history)
    following.counted = counted
    return following.freeze()
