"""Odds and analysis at scale: lances for arrays of deals, a hand's odds against the
unknown cards, equity tables, in parallel (needs numpy: ``pip install 'mus-rules[fast]'``).

* :mod:`mus.odds.batch`: lance keys, winners and en paso stones of whole arrays of
  deals, equal to the scalar functions deal for deal;
* :mod:`mus.odds.equity`: :func:`mus.odds.odds` of one hand (exact or sampled), the
  :func:`equity_table` of all 715 rank patterns, :func:`write_csv`, :func:`plot`;
* :mod:`mus.odds.situation`: what a seat knows of a deal (a partner's hand, cards seen,
  declarations, señas) and the deals that fit it, which :func:`mus.odds.odds` takes;
* :mod:`mus.odds.parallel`: the same seeded work on several processes or on Ray.

>>> import mus
>>> from mus.odds import odds
>>> result = odds("Ro Rc 7e 1b", mus.Rules(seats=2))
>>> f"{result.win[mus.Lance.GRANDE]:.1%} grande, {result.win[mus.Lance.PARES]:.1%} pares"
'92.8% grande, 92.7% pares'
"""

from mus.odds.batch import (
    NONE,
    MissingExtraError,
    OddsError,
    bonus_table,
    deal,
    deal_cards,
    en_paso_stones,
    lance_keys,
    lance_winners,
    multisets,
    multisets_of_cards,
    stones_of_winners,
    winners,
)
from mus.odds.equity import BLOCK, DEFAULT_SAMPLES, MAX_SAMPLES, Odds, equity_table, exact_feasible, odds, write_csv
from mus.odds.parallel import BACKENDS, MAX_WORKERS, run_tasks
from mus.odds.plot import plot
from mus.odds.situation import Situation

__all__ = [
    "BACKENDS",
    "BLOCK",
    "DEFAULT_SAMPLES",
    "MAX_SAMPLES",
    "MAX_WORKERS",
    "NONE",
    "MissingExtraError",
    "Odds",
    "OddsError",
    "Situation",
    "bonus_table",
    "deal",
    "deal_cards",
    "en_paso_stones",
    "equity_table",
    "exact_feasible",
    "lance_keys",
    "lance_winners",
    "multisets",
    "multisets_of_cards",
    "odds",
    "plot",
    "run_tasks",
    "stones_of_winners",
    "winners",
    "write_csv",
]
