"""The generators of the environments' deals, and the seeds they take.

Every environment deals from a :class:`random.Random` of its own, seeded the same way
(a Gymnasium environment's seeds are Gymnasium's: ``None`` or an int from 0 up), so
that a seed replays the same deals in any of them.
"""

from __future__ import annotations

import contextlib
import json
import operator
import random

from mus.checks import quoted
from mus.errors import MusError

__all__ = ["generator", "generator_state", "set_generator_state"]


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


def generator_state(rng: random.Random) -> str:
    """The state of a generator as text (JSON): its seed and every draw since, which
    :func:`set_generator_state` takes back.

    >>> rng = generator(7)
    >>> saved = generator_state(rng)
    >>> first = rng.random()
    >>> set_generator_state(rng, saved)
    >>> rng.random() == first
    True
    """
    if not isinstance(rng, random.Random):
        raise MusError(f"a generator is a random.Random, got {quoted(rng)}")
    version, words, gauss = rng.getstate()
    return json.dumps([version, list(words), gauss], separators=(",", ":"))


def set_generator_state(rng: random.Random, text: str) -> None:
    """Set ``rng`` to a state :func:`generator_state` gave; anything else raises
    :class:`~mus.MusError` and leaves it as it was.

    >>> set_generator_state(generator(1), "[3, [1, 2], null]")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: not a generator state of generator_state(): '[3, [1, 2], null]' (state vector is the wrong size)
    """
    if not isinstance(rng, random.Random):
        raise MusError(f"a generator is a random.Random, got {quoted(rng)}")
    try:
        version, words, gauss = json.loads(text)
        rng.setstate((version, tuple(words), gauss))
    except (TypeError, ValueError) as error:
        raise MusError(f"not a generator state of generator_state(): {quoted(text, 60)} ({error})") from None
