"""A picture of a hand's odds (needs matplotlib: ``pip install 'mus-rules[plot]'``).

>>> import mus, tempfile, os
>>> from mus.odds import odds
>>> path = os.path.join(tempfile.mkdtemp(), "odds.png")
>>> plot(odds("Ro Rc 7e 1b", mus.Rules(seats=2)), path)
>>> os.path.getsize(path) > 1000
True
"""

from __future__ import annotations

import os

from mus.errors import quoted
from mus.lances import Lance
from mus.odds.batch import MissingExtraError, OddsError
from mus.odds.equity import Odds

__all__ = ["plot"]


def plot(result: Odds, path: str) -> None:
    """Draw ``result`` to the image file ``path`` (PNG, SVG or PDF, by its suffix).

    One group of bars a lance: how often the lance is played (pale), how often the
    hand's side wins it (dark, with its standard error when sampled) and how often the
    hand itself does (outlined); the title gives the net stones of the en paso count.
    """
    if type(result) is not Odds:
        raise OddsError(f"plot() draws an Odds (mus.odds.odds), got {quoted(result)}")
    if not isinstance(path, (str, os.PathLike)):
        raise OddsError(f"plot() writes to a file path, got {quoted(path)}")
    try:
        from matplotlib.figure import Figure  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise MissingExtraError.for_extra("matplotlib", "plot") from None
    names = [str(lance) for lance in Lance]
    places = range(len(names))
    figure = Figure(figsize=(7, 4), dpi=100)
    axes = figure.subplots()
    axes.bar(places, result.played, width=0.7, color="#d9e2ec", label="lance played")
    axes.bar(
        places,
        result.win,
        width=0.7,
        color="#2f6690",
        yerr=result.error if not result.exact else None,
        capsize=4,
        label="hand's side wins",
    )
    axes.bar(places, result.own, width=0.35, fill=False, edgecolor="#f28f3b", linewidth=2, label="the hand itself wins")
    for place, value in zip(places, result.win, strict=False):
        axes.annotate(
            f"{value:.0%}",
            (place, value),
            ha="center",
            va="bottom",
            fontsize=9,
            xytext=(0, 3),
            textcoords="offset points",
        )
    axes.set_xticks(list(places), names)
    axes.set_ylim(0, 1.08)
    axes.set_ylabel("probability")
    how = "exact" if result.exact else f"{result.deals:,} sampled deals"
    net = "" if result.net is None else f", en paso net {result.net:+.2f} stones"
    axes.set_title(f"{result.hand} at seat {result.seat} of {result.rules.seats} ({how}{net})", fontsize=10)
    axes.legend(loc="upper right", fontsize=8, framealpha=0.9)
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise OddsError(f"cannot write {quoted(path)}: {quoted(error.strerror or str(error), 200)}") from None
    except ValueError as error:  # matplotlib's word for an unknown image format
        raise OddsError(f"cannot write {quoted(path)}: {quoted(str(error), 200)}") from None
