"""The parameters of ``python_mus``, the game :mod:`mus.ai.openspiel` registers with
OpenSpiel: their specification and defaults, and the :class:`~mus.ai.openspiel.MusGame`
they make.

* ``preset``: a name of :data:`~mus.rules.PRESETS` (default ``"standard"``);
* ``rules``: knobs over the preset's, as a JSON object in :meth:`Rules.to_dict
  <mus.rules.Rules.to_dict>`'s form (default ``""``: none), such as
  ``'{"seats": 2, "lances": ["grande", "juego"]}'``;
* ``senas``: ``True`` plays with señas (``Rules(senas=True)``);
* ``max_bet`` (the largest bet with an id; ``-1``: the rules' ``max_bet``, at most
  11), ``rewards``, ``deal``, ``max_mus_rounds`` (``-1``: none), as
  :class:`~mus.ai.openspiel.MusGame` takes them;
* ``rng_seed``: the seed of the game's generator, which deals the sampled hands
  (``-1``, the default: seeded by the system, so that each load deals other hands;
  ``0`` and up: the same hands on every load).

>>> game_arguments({"preset": "heads-up", "rules": '{"target": 30}'})["rules"].target
30
"""

from __future__ import annotations

import json
from typing import Any

from mus.checks import quoted
from mus.errors import RulesError
from mus.rules import PRESETS, Rules

__all__ = ["SPECIFICATION", "game_arguments"]

SPECIFICATION: dict[str, Any] = {
    "preset": "standard", "rules": "", "max_bet": -1, "rng_seed": -1, "rewards": "stones", "deal": "auto",
    "max_mus_rounds": -1, "senas": False,
}  # fmt: skip
"""The game's parameters with OpenSpiel, and their defaults."""

_KINDS = {int: "an int", str: "a str", bool: "a bool"}


def game_arguments(params: dict[str, Any] | None) -> dict[str, Any]:
    """The keyword arguments of :class:`~mus.ai.openspiel.MusGame` that OpenSpiel's
    ``params`` name; a parameter unknown, of the wrong type or value raises
    :class:`~mus.RulesError`.

    >>> game_arguments({"preset": "mini"})["rules"] == PRESETS["mini"]
    True
    >>> game_arguments({"players": 4})
    Traceback (most recent call last):
    ...
    mus.errors.RulesError: unknown parameter(s): players (preset, rules, max_bet, rng_seed, rewards, deal, max_mus_rounds, senas)
    """
    if params is not None and not isinstance(params, dict):
        raise RulesError(f"the parameters are a dict, got {quoted(params)}")
    params = {**SPECIFICATION, **(params or {})}
    unknown = sorted(set(params) - set(SPECIFICATION))
    if unknown:
        raise RulesError(f"unknown parameter(s): {', '.join(unknown)} ({', '.join(SPECIFICATION)})")
    for key, default in SPECIFICATION.items():
        value = params[key]
        if type(value) is not type(default):
            raise RulesError(f"the parameter {key} is {_KINDS[type(default)]}, got {quoted(value)}")
    name = params["preset"]
    if name not in PRESETS:
        raise RulesError(f"unknown preset {quoted(name)} (presets: {', '.join(sorted(PRESETS))})")
    rules = PRESETS[name]
    if params["rules"]:
        try:
            knobs = json.loads(params["rules"])
        except ValueError:
            raise RulesError(f"the parameter rules is a JSON object of knobs, got {quoted(params['rules'])}") from None
        if not isinstance(knobs, dict):
            raise RulesError(f"the parameter rules is a JSON object of knobs, got {quoted(params['rules'])}")
        rules = Rules.from_dict({**rules.to_dict(), **knobs})
    seed = params["rng_seed"]
    return {
        "rules": rules.evolve(senas=True) if params["senas"] else rules,
        "max_bet": None if params["max_bet"] < 0 else params["max_bet"],
        "seed": None if seed < 0 else seed,
        "rewards": params["rewards"],
        "deal": params["deal"],
        "max_mus_rounds": None if params["max_mus_rounds"] < 0 else params["max_mus_rounds"],
    }
