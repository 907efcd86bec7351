"""The Mus individuel, or Mus français: seed ``000``'s game of its own (rules
section 13), a sibling of the four-card game built from the same pieces.

Two to eight players, each for himself (five is ideal), start with 5, 8 or 10 stones
and try to get rid of them. Each is dealt five cards, one at a time, and discards one:
there is no mus. The lances are bet on as in Mus, but each player answers for himself
in rounds that turn in alternating directions until the stakes are equal; the winner
of a lance *sheds* into the basket what the four-card game would have paid him. An
órdago is shown down at once among those in it and the worst hand takes all their
stones, and the game goes on. The last player holding stones loses the game; a session
ends when every player but one has lost an agreed number of games.

>>> from mus.individuel import IndividuelRules, new_hand, apply
>>> state = new_hand(IndividuelRules(players=2), seed=11)
>>> state.held[0], state.stones
((Card.parse('Cb'), Card.parse('6b'), Card.parse('5o'), Card.parse('5c'), Card.parse('4b')), (8, 8))

The modules: :mod:`~mus.individuel.rules` (the knobs), :mod:`~mus.individuel.scoring`
(what a lance is worth), :mod:`~mus.individuel.table` (a hand's plain values),
:mod:`~mus.individuel.state` (a hand, and what a player may do),
:mod:`~mus.individuel.deal` and :mod:`~mus.individuel.reducer` (dealing and playing a
hand), :mod:`~mus.individuel.session` (games and sessions),
:mod:`~mus.individuel.notation` (histories as text and JSON),
:mod:`~mus.individuel.bots` (players for simulations).
"""

from __future__ import annotations

from mus.individuel.bots import Player, RandomPlayer, SimplePlayer, play_hand, play_session
from mus.individuel.notation import (
    format_hand,
    format_session,
    hand_from_json,
    hand_to_json,
    parse_hand,
    parse_session,
    session_from_json,
    session_to_json,
)
from mus.individuel.reducer import apply, new_hand, replay
from mus.individuel.rules import PRESETS, READINGS, IndividuelRules
from mus.individuel.scoring import best, bonus, en_paso, is_real_31, keys, worst
from mus.individuel.session import Session, apply_session, new_session
from mus.individuel.state import (
    Betting,
    Deal,
    HandState,
    LanceResult,
    Move,
    NotInThisGameError,
    Outcome,
    Phase,
    SeatView,
    legal_actions,
    problem,
    start,
)
from mus.legal import LegalActions

__all__ = [
    "PRESETS",
    "READINGS",
    "Betting",
    "Deal",
    "HandState",
    "IndividuelRules",
    "LanceResult",
    "LegalActions",
    "Move",
    "NotInThisGameError",
    "Outcome",
    "Phase",
    "Player",
    "RandomPlayer",
    "SeatView",
    "Session",
    "SimplePlayer",
    "apply",
    "apply_session",
    "best",
    "bonus",
    "en_paso",
    "format_hand",
    "format_session",
    "hand_from_json",
    "hand_to_json",
    "is_real_31",
    "keys",
    "legal_actions",
    "new_hand",
    "new_session",
    "parse_hand",
    "parse_session",
    "play_hand",
    "play_session",
    "problem",
    "replay",
    "session_from_json",
    "session_to_json",
    "start",
    "worst",
]
