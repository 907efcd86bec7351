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

from mus import actions, hand, lances, match, senas
from mus.actions import *  # noqa: F403
from mus.cards import ALL_CARDS, Card, Deck, Rank, Suit, parse_cards
from mus.errors import CardError, HandError, IllegalActionError, MusError, NotationError, RulesError
from mus.hand import *  # noqa: F403
from mus.lances import *  # noqa: F403
from mus.legal import LegalActions
from mus.match import *  # noqa: F403
from mus.reducer import new_hand, replay
from mus.refusals import problem
from mus.rules import HOUSE_RULES, PRESETS, HouseRule, Payouts, Rules
from mus.scoring import Count, CountLine, LanceResult, Outcome, count, lance_winner, score_line
from mus.senas import *  # noqa: F403
from mus.state import HandState, start
from mus.table import Betting, Deal, HiddenDiscard, Phase, SeatView

__version__ = "0.3.0"

# The five modules whose every public name is the package's are listed by their own
# __all__ (star-imported above); of the others, the names listed here.
__all__ = [
    "ALL_CARDS",
    "HOUSE_RULES",
    "PRESETS",
    "Betting",
    "Card",
    "CardError",
    "Count",
    "CountLine",
    "Deal",
    "Deck",
    "HandError",
    "HandState",
    "HiddenDiscard",
    "HouseRule",
    "IllegalActionError",
    "LanceResult",
    "LegalActions",
    "MusError",
    "NotationError",
    "Outcome",
    "Payouts",
    "Phase",
    "Rank",
    "Rules",
    "RulesError",
    "SeatView",
    "Suit",
    "count",
    "lance_winner",
    "new_hand",
    "parse_cards",
    "problem",
    "replay",
    "score_line",
    "start",
]
__all__ += actions.__all__
__all__ += hand.__all__
__all__ += lances.__all__
__all__ += match.__all__
__all__ += senas.__all__


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
