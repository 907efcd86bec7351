"""What the two games' view replays share: a history fed entry by entry, the trial
replays where hidden cards leave a choice, and the field that does not follow named.

A view of either game (:class:`~mus.SeatView`, the Mus individuel's
:class:`mus.individuel.SeatView <mus.individuel.state.SeatView>`) is checked by
replaying its history as its seat saw it: :class:`ViewReplay` is that replay's
machinery, which :class:`~mus.data.consistency.HandReplay` (the four-card game) and
:class:`~mus.data.individuel_consistency.IndividuelReplay` (the Mus individuel) build
on with each game's rules. :func:`compare_fields` then compares a view's fields with
those the replay derived, in the words of :func:`said`.

>>> said((8, 7, 9)), said("betting"), said(None)
('[8, 7, 9]', "'betting'", 'None')
>>> compare_fields({"to_act": 2}, {"to_act": 0}, "view", "leaves")
Traceback (most recent call last):
...
mus.errors.NotationError: view.to_act: 2 does not follow from the history, which leaves 0
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mus.data.reading import fail
from mus.errors import NotationError, quoted
from mus.ranking import Lance
from mus.table import Phase

__all__ = ["ViewReplay", "compare_fields", "result_differs", "said"]


def said(value: Any) -> str:
    """A field's value as a message shows it, cut to a line: numbers as a list, other
    tuples (but records) by their items' text, the rest quoted.

    >>> import mus
    >>> said((mus.Pass(), mus.Bet(2))), said(mus.Lance.PARES), said(mus.Phase.BETTING)
    ('pass, bet 2', "'pares'", "'betting'")
    """
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        text = str(list(value)) if value and all(type(item) is int for item in value) else ", ".join(map(str, value))
        return text if len(text) <= 80 else text[:77] + "..."
    return quoted(str(value) if isinstance(value, (Phase, Lance)) else value, 80)


def result_differs(shown: Any, derived: Any) -> str:
    """The message for a result a view shows that is not the one its history gives.

    >>> from mus.scoring import LanceResult, Outcome
    >>> result_differs(LanceResult(Lance.PARES, Outcome.NO_BET, team=0, seats=(0,)), LanceResult(Lance.PARES, Outcome.NO_BET, team=0, seats=(0, 2)))
    'pares: no bet, team 0 (seats [0]) does not follow from the history, which gives pares: no bet, team 0 (seats [0, 2])'
    """
    said_, given = str(shown), str(derived)
    if said_ == given:
        said_, given = f"{said_} (seats {list(shown.seats)})", f"{given} (seats {list(derived.seats)})"
    return f"{said_} does not follow from the history, which gives {given}"


def compare_fields(shown: Mapping[str, Any], derived: Mapping[str, Any], where: str, verb: str) -> None:
    """Raise a :class:`~mus.NotationError` naming the first of ``derived``'s fields whose
    value in ``shown`` (a view's fields, by name) differs: *... does not follow from the
    history, which* ``verb`` *...*."""
    for field, value in derived.items():
        if shown[field] != value:
            raise fail(
                f"{where}.{field}",
                f"{said(shown[field])} does not follow from the history, which {verb} {said(value)}",
            )


class ViewReplay:
    """A hand replayed as ``seat`` saw it, from the mano ``mano``: what both games'
    replays share. :meth:`feed` replays the history's next entries, each through the
    game's ``_take``; errors are :class:`~mus.NotationError` naming the entry, under
    ``where``. A game's replay sets its ``queue`` (the seats to speak, the first to
    act), its ``betting`` (the lance's, or ``None``) and appends its ``results``.

    >>> import mus
    >>> from mus.data.consistency import HandReplay
    >>> replay = HandReplay(mus.Rules(), 0, 0, (0, 0), False, "view")
    >>> isinstance(replay, ViewReplay), replay.to_act, replay.lance, replay.size
    (True, 0, None, 0)
    """

    def __init__(self, seat: int, mano: int, where: str) -> None:
        self.seat: int = seat
        self.mano: int = mano
        self.where: str = where
        self.queue: tuple[int, ...] = ()
        self.betting: Any = None
        self.results: list[Any] = []
        self.size: int = 0  # the entries replayed
        self._entries: Sequence[tuple[int, Any]] = ()
        self._at = 0
        self._hint: Any = None

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        return self.queue[0] if self.queue else None

    @property
    def lance(self) -> Lance | None:
        """The lance being bet on (or declared, in the four-card game)."""
        return None if self.betting is None else self.betting.lance

    def feed(self, entries: Sequence[tuple[int, Any]], hint: Any) -> None:
        """Replay ``entries`` (the history's next entries, as the seat sees them), which
        lead to the view ``hint``: where the engine decides from cards the seat did not
        see, the replay takes what ``hint`` records and checks what it can."""
        self._entries, self._at, self._hint = entries, 0, hint
        self._run()

    def _run(self) -> None:
        while self._at < len(self._entries):
            self._take(*self._next_entry())

    def _take(self, who: int, action: Any) -> None:
        raise NotImplementedError  # each game's rules

    def _next_entry(self) -> tuple[int, Any]:
        if self._at >= len(self._entries):
            raise fail(f"{self.where}.history", "ends before the declarations the engine adds")
        entry = self._entries[self._at]
        self._at += 1
        self.size += 1
        return entry

    def _fail(self, message: str) -> NotationError:
        """The error about the entry being replayed."""
        return fail(f"{self.where}.history[{self.size - 1}]", message)

    def _replays(self, choose: Callable[[Any], None]) -> bool:
        """Whether the rest of the history replays, once ``choose`` made a choice the
        hidden cards leave open on a copy of this replay, to the results and betting the
        view shows."""
        trial: ViewReplay = copy.deepcopy(self, {id(self._hint): self._hint, id(self._entries): self._entries})
        try:
            choose(trial)
            trial._run()
        except NotationError:
            return False
        hint = self._hint
        return hint is not None and trial.results == list(hint.results) and trial.betting == hint.betting

    def _check_result(self) -> None:
        """The result just settled must be the view's, when the view shows it."""
        index, hint = len(self.results) - 1, self._hint
        if hint is not None and index < len(hint.results) and hint.results[index] != self.results[index]:
            raise fail(f"{self.where}.results[{index}]", result_differs(hint.results[index], self.results[index]))
