"""Hand and match histories as text and as JSON; both round-trip.

The text notation is line-based and meant to be read by people::

    mus-hand 1
    rules eight_kings=true real_31=false target=40 games_to_win=3 ...
    mano 0
    scores 0-0
    seed 42
    hands Ro Rc 7e 1b / Cc Co 5b 4e / Se 6c 5o 1c / 3b 2e 1o 4c
    stock Ce 7c ...
    0 no-mus
    0 bet 2
    1 fold
    ...
    # count
    # grande: team 0 wins by refusal (1 stone already taken): 0 stones

``rules`` lists every knob (``seats`` and ``teams`` only when the table is not the
four-seat game of two partnerships, and the knobs of :data:`LATER_KNOBS` only when
they differ from their defaults); ``scores`` has one number per side (``0-0-0`` with
three sides); ``hands`` are by seat (``/`` between seats), ``stock`` top first; each
action line is a seat (0 to N-1) and an action's text form (declarations the engine
derives included). Lines starting with ``#`` are comments: the count is written as
comments, because it follows from the rest. A match is a ``mus-match 1`` header with
``rules``, ``seed`` and ``mano``, then one ``hand N`` block per hand, each giving its
cards (which the parser checks against the match's seeded deal) and its actions.

Reading is strict and bounded: sizes are capped, and anything wrong raises
:class:`~mus.NotationError` with the line number.

>>> import mus
>>> state = mus.new_hand(mus.Rules(), seed=42)
>>> for action in ["no-mus", "bet 2", "fold", "fold"]:
...     state = mus.apply(state, action)
>>> text = format_hand(state)
>>> parse_hand(text) == state and format_hand(parse_hand(text)) == text
True
>>> hand_from_json(hand_to_json(state)) == state
True

Other tables write their ``seats`` and ``teams`` and one score per side; here three
seats, each for itself:

>>> state = mus.new_hand(mus.Rules.preset("individual-3"), seed=42)
>>> text = format_hand(state)
>>> text.splitlines()[1].split()[1:3], text.splitlines()[3], text.count("/")
(['seats=3', 'teams=3'], 'scores 0-0-0', 2)
>>> parse_hand(text) == state == hand_from_json(hand_to_json(state))
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from mus.actions import Action, parse_action
from mus.cards import parse_cards
from mus.errors import MusError, NotationError, quoted
from mus.hand import Hand
from mus.match import MatchState, apply_match, new_match
from mus.reducer import derived, new_hand
from mus.rules import Rules
from mus.state import HandState

__all__ = [
    "LATER_KNOBS",
    "MAX_ACTIONS",
    "MAX_TEXT",
    "format_hand",
    "format_match",
    "hand_from_json",
    "hand_to_json",
    "load",
    "match_from_json",
    "match_to_json",
    "parse_hand",
    "parse_match",
]

MAX_TEXT = 400_000_000
"""The longest history text or JSON accepted, in characters: past any match the engine
can play (readers take time linear in the text)."""
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

HAND_HEADER = "mus-hand 1"
MATCH_HEADER = "mus-match 1"


# --- rules and seeds as text ----------------------------------------------------------


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _value_text(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


DEFAULT_TABLE = {"seats": 4, "teams": 2}
"""The table a history without ``seats`` and ``teams`` knobs is played at."""


LATER_KNOBS: tuple[str, ...] = (
    "juego_order",
    "vacas_to_win",
    "max_bet",
    "mus_corrido",
    "mus_visto",
    "senas",
)
"""Knobs added after the first version of the notation: histories write them only
when they differ from their defaults, so a history that does not use them reads and
writes exactly as it did before they existed."""


def rules_data(rules: Rules) -> dict[str, Any]:
    """The knobs of ``rules`` as histories store them: :meth:`Rules.to_dict
    <mus.rules.Rules.to_dict>`, without ``seats`` and ``teams`` at the four-seat table
    of two partnerships, and without the :data:`LATER_KNOBS` left at their defaults
    (so older histories read and write as they always did).

    >>> "seats" in rules_data(Rules()), rules_data(Rules(seats=6))["seats"]
    (False, 6)
    >>> "vacas_to_win" in rules_data(Rules()), rules_data(Rules(vacas_to_win=2))["vacas_to_win"]
    (False, 2)
    """
    data = rules.to_dict()
    if all(data.get(key) == value for key, value in DEFAULT_TABLE.items()):
        for key in DEFAULT_TABLE:
            data.pop(key, None)
    defaults = _DEFAULTS.to_dict()
    for key in LATER_KNOBS:
        if key in data and data[key] == defaults[key] and type(data[key]) is type(defaults[key]):
            del data[key]
    return data


_DEFAULTS = Rules()


def rules_text(rules: Rules) -> str:
    """Every knob of ``rules`` as ``name=value`` words (``seats`` and ``teams`` only
    when the table is not the default four seats in two teams).

    >>> rules_text(Rules(target=30)).split()[:4]
    ['eight_kings=true', 'real_31=false', 'target=30', 'games_to_win=3']
    >>> rules_text(Rules.preset("individual-5")).split()[:3]
    ['seats=5', 'teams=5', 'eight_kings=true']
    """
    return " ".join(
        f"{key}={_house_text(value) if key == 'house' else _value_text(value)}"
        for key, value in _flatten(rules_data(rules))
    )


def _house_text(house: list[Any]) -> str:
    if all(isinstance(entry, str) for entry in house):
        return ",".join(house)
    # House rules with fields: compact JSON, its spaces escaped, as one word of the line.
    return json.dumps(house, separators=(",", ":"), ensure_ascii=True).replace(" ", "\\u0020")


def parse_rules(text: str) -> Rules:
    """Rules from :func:`rules_text` words; knobs left out keep their defaults (a line
    without ``seats`` and ``teams`` is the four-seat game).

    >>> parse_rules("seats=6 target=30") == Rules(seats=6, target=30)
    True
    >>> parse_rules("seats=3")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: 3 seats cannot sit in two partnerships: use teams=3 (each for itself)
    """
    if not isinstance(text, str):
        raise NotationError(f"a rules line is text, got {quoted(text)}")
    template = dict(_flatten(Rules().to_dict()))
    data: dict[str, Any] = {}
    for word in text.split():
        key, sep, raw = word.partition("=")
        if not sep or key not in template:
            raise NotationError(f"unknown rules knob {quoted(key)}")
        data[key] = _read_value(key, raw, template[key])
    nested: dict[str, Any] = {}
    for key, value in data.items():
        *path, last = key.split(".")
        target = nested
        for part in path:
            target = target.setdefault(part, {})
        target[last] = value
    try:
        return Rules.from_dict(nested)
    except MusError as error:
        raise NotationError(str(error)) from None


def _read_value(key: str, raw: str, like: Any) -> Any:
    if key == "real_31":
        if raw not in ("true", "false", "king"):
            raise NotationError(f"real_31 is true, false or king, not {quoted(raw[:20])}")
        return raw if raw == "king" else raw == "true"
    if key == "max_bet":
        return None if raw == "none" else _read_int(raw, key)
    if isinstance(like, bool):
        if raw not in ("true", "false"):
            raise NotationError(f"{key} is true or false, not {quoted(raw)}")
        return raw == "true"
    if isinstance(like, int):
        return _read_int(raw, key)
    if key == "house":
        if raw.startswith("["):
            try:
                return json.loads(raw)
            except ValueError:
                raise NotationError(f"house is names or a JSON list, not {quoted(raw)}") from None
        return [name for name in raw.split(",") if name]
    if isinstance(like, (list, tuple)):
        return [_read_int(part, key) for part in raw.split(",")]
    return raw


def _read_int(raw: str, what: str) -> int:
    if not re.fullmatch(r"-?[0-9]{1,9}", raw):
        raise NotationError(f"{what} must be a whole number, not {quoted(raw[:20])}")
    return int(raw)


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


def _seed_text(seed: int | str) -> str:
    return str(seed) if isinstance(seed, int) else json.dumps(seed)


def _read_seed(raw: str) -> int | str:
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


# --- lines ----------------------------------------------------------------------------


class _Lines:
    """The meaningful lines of a text, numbered, with the library's errors."""

    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise NotationError(f"a history is text, got {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise NotationError(f"history longer than {MAX_TEXT} characters")
        self.lines: list[tuple[int, str]] = []
        # Comment lines, each after the meaningful line it follows (by index).
        self.comments: list[tuple[int, str]] = []
        for number, line in enumerate(text.splitlines(), 1):
            if len(line) > MAX_LINE:
                raise NotationError(f"line {number}: longer than {MAX_LINE} characters")
            line = line.strip()
            if line.startswith("#"):
                self.comments.append((len(self.lines), line))
            elif line:
                self.lines.append((number, line))
        self.at = 0

    def comments_after(self, start: int, end: int) -> list[str]:
        """The comment lines that follow meaningful lines ``start`` to ``end - 1``."""
        return [line for after, line in self.comments if start < after <= end]

    def peek(self) -> tuple[int, str] | None:
        return self.lines[self.at] if self.at < len(self.lines) else None

    def field(self, name: str) -> tuple[int, str]:
        entry = self.peek()
        if entry is None:
            raise NotationError(f"missing {quoted(name)} line at the end")
        number, line = entry
        key, _, rest = line.partition(" ")
        if key != name:
            raise NotationError(f"line {number}: expected {quoted(name)}, found {quoted(line[:40])}")
        self.at += 1
        return number, rest.strip()

    def actions(self, seats: int, limit: int = MAX_ACTIONS) -> list[Entry]:
        """The action lines from here on, as entries (``"line N"``, seat, action)."""
        entries: list[Entry] = []
        while (entry := self.peek()) is not None and entry[1][:1].isdigit():
            number, line = entry
            seat_text, _, action_text = line.partition(" ")
            if not re.fullmatch(r"[0-9]{1,2}", seat_text) or int(seat_text) >= seats:
                raise NotationError(f"line {number}: no seat {quoted(seat_text)}")
            try:
                action = parse_action(action_text)
            except MusError as error:
                raise NotationError(f"line {number}: {error}") from None
            entries.append((f"line {number}", int(seat_text), action))
            if len(entries) > limit:
                raise NotationError(f"line {number}: more than {limit} actions in a hand")
            self.at += 1
        return entries


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
    from mus.reducer import apply

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


def _check_count(recorded: list[str], state: HandState, where: str) -> None:
    """A recorded count must be the replay's own: a tampered one is refused."""
    if recorded and recorded != _count_comments(state):
        raise NotationError(f"{where}: the recorded count does not match the replay of the hand")


def _count_comments(state: HandState) -> list[str]:
    if state.count is None:
        if state.winner is not None:
            return [f"# team {state.winner} wins the game by refusal: score {_scores_text(state.scores)}"]
        return []
    return ["# count"] + [f"# {line}" for line in str(state.count).splitlines()]


# --- hands ----------------------------------------------------------------------------


def format_hand(state: HandState) -> str:
    """The text history of a hand, from its deal to its count (if it has ended)."""
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
        f"seed {_seed_text(deal.seed)}",
        f"hands {_hands_text(deal.hands)}",
        f"stock {' '.join(map(str, deal.stock))}",
    ]
    lines += [f"{seat} {action}" for seat, action in state.history]
    lines += _count_comments(state)
    return "\n".join(lines) + "\n"


def _header(lines: _Lines, kind: str) -> Rules:
    """Read the ``mus-hand 1`` or ``mus-match 1`` line and the rules line."""
    _, version = lines.field(kind)
    if version != "1":
        raise NotationError(f"unsupported {kind} notation version {quoted(version[:10])}")
    _, rules_words = lines.field("rules")
    return parse_rules(rules_words)


def parse_hand(text: str) -> HandState:
    """The hand state that a :func:`format_hand` text describes."""
    lines = _Lines(text)
    rules = _header(lines, "mus-hand")
    number, mano = lines.field("mano")
    number, scores_text = lines.field("scores")
    scores = _read_scores(number, scores_text, rules.teams)
    corrido = None
    if (entry := lines.peek()) is not None and entry[1].startswith("corrido "):
        number, corrido_text = lines.field("corrido")
        if corrido_text not in ("yes", "no"):
            raise NotationError(f"line {number}: corrido is 'yes' or 'no', got {quoted(corrido_text[:20])}")
        corrido = corrido_text == "yes"
    _, seed_text = lines.field("seed")
    number, hands_text = lines.field("hands")
    hands = _read_hands(number, hands_text, rules.seats)
    number, stock_text = lines.field("stock")
    try:
        state = new_hand(
            rules,
            seed=_read_seed(seed_text),
            hands=hands,
            stock=parse_cards(stock_text),
            mano=_read_int(mano, "mano"),
            scores=scores,
            corrido=corrido,
        )
    except NotationError:
        raise
    except MusError as error:
        raise NotationError(f"bad deal: {error}") from None
    played_from = lines.at
    state = _play(state, lines.actions(rules.seats))
    if (extra := lines.peek()) is not None:
        raise NotationError(f"line {extra[0]}: unexpected {quoted(extra[1][:40])}")
    _check_count(lines.comments_after(played_from, len(lines.lines)), state, "hand")
    return state


def _hand_data(state: HandState) -> dict[str, Any]:
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
        "actions": [[seat, str(action)] for seat, action in state.history],
        "count": _count_comments(state),
    }


def hand_to_json(state: HandState) -> str:
    """The JSON history of a hand (the same content as :func:`format_hand`)."""
    if not isinstance(state, HandState):
        raise NotationError(f"hand_to_json() needs a HandState, got {type(state).__name__}")
    return json.dumps(_hand_data(state), ensure_ascii=False, indent=1)


def _load_json(text: str, kind: str | None = None) -> dict[str, Any]:
    if not isinstance(text, str):
        raise NotationError(f"a history is text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise NotationError(f"history longer than {MAX_TEXT} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None
    kinds = (kind,) if kind else ("mus-hand", "mus-match")
    if (
        not isinstance(data, dict)
        or data.get("format") not in kinds
        or type(data.get("version")) is not int
        or data["version"] != 1
    ):
        raise NotationError(f"not a {' or '.join(kinds)} history, version 1")
    _check_keys(data, _HAND_KEYS if data["format"] == "mus-hand" else _MATCH_KEYS, "the history")
    if not isinstance(data.get("seed"), (int, str)) or isinstance(data.get("seed"), bool):
        raise NotationError("the history needs its seed, an int or a string")
    return data


_HAND_KEYS: tuple[set[str], set[str]] = (
    {"format", "version", "rules", "mano", "scores", "seed", "hands", "stock", "actions", "count"},
    {"corrido"},
)
_MATCH_KEYS: tuple[set[str], set[str]] = ({"format", "version", "rules", "seed", "mano", "hands"}, set())
_BLOCK_KEYS: tuple[set[str], set[str]] = ({"hands", "actions"}, {"count"})


def _check_keys(data: dict[str, Any], keys: tuple[set[str], set[str]], what: str) -> None:
    """Every required key present, no unknown key: nothing is filled in by default."""
    required, optional = keys
    missing = sorted(required - data.keys())
    if missing:
        raise NotationError(f"{what} lacks {', '.join(missing)}")
    unknown = sorted(data.keys() - required - optional)
    if unknown:
        raise NotationError(f"{what} has unknown keys: {quoted(', '.join(unknown))}")


def _json_entries(actions: Any, seats: int, limit: int = MAX_ACTIONS) -> list[Entry]:
    """JSON ``[seat, text]`` pairs as entries (``"action N"``, seat, action)."""
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


def _json_rules(data: dict[str, Any]) -> Rules:
    if not isinstance(data["rules"], dict):
        raise NotationError(f"rules must be an object of knobs, got {quoted(data['rules'])}")
    try:
        return Rules.from_dict(data["rules"])
    except MusError as error:
        raise NotationError(f"bad rules: {error}") from None


def hand_from_json(text: str) -> HandState:
    """The hand state that a :func:`hand_to_json` text describes."""
    return _hand_from_data(_load_json(text, "mus-hand"))


def _hand_from_data(data: dict[str, Any]) -> HandState:
    rules = _json_rules(data)
    hands, scores = data.get("hands"), data.get("scores")
    if hands is not None and (not isinstance(hands, list) or len(hands) != rules.seats):
        raise NotationError(f"hands must be a list of {rules.seats} hand texts, one per seat")
    if not isinstance(scores, list) or len(scores) != rules.teams:
        raise NotationError(f"scores must be a list of {rules.teams} numbers, one per side")
    try:
        state = new_hand(
            rules,
            seed=data.get("seed"),
            hands=hands,
            stock=data["stock"],
            mano=data["mano"],
            scores=scores,
            corrido=data.get("corrido"),
        )
    except MusError as error:
        raise NotationError(f"bad deal: {error}") from None
    if not isinstance(data["count"], list) or not all(isinstance(line, str) for line in data["count"]):
        raise NotationError("count must be a list of text lines")
    state = _play(state, _json_entries(data["actions"], rules.seats))
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
    """The text history of a match: its header, then each hand dealt so far."""
    if not isinstance(match, MatchState):
        raise NotationError(f"format_match() needs a MatchState, got {type(match).__name__}")
    lines = [
        MATCH_HEADER,
        f"rules {rules_text(match.rules)}",
        f"seed {_seed_text(match.seed)}",
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
    """The match state that a :func:`format_match` text describes."""
    lines = _Lines(text)
    rules = _header(lines, "mus-match")
    _, seed_text = lines.field("seed")
    _, mano = lines.field("mano")
    try:
        match = new_match(rules, seed=_read_seed(seed_text), mano=_read_int(mano, "mano"))
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
            line
            for line in lines.comments_after(played_from, lines.at)
            if not line.startswith("# team") or "wins the match" not in line
        ]
        _check_count(
            comments,
            match.finished[expected - 1] if len(match.finished) >= expected else match.hand,
            f"hand {expected}",
        )
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
    """The JSON history of a match (the same content as :func:`format_match`)."""
    if not isinstance(match, MatchState):
        raise NotationError(f"match_to_json() needs a MatchState, got {type(match).__name__}")
    data = {
        "format": "mus-match",
        "version": 1,
        "rules": rules_data(match.rules),
        "seed": match.seed,
        "mano": match.first_mano,
        "hands": [
            {
                "hands": [str(h) for h in hand.deal.hands],
                "actions": [[seat, str(action)] for seat, action in hand.history],
            }
            for hand in _match_hands(match)
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def match_from_json(text: str) -> MatchState:
    """The match state that a :func:`match_to_json` text describes."""
    return _match_from_data(_load_json(text, "mus-match"))


def _match_from_data(data: dict[str, Any]) -> MatchState:
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
        match = _match_block(match, index, hands, _json_entries(block["actions"], rules.seats))
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
        return _match_from_data(data) if data["format"] == "mus-match" else _hand_from_data(data)
    if start.startswith(MATCH_HEADER):
        return parse_match(text)
    return parse_hand(text)
