"""Players everywhere: one small protocol for policies, and adapters both ways.

A **bot** (:class:`mus.bots.Bot`) acts from a seat's view: ``choose(view) -> Action``,
the view that :meth:`HandState.view <mus.HandState.view>` gives. A **policy**
(:class:`Policy`) acts from observations with their masks, a batch at a time:
``act(observations, masks) -> action ids``, the observations in the layout every
adapter shares (:func:`mus.batch.observe.observation`, :data:`~mus.batch.observe.VERSION`)
and the ids of :mod:`mus.ai.action_ids`. Each plays wherever the other does:

* :class:`PolicyBot`: any policy as a bot, for :func:`mus.bots.play_hand`,
  :class:`~mus.ai.gym.SeatEnv`'s opponents and ``mus tournament`` (which also loads a
  saved policy file: ``mus tournament --bots policy.npz,heuristic``);
* :func:`spiel_bot`: any bot as an OpenSpiel ``pyspiel.Bot`` (``pyspiel.evaluate_bots``
  on ``load_game("python_mus")``);
* :func:`zoo_policy`: any bot as a PettingZoo policy, ``policy(observation, agent) ->
  action`` on the AEC environment of :mod:`mus.ai.pettingzoo`;
* a policy is the vector environment's opponents as it is (:mod:`mus.ai.vector`: one
  policy on every seat is self-play), and the heuristic player has a batch form,
  :class:`mus.batch.heuristic.HeuristicPolicy`.

:class:`NetworkPolicy` is a small network in numpy (tanh layers, masked logits), saved
with :meth:`~NetworkPolicy.save` as a ``.npz`` file that :func:`load_policy` and ``mus
tournament`` read with numpy alone.

>>> import mus
>>> from mus.batch.heuristic import HeuristicPolicy
>>> from mus.bots import HeuristicBot, play_hand
>>> state = mus.new_hand(seed=3)
>>> play_hand(state, [PolicyBot(HeuristicPolicy())] * 4) == play_hand(state, [HeuristicBot()] * 4)
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from mus.actions import Action
from mus.ai.encoding import encoding_for
from mus.batch.ids import DEFAULT_MAX_BET
from mus.batch.observe import VERSION
from mus.batch.tables import array_arg
from mus.bots import Bot
from mus.checks import index_arg, quoted
from mus.errors import MusError
from mus.state import HandState
from mus.table import SeatView

__all__ = ["NetworkPolicy", "Policy", "PolicyBot", "load_policy", "spiel_bot", "zoo_policy"]

Array = npt.NDArray[Any]

FORMAT = "mus-policy"
"""The ``format`` a saved policy file declares."""


class Policy(Protocol):
    """A player that acts from observations with their masks, in batches.

    ``observations`` is a float32 array ``(n, size)`` in the shared layout,
    ``masks`` a bool array ``(n, num_actions)`` of the legal ids; the answer is ``n``
    action ids, each legal in its row. Rows whose mask is all false (no turn) may get
    any id: they are not read.
    """

    def act(self, observations: Array, masks: Array) -> Array:
        """One legal action id a row."""
        ...


def _policy(value: object) -> Policy:
    # Looked up on the type, as mus.bots looks up choose(): a value's __getattr__ is not asked.
    if not callable(getattr(type(value), "act", None)):
        raise MusError(f"a policy has an act(observations, masks) method, got {quoted(value)}")
    return value  # type: ignore[return-value]


class PolicyBot:
    """A policy (:class:`Policy`) as a bot: from the seat's view it builds the
    observation and the mask (:meth:`Encoding.view_observation
    <mus.ai.encoding.Encoding.view_observation>`, :meth:`~mus.ai.encoding.Encoding.view_mask`),
    asks the policy for one id, and plays its action. ``max_bet`` is the largest bet
    with an id (the policy's action space).

    >>> import mus
    >>> from mus.batch.heuristic import HeuristicPolicy
    >>> view = mus.new_hand(hands=["Ro Rc Rb 3e", "Cc Co 5b 4e", "Se 6c 5o 1c", "7b 2e 1o 4c"]).view(0)
    >>> PolicyBot(HeuristicPolicy()).choose(view)
    NoMus()
    >>> PolicyBot(HeuristicPolicy()).choose(mus.new_hand(seed=1).view(1))
    Traceback (most recent call last):
    ...
    mus.errors.MusError: it is not seat 1's turn: a bot chooses only when its seat is to act
    """

    def __init__(self, policy: Policy, *, max_bet: int = DEFAULT_MAX_BET) -> None:
        self.policy = _policy(policy)
        encoding_for(None, max_bet)  # a bad max_bet fails here, not at the first turn
        self.max_bet = max_bet

    def choose(self, view: SeatView) -> Action:
        """The policy's action for the seat of ``view``, whose turn it must be."""
        if type(view) is not SeatView:
            raise MusError(f"a bot reads a seat's view (state.view(seat)), got {quoted(view)}")
        encoding = encoding_for(view.rules, self.max_bet)
        mask = encoding.view_mask(view)
        if view.to_act != view.seat or not mask.any():
            raise MusError(f"it is not seat {view.seat}'s turn: a bot chooses only when its seat is to act")
        observation = encoding.view_observation(view)
        chosen = np.asarray(self.policy.act(observation[None], mask[None] != 0)).reshape(-1)
        if chosen.shape != (1,) or not np.issubdtype(chosen.dtype, np.integer):
            raise MusError(f"a policy answers one action id a row, got {quoted(chosen.tolist())}")
        return encoding.view_action(int(chosen[0]), view)


class NetworkPolicy:
    """A network of ``layers`` (``(weights, bias)`` pairs, numpy arrays) from the
    observation to one logit an action id: ``tanh`` between layers, the illegal ids
    masked out, then the most likely id (``greedy=True``) or one drawn from the
    softmax (from ``seed``'s generator). One layer is a linear softmax policy.

    >>> import numpy as np
    >>> policy = NetworkPolicy([(np.zeros((192, 33)), np.arange(33.0))])
    >>> masks = np.zeros((2, 33), bool)
    >>> masks[0, [0, 1]] = masks[1, [17, 20]] = True
    >>> policy.act(np.zeros((2, 192), np.float32), masks).tolist()
    [1, 20]
    >>> NetworkPolicy([(np.zeros((192, 33)), np.zeros(32))])
    Traceback (most recent call last):
    ...
    mus.errors.MusError: layer 0's bias has 32 entries, and its weights 33 columns
    """

    def __init__(
        self,
        layers: Sequence[tuple[Any, Any]],
        *,
        greedy: bool = True,
        seed: int | None = None,
        version: int = VERSION,
    ) -> None:
        if isinstance(layers, (str, bytes)) or not isinstance(layers, Sequence) or not layers:
            raise MusError(f"layers are a list of (weights, bias) pairs, got {quoted(layers)}")
        checked: list[tuple[Array, Array]] = []
        for index, layer in enumerate(layers):
            if not isinstance(layer, Sequence) or len(layer) != 2:
                raise MusError(f"layer {index} is a (weights, bias) pair, got {quoted(layer)}")
            weights, bias = (array_arg(part, f"layer {index}", np.float32) for part in layer)
            if weights.ndim != 2 or bias.shape != (weights.shape[1],):
                if weights.ndim == 2 and bias.ndim == 1:
                    raise MusError(
                        f"layer {index}'s bias has {bias.shape[0]} entries, and its weights {weights.shape[1]} columns"
                    )
                raise MusError(
                    f"layer {index} is a 2-d weights array and a 1-d bias, got shapes {weights.shape}, {bias.shape}"
                )
            if checked and checked[-1][0].shape[1] != weights.shape[0]:
                raise MusError(
                    f"layer {index} takes {weights.shape[0]} inputs, and layer {index - 1} gives {checked[-1][0].shape[1]}"
                )
            if not (np.isfinite(weights).all() and np.isfinite(bias).all()):
                raise MusError(f"layer {index} holds a number that is not finite")
            checked.append((weights, bias))
        if type(greedy) is not bool:
            raise MusError(f"greedy is True or False, got {quoted(greedy)}")
        if seed is not None:
            seed = index_arg(seed, "a seed (None or an int from 0 up)")
        if type(version) is not int:
            raise MusError(f"version is an int, got {quoted(version)}")
        if version != VERSION:
            raise MusError(
                f"this policy reads observations of layout version {version}, and this mus-rules builds version "
                f"{VERSION}: train it again on this version"
            )
        self.layers = tuple(checked)
        self.greedy = bool(greedy)
        self.version = version
        self.random = np.random.default_rng(seed)

    @property
    def observation_size(self) -> int:
        """The length of the observations it reads."""
        return int(self.layers[0][0].shape[0])

    @property
    def num_actions(self) -> int:
        """How many action ids it scores."""
        return int(self.layers[-1][0].shape[1])

    def logits(self, observations: Array) -> Array:
        """The network's logits, ``(n, num_actions)``, before the masks.

        >>> import numpy as np
        >>> NetworkPolicy([(np.ones((3, 2)), np.zeros(2))]).logits(np.ones((1, 3))).tolist()
        [[3.0, 3.0]]
        """
        values = array_arg(observations, "observations", np.float32)
        if values.ndim != 2 or values.shape[1] != self.observation_size:
            raise MusError(f"observations are an (n, {self.observation_size}) array, got shape {values.shape}")
        for index, (weights, bias) in enumerate(self.layers):
            values = values @ weights + bias
            if index < len(self.layers) - 1:
                values = np.tanh(values)
        return values

    def act(self, observations: Array, masks: Array) -> Array:
        """One legal action id a row (see the class)."""
        legal = array_arg(masks, "masks") != 0
        logits = self.logits(observations)
        if legal.shape != logits.shape:
            raise MusError(f"masks are an (n, {self.num_actions}) array, one a row, got shape {legal.shape}")
        scores = np.where(legal, logits, -np.inf)
        if self.greedy:
            return np.asarray(scores.argmax(axis=1))
        top = scores.max(axis=1, keepdims=True)
        weights = np.exp(scores - np.where(np.isfinite(top), top, 0.0))
        total = weights.sum(axis=1, keepdims=True)
        cumulative = np.cumsum(weights / np.where(total > 0, total, 1.0), axis=1)
        drawn = self.random.random((len(scores), 1))
        return np.asarray(np.minimum((cumulative <= drawn).sum(axis=1), self.num_actions - 1))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the policy to ``path``, a numpy ``.npz`` file (its layers, greediness and
        the observation layout's version), which :func:`load_policy` reads."""
        where = _path(path)
        meta = {"format": FORMAT, "version": self.version, "layers": len(self.layers), "greedy": self.greedy}
        arrays = {"meta": np.array(json.dumps(meta))}
        for index, (weights, bias) in enumerate(self.layers):
            arrays[f"weights_{index}"], arrays[f"bias_{index}"] = weights, bias
        try:
            with open(where, "wb") as file:
                np.savez_compressed(file, **arrays)  # type: ignore[arg-type]  # numpy's stubs type the keywords alike
        except (OSError, ValueError) as error:  # the system's refusal, or a name it cannot encode
            raise MusError(
                f"cannot write a policy to {quoted(where)}: {getattr(error, 'strerror', None) or error}"
            ) from None


def _path(path: object) -> str:
    """``path`` as a file name: a text or a path object, short enough to be one."""
    if not isinstance(path, (str, os.PathLike)):
        raise MusError(f"a policy file's path is a text or a path, got {quoted(path)}")
    where = os.fspath(path)
    if not isinstance(where, str) or not where or len(where) > 4096 or "\0" in where:
        raise MusError(f"a policy file's path is a file name, got {quoted(where)}")
    return where


def load_policy(path: str | os.PathLike[str], *, seed: int | None = None) -> NetworkPolicy:
    """The :class:`NetworkPolicy` saved at ``path`` (:meth:`NetworkPolicy.save`), read
    with numpy alone (no pickles).

    >>> import os, tempfile, numpy as np
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "p.npz")
    ...     NetworkPolicy([(np.ones((192, 33)), np.zeros(33))]).save(path)
    ...     load_policy(path).num_actions
    33
    >>> load_policy("no/such/file.npz")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: cannot read a policy from 'no/such/file.npz': no such file
    """
    where = _path(path)
    if not os.path.isfile(where):
        raise MusError(f"cannot read a policy from {quoted(where)}: no such file")
    try:
        with np.load(where, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            layers = [(data[f"weights_{index}"], data[f"bias_{index}"]) for index in range(int(meta["layers"]))]
    except Exception as error:  # not a policy file: numpy's or json's refusal, or a part missing
        raise MusError(f"cannot read a policy from {quoted(where)}: not a saved mus policy ({error})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise MusError(f"cannot read a policy from {quoted(where)}: not a saved mus policy")
    version = meta.get("version")
    if type(version) is not int:
        raise MusError(f"cannot read a policy from {quoted(where)}: it names no layout version")
    return NetworkPolicy(layers, greedy=bool(meta.get("greedy", True)), seed=seed, version=version)


def spiel_bot(bot: Bot, player: int, *, max_bet: int = DEFAULT_MAX_BET) -> Any:
    """``bot`` as an OpenSpiel ``pyspiel.Bot`` playing ``player`` (a seat) on the game of
    :mod:`mus.ai.openspiel` (``pyspiel.load_game("python_mus")``): at each of its turns
    it chooses from the seat's view and answers the action's id. Needs OpenSpiel.

    >>> spiel_bot(object(), 0)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a bot has a choose(view) method, got <object object at ...>
    """
    if not callable(getattr(type(bot), "choose", None)):
        raise MusError(f"a bot has a choose(view) method, got {quoted(bot)}")
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise MusError(f"player is a seat, a whole number from 0, got {quoted(player)}")
    encoding_for(None, max_bet)
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        raise MusError("spiel_bot() needs OpenSpiel: pip install open_spiel") from None

    class SpielBot(pyspiel.Bot):  # type: ignore[misc]
        def __init__(self) -> None:
            pyspiel.Bot.__init__(self)

        def step(self, state: Any) -> int:
            hand = _hand_of(state)
            action = bot.choose(hand.view(player))
            return encoding_for(hand.rules, max_bet).encode(action, hand)

        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    return SpielBot()


def _hand_of(state: Any) -> HandState:
    """The hand of an OpenSpiel state of :mod:`mus.ai.openspiel` (or of its own ``MusState``)."""
    inner = getattr(state, "inner", state)
    hand = getattr(inner, "hand", None)
    if type(hand) is not HandState:
        raise MusError(f"a bot plays the states of mus.ai.openspiel (python_mus), got {quoted(state)}")
    return hand


def zoo_policy(bot: Bot, env: Any, *, max_bet: int | None = None) -> Callable[[Any, str], int]:
    """``bot`` as a PettingZoo policy of ``env`` (:func:`mus.ai.pettingzoo.env`, wrapped or
    not): ``policy(observation, agent)`` is the id of the bot's action for that agent's
    seat, chosen from its view of the environment's hand (the observation itself, a
    vector, says less than the view a bot reads).

    >>> from mus.ai.pettingzoo import env
    >>> from mus.bots import HeuristicBot
    >>> game = env(seed=1)
    >>> game.reset(seed=2)
    >>> policy = zoo_policy(HeuristicBot(), game)
    >>> observation, *_ = game.last()
    >>> policy(observation, game.agent_selection)
    0
    """
    if not callable(getattr(type(bot), "choose", None)):
        raise MusError(f"a bot has a choose(view) method, got {quoted(bot)}")
    try:
        inner = getattr(env, "unwrapped", env)
        mapping = getattr(inner, "agent_name_mapping", None)
        hand = getattr(inner, "hand", None)
    except Exception:  # a value whose attributes raise: no environment of ours
        mapping = hand = None
    if not isinstance(mapping, dict) or type(hand) is not HandState:
        raise MusError(f"zoo_policy() plays the environment of mus.ai.pettingzoo, got {quoted(env)}")
    bet = inner.coding.max_bet if max_bet is None else max_bet

    def policy(observation: Any, agent: str) -> int:
        if agent not in mapping:
            raise MusError(f"no agent {quoted(agent)}: agents are {', '.join(mapping)}")
        hand: HandState = inner.hand
        action = bot.choose(hand.view(mapping[agent]))
        return encoding_for(hand.rules, bet).encode(action, hand)

    return policy
