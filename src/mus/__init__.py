"""mus-rules: the rules of Mus, the Basque and Spanish card game, as a Python library.

The rules it implements are those of its documentation's rules page
(``docs/rules.rst``, https://mus-rules.readthedocs.io/en/latest/rules.html); "rules
section 7" in a docstring or an error means section 7 of that page.

>>> import mus
>>> hands = [mus.Hand.parse(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
>>> mus.winner(mus.Lance.GRANDE, hands, mus.Rules())
0
"""

from mus.cards import ALL_CARDS, Card, Deck, Rank, Suit, parse_cards
from mus.errors import (
    CardError,
    HandError,
    IllegalActionError,
    MusError,
    NotationError,
    RulesError,
)
from mus.hand import HAND_SIZE, RANK_MULTISETS, Hand
from mus.lances import (
    JUEGO_ORDER,
    JUEGO_ORDERS,
    Lance,
    Pares,
    ParesKind,
    Ranking,
    bonus,
    compare,
    has_juego,
    has_pares,
    is_real_31,
    lance_key,
    pares,
    played_rank,
    points,
    rank_points,
    winner,
)
from mus.rules import HOUSE_RULES, PRESETS, HouseRule, Payouts, Rules
from mus.actions import (
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
    MusVisto,
    Pass,
    Signal,
    TeamFold,
    parse_action,
    words_of,
)
from mus.senas import Sena, senas_of
from mus.scoring import Count, CountLine, LanceResult, Outcome, count, lance_winner, score_line
from mus.state import Betting, Deal, HandState, HiddenDiscard, Phase, SeatView
from mus.reducer import LegalActions, new_hand, problem, replay, start
from mus.match import MAX_HANDS, MatchState, MatchView, apply, apply_match, new_match, replay_match, score_text

__version__ = "0.1.0"

__all__ = [
    "Accept",
    "Action",
    "Bet",
    "Betting",
    "Count",
    "CountLine",
    "Deal",
    "Declare",
    "Discard",
    "Fold",
    "HandState",
    "HiddenDiscard",
    "LanceResult",
    "LegalActions",
    "MIN_BET",
    "Mus",
    "NoMus",
    "Ordago",
    "Outcome",
    "Pass",
    "Phase",
    "TeamFold",
    "Signal",
    "MusVisto",
    "words_of",
    "Sena",
    "SeatView",
    "apply",
    "apply_match",
    "MAX_HANDS",
    "MatchState",
    "new_match",
    "replay_match",
    "score_text",
    "score_line",
    "count",
    "lance_winner",
    "new_hand",
    "parse_action",
    "problem",
    "replay",
    "start",
    "ALL_CARDS",
    "Card",
    "CardError",
    "Deck",
    "HAND_SIZE",
    "Hand",
    "HandError",
    "IllegalActionError",
    "JUEGO_ORDER",
    "JUEGO_ORDERS",
    "Lance",
    "MusError",
    "NotationError",
    "PRESETS",
    "HOUSE_RULES",
    "HouseRule",
    "Pares",
    "ParesKind",
    "Payouts",
    "RANK_MULTISETS",
    "Rank",
    "Ranking",
    "Rules",
    "RulesError",
    "Suit",
    "bonus",
    "compare",
    "has_juego",
    "has_pares",
    "lance_key",
    "pares",
    "parse_cards",
    "points",
    "winner",
    "played_rank",
    "rank_points",
    "is_real_31",
    "senas_of",
    "MatchView",
    "bots",
    "individuel",
    "notation",
]

# The modules a user reaches for by name (mus.notation.load, mus.bots.HeuristicBot,
# the Mus individuel) load with the package; the optional extras (mus.odds, mus.ai) do
# not, so that importing mus never needs numpy.
from mus import bots, individuel, notation  # noqa: E402
