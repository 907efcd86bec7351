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
from collections.abc import Collection, Iterable
from typing import Any

from mus.cards import Card, parse_cards
from mus.checks import seats_arg
from mus.errors import MusError, NotationError, quoted, type_name
from mus.hand import Hand
from mus.match import MatchState, apply_match, new_match
from mus.notation import series
from mus.notation.evening import PaperMatch, paper_match
from mus.notation.knobs import rules_data, rules_from_data, rules_text
from mus.notation.lines import MAX_JSON, Entry, Lines, json_entries, read_seed, seed_text
from mus.notation.paper import HandRecord, draws_of
from mus.notation.reading import (
    check_comments,
    check_declarations,
    check_end,
    check_match_end,
    count_comments,
    deal_error,
    first_line,
    match_end,
    named,
    paper_hand,
    read_corrido,
    read_dealt,
    read_header,
    read_mano,
    read_players,
    read_scores,
    replay,
    scores_text,
)
from mus.reducer import derived, new_hand
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
    "read_match",
    "read_record",
]

HAND_HEADER = "mus-hand 1"
"""The first line of a hand's text history."""
MATCH_HEADER = "mus-match 1"
"""The first line of a match's text history."""


# --- what hands and matches share: scores, cards, the replay, the count ---------------


def _hands_text(hands: Iterable[Hand]) -> str:
    return " / ".join(map(str, hands))


def _corrido_by_default(rules: Rules, scores: tuple[int, ...]) -> bool:
    """What ``new_hand`` assumes when not told: mus corrido in a game's first hand."""
    return rules.mus_corrido != "off" and not any(scores)


# --- hands ----------------------------------------------------------------------------


def format_hand(state: HandState) -> str:
    """The text history of a hand, from its deal to its count (if it has ended).

    >>> import mus
    >>> format_hand(mus.apply(mus.new_hand(seed=42), "no-mus")).splitlines()[-3:]
    ['hands So 4b 2e 1b / 5e 4c 2o 1c / Rb 6b 5o 5c / 6e 4o 3o 3e', 'stock ...', '0 no-mus']
    """
    if not isinstance(state, HandState):
        raise NotationError(f"format_hand() needs a HandState, got {type_name(state)}")
    deal = state.deal
    lines = [
        HAND_HEADER,
        f"rules {rules_text(deal.rules)}",
        f"mano {deal.mano}",
        f"scores {scores_text(deal.scores)}",
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
    lines += count_comments(state)
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
        raise NotationError(f"format_paper() needs a HandState, got {type_name(state)}")
    deal = state.deal
    hidden = set(seats_arg(tuple(unknown) if isinstance(unknown, (set, frozenset, range)) else unknown, deal.rules))
    lines = [HAND_HEADER, f"rules {rules_text(deal.rules)}", f"mano {deal.mano}", f"scores {scores_text(deal.scores)}"]
    if deal.corrido != _corrido_by_default(deal.rules, deal.scores):
        lines.append(f"corrido {'yes' if deal.corrido else 'no'}")
    lines.append("hands " + " / ".join("?" if seat in hidden else str(hand) for seat, hand in enumerate(deal.hands)))
    drawn = draws_of(state)
    for index, (seat, action) in enumerate(state.history):
        draw = f" draw {' '.join(map(str, drawn[index]))}" if index in drawn else ""
        lines.append(f"{seat} {action}{draw}")
    lines += count_comments(state)
    return "\n".join(lines) + "\n"


def parse_hand(text: str, *, rules: Rules | None = None) -> HandState:
    """The hand state that a :func:`format_hand` text describes, or a paper record
    (:func:`format_paper`: no seed and no stock, each discard saying what its seat
    drew) whose hands are all written down; a text without a ``rules`` line is read
    under ``rules`` (``Rules()`` when not given: :func:`read_record` says more).

    >>> import mus
    >>> state = mus.apply(mus.new_hand(seed=42), "no-mus")
    >>> parse_hand(format_hand(state)) == state
    True
    >>> parse_hand(format_hand(state).replace("mano 0", "mano first"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 3: the mano is a seat: no seat 'first' (seats 0 to 3)
    """
    record = read_record(text, rules=rules)
    if record.unknown:
        raise NotationError(
            f"seat {record.unknown[0]}'s hand is not written down ('?'): a state needs every hand "
            "(read_record reads the record with stand-ins, check_text checks it)"
        )
    return record.state


def read_record(text: str, *, rules: Rules | None = None) -> HandRecord:
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

    A record is read as a table writes it: without its ``rules`` line (it is read under
    ``rules``; a ``rules`` line that names no ``house`` rules takes those of ``rules``),
    with a ``players`` line naming each seat's player (then an action or the ``mano``
    may name its seat by name), without the declarations the engine derives (those it
    writes are checked), and with comments anywhere (a ``# count`` block and a lone
    ``# score`` are checked: :func:`~mus.notation.reading.check_comments`).

    >>> paper = '''
    ... mus-hand 1
    ... players Ane Beñat Carmen Dani
    ... mano Ane
    ... scores 12-25
    ... hands So 4b 2e 1b / ? / ? / ?
    ... # Ane cuts, and bets: nobody wants it
    ... Ane no hay mus
    ... Ane envido dos
    ... Beñat no quiero
    ... Dani no quiero
    ... # score 13-25
    ... '''
    >>> read_record(paper, rules=mus.Rules(target=30)).state.scores
    (13, 25)
    >>> read_record(paper.replace("Dani no", "Carmen no"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 11: not Carmen's turn: Dani speaks
    """
    lines = Lines(text)
    rules, _ = read_header(lines, "mus-hand", rules)
    names = read_players(lines, rules.seats)
    try:
        return _read_hand(lines, rules, names)
    except NotationError as error:
        raise NotationError(named(str(error), names)) from None


def _read_hand(lines: Lines, rules: Rules, names: tuple[str, ...]) -> HandRecord:
    """The rest of a hand's text history, from its ``mano`` line."""
    number, mano_text = lines.field("mano")
    where = {"mano": number}
    mano = read_mano(number, mano_text, rules.seats, names)
    number, text = lines.field("scores")
    where["scores"] = number
    scores = read_scores(number, text, rules.teams)
    corrido = read_corrido(lines, where)
    if (entry := lines.peek()) is not None and entry[1].partition(" ")[0] == "hands":
        record, after, first = paper_hand(lines, rules, (mano, scores, corrido), names, where)
    else:
        _, seed = lines.field("seed")
        number, hands_text = lines.field("hands")
        where["hands"] = number
        hands = read_dealt(number, hands_text, rules.seats)
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
            raise deal_error(error, where) from None
        first = lines.at
        entries = lines.actions(rules.seats, names=names)
        check_end(lines)
        state, after = replay(state, entries)
        record = HandRecord(state)
    check_comments(lines.placed_comments(0, len(lines.lines)), first, after, record.state)
    return record


def hand_data(state: HandState) -> dict[str, Any]:
    """The JSON history of a hand as data: what :func:`~mus.notation.hand_to_json`
    writes, before it is text; :func:`hand_from_data` reads it back.

    >>> import mus
    >>> data = hand_data(mus.apply(mus.new_hand(seed=42), "no-mus"))
    >>> data["format"], data["seed"], data["hands"][0], data["actions"]
    ('mus-hand', 42, 'So 4b 2e 1b', [[0, 'no-mus']])
    """
    if not isinstance(state, HandState):
        raise NotationError(f"hand_data() needs a HandState, got {type_name(state)}")
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
        "count": count_comments(state),
    }


def hand_to_json(state: HandState) -> str:
    """The JSON history of a hand (the same content as :func:`format_hand`).

    >>> import json, mus
    >>> json.loads(hand_to_json(mus.apply(mus.new_hand(seed=42), "no-mus")))["actions"]
    [[0, 'no-mus']]
    """
    if not isinstance(state, HandState):
        raise NotationError(f"hand_to_json() needs a HandState, got {type_name(state)}")
    return json.dumps(hand_data(state), ensure_ascii=False, indent=1)


def _load_json(text: str, kind: str | None = None) -> dict[str, Any]:
    """The data of a JSON history of ``kind`` (either, if not told), version 1."""
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type_name(text)}")
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
    state, _ = replay(state, json_entries(data["actions"], rules.seats))
    if data["count"] != count_comments(state):
        raise NotationError("the recorded count does not match the replay of the hand")
    return state


# --- matches --------------------------------------------------------------------------


def _match_hands(match: MatchState) -> list[HandState]:
    return series.hands(match.finished, match.hand, match.is_over)


def format_match(match: MatchState) -> str:
    """The text history of a match: its header, then each hand dealt so far.

    >>> import mus
    >>> format_match(mus.apply(mus.new_match(seed=7), "no-mus")).splitlines()[2:]
    ['seed 7', 'mano 0', 'hand 1', 'hands Se Sb 4c 2o / Rc Re Cc 5c / Rb Ce 7b 1c / 6e 3e 2b 1o', '0 no-mus']
    """
    if not isinstance(match, MatchState):
        raise NotationError(f"format_match() needs a MatchState, got {type_name(match)}")
    hands = [
        (f"hands {_hands_text(hand.deal.hands)}", hand.history, count_comments(hand)) for hand in _match_hands(match)
    ]
    end = match_end(match.rules, match.winner, match.games, match.vacas) if match.is_over else None
    return series.text(MATCH_HEADER, rules_text(match.rules), match.seed, match.first_mano, hands, end)


def parse_match(text: str, *, rules: Rules | None = None) -> MatchState:
    """The match state that a :func:`format_match` text describes (a text without a
    ``rules`` line is read under ``rules``, as :func:`read_record` reads a hand).

    >>> import mus
    >>> match = mus.apply(mus.new_match(seed=7), "no-mus")
    >>> parse_match(format_match(match)) == match
    True
    >>> parse_match(format_match(match).replace("hand 1", "hand 2"))
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: line 5: expected hand 1

    A paper record of a match (no seed) is read by :func:`read_match`.
    """
    match = read_match(text, rules=rules)
    if isinstance(match, PaperMatch):
        raise NotationError(
            "a match with no seed line is a paper record, which gives no match state: read it with read_match"
        )
    return match


def read_match(text: str, *, rules: Rules | None = None) -> MatchState | PaperMatch:
    """A match's text history: the match state of a :func:`format_match` text, or the
    :class:`~mus.notation.PaperMatch` of a paper record of a match (no ``seed``
    line: the hands written down one after another, as at a table; see
    :mod:`mus.notation.evening`). A text without a ``rules`` line is read under
    ``rules``, and a ``players`` line names each seat's player, as :func:`read_record`
    reads them.

    >>> import mus
    >>> match = mus.apply(mus.new_match(seed=7), "no-mus")
    >>> read_match(format_match(match)) == match
    True
    """
    lines = Lines(text)
    rules, _ = read_header(lines, "mus-match", rules)
    names = read_players(lines, rules.seats)
    try:
        if (entry := lines.peek()) is not None and entry[1].partition(" ")[0] == "mano":
            return paper_match(lines, rules, names)
        return _seeded_match(lines, rules, names)
    except NotationError as error:
        raise NotationError(named(str(error), names)) from None


def _seeded_match(lines: Lines, rules: Rules, names: tuple[str, ...]) -> MatchState:
    _, seed = lines.field("seed")
    number, mano = lines.field("mano")
    try:
        match = new_match(rules, seed=read_seed(seed), mano=read_mano(number, mano, rules.seats, names))
    except NotationError:
        raise
    except MusError as error:
        raise NotationError(f"bad match header: {error}") from None
    expected = 1
    while lines.peek() is not None:
        start = lines.at
        number, count_text = lines.field("hand")
        if count_text != str(expected):
            raise NotationError(f"line {number}: expected hand {expected}")
        number, hands_text = lines.field("hands")
        first = lines.at
        entries = lines.actions(rules.seats, names=names)
        check_end(lines, "hand")
        match, after = _match_block(match, number, read_dealt(number, hands_text, rules.seats), entries)
        played = match.finished[expected - 1] if len(match.finished) >= expected else match.hand
        check_comments(lines.placed_comments(start, lines.at), first, after, played)
        expected += 1
    ending = match_end(rules, match.winner, match.games, match.vacas) if match.is_over else None
    check_match_end(lines.numbered_comments(0, len(lines.lines)), ending)
    return match


def _match_block(
    match: MatchState, number: int, hands: list[Hand], entries: list[Entry]
) -> tuple[MatchState, list[tuple[int, ...]]]:
    """The match after a hand's ``entries``, and the scores before and after each."""
    if match.is_over:
        raise NotationError(f"line {number}: the match was already over")
    if list(match.hand.deal.hands) != hands:
        raise NotationError(f"line {number}: these are not the cards the match's seed deals")
    dealt = len(match.finished)
    written: list[Entry] = []
    played = match.hand
    scores = [played.scores]
    for where, seat, action in entries:
        if derived(action, match.rules):
            written.append((where, seat, action))
        elif len(match.finished) != dealt or match.is_over:
            raise NotationError(f"{where}: the hand is already over")
        else:
            try:
                match = apply_match(match, action, seat)
            except MusError as error:
                raise NotationError(f"{where}: {error}") from None
            played = match.finished[-1] if len(match.finished) > dealt else match.hand
        scores.append(played.scores)
    check_declarations(played, written)
    return match, scores


def match_to_json(match: MatchState) -> str:
    """The JSON history of a match (the same content as :func:`format_match`).

    >>> import json, mus
    >>> list(json.loads(match_to_json(mus.new_match(seed=7))))
    ['format', 'version', 'rules', 'seed', 'mano', 'hands']
    """
    if not isinstance(match, MatchState):
        raise NotationError(f"match_to_json() needs a MatchState, got {type_name(match)}")
    hands = [_block_data(hand) for hand in _match_hands(match)]
    return series.to_json("mus-match", rules_data(match.rules), match.seed, match.first_mano, hands)


def _block_data(hand: HandState) -> dict[str, Any]:
    # A counted hand carries its count's text, as the hand history does (and as the
    # text notation's comments): what an app shows, checked again on reading.
    block: dict[str, Any] = {
        "hands": [str(h) for h in hand.deal.hands],
        "actions": [[seat, str(action)] for seat, action in hand.history],
    }
    if hand.count is not None or hand.winner is not None:
        block["count"] = count_comments(hand)
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
    shape = "{'hands': [...], 'actions': [...]}"
    for index, block in series.json_blocks(data, shape):
        if not isinstance(block.get("hands"), list):
            raise NotationError(f"hand {index}: expected {shape}")
        _check_keys(block, _BLOCK_KEYS, f"hand {index}")
        hands = read_dealt(index, " / ".join(map(str, block["hands"])), rules.seats)
        match, _ = _match_block(match, index, hands, json_entries(block["actions"], rules.seats))
        if "count" in block:
            recorded = block["count"]
            if not isinstance(recorded, list) or not all(isinstance(line, str) for line in recorded):
                raise NotationError(f"hand {index}: count must be a list of text lines")
            played = match.finished[index - 1] if len(match.finished) >= index else match.hand
            if recorded != count_comments(played):
                raise NotationError(f"hand {index}: the recorded count does not match the replay of the hand")
    return match


def load(text: str, *, rules: Rules | None = None) -> HandState | MatchState:
    """A hand or a match from any of the four notations, told apart by their start (a
    text without a ``rules`` line is read under ``rules``).

    >>> import mus
    >>> load(format_hand(mus.new_hand(seed=3))).to_act
    0
    """
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type_name(text)}")
    start = first_line(text)[:20]
    if start.startswith("{"):
        data = _load_json(text)
        return match_from_data(data) if data["format"] == "mus-match" else hand_from_data(data)
    if start.startswith(MATCH_HEADER):
        return parse_match(text, rules=rules)
    return parse_hand(text, rules=rules)
