"""``apply(state, action)``: the pure reducer of a hand, one function per transition.

Every action has one validator, ``_transition``, used both by "can I?"
(:meth:`HandState.is_legal`, :class:`LegalActions`, :func:`problem`) and by "do it"
(:func:`apply`), so the two never disagree; :func:`problem` words why an action is
refused. Transitions build each new state from a draft of the old one: the fields
that did not change are shared, the history grows by one link, so an action costs
the same at any length of hand.

The table comes from the rules: any number of seats from 2 to 6, in two
partnerships or each for itself (rules section 12).

>>> import mus
>>> state = mus.new_hand(mus.Rules(), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
>>> state = mus.apply(state, mus.NoMus())
>>> state = mus.apply(state, mus.Bet(2))
>>> state = mus.apply(state, mus.Fold())
>>> state.to_act, state.scores
(3, (0, 0))
>>> state = mus.apply(state, mus.Fold())
>>> state.scores, state.lance, str(state.results[0])
((1, 0), <Lance.CHICA: 1>, 'grande: refused, 1 stone to team 0')
>>> mus.apply(state, mus.Accept())
Traceback (most recent call last):
...
mus.errors.IllegalActionError: there is no bet to accept in chica
"""

from __future__ import annotations

import functools
import itertools
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from mus.actions import (
    ACTION_TYPES,
    MIN_BET,
    Accept,
    Action,
    Bet,
    Declare,
    Discard,
    Fold,
    Mus,
    MusVisto,
    NoMus,
    Ordago,
    Pass,
    Signal,
    TeamFold,
    parse_action,
    words_of,
)
from mus.cards import ALL_CARDS, SEED_LIMIT, Card, _positions, parse_cards, seed_arg, shuffle
from mus.errors import IllegalActionError, MusError, RulesError, quoted
from mus.hand import HAND_SIZE, Hand
from mus.lances import Lance, has_juego, has_pares
from mus.rules import HouseRule, Rules
from mus.scoring import _ORDERS, MAX_SEATS, LanceResult, Outcome, _lance_winner, false_declarations, tally
from mus.state import _FIELDS, Betting, Deal, HandState, Log, Phase

if TYPE_CHECKING:
    from mus.match import MatchState

__all__ = [
    "MAX_BETS",
    "MAX_MUS_ROUNDS",
    "LegalActions",
    "apply",
    "derived",
    "history_entries",
    "new_hand",
    "problem",
    "replay",
    "start",
]


# --- the deal -------------------------------------------------------------------------


def new_hand(
    rules: Rules | None = None,
    *,
    seed: int | str | None = None,
    hands: Sequence[Hand | str] | None = None,
    stock: Sequence[Card | str] | str | None = None,
    mano: int = 0,
    scores: Sequence[int] | None = None,
    corrido: bool | None = None,
) -> HandState:
    """The state of a fresh hand, dealt from a seeded shuffle or from explicit cards.

    With ``hands`` (listed by seat) the stock is ``stock`` (top first) or, if not given,
    the other cards shuffled by ``seed``. Without ``hands`` the deck is shuffled by
    ``seed`` and dealt four cards a seat from the mano. ``seed`` also drives any
    reshuffle of the discards; a missing seed is drawn at random and kept in the state.
    ``scores`` has one entry per side (default all 0). ``corrido`` says whether mus
    corrido applies to this hand (``Rules.mus_corrido``: the seat that cuts the mus
    becomes the mano); by default it does under the knob when every score is 0, the
    first hand of a game (a match says so itself for the hands it deals).

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=42, mano=1, scores=(10, 35))
    >>> state == mus.new_hand(mus.Rules(), seed=42, mano=1, scores=(10, 35))
    True
    >>> state.to_act, len(state.stock)
    (1, 24)
    >>> mus.new_hand(mus.Rules(), hands=["Ro Rc 7e 1b"] * 4)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: card Ro is dealt twice
    """
    rules = _DEFAULT_RULES if rules is None else rules
    if not isinstance(rules, Rules):
        raise MusError(f"rules must be a Rules, got {type(rules).__name__}")
    n = rules.seats
    if (type(mano) is not int and (isinstance(mano, bool) or not isinstance(mano, int))) or not 0 <= mano < n:
        raise MusError(f"mano must be a seat from 0 to {n - 1}, got {quoted(mano)}")
    score = _ZEROS[rules.teams] if scores is None else _check_scores(scores, rules)
    if seed is None:
        seed = secrets.randbits(63)
    elif type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
        seed = seed_arg(seed)
    if hands is None:
        if stock is not None:
            raise MusError("give the stock only together with the hands")
        # The order of Deck.shuffled(seed), as card numbers: dealing sorts small ints.
        held, rest = Hand._deal(_positions(len(ALL_CARDS), seed), _blocks(mano, n), n * HAND_SIZE)
    else:
        held, rest = _explicit(hands, stock, seed, n)
    if corrido is None:
        corrido = rules.mus_corrido != "off" and not any(score)
    elif type(corrido) is not bool:
        raise MusError(f"corrido is True or False, got {quoted(corrido)}")
    return start(Deal(rules, mano, score, held, rest, seed, corrido))


@functools.cache
def _blocks(mano: int, n: int) -> tuple[int, ...]:
    """Where each seat's four cards start in the shuffled deck: the mano gets the first
    four, then each seat in speaking order (seat s gets block (s - mano) mod n)."""
    return tuple((seat - mano) % n * HAND_SIZE for seat in range(n))


def _check_scores(scores: Sequence[int] | None, rules: Rules) -> tuple[int, ...]:
    sides = rules.teams
    if scores is None:
        return _ZEROS[sides]
    if not isinstance(scores, (tuple, list)) or len(scores) != sides:
        raise MusError(f"scores are {sides} numbers, one per side, got {quoted(scores)}")
    for value in scores:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < rules.target:
            raise MusError(f"a score is a whole number from 0 to {rules.target - 1}, got {quoted(value)}")
    return tuple(scores)


_DEFAULT_RULES = Rules()
MAX_BETS = 100
"""After this many bets and raises in one lance only accept, fold or órdago are legal:
a raise war always ends (rules section 7 sets no limit; no table raises a hundred
times)."""
MAX_MUS_ROUNDS = 5_000
"""After this many rounds of the mus in one hand only no-mus is legal: a hand always ends
(rules section 4 sets no limit; no table plays thousands of rounds, while a program may
well try: benchmarks and search play long hands)."""
_ZEROS = {sides: (0,) * sides for sides in range(2, MAX_SEATS + 1)}


def _explicit(
    hands: Sequence[Hand | str], stock: Sequence[Card | str] | str | None, seed: int | str, n: int
) -> tuple[tuple[Hand, ...], tuple[Card, ...]]:
    if not isinstance(hands, (tuple, list)) or len(hands) != n:
        raise MusError(f"hands are a list of {n} hands by seat, got {quoted(hands)}")
    held = tuple(hand if isinstance(hand, Hand) else Hand.parse(hand) for hand in hands)
    seen: set[Card] = set()
    for hand in held:
        for card in hand:
            if card in seen:
                raise MusError(f"card {card} is dealt twice")
            seen.add(card)
    others = [card for card in ALL_CARDS if card not in seen]
    if stock is None:
        return held, shuffle(others, seed)
    rest = parse_cards(stock)
    if len(rest) != len(set(rest)) or set(rest) != set(others):
        raise MusError("the stock must hold exactly the cards not in the hands, each once")
    return held, rest


def start(deal: Deal) -> HandState:
    """The first state of a :class:`Deal`: the mus phase, the mano to speak.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=4), "mus")
    >>> start(state.deal) == mus.new_hand(seed=4) == state.initial()
    True
    """
    if type(deal) is not Deal:
        raise MusError(f"start() needs a Deal (state.deal), got {quoted(deal)}")
    n = deal.rules.seats
    draft = _new(_Draft)
    draft.deal = deal
    draft.mano = deal.mano
    draft._table = (deal.hands, deal.stock, (), ((),) * n, 0, None, 0)
    draft.scores = deal.scores
    draft.phase = _MUS
    draft.queue = _mus_speakers(draft.mano, deal.rules)
    draft.betting = None
    draft.results = ()
    draft.winner = None
    draft._log = None
    draft._size = 0
    draft._count = None
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


def _mus_speakers(mano: int, rules: Rules) -> tuple[int, ...]:
    """Who says mus or no mus: every seat, or the first seat of each side."""
    order = _ORDERS[rules.seats][mano]
    if rules.mus_decision == "seat":
        return order
    team_of = rules.team_of
    return tuple(seat for index, seat in enumerate(order) if team_of[seat] not in {team_of[s] for s in order[:index]})


def derived(action: Action, rules: Rules) -> bool:
    """Whether ``action`` in a history is one the engine adds itself (a declaration
    under ``declarations="derived"``), to be checked rather than applied on replay."""
    return type(action) is Declare and rules.declarations == "derived"


# --- drafts: how a new state is built -------------------------------------------------


class _Draft(HandState):
    """A state under construction: writable until its class is swapped to HandState.

    Never escapes this module. Freezing swaps the class (same slots), which costs
    less than writing each field through ``object.__setattr__``."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__


_new = object.__new__
_tuple = tuple.__new__


def _make_step() -> Callable[[HandState, int, Action], _Draft]:
    # Generated so that copying the fields is one straight-line function.
    shared = [name for name in _FIELDS if name not in ("_log", "_size", "_count")]
    lines = ["def step(state, seat, action):", "    draft = _new(_Draft)"]
    lines += [f"    draft.{name} = state.{name}" for name in shared]
    lines += [
        "    draft._log = (state._log, seat, action)",
        "    draft._size = state._size + 1",
        "    draft._count = None",
        "    return draft",
    ]
    namespace: dict[str, Any] = {"_new": _new, "_Draft": _Draft}
    exec("\n".join(lines), namespace)
    return namespace["step"]  # type: ignore[no-any-return]


_step = _make_step()
"""A draft of the next state with ``seat``'s ``action`` logged: each transition's start."""


def _done(draft: _Draft) -> HandState:
    draft.__class__ = HandState  # type: ignore[assignment]
    return draft


def _unpickle(values: tuple[Any, ...], history: tuple[tuple[int, Action], ...], counted: Any) -> HandState:
    draft = _new(_Draft)
    for name, value in zip(_FIELDS, values, strict=False):
        setattr(draft, name, value)
    log: Log = None
    for seat, action in history:
        log = (log, seat, action)
    draft._log = log
    draft._size = len(history)
    draft._count = counted
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


_MUS = Phase.MUS
_DISCARD = Phase.DISCARD
_DECLARE_PHASE = Phase.DECLARE
_BETTING = Phase.BETTING
_FINISHED = Phase.FINISHED


# --- validation -----------------------------------------------------------------------


def _transition(state: HandState, action: object) -> Callable[[HandState, int, Any], HandState] | None:
    """The transition that the seat to act's ``action`` makes, or ``None`` when the
    action is not legal now: the one validator of the engine."""
    kind = type(action)
    phase = state.phase
    if phase is _BETTING:
        betting = state.betting
        assert betting is not None
        if kind is Bet:
            cap = state.deal.rules.max_bet
            if (cap is not None and action.stones > cap) or betting.bets >= MAX_BETS:  # type: ignore[attr-defined]
                return None
        elif kind is TeamFold and (state.deal.rules.teams != 2 or len(state.queue) < 2):
            return None  # no partner still to answer: nobody else to fold for
        if betting.bets == 0:
            return _OPENING_MOVES.get(kind)
        return (_ORDAGO_ANSWER_MOVES if betting.ordago else _ANSWER_MOVES).get(kind)
    if phase is _MUS:
        if kind is Mus:
            table = state._table
            if table[6] >= MAX_MUS_ROUNDS or (table[5] is not None and _served(state, state.queue[0])):
                return None
        return _MUS_MOVES.get(kind)
    if phase is _DISCARD:
        hand = state.hands[state.queue[0]].cards
        if kind is Discard and all(card in hand for card in action.cards):  # type: ignore[attr-defined]
            return _discard
        return None
    if phase is _DECLARE_PHASE:
        assert state.betting is not None
        if kind is Declare and action.lance is state.betting.lance:  # type: ignore[attr-defined]
            return _declare
    return None


def _served(state: HandState, seat: int) -> bool:
    """Whether ``seat`` may not say mus: a mus visto left it (or, when one word speaks
    for a side, its side) *servido* (rules section 13)."""
    servido = state._table[5]
    if servido is None:
        return False
    rules = state.deal.rules
    return seat == servido or (rules.mus_decision == "team" and rules.team_of[seat] == rules.team_of[servido])


def _legal(state: HandState, action: object, seat: int | None) -> bool:
    kind = type(action)
    if kind is Signal or kind is MusVisto:
        return _event_problem(state, action, seat) is None  # type: ignore[arg-type]
    queue = state.queue
    return (
        bool(queue)
        and (seat is None or seat == queue[0])
        and _transition(state, action) is not None
        and (not state.deal.rules.gates or _refuser(state, action) is None)
    )


def _refuser(state: HandState, action: object) -> HouseRule | None:
    """The first house rule whose legality hook refuses ``action``, or ``None``."""
    for rule in state.deal.rules.gates:
        try:
            allowed = rule.allows(state, action)  # type: ignore[arg-type]
        except MusError:
            raise
        except Exception as error:  # a house rule's bug is reported, not passed on raw
            raise RulesError(f"house rule {quoted(rule.name)} failed in allows(): {quoted(error, 200)}") from None
        if not allowed:
            return rule
    return None


def _event_problem(state: HandState, action: Signal | MusVisto, seat: int | None) -> str | None:
    """The validator of the actions taken out of turn: a seña, a mus visto."""
    rules = state.deal.rules
    if not state.queue:
        return "the hand is over"
    if seat is not None and (type(seat) is not int or not 0 <= seat < rules.seats):
        return f"no seat {seat!r}"
    if isinstance(action, Signal):
        if not rules.senas:
            return "señas are not played under these rules (Rules(senas=True))"
        if rules.teams != 2 or rules.partners < 2:
            return "a seña is made to a partner: this table has no partners"
        who = state.queue[0] if seat is None else seat
        if not action.sena.holds(state.hands[who], rules):
            return f"seat {who} cannot signal {action.sena}: it is not true of its hand"
        link = state._log
        while link is not None:
            if link[1] == who and link[2] == action:
                return f"seat {who} already signalled {action.sena} in this hand"
            link = link[0]
        return None
    if state._size or state.phase is not _MUS:
        return "a mus visto happens at the deal, before anyone speaks"
    holder = next((s for s, hand in enumerate(state.hands) if action.card in hand), None)
    if holder is None:
        return f"card {action.card} was not dealt to any seat"
    if seat is not None and seat != holder:
        # Say no more: naming the holder would tell a seat where another's card is.
        return f"card {action.card} was not dealt to seat {seat}"
    return None


def _event(state: HandState, action: Signal | MusVisto, seat: int | None) -> HandState:
    reason = _event_problem(state, action, seat)
    if reason is not None:
        raise IllegalActionError(reason)
    if isinstance(action, Signal):
        # A seña takes no turn: the history records it, and the partners' views show it.
        draft = _step(state, state.queue[0] if seat is None else seat, action)
        draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
        return draft
    holder = next(s for s, hand in enumerate(state.hands) if action.card in hand)
    draft = _step(state, holder, action)
    hands, stock, discards, pending, reshuffles, _, rounds = state._table
    if state.deal.rules.mus_visto == "servido":
        draft._table = (hands, stock, discards, pending, reshuffles, holder, rounds)
    else:
        # The seat takes a new card from the stock; the seen card goes to the discards.
        held = list(hands)
        held[holder] = Hand._trusted([card for card in hands[holder].cards if card != action.card] + [stock[0]])
        draft._table = (tuple(held), stock[1:], (*discards, action.card), pending, reshuffles, None, rounds)
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


def problem(state: HandState, action: Action, seat: int | None = None) -> str | None:
    """Why ``action`` (by ``seat``, if given) is illegal in ``state``, or ``None`` if legal.

    It asks the engine's one validator, the same that :func:`apply`,
    :meth:`HandState.is_legal` and :class:`LegalActions` ask, and words its refusal.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=1)
    >>> problem(state, mus.Pass())
    'during the mus, say mus or no-mus, not pass'
    >>> problem(state, mus.Mus(), seat=2)
    "not seat 2's turn: seat 0 speaks"
    """
    if type(state) is not HandState:
        raise MusError(f"problem() needs a HandState, got {quoted(state)}")
    if seat is not None and type(seat) is not int:
        return f"no seat {quoted(seat)}"
    if _legal(state, action, seat):
        return None
    return _why(state, action, seat)


def _why(state: HandState, action: Action, seat: int | None, said: str | None = None) -> str:
    """Why ``action`` is refused, naming it in the player's words (``said``)."""
    to_act = state.queue[0] if state.queue else None
    if to_act is None:
        return "the hand is over"
    kind = type(action)
    if kind not in ACTION_TYPES:
        return f"not an action: {action!r}"
    if kind is Signal or kind is MusVisto:
        return _event_problem(state, action, seat) or f"{action} is not legal now"  # type: ignore[arg-type]
    words = words_of(said, action)
    betting = state.betting
    if (seat is None or seat == to_act) and _transition(state, action) is not None:
        refuser = _refuser(state, action)
        if refuser is not None:
            return f"house rule {quoted(refuser.name)} does not allow {words} now"
    if seat is not None and seat != to_act:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.rules.seats:
            return f"no seat {seat!r}"
        if betting is not None and state.phase is Phase.BETTING and seat not in betting.seats:
            return f"seat {seat} cannot bet on {betting.lance}: it has no {betting.lance}"
        if betting is not None and seat in betting.folded:
            return f"seat {seat} folded and is out of {betting.lance}"
        return f"not seat {seat}'s turn: seat {to_act} speaks"
    phase = state.phase
    if phase is Phase.MUS:
        if kind is Mus and state.mus_rounds >= MAX_MUS_ROUNDS:
            return f"the mus is cut after {MAX_MUS_ROUNDS:,} rounds: no-mus"
        if kind is Mus and _served(state, to_act):
            return f"seat {to_act} is servido after the mus visto: no mus, it plays the cards it has"
        return f"during the mus, say mus or no-mus, not {words}"
    if phase is Phase.DISCARD:
        if kind is not Discard:
            return f"everyone said mus: discard 1 to 4 cards, not {words}"
        hand = state.hands[to_act]
        missing = [str(card) for card in action.cards if card not in hand]  # type: ignore[union-attr]
        if missing:
            return f"cannot discard {' '.join(missing)}: seat {to_act} holds {hand}"
    assert betting is not None
    lance = betting.lance
    if phase is Phase.DECLARE and (kind is not Declare or action.lance is not lance):  # type: ignore[union-attr]
        return f"say whether you have {lance}: 'declare {lance} yes' or 'declare {lance} no', not {words}"
    if kind is Declare:
        return f"declarations of {lance} are derived from the cards under these rules"
    if kind is Mus or kind is NoMus or kind is Discard:
        return f"the mus is over: the betting on {lance} is under way"
    if betting.bets == 0 and (kind is Accept or kind is Fold or kind is TeamFold):
        return f"there is no bet to {words} in {lance}"
    if betting.ordago:
        if kind is Bet or kind is Ordago:
            return "nothing can be raised over an órdago: accept or fold"
        if kind is Pass:
            return f"an órdago stands in {lance}: accept or fold"
    elif kind is Pass:
        return f"there is a bet of {betting.stake} in {lance}: accept, fold, raise or ordago"
    if kind is TeamFold:
        if state.rules.teams != 2:
            return "each seat plays for itself here: fold alone"
        return f"no partner of seat {to_act} is still to answer: fold"
    cap = state.rules.max_bet
    if kind is Bet and cap is not None and action.stones > cap:  # type: ignore[union-attr]
        return f"a bet or raise is at most {cap} stones under these rules, not {action.stones}"  # type: ignore[union-attr]
    if kind is Bet and betting.bets >= MAX_BETS:
        return f"{lance} has had {MAX_BETS} bets and raises: accept, fold or ordago"
    return f"{words} is not legal now"


# --- the reducer ----------------------------------------------------------------------


@overload
def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState: ...


@overload
def apply(state: MatchState, action: Action | str, seat: int | None = None) -> MatchState: ...


def apply(state: HandState | MatchState, action: Action | str, seat: int | None = None) -> HandState | MatchState:
    """The state after the seat to act takes ``action``: a hand's or a match's.

    ``state`` is never changed. ``action`` may be an action value or its text
    (``"envido 5"``); with ``seat``, the action is also checked to come from the seat
    whose turn it is. An illegal action raises :class:`~mus.IllegalActionError`.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=1)
    >>> after = mus.apply(state, "mus")
    >>> state.to_act, after.to_act
    (0, 1)
    >>> mus.apply(after, mus.Bet(5))
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: during the mus, say mus or no-mus, not bet 5
    """
    if type(state) is not HandState:
        from mus.match import MatchState, apply_match

        if type(state) is MatchState:
            return apply_match(state, action, seat)
        raise MusError(f"apply() needs a HandState or a MatchState, got {type(state).__name__}")
    if seat is not None and type(seat) is not int:
        raise IllegalActionError(f"a seat is a whole number, got {quoted(seat)}")
    said: str | None = None
    if isinstance(action, str):
        said = action
        betting = state.betting
        # rules section 7: in the answer to a bet, "paso" means fold.
        action = parse_action(action, answering=betting is not None and betting.bets > 0)
    queue = state.queue
    if queue and (seat is None or seat == queue[0]):
        transition = _transition(state, action)
        if transition is not None and (not state.deal.rules.gates or _refuser(state, action) is None):
            return transition(state, queue[0], action)
    kind = type(action)
    if kind is Signal or kind is MusVisto:
        return _event(state, action, seat)  # type: ignore[arg-type]
    raise IllegalActionError(_why(state, action, seat, said))


def _mus(state: HandState, seat: int, action: Action) -> HandState:
    draft = _step(state, seat, action)
    if len(state.queue) > 1:
        draft.queue = state.queue[1:]
    else:
        draft.phase = _DISCARD
        draft.queue = _ORDERS[state.deal.rules.seats][state.mano]
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


def _no_mus(state: HandState, seat: int, action: Action) -> HandState:
    draft = _step(state, seat, action)
    if state.deal.corrido:
        # Mus corrido (rules section 13): the seat that cuts becomes the mano.
        draft.mano = seat
    return _open(draft, Lance.GRANDE)


def _discard(state: HandState, seat: int, action: Action) -> HandState:
    draft = _step(state, seat, action)
    hands, stock, discards, waiting, reshuffles, servido, rounds = state._table
    pending = list(waiting)
    pending[seat] = action.cards  # type: ignore[union-attr]
    if len(state.queue) > 1:
        draft._table = (hands, stock, discards, tuple(pending), reshuffles, servido, rounds)
        draft.queue = state.queue[1:]
        draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
        return draft
    return _serve(draft, pending)


def _serve(draft: _Draft, pending: list[tuple[Card, ...]]) -> HandState:
    """Deal replacements in speaking order; reshuffle the discards when the stock runs out."""
    deal = draft.deal
    order = _ORDERS[deal.rules.seats][draft.mano]
    held, left, discarded, _, reshuffles, servido, rounds = draft._table
    stock = list(left)
    pile = list(discarded)
    for seat in order:
        pile.extend(pending[seat])
    hands = list(held)
    for seat in order:
        own = pending[seat]
        drawn = stock[: len(own)]
        del stock[: len(own)]
        if len(drawn) < len(own):
            # rules section 4: the last seat served keeps its own discards out.
            kept = own if seat == order[-1] else ()
            reshuffles += 1
            stock = list(shuffle([card for card in pile if card not in kept], f"{deal.seed}/{reshuffles}"))
            pile = list(kept)
            more = len(own) - len(drawn)
            drawn += stock[:more]
            del stock[:more]
        # The engine's own cards: the trusted path skips Hand.replace's checks.
        hands[seat] = Hand._trusted([card for card in hands[seat].cards if card not in own] + drawn)
    draft._table = (tuple(hands), tuple(stock), tuple(pile), ((),) * len(order), reshuffles, servido, rounds + 1)
    draft.phase = _MUS
    draft.queue = _mus_speakers(draft.mano, deal.rules)
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


_HAS: dict[Lance, Callable[[Hand, Rules], bool]] = {Lance.PARES: has_pares, Lance.JUEGO: has_juego}
_DECLARE = {(lance, has): Declare(lance, has) for lance in _HAS for has in (False, True)}


def _open(draft: _Draft, lance: Lance) -> HandState:
    """Start the betting on ``lance``, or settle it at once when it cannot be bet on."""
    deal = draft.deal
    rules = deal.rules
    order = _ORDERS[rules.seats][draft.mano]
    if lance is Lance.PARES or lance is Lance.JUEGO:
        if rules.declarations == "explicit":
            draft.phase = _DECLARE_PHASE
            draft.betting = Betting(lance, ())
            draft.queue = order
            draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
            return draft
        # has_pares / has_juego, read straight from the rules' tables.
        ranking = rules.ranking
        table, least = (ranking.keys[lance], 1) if lance is Lance.PARES else (ranking.points, 31)
        hands = draft._table[0]
        log = draft._log
        seats = []
        for seat in order:
            if table[hands[seat].multiset] >= least:
                log = (log, seat, _DECLARE[lance, True])
                seats.append(seat)
            else:
                log = (log, seat, _DECLARE[lance, False])
        draft._log = log
        draft._size += len(order)
        return _declared(draft, lance, tuple(seats))
    if lance is Lance.PUNTO and rules.declarations == "explicit":
        # A seat that hid its juego takes no part in punto (rules section 6).
        points = rules.ranking.points
        hands = draft._table[0]
        playing = tuple(seat for seat in order if points[hands[seat].multiset] < 31)
        if len(playing) < len(order):
            if len({rules.team_of[seat] for seat in playing}) < 2:
                result = _result(lance, _EN_PASO, seats=playing) if playing else _result(lance, Outcome.VOID)
                draft.results += (result,)
                return _next(draft, lance)
            order = playing
    draft.phase = _BETTING
    draft.betting = _tuple(Betting, (lance, order, 0, 0, 0, None, False, (), ()))
    draft.queue = order
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


def _declared(draft: _Draft, lance: Lance, seats: tuple[int, ...]) -> HandState:
    """Go on once the seats that have pares (juego) are known (rules sections 6, 12):
    the lance is bet on when at least two sides have it."""
    if lance is Lance.JUEGO and not seats:
        return _open(draft, Lance.PUNTO)
    team_of = draft.deal.rules.team_of
    sides = {team_of[seat] for seat in seats}
    if len(sides) < 2:
        result = (
            _result(lance, Outcome.NO_BET, team=sides.pop(), seats=seats) if sides else _result(lance, Outcome.VOID)
        )
        draft.results += (result,)
        return _next(draft, lance)
    draft.phase = _BETTING
    draft.betting = _tuple(Betting, (lance, seats, 0, 0, 0, None, False, (), ()))
    draft.queue = seats
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


def _declare(state: HandState, seat: int, action: Action) -> HandState:
    draft = _step(state, seat, action)
    betting = state.betting
    assert betting is not None
    if action.has:  # type: ignore[union-attr]
        betting = draft.betting = _tuple(Betting, (betting.lance, (*betting.seats, seat), *betting[2:]))
    if len(state.queue) > 1:
        draft.queue = state.queue[1:]
        draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
        return draft
    return _declared(draft, betting.lance, betting.seats)


def _next(draft: _Draft, lance: Lance) -> HandState:
    following = _FOLLOWING.get(lance)
    if following is not None:
        return _open(draft, following)
    deal = draft.deal
    raw = tally(draft.hands, draft.results, deal.rules, draft.mano, draft.scores)
    draft._count = raw
    draft.scores = raw[1]
    return _finish(draft, raw[2])


def _finish(draft: _Draft, winner: int | None) -> HandState:
    """End the hand: counted, or the game won in it (``winner``)."""
    draft.phase = _FINISHED
    draft.betting = None
    draft.queue = ()
    draft.winner = winner
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


_set = object.__setattr__
_FOLLOWING = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}
_ACCEPTED, _ORDAGO, _REFUSED, _EN_PASO = Outcome.ACCEPTED, Outcome.ORDAGO, Outcome.REFUSED, Outcome.EN_PASO


class _DraftResult(LanceResult):
    # Like _Draft: the engine's results are consistent by construction, so they skip
    # the constructor's checks (which are for results scripts build by hand).
    __slots__ = ()
    # Both, or the slot falls back to a slow Python-level lookup (one slot serves both).
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def _result(
    lance: Lance,
    outcome: Outcome,
    *,
    stake: int = 0,
    team: int | None = None,
    seats: tuple[int, ...] = (),
    folded: tuple[int, ...] = (),
) -> LanceResult:
    result = _new(_DraftResult)
    result.lance = lance  # type: ignore[misc]
    result.outcome = outcome  # type: ignore[misc]
    result.stake = stake  # type: ignore[misc]
    result.team = team  # type: ignore[misc]
    result.seats = seats  # type: ignore[misc]
    result.folded = folded  # type: ignore[misc]
    result.__class__ = LanceResult  # type: ignore[assignment]
    return result


def _pass(state: HandState, seat: int, action: Action) -> HandState:
    draft = _step(state, seat, action)
    if len(state.queue) > 1:
        draft.queue = state.queue[1:]
        draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
        return draft
    betting = state.betting
    assert betting is not None
    draft.results += (_result(betting.lance, _EN_PASO, seats=betting.seats),)
    return _next(draft, betting.lance)


def _raise(state: HandState, seat: int, action: Action, stake: int, ordago: bool) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = _step(state, seat, action)
    draft.betting = _tuple(  # Betting(...), without the named tuple's Python-level __new__
        Betting,
        (betting.lance, betting.seats, stake, betting.stake, betting.bets + 1, seat, ordago, betting.folded, ()),
    )
    draft.queue = _answerers(state.deal.rules.team_of, betting.seats, betting.folded, seat)
    draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
    return draft


@functools.lru_cache(maxsize=8192)
def _answerers(
    team_of: tuple[int, ...], seats: tuple[int, ...], folded: tuple[int, ...], bettor: int
) -> tuple[int, ...]:
    """The seats of other sides still in the lance, in speaking order after the bettor:
    the other team in partnership play, every other seat in individual play."""
    side = team_of[bettor]
    return tuple(
        seat
        for seat in _ORDERS[len(team_of)][(bettor + 1) % len(team_of)]
        if team_of[seat] != side and seat in seats and seat not in folded
    )


def _bet(state: HandState, seat: int, action: Action) -> HandState:
    assert state.betting is not None
    return _raise(state, seat, action, state.betting.stake + action.stones, False)  # type: ignore[union-attr]


def _ordago(state: HandState, seat: int, action: Action) -> HandState:
    assert state.betting is not None
    return _raise(state, seat, action, state.betting.stake, True)


def _binding_folds(betting: Betting, rules: Rules) -> tuple[int, ...]:
    """The folded seats whose declarations still bind their side: explicit
    declarations of pares and juego only (derived ones cannot be false)."""
    if not betting.folded or rules.declarations != "explicit" or betting.lance not in _HAS:
        return ()
    return betting.folded


def _still_in(betting: Betting, rules: Rules) -> tuple[int, ...]:
    """The seats whose cards and bonuses count for the lance once its betting ends."""
    if not betting.folded or (rules.folded_seat_counts and rules.teams == 2):
        return betting.seats
    return tuple(seat for seat in betting.seats if seat not in betting.folded)


def _accept(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = _step(state, seat, action)
    if state.deal.rules.teams > 2:
        # Individual play: each seat answers for itself, and the lance waits for all.
        betting = draft.betting = _tuple(Betting, (*betting[:8], (*betting.accepted, seat)))
        if len(state.queue) > 1:
            draft.queue = state.queue[1:]
            draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
            return draft
    # In partnership play one accept commits the team.
    return _accepted(draft, betting)


def _accepted(draft: _Draft, betting: Betting) -> HandState:
    """Settle a lance whose standing bet was accepted."""
    deal = draft.deal
    rules = deal.rules
    seats = _still_in(betting, rules) if betting.folded else betting.seats
    folded = _binding_folds(betting, rules) if betting.folded else ()
    if not betting.ordago:
        draft.results += (_result(betting.lance, _ACCEPTED, stake=betting.stake, seats=seats, folded=folded),)
        return _next(draft, betting.lance)
    # An accepted órdago is shown down at once among the seats in it and decides the game.
    team_of = rules.team_of
    liars: tuple[int, ...] = ()
    honest = seats
    if rules.declarations == "explicit":
        # Every seat that declared counts, a liar who folded too (rules section 6).
        liars = false_declarations(betting.lance, draft.hands, rules, betting.seats)
        forfeit = {team_of[liar] for liar in liars}
        honest = tuple(s for s in seats if team_of[s] not in forfeit)
    best = _lance_winner(betting.lance, draft.hands, rules, draft.mano, honest) if honest else None
    if best is not None:
        team = team_of[best]
    else:
        # Every side in it declared falsely: the side that called the órdago loses it.
        caller = team_of[betting.bettor or 0]
        team = next(team_of[s] for s in seats if team_of[s] != caller)
    scores = draft.scores
    line = (betting.lance, _ORDAGO, team, best, 0, 0, 0, scores, liars)
    draft._count = ([line], scores, team, 0, ())
    draft.results += (_result(betting.lance, _ORDAGO, team=team, seats=seats, folded=folded),)
    return _finish(draft, team)


def _fold(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None and betting.bettor is not None
    draft = _step(state, seat, action)
    if len(state.queue) > 1:
        draft.betting = _folding(betting, (seat,))
        draft.queue = state.queue[1:]
        draft.__class__ = HandState  # type: ignore[assignment]  # frozen (see _Draft)
        return draft
    if betting.accepted:
        # Individual play: the seats that accepted show down with the bettor.
        settled = draft.betting = _folding(betting, (seat,))
        return _accepted(draft, settled)
    return _refused(draft, betting)


def _folding(betting: Betting, seats: tuple[int, ...]) -> Betting:
    """``betting`` with ``seats`` folded (``_replace`` without its Python-level cost)."""
    return _tuple(Betting, (*betting[:7], betting.folded + seats, betting.accepted))


def _team_fold(state: HandState, seat: int, action: Action) -> HandState:
    """Every partner still to answer folds in one word: the same end as their folds
    one after another (rules section 7, a plural answer binds the team)."""
    betting = state.betting
    assert betting is not None
    draft = _step(state, seat, action)
    return _refused(draft, _folding(betting, state.queue[:-1]))


def _refused(draft: _Draft, betting: Betting) -> HandState:
    """Settle a lance whose bet every answering seat refused: the refusal stones, at
    once. ``betting`` is as it stood before the last fold."""
    assert betting.bettor is not None
    rules = draft.deal.rules
    bettors = rules.team_of[betting.bettor]
    team: int | None = bettors
    stones = rules.payouts.first_refusal if betting.bets == 1 else betting.previous
    seats = _still_in(betting, rules) if betting.folded else betting.seats
    folded = _binding_folds(betting, rules) if betting.folded else ()
    if rules.declarations == "explicit" and betting.lance in _HAS:
        team = _honest_taker(draft, betting, bettors)
    if team is None:
        # Every side in the lance declared falsely: nobody takes the stones.
        draft.results += (_result(betting.lance, Outcome.VOID, seats=seats, folded=folded),)
        return _next(draft, betting.lance)
    scores = list(draft.scores)
    scores[team] += stones
    draft.scores = tuple(scores)
    draft.results += (_result(betting.lance, _REFUSED, stake=stones, team=team, seats=seats, folded=folded),)
    if scores[team] >= rules.target:
        # Refusal stones are taken at once and can end the game before any count.
        return _finish(draft, team)
    return _next(draft, betting.lance)


def _honest_taker(draft: _Draft, betting: Betting, team: int) -> int | None:
    """Who takes refusal stones under explicit declarations (rules section 6): the
    betting side, unless one of its seats declared falsely; then the side of the best
    honest hand in the lance is paid as the winner (``None``: nobody honest)."""
    rules = draft.deal.rules
    team_of = rules.team_of
    liars = false_declarations(betting.lance, draft.hands, rules, betting.seats)
    forfeit = {team_of[liar] for liar in liars}
    if team not in forfeit:
        return team
    honest = tuple(s for s in betting.seats if team_of[s] not in forfeit)
    best = _lance_winner(betting.lance, draft.hands, rules, draft.mano, honest) if honest else None
    return None if best is None else team_of[best]


_Transition = Callable[[HandState, int, Any], HandState]
_MUS_MOVES: dict[type, _Transition] = {Mus: _mus, NoMus: _no_mus}
_OPENING_MOVES: dict[type, _Transition] = {Pass: _pass, Bet: _bet, Ordago: _ordago}
_ANSWER_MOVES: dict[type, _Transition] = {
    Accept: _accept,
    Fold: _fold,
    TeamFold: _team_fold,
    Bet: _bet,
    Ordago: _ordago,
}
_ORDAGO_ANSWER_MOVES: dict[type, _Transition] = {Accept: _accept, Fold: _fold, TeamFold: _team_fold}


# --- legal actions and replay ---------------------------------------------------------


def _discards(cards: tuple[Card, ...]) -> tuple[Discard, ...]:
    # Every discard of the seat's own cards, built without the constructor's checks:
    # the legal list makes 15 of them a turn.
    listed = []
    for size in _DISCARD_SIZES:
        for subset in itertools.combinations(cards, size):
            discard = _new(Discard)
            _set(discard, "cards", subset)
            listed.append(discard)
    return tuple(listed)


_DISCARD_SIZES = range(1, HAND_SIZE + 1)


def legal_actions(state: HandState) -> LegalActions:
    """The actions the seat to act may take; supports ``in`` for any action.

    Also ``state.legal_actions()``.

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
        if betting.bets == 0:
            listed = _OPENING_LISTS[seat]
        elif len(queue) > 1 and rules.teams == 2:
            # Two or more partners still to answer: a team fold differs from a fold.
            listed = (_ORDAGO_ANSWER_TEAM_LISTS if betting.ordago else _ANSWER_TEAM_LISTS)[seat]
        else:
            listed = (_ORDAGO_ANSWER_LISTS if betting.ordago else _ANSWER_LISTS)[seat]
        if betting.bets >= MAX_BETS:
            listed = _capped(listed, 0)
        elif rules.max_bet is not None and listed.min_bet is not None:
            listed = _capped(listed, rules.max_bet)
    elif phase is _MUS:
        table = state._table
        if table[6] >= MAX_MUS_ROUNDS or (table[5] is not None and _served(state, seat)):
            listed = _SERVIDO_LISTS[seat]
        else:
            listed = _MUS_LISTS[seat]
    elif phase is _DISCARD:
        hand = state.hands[seat]
        listed = LegalActions._make(_discards(hand.cards), seat, None, hand)
    else:
        betting = state.betting
        assert betting is not None
        listed = _DECLARE_LISTS[betting.lance][seat]
    return listed if not rules.gates else _gated(state, listed)


def _gated(state: HandState, listed: LegalActions) -> LegalActions:
    """``listed`` less what a house rule's legality hook refuses; its ``in`` asks the
    hooks too, through the state it keeps."""
    actions = tuple(action for action in listed if _refuser(state, action) is None)
    kinds = listed._kinds
    if kinds is not None:
        kinds = frozenset(kind for kind in kinds if kind is not Bet or any(type(a) is Bet for a in actions))
    legal = LegalActions._make(actions, listed.seat, kinds, listed._hand, listed.max_bet)
    _set(legal, "_state", state)
    return legal


class LegalActions(tuple):  # type: ignore[type-arg]
    """The legal actions of the seat to act: a tuple that knows more. Supports ``in``
    for any action, ``len``, indexing and iteration. Immutable.

    Iteration lists each kind once, bets as ``Bet(min_bet)``; any larger bet is legal
    too, and ``in`` says so (``Bet(9) in legal``), as is a :class:`~mus.TeamFold` while
    two or more partners are still to answer (it ends the lance as their folds one
    after another would, so it is not listed). ``in`` agrees with
    :meth:`HandState.is_legal` and :func:`apply` for every action. ``str`` shows it
    as ``bet 2+``.

    >>> import mus
    >>> legal = mus.new_hand(mus.Rules(), seed=1).legal_actions()
    >>> legal
    LegalActions([Mus(), NoMus()])
    >>> mus.Mus() in legal, mus.Pass() in legal, legal[0], len(legal), legal.seat
    (True, False, Mus(), 2, 0)
    >>> str(mus.apply(mus.new_hand(mus.Rules(), seed=1), "no-mus").legal_actions())
    'pass, bet 2+, ordago'
    """

    seat: int | None
    """The seat these actions are for (``None`` once the hand is over)."""
    min_bet: int | None
    """The smallest legal bet or raise, or ``None`` when no bet can be made."""
    max_bet: int | None
    """The largest legal bet or raise (``Rules.max_bet``), or ``None`` without a cap."""
    _kinds: frozenset[type] | None
    _hand: Hand | None
    _state: HandState | None  # kept when house rules' legality hooks must answer ``in``

    def __new__(cls, state: HandState) -> LegalActions:
        return legal_actions(state)

    @classmethod
    def _make(
        cls,
        actions: tuple[Action, ...],
        seat: int | None,
        kinds: frozenset[type] | None,
        hand: Hand | None = None,
        max_bet: int | None = None,
    ) -> LegalActions:
        # ``kinds``: any action of these types is legal (bets of any size up to
        # ``max_bet``); ``None``: exactly the listed actions are (every discard of the
        # hand, or a declaration).
        legal = tuple.__new__(cls, actions)
        _set(legal, "seat", seat)
        _set(legal, "min_bet", MIN_BET if kinds is not None and Bet in kinds else None)
        _set(legal, "max_bet", max_bet)
        _set(legal, "_kinds", kinds)
        _set(legal, "_hand", hand)
        _set(legal, "_state", None)
        return legal

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LegalActions is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        if self._state is not None:
            return (legal_actions, (self._state,))
        return (LegalActions._make, (tuple(self), self.seat, self._kinds, self._hand, self.max_bet))

    def __contains__(self, action: object) -> bool:
        if type(action) is str:
            # Text as apply() reads it: in the answer to a bet, "paso" folds.
            try:
                action = parse_action(action, answering=self._kinds is not None and Accept in self._kinds)
            except MusError:
                return False
        if self._state is not None:
            return _legal(self._state, action, None)
        kinds = self._kinds
        if kinds is None:
            return tuple.__contains__(self, action)
        kind = type(action)
        if kind is Bet and self.max_bet is not None:
            return action.stones <= self.max_bet and kind in kinds  # type: ignore[attr-defined]
        return kind in kinds

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"

    def __str__(self) -> str:
        if self._hand is not None:
            return f"discard 1 to 4 of {self._hand}"
        bets = "+" if self.max_bet is None else f"-{self.max_bet}"
        return ", ".join(str(action) + (bets if isinstance(action, Bet) else "") for action in self)


def _capped(listed: LegalActions, cap: int) -> LegalActions:
    """The same shared list with bets capped at ``cap`` stones (``Rules.max_bet``), or
    without bets when ``cap`` is under the smallest bet (after :data:`MAX_BETS`)."""
    # Keyed by identity: shared lists of different seats are equal as tuples.
    key = (id(listed), cap)
    capped = _CAPPED.get(key)
    if capped is None:
        if cap >= MIN_BET:
            capped = LegalActions._make(tuple(listed), listed.seat, listed._kinds, None, cap)
        else:
            kinds = listed._kinds - {Bet} if listed._kinds is not None else None
            actions = tuple(action for action in listed if type(action) is not Bet)
            capped = LegalActions._make(actions, listed.seat, kinds, None, None)
            # min_bet None: no bet is legal here.
        if len(_CAPPED) < 100_000:  # bounded: caps are small numbers
            _CAPPED[key] = capped
    return capped


_CAPPED: dict[tuple[int, int], LegalActions] = {}


def _lists(
    actions: tuple[Action, ...], exact: bool = False, unlisted: tuple[type, ...] = ()
) -> tuple[LegalActions, ...]:
    """One shared list per seat: every state of the same kind offers the same actions.
    ``unlisted`` kinds are legal (``in`` says so) but not listed."""
    kinds = None if exact else frozenset(type(action) for action in actions) | frozenset(unlisted)
    return tuple(LegalActions._make(actions, seat, kinds) for seat in range(MAX_SEATS))


_NO_ACTIONS = LegalActions._make((), None, frozenset())
_MUS_LISTS = _lists((Mus(), NoMus()))
_OPENING_LISTS = _lists((Pass(), Bet(MIN_BET), Ordago()))
_SERVIDO_LISTS = _lists((NoMus(),))
_ANSWER_LISTS = _lists((Accept(), Fold(), Bet(MIN_BET), Ordago()))
_ORDAGO_ANSWER_LISTS = _lists((Accept(), Fold()))
# A team fold ends the lance as the partners' folds one after another would, so it is
# legal but not listed: listing it would only make random and search players count the
# same outcome twice.
_ANSWER_TEAM_LISTS = _lists((Accept(), Fold(), Bet(MIN_BET), Ordago()), unlisted=(TeamFold,))
_ORDAGO_ANSWER_TEAM_LISTS = _lists((Accept(), Fold()), unlisted=(TeamFold,))
_DECLARE_LISTS = {lance: _lists((_DECLARE[lance, True], _DECLARE[lance, False]), exact=True) for lance in _HAS}


def history_entries(history: object) -> Iterator[tuple[Any, Action]]:
    """The ``(seat, action)`` pairs of ``history``, each checked to be a pair with an
    action value (the seat is checked by :func:`apply`).

    >>> import mus
    >>> list(history_entries([(0, mus.Mus())]))
    [(0, Mus())]
    >>> list(history_entries([(0, "mus")]))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a history entry's action is an action value, got 'mus'
    """
    if isinstance(history, (str, bytes)) or not isinstance(history, Iterable):
        raise MusError(f"a history is a list of (seat, action) pairs, got {quoted(history)}")
    for entry in history:
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise MusError(f"a history entry is a (seat, action) pair, got {quoted(entry)}")
        if type(entry[1]) not in ACTION_TYPES:
            raise MusError(f"a history entry's action is an action value, got {quoted(entry[1])}")
        yield entry[0], entry[1]


def replay(deal: Deal | HandState, history: Iterable[tuple[int, Action]]) -> HandState:
    """Rebuild a hand from its deal (or any of its states) and a ``(seat, action)`` history.

    Declarations the engine derives are checked against the history, not applied.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=5)
    >>> for action in ["mus", "mus", "mus", "no-mus", "bet 3", "accept"]:
    ...     state = mus.apply(state, action)
    >>> mus.replay(state.deal, state.history) == state
    True
    """
    state = start(deal.deal if isinstance(deal, HandState) else deal)
    entries = []
    for seat, action in history_entries(history):
        entries.append((seat, action))
        if derived(action, state.rules):
            continue
        state = apply(state, action, seat)
    if state.history != tuple(entries):
        raise MusError("the history does not match the hand: declarations or order differ")
    return state


# The method is the reducer's function itself: one call less on the hottest path.
HandState.legal_actions = legal_actions  # type: ignore[method-assign, assignment]
