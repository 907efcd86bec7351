"""The generators of the environments' deals, and the seeds they take.

Every environment deals from a :class:`random.Random` of its own, seeded the same way
(a Gymnasium environment's seeds are Gymnasium's: ``None`` or an int from 0 up), so
that a seed replays the same deals in any of them.
"""

from __future__ import annotations

import contextlib
import operator
import random

from mus.checks import quoted
from mus.errors import MusError

__all__ = ["generator"]


def generator(seed: object, *, gymnasium: bool = False) -> random.Random:
    """The generator of an environment's deals, seeded with ``seed``: ``None``, an int
    (numpy's too) or a str; under ``gymnasium``, whose own generator takes them, ``None``
    or an int from 0 up only.

    >>> import numpy as np
    >>> generator(np.int64(7)).random() == generator(7).random()
    True
    >>> generator(1.5)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a seed is None, an int or a str, got 1.5
    >>> generator(-1, gymnasium=True)
    Traceback (most recent call last):
    ...
    mus.errors.MusError: a Gymnasium seed is None or an int from 0 up, got -1
    """
    if type(gymnasium) is not bool:
        raise MusError(f"gymnasium is True or False, got {quoted(gymnasium)}")
    if seed is None:
        return random.Random()
    if isinstance(seed, str) and not gymnasium:
        # The bytes random.Random hashes for a str, lone surrogates taken as they are.
        return random.Random(str.__str__(seed).encode("utf-8", "surrogatepass"))
    number: int | None = None
    if not isinstance(seed, bool):
        with contextlib.suppress(Exception):  # no int, or a value whose __index__ fails
            number = operator.index(seed)  # type: ignore[arg-type]
    if gymnasium and (number is None or number < 0):
        raise MusError(f"a Gymnasium seed is None or an int from 0 up, got {quoted(seed)}")
    if number is None:
        raise MusError(f"a seed is None, an int or a str, got {quoted(seed)}")
    return random.Random(number)
