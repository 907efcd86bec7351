"""Files of histories checked one history at a time: each hand and match read and
replayed as its reader does (every action legal, the cards and the recorded count the
replay's own), then its outcome, or what is wrong with it and on which line of the file.

A file holds one history or many: texts one after another (each starts with its
``mus-hand 1`` or ``mus-match 1`` header; blank lines between them are ignored), or
JSON Lines (one JSON history a line; a file of one JSON history may spread it over
several lines, as :func:`~mus.notation.hand_to_json` writes it). It is read in bounded
memory (:mod:`mus.notation.streams`): one history at a time.

>>> import io, mus
>>> state = mus.new_hand(seed=1)
>>> for action in ["no-mus", "bet 2", "accept", "pass", "pass", "pass", "pass"]:
...     state = mus.apply(state, action)
>>> while not state.is_over:
...     state = mus.apply(state, "pass")
>>> text = mus.notation.format_hand(state)
>>> tampered = text.replace("# score 3-4", "# score 4-3")
>>> for result in check_stream(io.StringIO(text + "\\n" + tampered), "two.mus"):
...     print(*result.lines(), sep="\\n")
two.mus:1: hand 1: grande team 1, chica team 0, pares team 0, juego team 1 (no bet); score 3-4
two.mus:65: error: the recorded count does not match the replay of the hand: '# score 4-3', where the replay has '# score 3-4'
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from typing import IO, cast

import attrs

from mus.checks import whole
from mus.errors import MusError, NotationError, quoted, type_name
from mus.match import MatchState
from mus.notation.evening import PaperMatch
from mus.notation.histories import HAND_HEADER, MATCH_HEADER, load, read_match, read_record
from mus.notation.lines import MAX_JSON, MAX_TEXT
from mus.notation.reading import first_line, players_of
from mus.notation.streams import BLOCK, numbered_histories, read_line
from mus.ranking import Lance
from mus.rules import Rules
from mus.scoring import Outcome
from mus.state import HandState, Phase

__all__ = [
    "CheckResult",
    "HandOutcome",
    "check_file",
    "check_stream",
    "check_text",
    "hand_outcome",
    "history_texts",
]


@attrs.frozen
class HandOutcome:
    """What a hand of a history came to: who won each lance, the score, the game.

    ``lances`` pairs each lance with the side that won it (``None``: nobody, void or
    not decided yet) and ``how`` it was won (``"refused"`` when a bet was refused; else
    the count decided it); ``scores`` are the scores at its end; ``winner`` the side
    that won the game in it, if any; ``over`` whether the hand ended; ``line`` is where
    it starts in its file, ``number`` its place in its history (1 for a lone hand), or
    in its game when ``game`` says which (a paper record of a match numbers its hands
    so; 0 when not said).

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ["no-mus", "ordago", "accept"]:
    ...     state = mus.apply(state, action)
    >>> print(hand_outcome(state))
    hand 1: grande team 1 (ordago); score 0-0; team 1 wins the game
    """

    lances: tuple[tuple[Lance, int | None, str], ...]
    scores: tuple[int, ...]
    winner: int | None
    over: bool
    line: int = 1
    number: int = 1
    individual: bool = False
    waiting: str = ""
    """Where an unfinished hand stands (``"chica, seat 2 to speak"``)."""
    game: int = 0

    def __str__(self) -> str:
        side = "seat" if self.individual else "team"
        parts = []
        for lance, team, how in self.lances:
            who = "-" if team is None else f"{side} {team}"
            parts.append(f"{lance} {who}" + (f" ({how})" if how else ""))
        text = f"hand {self.number}: {', '.join(parts) or 'no lance played'}; score {_scores(self.scores)}"
        if self.game:
            text = f"game {self.game}, {text}"
        if self.winner is not None:
            text += f"; {side} {self.winner} wins the game"
        elif not self.over:
            text += f" (unfinished: {self.waiting})"
        return text


def _scores(scores: tuple[int, ...]) -> str:
    return "-".join(map(str, scores))


def hand_outcome(state: HandState, line: int = 1, number: int = 1, game: int = 0) -> HandOutcome:
    """The :class:`~mus.notation.checking.HandOutcome` of a hand's state (the lances it has settled so far,
    when it is not over): what :func:`~mus.notation.check_text` reports for each hand.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ["no-mus", "bet 2", "accept", "pass", "pass", "pass", "pass"]:
    ...     state = mus.apply(state, action)
    >>> while not state.is_over:
    ...     state = mus.apply(state, "pass")
    >>> print(hand_outcome(state))
    hand 1: grande team 1, chica team 0, pares team 0, juego team 1 (no bet); score 3-4
    """
    if not isinstance(state, HandState):
        raise NotationError(f"hand_outcome() needs a HandState, got {type_name(state)}")
    count = state.count
    if count is not None:
        lances = [(line.lance, line.team, _how(line.outcome)) for line in count.lines]
    else:
        # Not counted (a game won by refusal, or a hand under way): only refusals are settled.
        lances = [
            (result.lance, result.team, _how(result.outcome)) if result.outcome is Outcome.REFUSED else
            (result.lance, None, "")
            for result in state.results
        ]  # fmt: skip
    waiting = ""
    if not state.is_over:
        stage = "the mus" if state.phase in (Phase.MUS, Phase.DISCARD) else str(state.lance)
        waiting = f"{stage}, seat {state.to_act} to speak"
    return HandOutcome(
        tuple(lances),
        state.scores,
        state.winner,
        state.is_over,
        line,
        number,
        state.rules.individual,
        waiting,
        game,
    )


def _how(outcome: Outcome) -> str:
    return {Outcome.REFUSED: "refused", Outcome.ORDAGO: "ordago", Outcome.NO_BET: "no bet"}.get(outcome, "")


@attrs.frozen
class CheckResult:
    """One history of a file, checked: its outcome, hand by hand, or what is wrong.

    ``source`` names the file, ``line`` is where the history starts in it, ``kind``
    ``"hand"`` or ``"match"`` (``""`` when it could not be read); ``hands`` the outcome
    of each hand; ``winner`` the side that won the match; ``error`` what is wrong, at
    ``error_line`` of the file (``None`` when the history is valid). ``rules`` are the
    rules the history was read under, and ``rules_line`` the line of its ``rules`` line
    (``None`` when it has none: it was read under the rules given to the checker);
    ``defaulted`` says what of the rules given it took: ``"rules"`` (it has no rules
    line), ``"house"`` (its rules line names no house rules, and it took theirs) or
    ``""`` (nothing).

    >>> import mus
    >>> result = check_text(mus.notation.format_hand(mus.new_hand(seed=1)).replace("mano 0", "mano 9"))
    >>> result.ok, result.error_line, result.error
    (False, 3, "the mano is a seat: no seat '9' (seats 0 to 3)")
    """

    source: str
    line: int
    kind: str
    hands: tuple[HandOutcome, ...] = ()
    winner: int | None = None
    games: tuple[int, ...] = ()
    error: str | None = None
    error_line: int | None = None
    rules: Rules | None = None
    rules_line: int | None = None
    defaulted: str = ""
    players: tuple[str, ...] = ()
    """The names of the history's ``players`` line (its messages name the seats so)."""

    @property
    def ok(self) -> bool:
        """Whether the history is valid."""
        return self.error is None

    def lines(self) -> list[str]:
        """What ``mus check`` prints for it: one line per hand (the last one saying who
        won the match), or one line for the error; each starts with ``FILE:LINE:``."""
        if self.error is not None:
            return [f"{self.source}:{self.error_line}: error: {self.error}"]
        lines = [f"{self.source}:{hand.line}: {hand}" for hand in self.hands]
        if self.kind == "match" and self.winner is not None:
            side = "seat" if self.hands and self.hands[-1].individual else "team"
            ending = f"; {side} {self.winner} wins the match, {_scores(self.games)}"
            lines = [*lines[:-1], lines[-1] + ending] if lines else [f"{self.source}:{self.line}: {ending[2:]}"]
        elif not lines:
            lines = [f"{self.source}:{self.line}: {self.kind}: no hand played"]
        return lines


_AT_LINE = re.compile(r"line ([0-9]+): ")
_HAND_BLOCK = re.compile(r"[^\S\n]*hand ([0-9]+)[^\S\n]*")


def check_text(text: str, source: str = "<text>", line: int = 1, *, rules: Rules | None = None) -> CheckResult:
    """Check one history (any of the four notations, paper records of hands and of
    matches included), which starts at line ``line`` of ``source``: its
    :class:`~mus.notation.CheckResult`, whose error lines are counted in ``source``. A
    text history without a ``rules`` line is read under ``rules`` (``Rules()`` when
    ``None``), and one whose rules line names no ``house`` rules takes those of ``rules``.

    >>> import mus
    >>> match = mus.apply(mus.new_match(seed=7), "no-mus")
    >>> print(*check_text(mus.notation.format_match(match), "m.mus", 10).lines())
    m.mus:14: hand 1: no lance played; score 0-0 (unfinished: grande, seat 0 to speak)
    >>> check_text(mus.notation.format_match(match).replace("0 no-mus", "0 bet 2"), "m.mus", 10).lines()
    ['m.mus:16: error: during the mus, say mus or no-mus, not bet 2']
    """
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type_name(text)}")
    if rules is not None and not isinstance(rules, Rules):
        raise NotationError(f"the rules of a history without its own are a Rules, got {quoted(rules)}")
    try:
        line = whole(line, "a history's first line", 1)
    except MusError as error:
        raise NotationError(str(error)) from None
    start = first_line(text)[:20]
    kind = "match" if start.startswith(MATCH_HEADER) or '"mus-match"' in text[:200] else "hand"
    rules_at, words = (line, []) if start.startswith("{") else _rules_line(text, line)
    defaulted = "rules" if rules_at is None else ""
    if (
        rules_at is not None
        and rules is not None
        and rules.house
        and not any(word.startswith("house=") for word in words)
    ):
        defaulted = "house"
    history: HandState | MatchState | PaperMatch
    try:
        if start.startswith("{"):
            history = load(text)
        elif kind == "match":
            history = read_match(text, rules=rules)
        else:
            # A hand's text may be a paper record with hands not written down: its record.
            history = read_record(text, rules=rules).state
    except MusError as error:
        message = " ".join(str(error).split())
        at = _AT_LINE.match(message)
        where = line
        if at is not None and not start.startswith("{"):
            where, message = line + int(at.group(1)) - 1, message[at.end() :]
        given = rules if defaulted else None  # what the history took of the rules given
        return CheckResult(
            source,
            line,
            kind,
            error=message,
            error_line=where,
            rules=given,
            defaulted=defaulted,
            players=players_of(text),
        )
    result: CheckResult
    if isinstance(history, HandState):
        # At its header: comments and blank lines before it (the top of a file) aside.
        header = next((at for at, content in enumerate(text.splitlines(), line) if content.strip() == start), line)
        result = CheckResult(source, line, "hand", (hand_outcome(history, header),))
    elif isinstance(history, PaperMatch):
        hands = tuple(
            hand_outcome(record.state, line + start - 1, number, game)
            for record, start, (game, number) in zip(history.hands, history.lines, history.numbers, strict=True)
        )
        games = history.vacas if history.rules.vacas_to_win > 1 else history.games
        result = CheckResult(source, line, "match", hands, history.winner, games if history.over else ())
    else:
        result = _match_result(history, text, source, line)
    players = players_of(text) if not start.startswith("{") else ()
    return attrs.evolve(result, rules=history.rules, rules_line=rules_at, defaulted=defaulted, players=players)


def _rules_line(text: str, line: int) -> tuple[int | None, list[str]]:
    """Where the text history's ``rules`` line is in ``source``, and its words, if it has
    one (right after its header, comments and blank lines aside): else ``None``."""
    seen = False
    for number, content in enumerate(text.splitlines(), line):
        content = content.strip()
        if not content or content.startswith("#"):
            continue
        if seen:
            key, _, words = content.partition(" ")
            return (number, words.split()) if key == "rules" else (None, [])
        seen = True
    return None, []


def _match_result(match: MatchState, text: str, source: str, line: int) -> CheckResult:
    states = list(match.finished)
    if match.hand.history and not match.is_over:
        states.append(match.hand)
    starts = [line] * len(states)
    if not first_line(text).startswith("{"):
        # Each hand is reported at its ``hand N`` line.
        found = iter(
            number
            for number, content in enumerate(text.splitlines(), line)
            if content.startswith(("hand", " ", "\t")) and _HAND_BLOCK.fullmatch(content)
        )
        starts = [next(found, line) for _ in states]
    hands = tuple(
        hand_outcome(state, at, number) for number, (state, at) in enumerate(zip(states, starts, strict=True), 1)
    )
    games = match.vacas if match.rules.vacas_to_win > 1 else match.games
    return CheckResult(source, line, "match", hands, match.winner, games if match.is_over else ())


def check_stream(stream: IO[str], source: str = "-", *, rules: Rules | None = None) -> Iterator[CheckResult]:
    """Check every history of ``stream`` (text histories one after another, or JSON
    Lines; a history without a ``rules`` line is read under ``rules``, as
    :func:`~mus.notation.check_text` reads it), one at a time as they are read: a
    :class:`~mus.notation.CheckResult` each. Memory stays
    that of one history (at most :data:`~mus.notation.lines.MAX_TEXT` characters); a
    longer one is reported as an error, and so is an empty stream.

    >>> import io, json, mus
    >>> lines = "\\n".join(json.dumps(json.loads(mus.notation.hand_to_json(mus.new_hand(seed=s)))) for s in (1, 2))
    >>> [(result.line, result.ok) for result in check_stream(io.StringIO(lines + "\\n{}\\n"))]
    [(1, True), (2, True), (3, False)]
    """
    _readable(stream, "check_stream()")
    if not isinstance(source, str):
        raise NotationError(f"a stream's source is a text (the name of its file), got {quoted(source)}")
    if rules is not None and not isinstance(rules, Rules):
        raise NotationError(f"the rules of a history without its own are a Rules, got {quoted(rules)}")
    return _stream_results(stream, source, rules)


def _stream_results(stream: IO[str], source: str, rules: Rules | None) -> Iterator[CheckResult]:
    try:
        for start, text in _history_texts(stream, (HAND_HEADER, MATCH_HEADER)):
            if isinstance(text, NotationError):
                yield CheckResult(source, start, "", error=str(text), error_line=start)
            else:
                yield check_text(text, source, start, rules=rules)
    except NotationError as error:
        yield CheckResult(source, 1, "", error=str(error), error_line=1)


def history_texts(
    stream: IO[str], headers: tuple[str, ...] = (HAND_HEADER, MATCH_HEADER), total: int | None = None
) -> Iterator[tuple[int, str | NotationError]]:
    """The histories of ``stream`` as :func:`~mus.notation.check_stream` reads them,
    each with the line it starts at: texts one after another (a line of ``headers``
    starts the next; comments before the first are no history), or JSON Lines (a
    stream whose first text is ``{``; one JSON history may spread over every line).
    What cannot be a history (an empty stream, a JSON line too long) comes as a
    :class:`~mus.NotationError` in its place; a stream that breaks the limits of
    :func:`~mus.notation.streams.numbered_histories` raises one, and so does a stream
    longer than ``total`` characters (no bound when ``None``).

    >>> import io
    >>> [(line, text[:10]) for line, text in history_texts(io.StringIO("# Monday\\nmus-hand 1\\n\\nmus-hand 1\\n"))]
    [(1, '# Monday\\nm'), (4, 'mus-hand 1')]
    """
    _readable(stream, "history_texts()")
    if type(headers) is not tuple or not all(type(header) is str for header in headers):
        raise NotationError(f"headers are a tuple of texts, got {quoted(headers)}")
    if total is not None and (type(total) is not int or total < 0):
        raise NotationError(f"a stream's limit is a whole number of characters, got {quoted(total)}")
    return _history_texts(stream, headers, total)


def _readable(stream: object, reader: str) -> None:
    # Checked when called, not when first iterated. Looked up on the type, as the
    # stream readers do: a value's own __getattr__ is not asked.
    if not callable(getattr(type(stream), "read", None)) or not callable(getattr(type(stream), "readline", None)):
        raise NotationError(f"{reader} reads a text stream, got {quoted(stream)}")


def _history_texts(
    stream: IO[str], headers: tuple[str, ...], total: int | None = None
) -> Iterator[tuple[int, str | NotationError]]:
    pieces, size = [], 0
    while block := stream.read(BLOCK):  # to the first text, which tells the form
        if type(block) is not str:
            raise NotationError(f"check_stream() reads a text stream, got {quoted(stream)}")
        pieces.append(block)
        size += len(block)
        if block.strip() or size > MAX_TEXT:
            break
    head = "".join(pieces)
    if not head.strip():
        yield 1, NotationError("no history in it")
        return
    stream = cast(IO[str], _Prefixed(head, stream))
    if head.lstrip().startswith("{"):
        yield from _json_texts(stream, total)
        return
    for start, text in numbered_histories(stream, headers=headers, total=total):
        yield (start, text) if first_line(text) else (1, NotationError("no history in it"))


def _json_texts(stream: IO[str], total: int | None) -> Iterator[tuple[int, str | NotationError]]:
    number = read = 0
    # JSON is read at most MAX_JSON characters at a time: a longer history is skipped
    # unparsed (parsing costs many times its size), not kept whole.
    while (line := read_line(stream, MAX_JSON)) != "":
        number += 1
        read += MAX_JSON if line is None else len(line)
        if total is not None and read > total:
            raise NotationError(f"longer than {total:,} characters")
        if line is None:
            yield number, NotationError(f"JSON longer than {MAX_JSON:,} characters")
            continue
        if not line.strip():
            continue
        if line.strip() == "{":
            # One JSON history over many lines, as hand_to_json writes it: the whole stream.
            rest = stream.read(MAX_JSON + 1)
            too_long = len(line) + len(rest) > MAX_JSON
            yield number, NotationError(f"JSON longer than {MAX_JSON:,} characters") if too_long else line + rest
            return
        yield number, line


def check_file(path: str | os.PathLike[str], *, rules: Rules | None = None) -> Iterator[CheckResult]:
    """Check every history of the file ``path`` (:func:`~mus.notation.check_stream`; a
    history without a ``rules`` line is read under ``rules``); a file that cannot be
    read raises a :class:`~mus.NotationError` that names it.

    >>> next(check_file("/nonexistent/out.mus"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: cannot read /nonexistent/out.mus: No such file or directory
    """
    # A name or a path, not an int: open() takes an int for a file descriptor, and
    # check_file(True) would read standard output, then close it.
    name = os.fspath(path) if isinstance(path, (str, os.PathLike)) else None
    if not isinstance(name, str):
        raise NotationError(f"a file to check is named by a text or a path, got {quoted(path)}")
    if rules is not None and not isinstance(rules, Rules):
        raise NotationError(f"the rules of a history without its own are a Rules, got {quoted(rules)}")
    return _file_results(name, rules)


_LONGEST_NAME = 255
"""The longest file name an error message shows whole (a longer one is cut)."""


def _file_results(path: str, rules: Rules | None) -> Iterator[CheckResult]:
    # The name as given (the command line strips it from the message), unless it is
    # too long or unprintable to show as it is.
    shown = path if len(path) <= _LONGEST_NAME and path.isprintable() else quoted(path)
    try:
        with open(path, encoding="utf-8") as file:
            yield from check_stream(file, path, rules=rules)
    except OSError as error:
        raise NotationError(f"cannot read {shown}: {error.strerror or type(error).__name__}") from None
    except UnicodeDecodeError:
        raise NotationError(f"cannot read {shown}: not UTF-8 text") from None
    except MusError:  # a ValueError too, but the checker's own: as it is
        raise
    except ValueError:  # from open(): a NUL byte or a lone surrogate, which no file name has
        raise NotationError(f"cannot read {shown}: no file can have that name") from None


class _Prefixed:
    """A stream that gives ``prefix`` (what was read of ``stream`` to tell its form)
    before the rest of ``stream``: what the readers of a stream ask of it, ``read``
    and ``readline``."""

    def __init__(self, prefix: str, stream: IO[str]) -> None:
        self.prefix = io.StringIO(prefix)
        self.stream = stream

    def read(self, size: int = -1) -> str:
        text = self.prefix.read(size)
        if size < 0:
            return text + self.stream.read()
        return text + self.stream.read(size - len(text)) if len(text) < size else text

    def readline(self, size: int = -1) -> str:
        line = self.prefix.readline(size)
        if line.endswith("\n") or 0 <= size <= len(line):
            return line
        return line + self.stream.readline(-1 if size < 0 else size - len(line))
