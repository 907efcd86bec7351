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
the possible sets of its size). The sampler moves the cards as faceless tokens
through the public course of the hand (deal, discards, exchanges, reshuffles), pins
the faces the seat saw where it saw them, deals the other faces at random, and keeps
the first world whose hands pass the declarations and señas and whose replay gives
the seat's view: rejection sampling, exact (the seat saw each pinned face in every
consistent world alike, so each consistent world has the same chance to be drawn).
When no world passes within :data:`DRAWS` draws (or :data:`ATTEMPTS`
replays), as with a count that showed a card the seat had discarded in another's
hand, it falls back on a random walk over the consistent worlds that starts from the
real one: two cards the seat never saw trade places, or a seat's discards are drawn
again, each step kept when the world stays consistent (uniform in the limit, but near
the real world after :data:`WALK_STEPS` steps). ``Sample.exact`` says which
method gave a sample.

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

from mus.actions import ACTION_TYPES, Action, Declare, Discard, MusVisto, Signal
from mus.cards import Card, seeded_random
from mus.checks import quoted, seat_arg
from mus.errors import MusError
from mus.hand import Hand
from mus.ranking import Lance
from mus.reducer import apply
from mus.rules import Rules
from mus.state import Deal, HandState, first_state

__all__ = ["ATTEMPTS", "DRAWS", "WALK_STEPS", "Exchange", "Sample", "determinize", "exchange", "sample"]

DRAWS = 5_000
"""Rejection sampling draws at most this many worlds (most fail a cheap test of the
hands, and cost no replay) before the fallback walk..."""
ATTEMPTS = 100
"""... and replays at most this many (the engine's own check of a world)."""
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
    discard (its cards are sampled), else ``None``."""

    who: int
    action: Action
    hidden: int | None


class _Plan(NamedTuple):
    """What the seat knows of one hand, read once from the real state."""

    state: HandState
    seat: int
    view: Any
    steps: tuple[_Step, ...]  # the actions to replay
    expected: tuple[tuple[int, Action], ...]  # the history the seat sees, in order
    events: tuple[tuple[Any, ...], ...]  # the cards' moves and the tests of hands, in order (see _flow)
    fixed: dict[tuple[int, int], Card]  # (stock number, place) -> a card the seat drew there
    restocks: tuple[tuple[Card, ...], ...]  # the real reshuffles' orders
    unseen: tuple[Card, ...]  # the cards the seat never saw


def _plan(state: HandState, seat: int) -> _Plan:
    deal = state.deal
    rules = deal.rules
    team_of = rules.team_of
    explicit = rules.declarations == "explicit"
    sizes = [len(deal.stock)]  # each stock's size: the deal's, then each reshuffle's
    steps: list[_Step] = []
    expected: list[tuple[int, Action]] = []
    events: list[tuple[Any, ...]] = []
    fixed: dict[tuple[int, int], Card] = {}
    restocks: list[tuple[Card, ...]] = []
    seen = set(deal.hands[seat].cards)
    current = state.initial()
    for who, action in state.history:
        kind = type(action)
        if kind is Signal and team_of[who] != team_of[seat]:
            continue  # a seña the seat did not see
        expected.append((who, action))
        if who != seat and (kind is Signal or (kind is Declare and not explicit)):
            events.append(("test", who, _test(action, rules)))
        if kind is Declare and not explicit:
            continue  # the engine derives it
        before = current
        current = apply(before, action, who)
        if isinstance(action, Discard):
            events.append(("discard", len(steps), who, action.cards if who == seat else len(action.cards)))
        elif isinstance(action, MusVisto):
            seen.add(action.card)
            top = None
            if rules.mus_visto == "new-card":  # the holder takes the stock's top card
                top = (before.reshuffles, sizes[before.reshuffles] - len(before.stock))
                if who == seat:
                    fixed[top] = before.stock[0]
            events.append(("visto", who, action.card, top))
        if current.mus_rounds != before.mus_rounds:
            draws, pile, kept = _exchange(before, who, action)
            stocks = {before.reshuffles: before.stock}
            if pile is not None:
                sizes.append(len(pile))
                restocks.append(deal.reshuffled(pile, len(sizes) - 1))
                stocks[len(sizes) - 1] = restocks[-1]
            consumed = sizes[before.reshuffles] - len(before.stock)  # drawn before, from the stock on the table
            placed = []
            for drawer, number, index in draws:
                place = index + consumed if number == before.reshuffles else index
                placed.append((drawer, number, place))
                if drawer == seat:
                    fixed[number, place] = stocks[number][index]
            events.append(("serve", tuple(placed), kept))
        steps.append(_Step(who, action, len(action.cards) if isinstance(action, Discard) and who != seat else None))
    view = state.view(seat)
    for hand in view.hands or ():
        if hand is not None:
            seen.update(hand.cards)
    seen.update(fixed.values())
    unseen = tuple(card for card in state.rules.deck if card not in seen)
    return _Plan(state, seat, view, tuple(steps), tuple(expected), tuple(events), fixed, tuple(restocks), unseen)


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


class Exchange(NamedTuple):
    """The cards an exchange deals (see :func:`exchange`): each card drawn as ``(seat,
    stock, index)``, where ``stock`` is the number of the stock it comes from (the
    state's ``reshuffles`` for the stock on the table, one more for the stock a
    reshuffle makes during the exchange) and ``index`` its place in that stock (from
    the top of the stock on the table, or of the new stock); ``pile``, the cards the
    reshuffle takes, in the order it takes them (``None`` without one); ``kept``, the
    seat whose own discards it keeps out (the last seat served, when it runs short)."""

    draws: tuple[tuple[int, int, int], ...]
    pile: tuple[Card, ...] | None
    kept: int | None


def exchange(state: HandState, seat: int, action: Action) -> Exchange:
    """The exchange that ``seat``'s ``action`` (the last discard, or servido, of a
    round of the mus) makes in ``state``, as the reducer deals it (rules section 4):
    which seat draws which place of which stock, and the pile of a reshuffle.
    Unchecked: ``action`` must end the round.

    >>> import mus
    >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"], seed=7)
    >>> for action in ["mus"] * 4 + ["discard 7e 1b", "discard Co", "discard 1c"]:
    ...     state = mus.apply(state, action)
    >>> exchange(state, 3, mus.Discard.parse("1o"))
    Exchange(draws=((0, 0, 0), (0, 0, 1), (1, 0, 2), (2, 0, 3), (3, 0, 4)), pile=None, kept=None)
    """
    if type(state) is not HandState:
        raise MusError(f"exchange() reads a HandState, got {quoted(state)}")
    if type(action) not in ACTION_TYPES:
        raise MusError(f"exchange() reads an action (a mus.Action), got {quoted(action)}")
    return _exchange(state, seat_arg(seat, state.rules), action)


def _exchange(state: HandState, seat: int, action: Action) -> Exchange:
    """:func:`exchange` unchecked: the engine's own state, seat and action."""
    rules = state.deal.rules
    pending = list(state.pending)
    if type(action) is Discard:
        pending[seat] = action.cards
    order = rules.orders[state.mano]
    pile = list(state.discards) + [card for each in order for card in pending[each]]
    served = [each for each in order if pending[each]]
    number = state.reshuffles
    left = len(state.stock)
    place = 0
    draws: list[tuple[int, int, int]] = []
    shuffled: tuple[Card, ...] | None = None
    kept_seat = None
    for each in served:
        wanted = len(pending[each])
        take = min(wanted, left)
        draws += [(each, number, place + i) for i in range(take)]
        place, left = place + take, left - take
        if take < wanted:
            kept_seat = each if each == served[-1] else None
            kept = pending[each] if kept_seat is not None else ()
            shuffled = tuple(card for card in pile if card not in kept)
            number, place, left = number + 1, 0, len(shuffled)
            more = min(wanted - take, left)
            draws += [(each, number, i) for i in range(more)]
            place, left = more, left - more
    return Exchange(tuple(draws), shuffled, kept_seat)


# --- worlds -------------------------------------------------------------------------------


class _World(NamedTuple):
    """One choice of the hidden cards: the deal (its restocks included) and the cards of
    each other seat's discard, by step."""

    deal: Deal
    discards: dict[int, tuple[Card, ...]]


class _Inconsistent(Exception):
    """The world does not give the seat's view."""


def _flow(plan: _Plan, rng: random.Random) -> _World:
    """A world drawn uniformly among those the seat's view allows, but for the tests of
    hands (declarations, señas) and the engine's own check (:func:`_replay`).

    The 40 cards move as *tokens* whose faces are not known yet: the deal puts tokens
    in the hands and the stock, each other seat discards tokens drawn uniformly, each
    reshuffle orders its tokens uniformly. Every move is public, so tokens need no face
    to move. Faces are then pinned where the seat saw them (its own cards, what it
    drew, a card shown by mus visto, the hands shown at the count) and the other cards
    are dealt uniformly to the other tokens: a uniform world, given what the seat saw.
    A card shown by mus visto pins one of the unknown tokens its holder was dealt at
    that deal (the whole hand at the first deal: rules section 13), drawn uniformly; the
    world is then kept with probability (those unknown tokens) / (the tokens it was
    dealt), the share of the worlds in which the holder could have shown it."""
    real = plan.state.deal
    rules = real.rules
    n = rules.seats
    seat = plan.seat
    deck = rules.deck
    face: list[Card | None] = [None] * len(deck)
    token: dict[Card, int] = {}

    def pin(at: int, card: Card) -> None:
        if face[at] is None and card not in token:
            face[at], token[card] = card, at
        elif face[at] is not card:
            raise _Inconsistent

    hands = [list(range(4 * each, 4 * each + 4)) for each in range(n)]
    stocks = {0: list(range(4 * n, len(deck)))}
    for at, card in zip(hands[seat], real.hands[seat].cards, strict=True):
        pin(at, card)
    fixed = plan.fixed
    for (number, place), card in fixed.items():
        if number == 0:
            pin(stocks[0][place], card)
    pile: list[int] = []
    pending: list[list[int]] = [[] for _ in range(n)]
    dealt = [list(hand) for hand in hands]  # each seat's tokens dealt at the latest deal
    chosen: dict[int, list[int]] = {}
    tests = []
    keep = 1.0
    for event in plan.events:
        kind = event[0]
        if kind == "discard":
            _, index, who, discarded = event
            if who == seat:
                taken = [token[card] for card in discarded]
            else:
                taken = chosen[index] = rng.sample(hands[who], discarded)
            pending[who] = taken
        elif kind == "serve":
            _, draws, kept_seat = event
            for who in range(n):  # the pile's order is the reshuffle's to draw: any will do
                pile += pending[who]
            drawn: list[list[int]] = [[] for _ in range(n)]
            for who, number, place in draws:
                if number not in stocks:
                    kept = pending[kept_seat] if kept_seat is not None else []
                    stocks[number] = _reshuffle(plan, number, [at for at in pile if at not in kept], token, rng)
                    pile = list(kept)
                at = stocks[number][place]
                drawn[who].append(at)
                if who == seat:
                    pin(at, fixed[number, place])
            for who in range(n):
                if pending[who]:
                    hands[who] = [at for at in hands[who] if at not in pending[who]] + drawn[who]
                    pending[who] = []
            dealt = drawn
        elif kind == "visto":
            _, who, card, top = event
            # Rules section 13: the card seen is one dealt at this deal (the whole hand at
            # the first), each of the holder's as likely to be the one turned up.
            showable = [each for each in dealt[who] if each in hands[who]]
            held = token.get(card)
            if held is None:
                unknown = [each for each in showable if face[each] is None]
                if not unknown:
                    raise _Inconsistent
                keep *= len(unknown) / len(showable)
                held = rng.choice(unknown)
                pin(held, card)
            elif held not in showable:
                raise _Inconsistent
            if top is not None:
                new = stocks[top[0]][top[1]]
                hands[who] = [each for each in hands[who] if each != held] + [new]
                pile.append(held)
                if who == seat:
                    pin(new, fixed[top])
        else:
            _, who, test = event
            tests.append((test, tuple(hands[who])))
    shown: tuple[Hand | None, ...] = plan.view.hands or ()
    for who, hand in enumerate(shown):
        if hand is None or who == seat:
            continue
        if any(face[at] is not None and face[at] not in hand.cards for at in hands[who]):
            raise _Inconsistent
        if any(token.get(card, hands[who][0]) not in hands[who] for card in hand.cards):
            raise _Inconsistent
        faces = [card for card in hand.cards if card not in token]
        rng.shuffle(faces)
        for at, card in zip([at for at in hands[who] if face[at] is None], faces, strict=True):
            pin(at, card)
    if keep < 1 and rng.random() >= keep:
        raise _Inconsistent
    free = [card for card in deck if card not in token]
    rng.shuffle(free)
    cards = [free.pop() if card is None else card for card in face]
    for test, tokens in tests:
        if not test(Hand.unchecked([cards[at] for at in tokens])):
            raise _Inconsistent
    return _World(
        Deal.unchecked(
            rules, real.mano, real.scores,
            tuple(Hand.unchecked(cards[4 * each : 4 * each + 4]) for each in range(n)),
            tuple(cards[at] for at in stocks[0]), rng.getrandbits(63), real.corrido,
            tuple(tuple(cards[at] for at in stocks[number]) for number in range(1, len(stocks))),
        ),
        {index: tuple(cards[at] for at in tokens) for index, tokens in chosen.items()},
    )  # fmt: skip


def _reshuffle(plan: _Plan, number: int, pool: list[int], token: dict[Card, int], rng: random.Random) -> list[int]:
    """A uniform order of the tokens of reshuffle ``number``, given that the seat draws
    from it, where it drew them, the cards it had seen before (its own discards)."""
    places = {place: token[card] for (stock, place), card in plan.fixed.items() if stock == number and card in token}
    placed = set(places.values())
    if not placed <= set(pool):
        raise _Inconsistent
    rest = [at for at in pool if at not in placed]
    rng.shuffle(rest)
    return [places[place] if place in places else rest.pop() for place in range(len(pool))]


def _replay(plan: _Plan, world: _World, rng: random.Random | None) -> tuple[HandState, _World]:
    """Play the seat's history on ``world``; with ``rng``, draw the discards the world
    does not give. Raises :class:`_Inconsistent` where the world stops matching the
    seat's view (the engine's own check of a world)."""
    discards = dict(world.discards)
    state = first_state(world.deal)
    expected = plan.expected
    seat = plan.seat
    seen = 0
    for index, (who, action, hidden) in enumerate(plan.steps):
        if hidden is not None:
            cards = discards.get(index)
            if cards is None:
                if rng is None:
                    raise _Inconsistent
                cards = discards[index] = tuple(rng.sample(state.hands[who].cards, hidden))
            action = Discard(cards)
        size = state.actions
        try:
            state = apply(state, action, who)
        except MusError:
            raise _Inconsistent from None
        # The entries this action added (a derived declaration adds several) against the view.
        link = state.log
        added = []
        for _ in range(state.actions - size):
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
    return state, _World(world.deal, discards)


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
    replays = attempt = 0
    for attempt in range(1, DRAWS + 1):
        try:
            world = _flow(plan, rng)
        except _Inconsistent:
            continue
        try:
            found, _ = _replay(plan, world, None)
        except _Inconsistent:
            replays += 1
            if replays >= ATTEMPTS:
                break
            continue
        return Sample(found, True, attempt)
    return Sample(_walk(plan, rng), False, attempt)


def _generator(seed: object) -> random.Random:
    if seed is None or type(seed) is int or type(seed) is str:
        # As random.Random(seed) seeds, and a str with lone surrogates too.
        return seeded_random(seed)
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
    try:
        state, world = _replay(plan, _World(start, discards), None)
    except _Inconsistent:  # pragma: no cover - the real world is consistent by definition
        return real
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
