"""Seat and match views as data, and the records they hold: the rules (as knobs), the
history entries, lance results, count lines, counts, betting records and legal-action
lists.

Each record has a writer (``..._data``: the value as plain JSON-ready data, without the
``"type"`` that :func:`~mus.data.to_data` adds) and a strict reader (``read_...``), which
gives back an equal value. A record inside a view is read at the view's table; read on
its own (``rules`` left out), its seats and sides range over the largest table.

>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> data = seat_view_data(state.view(1))
>>> data["hand"], data["history"], read_seat_view(data, "seat_view") == state.view(1)
('Ro Sb 6c 6b', [[0, 'no-mus']], True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mus.actions import MIN_BET, Bet, Declare, Discard, TeamFold
from mus.checks import instance_arg, rules_arg, whole
from mus.data.reading import (
    build,
    fail,
    maybe,
    read_action,
    read_bool,
    read_canonical,
    read_cards,
    read_enum,
    read_hand,
    read_list,
    read_number,
    read_object,
    read_scores,
    read_seats,
    seat_reader,
    side_reader,
)
from mus.data.whole import check_match_view, check_seat_view
from mus.errors import MusError, quoted
from mus.hand import HAND_SIZE, Hand
from mus.individuel.rules import MAX_PLAYERS
from mus.lances import Lance
from mus.legal import LegalActions
from mus.match import MatchView
from mus.rules import Rules
from mus.scoring import Count, CountLine, LanceResult, Outcome
from mus.state import Betting, HiddenDiscard, Phase, SeatView

__all__ = [
    "VIEW_KEYS",
    "as_lists",
    "bets_data",
    "betting_data",
    "count_data",
    "count_line_data",
    "lance_result_data",
    "legal_data",
    "match_view_data",
    "read_betting",
    "read_count",
    "read_count_line",
    "read_entries",
    "read_lance_result",
    "read_legal",
    "read_match_view",
    "read_rules",
    "read_seat_view",
    "rules_knobs",
    "seat_view_data",
]


def _table(rules: object) -> Rules:
    """The table a record is read at: ``rules``, or any table when not given."""
    return _ANY_TABLE if rules is None else rules_arg(rules)


_ANY_TABLE = Rules(seats=6, teams=6)  # out of a view, a record's seats and sides range over the largest table


# --- rules --------------------------------------------------------------------------------


def rules_knobs(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()`` as JSON has it: a house rule's tuple fields as lists.

    >>> rules_knobs(Rules(target=30))["target"], rules_knobs(Rules())["payouts"]["pares"]
    (30, [1, 2, 3])
    """
    return as_lists(rules_arg(rules).to_dict())  # type: ignore[no-any-return]


def as_lists(value: Any) -> Any:
    """``value`` with its tuples as lists, at any depth: as it reads back from JSON.

    >>> as_lists({"pares": (1, 2, 3), "house": [("a", (1,))]})
    {'pares': [1, 2, 3], 'house': [['a', [1]]]}
    """
    if isinstance(value, dict):
        return {key: as_lists(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_lists(item) for item in value]
    return value


def read_rules(value: Any, where: str) -> Rules:
    """The rules that :func:`rules_knobs` knobs describe (left-out knobs keep their
    defaults).

    >>> read_rules({"target": 30}, "rules") == Rules(target=30)
    True
    >>> read_rules("standard", "rules")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: rules: an object of knobs, got 'standard'
    """
    if not isinstance(value, dict):
        raise fail(where, f"an object of knobs, got {quoted(value)}")
    return build(where, Rules.from_dict, value)  # type: ignore[no-any-return]


# --- the records a view holds -------------------------------------------------------------

_HIDDEN = re.compile(r"discard ([1-4]) cards?")


def _entry_data(seat: int, action: Any) -> list[Any]:
    return [seat, str(action)]


def read_entries(value: Any, where: str, rules: Rules, start: int = 0) -> tuple[tuple[int, Any], ...]:
    """A view's history entries (``[seat, text]`` pairs, another seat's discard as
    ``"discard 2 cards"``), the first of them the history's entry ``start``.

    >>> read_entries([[0, "no-mus"], [1, "discard 2 cards"]], "view.history", Rules())
    ((0, NoMus()), (1, HiddenDiscard(count=2)))
    >>> read_entries([[5, "mus"]], "view.history", Rules(), 3)
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: view.history[3][0]: a whole number from 0 to 3, got 5
    """
    rules, start = rules_arg(rules), whole(start, "start")
    return tuple(_entry(entry, f"{where}[{start + i}]", rules) for i, entry in enumerate(read_list(value, where)))


def _entry(value: Any, where: str, rules: Rules) -> tuple[int, Any]:
    seat, text = read_list(value, where, 2)
    hidden = _HIDDEN.fullmatch(text) if isinstance(text, str) else None
    if hidden:
        return seat_reader(rules)(seat, f"{where}[0]"), read_canonical(
            lambda _: HiddenDiscard(int(hidden[1])), text, f"{where}[1]"
        )
    return seat_reader(rules)(seat, f"{where}[0]"), read_action(text, f"{where}[1]")


def lance_result_data(result: LanceResult) -> dict[str, Any]:
    """A lance's result as data.

    >>> import mus
    >>> state = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "pass")
    >>> for action in ("pass", "pass", "pass"):
    ...     state = mus.apply(state, action)
    >>> lance_result_data(state.results[0])
    {'lance': 'grande', 'outcome': 'en paso', 'stake': 0, 'team': None, 'seats': [0, 1, 2, 3], 'folded': []}
    """
    instance_arg(result, LanceResult, "a LanceResult")
    return {
        "lance": str(result.lance), "outcome": str(result.outcome), "stake": result.stake, "team": result.team,
        "seats": list(result.seats), "folded": list(result.folded),
    }  # fmt: skip


def read_lance_result(value: Any, where: str, rules: Rules | None = None) -> LanceResult:
    """The lance result that :func:`lance_result_data` data describes.

    >>> result = {"lance": "grande", "outcome": "refused", "stake": 1, "team": 0, "seats": [0, 1, 2, 3], "folded": []}
    >>> read_lance_result(result, "result").outcome
    <Outcome.REFUSED: 'refused'>
    """
    rules = _table(rules)
    data = read_object(value, where, ("lance", "outcome", "stake", "team", "seats", "folded"))
    return build(  # type: ignore[no-any-return]
        where, LanceResult, read_enum(Lance, data["lance"], f"{where}.lance"),
        read_enum(Outcome, data["outcome"], f"{where}.outcome"), read_number(data["stake"], f"{where}.stake"),
        maybe(side_reader(rules), data["team"], f"{where}.team"),
        read_seats(data["seats"], f"{where}.seats", rules), read_seats(data["folded"], f"{where}.folded", rules),
    )  # fmt: skip


def count_line_data(line: CountLine) -> dict[str, Any]:
    """A line of a hand's count as data.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     state = mus.apply(state, action)
    >>> line = count_line_data(state.count.lines[0])
    >>> line["lance"], line["outcome"], line["team"], line["seat"]
    ('grande', 'ordago', 1, 1)
    """
    instance_arg(line, CountLine, "a CountLine")
    return {
        "lance": str(line.lance), "outcome": str(line.outcome), "team": line.team, "seat": line.seat,
        "bet": line.bet, "refusal": line.refusal, "bonus": line.bonus, "scores": list(line.scores),
        "liars": list(line.liars), "individual": line.individual,
    }  # fmt: skip


def read_count_line(value: Any, where: str, rules: Rules | None = None) -> CountLine:
    """The count line that :func:`count_line_data` data describes.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     state = mus.apply(state, action)
    >>> line = state.count.lines[0]
    >>> read_count_line(count_line_data(line), "count_line") == line
    True
    """
    data = read_object(
        value, where, ("lance", "outcome", "team", "seat", "bet", "refusal", "bonus", "scores", "liars", "individual")
    )
    sides, rules = (0, _ANY_TABLE) if rules is None else (rules_arg(rules).teams, rules)
    return CountLine(
        read_enum(Lance, data["lance"], f"{where}.lance"), read_enum(Outcome, data["outcome"], f"{where}.outcome"),
        maybe(side_reader(rules), data["team"], f"{where}.team"), maybe(seat_reader(rules), data["seat"], f"{where}.seat"),
        read_number(data["bet"], f"{where}.bet"), read_number(data["refusal"], f"{where}.refusal"), read_number(data["bonus"], f"{where}.bonus"),
        read_scores(data["scores"], f"{where}.scores", sides), read_seats(data["liars"], f"{where}.liars", rules),
        read_bool(data["individual"], f"{where}.individual"),
    )  # fmt: skip


def count_data(count: Count) -> dict[str, Any]:
    """A hand's count as data: its lines, then the scores it ends with, and its
    ``text`` (the lines the CLI prints, for an app to show as they are).

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     state = mus.apply(state, action)
    >>> data = count_data(state.count)
    >>> len(data["lines"]), data["winner"], data["stopped_at"]
    (1, 1, 'grande')
    >>> data["text"]
    ['grande: team 1 (seat 1) wins the órdago and the game', 'team 1 wins the game', 'score 0-0']
    """
    instance_arg(count, Count, "a Count")
    return {
        "lines": [count_line_data(line) for line in count.lines], "scores": list(count.scores), "winner": count.winner,
        "stopped_at": None if count.stopped_at is None else str(count.stopped_at),
        "uncounted": [str(lance) for lance in count.uncounted], "individual": count.individual,
        "text": str(count).splitlines(),
    }  # fmt: skip


def read_count(value: Any, where: str, rules: Rules | None = None) -> Count:
    """The count that :func:`count_data` data describes.

    >>> import mus
    >>> state = mus.new_hand(seed=1)
    >>> for action in ("no-mus", "ordago", "accept"):
    ...     state = mus.apply(state, action)
    >>> read_count(count_data(state.count), "count") == state.count
    True
    """
    # ``text`` is optional (data written before it had none); when given, it is the
    # count's own.
    data = read_object(value, where, ("lines", "scores", "winner", "stopped_at", "uncounted", "individual"), ("text",))
    sides = 0 if rules is None else rules_arg(rules).teams
    count = Count(
        tuple(read_count_line(line, f"{where}.lines[{i}]", rules) for i, line in enumerate(read_list(data["lines"], f"{where}.lines"))),
        read_scores(data["scores"], f"{where}.scores", sides),
        maybe(side_reader(_ANY_TABLE if rules is None else rules), data["winner"], f"{where}.winner"),
        maybe(lambda v, w: read_enum(Lance, v, w), data["stopped_at"], f"{where}.stopped_at"),
        tuple(read_enum(Lance, lance, f"{where}.uncounted[{i}]") for i, lance in enumerate(read_list(data["uncounted"], f"{where}.uncounted"))),
        read_bool(data["individual"], f"{where}.individual"),
    )  # fmt: skip
    if "text" in data and data["text"] != str(count).splitlines():
        raise fail(f"{where}.text", "not the text of the count its lines make")
    return count


_BETTING_KEYS = ("lance", "seats", "stake", "previous", "bets", "bettor", "ordago", "folded", "accepted")


def betting_data(betting: Betting) -> dict[str, Any]:
    """A lance's betting record as data.

    >>> import mus
    >>> state = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "bet 2")
    >>> data = betting_data(state.betting)
    >>> data["lance"], data["stake"], data["bettor"]
    ('grande', 2, 0)
    """
    instance_arg(betting, Betting, "a Betting")
    data = betting._asdict()
    data["lance"] = str(betting.lance)
    for key in ("seats", "folded", "accepted"):
        data[key] = list(data[key])
    return data


def read_betting(value: Any, where: str, rules: Rules | None = None) -> Betting:
    """The betting record that :func:`betting_data` data describes.

    >>> import mus
    >>> state = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "bet 2")
    >>> read_betting(betting_data(state.betting), "betting") == state.betting
    True
    """
    rules = _table(rules)
    data = read_object(value, where, _BETTING_KEYS)
    return Betting(
        read_enum(Lance, data["lance"], f"{where}.lance"), read_seats(data["seats"], f"{where}.seats", rules),
        read_number(data["stake"], f"{where}.stake"), read_number(data["previous"], f"{where}.previous"), read_number(data["bets"], f"{where}.bets"),
        maybe(seat_reader(rules), data["bettor"], f"{where}.bettor"), read_bool(data["ordago"], f"{where}.ordago"),
        read_seats(data["folded"], f"{where}.folded", rules), read_seats(data["accepted"], f"{where}.accepted", rules),
    )  # fmt: skip


# --- legal-action lists -------------------------------------------------------------------

_LEGAL_KEYS = ("seat", "actions", "min_bet", "max_bet", "team_fold")


def legal_data(legal: LegalActions) -> dict[str, Any]:
    """A legal-action list as data: the listed actions, the seat they are for, the bets
    allowed, and whether an unlisted team fold is legal too. The one list of both games
    (a view of the Mus individuel holds one).

    >>> import mus
    >>> legal_data(mus.apply(mus.new_hand(seed=1), "no-mus").legal_actions())
    {'seat': 0, 'actions': ['pass', 'bet 2', 'ordago'], 'min_bet': 2, 'max_bet': None, 'team_fold': False}
    """
    kinds = instance_arg(legal, LegalActions, "a LegalActions").kinds
    return {
        "seat": legal.seat, "actions": [str(action) for action in legal], "min_bet": legal.min_bet,
        "max_bet": legal.max_bet, "team_fold": kinds is not None and TeamFold in kinds,
    }  # fmt: skip


def read_legal(value: Any, where: str) -> LegalActions:
    """The list that :func:`legal_data` data describes; its seat ranges over the
    largest table of either game (the Mus individuel's eight).

    >>> import mus
    >>> legal = mus.apply(mus.new_hand(seed=1), "no-mus").legal_actions()
    >>> back = read_legal(legal_data(legal), "legal_actions")
    >>> back == legal, back.seat, mus.Bet(30) in back
    (True, 0, True)
    """
    data = read_object(value, where, _LEGAL_KEYS)
    seat = maybe(lambda v, w: read_number(v, w, 0, MAX_PLAYERS - 1), data["seat"], f"{where}.seat")
    actions = tuple(
        read_action(a, f"{where}.actions[{i}]") for i, a in enumerate(read_list(data["actions"], f"{where}.actions"))
    )
    # The Mus individuel's answers to a stake no one can raise carry a max_bet of 0.
    max_bet = maybe(lambda v, w: read_number(v, w, 0), data["max_bet"], f"{where}.max_bet")
    if max_bet is not None and max_bet < MIN_BET and any(type(a) is Bet for a in actions):
        raise fail(f"{where}.max_bet", f"a list with a bet allows bets of at least {MIN_BET}, got {max_bet}")
    team_fold = read_bool(data["team_fold"], f"{where}.team_fold")
    hand = None
    if (actions and all(type(a) is Discard for a in actions)) or (actions and all(type(a) is Declare for a in actions)):
        # Discards and declarations are listed in full; other lists stand for kinds.
        kinds = None
        cards = {card for action in actions if isinstance(action, Discard) for card in action.cards}
        hand = (
            Hand(tuple(cards)) if len(cards) == HAND_SIZE else None
        )  # the mus exchange's; five are the Mus individuel's
    else:
        kinds = frozenset(type(action) for action in actions) | (frozenset({TeamFold}) if team_fold else frozenset())
    legal = LegalActions.make(actions, seat, kinds, hand, max_bet)
    if legal.min_bet != data["min_bet"] or (legal.kinds is not None and TeamFold in legal.kinds) != team_fold:
        raise fail(where, "min_bet or team_fold does not fit the listed actions")
    return legal


# --- views --------------------------------------------------------------------------------
VIEW_KEYS = (
    "seat", "mano", "phase", "lance", "to_act", "scores", "hand", "pending", "history", "results",
    "stock_size", "discards_size", "count", "winner", "hands", "betting", "legal",
)  # fmt: skip
"""The keys of a seat view's data, but ``rules`` (which a view inside a match view goes
without).

>>> VIEW_KEYS[:4]
('seat', 'mano', 'phase', 'lance')
"""


def seat_view_data(view: SeatView, with_rules: bool = True) -> dict[str, Any]:
    """A seat's view as data; ``with_rules`` false for a view whose rules the data it is
    part of gives (a match view's, or a public match's hands).

    >>> import mus
    >>> data = seat_view_data(mus.new_hand(seed=1).view(2), with_rules=False)
    >>> "rules" in data, data["hand"], data["legal"]
    (False, 'Rb Sc 1c 1e', [])
    """
    data = view_head(instance_arg(view, SeatView, "a SeatView"), with_rules, rules_knobs)
    data.update(
        scores=list(view.scores), hand=str(view.hand), pending=[str(c) for c in view.pending],
        history=[_entry_data(seat, action) for seat, action in view.history],
        results=[lance_result_data(result) for result in view.results], stock_size=view.stock_size,
        discards_size=view.discards_size, count=None if view.count is None else count_data(view.count),
        winner=view.winner, hands=None if view.hands is None else [None if h is None else str(h) for h in view.hands],
        betting=None if view.betting is None else betting_data(view.betting), legal=[str(a) for a in view.legal],
        bets=bets_data(view),
    )  # fmt: skip
    return data


def view_head(view: Any, with_rules: bool, knobs: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """What either game's seat view's data opens with: the seat, its rules as
    ``knobs`` gives them (unless ``with_rules`` is false: the data the view is part of
    gives them), the mano, the phase, the lance and the seat to act."""
    if type(with_rules) is not bool:
        raise MusError(f"with_rules is True or False, got {quoted(with_rules)}")
    data: dict[str, Any] = {"seat": view.seat}
    if with_rules:
        data["rules"] = knobs(view.rules)
    data.update(
        mano=view.mano, phase=str(view.phase), lance=None if view.lance is None else str(view.lance), to_act=view.to_act
    )
    return data


def bets_data(view: SeatView) -> dict[str, int | None] | None:
    """The bets ``view.legal`` allows, for an app to offer: the least and the largest
    (``None``: no cap), or ``None`` when no bet is legal. The legal list names the
    least (``bet 2``); any amount up to the largest is legal too.

    >>> import mus
    >>> bets_data(mus.apply(mus.new_hand(seed=1), "no-mus").view(0))
    {'least': 2, 'largest': None}
    >>> bets_data(mus.apply(mus.new_hand(mus.Rules(max_bet=30), seed=1), "no-mus").view(0))
    {'least': 2, 'largest': 30}
    >>> bets_data(mus.new_hand(seed=1).view(0)) is None
    True
    """
    for action in instance_arg(view, SeatView, "the view (a SeatView)").legal:
        if type(action) is Bet:
            return {"least": action.stones, "largest": view.rules.max_bet}
    return None


def read_seat_view(value: Any, where: str, rules: Rules | None = None, whole: bool = True) -> SeatView:
    """The view that :func:`seat_view_data` data describes; with ``rules``, data without
    them, read at their table. The view is checked whole
    (:func:`~mus.data.whole.check_seat_view`: every field against its history) unless
    ``whole`` is false, for a caller that checks it in context (a match view's, a
    public history's).

    >>> import mus
    >>> view = mus.new_hand(seed=1).view(2)
    >>> read_seat_view(seat_view_data(view, False), "hand", mus.Rules()) == view
    True
    >>> read_seat_view({**seat_view_data(view), "seat": 4}, "seat_view")
    Traceback (most recent call last):
    ...
    mus.errors.NotationError: seat_view.seat: a whole number from 0 to 3, got 4
    """
    data = read_object(value, where, VIEW_KEYS + (("rules",) if rules is None else ()), ("bets",))
    rules = read_rules(data["rules"], f"{where}.rules") if rules is None else rules_arg(rules)
    seat, side = seat_reader(rules), side_reader(rules)
    hands = maybe(lambda v, w: tuple(maybe(read_hand, h, f"{w}[{i}]") for i, h in enumerate(read_list(v, w, rules.seats))), data["hands"], f"{where}.hands")  # fmt: skip
    view = SeatView(
        seat=seat(data["seat"], f"{where}.seat"), rules=rules, mano=seat(data["mano"], f"{where}.mano"),
        phase=read_enum(Phase, data["phase"], f"{where}.phase"),
        lance=maybe(lambda v, w: read_enum(Lance, v, w), data["lance"], f"{where}.lance"),
        to_act=maybe(seat, data["to_act"], f"{where}.to_act"), scores=read_scores(data["scores"], f"{where}.scores", rules.teams),
        hand=read_hand(data["hand"], f"{where}.hand"), pending=read_cards(data["pending"], f"{where}.pending"),
        history=read_entries(data["history"], f"{where}.history", rules),
        results=tuple(read_lance_result(r, f"{where}.results[{i}]", rules) for i, r in enumerate(read_list(data["results"], f"{where}.results"))),
        stock_size=read_number(data["stock_size"], f"{where}.stock_size", 0, 40),
        discards_size=read_number(data["discards_size"], f"{where}.discards_size", 0, 40),
        count=maybe(lambda v, w: read_count(v, w, rules), data["count"], f"{where}.count"),
        winner=maybe(side, data["winner"], f"{where}.winner"), hands=hands,
        betting=maybe(lambda v, w: read_betting(v, w, rules), data["betting"], f"{where}.betting"),
        legal=tuple(read_action(a, f"{where}.legal[{i}]") for i, a in enumerate(read_list(data["legal"], f"{where}.legal"))),
    )  # fmt: skip
    # ``bets`` is optional (data written before it had none); when given, it is the
    # view's own.
    if "bets" in data and data["bets"] != bets_data(view):
        raise fail(f"{where}.bets", f"the legal bets are {quoted(bets_data(view))}, not {quoted(data['bets'])}")
    if whole:
        check_seat_view(view, where)
    return view


_MATCH_VIEW_KEYS = (
    "seat",
    "rules",
    "first_mano",
    "hand_number",
    "games",
    "vacas",
    "scores",
    "is_over",
    "winner",
    "hand",
    "last",
)


def match_view_data(view: MatchView) -> dict[str, Any]:
    """A seat's view of a match as data: the standing, and the views of the hand under
    way and of the last one, which go without their rules (they are the match's).

    >>> import mus
    >>> data = match_view_data(mus.new_match(seed=3).view(2))
    >>> data["games"], data["hand"]["hand"], "rules" in data["hand"], data["last"]
    ([0, 0], 'Sc 6e 3e 2c', False, None)
    """
    instance_arg(view, MatchView, "a MatchView")
    return {
        "seat": view.seat, "rules": rules_knobs(view.rules), "first_mano": view.first_mano, "hand_number": view.hand_number,
        "games": list(view.games), "vacas": list(view.vacas), "scores": list(view.scores), "is_over": view.is_over,
        "winner": view.winner, "hand": seat_view_data(view.hand, False),
        "last": None if view.last is None else seat_view_data(view.last, False),
    }  # fmt: skip


def read_match_view(value: Any, where: str) -> MatchView:
    """The view that :func:`match_view_data` data describes, checked whole
    (:func:`~mus.data.whole.check_match_view`).

    >>> import mus
    >>> view = mus.new_match(seed=3).view(2)
    >>> read_match_view(match_view_data(view), "match_view") == view
    True
    """
    data = read_object(value, where, _MATCH_VIEW_KEYS)
    rules = read_rules(data["rules"], f"{where}.rules")
    view = MatchView(
        seat=seat_reader(rules)(data["seat"], f"{where}.seat"), rules=rules,
        first_mano=seat_reader(rules)(data["first_mano"], f"{where}.first_mano"),
        hand_number=read_number(data["hand_number"], f"{where}.hand_number"), games=read_scores(data["games"], f"{where}.games", rules.teams),
        vacas=read_scores(data["vacas"], f"{where}.vacas", rules.teams), scores=read_scores(data["scores"], f"{where}.scores", rules.teams),
        is_over=read_bool(data["is_over"], f"{where}.is_over"), winner=maybe(side_reader(rules), data["winner"], f"{where}.winner"),
        hand=read_seat_view(data["hand"], f"{where}.hand", rules, False),
        last=maybe(lambda v, w: read_seat_view(v, w, rules, False), data["last"], f"{where}.last"),
    )  # fmt: skip
    check_match_view(view, where)
    return view
