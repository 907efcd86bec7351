"""``apply(state, action)``: the pure reducer of a hand, one function per transition.

Every action has one validator, :func:`problem`, used both by "can I?"
(:meth:`HandState.is_legal`, :class:`LegalActions`) and by "do it" (:func:`apply`), so
the two never disagree. Transitions build new states by replacement.

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
from typing import Callable, Iterable, Iterator, Sequence

import attrs

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
    NoMus,
    Ordago,
    Pass,
    parse_action,
)
from mus.cards import ALL_CARDS, Card, parse_cards, shuffle
from mus.errors import IllegalActionError, MusError
from mus.hand import HAND_SIZE, Hand
from mus.lances import Lance, has_juego, has_pares
from mus.rules import Rules
from mus.scoring import Count, CountLine, LanceResult, Outcome, count, false_declarations, lance_winner
from mus.state import Betting, Deal, HandState, Phase

__all__ = ["new_hand", "start", "apply", "problem", "replay", "derived", "LegalActions"]


# --- the deal -------------------------------------------------------------------------


def new_hand(
    rules: Rules | None = None,
    *,
    seed: int | str | None = None,
    hands: Sequence[Hand | str] | None = None,
    stock: Sequence[Card | str] | str | None = None,
    mano: int = 0,
    scores: Sequence[int] = (0, 0),
) -> HandState:
    """The state of a fresh hand, dealt from a seeded shuffle or from explicit cards.

    With ``hands`` (listed by seat) the stock is ``stock`` (top first) or, if not given,
    the other cards shuffled by ``seed``. Without ``hands`` the deck is shuffled by
    ``seed`` and dealt four cards a seat from the mano. ``seed`` also drives any
    reshuffle of the discards; a missing seed is drawn at random and kept in the state.

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
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise MusError(f"rules must be a Rules, got {type(rules).__name__}")
    n = rules.seats
    if isinstance(mano, bool) or not isinstance(mano, int) or not 0 <= mano < n:
        raise MusError(f"mano must be a seat from 0 to {n - 1}, got {mano!r}")
    score = _check_scores(scores, rules)
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise MusError(f"a seed is an int or a str, got {type(seed).__name__}")
    if hands is None:
        if stock is not None:
            raise MusError("give the stock only together with the hands")
        cards = shuffle(ALL_CARDS, seed)  # the order of Deck.shuffled(seed)
        # Four cards a seat, the mano first: seat s gets the block (s - mano) mod n.
        starts = [(seat - mano) % n * HAND_SIZE for seat in range(n)]
        held = tuple([Hand._trusted(cards[start : start + HAND_SIZE]) for start in starts])
        rest = cards[n * HAND_SIZE :]
    else:
        held, rest = _explicit(hands, stock, seed, n)
    return start(Deal(rules, mano, score, held, rest, seed))


def _check_scores(scores: Sequence[int], rules: Rules) -> tuple[int, int]:
    if not isinstance(scores, (tuple, list)) or len(scores) != 2:
        raise MusError(f"scores are a pair (team 0, team 1), got {scores!r}")
    for value in scores:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < rules.target:
            raise MusError(f"a score is a whole number from 0 to {rules.target - 1}, got {value!r}")
    return (scores[0], scores[1])


def _explicit(
    hands: Sequence[Hand | str], stock: Sequence[Card | str] | str | None, seed: int | str, n: int
) -> tuple[tuple[Hand, ...], tuple[Card, ...]]:
    if not isinstance(hands, (tuple, list)) or len(hands) != n:
        raise MusError(f"hands are a list of {n} hands by seat, got {hands!r}")
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
    n = deal.rules.seats
    return _replace(
        _BLANK,
        deal=deal,
        hands=deal.hands,
        stock=deal.stock,
        discards=(),
        pending=((),) * n,
        reshuffles=0,
        scores=deal.scores,
        phase=Phase.MUS,
        queue=_mus_speakers(deal.mano, deal.rules),
        betting=None,
        results=(),
        history=(),
        count=None,
        winner=None,
    )


@functools.lru_cache(maxsize=None)
def _order(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


def _mus_speakers(mano: int, rules: Rules) -> tuple[int, ...]:
    """Who says mus or no mus: every seat, or the first seat of each team."""
    order = _order(mano, rules.seats)
    if rules.mus_decision == "seat":
        return order
    teams = rules.teams
    return tuple(seat for index, seat in enumerate(order) if teams[seat] not in {teams[s] for s in order[:index]})


def derived(action: Action, rules: Rules) -> bool:
    """Whether ``action`` in a history is one the engine adds itself (a declaration
    under ``declarations="derived"``), to be checked rather than applied on replay."""
    return type(action) is Declare and rules.declarations == "derived"


def _replace(state: HandState, **changes: object) -> HandState:
    # The hot path of every transition: attrs.evolve re-reads the fields and runs
    # __init__; copying the instance dict is two C calls. (HandState has no slots
    # for this reason.)
    new = _new(HandState)
    values = new.__dict__
    values.update(state.__dict__)
    values.update(changes)
    return new


_new = object.__new__
_set = object.__setattr__
_BLANK = _new(HandState)


# --- validation -----------------------------------------------------------------------


def problem(state: HandState, action: Action, seat: int | None = None) -> str | None:
    """Why ``action`` (by ``seat``, if given) is illegal in ``state``, or ``None`` if legal.

    This one validator serves :func:`apply`, :meth:`HandState.is_legal` and
    :class:`LegalActions`.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), seed=1)
    >>> problem(state, mus.Pass())
    'during the mus, say mus or no-mus, not pass'
    >>> problem(state, mus.Mus(), seat=2)
    "not seat 2's turn: seat 0 speaks"
    """
    to_act = state.queue[0] if state.queue else None
    if to_act is None:
        return "the hand is over"
    kind = type(action)
    if kind not in ACTION_TYPES:
        return f"not an action: {action!r}"
    betting = state.betting
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
        if kind is Mus or kind is NoMus:
            return None
        return f"during the mus, say mus or no-mus, not {action}"
    if phase is Phase.DISCARD:
        if kind is not Discard:
            return f"everyone said mus: discard 1 to 4 cards, not {action}"
        hand = state.hands[to_act]
        missing = [str(card) for card in action.cards if card not in hand]  # type: ignore[union-attr]
        if missing:
            return f"cannot discard {' '.join(missing)}: seat {to_act} holds {hand}"
        return None
    assert betting is not None
    lance = betting.lance
    if phase is Phase.DECLARE:
        if kind is not Declare or action.lance is not lance:  # type: ignore[union-attr]
            return f"say whether you have {lance}: 'declare {lance} yes' or 'declare {lance} no', not {action}"
        return None
    if kind is Declare:
        return f"declarations of {lance} are derived from the cards under these rules"
    if kind is Mus or kind is NoMus or kind is Discard:
        return f"the mus is over: the betting on {lance} is under way"
    if betting.bets == 0:
        if kind is Accept or kind is Fold:
            return f"there is no bet to {'accept' if kind is Accept else 'fold'} in {lance}"
        return None
    if betting.ordago:
        if kind is Bet or kind is Ordago:
            return "nothing can be raised over an órdago: accept or fold"
        if kind is Pass:
            return f"an órdago stands in {lance}: accept or fold"
    elif kind is Pass:
        return f"there is a bet of {betting.stake} in {lance}: accept, fold, raise or ordago"
    return None


# --- the reducer ----------------------------------------------------------------------


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The hand state after the seat to act takes ``action`` (see :func:`mus.apply`).

    >>> import mus
    >>> from mus.reducer import apply
    >>> apply(mus.new_hand(mus.Rules(), seed=1), "no-mus").lance
    <Lance.GRANDE: 0>
    """
    if type(state) is not HandState and not isinstance(state, HandState):
        raise MusError(f"apply() needs a HandState, got {type(state).__name__}")
    if isinstance(action, str):
        action = parse_action(action)
    reason = problem(state, action, seat)
    if reason is not None:
        raise IllegalActionError(reason)
    return _TRANSITIONS[type(action)](state, state.queue[0], action)


def _mus(state: HandState, seat: int, action: Action) -> HandState:
    history = state.history + ((seat, action),)
    if len(state.queue) > 1:
        return _replace(state, queue=state.queue[1:], history=history)
    order = _order(state.mano, state.rules.seats)
    return _replace(state, phase=Phase.DISCARD, queue=order, history=history)


def _declare(state: HandState, seat: int, action: Action) -> HandState:
    history = state.history + ((seat, action),)
    if len(state.queue) > 1:
        return _replace(state, queue=state.queue[1:], history=history)
    betting = state.betting
    assert betting is not None
    n = state.rules.seats
    seats = tuple(who for who, said in history[-n:] if said.has)  # type: ignore[union-attr]
    return _declared(_replace(state, history=history), betting.lance, seats)


def _no_mus(state: HandState, seat: int, action: Action) -> HandState:
    return _open(_replace(state, history=state.history + ((seat, action),)), Lance.GRANDE)


def _discard(state: HandState, seat: int, action: Action) -> HandState:
    pending = list(state.pending)
    pending[seat] = action.cards  # type: ignore[union-attr]
    history = state.history + ((seat, action),)
    if len(state.queue) > 1:
        return _replace(state, pending=tuple(pending), queue=state.queue[1:], history=history)
    return _serve(state, pending, history)


def _serve(state: HandState, pending: list[tuple[Card, ...]], history: tuple[tuple[int, Action], ...]) -> HandState:
    """Deal replacements in speaking order; reshuffle the discards when the stock runs out."""
    order = _order(state.mano, state.rules.seats)
    stock = list(state.stock)
    pile = list(state.discards)
    for seat in order:
        pile.extend(pending[seat])
    hands = list(state.hands)
    reshuffles = state.reshuffles
    for seat in order:
        own = pending[seat]
        drawn = stock[: len(own)]
        del stock[: len(own)]
        if len(drawn) < len(own):
            # RULES.md section 4: the last seat served keeps its own discards out.
            kept = own if seat == order[-1] else ()
            reshuffles += 1
            stock = list(shuffle([card for card in pile if card not in kept], f"{state.deal.seed}/{reshuffles}"))
            pile = list(kept)
            more = len(own) - len(drawn)
            drawn += stock[:more]
            del stock[:more]
        hands[seat] = hands[seat].replace(own, drawn)
    return _replace(
        state,
        hands=tuple(hands),
        stock=tuple(stock),
        discards=tuple(pile),
        pending=((),) * len(order),
        reshuffles=reshuffles,
        phase=Phase.MUS,
        queue=_mus_speakers(state.mano, state.rules),
        history=history,
    )


_HAS: dict[Lance, Callable[[Hand, Rules], bool]] = {Lance.PARES: has_pares, Lance.JUEGO: has_juego}
_DECLARE = {(lance, has): Declare(lance, has) for lance in _HAS for has in (False, True)}


def _open(state: HandState, lance: Lance) -> HandState:
    """Start the betting on ``lance``, or settle it at once when it cannot be bet on."""
    rules = state.rules
    order = _order(state.mano, rules.seats)
    if lance in _HAS:
        if rules.declarations == "explicit":
            return _replace(state, phase=Phase.DECLARE, betting=Betting(lance, ()), queue=order)
        has = _HAS[lance]
        declared = tuple((seat, _DECLARE[lance, has(state.hands[seat], rules)]) for seat in order)
        seats = tuple(seat for seat, declaration in declared if declaration.has)
        return _declared(_replace(state, history=state.history + declared), lance, seats)
    return _replace(state, phase=Phase.BETTING, betting=Betting(lance, order), queue=order)


def _declared(state: HandState, lance: Lance, seats: tuple[int, ...]) -> HandState:
    """Go on once the seats that have pares (juego) are known (RULES.md section 6)."""
    if lance is Lance.JUEGO and not seats:
        return _open(state, Lance.PUNTO)
    teams = {state.rules.teams[seat] for seat in seats}
    if len(teams) < 2:
        result = (
            _result(lance, Outcome.NO_BET, team=teams.pop(), seats=seats)
            if teams
            else _result(lance, Outcome.VOID)
        )
        return _next(_replace(state, results=state.results + (result,)), lance)
    return _replace(state, phase=Phase.BETTING, betting=Betting(lance, seats), queue=seats)


def _next(state: HandState, lance: Lance) -> HandState:
    if lance is Lance.GRANDE or lance is Lance.CHICA:
        return _open(state, Lance(lance + 1))
    if lance is Lance.PARES:
        return _open(state, Lance.JUEGO)
    record = count(state.hands, state.results, state.rules, mano=state.mano, scores=state.scores)
    return _replace(
        state, phase=Phase.FINISHED, betting=None, queue=(), count=record,
        scores=record.scores, winner=record.winner,
    )


def _result(
    lance: Lance, outcome: Outcome, *, stake: int = 0, team: int | None = None, seats: tuple[int, ...] = ()
) -> LanceResult:
    # The engine's results are consistent by construction; the constructor's checks
    # are for results that scripts build by hand.
    result = _new(LanceResult)
    _set(result, "lance", lance)
    _set(result, "outcome", outcome)
    _set(result, "stake", stake)
    _set(result, "team", team)
    _set(result, "seats", seats)
    return result


def _settle(state: HandState, result: LanceResult, history: tuple[tuple[int, Action], ...]) -> HandState:
    return _next(_replace(state, results=state.results + (result,), history=history), result.lance)


def _pass(state: HandState, seat: int, action: Action) -> HandState:
    history = state.history + ((seat, action),)
    if len(state.queue) > 1:
        return _replace(state, queue=state.queue[1:], history=history)
    betting = state.betting
    assert betting is not None
    return _settle(state, _result(betting.lance, Outcome.EN_PASO, seats=betting.seats), history)


def _raise(state: HandState, seat: int, action: Action, stake: int, ordago: bool) -> HandState:
    betting = state.betting
    assert betting is not None
    raised = Betting(betting.lance, betting.seats, stake, betting.stake, betting.bets + 1, seat, ordago, betting.folded)
    return _replace(state, betting=raised, queue=_answerers(state.rules, raised, seat), history=state.history + ((seat, action),))


def _answerers(rules: Rules, betting: Betting, bettor: int) -> tuple[int, ...]:
    """The opposing seats still in the lance, in speaking order after the bettor."""
    return tuple(
        seat
        for seat in _opponents_after(bettor, rules.teams)
        if seat in betting.seats and seat not in betting.folded
    )


@functools.lru_cache(maxsize=None)
def _opponents_after(bettor: int, teams: tuple[int, ...]) -> tuple[int, ...]:
    n = len(teams)
    return tuple(seat for seat in _order((bettor + 1) % n, n) if teams[seat] != teams[bettor])


def _bet(state: HandState, seat: int, action: Action) -> HandState:
    assert state.betting is not None
    return _raise(state, seat, action, state.betting.stake + action.stones, False)  # type: ignore[union-attr]


def _ordago(state: HandState, seat: int, action: Action) -> HandState:
    assert state.betting is not None
    return _raise(state, seat, action, state.betting.stake, True)


def _still_in(betting: Betting, rules: Rules) -> tuple[int, ...]:
    """The seats whose cards and bonuses count for the lance once its betting ends."""
    if not betting.folded or rules.folded_seat_counts:
        return betting.seats
    return tuple(seat for seat in betting.seats if seat not in betting.folded)


def _accept(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    history = state.history + ((seat, action),)
    rules = state.rules
    seats = _still_in(betting, rules)
    if not betting.ordago:
        result = _result(betting.lance, Outcome.ACCEPTED, stake=betting.stake, seats=seats)
        return _settle(state, result, history)
    # An accepted órdago is shown down at once and decides the game.
    liars: tuple[int, ...] = ()
    honest = seats
    if rules.declarations == "explicit":
        liars = false_declarations(betting.lance, state.hands, rules, seats)
        forfeit = {rules.teams[liar] for liar in liars}
        honest = tuple(s for s in seats if rules.teams[s] not in forfeit)
    best = lance_winner(betting.lance, state.hands, rules, state.mano, honest) if honest else None
    # Both teams declared falsely: the team that called the órdago loses it.
    team = rules.teams[best] if best is not None else 1 - rules.teams[betting.bettor or 0]
    line = CountLine(betting.lance, Outcome.ORDAGO, team, best, 0, 0, 0, state.scores, liars)
    record = Count((line,), state.scores, team, betting.lance)
    result = _result(betting.lance, Outcome.ORDAGO, team=team, seats=seats)
    return _replace(
        state, phase=Phase.FINISHED, betting=None, queue=(), results=state.results + (result,),
        history=history, count=record, winner=team,
    )


def _fold(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None and betting.bettor is not None
    history = state.history + ((seat, action),)
    if len(state.queue) > 1:
        folded = Betting(
            betting.lance, betting.seats, betting.stake, betting.previous, betting.bets,
            betting.bettor, betting.ordago, betting.folded + (seat,),
        )
        return _replace(state, betting=folded, queue=state.queue[1:], history=history)
    rules = state.rules
    team = rules.teams[betting.bettor]
    stones = rules.payouts.first_refusal if betting.bets == 1 else betting.previous
    scores = list(state.scores)
    scores[team] += stones
    result = _result(betting.lance, Outcome.REFUSED, stake=stones, team=team, seats=_still_in(betting, rules))
    state = _replace(state, scores=(scores[0], scores[1]))
    if scores[team] >= rules.target:
        # Refusal stones are taken at once and can end the game before any count.
        return _replace(
            state, phase=Phase.FINISHED, betting=None, queue=(), results=state.results + (result,),
            history=history, winner=team,
        )
    return _settle(state, result, history)


_TRANSITIONS: dict[type, Callable[[HandState, int, Action], HandState]] = {
    Mus: _mus,
    NoMus: _no_mus,
    Discard: _discard,
    Pass: _pass,
    Bet: _bet,
    Accept: _accept,
    Fold: _fold,
    Ordago: _ordago,
    Declare: _declare,
}


# --- legal actions and replay ---------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _discards(cards: tuple[Card, ...]) -> tuple[Discard, ...]:
    return tuple(
        Discard._trusted(subset)
        for size in range(1, HAND_SIZE + 1)
        for subset in itertools.combinations(cards, size)
    )


_MUS_ACTIONS: tuple[Action, ...] = (Mus(), NoMus())
_OPENING: tuple[Action, ...] = (Pass(), Bet(MIN_BET), Ordago())
_ANSWERS: tuple[Action, ...] = (Accept(), Fold(), Bet(MIN_BET), Ordago())
_ORDAGO_ANSWERS: tuple[Action, ...] = (Accept(), Fold())


class LegalActions:
    """The legal actions of the seat to act. Supports ``in``, ``len`` and iteration.

    Iteration lists each kind once, bets as ``Bet(min_bet)``; any larger bet is legal
    too, and ``in`` says so (``Bet(9) in legal``). ``str`` shows it as ``bet 2+``.

    >>> import mus
    >>> legal = mus.new_hand(mus.Rules(), seed=1).legal_actions()
    >>> legal
    LegalActions([Mus(), NoMus()])
    >>> mus.Mus() in legal, mus.Pass() in legal
    (True, False)
    >>> str(mus.apply(mus.new_hand(mus.Rules(), seed=1), "no-mus").legal_actions())
    'pass, bet 2+, ordago'
    """

    __slots__ = ("_state", "_actions")

    def __init__(self, state: HandState) -> None:
        self._state = state
        self._actions: tuple[Action, ...] | None = None

    @property
    def seat(self) -> int | None:
        """The seat these actions are for (``None`` once the hand is over)."""
        return self._state.to_act

    @property
    def min_bet(self) -> int | None:
        """The smallest legal bet or raise, or ``None`` when no bet can be made."""
        betting = self._state.betting
        if betting is None or betting.ordago or not self._state.queue or self._state.phase is Phase.DECLARE:
            return None
        return MIN_BET

    def _listed(self) -> tuple[Action, ...]:
        if self._actions is None:
            self._actions = self._list()
        return self._actions

    def _list(self) -> tuple[Action, ...]:
        state = self._state
        if not state.queue:
            return ()
        if state.phase is Phase.MUS:
            return _MUS_ACTIONS
        if state.phase is Phase.DISCARD:
            return _discards(state.hands[state.queue[0]].cards)
        betting = state.betting
        assert betting is not None
        if state.phase is Phase.DECLARE:
            return (_DECLARE[betting.lance, True], _DECLARE[betting.lance, False])
        if betting.bets == 0:
            return _OPENING
        return _ORDAGO_ANSWERS if betting.ordago else _ANSWERS

    def __iter__(self) -> Iterator[Action]:
        actions = self._actions
        if actions is None:
            actions = self._actions = self._list()
        return iter(actions)

    def __len__(self) -> int:
        actions = self._actions
        if actions is None:
            actions = self._actions = self._list()
        return len(actions)

    def __contains__(self, action: object) -> bool:
        return problem(self._state, action) is None  # type: ignore[arg-type]

    def __repr__(self) -> str:
        return f"LegalActions({list(self._listed())!r})"

    def __str__(self) -> str:
        state = self._state
        if state.phase is Phase.DISCARD and state.queue:
            return f"discard 1 to 4 of {state.hands[state.queue[0]]}"
        return ", ".join(str(action) + ("+" if isinstance(action, Bet) else "") for action in self._listed())


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
    entries = list(history)
    for seat, action in entries:
        if derived(action, state.rules):
            continue
        state = apply(state, action, seat)
    if state.history != tuple(entries):
        raise MusError("the history does not match the hand: declarations or order differ")
    return state
