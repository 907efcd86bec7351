"""mus-rules: the rules of Mus, the Basque and Spanish card game, as a Python library.

The rules it implements are those of its documentation's rules page
(``docs/rules.rst``, https://mus-rules.readthedocs.io/en/latest/rules.html); "rules
section 7" in a docstring or an error means section 7 of that page.

>>> import mus
>>> hands = [mus.Hand.parse(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
>>> mus.winner(mus.Lance.GRANDE, hands, mus.Rules())
0
"""

from types import ModuleType

from mus.actions import (
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
    Servido,
    Signal,
    TeamFold,
    parse_action,
    words_of,
)
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
from mus.legal import LegalActions
from mus.match import MAX_HANDS, MatchState, MatchView, apply, apply_match, new_match, replay_match, score_text
from mus.reducer import new_hand, replay
from mus.refusals import problem
from mus.rules import HOUSE_RULES, PRESETS, HouseRule, Payouts, Rules
from mus.scoring import Count, CountLine, LanceResult, Outcome, count, lance_winner, score_line
from mus.senas import Sena, senas_of
from mus.state import HandState, start
from mus.table import Betting, Deal, HiddenDiscard, Phase, SeatView

__version__ = "0.2.0"

__all__ = [
    "ALL_CARDS",
    "HAND_SIZE",
    "HOUSE_RULES",
    "JUEGO_ORDER",
    "JUEGO_ORDERS",
    "MAX_HANDS",
    "MIN_BET",
    "PRESETS",
    "RANK_MULTISETS",
    "Accept",
    "Action",
    "Bet",
    "Betting",
    "Card",
    "CardError",
    "Count",
    "CountLine",
    "Deal",
    "Deck",
    "Declare",
    "Discard",
    "Fold",
    "Hand",
    "HandError",
    "HandState",
    "HiddenDiscard",
    "HouseRule",
    "IllegalActionError",
    "Lance",
    "LanceResult",
    "LegalActions",
    "MatchState",
    "MatchView",
    "Mus",
    "MusError",
    "MusVisto",
    "NoMus",
    "NotationError",
    "Ordago",
    "Outcome",
    "Pares",
    "ParesKind",
    "Pass",
    "Payouts",
    "Phase",
    "Rank",
    "Ranking",
    "Rules",
    "RulesError",
    "SeatView",
    "Sena",
    "Servido",
    "Signal",
    "Suit",
    "TeamFold",
    "apply",
    "apply_match",
    "bonus",
    "compare",
    "count",
    "has_juego",
    "has_pares",
    "is_real_31",
    "lance_key",
    "lance_winner",
    "new_hand",
    "new_match",
    "pares",
    "parse_action",
    "parse_cards",
    "played_rank",
    "points",
    "problem",
    "rank_points",
    "replay",
    "replay_match",
    "score_line",
    "score_text",
    "senas_of",
    "start",
    "winner",
    "words_of",
]


# The modules a user reaches for by name (mus.notation.load, mus.bots.HeuristicBot, the
# Mus individuel) load when first named, so that importing mus loads only the core; the
# extras (mus.odds, mus.ai) need their packages, and are imported by name.
def __getattr__(name: str) -> ModuleType:
    # The import system sets each module on the package: this runs once per module.
    if name == "bots":
        import mus.bots

        return mus.bots
    if name == "data":
        import mus.data

        return mus.data
    if name == "individuel":
        import mus.individuel

        return mus.individuel
    if name == "notation":
        import mus.notation

        return mus.notation
    raise AttributeError(f"module 'mus' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), "bots", "data", "individuel", "notation"})
