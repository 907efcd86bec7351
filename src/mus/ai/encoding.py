"""Integer actions, action masks, observation tensors and rewards for one rule set.

:class:`Encoding` puts together what the adapters need of a rule set. Each part is
documented in a module of its own, and the names this module offered before the parts
had modules (the rewards, the generator...) still work from here; the action ids are
:mod:`mus.batch.ids`' (read them from :mod:`mus.ai` or :mod:`mus.batch`: here they
warn, and go in 1.0.0):

* **Actions** (:mod:`mus.ai.action_ids`): a fixed space of ``22 + max_bet`` ids (33
  with the default ``max_bet`` of 11 stones) and the masks of the legal ones;
* **Observations** (:mod:`mus.ai.observations`): a float32 vector of values in [0, 1]
  that one seat sees, with a documented layout (:attr:`Encoding.layout`), and the
  information state string;
* **Rewards** (:mod:`mus.ai.rewards`): stones won by each side, credited exactly up
  to the target, zero-sum over sides (:func:`~mus.ai.rewards.returns`);
* **Seeds** (:mod:`mus.ai.seeding`): the generator of an environment's deals.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> enc = encoding_for(state.rules)
>>> [enc.action_name(i) for i in enc.legal_actions(state)][:4]
['pass', 'ordago', 'bet 2', 'bet 3']
>>> enc.observation(state, 0).shape, enc.num_actions
((192,), 33)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from mus.actions import Action
from mus.ai.action_ids import ActionIds
from mus.ai.action_ids import Mask as Mask
from mus.ai.checks import hand_state
from mus.ai.observations import Observer
from mus.ai.observations import Vector as Vector
from mus.ai.rewards import credited, returns
from mus.ai.rewards import zero_sum as zero_sum
from mus.ai.seeding import generator
from mus.batch import ids as space
from mus.errors import MusError, moved
from mus.rules import Rules
from mus.state import HandState

# Mask, Vector and zero_sum were importable from here before the parts had modules of
# their own, and still are ("as" themselves above: re-exported, for type checkers),
# though __all__ keeps to the names it listed then.
__all__ = [
    "Encoding",
    "credited",
    "decode",
    "encode",
    "encoding_for",
    "generator",
    "information_state_string",
    "legal_action_mask",
    "observation",
    "returns",
]

# The ids were offered here too until 0.2.0; mus.batch.ids defines them, and
# mus.ai and mus.batch offer them.
__getattr__: Callable[[str], Any] = moved("mus.ai.encoding", dict.fromkeys(space.__all__, space), "1.0.0")


class Encoding(ActionIds, Observer):
    """The action ids, masks and observation layout of one rule set (see the module):
    an :class:`~mus.ai.action_ids.ActionIds` and an :class:`~mus.ai.observations.Observer`.

    ``max_bet`` is the largest bet or raise with an id (2 to 1000 stones). Build one
    with :func:`encoding_for`, which shares them.

    >>> import mus
    >>> enc = Encoding(mus.Rules(), max_bet=5)
    >>> enc.num_actions, enc.action_name(enc.num_actions - 1), enc.layout["hand"]
    (27, 'bet 5', (0, 40))
    >>> Encoding(mus.Rules(), max_bet=1)
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: max_bet must be a whole number of stones from 2 to 1000, got 1
    """

    # No __init__ of its own: ActionIds' takes max_bet and passes the rules on along the
    # MRO, to Observer's and then RulesBound's, so each part is set up once.

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and copied as its rules and ``max_bet``: it comes back as the shared
        encoding of those (:func:`encoding_for`), without its caches.

        >>> import copy, pickle, mus
        >>> enc = encoding_for(mus.Rules(), 11)
        >>> pickle.loads(pickle.dumps(enc)) is enc is copy.deepcopy(enc)
        True
        """
        return (encoding_for, (self.rules, self.max_bet))


def encoding_for(rules: Rules | None = None, max_bet: int = space.DEFAULT_MAX_BET) -> Encoding:
    """The shared :class:`Encoding` of ``rules`` (default ``Rules()``) and ``max_bet``.

    >>> encoding_for() is encoding_for(), encoding_for().num_actions
    (True, 33)
    >>> encoding_for(["standard"])
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: rules must be a Rules, got list
    """
    try:
        return _shared(rules, max_bet)
    except MusError:
        raise
    except Exception:  # unhashable, or a hash that fails: neither rules nor a bet size, as Encoding says
        return Encoding(rules, max_bet=max_bet)


@functools.lru_cache(maxsize=64)
def _shared(rules: Rules | None, max_bet: int) -> Encoding:
    return Encoding(rules, max_bet=max_bet)


def encode(action: Action, state: HandState, *, max_bet: int = space.DEFAULT_MAX_BET) -> int:
    """The id of ``action`` in ``state`` (see :meth:`Encoding.encode`).

    >>> import mus
    >>> encode(mus.NoMus(), mus.new_hand(seed=1)), encode(mus.Bet(2), mus.new_hand(seed=1))
    (1, 23)
    """
    return encoding_for(hand_state(state).rules, max_bet).encode(action, state)


def decode(action_id: int, state: HandState, *, max_bet: int = space.DEFAULT_MAX_BET) -> Action:
    """The action of a legal id in ``state`` (see :meth:`Encoding.decode`).

    >>> import mus
    >>> decode(0, mus.new_hand(seed=1))
    Mus()
    """
    return encoding_for(hand_state(state).rules, max_bet).decode(action_id, state)


def legal_action_mask(state: HandState, *, max_bet: int = space.DEFAULT_MAX_BET) -> Mask:
    """The legal ids of the seat to act, as a 0/1 mask (see :meth:`Encoding.legal_action_mask`).

    >>> import mus
    >>> legal_action_mask(mus.new_hand(seed=1)).nonzero()[0].tolist()
    [0, 1]
    """
    return encoding_for(hand_state(state).rules, max_bet).legal_action_mask(state)


def observation(state: HandState, seat: int) -> Vector:
    """What ``seat`` sees of ``state`` (see :meth:`Encoding.observation`).

    >>> import mus
    >>> observation(mus.new_hand(seed=1), 0).dtype
    dtype('float32')
    """
    return encoding_for(hand_state(state).rules).observation(state, seat)


def information_state_string(state: HandState, seat: int) -> str:
    """Everything ``seat`` knows of ``state``, as text (see :meth:`Encoding.information_state_string`).

    >>> import mus
    >>> information_state_string(mus.new_hand(seed=1), 2).splitlines()[0]
    'seat 2 of 4, mano 0, scores 0-0, dealt Rb Sc 1c 1e'
    """
    return encoding_for(hand_state(state).rules).information_state_string(state, seat)
