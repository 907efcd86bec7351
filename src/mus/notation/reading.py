"""What the readers of the text histories share past their lines: the ``rules`` line
and the rules a history without one is read under, the players' names of a ``players``
line, the replay of a hand's actions with the declarations a record writes checked
against the engine's, and the comments a record may carry anywhere, as in a PGN game:
the count (the block its ``# count`` line starts), a lone ``# score A-B``, and any
other, which is only a comment.

Every error names the line where the mistake is: a declaration at its own line, a
deal refused at the line that made it (``mano``, ``scores`` or ``hands``).

>>> import mus
>>> state = mus.new_hand(seed=1)
>>> for action in ["no-mus", "bet 2", "accept", "pass", "pass", "pass", "pass"]:
...     state = mus.apply(state, action)
>>> count_comments(state)
[]
>>> while not state.is_over:
...     state = mus.apply(state, "pass")
>>> count_comments(state)[0], count_comments(state)[-1]
('# count', '# score 3-4')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mus.actions import Declare
from mus.errors import MusError, NotationError, quoted, type_name
from mus.hand import Hand
from mus.lances import pares, points
from mus.notation.knobs import parse_rules
from mus.notation.lines import Entry, Lines, read_seat
from mus.notation.paper import PAPER_SEED, HandRecord, check_served, check_unknown, paper_deal, read_hands
from mus.ranking import Lance
from mus.reducer import apply, derived, new_hand
from mus.rules import Rules
from mus.state import HandState

__all__ = [
    "check_comments",
    "check_count",
    "check_declarations",
    "check_end",
    "check_match_end",
    "count_comments",
    "deal_error",
    "first_line",
    "match_end",
    "named",
    "paper_hand",
    "players_of",
    "read_corrido",
    "read_dealt",
    "read_header",
    "read_mano",
    "read_players",
    "read_scores",
    "replay",
    "scores_text",
]

_KEYWORDS = frozenset(
    ("mus-hand", "mus-match", "rules", "players", "mano", "scores", "corrido", "seed", "hands", "stock", "restocks")
)
"""The words that start the notation's lines: no player may be called one of them."""


def scores_text(scores: Sequence[int]) -> str:
    """Scores as the notation writes them, one number per side: ``12-30``."""
    return "-".join(map(str, scores))


def first_line(text: str) -> str:
    """The first line of a history's text that is neither blank nor a comment: the one
    that tells the notation (its header, or JSON's ``{``).

    >>> first_line("\\n# the evening of the 12th\\nmus-match 1\\n")
    'mus-match 1'
    """
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type_name(text)}")
    for line in text[:100_000].splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line
    return ""


def read_dealt(number: int, text: str, seats: int) -> list[Hand]:
    """The hands of a ``hands`` line (line ``number``) of a dealt history: one a seat,
    ``/`` between seats, every card written (a paper record's: :func:`read_hands
    <mus.notation.paper.read_hands>`)."""
    parts = text.split("/")
    if len(parts) != seats:
        raise NotationError(f"line {number}: {seats} hands separated by '/', got {len(parts)}")
    try:
        return [Hand.parse(part.strip()) for part in parts]
    except MusError as error:
        raise NotationError(f"line {number}: {error}") from None


def read_header(lines: Lines, kind: str, defaults: Rules | None = None) -> tuple[Rules, int | None]:
    """Read the ``mus-hand 1`` or ``mus-match 1`` line and the ``rules`` line: the rules
    and the rules line's number. A history without a ``rules`` line is read under
    ``defaults`` (``Rules()`` when ``None``), and the number is ``None``; a rules line
    that names no ``house`` rules takes those of ``defaults``.

    >>> from mus.rules import Rules
    >>> read_header(Lines("mus-hand 1\\nrules target=30\\n"), "mus-hand")[0].target
    30
    >>> rules, line = read_header(Lines("mus-hand 1\\nmano 0\\n"), "mus-hand", Rules(target=30))
    >>> rules.target, line
    (30, None)
    """
    if defaults is not None and not isinstance(defaults, Rules):
        raise NotationError(f"the rules of a history without its own are a Rules, got {quoted(defaults)}")
    number, version = lines.field(kind)
    if version != "1":
        raise NotationError(f"line {number}: unsupported {kind} notation version {quoted(version[:10])}")
    defaults = Rules() if defaults is None else defaults
    entry = lines.peek()
    if entry is None or entry[1].partition(" ")[0] != "rules":
        return defaults, None
    number, words = lines.field("rules")
    try:
        rules = parse_rules(words)
        if defaults.house and not any(word.startswith("house=") for word in words.split()):
            rules = rules.evolve(house=defaults.house)
    except MusError as error:
        raise NotationError(f"line {number}: {error}") from None
    return rules, number


def read_players(lines: Lines, seats: int) -> tuple[str, ...]:
    """The players' names of a ``players`` line, if it comes next (one a seat, in seat
    order), else ``()``: actions and the ``mano`` may then name a seat by its player.

    >>> read_players(Lines("players Ane Beñat Carmen Dani\\n"), 4)
    ('Ane', 'Beñat', 'Carmen', 'Dani')
    >>> read_players(Lines("players Ane Ane\\n"), 2)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 1: 'Ane' is written twice in the players' names
    """
    entry = lines.peek()
    if entry is None or entry[1].partition(" ")[0] != "players":
        return ()
    number, text = lines.field("players")
    names = tuple(text.split())
    if len(names) != seats:
        raise NotationError(f"line {number}: {seats} players' names, one a seat in seat order, got {len(names)}")
    seen: set[str] = set()
    for name in names:
        if name.isdigit() or name.casefold() in _KEYWORDS or not name.isprintable() or set(name) & set("?/#"):
            raise NotationError(
                f"line {number}: {quoted(name, 30)} cannot be a player's name "
                "(not a number, nor a word of the notation; no '?', '/' or '#')"
            )
        if name.casefold() in seen:
            raise NotationError(f"line {number}: {quoted(name, 30)} is written twice in the players' names")
        seen.add(name.casefold())
    return names


def players_of(text: str) -> tuple[str, ...]:
    """The names of a text history's ``players`` line, if it has one among its first
    lines (after its header and its rules line), read without checking them: what a
    message about the history may name its seats by.

    >>> players_of("mus-match 1\\nrules target=40\\nplayers Ane Beñat\\nmano Ane\\n")
    ('Ane', 'Beñat')
    """
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type_name(text)}")
    seen = 0
    for content in text[:100_000].splitlines():
        content = content.strip()
        if not content or content.startswith("#"):
            continue
        key, _, names = content.partition(" ")
        if key == "players":
            return tuple(names.split())
        seen += 1
        if seen > 2:
            break
    return ()


def read_mano(number: int, text: str, seats: int, names: tuple[str, ...] = ()) -> int:
    """The seat a ``mano`` line (line ``number``) names, by number or by name.

    >>> read_mano(3, "Carmen", 4, ("Ane", "Beñat", "Carmen", "Dani"))
    2
    >>> read_mano(3, "first", 4)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 3: the mano is a seat: no seat 'first' (seats 0 to 3)
    """
    try:
        return read_seat(text, seats, names)
    except NotationError as error:
        raise NotationError(f"line {number}: the mano is a seat: {error}") from None


_SEAT = re.compile(r"\bseat ([0-9]+)\b")
_SEATS = re.compile(r"\bseats ([0-9]+(?:, [0-9]+)*(?: and [0-9]+)?)\b")


def named(message: str, names: tuple[str, ...]) -> str:
    """``message`` with the seats it names said by their players' ``names``.

    >>> named("line 9: not seat 1's turn: seat 0 speaks", ("Ane", "Beñat"))
    "line 9: not Beñat's turn: Ane speaks"
    """
    if not names:
        return message

    def name(found: re.Match[str]) -> str:
        seat = int(found.group(0) if found.group(0).isdigit() else found.group(1))
        return names[seat] if seat < len(names) else found.group(0)

    message = _SEATS.sub(lambda found: re.sub(r"[0-9]+", name, found.group(1)), message)
    return _SEAT.sub(name, message)


def deal_error(error: MusError, where: dict[str, int]) -> NotationError:
    """The error of a deal the engine refused, at the line of what it refuses: the
    ``mano`` line, the ``scores`` line, else the cards' (``where`` maps each field to
    its line number).

    >>> deal_error(MusError("mano must be a seat from 0 to 3, got 9"), {"mano": 3, "scores": 4, "hands": 6})
    NotationError('line 3: mano must be a seat from 0 to 3, got 9')
    """
    message = str(error)
    words = message.split()[:2]
    field = "mano" if words[:1] == ["mano"] else "scores" if {"score", "scores"} & set(words) else "hands"
    if field not in where:
        return NotationError(f"bad deal: {message}")
    return NotationError(f"line {where[field]}: {message}")


def read_scores(number: int, text: str, sides: int) -> tuple[int, ...]:
    """The scores of a ``scores`` line (line ``number``), one per side.

    >>> read_scores(4, "12-30", 2)
    (12, 30)
    >>> read_scores(4, "12-30", 3)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 4: 3 scores (one per side) like 12-30-7, got 2
    """
    example = "-".join(["12", "30", "7", "0", "25", "3"][:sides])
    if not re.fullmatch(r"[0-9]{1,4}(-[0-9]{1,4}){0,9}", text):
        raise NotationError(f"line {number}: scores are written like {example}, one per side")
    scores = tuple(int(part) for part in text.split("-"))
    if len(scores) != sides:
        raise NotationError(f"line {number}: {sides} scores (one per side) like {example}, got {len(scores)}")
    return scores


def read_corrido(lines: Lines, where: dict[str, int]) -> bool | None:
    """Whether mus corrido applies to the hand, if a ``corrido`` line comes next (its
    line is added to ``where``), else ``None``: as the rules and the scores say."""
    entry = lines.peek()
    if entry is None or entry[1].partition(" ")[0] != "corrido":
        return None
    number, text = lines.field("corrido")
    if text not in ("yes", "no"):
        raise NotationError(f"line {number}: corrido is 'yes' or 'no', got {quoted(text[:20])}")
    where["corrido"] = number
    return text == "yes"


def check_end(lines: Lines, follows: str | None = None) -> None:
    """Refuse a line after a hand's actions, unless it starts with ``follows`` (the
    next hand of a match: ``hand``)."""
    extra = lines.peek()
    if extra is not None and (follows is None or extra[1].partition(" ")[0] != follows):
        raise NotationError(f"line {extra[0]}: unexpected {quoted(extra[1][:40])}")


def paper_hand(
    lines: Lines,
    rules: Rules,
    deal: tuple[int, tuple[int, ...], bool | None],
    names: tuple[str, ...],
    where: dict[str, int],
    follows: str | None = None,
) -> tuple[HandRecord, list[tuple[int, ...]], int]:
    """The hand of a paper record (:mod:`mus.notation.paper`), read from its ``hands``
    line to its last action; ``deal`` is its mano, scores and corrido (``None``: as the
    scores say), ``where`` the lines they were read at. The record, the scores before
    and after each action, and the index of the first action's line."""
    mano, scores, corrido = deal
    number, hands_text = lines.field("hands")
    where["hands"] = number
    written = read_hands(number, hands_text, rules.seats)
    first = lines.at
    clauses: list[tuple[int, str]] = []
    entries = lines.actions(rules.seats, draws=clauses, names=names)
    check_end(lines, follows)
    cards = paper_deal(rules, written, number, entries, clauses)
    try:
        state = new_hand(
            rules,
            seed=PAPER_SEED,
            hands=cards.hands,
            stock=cards.stock,
            mano=mano,
            scores=scores,
            corrido=corrido,
            restocks=cards.restocks,
        )
    except MusError as error:
        raise deal_error(error, where) from None
    state, after = replay(state, entries)
    check_served(state, cards, entries)
    check_unknown(state, cards.unknown, number)
    return HandRecord(state, cards.unknown), after, first


def replay(state: HandState, entries: Sequence[Entry]) -> tuple[HandState, list[tuple[int, ...]]]:
    """Apply a hand's ``entries`` to ``state``; the declarations the engine derives are
    checked rather than applied (:func:`check_declarations`), and a record may leave
    them out. The hand at the end, and the scores before and after each entry (one more
    than the entries), which a lone ``# score`` comment is checked against.

    >>> import mus
    >>> from mus.notation.lines import Lines
    >>> state, scores = replay(mus.new_hand(seed=1), Lines("0 no-mus\\n0 bet 2\\n1 fold\\n3 fold\\n").actions(4))
    >>> str(state.lance), scores
    ('chica', [(0, 0), (0, 0), (0, 0), (0, 0), (1, 0)])
    """
    written: list[Entry] = []
    scores = [state.scores]
    for where, seat, action in entries:
        if derived(action, state.rules):
            written.append((where, seat, action))
        else:
            try:
                state = apply(state, action, seat)
            except MusError as error:
                raise NotationError(f"{where}: {error}") from None
        scores.append(state.scores)
    check_declarations(state, written)
    return state, scores


def check_declarations(state: HandState, written: Sequence[Entry]) -> None:
    """The declarations a record writes under derived declarations (``written``), each
    the engine's for that seat and lance in ``state``'s hand: a wrong one is refused at
    its line, with what the seat holds.

    >>> import mus
    >>> state = mus.new_hand(mus.Rules(), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"], seed=1)
    >>> for action in ["no-mus", "pass", "pass", "pass", "pass", "pass", "pass", "pass", "pass"]:
    ...     state = mus.apply(state, action)
    >>> check_declarations(state, [("line 20", 1, Declare(Lance.PARES, False))])
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 20: seat 1 declares pares no, but holds Co Cc 5b 4e (pareja of caballo)
    """
    engine = {(seat, action.lance): action.has for seat, action in state.history if type(action) is Declare}
    seen: set[tuple[int, Lance]] = set()
    for where, seat, action in written:
        assert type(action) is Declare
        key = (seat, action.lance)
        if key in seen:
            raise NotationError(f"{where}: seat {seat}'s declaration of {action.lance} is written twice")
        seen.add(key)
        has = engine.get(key)
        if has is None:
            raise NotationError(f"{where}: seat {seat} declares no {action.lance} in this hand: it does not reach it")
        if has != action.has:
            hand = state.hands[seat]
            if action.lance is Lance.PARES:
                combo = pares(hand, state.rules)
                holds = "no pares" if combo is None else str(combo)
            else:
                total = points(hand, state.rules)
                holds = f"{total} points, {'juego' if total >= 31 else 'no juego'}"
            said = "yes" if action.has else "no"
            raise NotationError(f"{where}: seat {seat} declares {action.lance} {said}, but holds {hand} ({holds})")


def count_comments(state: HandState) -> list[str]:
    """The count of ``state``'s hand as a history writes it, in comment lines: none
    before the hand is counted, one for a game won by refusal (no count)."""
    if state.count is None:
        if state.winner is not None:
            return [f"# team {state.winner} wins the game by refusal: score {scores_text(state.scores)}"]
        return []
    return ["# count"] + [f"# {line}" for line in str(state.count).splitlines()]


def match_end(rules: Rules, winner: int | None, games: tuple[int, ...], vacas: tuple[int, ...]) -> str:
    """The comment a finished match's history ends with: who won it, and the games (or
    the vacas, when the match is played to more than one) each side won.

    >>> match_end(Rules(), 1, (1, 3), (0, 1))
    '# team 1 wins the match, 1-3 in games'
    """
    if rules.vacas_to_win > 1:
        return f"# team {winner} wins the match, {scores_text(vacas)} in vacas"
    return f"# team {winner} wins the match, {scores_text(games)} in games"


_MATCH_END = re.compile(r"# (?:team|seat) [0-9]+ wins the match\b.*")


def check_match_end(comments: Sequence[tuple[int, str]], ending: str | None) -> None:
    """The comments that say who won the match (``# team 1 wins the match, ...``) must
    be ``ending``, the match's (``None``: the match is not over)."""
    for number, text in comments:
        if _MATCH_END.fullmatch(text) and text != ending:
            has = quoted(ending, 80) if ending is not None else "a match not over"
            raise NotationError(f"line {number}: {quoted(text, 80)}, where the replay has {has}")


def check_count(recorded: Sequence[tuple[int, str]], state: HandState) -> None:
    """A recorded count (its numbered comment lines) must be the replay's own: a
    tampered one is refused at the first line that differs."""
    replayed = count_comments(state)
    if not recorded or [line for _, line in recorded] == replayed:
        return
    differs = next((index for index, (_, line) in enumerate(recorded) if line not in replayed[index : index + 1]), None)
    if differs is None:
        number = recorded[-1][0]
        why = f"it stops here, where the replay goes on with {quoted(replayed[len(recorded)], 80)}"
    else:
        number, line = recorded[differs]
        has = quoted(replayed[differs], 80) if differs < len(replayed) else "nothing more"
        why = f"{quoted(line, 80)}, where the replay has {has}"
    raise NotationError(f"line {number}: the recorded count does not match the replay of the hand: {why}")


_SCORE = re.compile(r"#\s*score\s+([0-9]{1,4}(?:-[0-9]{1,4}){1,9})\s*")
_BY_REFUSAL = re.compile(r"# (?:team|seat) [0-9]+ wins the game by refusal\b.*")


def check_comments(
    comments: Sequence[tuple[int, int, str]], first: int, scores: Sequence[tuple[int, ...]], state: HandState
) -> None:
    """Check the comments of a hand's block (:meth:`Lines.placed_comments
    <mus.notation.lines.Lines.placed_comments>`), whose first action is meaningful line
    ``first``: a count, started by its ``# count`` line (or the one line of a game won
    by refusal) and going on with the comment lines right below it, must be the
    replay's (:func:`check_count`); a lone ``# score A-B`` must be the score where it
    stands (``scores``: before and after each action, as :func:`replay` gives them);
    any other comment is only a comment.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ["no-mus", "bet 2", "fold", "fold"]:
    ...     state = mus.apply(state, action)
    >>> scores = [(0, 0)] * 4 + [(1, 0)]
    >>> check_comments([(3, 5, "# the mano opens"), (5, 8, "# score 1-0")], 1, scores, state)
    >>> check_comments([(5, 8, "# score 0-1")], 1, scores, state)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 8: the score is 1-0 here, not 0-1
    """
    replayed = len(count_comments(state))
    index = 0
    while index < len(comments):
        before, number, text = comments[index]
        index += 1
        if " ".join(text.split()) == "# count" or _BY_REFUSAL.fullmatch(text):
            block = [(number, text)]
            while index < len(comments) and comments[index][1] == block[-1][0] + 1 and len(block) < replayed:
                block.append(comments[index][1:])
                index += 1
            check_count(block, state)
            continue
        score = _SCORE.fullmatch(text)
        if score is not None:
            at = scores[min(max(before - first, 0), len(scores) - 1)]
            if score.group(1) != scores_text(at):
                raise NotationError(f"line {number}: the score is {scores_text(at)} here, not {score.group(1)}")
