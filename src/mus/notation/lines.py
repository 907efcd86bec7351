"""What the histories of both games are read with: the limits on what is read, the
line reader of the text notations, the actions of a history as entries (from its action
lines or its JSON ``[seat, text]`` pairs), and seeds as text.

:mod:`mus.notation` (the Mus) and :mod:`mus.individuel.notation` (the Mus individuel)
build their notations on these; each error is a :class:`~mus.NotationError` that says
where, by line number or action number.

>>> lines = Lines("mus-hand 1\\n# a comment\\nseed 42\\n0 no-mus\\n")
>>> lines.field("mus-hand"), read_seed(lines.field("seed")[1]), lines.actions(seats=4)
((1, '1'), 42, [('line 4', 0, NoMus())])
"""

from __future__ import annotations

import bisect
import json
import re
from typing import Any

from mus.actions import Action, parse_action
from mus.cards import seed_arg
from mus.checks import label, whole
from mus.errors import MusError, NotationError, quoted

__all__ = [
    "MAX_ACTIONS",
    "MAX_JSON",
    "MAX_LINE",
    "MAX_TEXT",
    "Entry",
    "Lines",
    "json_entries",
    "read_int",
    "read_seat",
    "read_seed",
    "seed_text",
]

MAX_TEXT = 400_000_000
"""The longest history text accepted, in characters: past any match the engine can play
(readers take time linear in the text)."""
MAX_JSON = 32 * 1024 * 1024
"""The longest JSON history or data accepted, in characters (32 MiB): a match of
:data:`~mus.match.MAX_HANDS` ordinary hands is about a third of it. Parsed JSON costs
about fifteen times its size in memory, so a longer text is refused by its size before
it is parsed, and a reader of a stream stops reading it there."""
MAX_ACTIONS = 100_000
"""The most actions accepted in one hand. The engine never plays more: it cuts the mus
after :data:`~mus.state.MAX_MUS_ROUNDS` rounds and stops raises after
:data:`~mus.state.MAX_BETS` bets in a lance, so a hand stays under about 63,000 (six
seats: 5,000 rounds of twelve actions, and the betting)."""
MAX_LINE = MAX_TEXT
"""The longest line accepted in the text notation: any (a seed may be long)."""

Entry = tuple[str, int, Action]
"""An action read from a history: where it stands (``"line 12"``, ``"action 3"``), the
seat and the action."""


def read_int(raw: str, what: str) -> int:
    """The whole number that ``raw`` writes (up to nine digits), for the field ``what``.

    >>> read_int("-12", "mano")
    -12
    >>> read_int("1e3", "target")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: target must be a whole number, not '1e3'
    """
    if type(raw) is not str or not re.fullmatch(r"-?[0-9]{1,9}", raw):
        raise NotationError(f"{label(what)} must be a whole number, not {quoted(raw, 30)}")
    return int(raw)


def seed_text(seed: int | str) -> str:
    """A seed as a history writes it: a number as is, a text quoted (as JSON quotes it),
    so that :func:`read_seed` tells them apart.

    >>> seed_text(42), seed_text("table 7")
    ('42', '"table 7"')
    """
    seed = seed_arg(seed)
    return str(seed) if type(seed) is int else json.dumps(seed)


def read_seed(raw: str) -> int | str:
    """The seed that :func:`seed_text` wrote: a whole number of up to 4,000 digits, or a
    quoted text.

    >>> read_seed("42"), read_seed('"table 7"')
    (42, 'table 7')
    >>> read_seed("table 7")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: bad seed 'table 7': a whole number of up to 4,000 digits, or a quoted string
    """
    if type(raw) is not str:
        raise NotationError(f"a seed's text is a str, got {quoted(raw)}")
    if raw.startswith('"'):
        try:
            seed = json.loads(raw)
        except ValueError:
            raise NotationError(f"bad seed {quoted(raw[:40])}") from None
        if not isinstance(seed, str):
            raise NotationError(f"bad seed {quoted(raw[:40])}")
        return seed
    if not re.fullmatch(r"-?[0-9]{1,4000}", raw):
        raise NotationError(f"bad seed {quoted(raw[:40])}: a whole number of up to 4,000 digits, or a quoted string")
    return int(raw)


class Lines:
    """The meaningful lines of a history's text, numbered, read one field at a time;
    blank lines are skipped and ``#`` lines kept apart as comments. Errors are
    :class:`~mus.NotationError`, with the line number.

    >>> lines = Lines("mano 2\\n\\nscores 0-0\\n1 mus\\n# a comment\\n")
    >>> lines.field("mano"), lines.peek()
    ((1, '2'), (3, 'scores 0-0'))
    >>> lines.field("seed")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 3: expected 'seed', found 'scores 0-0'
    >>> lines.field("scores"), lines.actions(seats=4), lines.comments_after(0, 3)
    ((3, '0-0'), [('line 4', 1, Mus())], ['# a comment'])
    """

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise NotationError(f"a history is text, got {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise NotationError(f"history longer than {MAX_TEXT} characters")
        self.lines: list[tuple[int, str]] = []
        """The meaningful lines, stripped: (line number, text)."""
        self.comments: list[tuple[int, int, str]] = []
        """The comment lines: (how many meaningful lines come before it, its line number,
        text); a comment belongs to the meaningful line it follows."""
        for number, line in enumerate(text.splitlines(), 1):
            if len(line) > MAX_LINE:
                raise NotationError(f"line {number}: longer than {MAX_LINE} characters")
            line = line.strip()
            if line.startswith("#"):
                self.comments.append((len(self.lines), number, line))
            elif line:
                self.lines.append((number, line))
        self.at: int = 0
        """The index in :attr:`lines` of the next line to read."""

    def comments_after(self, start: int, end: int) -> list[str]:
        """The comment lines that follow meaningful lines ``start`` to ``end - 1``."""
        return [line for _, line in self.numbered_comments(start, end)]

    def placed_comments(self, start: int, end: int) -> list[tuple[int, int, str]]:
        """The comment lines that follow meaningful lines ``start`` to ``end - 1``, each
        with how many meaningful lines come before it and its line number (the entries
        of :attr:`comments`): where a comment stands among the actions.

        >>> Lines("mano 2\\n# one\\nscores 0-0\\n# two\\n").placed_comments(0, 2)
        [(1, 2, '# one'), (2, 4, '# two')]
        """
        first = bisect.bisect_right(self.comments, start, key=_after)
        last = bisect.bisect_right(self.comments, end, lo=first, key=_after)
        return self.comments[first:last]

    def numbered_comments(self, start: int, end: int) -> list[tuple[int, str]]:
        """The comment lines that follow meaningful lines ``start`` to ``end - 1``, each
        with its line number.

        :attr:`comments` is in the order of the text, so the block is found by
        bisection: a match asks this once a hand, and reading it stays linear in its
        size however many comments it has.

        >>> Lines("mano 2\\n# one\\n\\n# two\\nscores 0-0\\n").numbered_comments(0, 2)
        [(2, '# one'), (4, '# two')]
        """
        return [(number, line) for _, number, line in self.placed_comments(start, end)]

    def peek(self) -> tuple[int, str] | None:
        """The next line (its number and text) without reading it; ``None`` at the end."""
        return self.lines[self.at] if self.at < len(self.lines) else None

    def field(self, name: str) -> tuple[int, str]:
        """Read the next line, which must be ``name`` and its value: the line number and
        the value."""
        if type(name) is not str:
            raise NotationError(f"a field's name is a str, got {quoted(name)}")
        entry = self.peek()
        if entry is None:
            raise NotationError(f"missing {quoted(name)} line at the end")
        number, line = entry
        key, _, rest = line.partition(" ")
        if key != name:
            raise NotationError(f"line {number}: expected {quoted(name)}, found {quoted(line[:40])}")
        self.at += 1
        return number, rest.strip()

    def actions(
        self,
        seats: int,
        limit: int = MAX_ACTIONS,
        draws: list[tuple[int, str]] | None = None,
        names: tuple[str, ...] = (),
    ) -> list[Entry]:
        """The action lines from here on, as entries (``"line N"``, seat, action).

        With ``draws`` (a paper record), an action line may end with ``draw CARDS``,
        what the seat drew: the cards' text is added to ``draws`` with the index of the
        entry, which is read without them. With ``names`` (a record's ``players``
        line), an action line may name its seat by its player's name.

        >>> draws = []
        >>> Lines("0 discard Ro 4c draw 7e 1b\\n").actions(4, draws=draws), draws
        ([('line 1', 0, Discard.parse('Ro 4c'))], [(0, '7e 1b')])
        >>> Lines("Ane mus\\nbeñat no-mus\\n").actions(2, names=("Ane", "Beñat"))
        [('line 1', 0, Mus()), ('line 2', 1, NoMus())]
        """
        seats, limit = _bounds(seats, limit)
        folded = {name.casefold() for name in names}
        entries: list[Entry] = []
        while (entry := self.peek()) is not None and (
            entry[1][:1].isdigit() or (folded and entry[1].partition(" ")[0].casefold() in folded)
        ):
            number, line = entry
            seat_text, _, action_text = line.partition(" ")
            if draws is not None:
                action_text, said, drawn = action_text.partition(" draw ")
                if said:
                    draws.append((len(entries), drawn.strip()))
            try:
                seat = read_seat(seat_text, seats, names)
                action = parse_action(action_text)
            except MusError as error:
                raise NotationError(f"line {number}: {error}") from None
            entries.append((f"line {number}", seat, action))
            if len(entries) > limit:
                raise NotationError(f"line {number}: more than {limit} actions in a hand")
            self.at += 1
        return entries


def read_seat(text: str, seats: int, names: tuple[str, ...] = ()) -> int:
    """The seat that ``text`` names: its number (0 to ``seats - 1``) or, with ``names``
    (one per seat), its player's name, whatever its case.

    >>> read_seat("2", 4), read_seat("carmen", 4, ("Ane", "Beñat", "Carmen", "Dani"))
    (2, 2)
    >>> read_seat("Eneko", 4, ("Ane", "Beñat", "Carmen", "Dani"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: no seat 'Eneko' (seats 0 to 3, or the players Ane, Beñat, Carmen, Dani)
    """
    if type(text) is str and re.fullmatch(r"[0-9]{1,2}", text) and int(text) < seats:
        return int(text)
    if type(text) is str:
        for seat, name in enumerate(names):
            if text.casefold() == name.casefold():
                return seat
    players = f", or the players {', '.join(names)}" if names else ""
    raise NotationError(f"no seat {quoted(text, 30)} (seats 0 to {seats - 1}{players})")


_MOST_SEATS = 8  # the largest table of either game: the Mus individuel's eight players


def _bounds(seats: object, limit: object) -> tuple[int, int]:
    """A table's seats and a hand's most actions, checked (what the readers pass)."""
    try:
        return whole(seats, "seats", 1, _MOST_SEATS), whole(limit, "a limit of actions", 0, MAX_ACTIONS)
    except MusError as error:
        raise NotationError(str(error)) from None


def _after(comment: tuple[int, int, str]) -> int:
    return comment[0]


def json_entries(actions: Any, seats: int, limit: int = MAX_ACTIONS) -> list[Entry]:
    """A JSON history's ``[seat, text]`` pairs as entries (``"action N"``, seat, action).

    >>> json_entries([[0, "mus"], [1, "no-mus"]], seats=4)
    [('action 0', 0, Mus()), ('action 1', 1, NoMus())]
    >>> json_entries([[4, "mus"]], seats=4)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: action 0: expected [seat, text], got [4, 'mus']
    """
    seats, limit = _bounds(seats, limit)
    if not isinstance(actions, list) or len(actions) > limit:
        raise NotationError(f"actions must be a list of at most {limit} [seat, action] pairs")
    entries = []
    for index, entry in enumerate(actions):
        if (
            not isinstance(entry, list)
            or len(entry) != 2
            or isinstance(entry[0], bool)
            or not isinstance(entry[0], int)
            or not 0 <= entry[0] < seats
            or not isinstance(entry[1], str)
        ):
            raise NotationError(f"action {index}: expected [seat, text], got {str(entry)[:40]}")
        try:
            entries.append((f"action {index}", entry[0], parse_action(entry[1])))
        except MusError as error:
            raise NotationError(f"action {index}: {error}") from None
    return entries
