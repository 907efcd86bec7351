"""``apply(state, action)``: the pure reducer of a hand, from the deal through the mus.

What the seat to act may do is the state's to say (:func:`mus.state.allowed`, the
engine's one validator, which :meth:`HandState.is_legal`, :meth:`HandState.legal_actions`
and :func:`apply` all ask, so "can I?" and "do it" never disagree); this module deals
a hand (:func:`new_hand`), plays the mus (mus, no-mus, the discards and the new cards,
señas and mus visto) and hands each action of the lances to :mod:`mus.betting`;
:mod:`mus.refusals` words why an action is refused. Transitions build each new state
from a draft of the old one (:func:`mus.state.draft_after`): the fields that did not
change are shared, the history grows by one link, so an action costs the same at any
length of hand.

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
import secrets
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain, filterfalse
from operator import attrgetter
from typing import Any

import mus.legal
import mus.state
from mus.actions import (
    ACTION_TYPES,
    Action,
    Declare,
    Discard,
    Mus,
    MusVisto,
    NoMus,
    Servido,
    Signal,
    parse_action,
)
from mus.betting import MOVES as LANCE_MOVES
from mus.betting import open_lance
from mus.cards import ALL_CARDS, SEED_LIMIT, Card, parse_cards, seed_arg, shuffled_positions
from mus.errors import IllegalActionError, MusError, moved, quoted, type_name
from mus.hand import HAND_SIZE, Hand
from mus.refusals import problem, why
from mus.rules import Rules
from mus.scoring import MAX_SEATS
from mus.state import (
    Cards,
    Deal,
    Draft,
    HandState,
    Phase,
    allowed,
    draft_after,
    event_problem,
    first_state,
    mus_speakers,
    refuser,
    start,
)
from mus.table import exchange

__all__ = ["apply", "derived", "history_entries", "new_hand", "problem", "replay"]


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
    restocks: Sequence[Sequence[Card | str] | str] = (),
) -> HandState:
    """The state of a fresh hand, dealt from a seeded shuffle or from explicit cards.

    With ``hands`` (listed by seat) the stock is ``stock`` (top first) or, if not given,
    the other cards shuffled by ``seed``. Without ``hands`` the deck is shuffled by
    ``seed`` and dealt four cards a seat from the mano. ``seed`` also drives any
    reshuffle of the discards; a missing seed is drawn at random and kept in the state.
    ``scores`` has one entry per side (default all 0). ``corrido`` says whether mus
    corrido applies to this hand (``Rules.mus_corrido``: the seat that cuts the mus
    becomes the mano); by default it does under the knob when every score is 0, the
    first hand of a game (a match says so itself for the hands it deals). ``restocks``
    gives the cards drawn from each stock the discards are reshuffled into, top first
    (:attr:`Deal.restocks <mus.table.Deal.restocks>`: a hand read from a paper record);
    by default the seed orders every reshuffle.

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
        deck = rules.deck
        if len(deck) == len(ALL_CARDS):
            # The order of Deck.shuffled(seed), as card numbers: dealing sorts small ints.
            held, rest = Hand.from_deck(shuffled_positions(len(ALL_CARDS), seed), _blocks(mano, n), n * HAND_SIZE)
        else:
            # A reduced deck (Rules.ranks, Rules.suits), shuffled as mus.cards.shuffle would.
            order = shuffled_positions(len(deck), seed).translate(_numbers(deck))
            held, rest = Hand.from_deck(order, _blocks(mano, n), n * HAND_SIZE)
    else:
        held, rest = _explicit(hands, stock, seed, n, rules.deck)
    if corrido is None:
        corrido = rules.mus_corrido != "off" and not any(score)
    elif type(corrido) is not bool:
        raise MusError(f"corrido is True or False, got {quoted(corrido)}")
    return first_state(Deal.unchecked(rules, mano, score, held, rest, seed, corrido, _restocks(restocks)))


def _restocks(restocks: Sequence[Sequence[Card | str] | str]) -> tuple[tuple[Card, ...], ...]:
    # The type first (a value's own __bool__ is not asked); the default, no restocks,
    # costs one type test on new_hand's path.
    if type(restocks) is tuple:
        if not restocks:
            return ()
    elif not isinstance(restocks, (tuple, list)):
        raise MusError(f"restocks are a list of the cards drawn from each reshuffle, got {quoted(restocks)}")
    elif not restocks:
        return ()
    tops = tuple(parse_cards(top) for top in restocks)
    for top in tops:
        if len(set(top)) != len(top):
            raise MusError(f"a restock names each card once, got {' '.join(map(str, top))}")
    return tops


@functools.lru_cache(maxsize=64)
def _numbers(deck: tuple[Card, ...]) -> bytes:
    """The ``bytes.translate`` table from a position in ``deck`` to the card's number
    (its position in :data:`~mus.cards.ALL_CARDS`)."""
    return bytes(card.index for card in deck).ljust(256, b"\0")


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
_ZEROS = {sides: (0,) * sides for sides in range(2, MAX_SEATS + 1)}


def _explicit(
    hands: Sequence[Hand | str],
    stock: Sequence[Card | str] | str | None,
    seed: int | str,
    n: int,
    deck: tuple[Card, ...],
) -> tuple[tuple[Hand, ...], tuple[Card, ...]]:
    whole_deck = _DECK if len(deck) == len(ALL_CARDS) else frozenset(deck)
    if not isinstance(hands, (tuple, list)) or len(hands) != n:
        raise MusError(f"hands are a list of {n} hands by seat, got {quoted(hands)}")
    held = tuple(hands) if set(map(type, hands)) == _HAND_TYPE else tuple(map(_hand, hands))
    # C-level passes only: a card hashes by identity (there is one value per card), and
    # each Python-level loop turn would cost more than a whole pass.
    dealt = tuple(chain.from_iterable(map(_CARDS, held)))
    if stock is not None:
        # Every card once: the 40 cards are 40 objects, so the set of what was given is
        # the deck's only when each card is given once and nothing else is.
        if type(stock) is tuple and len(dealt) + len(stock) == len(deck):
            try:
                whole = set(dealt + stock) == whole_deck
            except TypeError:  # something unhashable: parse_cards below says what
                whole = False
            if whole:
                return held, stock
        rest = parse_cards(stock)
        if len(dealt) + len(rest) == len(deck) and set(dealt + rest) == whole_deck:
            return held, rest
    taken = set(dealt)
    if len(taken) != len(dealt):
        twice = next(card for card in dealt if dealt.count(card) > 1)
        raise MusError(f"card {twice} is dealt twice")
    outside = next((card for card in dealt if card not in whole_deck), None)
    if outside is not None:
        raise MusError(f"card {outside} is not in the deck of these rules (Rules.ranks, Rules.suits)")
    if stock is not None:
        raise MusError("the stock must hold exactly the cards not in the hands, each once")
    # The free cards, in deck order, shuffled by the seed as mus.cards.shuffle would.
    free = tuple(filterfalse(taken.__contains__, deck))
    return held, tuple(map(free.__getitem__, shuffled_positions(len(free), seed)))


def _hand(value: Hand | str) -> Hand:
    return value if isinstance(value, Hand) else Hand.parse(value)


_HAND_TYPE = {Hand}
_DECK = frozenset(ALL_CARDS)
_CARDS = attrgetter("cards")


_MUS = Phase.MUS
_DISCARD = Phase.DISCARD
_tuple = tuple.__new__


def derived(action: Action, rules: Rules) -> bool:
    """Whether ``action`` in a history is one the engine adds itself (a declaration
    under ``declarations="derived"``), to be checked rather than applied on replay.

    >>> import mus
    >>> yes = mus.Declare(mus.Lance.PARES, True)
    >>> derived(yes, mus.Rules()), derived(yes, mus.Rules(declarations="explicit")), derived(mus.Pass(), mus.Rules())
    (True, False, False)
    """
    return type(action) is Declare and rules.declarations == "derived"


# --- validation -----------------------------------------------------------------------


def _event(state: HandState, action: Signal | MusVisto, seat: int | None) -> HandState:
    reason = event_problem(state, action, seat)
    if reason is not None:
        raise IllegalActionError(reason)
    if isinstance(action, Signal):
        # A seña takes no turn: the history records it, and the partners' views show it.
        return draft_after(state, state.queue[0] if seat is None else seat, action).freeze()
    holder = next(s for s, hand in enumerate(state.hands) if action.card in hand)
    draft = draft_after(state, holder, action)
    cards = state.cards  # a mus visto is rare: _replace's cost does not count here
    reading = state.deal.rules.mus_visto
    if reading == "forced":
        # rules section 13: nobody may cut; each seat in turn discards or says servido.
        draft.cards = cards._replace(forced=())
        draft.phase = _DISCARD
        draft.queue = state.deal.rules.orders[state.mano]
    elif reading == "servido":
        draft.cards = cards._replace(servido=holder)
    else:
        # The seat takes a new card from the stock; the seen card goes to the discards.
        held = list(cards.hands)
        kept = [card for card in cards.hands[holder].cards if card != action.card]
        held[holder] = Hand.unchecked([*kept, cards.stock[0]])
        draft.cards = cards._replace(hands=tuple(held), stock=cards.stock[1:], discards=(*cards.discards, action.card))
    return draft.freeze()


# --- the reducer ----------------------------------------------------------------------


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The hand state after the seat to act takes ``action``.

    ``state`` is never changed. ``action`` may be an action value or its text
    (``"envido 5"``); with ``seat``, the action is also checked to come from the seat
    whose turn it is. An illegal action raises :class:`~mus.IllegalActionError`.
    (:func:`mus.apply` takes a hand's state or a match's.)

    >>> import mus
    >>> state = new_hand(mus.Rules(), seed=1)
    >>> after = apply(state, "mus")
    >>> state.to_act, after.to_act
    (0, 1)
    >>> apply(after, mus.Bet(5))
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: during the mus, say mus or no-mus, not bet 5
    """
    if type(state) is not HandState:
        raise MusError(
            f"mus.reducer.apply() needs a HandState, got {type_name(state)} (mus.apply() also plays matches)"
        )
    if seat is not None and type(seat) is not int:
        raise IllegalActionError(f"a seat is a whole number, got {quoted(seat)}")
    said: str | None = None
    if isinstance(action, str):
        said = action
        betting = state.betting
        # rules section 7: in the answer to a bet, "paso" means fold.
        action = parse_action(action, answering=betting is not None and betting.bets > 0)
    queue = state.queue
    if (
        queue
        and (seat is None or seat == queue[0])
        and allowed(state, action)
        and (not state.deal.rules.gates or refuser(state, action) is None)
    ):
        return _MOVES[type(action)](state, queue[0], action)
    kind = type(action)
    if kind is Signal or kind is MusVisto:
        return _event(state, action, seat)  # type: ignore[arg-type]
    raise IllegalActionError(why(state, action, seat, said))


def _mus(state: HandState, seat: int, action: Action) -> HandState:
    draft = draft_after(state, seat, action)
    if len(state.queue) > 1:
        draft.queue = state.queue[1:]
    else:
        draft.phase = _DISCARD
        draft.queue = state.deal.rules.orders[state.mano]
    return draft.freeze()


def _no_mus(state: HandState, seat: int, action: Action) -> HandState:
    draft = draft_after(state, seat, action)
    if state.deal.corrido:
        # Mus corrido (rules section 13): the seat that cuts becomes the mano.
        draft.mano = seat
    return open_lance(draft, state.deal.rules.first_lance)


def _discard(state: HandState, seat: int, action: Action) -> HandState:
    draft = draft_after(state, seat, action)
    hands, stock, discards, waiting, reshuffles, servido, mus_rounds, forced = state.cards
    pending = list(waiting)
    pending[seat] = action.cards  # type: ignore[union-attr]
    if len(state.queue) > 1:
        # Built as a plain tuple is (a seat's discard is common): _replace costs more.
        draft.cards = _tuple(Cards, (hands, stock, discards, tuple(pending), reshuffles, servido, mus_rounds, forced))
        draft.queue = state.queue[1:]
        return draft.freeze()
    return _serve(draft, pending)


def _servido(state: HandState, seat: int, action: Action) -> HandState:
    """A seat keeps its cards in the exchange a mus visto forced (rules section 13):
    under ``mus_decision="team"`` the word speaks for its partners still to speak too."""
    draft = draft_after(state, seat, action)
    cards = state.cards
    rules = state.deal.rules
    queue = state.queue[1:]
    if rules.mus_decision == "team":
        side = rules.team_of[seat]
        queue = tuple(other for other in queue if rules.team_of[other] != side)
    draft.cards = cards._replace(forced=(*(cards.forced or ()), seat))
    if queue:
        draft.queue = queue
        return draft.freeze()
    return _serve(draft, list(cards.pending))


def _serve(draft: Draft, pending: list[tuple[Card, ...]]) -> HandState:
    """Deal replacements in speaking order (:func:`~mus.table.exchange`). After an
    exchange a mus visto forced, once anyone said servido, the betting starts (rules
    section 13); else the mus goes on."""
    deal = draft.deal
    held, left, discarded, _, reshuffles, servido, mus_rounds, forced = draft.cards
    hands, stock, pile, reshuffles = exchange(deal, draft.mano, (held, left, discarded, reshuffles), pending)
    draft.cards = _tuple(Cards, (hands, stock, pile, ((),) * len(hands), reshuffles, servido, mus_rounds + 1, None))
    if forced:
        return open_lance(draft, deal.rules.first_lance)
    draft.phase = _MUS
    draft.queue = mus_speakers(draft.mano, deal.rules)
    return draft.freeze()


_MOVES: dict[type, Callable[[HandState, int, Any], HandState]] = {
    Mus: _mus,
    NoMus: _no_mus,
    Discard: _discard,
    Servido: _servido,
    **LANCE_MOVES,
}
"""What each action does, once :func:`mus.state.allowed` says the seat to act may take it."""

# --- replay -----------------------------------------------------------------------------


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
    try:
        entries = iter(history)
    except Exception:  # the caller's value fails to iterate
        raise MusError(f"a history is a list of (seat, action) pairs, got {quoted(history)}") from None
    for entry in entries:
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


# Names that moved down in 0.2.0, and left in 0.3.0: reading one says where it went.
__getattr__: Callable[[str], Any] = moved(
    "mus.reducer",
    {},
    removed={"LegalActions": mus.legal, "legal_actions": mus.state, "MAX_BETS": mus.state, "MAX_MUS_ROUNDS": mus.state},
    removed_in="0.3.0",
)
