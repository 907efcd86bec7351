"""Mus histories, of a hand and of a match, as text and as JSON: written from a state,
read back into the same state by replaying them (:mod:`mus.notation` describes both
notations).

The JSON histories are also available as data (:func:`hand_data`,
:func:`hand_from_data`, :func:`match_from_data`), for :mod:`mus.data`'s forms that
carry them.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=42), "no-mus")
>>> parse_hand(format_hand(state)) == state == hand_from_json(hand_to_json(state))
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable
from typing import Any

from mus.cards import Card, parse_cards
from mus.checks import seats_arg
from mus.errors import MusError, NotationError, quoted
from mus.hand import Hand
from mus.match import MatchState, apply_match, new_match
from mus.notation.knobs import parse_rules, rules_data, rules_from_data, rules_text
from mus.notation.lines import MAX_JSON, Entry, Lines, json_entries, read_int, read_seed, seed_text
from mus.notation.paper import PAPER_SEED, HandRecord, check_served, check_unknown, draws_of, paper_deal, read_hands
from mus.reducer import apply, derived, new_hand
from mus.rules import Rules
from mus.state import HandState

__all__ = [
    "HAND_HEADER",
    "HAND_KEYS",
    "MATCH_HEADER",
    "MATCH_KEYS",
    "format_hand",
    "format_match",
    "format_paper",
    "hand_data",
    "hand_from_data",
    "hand_from_json",
    "hand_to_json",
    "load",
    "match_from_data",
    "match_from_json",
    "match_to_json",
    "parse_hand",
    "parse_match",
    "read_record",
]

HAND_HEADER = "mus-hand 1"
"""The first line of a hand's text history."""
MATCH_HEADER = "mus-match 1"
"""The first line of a match's text history."""


# --- what hands and matches share: scores, cards, the replay, the count ---------------


def _scores_text(scores: Iterable[int]) -> str:
    return "-".join(map(str, scores))


def _read_scores(number: int, text: str, sides: int) -> tuple[int, ...]:
    example = "-".join(["12", "30", "7", "0", "25", "3"][:sides])
    if not re.fullmatch(r"[0-9]{1,4}(-[0-9]{1,4}){0,9}", text):
        raise NotationError(f"line {number}: scores are written like {example}, one per side")
    scores = tuple(int(part) for part in text.split("-"))
    if len(scores) != sides:
        raise NotationError(f"line {number}: {sides} scores (one per side) like {example}, got {len(scores)}")
    return scores


def _hands_text(hands: Iterable[Hand]) -> str:
    return " / ".join(map(str, hands))


def _read_hands(number: int, text: str, seats: int) -> list[Hand]:
    parts = text.split("/")
    if len(parts) != seats:
        raise NotationError(f"line {number}: {seats} hands separated by '/', got {len(parts)}")
    try:
        return [Hand.parse(part.strip()) for part in parts]
    except MusError as error:
        raise NotationError(f"line {number}: {error}") from None


def _play(state: HandState, entries: list[Entry]) -> HandState:
    """Apply the entries, checking derived declarations instead of applying them."""
    for where, seat, action in entries:
        if derived(action, state.rules):
            continue
        try:
            state = apply(state, action, seat)
        except MusError as error:
            raise NotationError(f"{where}: {error}") from None
    if state.history != tuple((seat, action) for _, seat, action in entries):
        raise NotationError("the declarations in the history do not match the cards")
    return state


def _corrido_by_default(rules: Rules, scores: tuple[int, ...]) -> bool:
    """What ``new_hand`` assumes when not told: mus corrido in a game's first hand."""
    return rules.mus_corrido != "off" and not any(scores)


def _check_count(recorded: list[tuple[int, str]], state: HandState) -> None:
    """A recorded count (its numbered comment lines) must be the replay's own: a
    tampered one is refused at the first line that differs."""
    replayed = _count_comments(state)
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


def _count_comments(state: HandState) -> list[str]:
    if state.count is None:
        if state.winner is not None:
            return [f"# team {state.winner} wins the game by refusal: score {_scores_text(state.scores)}"]
        return []
    return ["# count"] + [f"# {line}" for line in str(state.count).splitlines()]


# --- hands ----------------------------------------------------------------------------


def format_hand(state: HandState) -> str:
    """The text history of a hand, from its deal to its count (if it has ended).

    >>> import mus
    >>> format_hand(mus.apply(mus.new_hand(seed=42), "no-mus")).splitlines()[-3:]
    ['hands So 4b 2e 1b / 5e 4c 2o 1c / Rb 6b 5o 5c / 6e 4o 3o 3e', 'stock ...', '0 no-mus']
    """
    if not isinstance(state, HandState):
        raise NotationError(f"format_hand() needs a HandState, got {type(state).__name__}")
    deal = state.deal
    lines = [
        HAND_HEADER,
        f"rules {rules_text(deal.rules)}",
        f"mano {deal.mano}",
        f"scores {_scores_text(deal.scores)}",
    ]
    if deal.corrido != _corrido_by_default(deal.rules, deal.scores):
        # Only when a match decided otherwise than the hand's scores would suggest.
        lines.append(f"corrido {'yes' if deal.corrido else 'no'}")
    lines += [
        f"seed {seed_text(deal.seed)}",
        f"hands {_hands_text(deal.hands)}",
        f"stock {' '.join(map(str, deal.stock))}",
    ]
    if deal.restocks:
        lines.append(f"restocks {_restocks_text(deal.restocks)}")
    lines += [f"{seat} {action}" for seat, action in state.history]
    lines += _count_comments(state)
    return "\n".join(lines) + "\n"


def _restocks_text(restocks: tuple[tuple[Card, ...], ...]) -> str:
    return " / ".join(" ".join(map(str, top)) for top in restocks)


def format_paper(state: HandState, unknown: Collection[int] = ()) -> str:
    """The paper record of a hand: its history as written down at a table, with no seed
    and no stock, each discard saying what its seat drew; the seats of ``unknown`` (a
    list or a set) have their hand written ``?``. :func:`parse_hand` (or :func:`read_record`,
    with hands written ``?``) reads it back to the same hands, actions and count.

    >>> import mus
    >>> state = mus.new_hand(seed=2)
    >>> for action in ["mus", "mus", "mus", "mus", "discard 1e", "discard 1o", "discard 2o", "discard 4c", "no-mus"]:
    ...     state = mus.apply(state, action)
    >>> print(format_paper(state))
    mus-hand 1
    rules eight_kings=true ...
    mano 0
    scores 0-0
    hands 4e 3b 2e 1e / Cc 7o 4b 1o / Rb 5o 3o 2o / Co 6c 4o 4c
    0 mus
    1 mus
    2 mus
    3 mus
    0 discard 1e draw Sb
    1 discard 1o draw 7e
    2 discard 2o draw Rc
    3 discard 4c draw Se
    0 no-mus
    <BLANKLINE>
    >>> parse_hand(format_paper(state)).hands == state.hands
    True
    >>> format_paper(mus.new_hand(seed=2), unknown=[1, 3]).splitlines()[4]
    'hands 4e 3b 2e 1e / ? / Rb 5o 3o 2o / ?'
    """
    if not isinstance(state, HandState):
        raise NotationError(f"format_paper() needs a HandState, got {type(state).__name__}")
    deal = state.deal
    hidden = set(seats_arg(tuple(unknown) if isinstance(unknown, (set, frozenset, range)) else unknown, deal.rules))
    lines = [HAND_HEADER, f"rules {rules_text(deal.rules)}", f"mano {deal.mano}", f"scores {_scores_text(deal.scores)}"]
    if deal.corrido != _corrido_by_default(deal.rules, deal.scores):
        lines.append(f"corrido {'yes' if deal.corrido else 'no'}")
    lines.append("hands " + " / ".join("?" if seat in hidden else str(hand) for seat, hand in enumerate(deal.hands)))
    drawn = draws_of(state)
    for index, (seat, action) in enumerate(state.history):
        draw = f" draw {' '.join(map(str, drawn[index]))}" if index in drawn else ""
        lines.append(f"{seat} {action}{draw}")
    lines += _count_comments(state)
    return "\n".join(lines) + "\n"


def _header(lines: Lines, kind: str) -> Rules:
    """Read the ``mus-hand 1`` or ``mus-match 1`` line and the rules line."""
    number, version = lines.field(kind)
    if version != "1":
        raise NotationError(f"line {number}: unsupported {kind} notation version {quoted(version[:10])}")
    number, rules_words = lines.field("rules")
    try:
        return parse_rules(rules_words)
    except NotationError as error:
        raise NotationError(f"line {number}: {error}") from None


def parse_hand(text: str) -> HandState:
    """The hand state that a :func:`format_hand` text describes, or a paper record
    (:func:`format_paper`: no seed and no stock, each discard saying what its seat
    drew) whose hands are all written down.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=42), "no-mus")
    >>> parse_hand(format_hand(state)) == state
    True
    >>> parse_hand(format_hand(state).replace("mano 0", "mano first"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: mano must be a whole number, not 'first'
    """
    record = read_record(text)
    if record.unknown:
        raise NotationError(
            f"seat {record.unknown[0]}'s hand is not written down ('?'): a state needs every hand "
            "(read_record reads the record with stand-ins, check_text checks it)"
        )
    return record.state


def read_record(text: str) -> HandRecord:
    """A hand's text history read as :func:`parse_hand` does, a paper record with hands
    written ``?`` included: its :class:`~mus.notation.paper.HandRecord`, whose state
    holds stand-ins for the hands not written down (cards nobody wrote, which agree with
    what their seats declared). The count must not need them: a lance that does is
    refused, and so is a discard or a seña by such a seat.

    >>> import mus
    >>> state = mus.new_hand(seed=42)
    >>> for action in ["no-mus", "bet 2", "fold", "fold"]:
    ...     state = mus.apply(state, action)
    >>> record = read_record(format_paper(state, unknown=[1, 2]))
    >>> record.unknown, record.state.scores == state.scores, record.state.hands[0] == state.hands[0]
    ((1, 2), True, True)
    """
    lines = Lines(text)
    rules = _header(lines, "mus-hand")
    _, mano_text = lines.field("mano")
    number, scores_text = lines.field("scores")
    scores = _read_scores(number, scores_text, rules.teams)
    corrido = None
    if (entry := lines.peek()) is not None and entry[1].startswith("corrido "):
        number, corrido_text = lines.field("corrido")
        if corrido_text not in ("yes", "no"):
            raise NotationError(f"line {number}: corrido is 'yes' or 'no', got {quoted(corrido_text[:20])}")
        corrido = corrido_text == "yes"
    mano = read_int(mano_text, "mano")
    if (entry := lines.peek()) is not None and entry[1].startswith("hands"):
        return _read_paper(lines, rules, mano, scores, corrido)
    _, seed = lines.field("seed")
    number, hands_text = lines.field("hands")
    hands = _read_hands(number, hands_text, rules.seats)
    number, stock_text = lines.field("stock")
    restocks: list[tuple[Card, ...]] = []
    if (entry := lines.peek()) is not None and entry[1].startswith("restocks "):
        number, restocks_text = lines.field("restocks")
        try:
            restocks = [parse_cards(top) for top in restocks_text.split("/")]
        except MusError as error:
            raise NotationError(f"line {number}: {error}") from None
    try:
        state = new_hand(
            rules,
            seed=read_seed(seed),
            hands=hands,
            stock=parse_cards(stock_text),
            mano=mano,
            scores=scores,
            corrido=corrido,
            restocks=restocks,
        )
    except NotationError:
        raise
    except MusError as error:
        raise NotationError(f"bad deal: {error}") from None
    played_from = lines.at
    state = _play(state, lines.actions(rules.seats))
    if (extra := lines.peek()) is not None:
        raise NotationError(f"line {extra[0]}: unexpected {quoted(extra[1][:40])}")
    _check_count(lines.numbered_comments(played_from, len(lines.lines)), state)
    return HandRecord(state)


def _read_paper(lines: Lines, rules: Rules, mano: int, scores: tuple[int, ...], corrido: bool | None) -> HandRecord:
    """The rest of a paper record (:mod:`mus.notation.paper`), from its hands line."""
    number, hands_text = lines.field("hands")
    written = read_hands(number, hands_text, rules.seats)
    played_from = lines.at
    clauses: list[tuple[int, str]] = []
    entries = lines.actions(rules.seats, draws=clauses)
    if (extra := lines.peek()) is not None:
        raise NotationError(f"line {extra[0]}: unexpected {quoted(extra[1][:40])}")
    deal = paper_deal(rules, written, number, entries, clauses)
    try:
        state = new_hand(
            rules,
            seed=PAPER_SEED,
            hands=deal.hands,
            stock=deal.stock,
            mano=mano,
            scores=scores,
            corrido=corrido,
            restocks=deal.restocks,
        )
    except MusError as error:
        raise NotationError(f"bad deal: {error}") from None
    state = _play(state, entries)
    check_served(state, deal, entries)
    check_unknown(state, deal.unknown, number)
    _check_count(lines.numbered_comments(played_from, len(lines.lines)), state)
    return HandRecord(state, deal.unknown)


def hand_data(state: HandState) -> dict[str, Any]:
    """The JSON history of a hand as data: what :func:`~mus.notation.hand_to_json`
    writes, before it is text; :func:`hand_from_data` reads it back.

    >>> import mus
    >>> data = hand_data(mus.apply(mus.new_hand(seed=42), "no-mus"))
    >>> data["format"], data["seed"], data["hands"][0], data["actions"]
    ('mus-hand', 42, 'So 4b 2e 1b', [[0, 'no-mus']])
    """
    if not isinstance(state, HandState):
        raise NotationError(f"hand_data() needs a HandState, got {type(state).__name__}")
    deal = state.deal
    return {
        "format": "mus-hand",
        "version": 1,
        "rules": rules_data(deal.rules),
        "mano": deal.mano,
        "scores": list(deal.scores),
        **({"corrido": deal.corrido} if deal.corrido != _corrido_by_default(deal.rules, deal.scores) else {}),
        "seed": deal.seed,
        "hands": [str(hand) for hand in deal.hands],
        "stock": " ".join(map(str, deal.stock)),
        **({"restocks": [" ".join(map(str, top)) for top in deal.restocks]} if deal.restocks else {}),
        "actions": [[seat, str(action)] for seat, action in state.history],
        "count": _count_comments(state),
    }


def hand_to_json(state: HandState) -> str:
    """The JSON history of a hand (the same content as :func:`format_hand`).

    >>> import json, mus
    >>> json.loads(hand_to_json(mus.apply(mus.new_hand(seed=42), "no-mus")))["actions"]
    [[0, 'no-mus']]
    """
    if not isinstance(state, HandState):
        raise NotationError(f"hand_to_json() needs a HandState, got {type(state).__name__}")
    return json.dumps(hand_data(state), ensure_ascii=False, indent=1)


def _load_json(text: str, kind: str | None = None) -> dict[str, Any]:
    """The data of a JSON history of ``kind`` (either, if not told), version 1."""
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type(text).__name__}")
    if len(text) > MAX_JSON:  # refused before it is parsed: parsing costs many times its size
        raise NotationError(f"a JSON history is at most {MAX_JSON:,} characters, got {len(text):,}")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None
    return _checked(data, (kind,) if kind else ("mus-hand", "mus-match"))


def _checked(data: Any, kinds: tuple[str, ...]) -> dict[str, Any]:
    """``data`` if it is a history of one of ``kinds``, version 1, with its keys and a
    seed: what the readers of its content count on."""
    if (
        not isinstance(data, dict)
        or data.get("format") not in kinds
        or type(data.get("version")) is not int
        or data["version"] != 1
    ):
        raise NotationError(f"not a {' or '.join(kinds)} history, version 1")
    _check_keys(data, HAND_KEYS if data["format"] == "mus-hand" else MATCH_KEYS, "the history")
    if not isinstance(data.get("seed"), (int, str)) or isinstance(data.get("seed"), bool):
        raise NotationError("the history needs its seed, an int or a string")
    return data


HAND_KEYS: tuple[frozenset[str], frozenset[str]] = (
    frozenset({"format", "version", "rules", "mano", "scores", "seed", "hands", "stock", "actions", "count"}),
    frozenset({"corrido", "restocks"}),
)
"""The keys of a hand's JSON history: those it must have, and those it may have.

>>> sorted(HAND_KEYS[1]), set(hand_data(mus.new_hand(seed=1))) == HAND_KEYS[0]
(['corrido', 'restocks'], True)
"""
MATCH_KEYS: tuple[frozenset[str], frozenset[str]] = (
    frozenset({"format", "version", "rules", "seed", "mano", "hands"}),
    frozenset(),
)
"""The keys of a match's JSON history: those it must have, and those it may have.

>>> sorted(MATCH_KEYS[0])
['format', 'hands', 'mano', 'rules', 'seed', 'version']
"""
_BLOCK_KEYS: tuple[frozenset[str], frozenset[str]] = (frozenset({"hands", "actions"}), frozenset({"count"}))


def _check_keys(data: dict[str, Any], keys: tuple[frozenset[str], frozenset[str]], what: str) -> None:
    """Every required key present, no unknown key: nothing is filled in by default."""
    required, optional = keys
    missing = sorted(required - data.keys())
    if missing:
        raise NotationError(f"{what} lacks {', '.join(missing)}")
    unknown = sorted(data.keys() - required - optional)
    if unknown:
        raise NotationError(f"{what} has unknown keys: {quoted(', '.join(unknown))}")


def _json_rules(data: dict[str, Any]) -> Rules:
    if not isinstance(data["rules"], dict):
        raise NotationError(f"rules must be an object of knobs, got {quoted(data['rules'])}")
    try:
        return rules_from_data(data["rules"])
    except NotationError as error:
        raise NotationError(f"bad rules: {error}") from None


def hand_from_json(text: str) -> HandState:
    """The hand state that a :func:`hand_to_json` text describes.

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=42), "no-mus")
    >>> hand_from_json(hand_to_json(state)) == state
    True
    >>> hand_from_json(hand_to_json(state).replace('"version": 1', '"version": 2'))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: not a mus-hand history, version 1
    """
    return hand_from_data(_load_json(text, "mus-hand"))


def hand_from_data(data: Any) -> HandState:
    """The hand state that :func:`hand_data` data describes (as
    :func:`~mus.notation.hand_from_json` reads it from its JSON text).

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=42), "no-mus")
    >>> hand_from_data(hand_data(state)) == state
    True
    >>> hand_from_data({**hand_data(state), "count": ["# team 1 wins"]})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: the recorded count does not match the replay of the hand
    """
    data = _checked(data, ("mus-hand",))
    rules = _json_rules(data)
    hands, scores = data.get("hands"), data.get("scores")
    if hands is not None and (not isinstance(hands, list) or len(hands) != rules.seats):
        raise NotationError(f"hands must be a list of {rules.seats} hand texts, one per seat")
    if not isinstance(scores, list) or len(scores) != rules.teams:
        raise NotationError(f"scores must be a list of {rules.teams} numbers, one per side")
    restocks = data.get("restocks", [])
    if not isinstance(restocks, list) or not all(isinstance(top, str) for top in restocks):
        raise NotationError("restocks must be a list of card texts, one per reshuffle")
    try:
        state = new_hand(
            rules,
            seed=data.get("seed"),
            hands=hands,
            stock=data["stock"],
            mano=data["mano"],
            scores=scores,
            corrido=data.get("corrido"),
            restocks=restocks,
        )
    except MusError as error:
        raise NotationError(f"bad deal: {error}") from None
    if not isinstance(data["count"], list) or not all(isinstance(line, str) for line in data["count"]):
        raise NotationError("count must be a list of text lines")
    state = _play(state, json_entries(data["actions"], rules.seats))
    if data["count"] != _count_comments(state):
        raise NotationError("the recorded count does not match the replay of the hand")
    return state


# --- matches --------------------------------------------------------------------------


def _match_hands(match: MatchState) -> list[HandState]:
    hands = list(match.finished)
    if match.hand.history and not match.is_over:
        hands.append(match.hand)
    return hands


def format_match(match: MatchState) -> str:
    """The text history of a match: its header, then each hand dealt so far.

    >>> import mus
    >>> format_match(mus.apply(mus.new_match(seed=7), "no-mus")).splitlines()[2:]
    ['seed 7', 'mano 0', 'hand 1', 'hands Se Sb 4c 2o / Rc Re Cc 5c / Rb Ce 7b 1c / 6e 3e 2b 1o', '0 no-mus']
    """
    if not isinstance(match, MatchState):
        raise NotationError(f"format_match() needs a MatchState, got {type(match).__name__}")
    lines = [
        MATCH_HEADER,
        f"rules {rules_text(match.rules)}",
        f"seed {seed_text(match.seed)}",
        f"mano {match.first_mano}",
    ]
    for number, hand in enumerate(_match_hands(match), 1):
        lines.append(f"hand {number}")
        lines.append(f"hands {_hands_text(hand.deal.hands)}")
        lines += [f"{seat} {action}" for seat, action in hand.history]
        lines += _count_comments(hand)
    if match.is_over and match.rules.vacas_to_win > 1:
        lines.append(f"# team {match.winner} wins the match, {_scores_text(match.vacas)} in vacas")
    elif match.is_over:
        lines.append(f"# team {match.winner} wins the match, {_scores_text(match.games)} in games")
    return "\n".join(lines) + "\n"


def parse_match(text: str) -> MatchState:
    """The match state that a :func:`format_match` text describes.

    >>> import mus
    >>> match = mus.apply(mus.new_match(seed=7), "no-mus")
    >>> parse_match(format_match(match)) == match
    True
    >>> parse_match(format_match(match).replace("hand 1", "hand 2"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 5: expected hand 1
    """
    lines = Lines(text)
    rules = _header(lines, "mus-match")
    _, seed = lines.field("seed")
    _, mano = lines.field("mano")
    try:
        match = new_match(rules, seed=read_seed(seed), mano=read_int(mano, "mano"))
    except NotationError:
        raise
    except MusError as error:
        raise NotationError(f"bad match header: {error}") from None
    expected = 1
    while lines.peek() is not None:
        number, count_text = lines.field("hand")
        if count_text != str(expected):
            raise NotationError(f"line {number}: expected hand {expected}")
        number, hands_text = lines.field("hands")
        played_from = lines.at
        match = _match_block(match, number, _read_hands(number, hands_text, rules.seats), lines.actions(rules.seats))
        comments = [
            (where, line)
            for where, line in lines.numbered_comments(played_from, lines.at)
            if not line.startswith("# team") or "wins the match" not in line
        ]
        _check_count(comments, match.finished[expected - 1] if len(match.finished) >= expected else match.hand)
        expected += 1
    return match


def _match_block(match: MatchState, number: int, hands: list[Hand], entries: list[Entry]) -> MatchState:
    if match.is_over:
        raise NotationError(f"line {number}: the match was already over")
    if list(match.hand.deal.hands) != hands:
        raise NotationError(f"line {number}: these are not the cards the match's seed deals")
    dealt = len(match.finished)
    for where, seat, action in entries:
        if derived(action, match.rules):
            continue
        if len(match.finished) != dealt or match.is_over:
            raise NotationError(f"{where}: the hand is already over")
        try:
            match = apply_match(match, action, seat)
        except MusError as error:
            raise NotationError(f"{where}: {error}") from None
    played = match.finished[-1] if len(match.finished) > dealt else match.hand
    if played.history != tuple((seat, action) for _, seat, action in entries):
        raise NotationError(f"line {number}: the declarations in the history do not match the cards")
    return match


def match_to_json(match: MatchState) -> str:
    """The JSON history of a match (the same content as :func:`format_match`).

    >>> import json, mus
    >>> list(json.loads(match_to_json(mus.new_match(seed=7))))
    ['format', 'version', 'rules', 'seed', 'mano', 'hands']
    """
    if not isinstance(match, MatchState):
        raise NotationError(f"match_to_json() needs a MatchState, got {type(match).__name__}")
    data = {
        "format": "mus-match",
        "version": 1,
        "rules": rules_data(match.rules),
        "seed": match.seed,
        "mano": match.first_mano,
        "hands": [_block_data(hand) for hand in _match_hands(match)],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def _block_data(hand: HandState) -> dict[str, Any]:
    # A counted hand carries its count's text, as the hand history does (and as the
    # text notation's comments): what an app shows, checked again on reading.
    block: dict[str, Any] = {
        "hands": [str(h) for h in hand.deal.hands],
        "actions": [[seat, str(action)] for seat, action in hand.history],
    }
    if hand.count is not None or hand.winner is not None:
        block["count"] = _count_comments(hand)
    return block


def match_from_json(text: str) -> MatchState:
    """The match state that a :func:`match_to_json` text describes.

    >>> import mus
    >>> match = mus.apply(mus.new_match(seed=7), "no-mus")
    >>> match_from_json(match_to_json(match)) == match
    True
    """
    return match_from_data(_load_json(text, "mus-match"))


def match_from_data(data: Any) -> MatchState:
    """The match state that a :func:`~mus.notation.match_to_json` history describes, read
    as data (with ``json.loads``).

    >>> import json, mus
    >>> match = mus.apply(mus.new_match(seed=7), "no-mus")
    >>> match_from_data(json.loads(match_to_json(match))) == match
    True
    >>> match_from_data({"format": "mus-match", "version": 1})
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: the history lacks hands, mano, rules, seed
    """
    data = _checked(data, ("mus-match",))
    rules = _json_rules(data)
    try:
        match = new_match(rules, seed=data["seed"], mano=data["mano"])
    except MusError as error:
        raise NotationError(f"bad match header: {error}") from None
    blocks = data.get("hands")
    if not isinstance(blocks, list):
        raise NotationError("hands must be a list")
    for index, block in enumerate(blocks, 1):
        if not isinstance(block, dict) or not isinstance(block.get("hands"), list):
            raise NotationError(f"hand {index}: expected {{'hands': [...], 'actions': [...]}}")
        _check_keys(block, _BLOCK_KEYS, f"hand {index}")
        hands = _read_hands(index, " / ".join(map(str, block["hands"])), rules.seats)
        match = _match_block(match, index, hands, json_entries(block["actions"], rules.seats))
        if "count" in block:
            recorded = block["count"]
            if not isinstance(recorded, list) or not all(isinstance(line, str) for line in recorded):
                raise NotationError(f"hand {index}: count must be a list of text lines")
            played = match.finished[index - 1] if len(match.finished) >= index else match.hand
            if recorded != _count_comments(played):
                raise NotationError(f"hand {index}: the recorded count does not match the replay of the hand")
    return match


def load(text: str) -> HandState | MatchState:
    """A hand or a match from any of the four notations, told apart by their start.

    >>> import mus
    >>> load(format_hand(mus.new_hand(seed=3))).to_act
    0
    """
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type(text).__name__}")
    start = text.lstrip()[:20]
    if start.startswith("{"):
        data = _load_json(text)
        return match_from_data(data) if data["format"] == "mus-match" else hand_from_data(data)
    if start.startswith(MATCH_HEADER):
        return parse_match(text)
    return parse_hand(text)
