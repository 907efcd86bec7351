"""A table of hostile inputs for every public function and constructor.

Each entry is a valid call; every argument in turn is replaced by each hostile value.
The call must then succeed or raise a :class:`~mus.MusError` (a ``ValueError``) with a
short message: never another exception, never a message that echoes a huge input.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import mus
from mus import notation

HAND = mus.Hand.parse("Ro Rc 7e 1b")
HANDS = [HAND, mus.Hand.parse("Cc Co 5b 4e"), mus.Hand.parse("Se 6c 5o 1c"), mus.Hand.parse("3b 2e 1o 4c")]
RULES = mus.Rules()
STATE = mus.apply(mus.new_hand(RULES, seed=1), "no-mus")
MATCH = mus.new_match(RULES, seed=1)
RESULT = mus.LanceResult(mus.Lance.GRANDE, mus.Outcome.ACCEPTED, stake=2)

HOSTILE: list[object] = [
    None,
    -1,
    True,
    1.5,
    10**100,
    "",
    "x" * 100_000,
    "\ud800",
    b"Ro",
    [],
    [None],
    {},
    object(),
    float("nan"),
]

# (name, function, positional args, keyword args)
CALLS: list[tuple[str, Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = [
    ("Card.parse", mus.Card.parse, ("Ro",), {}),
    ("Card", mus.Card, (mus.Rank.REY, mus.Suit.OROS), {}),
    ("Hand", mus.Hand, ("Ro Rc 7e 1b",), {}),
    ("Hand.parse", mus.Hand.parse, ("Ro Rc 7e 1b",), {}),
    ("Deck", mus.Deck, (mus.ALL_CARDS,), {}),
    ("Deck.shuffled", mus.Deck.shuffled, (7,), {}),
    ("Deck.deal", mus.Deck().deal, (4,), {}),
    ("parse_cards", mus.parse_cards, ("Ro Rc",), {}),
    ("Rank.parse", mus.Rank.parse, ("R",), {}),
    ("Suit.parse", mus.Suit.parse, ("o",), {}),
    ("Lance.parse", mus.Lance.parse, ("grande",), {}),
    ("Rules", mus.Rules, (), {"seats": 4, "target": 40, "max_bet": None}),
    ("Rules.preset", mus.Rules.preset, ("standard",), {}),
    ("Rules.from_dict", mus.Rules.from_dict, ({"target": 30},), {}),
    ("Rules.evolve", RULES.evolve, (), {"target": 30}),
    ("Payouts", mus.Payouts, (), {"en_paso": 1}),
    ("Bet", mus.Bet, (2,), {}),
    ("Discard", mus.Discard, ("Ro",), {}),
    ("Declare", mus.Declare, (mus.Lance.PARES, True), {}),
    ("Signal", mus.Signal, ("dos reyes",), {}),
    ("MusVisto", mus.MusVisto, ("Ro",), {}),
    ("parse_action", mus.parse_action, ("envido 5",), {}),
    ("words_of", mus.words_of, ("envido 5", mus.Bet(5)), {}),
    ("Sena.parse", mus.Sena.parse, ("dos reyes",), {}),
    ("senas_of", mus.senas_of, (HAND, RULES), {}),
    ("lance_key", mus.lance_key, (mus.Lance.GRANDE, HAND, RULES), {}),
    ("compare", mus.compare, (mus.Lance.GRANDE, HAND, HANDS[1], RULES), {}),
    ("winner", mus.winner, (mus.Lance.GRANDE, HANDS, RULES), {}),
    ("pares", mus.pares, (HAND, RULES), {}),
    ("has_pares", mus.has_pares, (HAND, RULES), {}),
    ("points", mus.points, (HAND, RULES), {}),
    ("has_juego", mus.has_juego, (HAND, RULES), {}),
    ("bonus", mus.bonus, (mus.Lance.PARES, HAND, RULES), {}),
    ("played_rank", mus.played_rank, (mus.Rank.TRES, RULES), {}),
    ("rank_points", mus.rank_points, (mus.Rank.TRES, RULES), {}),
    ("is_real_31", mus.is_real_31, (HAND, RULES), {}),
    ("LanceResult", mus.LanceResult, (mus.Lance.GRANDE, mus.Outcome.ACCEPTED), {"stake": 2, "seats": (0, 1)}),
    ("count", mus.count, (HANDS, [RESULT], RULES), {"mano": 0, "scores": (0, 0)}),
    ("lance_winner", mus.lance_winner, (mus.Lance.GRANDE, HANDS, RULES, 0), {"seats": (0, 1)}),
    ("score_line", mus.score_line, ((3, 4),), {}),
    ("score_text", mus.score_text, (12, RULES), {}),
    ("new_hand", mus.new_hand, (RULES,), {"seed": 1, "mano": 0, "scores": (0, 0)}),
    (
        "new_hand hands",
        mus.new_hand,
        (RULES,),
        {"hands": ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"], "seed": 2},
    ),
    ("apply", mus.apply, (STATE, "envido 5"), {"seat": 0}),
    ("apply match", mus.apply, (MATCH, "mus"), {"seat": 0}),
    ("problem", mus.problem, (STATE, mus.Pass()), {"seat": 1}),
    ("is_legal", STATE.is_legal, (mus.Pass(),), {"seat": 1}),
    ("view", STATE.view, (2,), {}),
    ("team_of", STATE.team_of, (2,), {}),
    ("start", mus.start, (STATE.deal,), {}),
    ("replay", mus.replay, (STATE.deal, STATE.history), {}),
    ("new_match", mus.new_match, (RULES,), {"seed": 1, "mano": 0}),
    ("apply_match", mus.apply_match, (MATCH, "mus"), {"seat": 0}),
    ("replay_match", mus.replay_match, (RULES, 1, 0, ()), {}),
    ("format_hand", notation.format_hand, (STATE,), {}),
    ("hand_to_json", notation.hand_to_json, (STATE,), {}),
    ("load", notation.load, (notation.format_hand(STATE),), {}),
    ("parse_hand", notation.parse_hand, (notation.format_hand(STATE),), {}),
    ("hand_from_json", notation.hand_from_json, (notation.hand_to_json(STATE),), {}),
    ("format_match", notation.format_match, (MATCH,), {}),
    ("parse_match", notation.parse_match, (notation.format_match(MATCH),), {}),
    ("match_from_json", notation.match_from_json, (notation.match_to_json(MATCH),), {}),
    ("parse_rules", notation.parse_rules, (notation.rules_text(RULES),), {}),
]


def _ai_calls() -> list[tuple[str, Callable[..., Any], tuple[Any, ...], dict[str, Any]]]:
    """The ``mus.ai`` calls, when the ``ai`` extra is installed; each on a fresh object."""
    try:
        from mus.ai.encoding import credited, encoding_for, generator, returns
        from mus.ai.gym import SeatEnv
        from mus.ai.openspiel import MusGame
        from mus.ai.pettingzoo import MusEnv, env
    except ImportError:
        return []
    enc = encoding_for(RULES)

    def dealt(game: MusEnv) -> MusEnv:
        game.reset()
        return game

    def seat_env() -> tuple[SeatEnv, int]:
        game = SeatEnv(RULES, seed=1)
        _, info = game.reset(seed=1)
        return game, int(info["action_mask"].nonzero()[0][0])

    def seat_step(action: object) -> object:
        return seat_env()[0].step(action)  # type: ignore[arg-type]

    return [
        ("encoding_for", encoding_for, (RULES, 11), {}),
        ("Encoding.observation", enc.observation, (STATE, 0), {}),
        ("Encoding.legal_action_mask", enc.legal_action_mask, (STATE,), {}),
        ("Encoding.decode", enc.decode, (17, STATE), {}),
        ("Encoding.encode", enc.encode, (mus.Pass(), STATE), {}),
        ("Encoding.apply", enc.apply, (STATE, 17), {}),
        ("Encoding.action_name", enc.action_name, (17,), {}),
        ("Encoding.information_state_string", enc.information_state_string, (STATE, 0), {}),
        ("returns", returns, (STATE, STATE), {}),
        ("credited", credited, (STATE,), {}),
        ("generator", generator, (7,), {"gymnasium": False}),
        ("env", env, (RULES,), {"seed": 1, "max_bet": 11, "episode": "hand", "reward": "stones"}),
        ("MusEnv.reset", lambda **kw: env(RULES, seed=1).reset(**kw), (), {"seed": 3, "options": {"mano": 1}}),
        (
            "MusEnv.step",
            lambda action: dealt(env(RULES, seed=1)).step(action),
            (dealt(env(RULES, seed=1)).hand.queue and 0,),
            {},
        ),
        ("MusEnv.observe", lambda agent: dealt(env(RULES, seed=1)).observe(agent), ("seat_0",), {}),
        ("MusGame", MusGame, (RULES,), {"seed": 1, "max_bet": 11}),
        ("MusGame.new_initial_state", MusGame(RULES).new_initial_state, (5,), {}),
        ("MusState.apply_action", lambda action: MusGame(RULES).new_initial_state(5).apply_action(action), (1,), {}),
        ("MusState.information_state_tensor", MusGame(RULES).new_initial_state(5).information_state_tensor, (0,), {}),
        ("SeatEnv", SeatEnv, (RULES,), {"seat": 0, "seed": 1, "max_bet": 11}),
        ("SeatEnv.reset", lambda **kw: SeatEnv(RULES, seed=1).reset(**kw), (), {"seed": 3, "options": {"mano": 1}}),
        ("SeatEnv.step", seat_step, (seat_env()[1],), {}),
    ]


CALLS += _ai_calls()


def _cases() -> list[Any]:
    cases = []
    for name, function, args, kwargs in CALLS:
        for index in range(len(args)):
            cases.append(pytest.param(function, args, kwargs, index, None, id=f"{name}[{index}]"))
        for key in kwargs:
            cases.append(pytest.param(function, args, kwargs, None, key, id=f"{name}[{key}]"))
    return cases


@pytest.mark.parametrize(("name", "function", "args", "kwargs"), [pytest.param(*call, id=call[0]) for call in CALLS])
def test_the_valid_call_works(
    name: str, function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    function(*args, **kwargs)


@pytest.mark.parametrize(("function", "args", "kwargs", "index", "key"), _cases())
def test_hostile_arguments_get_a_short_mus_error(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], index: int | None, key: str | None
) -> None:
    for value in HOSTILE:
        call_args = list(args)
        call_kwargs = dict(kwargs)
        if index is not None:
            call_args[index] = value
        else:
            assert key is not None
            call_kwargs[key] = value
        try:
            function(*call_args, **call_kwargs)
        except mus.MusError as error:
            assert len(str(error)) < 600, f"{value!r:.40}: the message echoes the input"
        except Exception as error:  # pragma: no cover - the failure being tested for
            pytest.fail(f"{type(error).__name__} for {value!r:.60}: {error!s:.200}")
