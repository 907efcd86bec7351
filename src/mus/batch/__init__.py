"""Thousands of hands in lockstep: a numpy engine that plays a batch of hands at once.

Installed with the ``fast`` extra (``pip install 'mus-rules[fast]'``, which brings
numpy); ``import mus`` never imports it. A :class:`Batch` deals its hands from seeds
exactly as :func:`mus.new_hand` does, and each :meth:`~Batch.step` plays one action in
every hand not over: the mus with its discards and reshuffles, the betting of each
lance with its folds, raises and órdagos, the derived declarations, and the count
stopped at the target. The legal actions are arrays of masks over the action ids of
:mod:`mus.batch.ids` (the AI adapters' ids), and any hand comes out as a scalar
:class:`~mus.HandState` with its full history (:meth:`Batch.state`), which the scalar
engine replays and checks.

>>> import mus, mus.batch
>>> results = mus.batch.simulate(mus.Rules(), 1000, seed=1)
>>> results.scores.shape, results.state(7).scores == tuple(results.scores[7])
((1000, 2), True)
"""

from __future__ import annotations

from mus.errors import MusError

try:
    import numpy  # noqa: F401  (the check of the extra)
except ImportError:
    raise MusError("mus.batch needs numpy: pip install 'mus-rules[fast]'") from None

from mus.batch import ids
from mus.batch.engine import Batch, decode
from mus.batch.ids import *  # noqa: F403  (the action ids; mus.batch.ids lists them, once)
from mus.batch.simulate import Results, simulate
from mus.batch.tables import check_rules

__all__ = ["Batch", "Results", "check_rules", "decode", "simulate"]
__all__ += ids.__all__
