"""``apply(state, action)``: the pure reducer of a hand of Mus individuel.

What a player may do is the state's to say: one validator,
:func:`mus.individuel.state.problem`, says whether an action is legal and why not, and
:func:`apply`, :func:`~mus.individuel.state.legal_actions` and
:meth:`HandState.is_legal` all ask it, so "can I?" and "do it" never disagree. This
module says what each action does; each transition builds the next state from a draft
of the old one.

The betting (seed ``000``): from the mano each player passes or bets, as in the
four-card game. After the first bet the others answer in turn, in the speaking order,
until the turn comes back to the player who opened; then a second round turns the
other way and ends with him, and so on, in alternating directions, until every player
still in has matched the stake. A player who folds is out of the lance and forfeits
what he had staked; a bet can stake no more stones than its bettor holds, and nobody
can raise over a bet of all one's remaining stones. An órdago is shown down at once
among those in it, and the worst hand takes all their stones; the hand goes on.

>>> from mus.individuel import apply, new_hand
>>> state = new_hand(cards=["Ro Rc 7e 1b 5o", "Cc Co 5b 4e 6o", "Se 6c 5e 1c 4o"], rules=IndividuelRules(players=3))
>>> for action in ["discard 5o", "discard 6o", "discard 4o", "bet 2", "fold", "accept"]:
...     state = apply(state, action)
>>> state.lance, state.results[0].outcome, state.results[0].seats
(<Lance.CHICA: 1>, <Outcome.ACCEPTED: 'accepted'>, (0, 2))
>>> apply(state, "quiero")
Traceback (most recent call last):
...
mus.errors.IllegalActionError: there is no bet to accept ("quiero") in chica
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import mus.legal
from mus.actions import Accept, Action, Bet, Discard, Fold, Ordago, Pass, parse_action
from mus.errors import IllegalActionError, MusError, moved
from mus.hand import Hand
from mus.individuel import state as individuel_state
from mus.individuel.deal import new_hand
from mus.individuel.rules import IndividuelRules
from mus.individuel.scoring import best, bonus, en_paso, has, worst
from mus.individuel.state import (
    ORDAGO_PUT,
    Betting,
    Deal,
    HandState,
    LanceResult,
    Move,
    Outcome,
    Phase,
    problem,
    start,
)
from mus.ranking import Lance
from mus.reducer import history_entries

__all__ = ["apply", "new_hand", "replay"]


# --- drafts ---------------------------------------------------------------------------


class _Draft:
    """The next state under construction, with the acting seat's action logged."""

    def __init__(self, state: HandState, seat: int, action: Action) -> None:
        self.deal = state.deal
        self.rules = state.deal.rules
        self.phase = state.phase
        self.held = list(state.held)
        self.hands = list(state.hands)
        self.discards = list(state.discards)
        self.stones = list(state.stones)
        self.pot = state.pot
        self.betting = state.betting
        self.queue = state.queue
        self.results = state.results
        self.moves = state.moves
        self.loser: int | None = state.loser
        self.history = (*state.history, (seat, action))

    def freeze(self) -> HandState:
        state = object.__new__(HandState)
        values: dict[str, Any] = {
            "deal": self.deal, "phase": self.phase, "held": tuple(self.held), "hands": tuple(self.hands),
            "discards": tuple(self.discards), "stones": tuple(self.stones), "pot": self.pot,
            "betting": self.betting, "queue": self.queue, "results": self.results, "moves": self.moves,
            "loser": self.loser, "history": self.history,
        }  # fmt: skip
        for name, value in values.items():
            object.__setattr__(state, name, value)
        return state

    def hand(self, seat: int) -> Hand:
        hand = self.hands[seat]
        assert hand is not None
        return hand

    def shed(self, lance: Lance, seat: int, owed: int, why: str) -> None:
        """``seat`` sheds ``owed`` stones into the basket, or all it has if fewer."""
        stones = min(owed, self.stones[seat])
        self.stones[seat] -= stones
        self.pot += stones
        self.moves += (Move(lance, seat, stones, owed=owed, why=why),)
        self._check_end()

    def give(self, lance: Lance, seat: int, to: int, why: str) -> None:
        """``seat`` gives all its stones to ``to`` (the loser of an órdago)."""
        stones = self.stones[seat]
        self.stones[seat] = 0
        self.stones[to] += stones
        self.moves += (Move(lance, seat, stones, to=to, owed=stones, why=why),)
        self._check_end()

    def _check_end(self) -> None:
        holding = [seat for seat, stones in enumerate(self.stones) if stones > 0]
        if len(holding) == 1:
            # The last player holding stones loses the game; nothing more is counted.
            self.loser = holding[0]

    def alive(self, seats: Iterable[int]) -> tuple[int, ...]:
        """The seats whose cards still count: all of them, or under
        ``zero_mid_hand="out"`` those that still hold stones."""
        if self.rules.zero_mid_hand == "out":
            return tuple(seat for seat in seats if self.stones[seat] > 0)
        return tuple(seats)


def _finish(draft: _Draft) -> HandState:
    draft.phase = Phase.FINISHED
    draft.betting = None
    draft.queue = ()
    return draft.freeze()


# --- the transitions ------------------------------------------------------------------


def _discard(state: HandState, seat: int, action: Discard) -> HandState:
    draft = _Draft(state, seat, action)
    card = action.cards[0]
    kept = tuple(c for c in state.held[seat] if c != card)
    draft.held[seat] = kept
    draft.hands[seat] = Hand(kept)
    draft.discards[seat] = card
    draft.queue = state.queue[1:]
    if draft.queue:
        return draft.freeze()
    draft.phase = Phase.BETTING
    return _open(draft, Lance.GRANDE)


_NEXT = {Lance.GRANDE: Lance.CHICA, Lance.CHICA: Lance.PARES, Lance.PARES: Lance.JUEGO}


def _open(draft: _Draft, lance: Lance) -> HandState:
    """Start the betting on ``lance``, or settle it at once when fewer than two
    players can bet on it."""
    rules = draft.rules
    order = draft.alive(draft.deal.seats)
    if lance is Lance.JUEGO and not any(has(lance, draft.hand(seat), rules) for seat in order):
        lance = Lance.PUNTO
    competing = tuple(seat for seat in order if has(lance, draft.hand(seat), rules))
    speakers = tuple(seat for seat in competing if draft.stones[seat] > 0)
    if not competing:
        return _settled(draft, LanceResult(lance, Outcome.VOID))
    if len(competing) == 1 and lance in (Lance.PARES, Lance.JUEGO):
        return _settled(draft, LanceResult(lance, Outcome.ALONE, competing, taker=competing[0]))
    if len(speakers) < 2:
        return _settled(draft, LanceResult(lance, Outcome.EN_PASO, competing))
    draft.betting = Betting(lance, speakers, competing, puts=(0,) * rules.players)
    draft.queue = speakers
    return draft.freeze()


def _settled(draft: _Draft, result: LanceResult) -> HandState:
    """Record how the lance's betting ended and go on to the next lance, or count."""
    draft.results += (result,)
    draft.betting = None
    if draft.loser is not None:
        return _finish(draft)
    following = _NEXT.get(result.lance)
    if following is not None:
        return _open(draft, following)
    return _count(draft)


def _pass(state: HandState, seat: int, action: Action) -> HandState:
    draft = _Draft(state, seat, action)
    draft.queue = state.queue[1:]
    if draft.queue:
        return draft.freeze()
    betting = state.betting
    assert betting is not None
    return _settled(draft, LanceResult(betting.lance, Outcome.EN_PASO, betting.competing))


def _put(betting: Betting, seat: int, stake: int) -> tuple[int, ...]:
    puts = list(betting.puts)
    puts[seat] = stake
    return tuple(puts)


def spoken(
    betting: Betting, seat: int, action: Action, held: int, queue: tuple[int, ...]
) -> tuple[Betting, tuple[int, ...]]:
    """The betting, and the seats to speak next, after ``seat`` (first in ``queue``,
    holding ``held`` stones) bets, raises, goes órdago, accepts or folds. Unchecked: the
    engine's, and the view replay's."""
    kind = type(action)
    if kind is Accept:
        return betting._replace(puts=_put(betting, seat, betting.stake)), queue[1:]
    if kind is Fold:
        return betting._replace(folded=(*betting.folded, seat)), queue[1:]
    if isinstance(action, Bet):
        stake = betting.stake + action.stones
        all_in = stake == held
    else:
        stake, all_in = ORDAGO_PUT, False
    betting = betting._replace(stake=stake, puts=_put(betting, seat, stake), bettor=seat, all_in=all_in)
    if betting.lap == 0:
        # The first bet: the first round turns in the speaking order, back to the opener.
        betting = betting._replace(opener=seat, lap=1, forward=True)
        return betting, answer_lap(betting, first=True)
    return betting, queue[1:]


def _speak(state: HandState, seat: int, action: Action) -> HandState:
    betting = state.betting
    assert betting is not None
    draft = _Draft(state, seat, action)
    draft.betting, draft.queue = spoken(betting, seat, action, state.stones[seat], state.queue)
    return _go_on(draft)


def answer_lap(betting: Betting, first: bool = False) -> tuple[int, ...]:
    """The seats of a round of answers: from the opener's neighbour in the round's
    direction, around the table, back to the opener, who speaks last except in the
    first round (he opened it)."""
    seats = betting.seats
    assert betting.opener is not None
    at = seats.index(betting.opener)
    lap = seats[at + 1 :] + seats[:at] if betting.forward else seats[:at][::-1] + seats[at + 1 :][::-1]
    if not first:
        lap += (betting.opener,)
    return tuple(seat for seat in lap if seat not in betting.folded)


def still_to_match(betting: Betting, queue: tuple[int, ...]) -> tuple[int, ...]:
    """``queue`` from its first seat that has not matched the stake and is still in."""
    for index, seat in enumerate(queue):
        if seat not in betting.folded and betting.puts[seat] < betting.stake:
            return queue[index:]
    return ()


def _go_on(draft: _Draft) -> HandState:
    """After an answer: the next to speak, a new round the other way, or the end."""
    betting = draft.betting
    assert betting is not None
    still_in = betting.still_in
    if len(still_in) == 1:
        return _refused(draft, betting, still_in[0])
    queue = still_to_match(betting, draft.queue)
    if not queue and any(betting.puts[seat] < betting.stake for seat in still_in):
        # « On commence alors le deuxième tour d'Enchères ... en sens contraire du premier ».
        betting = betting._replace(lap=betting.lap + 1, forward=not betting.forward)
        draft.betting = betting
        queue = still_to_match(betting, answer_lap(betting))
    if queue:
        draft.queue = queue
        return draft.freeze()
    if betting.ordago:
        return _ordago(draft, betting, still_in)
    forfeits = sum(betting.puts[seat] for seat in betting.folded)
    return _settled(draft, LanceResult(betting.lance, Outcome.ACCEPTED, still_in, betting.stake, forfeits))


def refusal(betting: Betting, rules: IndividuelRules) -> tuple[int, str]:
    """The stones the last bettor sheds when every other player folded ``betting``, and
    why: 1 stone when nobody had staked anything (a first bet refused), else under
    ``refused_raise="forfeits"`` what they had staked, summed, and under
    ``"previous-stake"`` the stake that stood before his last raise (the most any other
    player had staked). Unchecked: the engine's, and the view replay's."""
    staked = [min(betting.puts[seat], ORDAGO_PUT - 1) for seat in betting.folded]
    if rules.refused_raise == "previous-stake":
        stones, why = max(staked, default=0), "refused, the stake before the raise"
    else:
        stones, why = sum(staked), "refused, staked by those who folded"
    if not stones:
        stones, why = 1, "refused first bet"
    return stones, why


def _refused(draft: _Draft, betting: Betting, taker: int) -> HandState:
    """Every other player folded: the last bettor sheds the :func:`refusal` stones at once."""
    stones, why = refusal(betting, draft.rules)
    draft.shed(betting.lance, taker, stones, why)
    return _settled(draft, LanceResult(betting.lance, Outcome.REFUSED, (taker,), stones, taker=taker))


def _ordago(draft: _Draft, betting: Betting, seats: tuple[int, ...]) -> HandState:
    """An accepted órdago: the cards of those in it are shown among them, and the
    worst hand takes all their stones (« récupère toutes les Pierres en jeu »)."""
    lance = betting.lance
    loser = worst(lance, draft.hands, seats, draft.rules)
    for seat in seats:
        if seat != loser:
            draft.give(lance, seat, loser, "órdago")
    return _settled(draft, LanceResult(lance, Outcome.ORDAGO, seats, taker=loser))


# --- the count ------------------------------------------------------------------------


def _count(draft: _Draft) -> HandState:
    """Each lance's winner sheds what it won, in lance order; the count stops the
    moment one player alone holds stones (he has lost the game)."""
    rules = draft.rules
    for result in draft.results:
        lance, outcome = result.lance, result.outcome
        if outcome in (Outcome.VOID, Outcome.ORDAGO):
            continue
        winner = _counted_winner(draft, result)
        if winner is None:
            continue
        hand = draft.hand(winner)
        extra = bonus(lance, hand, rules)
        if outcome is Outcome.EN_PASO:
            # Grande's and chica's en paso stone is theirs under either grande_chica_stone.
            words = "" if lance in (Lance.GRANDE, Lance.CHICA) else _bonus_words(lance, hand, rules)
            draft.shed(lance, winner, en_paso(lance, hand, rules), f"en paso{words}")
        elif outcome is Outcome.ACCEPTED:
            stake, words = result.stake, f"stake {result.stake}"
            opponents = len(result.seats) - 1
            if rules.accepted_stake == "per-opponent" and opponents > 1:
                stake, words = result.stake * opponents, f"stake {result.stake} from each of {opponents}"
            owed = stake + result.forfeits + extra
            forfeited = f" + {result.forfeits} forfeited" if result.forfeits else ""
            draft.shed(lance, winner, owed, f"{words}{forfeited}{_bonus_words(lance, hand, rules, extra)}")
        elif extra:
            draft.shed(lance, winner, extra, f"{outcome}{_bonus_words(lance, hand, rules)}")
        if draft.loser is not None:
            break
    return _finish(draft)


def _counted_winner(draft: _Draft, result: LanceResult) -> int | None:
    """Who sheds the lance at the count. A player with no stones left sheds nothing:
    under ``out_lance="next-best"`` (and ``zero_mid_hand="out"``) his cards are down and
    the best of the others still holding stones wins it; under ``"lost"`` his cards
    keep it, and it is lost (he sheds 0 of what it owed)."""
    keep = draft.rules.out_lance == "lost"
    if result.outcome in (Outcome.REFUSED, Outcome.ALONE):
        taker = result.taker
        return taker if taker is not None and (keep or draft.alive((taker,))) else None
    return best(result.lance, draft.hands, result.seats if keep else draft.alive(result.seats), draft.rules)


def _bonus_words(lance: Lance, hand: Hand, rules: IndividuelRules, extra: int | None = None) -> str:
    """How the hand earned its bonus, as ``", medias 2"``, or ``" + punto 1"`` on top of
    a stake (``extra``); empty for grande and chica unless ``grande_chica_stone="always"``."""
    stones = bonus(lance, hand, rules) if extra is None else extra
    if lance is Lance.PARES:
        combo = rules.core.ranking.pares[hand.multiset]
        return f", {combo.kind} {stones}" if combo is not None else ""
    if lance is Lance.JUEGO:
        return f", juego of {rules.core.ranking.points[hand.multiset]} {stones}"
    if lance is Lance.PUNTO:
        return f" + punto {stones}" if extra is not None else ""
    if not stones:
        return ""
    return f" + {lance} {stones}" if extra is not None else f", {lance} {stones}"


# --- the reducer ----------------------------------------------------------------------


def apply(state: HandState, action: Action | str, seat: int | None = None) -> HandState:
    """The state after the seat to act takes ``action`` (a value, or its text such as
    ``"envido 3"``, ``"quiero"``, ``"discard Ro"``). ``state`` never changes; an illegal
    action raises :class:`~mus.IllegalActionError` saying why.

    >>> state = new_hand(seed=1)
    >>> apply(state, "discard 1o")
    Traceback (most recent call last):
    ...
    mus.errors.IllegalActionError: cannot discard 1o: seat 0 holds Ro Co 7e 3c 1e
    """
    if not isinstance(state, HandState):
        raise MusError(
            f"apply() needs a Mus individuel HandState, got {type(state).__module__}.{type(state).__name__}"
            " (a four-card hand or match is played by mus.apply)"
        )
    said: str | None = None
    if isinstance(action, str):
        said = action
        betting = state.betting
        action = parse_action(action, answering=betting is not None and betting.lap > 0)
    reason = problem(state, action, seat, said=said)
    if reason is not None:
        raise IllegalActionError(reason)
    moved: HandState = _MOVES[type(action)](state, state.queue[0], action)
    return moved


_MOVES: dict[type, Any] = {
    Discard: _discard, Pass: _pass, Bet: _speak, Ordago: _speak, Accept: _speak, Fold: _speak,
}  # fmt: skip


# --- replay -------------------------------------------------------------------------


def replay(deal: Deal | HandState, history: Iterable[tuple[int, Action]]) -> HandState:
    """Rebuild a hand from its deal (or any of its states) and a ``(seat, action)`` history.

    >>> state = new_hand(seed=5)
    >>> for seat in state.deal.seats:
    ...     state = apply(state, f"discard {state.held[seat][0]}")
    >>> replay(state.deal, state.history) == state
    True
    """
    state = start(deal.deal if isinstance(deal, HandState) else deal)
    for seat, action in history_entries(history):
        state = apply(state, action, seat)
    return state


# Names that moved in 0.2.0 (mus.individuel offers them as before), and left in 0.3.0:
# reading one says where it went.
__getattr__: Callable[[str], Any] = moved(
    "mus.individuel.reducer",
    {},
    removed={"LegalActions": mus.legal, "legal_actions": individuel_state},
    removed_in="0.3.0",
)
