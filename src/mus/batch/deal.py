"""Seeded deals for whole batches: the very deals of :func:`mus.new_hand`, seed for seed.

The scalar engine shuffles the deck by the SHAKE-128 digest of the seed
(:func:`mus.cards.permutation`): forty 64-bit keys, read big-endian, whose order is
the deck's. Here the digests are taken one a hand (hashlib, in C) and the forty keys
of every hand are sorted at once, the scalar engine's trick made a numpy pass: each key
becomes the double of its top 46 bits and its position, so one plain sort of the rows
orders the positions exactly as the scalar sort does.

>>> import mus
>>> positions = shuffled_decks(tags([7, "x"]))
>>> list(positions[0]) == mus.cards.permutation(40, 7), list(positions[1]) == mus.cards.permutation(40, "x")
(True, True)
"""

from __future__ import annotations

import hashlib
import itertools
import sys
from collections.abc import Iterable, Sequence
from operator import methodcaller

import numpy as np

from mus.batch.tables import Array
from mus.cards import SEED_LIMIT, seed_arg

__all__ = ["DECK", "hand_seed", "seed_tags", "shuffled_decks", "tags"]

DECK = 40
"""The cards of the Spanish deck, each dealt by its order number (0 to 39)."""
_DIGEST = methodcaller("digest", 8 * DECK)
_MANTISSA = np.uint64(0x000F_FFFF_FFFF_FFC0)
_TAGS = np.bitwise_or(np.uint64(0x3FF0 << 48), np.arange(DECK, dtype=np.uint64))
_SHIFT = np.uint64(12)
_LITTLE = sys.byteorder == "little"


def tag(seed: int | str) -> bytes:
    """The bytes the scalar engine hashes for ``seed`` (normalised by :func:`~mus.cards.seed_arg`).

    >>> tag(7), tag("7")
    (b'int:7', b'str:7')
    """
    if type(seed) is not int or not -SEED_LIMIT < seed < SEED_LIMIT:
        seed = seed_arg(seed)
    if type(seed) is int:
        return b"int:%d" % seed
    return f"str:{seed}".encode("utf-8", "surrogatepass")


def tags(seeds: Iterable[int | str]) -> list[bytes]:
    """``tag(seed)`` of each seed: the bytes the scalar engine hashes for it.

    >>> tags([1, "a"])
    [b'int:1', b'str:a']
    """
    return list(map(tag, seeds))


def hand_seed(seed: int | str, index: int) -> str:
    """The seed of hand ``index`` of a batch dealt from ``seed``: ``"<seed>/hand/<index>"``,
    the seed a match gives its hand of that number.

    >>> hand_seed(7, 3)
    '7/hand/3'
    """
    return f"{seed}/hand/{index}"


def seed_tags(seed: int | str, count: int) -> Iterable[bytes]:
    """The tags of the seeds ``hand_seed(seed, i)`` for ``i`` below ``count``, made without
    a str a hand (the format runs in C).

    >>> list(seed_tags(7, 2)) == tags([hand_seed(7, 0), hand_seed(7, 1)])
    True
    """
    prefix = f"str:{seed_arg(seed)}/hand/".encode("utf-8", "surrogatepass").replace(b"%", b"%%")
    return map((prefix + b"%d").__mod__, range(count))


def shuffled_decks(hashed: Sequence[bytes] | Iterable[bytes], count: int | None = None) -> Array:
    """By hand, the positions 0 to 39 in the order the scalar engine shuffles the deck
    for the seed of each tag (an ``(n, 40)`` array of ``uint8``); ``count``: how many
    tags there are, when ``hashed`` is an iterator. The digests are taken a chunk of
    hands at a time, so that the peak of memory stays near the result's own size."""
    if count is None:
        hashed = list(hashed)
        count = len(hashed)
    positions = np.empty((count, DECK), np.uint8)
    chunks = iter(hashed)
    for start in range(0, count, _CHUNK):
        positions[start : start + _CHUNK] = _decks(itertools.islice(chunks, _CHUNK))
    return positions


_CHUNK = 1 << 15


def _decks(hashed: Iterable[bytes]) -> Array:
    digests = b"".join(map(_DIGEST, map(hashlib.shake_128, hashed)))
    words = np.frombuffer(digests, ">u8").reshape(-1, DECK).astype(np.uint64)
    # The double 1.<top 46 bits of the key><6 bits of position>: the scalar engine's sort key.
    words >>= _SHIFT
    words &= _MANTISSA
    words |= _TAGS
    keys = words.view(np.float64)
    keys.sort(axis=1)
    # The position is in the low 6 bits of each double: its first byte, little-endian.
    low = keys.view(np.uint8)[:, ::8] if _LITTLE else keys.view(np.uint8)[:, 7::8]
    positions: Array = low & 0x3F
    return positions
