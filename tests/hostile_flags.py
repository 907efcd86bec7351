"""Which optional extras the hostile-value table can call: numpy's, and the AI's."""

import importlib.util

HAS_NUMPY = importlib.util.find_spec("numpy") is not None
HAS_AI = HAS_NUMPY and all(importlib.util.find_spec(name) for name in ("gymnasium", "pettingzoo"))
HAS_SPIEL = HAS_AI and importlib.util.find_spec("pyspiel") is not None
"""OpenSpiel, installed apart: mus.ai.exact's policies are OpenSpiel's."""
