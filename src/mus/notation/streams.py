"""Histories and lines read from files and streams in bounded memory: whatever a stream
holds (``/dev/zero``, a file of one endless line, a pipe that never ends), what is kept
of it is at most the limit the notation declares, and going past it is a
:class:`~mus.NotationError` that says so.

* :func:`split_histories`: the histories of a stream one after another (several
  ``mus-match 1`` texts, as ``mus simulate --save`` writes them), each of at most
  :data:`~mus.notation.lines.MAX_TEXT` characters; :func:`numbered_histories`, each
  with the line it starts at;
* :func:`read_line`: one line of at most a given length, a longer one skipped without
  being kept.

>>> import io
>>> [text.split()[0] for text in split_histories(io.StringIO("mus-match 1\\n...\\nmus-match 1\\n...\\n"))]
['mus-match', 'mus-match']
>>> read_line(io.StringIO("envido 2\\nquiero\\n"), limit=20)
'envido 2\\n'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import IO

from mus.checks import whole
from mus.errors import MusError, NotationError, quoted
from mus.notation.histories import MATCH_HEADER
from mus.notation.lines import MAX_JSON, MAX_LINE, MAX_TEXT

__all__ = ["BLOCK", "numbered_histories", "read_line", "split_histories"]

BLOCK = 1 << 20
"""Characters read from a stream at a time."""

_CONTENT = re.compile(r"(?m)^[^\S\n]*[^\s#]")
"""A line that is neither blank nor a comment: what makes a history of the lines read."""


def split_histories(
    stream: IO[str], *, limit: int = MAX_TEXT, total: int | None = None, headers: tuple[str, ...] = (MATCH_HEADER,)
) -> Iterator[str]:
    """The texts of :func:`numbered_histories`, without their line numbers.

    >>> import io
    >>> list(split_histories(io.StringIO("mus-hand 1\\nrules ...\\n")))
    ['mus-hand 1\\nrules ...\\n']
    """
    for _, text in numbered_histories(stream, limit=limit, total=total, headers=headers):
        yield text


def numbered_histories(
    stream: IO[str], *, limit: int = MAX_TEXT, total: int | None = None, headers: tuple[str, ...] = (MATCH_HEADER,)
) -> Iterator[tuple[int, str]]:
    """The histories in ``stream``, one by one as they are read: a line of one of
    ``headers`` (by default ``mus-match 1``) after a line that is neither blank nor a
    comment starts the next one, so that the matches of a file that ``mus simulate
    --save`` wrote come out apart (any other text is one history; comments before the
    first header belong to the first history). There is always at least one, empty for an
    empty stream. Each comes with the number of the stream's line it starts at (its
    header's, or 1 for the first), so that its line ``n`` is the stream's line
    ``start + n - 1``.

    The stream is read in blocks, and only the history being read is kept (as a few
    large pieces, never a string a line), with the line being read: memory stays that
    of at most twice ``limit`` characters, whatever the stream holds. A longer history raises a
    :class:`~mus.NotationError` as soon as it is read past ``limit``, and so does a
    stream longer than ``total`` characters in all (no bound when ``None``). A history
    in JSON (its first character ``{``) is held to :data:`~mus.notation.lines.MAX_JSON`
    characters at most, which its reader takes.

    >>> import io
    >>> list(numbered_histories(io.StringIO("mus-match 1\\nseed 1\\n\\nmus-match 1\\nseed 2\\n")))
    [(1, 'mus-match 1\\nseed 1\\n\\n'), (4, 'mus-match 1\\nseed 2\\n')]
    >>> stream = io.StringIO("mus-match 1\\n" + "0 mus\\n" * 10)
    >>> next(numbered_histories(stream, limit=40))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: history 1 (from line 1) is longer than 40 characters
    """
    # Looked up on the type: a value's own __getattr__ is not asked.
    if not callable(getattr(type(stream), "read", None)):
        raise NotationError(f"split_histories() reads a text stream, got {quoted(stream)}")
    try:
        limit = whole(limit, "a history's limit", 1, MAX_TEXT)
        total = None if total is None else whole(total, "a stream's limit", 0)
    except MusError as error:
        raise NotationError(str(error)) from None
    if type(headers) is not tuple or not all(type(header) is str for header in headers):
        raise NotationError(f"headers are a tuple of texts, got {quoted(headers)}")
    splitter = _Splitter(limit, headers)
    tail: list[str] = []  # the line being read, until its end arrives
    tail_size = read = 0
    while block := stream.read(BLOCK):
        if type(block) is not str:
            raise NotationError(f"split_histories() reads a text stream, got {quoted(stream)}")
        read += len(block)
        if total is not None and read > total:
            raise NotationError(f"longer than {total:,} characters")
        cut = block.rfind("\n") + 1
        if not cut:
            # No line ends in this block: keep it aside, checked against the limit now
            # (a stream of one endless line is refused once past it, not at its end).
            # Until it ends, the line may be the header of the next history: only
            # then is it counted in the history it belongs to.
            tail.append(block)
            tail_size += len(block)
            splitter.look(block)
            splitter.check(tail_size, alone=True)
            continue
        lines = "".join(tail) + block[:cut] if tail else block[:cut]
        tail = [block[cut:]] if cut < len(block) else []
        tail_size = len(block) - cut
        yield from splitter.feed(lines)
        splitter.check(tail_size, alone=True)
    yield from splitter.feed("".join(tail))
    yield splitter.end()


class _Splitter:
    """Cuts whole lines into histories at their headers, keeping the one being read."""

    def __init__(self, limit: int, headers: tuple[str, ...]) -> None:
        self.limit = limit
        self.headers = headers
        # A line that starts a history: one of the headers, with any blanks around it.
        alternatives = "|".join(map(re.escape, headers))
        self.header = re.compile(rf"(?m)^[^\S\n]*(?:{alternatives})[^\S\n]*$")
        self.pieces: list[str] = []
        self.size = 0
        self.content = False  # whether the history being read has a line that is neither blank nor a comment
        self.json = False  # whether it is JSON (its first character a brace): MAX_JSON at most
        self.begun = False  # whether its first character other than a blank was seen
        self.number = 1  # the history being read
        self.line = 1  # the line it starts at
        self.lines = 0  # the lines read so far

    def check(self, more: int, alone: bool = False) -> None:
        """Refuse the history being read if ``more`` characters would put it past the
        limit (``alone``: if they are past it on their own)."""
        limit = min(self.limit, MAX_JSON) if self.json else self.limit
        if (0 if alone else self.size) + more > limit:
            what = "JSON " if self.json else ""
            raise NotationError(
                f"history {self.number} (from line {self.line}) is {what}longer than {limit:,} characters"
            )

    def look(self, text: str) -> None:
        """Tell from ``text``, the next of the history being read, whether it is JSON,
        if nothing of it said so yet."""
        if not self.begun and (found := _CONTENT.search(text)) is not None:
            self.json, self.begun = found.group()[-1] == "{", True

    def feed(self, lines: str) -> list[tuple[int, str]]:
        """Take whole lines (ending with a newline, or the stream's last); the
        histories they end, each with the line it starts at."""
        done: list[tuple[int, str]] = []
        if not any(header in lines for header in self.headers):  # most blocks: no regular expression
            self.add(lines)
            return done
        at = 0
        for header in self.header.finditer(lines):
            self.add(lines[at : header.start()])
            if self.content:
                done.append(self.end())
                self.line = self.lines + 1
            at = header.start()
        self.add(lines[at:])
        return done

    def add(self, piece: str) -> None:
        self.look(piece)
        self.check(len(piece))
        if piece:
            self.pieces.append(piece)
            self.size += len(piece)
            self.lines += piece.count("\n")
            self.content = self.content or _CONTENT.search(piece) is not None

    def end(self) -> tuple[int, str]:
        """The history read so far, with the line it starts at; the next one starts."""
        text = "".join(self.pieces)
        self.pieces, self.size, self.content, self.json, self.begun = [], 0, False, False, False
        self.number += 1
        return self.line, text


def read_line(stream: IO[str], limit: int = MAX_LINE) -> str | None:
    """The next line of ``stream``, its end of line included (``""`` at the end of the
    stream), read without keeping more than ``limit`` characters of it.

    A longer line gives ``None``: it is skipped to its end, a block at a time, so that
    the next call reads the line after it. A line that goes on past
    :data:`~mus.notation.lines.MAX_LINE` characters (an endless stream) raises a
    :class:`~mus.NotationError` instead, the stream left where it stands.

    >>> import io
    >>> stream = io.StringIO("quiero\\n" + "x" * 500 + "\\npaso")
    >>> read_line(stream, 200), read_line(stream, 200), read_line(stream, 200), read_line(stream, 200)
    ('quiero\\n', None, 'paso', '')
    """
    # Looked up on the type: a value's own __getattr__ is not asked.
    if not callable(getattr(type(stream), "readline", None)):
        raise NotationError(f"read_line() reads a text stream, got {quoted(stream)}")
    try:
        limit = whole(limit, "a line's limit", 0, MAX_LINE)
    except MusError as error:
        raise NotationError(str(error)) from None
    line = stream.readline(limit + 1)
    if type(line) is not str:
        raise NotationError(f"read_line() reads a text stream, got {quoted(stream)}")
    if len(line) <= limit or line.endswith("\n"):
        return line
    skipped = len(line)
    while piece := stream.readline(BLOCK):
        if piece.endswith("\n"):
            break
        skipped += len(piece)
        if skipped > MAX_LINE:
            raise NotationError(f"a line longer than {MAX_LINE:,} characters")
    return None
