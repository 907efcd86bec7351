"""Histories of the Mus individuel as text and as JSON; both round-trip.

A hand::

    mus-individuel-hand 1
    rules players=3 stones=8 eight_kings=true ...
    mano 0
    stones 8-8-8
    seed 42
    cards Ro Rc 7e 1b 5o / Cc Co 5b 4e 6o / Se 6c 5e 1c 4o
    stock ...
    0 discard 5o
    ...
    # grande: seat 0 sheds 1 (en paso)

``stones`` are by seat (the basket holds the rest); ``cards`` are the five dealt to
each seat, ``-`` for a seat with no stones left; each action line is a seat and an
action's text form; ``#`` lines are comments (the results and the stones shed, which
follow from the rest). A session is a ``mus-individuel-session 1`` header with
``rules``, ``seed`` and ``mano``, then one ``hand N`` block per hand with its ``cards``
(checked against the session's seeded deal) and its actions.

>>> from mus.individuel import IndividuelRules, RandomPlayer, new_hand, play_hand
>>> state = play_hand(new_hand(IndividuelRules(players=3), seed=42), [RandomPlayer(s) for s in range(3)])
>>> text = format_hand(state)
>>> parse_hand(text) == state and format_hand(parse_hand(text)) == text
True
>>> hand_from_json(hand_to_json(state)) == state
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from mus.cards import Card, parse_cards
from mus.errors import MusError, NotationError, quoted
from mus.individuel.reducer import apply, new_hand
from mus.individuel.rules import READINGS, IndividuelRules, rules_arg
from mus.individuel.session import Session, apply_session, new_session
from mus.individuel.state import HandState
from mus.notation import series
from mus.notation.lines import MAX_LINE, Entry
from mus.notation.lines import Lines as _Lines
from mus.notation.lines import json_entries as _json_entries
from mus.notation.lines import read_seed as _read_seed
from mus.notation.lines import seed_text as _seed_text

__all__ = [
    "LATER_KNOBS",
    "format_hand",
    "format_session",
    "hand_from_json",
    "hand_to_json",
    "parse_hand",
    "parse_rules",
    "parse_session",
    "rules_data",
    "rules_text",
    "session_from_json",
    "session_to_json",
]

HAND_HEADER = "mus-individuel-hand 1"
SESSION_HEADER = "mus-individuel-session 1"
MAX_TEXT = 4_000_000
MAX_ACTIONS = 10_000


LATER_KNOBS: tuple[str, ...] = tuple(READINGS)
"""Knobs added after the first version of the notation (the readings of
:data:`~mus.individuel.rules.READINGS`): histories write them only when they differ
from their defaults, so a history that does not use them reads and writes exactly as
it did before they existed."""

_DEFAULTS = IndividuelRules()


def rules_data(rules: IndividuelRules) -> dict[str, Any]:
    """The knobs as histories store them: :meth:`IndividuelRules.to_dict
    <mus.individuel.rules.IndividuelRules.to_dict>` without the :data:`LATER_KNOBS`
    left at their defaults.

    >>> "out_lance" in rules_data(IndividuelRules()), rules_data(IndividuelRules(out_lance="lost"))["out_lance"]
    (False, 'lost')
    """
    data = rules_arg(rules).to_dict()
    for key in LATER_KNOBS:
        if data[key] == getattr(_DEFAULTS, key):
            del data[key]
    return data


def rules_text(rules: IndividuelRules) -> str:
    """Every knob as ``name=value`` words (the :data:`LATER_KNOBS` only when they are
    not at their defaults).

    >>> rules_text(IndividuelRules(players=3)).split()[:2]
    ['players=3', 'stones=8']
    >>> rules_text(IndividuelRules(juego_order="descending")).split()[-1]
    'juego_order=descending'
    """
    words = []
    for name, value in rules_data(rules).items():
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        words.append(f"{name}={text}")
    return " ".join(words)


def parse_rules(text: str) -> IndividuelRules:
    """Rules from :func:`rules_text` words; knobs left out keep their defaults.

    >>> parse_rules("players=4 real_31=king").real_31
    'king'
    >>> parse_rules("players=x")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: players must be a whole number, not 'x'
    """
    if type(text) is not str:
        raise NotationError(f"a rules line is text, got {quoted(text)}")
    if len(text) > MAX_LINE:
        raise NotationError(f"a rules line is at most {MAX_LINE} characters, got {len(text)}")
    defaults = IndividuelRules().to_dict()
    data: dict[str, Any] = {}
    for word in text.split():
        key, sep, raw = word.partition("=")
        if not sep or key not in defaults:
            raise NotationError(f"unknown Mus individuel knob {key[:40]!r}")
        like = defaults[key]
        if key == "real_31":
            if raw not in ("true", "false", "king"):
                raise NotationError(f"real_31 is true, false or king, not {raw[:20]!r}")
            data[key] = raw if raw == "king" else raw == "true"
        elif isinstance(like, bool):
            if raw not in ("true", "false"):
                raise NotationError(f"{key} is true or false, not {raw[:20]!r}")
            data[key] = raw == "true"
        elif isinstance(like, int):
            if not re.fullmatch(r"[0-9]{1,4}", raw):
                raise NotationError(f"{key} must be a whole number, not {raw[:20]!r}")
            data[key] = int(raw)
        else:
            data[key] = raw
    try:
        return IndividuelRules.from_dict(data)
    except MusError as error:
        raise NotationError(str(error)) from None


def _cards_text(cards: Iterable[tuple[Card, ...]]) -> str:
    return " / ".join(" ".join(map(str, dealt)) if dealt else "-" for dealt in cards)


def _read_cards(where: str, text: str, n: int) -> list[str | None]:
    parts = [part.strip() for part in text.split("/")]
    if len(parts) != n:
        raise NotationError(f"{where}: {n} seats' cards separated by '/', got {len(parts)}")
    return [None if part == "-" else part for part in parts]


def _count_comments(state: HandState) -> list[str]:
    lines = [f"# {result}" for result in state.results]
    lines += [f"# {move}" for move in state.moves]
    if state.is_over:
        lines.append(f"# stones {'-'.join(map(str, state.stones))}, basket {state.pot}")
    if state.loser is not None:
        lines.append(f"# seat {state.loser} alone holds stones: it loses the game")
    return lines


def _play(state: HandState, entries: list[Entry]) -> HandState:
    for where, seat, action in entries:
        try:
            state = apply(state, action, seat)
        except MusError as error:
            raise NotationError(f"{where}: {error}") from None
    return state


def format_hand(state: HandState) -> str:
    """The text history of a hand, from its deal to its count (if it has ended)."""
    if not isinstance(state, HandState):
        raise NotationError(f"format_hand() needs an individuel HandState, got {type(state).__name__}")
    deal = state.deal
    lines = [
        HAND_HEADER,
        f"rules {rules_text(deal.rules)}",
        f"mano {deal.mano}",
        f"stones {'-'.join(map(str, deal.stones))}",
        f"seed {_seed_text(deal.seed)}",
        f"cards {_cards_text(deal.cards)}",
        f"stock {' '.join(map(str, deal.stock))}",
    ]
    lines += [f"{seat} {action}" for seat, action in state.history]
    return "\n".join(lines + _count_comments(state)) + "\n"


def _header(lines: _Lines, kind: str) -> IndividuelRules:
    """A text history's first two lines: its kind and version (1), and its rules."""
    _, version = lines.field(kind)
    if version != "1":
        raise NotationError(f"unsupported {kind} version {version[:10]!r}")
    return parse_rules(lines.field("rules")[1])


def _mano(lines: _Lines) -> int:
    number, mano = lines.field("mano")
    if not re.fullmatch(r"[0-9]", mano):
        raise NotationError(f"line {number}: mano is a seat number, not {mano[:10]!r}")
    return int(mano)


def _deal(rules: IndividuelRules, where: str, **given: Any) -> HandState:
    try:
        return new_hand(rules, **given)
    except MusError as error:
        raise NotationError(f"{where}: bad deal: {error}") from None


def parse_hand(text: str) -> HandState:
    """The hand that a :func:`format_hand` text describes."""
    lines = _Lines(text)
    rules = _header(lines, "mus-individuel-hand")
    mano = _mano(lines)
    number, stones_text = lines.field("stones")
    if not re.fullmatch(r"[0-9]{1,4}(-[0-9]{1,4}){0,7}", stones_text):
        raise NotationError(f"line {number}: stones are written like 8-3-0-5, one number per seat")
    seed = _read_seed(lines.field("seed")[1])
    number, cards_text = lines.field("cards")
    cards = _read_cards(f"line {number}", cards_text, rules.players)
    _, stock_text = lines.field("stock")
    state = _deal(rules, "the deal", seed=seed, cards=cards, mano=mano, stones=[int(s) for s in stones_text.split("-")])
    try:
        stock = parse_cards(stock_text)
    except MusError as error:
        raise NotationError(f"stock: {error}") from None
    if stock != state.deal.stock:
        raise NotationError("the stock is not the rest of the deck as the seed shuffles it")
    state = _play(state, lines.actions(rules.players, MAX_ACTIONS))
    if (extra := lines.peek()) is not None:
        raise NotationError(f"line {extra[0]}: unexpected {extra[1][:40]!r}")
    return state


def _hand_data(state: HandState) -> dict[str, Any]:
    deal = state.deal
    return {
        "format": "mus-individuel-hand",
        "version": 1,
        "rules": rules_data(deal.rules),
        "mano": deal.mano,
        "stones": list(deal.stones),
        "seed": deal.seed,
        "cards": [" ".join(map(str, dealt)) or "-" for dealt in deal.cards],
        "stock": " ".join(map(str, deal.stock)),
        "actions": [[seat, str(action)] for seat, action in state.history],
        "count": _count_comments(state),
    }


def hand_to_json(state: HandState) -> str:
    """The JSON history of a hand (the content of :func:`format_hand`)."""
    if not isinstance(state, HandState):
        raise NotationError(f"hand_to_json() needs an individuel HandState, got {type(state).__name__}")
    return json.dumps(_hand_data(state), ensure_ascii=False, indent=1)


def _load(text: str, kind: str) -> dict[str, Any]:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise NotationError(f"a history is text of at most {MAX_TEXT} characters")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise NotationError(f"not JSON: {error}") from None
    if (
        not isinstance(data, dict)
        or data.get("format") != kind
        or type(data.get("version")) is not int
        or data["version"] != 1
    ):
        raise NotationError(f"not a {kind} history, version 1")
    try:
        data["rules"] = IndividuelRules.from_dict(data.get("rules", {}))
    except MusError as error:
        raise NotationError(f"bad rules: {error}") from None
    if isinstance(data.get("seed"), bool) or not isinstance(data.get("seed"), (int, str)):
        raise NotationError("the history needs its seed, an int or a string")
    return data


def _json_cards(cards: Any, n: int) -> list[str | None]:
    if not isinstance(cards, list) or len(cards) != n or not all(isinstance(c, str) for c in cards):
        raise NotationError(f"cards must be a list of {n} texts, one per seat")
    return [None if text.strip() == "-" else text for text in cards]


def hand_from_json(text: str) -> HandState:
    """The hand that a :func:`hand_to_json` text describes."""
    data = _load(text, "mus-individuel-hand")
    rules: IndividuelRules = data["rules"]
    stones = data.get("stones")
    state = _deal(
        rules, "the deal", seed=data["seed"], cards=_json_cards(data.get("cards"), rules.players),
        mano=data.get("mano"), stones=stones if isinstance(stones, list) else None,
    )  # fmt: skip
    if data.get("stock") != " ".join(map(str, state.deal.stock)):
        raise NotationError("the stock is not the rest of the deck as the seed shuffles it")
    return _play(state, _json_entries(data.get("actions"), rules.players, MAX_ACTIONS))


# --- sessions -------------------------------------------------------------------------


def _session_hands(session: Session) -> list[HandState]:
    return series.hands(session.finished, session.hand, session.is_over)


def format_session(session: Session) -> str:
    """The text history of a session: its header, then every hand dealt so far.

    >>> from mus.individuel import RandomPlayer, play_session
    >>> session = play_session(new_session(IndividuelRules(players=2, losses=1), seed=4), [RandomPlayer(1), RandomPlayer(2)])
    >>> parse_session(format_session(session)).winner == session.winner
    True
    """
    if not isinstance(session, Session):
        raise NotationError(f"format_session() needs a Session, got {type(session).__name__}")
    hands = [
        (f"cards {_cards_text(hand.deal.cards)}", hand.history, _count_comments(hand))
        for hand in _session_hands(session)
    ]
    end = f"# seat {session.winner} wins the session; games lost {'-'.join(map(str, session.losses))}"
    rules = rules_text(session.rules)
    return series.text(SESSION_HEADER, rules, session.seed, session.first_mano, hands, end if session.is_over else None)


def _session_block(session: Session, where: str, cards: list[str | None], entries: list[Entry]) -> Session:
    if session.is_over:
        raise NotationError(f"{where}: the session was already over")
    dealt = [tuple(parse_cards(text)) if text else () for text in cards]
    if dealt != list(session.hand.deal.cards):
        raise NotationError(f"{where}: these are not the cards the session's seed deals")
    played = len(session.finished)
    for at, seat, action in entries:
        if len(session.finished) != played:
            raise NotationError(f"{at}: the hand is already over")
        try:
            session = apply_session(session, action, seat)
        except MusError as error:
            raise NotationError(f"{at}: {error}") from None
    return session


def _new_session(rules: IndividuelRules, seed: Any, mano: Any) -> Session:
    try:
        return new_session(rules, seed=seed, mano=mano)
    except MusError as error:
        raise NotationError(f"bad session header: {error}") from None


def parse_session(text: str) -> Session:
    """The session that a :func:`format_session` text describes."""
    lines = _Lines(text)
    rules = _header(lines, "mus-individuel-session")
    seed = _read_seed(lines.field("seed")[1])
    session = _new_session(rules, seed, _mano(lines))
    for _, number, cards_text in series.blocks(lines, "cards"):
        where = f"line {number}"
        session = _session_block(
            session, where, _read_cards(where, cards_text, rules.players), lines.actions(rules.players, MAX_ACTIONS)
        )
    return session


def session_to_json(session: Session) -> str:
    """The JSON history of a session (the content of :func:`format_session`)."""
    if not isinstance(session, Session):
        raise NotationError(f"session_to_json() needs a Session, got {type(session).__name__}")
    hands = [
        {"cards": [" ".join(map(str, dealt)) or "-" for dealt in hand.deal.cards],
         "actions": [[seat, str(action)] for seat, action in hand.history]}
        for hand in _session_hands(session)
    ]  # fmt: skip
    return series.to_json("mus-individuel-session", rules_data(session.rules), session.seed, session.first_mano, hands)


def session_from_json(text: str) -> Session:
    """The session that a :func:`session_to_json` text describes."""
    data = _load(text, "mus-individuel-session")
    rules: IndividuelRules = data["rules"]
    session = _new_session(rules, data["seed"], data.get("mano", 0))
    for index, block in series.json_blocks(data, "{'cards': [...], 'actions': [...]}"):
        cards = _json_cards(block.get("cards"), rules.players)
        session = _session_block(
            session, f"hand {index}", cards, _json_entries(block.get("actions"), rules.players, MAX_ACTIONS)
        )
    return session
