"""Adapters for AI research: integer actions, observation tensors, environments.

Installed with the ``ai`` extra (``pip install 'mus-rules[ai]'``, which brings numpy,
gymnasium and pettingzoo). ``import mus`` never imports this package; importing it
without the extra raises :class:`MissingExtraError`, a :class:`~mus.errors.MusError`.

* :mod:`mus.ai.encoding`: the fixed integer action space, action masks, observation
  tensors with a documented layout, information state strings and rewards, each
  documented in a module of its own (:mod:`mus.ai.action_ids`,
  :mod:`mus.ai.observations`, :mod:`mus.ai.rewards`; the generators of the deals in
  :mod:`mus.ai.seeding`);
* :mod:`mus.ai.pettingzoo`: a PettingZoo AEC environment (``env()``, ``raw_env()``);
* :mod:`mus.ai.tracking`: observation vectors kept from one state to the next (what
  the PettingZoo environment observes through: equal to the encoding's, cheaper a step);
* :mod:`mus.ai.openspiel`: an OpenSpiel-shaped game (:class:`~mus.ai.openspiel.MusGame`)
  that needs no OpenSpiel, registered as ``python_mus`` when ``pyspiel`` imports;
* :mod:`mus.ai.gym`: a Gymnasium environment that plays one seat against bots;
* :mod:`mus.ai.vector`: a Gymnasium vector environment on the batch engine
  (:mod:`mus.batch`): one seat learns in thousands of hands at once.

>>> import mus, mus.ai
>>> state = mus.new_hand(seed=1)
>>> [mus.ai.decode(i, state) for i in mus.ai.legal_action_mask(state).nonzero()[0]]
[Mus(), NoMus()]

The adapters offer the seat actions only: the out-of-turn events (a seña,
:class:`~mus.Signal`, and a mus visto, :class:`~mus.MusVisto`) and the team fold
(:class:`~mus.TeamFold`, the same end as the partners' folds one after another) have
no action id.
"""

from __future__ import annotations

import importlib

from mus.checks import label
from mus.errors import MusError, quoted


class MissingExtraError(MusError):
    """A package of the ``ai`` extra is missing: ``pip install 'mus-rules[ai]'``.

    >>> str(MissingExtraError.of("numpy"))
    "mus.ai needs numpy: pip install 'mus-rules[ai]'"
    """

    @classmethod
    def of(cls, package: str, what: str = "mus.ai") -> MissingExtraError:
        """The error for a missing ``package`` that ``what`` needs."""
        return cls(f"{label(what)} needs {label(package)}: pip install 'mus-rules[ai]'")


def require(package: str, what: str = "mus.ai") -> None:
    """Raise :class:`MissingExtraError` unless ``package`` can be imported.

    >>> require("numpy")
    >>> require("no_such_package_here")
    Traceback (most recent call last):
    ...
    mus.ai.MissingExtraError: mus.ai needs no_such_package_here: pip install 'mus-rules[ai]'
    """
    if type(package) is not str or len(package) > 200 or not all(part.isidentifier() for part in package.split(".")):
        raise MusError(f"require() takes a module's name, got {quoted(package)}")
    if type(what) is not str or len(what) > 80:
        raise MusError(f"require() names what needs the module in a short text, got {quoted(what)}")
    try:
        importlib.import_module(package)
    except ImportError:
        raise MissingExtraError.of(package, what) from None


require("numpy")

# After the check, which names the extra (E402); the action ids are mus.batch.ids', which
# lists them once (F403).
from mus.ai.encoding import (  # noqa: E402
    Encoding,
    decode,
    encode,
    encoding_for,
    information_state_string,
    legal_action_mask,
    observation,
    returns,
)
from mus.batch import ids  # noqa: E402
from mus.batch.ids import *  # noqa: E402, F403

__all__ = [
    "Encoding",
    "MissingExtraError",
    "decode",
    "encode",
    "encoding_for",
    "information_state_string",
    "legal_action_mask",
    "observation",
    "require",
    "returns",
]
__all__ += ids.__all__
