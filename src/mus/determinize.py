"""Determinization: the hidden cards dealt again, consistently with what one seat knows.

Search over imperfect information (OpenSpiel's ``ISMCTSBot``, perfect-information
Monte Carlo, any "sample a world, search it" method) needs complete states that one
seat cannot tell from the real one. :func:`determinize` samples one: a
:class:`~mus.HandState` whose :meth:`~mus.HandState.view` for that seat equals the
real state's, drawn **uniformly over the consistent worlds**.

**What the seat knows**, and so what every sample keeps: its own cards as dealt, its
discards and the cards it drew (at the places of the stock, or of a reshuffled stock,
that it drew them from), every public action (each seat's count of discarded cards,
bets, answers, servido, mus visto and the card it showed), the declarations the engine
derived from the cards (true: rules section 6; explicit ones may be lies and bind
nothing but their public consequences, such as who plays punto or whose refusal
stones a lie forfeits), the señas its partners made (true of the hand that made them:
rules section 13), and the hands shown at the count.

**What is sampled**: the other seats' cards as dealt, the order of the stock, which
cards each other seat discarded (any of its cards, in the public number), the order
of each past reshuffle (given as :attr:`Deal.restocks <mus.Deal.restocks>`) and a
new seed for the reshuffles to come. Señas the seat did not see are left out: it
does not know they were made.

**Uniform.** A *world* is one choice of all of these; each world consistent with the
seat's view is equally likely (no model of how the others play: a discard is any of
the possible sets of its size). The sampler draws worlds that keep the seat's own
cards where it saw them, then keeps the first whose replay gives the seat's view:
rejection sampling, exact. When no consistent world turns up within
:data:`ATTEMPTS` tries (rare señas, a count that showed hands changed by exchanges),
it falls back on a random walk over the consistent worlds that starts from the real
one: two cards the seat never saw trade places, or a seat's discard is drawn again,
each step kept when the world stays consistent (uniform in the limit, but close to the
real world after :data:`WALK_STEPS` steps). :attr:`Sample.exact` says which method
gave a sample.

>>> import mus
>>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"], seed=7)
>>> for action in ["mus"] * 4 + ["discard 7e 1b", "discard Co", "discard 1c", "discard 1o"]:
...     state = mus.apply(state, action)
>>> sample = determinize(state, 0, seed=1)
>>> sample.view(0) == state.view(0), sample.hands[0] == state.hands[0], sample.hands[1] == state.hands[1]
(True, True, False)
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from mus.actions import Action, Declare, Discard, MusVisto, Signal
from mus.cards import ALL_CARDS, Card
from mus.checks import quoted
from mus.errors import MusError
from mus.hand import Hand
from mus.ranking import Lance
from mus.reducer import apply
from mus.rules import Rules
from mus.state import Deal, HandState, first_state

__all__ = ["ATTEMPTS", "DEALS", "WALK_STEPS", "Sample", "determinize", "sample"]

ATTEMPTS = 500
"""Rejection sampling replays this many worlds before the fallback walk."""
DEALS = 50_000
"""... and draws at most this many deals (most fail a cheap test of the hands as dealt
and are not replayed)."""
WALK_STEPS = 200
"""The steps of the fallback walk."""


class Sample(NamedTuple):
    """A sampled state (``state``) and whether rejection sampling drew it (``exact``:
    uniform over the consistent worlds) or the fallback walk did; ``attempts`` is how
    many worlds it tried.

    >>> import mus
    >>> found = sample(mus.new_hand(seed=2), 1, seed=3)
    >>> found.state.view(1) == mus.new_hand(seed=2).view(1), found.exact, found.attempts
    (True, True, 1)
    """

    state: HandState
    exact: bool
    attempts: int


# --- what the seat knows ----------------------------------------------------------------


class _Step(NamedTuple):
    """One action to replay: ``hidden`` is the number of cards of another seat's
    discard (its cards are sampled), else ``None``; ``reshuffle`` the number of the
    reshuffle this action's exchange makes, if it makes one."""

    who: int
    action: Action
    hidden: int | None
    reshuffle: int | None


class _Plan(NamedTuple):
    """What the seat knows of one hand, read once from the real state."""

    state: HandState
    seat: int
    view: Any
    steps: tuple[_Step, ...]
    expected: tuple[tuple[int, Action], ...]  # the history the seat sees, in order
    dealt: dict[int, Hand]  # the hands as dealt that are known (its own; shown and never changed)
    shown: dict[int, Card]  # a card each seat showed at the deal (mus visto), by seat
    fixed: dict[tuple[int, int], Card]  # (stock number, place) -> a card the seat drew there
    unseen: tuple[Card, ...]  # the cards the seat never saw
    restocks: tuple[tuple[Card, ...], ...]  # the real reshuffles' orders
    tests: tuple[tuple[int, Any], ...]  # (seat, test of its hand as dealt): what it declared or signalled
    hopeless: bool  # the count showed a hand that exchanges changed: rejection would not find it


def _plan(state: HandState, seat: int) -> _Plan:
    deal = state.deal
    rules = deal.rules
    team_of = rules.team_of
    explicit = rules.declarations == "explicit"
    sizes = [len(deal.stock)]  # each stock's size: the deal's, then each reshuffle's
    steps: list[_Step] = []
    expected: list[tuple[int, Action]] = []
    shown: dict[int, Card] = {}
    fixed: dict[tuple[int, int], Card] = {}
    restocks: list[tuple[Card, ...]] = []
    seen = set(deal.hands[seat].cards)
    discarded = set()
    tests: list[tuple[int, Any]] = []
    current = state.initial()
    for who, action in state.history:
        kind = type(action)
        if kind is Signal and team_of[who] != team_of[seat]:
            continue  # a seña the seat did not see
        expected.append((who, action))
        if who != seat and who not in discarded and (kind is Signal or (kind is Declare and not explicit)):
            # True of the hand as dealt, which it still holds: tested before any replay.
            tests.append((who, _test(action, rules)))
        if kind is Declare and not explicit:
            continue  # the engine derives it
        before = current
        current = apply(before, action, who)
        if isinstance(action, Discard):
            discarded.add(who)
        elif isinstance(action, MusVisto):
            seen.add(action.card)
            if before.mus_rounds == 0:
                shown[who] = action.card
            if rules.mus_visto == "new-card":
                discarded.add(who)  # its hand changed
                if who == seat:
                    fixed[before.reshuffles, sizes[before.reshuffles] - len(before.stock)] = before.stock[0]
        if current.mus_rounds != before.mus_rounds:
            draws, pile = _exchange(before, who, action, sizes)
            stocks = {before.reshuffles: before.stock}
            if pile is not None:
                sizes.append(len(pile))
                restocks.append(deal.reshuffled(pile, len(sizes) - 1))
                stocks[len(sizes) - 1] = restocks[-1]
            for drawer, number, place in draws:
                if drawer == seat:
                    offset = sizes[number] - len(stocks[number]) if number == before.reshuffles else 0
                    fixed[number, place] = stocks[number][place - offset]
        hidden = len(action.cards) if isinstance(action, Discard) and who != seat else None
        reshuffle = current.reshuffles if current.reshuffles != before.reshuffles else None
        steps.append(_Step(who, action, hidden, reshuffle))
    view = state.view(seat)
    dealt = {seat: deal.hands[seat]}
    hopeless = False
    if view.hands is not None:
        for other, hand in enumerate(view.hands):
            if hand is not None:
                seen.update(hand.cards)
                if other not in discarded:
                    dealt[other] = hand
                elif other != seat:
                    hopeless = True
    seen.update(fixed.values())
    unseen = tuple(card for card in ALL_CARDS if card not in seen)
    return _Plan(
        state, seat, view, tuple(steps), tuple(expected), dealt, shown, fixed, unseen, tuple(restocks),
        tuple(tests), hopeless,
    )  # fmt: skip


def _test(action: Action, rules: Rules) -> Any:
    """The test of a hand that ``action`` (a declaration the engine derived, or a seña)
    says it passes, as the engine reads the hand."""
    if type(action) is Signal:
        sena = action.sena
        return lambda hand: sena.holds(hand, rules)
    assert type(action) is Declare
    has = action.has
    if action.lance is Lance.PARES:
        keys = rules.ranking.keys[Lance.PARES]
        return lambda hand: (keys[hand.multiset] >= 1) is has
    points = rules.ranking.points
    return lambda hand: (points[hand.multiset] >= 31) is has


def _exchange(
    before: HandState, who: int, action: Action, sizes: list[int]
) -> tuple[list[tuple[int, int, int]], list[Card] | None]:
    """The exchange that ``who``'s ``action`` ends in ``before``, as the reducer deals it
    (rules section 4): for each card drawn, ``(seat, stock number, place in that stock)``;
    and the cards a reshuffle shuffles, in the order it takes them, if one is needed."""
    rules = before.deal.rules
    pending = list(before.pending)
    if type(action) is Discard:
        pending[who] = action.cards
    order = rules.orders[before.mano]
    pile = list(before.discards) + [card for each in order for card in pending[each]]
    served = [each for each in order if pending[each]]
    number = before.reshuffles
    left = len(before.stock)
    place = sizes[number] - left
    draws: list[tuple[int, int, int]] = []
    shuffled: list[Card] | None = None
    for each in served:
        wanted = len(pending[each])
        take = min(wanted, left)
        draws += [(each, number, place + i) for i in range(take)]
        place, left = place + take, left - take
        if take < wanted:
            kept = pending[each] if each == served[-1] else ()
            shuffled = [card for card in pile if card not in kept]
            number, place, left = number + 1, 0, len(shuffled)
            more = min(wanted - take, left)
            draws += [(each, number, i) for i in range(more)]
            place, left = more, left - more
    return draws, shuffled


# --- worlds -------------------------------------------------------------------------------


class _World(NamedTuple):
    """One choice of the hidden cards: the deal (its restocks included) and the cards of
    each other seat's discard, by step."""

    deal: Deal
    discards: dict[int, tuple[Card, ...]]


def _deal(plan: _Plan, rng: random.Random) -> Deal:
    """A deal that keeps what the seat knows of the first stock and of the hands as
    dealt, the other cards shuffled uniformly."""
    real = plan.state.deal
    rules = real.rules
    known = {card for hand in plan.dealt.values() for card in hand.cards}
    known.update(plan.shown.values())
    first = {place: card for (number, place), card in plan.fixed.items() if number == 0}
    known.update(first.values())
    pool = [card for card in ALL_CARDS if card not in known]
    rng.shuffle(pool)
    hands = []
    for seat in range(rules.seats):
        hand = plan.dealt.get(seat)
        if hand is None:
            cards = [plan.shown[seat]] if seat in plan.shown else []
            while len(cards) < 4:
                cards.append(pool.pop())
            hand = Hand.unchecked(cards)
        hands.append(hand)
    stock = [first[place] if place in first else pool.pop() for place in range(len(real.stock))]
    return Deal.unchecked(
        rules, real.mano, real.scores, tuple(hands), tuple(stock), rng.getrandbits(63), real.corrido, ()
    )


def _restock(plan: _Plan, number: int, pile: list[Card], rng: random.Random) -> tuple[Card, ...] | None:
    """A uniform order of reshuffle ``number``'s ``pile`` that puts the cards the seat
    drew from it where it drew them; ``None`` if the pile lacks one of them."""
    places = {place: card for (stock, place), card in plan.fixed.items() if stock == number}
    wanted = set(places.values())
    if not wanted <= set(pile):
        return None
    rest = [card for card in pile if card not in wanted]
    rng.shuffle(rest)
    return tuple(places[place] if place in places else rest.pop() for place in range(len(pile)))


class _Inconsistent(Exception):
    """The world does not give the seat's view."""


def _replay(plan: _Plan, world: _World, rng: random.Random | None) -> tuple[HandState, _World]:
    """Play the seat's history on ``world``; with ``rng``, draw the discards (and
    restocks) the world does not give yet. Raises :class:`_Inconsistent` where the
    world stops matching the seat's view."""
    deal, discards = world.deal, dict(world.discards)
    state = first_state(deal)
    expected = plan.expected
    seat = plan.seat
    seen = 0
    played: list[tuple[int, Action]] = []
    for index, (who, action, hidden, reshuffle) in enumerate(plan.steps):
        if hidden is not None:
            cards = discards.get(index)
            if cards is None:
                if rng is None:
                    raise _Inconsistent
                held = state.hands[who].cards
                cards = discards[index] = tuple(rng.sample(held, hidden))
            action = Discard(cards)
        if reshuffle is not None and len(deal.restocks) < reshuffle:
            if rng is None:
                raise _Inconsistent
            _, pile = _exchange(state, who, action, _sizes(plan, deal, state))
            order = None if pile is None else _restock(plan, reshuffle, pile, rng)
            if order is None:
                raise _Inconsistent
            deal = Deal.unchecked(
                deal.rules, deal.mano, deal.scores, deal.hands, deal.stock, deal.seed, deal.corrido,
                (*deal.restocks, order),
            )  # fmt: skip
            state = first_state(deal)
            for earlier_who, earlier in played:
                state = apply(state, earlier, earlier_who)
        size = state._size
        try:
            state = apply(state, action, who)
        except MusError:
            raise _Inconsistent from None
        played.append((who, action))
        # The entries this action added (a derived declaration adds several) against the view.
        link = state._log
        added = []
        for _ in range(state._size - size):
            assert link is not None
            added.append(link[1:])
            link = link[0]
        for entry_who, entry in reversed(added):
            if seen >= len(expected):
                raise _Inconsistent
            real_who, real = expected[seen]
            seen += 1
            if entry_who != real_who:
                raise _Inconsistent
            if entry != real and not (type(entry) is Discard and entry_who != seat and type(real) is Discard):
                raise _Inconsistent
    if seen != len(expected) or state.view(seat) != plan.view:
        raise _Inconsistent
    return state, _World(deal, discards)


def _sizes(plan: _Plan, deal: Deal, state: HandState) -> list[int]:
    """Each stock's size so far (the same in every world: the counts are public)."""
    sizes = [len(deal.stock)]
    for number, order in enumerate(deal.restocks, 1):
        if number <= state.reshuffles:
            sizes.append(len(order))
    return sizes


# --- sampling ------------------------------------------------------------------------------


def determinize(state: HandState, seat: int, *, seed: object = None) -> HandState:
    """A complete state that ``seat`` cannot tell from ``state``, drawn uniformly over
    the consistent worlds (see the module; :func:`sample` also says how it was drawn).

    ``seed`` is ``None``, an int, a str or a :class:`random.Random` to draw from.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(mus.Rules(seats=2), seed=4), "no-mus")
    >>> other = determinize(state, 1, seed=5)
    >>> other.view(1) == state.view(1), other.hands[0] != state.hands[0]
    (True, True)
    >>> determinize(state, 2)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: no seat 2: seats are 0 to 1
    """
    return sample(state, seat, seed=seed).state


def sample(state: HandState, seat: int, *, seed: object = None) -> Sample:
    """:func:`determinize`, with how the state was drawn (a :class:`Sample`)."""
    if type(state) is not HandState:
        raise MusError(f"determinize() reads a HandState, got {quoted(state)}")
    seats = state.deal.rules.seats
    if type(seat) is not int or not 0 <= seat < seats:
        raise MusError(f"no seat {quoted(seat)}: seats are 0 to {seats - 1}")
    rng = seed if isinstance(seed, random.Random) else _generator(seed)
    plan = _cached_plan(state, seat)
    if plan.hopeless:
        return Sample(_walk(plan, rng), False, 0)
    tests = plan.tests
    replays = 0
    for attempt in range(1, DEALS + 1):
        deal = _deal(plan, rng)
        if tests and not all(test(deal.hands[who]) for who, test in tests):
            continue
        try:
            found, _ = _replay(plan, _World(deal, {}), rng)
        except _Inconsistent:
            replays += 1
            if replays >= ATTEMPTS:
                break
            continue
        return Sample(found, True, attempt)
    return Sample(_walk(plan, rng), False, attempt)


def _generator(seed: object) -> random.Random:
    if seed is None or (type(seed) in (int, str)):
        return random.Random(seed)  # type: ignore[arg-type]
    raise MusError(f"a seed is None, an int, a str or a random.Random, got {quoted(seed)}")


_PLANS: dict[tuple[int, int], _Plan] = {}


def _cached_plan(state: HandState, seat: int) -> _Plan:
    """The plan of ``state`` for ``seat``: search samples one state many times over."""
    plan = _PLANS.get((id(state), seat))
    if plan is None or plan.state is not state:
        plan = _plan(state, seat)
        if len(_PLANS) >= 64:
            _PLANS.clear()
        _PLANS[id(state), seat] = plan
    return plan


def _walk(plan: _Plan, rng: random.Random) -> HandState:
    """The fallback: a random walk over consistent worlds from the real one (see the
    module)."""
    real = plan.state
    deal = real.deal
    start = Deal.unchecked(
        deal.rules, deal.mano, deal.scores, deal.hands, deal.stock, rng.getrandbits(63), deal.corrido,
        plan.restocks,
    )  # fmt: skip
    discards = {
        index: step.action.cards
        for index, step in enumerate(plan.steps)
        if step.hidden is not None and isinstance(step.action, Discard)
    }
    state, world = _replay(plan, _World(start, discards), None)
    unseen = plan.unseen
    for _ in range(WALK_STEPS):
        if len(unseen) >= 2 and (not world.discards or rng.random() < 0.5):
            one, other = rng.sample(unseen, 2)
            proposal = _swapped(world, {one: other, other: one})
            draw = None
        else:
            index = rng.choice(sorted(world.discards))
            who = plan.steps[index].who
            kept = {i: cards for i, cards in world.discards.items() if i < index or plan.steps[i].who != who}
            proposal, draw = _World(world.deal, kept), rng
        try:
            state, world = _replay(plan, proposal, draw)
        except _Inconsistent:
            continue
    return state


def _swapped(world: _World, swap: dict[Card, Card]) -> _World:
    """``world`` with the cards of ``swap`` trading places everywhere."""

    def moved(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(swap.get(card, card) for card in cards)

    deal = world.deal
    return _World(
        Deal.unchecked(
            deal.rules, deal.mano, deal.scores,
            tuple(Hand.unchecked(moved(hand.cards)) for hand in deal.hands), moved(deal.stock),
            deal.seed, deal.corrido, tuple(moved(order) for order in deal.restocks),
        ),
        {index: moved(cards) for index, cards in world.discards.items()},
    )  # fmt: skip
