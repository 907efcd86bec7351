"""Advice and a stronger player: what to do with a hand, and a bot that does it
(needs numpy: ``pip install 'mus-rules[fast]'``).

* :mod:`mus.advise.advice`: :func:`~mus.advise.advise`, the expected stones of each of the 16
  choices of a hand (keep it, or each discard) given what the seat knows;
* :mod:`mus.advise.advisor`: :class:`~mus.advise.advisor.AdvisorBot`, the ``advisor`` player: mus and
  discards by the advice, bets by its side's equity at each lance;
* :mod:`mus.advise.planner`: :class:`~mus.advise.planner.PlannerBot`, the ``planner``: the advisor,
  whose openings are searched over sampled deals against a model of its rivals.

>>> import mus
>>> str(advise("Ro Rc Re Rb", mus.Rules(), samples=2000).best.action)
'no-mus'
"""

from mus.advise.advice import DEFAULT_SAMPLES, EXACT_LIMIT, Advice, Option, advise, choices
from mus.advise.advisor import AdvisorBot, Outlook, game_chance, outlook
from mus.advise.planner import PlannerBot

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "Advice",
    "AdvisorBot",
    "Option",
    "Outlook",
    "PlannerBot",
    "advise",
    "choices",
    "game_chance",
    "outlook",
]
