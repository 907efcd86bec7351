"""The keys of each lance, as the house rules page documents them for ``lance_key``
hooks: computed here over every rank multiset under every rule set that changes them
(eight kings or four, each ``real_31``, each juego order), and checked against the
page's table and ``HouseRule``'s docstring."""

from __future__ import annotations

import itertools
import pathlib
import re

import mus
from mus.hand import RANK_MULTISETS
from mus.ranking import JUEGO_ORDERS, ParesKind

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "house-rules.rst").read_text(encoding="utf-8")

REAL_31: tuple[bool | str, ...] = (False, True, "king")
RULE_SETS = [
    mus.Rules(eight_kings=eight_kings, real_31=real_31, juego_order=order)
    for eight_kings, real_31, order in itertools.product((True, False), REAL_31, JUEGO_ORDERS)
]


def computed() -> dict[str, tuple[int, int]]:
    """The least and the largest key of each row of the table, over every hand."""
    found: dict[str, list[int]] = {}
    for rules in RULE_SETS:
        ranking = rules.ranking
        for index in range(len(RANK_MULTISETS)):
            combo = ranking.pares[index]
            total = ranking.points[index]
            rows = {
                "grande": mus.Lance.GRANDE,
                "chica": mus.Lance.CHICA,
                "pares, " + ("none" if combo is None else str(combo.kind)): mus.Lance.PARES,
                "juego" if total >= 31 else "juego, none": mus.Lance.JUEGO,
                "punto": mus.Lance.PUNTO,
            }
            for row, lance in rows.items():
                found.setdefault(row, []).append(ranking.keys[lance][index])
    return {row: (min(keys), max(keys)) for row, keys in found.items()}


def documented() -> dict[str, tuple[int, int]]:
    table = PAGE.split("The keys of each lance\n", 1)[1].split("\n\n", 2)[2]
    rows = re.findall(r"^(\w[\w, ]*?)\s{2,}(\d+) to (\d+)\s", table, flags=re.M)
    return {name: (int(low), int(high)) for name, low, high in rows}


def test_the_page_gives_each_lances_keys_as_the_library_makes_them() -> None:
    assert len(RANK_MULTISETS) == 715
    table = documented()
    assert set(table) == {"grande", "chica", "punto", "juego", "juego, none", "pares, none"} | {
        f"pares, {kind}" for kind in ParesKind
    }
    assert table == computed()


def test_house_rules_docstring_gives_the_same_ranges() -> None:
    doc = mus.HouseRule.__doc__ or ""
    ranges = computed()
    summary = " ".join(doc.split())
    for lance in ("grande", "chica", "punto"):
        low, high = ranges[lance]
        assert f"{lance} {low} to {high}" in summary
    assert f"juego {ranges['juego'][0]} to {ranges['juego'][1]} or 0" in summary
    pares_low = min(ranges[f"pares, {kind}"][0] for kind in ParesKind)
    pares_high = max(ranges[f"pares, {kind}"][1] for kind in ParesKind)
    assert f"pares {pares_low} to {pares_high} or 0" in summary


def test_having_pares_is_a_key_and_having_juego_is_the_points() -> None:
    # What the page says a hook must keep in mind: the engine reads pares from the key
    # and juego from the points, and the library's keys agree with both.
    for rules in RULE_SETS:
        ranking = rules.ranking
        for index in range(len(RANK_MULTISETS)):
            pares_key = ranking.keys[mus.Lance.PARES][index]
            assert (pares_key > 0) is (ranking.pares[index] is not None)
            juego_key = ranking.keys[mus.Lance.JUEGO][index]
            assert (juego_key > 0) is (ranking.points[index] >= 31)
            if ranking.points[index] < 31:
                assert 4 <= ranking.keys[mus.Lance.PUNTO][index] <= 30
