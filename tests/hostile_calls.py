"""The valid calls of the hostile-value table (``tests/hostile_table.py``): a valid
value per parameter name (:data:`SAMPLES`, :data:`INDIVIDUEL_SAMPLES`), the calls those
cannot build (:data:`CALLS`) and an instance of each public class with public methods
(:data:`INSTANCES`). The optional extras' entries are there when they are installed."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import attrs

import hostile_more
import mus
from hostile_flags import HAS_AI as HAS_AI
from hostile_flags import HAS_NUMPY as HAS_NUMPY
from mus import individuel, notation

Call = tuple[tuple[Any, ...], dict[str, Any]]
"""A call: its positional and keyword arguments."""

RULES = mus.Rules()
HAND = mus.Hand.parse("Ro Rc 7e 1b")
HANDS = (HAND, mus.Hand.parse("Cc Co 5b 4e"), mus.Hand.parse("Se 6c 5o 1c"), mus.Hand.parse("3b 2e 1o 4c"))
STATE = mus.apply(mus.new_hand(RULES, seed=1), "no-mus")
MATCH = mus.new_match(RULES, seed=1)
RESULT = mus.LanceResult(mus.Lance.GRANDE, mus.Outcome.ACCEPTED, stake=2)
IRULES = individuel.IndividuelRules(players=3)
ISTATE = individuel.new_hand(IRULES, seed=2)
ISESSION = individuel.new_session(IRULES, seed=1)
IHANDS = (HANDS[0], HANDS[1], HANDS[2])

SAMPLES: dict[str, Any] = {
    "rules": RULES,
    "hand": HAND,
    "hands": HANDS,
    "state": STATE,
    "match": MATCH,
    "seat": 1,
    "lance": mus.Lance.GRANDE,
    "mano": 0,
    "scores": (0, 0),
    "seed": 1,
    "deal": STATE.deal,
    "action": mus.Pass(),
    "view": STATE.view(0),
    "results": (RESULT,),
    "rank": mus.Rank.TRES,
    "suit": mus.Suit.OROS,
    "where": "here",
    "history": STATE.history,
    "result": RESULT,
}
"""A valid value for each parameter name, in the four-card game."""

INDIVIDUEL_SAMPLES: dict[str, Any] = {
    **SAMPLES,
    "rules": IRULES,
    "state": ISTATE,
    "session": ISESSION,
    "hands": IHANDS,
    "seats": (0, 1, 2),
    "deal": ISTATE.deal,
    "action": ISTATE.legal_actions()[0],
    "view": ISTATE.view(0),
    "history": ISTATE.history,
}
"""A valid value for each parameter name, in the Mus individuel."""


def _kw(**kwargs: Any) -> Callable[[], Call]:
    return lambda: ((), kwargs)


def _pos(*args: Any, **kwargs: Any) -> Callable[[], Call]:
    return lambda: (args, kwargs)


BETTING = STATE.betting
assert BETTING is not None
COUNT = mus.apply(mus.apply(STATE, "ordago"), "accept").count
assert COUNT is not None
GAME_TEXT = notation.format_hand(STATE)
DATA_VIEW = mus.data.to_data(STATE.view(0))


def _ai_instances() -> dict[str, Callable[[], object]]:
    from mus.ai.action_ids import ActionIds
    from mus.ai.checks import RulesBound
    from mus.ai.encoding import Encoding
    from mus.ai.gym import SeatEnv
    from mus.ai.observations import Observer
    from mus.ai.openspiel import MusGame
    from mus.ai.pettingzoo import env

    def reset_env() -> object:
        game = env(RULES, seed=1)
        game.reset()
        return game

    def seat_env() -> object:
        game = SeatEnv(RULES, seed=1)
        game.reset(seed=1)
        return game

    return {
        "mus.ai.action_ids.ActionIds": lambda: ActionIds(RULES),
        "mus.ai.checks.RulesBound": lambda: RulesBound(RULES),
        "mus.ai.encoding.Encoding": lambda: Encoding(RULES),
        "mus.ai.gym.SeatEnv": seat_env,
        "mus.ai.observations.Observer": lambda: Observer(RULES),
        "mus.ai.openspiel.MusGame": lambda: MusGame(RULES),
        "mus.ai.openspiel.MusState": lambda: MusGame(RULES).new_initial_state(5),
        "mus.ai.pettingzoo.MusEnv": reset_env,
    }


def _ai_calls() -> dict[str, Callable[[], Call]]:
    from mus.ai.encoding import Encoding
    from mus.ai.gym import SeatEnv
    from mus.ai.openspiel import MusGame
    from mus.ai.pettingzoo import env

    coding = Encoding(RULES)
    pass_id = coding.encode(mus.Pass(), STATE)
    first = MusGame(RULES).new_initial_state(5).legal_actions()[0]
    game = env(RULES, seed=1)
    game.reset()
    assert game.agent_selection is not None
    env_action = int(game.observe(game.agent_selection)["action_mask"].nonzero()[0][0])
    _, info = SeatEnv(RULES, seed=1).reset(seed=1)
    seat_action = int(info["action_mask"].nonzero()[0][0])
    ids = {
        "action_name": _kw(action_id=pass_id),
        "apply": _kw(state=STATE, action_id=pass_id),
        "decode": _kw(action_id=pass_id, state=STATE),
        "encode": _kw(action=mus.Pass(), state=STATE),
        "plain_action": _kw(index=pass_id),
    }
    observations = {
        "information_state_string": _kw(state=STATE, seat=0),
        "observation": _kw(state=STATE, seat=0),
    }
    return {
        **{f"mus.ai.action_ids.ActionIds.{method}": call for method, call in ids.items()},
        **{f"mus.ai.observations.Observer.{method}": call for method, call in observations.items()},
        **{f"mus.ai.encoding.Encoding.{method}": call for method, call in {**ids, **observations}.items()},
        "mus.ai.encoding.decode": _kw(action_id=pass_id, state=STATE, max_bet=11),
        "mus.ai.checks.hand_state": _kw(value=STATE),
        "mus.ai.checks.RulesBound.check": _kw(state=STATE),
        "mus.ai.checks.RulesBound.check_seat": _kw(state=STATE, seat=0),
        "mus.ai.pettingzoo.spaces_of": _kw(coding=coding),
        "mus.ai.require": _kw(package="numpy", what="mus.ai"),
        "mus.ai.rewards.zero_sum": _kw(gains=(2, -2), rules=RULES),
        "mus.ai.openspiel.MusState": lambda: ((), {"game": MusGame(RULES), "hand": STATE}),
        "mus.ai.openspiel.MusState.action_to_string": _kw(player=0, action=first),
        "mus.ai.openspiel.MusState.apply_action": _kw(action=first),
        "mus.ai.openspiel.MusState.player_return": _kw(player=0),
        "mus.ai.openspiel.MusGame.new_initial_state": _kw(seed=5),
        "mus.ai.gym.SeatEnv.step": _kw(action=seat_action),
        "mus.ai.gym.SeatEnv.reset": _kw(seed=3, options={"mano": 1}),
        "mus.ai.pettingzoo.MusEnv.step": _kw(action=env_action),
        "mus.ai.pettingzoo.MusEnv.reset": _kw(seed=3, options={"mano": 1}),
        "mus.ai.pettingzoo.MusEnv.agent_iter": _kw(max_iter=3),
        **{
            f"mus.ai.pettingzoo.MusEnv.{method}": _kw(agent="seat_0")
            for method in ("action_space", "observation_space", "observation_vector", "observe")
        },
    }


def _odds_calls() -> dict[str, Callable[[], Call]]:
    import numpy as np

    import mus.odds

    deals = [[0, 1, 2, 3], [4, 5, 6, 7]]
    result = mus.odds.odds("Ro Rc 7e 1b", mus.Rules(seats=2), samples=1_000)
    return {
        "mus.odds.equity.Odds": _fields(result),
        "mus.odds.batch.LanceTables": _kw(ranking=RULES.ranking),
        "mus.odds.batch.deal": _kw(count=10, rules=RULES, seed=1),
        "mus.odds.batch.deal_cards": _kw(count=10, seats=4, seed=1, hand=None, seat=0),
        "mus.odds.batch.en_paso_stones": lambda: ((), {"deals": deals, "rules": RULES, "mano": 0}),
        "mus.odds.batch.lance_keys": lambda: ((), {"lance": mus.Lance.GRANDE, "deals": deals, "rules": RULES}),
        "mus.odds.batch.lance_winners": lambda: (
            (),
            {"lance": mus.Lance.GRANDE, "deals": deals, "rules": RULES, "mano": 0},
        ),
        "mus.odds.batch.winners": lambda: ((), {"deals": deals, "rules": RULES, "mano": 0}),
        "mus.odds.batch.multisets": _kw(deals=[["Ro Rc 7e 1b", "Cc Co 5b 4e"]]),
        "mus.odds.batch.multisets_of_cards": _kw(cards=[[0, 1, 2, 3]]),
        "mus.odds.batch.multisets_of_positions": _kw(position=[0, 1, 2, 9]),
        "mus.odds.batch.shuffled_heads": lambda: (
            (),
            {"deck": np.arange(40, dtype=np.int8), "count": 3, "head": 8, "rng": np.random.default_rng(1)},
        ),
        "mus.odds.batch.seed_entropy": _kw(seed=1),
        "mus.odds.equity.odds": _kw(hand="Ro Rc 7e 1b", rules=RULES, seat=0, samples=2_000, seed=1, workers=1),
        "mus.odds.equity.equity_table": _kw(rules=mus.Rules(seats=2), seat=0, samples=1, seed=1, workers=1),
        "mus.odds.equity.write_csv": lambda: ((), {"table": [result], "file": io.StringIO()}),
        "mus.odds.parallel.check_workers": _kw(workers=2, backend="processes"),
        # id takes any task: the tasks replaced are checked by run_tasks, not by the function.
        "mus.odds.parallel.run_tasks": _kw(function=id, tasks=[-1, 2], workers=1, backend="processes", progress=None),
        "mus.odds.parallel.iter_tasks": _kw(function=id, tasks=[-1, 2], workers=1),
        "mus.odds.plot.plot": lambda: ((), {"result": result, "path": "odds.png"}),
    }


def _fields(value: Any) -> Callable[[], Call]:
    """A call of ``value``'s class rebuilding it: its fields as keywords."""
    if attrs.has(type(value)):
        return _kw(**{field.name: getattr(value, field.name) for field in attrs.fields(type(value)) if field.init})
    return _kw(**value._asdict())  # a NamedTuple


IPLAYED = individuel.play_hand(ISTATE, [individuel.SimplePlayer()] * 3)
IBETTING = next(
    state.betting
    for state in (individuel.replay(ISTATE.deal, IPLAYED.history[:n]) for n in range(len(IPLAYED.history)))
    if state.betting is not None
)

CALLS: dict[str, Callable[[], Call]] = {
    # records the engine builds, rebuilt field by field
    "mus.table.Betting": _fields(STATE.betting),
    "mus.table.Cards": _fields(STATE.cards),
    "mus.table.SeatView": _fields(STATE.view(0)),
    "mus.table.check_turn": _kw(view=STATE.view(0)),
    "mus.scoring.Count": _fields(COUNT),
    "mus.scoring.CountLine": _fields(COUNT.lines[0]),
    "mus.match.MatchView": _fields(MATCH.view(0)),
    "mus.individuel.state.HandState": _fields(ISTATE),
    "mus.individuel.state.SeatView": _fields(ISTATE.view(0)),
    "mus.individuel.table.Betting": _fields(IBETTING),
    "mus.individuel.table.LanceResult": _fields(IPLAYED.results[0]),
    "mus.individuel.table.Move": _fields(IPLAYED.moves[0]),
    # mus.cards, mus.hand, mus.ranking, mus.rules
    "mus.cards.Card.parse": _kw(text="Ro"),
    "mus.cards.Deck.parse": _kw(text="Ro Rc 7e"),
    "mus.cards.Rank": _pos(12),
    "mus.cards.Rank.parse": _kw(text="R"),
    "mus.cards.Suit": _pos("o"),
    "mus.cards.Suit.parse": _kw(text="o"),
    "mus.cards.parse_cards": _kw(text="Ro Rc"),
    "mus.cards.permutation": _kw(size=40, seed=1),
    "mus.cards.shuffle": _kw(cards=HAND.cards, seed=1),
    "mus.hand.Hand": _kw(cards="Ro Rc 7e 1b"),
    "mus.hand.Hand.parse": _kw(text="Ro Rc 7e 1b"),
    "mus.hand.Hand.replace": _kw(discards=HAND.cards[:1], drawn=(mus.Card.parse("2o"),)),
    "mus.ranking.Lance": _pos(0),
    "mus.ranking.Lance.parse": _kw(text="grande"),
    "mus.ranking.ParesKind": _pos(1),
    "mus.ranking.Pares": _kw(kind=mus.ParesKind.PAREJA, ranks=(mus.Rank.REY,)),
    "mus.ranking.Ranking": _kw(eight_kings=True, real_31=False),
    "mus.ranking.pares_of": _kw(ranks=(mus.Rank.REY, mus.Rank.REY, mus.Rank.AS, mus.Rank.SIETE)),
    "mus.ranking.played_as": _kw(rank=mus.Rank.TRES, eight_kings=True),
    "mus.ranking.real_31_ranks": _kw(ranks=(mus.Rank.REY, mus.Rank.REY, mus.Rank.SIETE, mus.Rank.CUATRO)),
    "mus.rules.Rules.evolve": _kw(target=30),
    "mus.rules.Rules.from_dict": _kw(data={"target": 30}),
    "mus.rules.Rules.preset": _kw(name="standard"),
    "mus.validators.ranks": _kw(value=[1, 7, 12]),
    "mus.validators.lances": _kw(value=["grande", "juego"]),
    "mus.rules.HouseRule.lance_key": _kw(lance=mus.Lance.GRANDE, ranks=(mus.Rank.REY,) * 4, key=3, rules=RULES),
    "mus.rules.HouseRule.bonus": _kw(lance=mus.Lance.PARES, hand=HAND, bonus=1, rules=RULES),
    "mus.rules.HouseRule.allows": _kw(state=STATE, action=mus.Pass()),
    # mus.checks, mus.errors
    "mus.checks.hand_arg": _kw(value=HAND),
    "mus.checks.hands_arg": _kw(value=HANDS, rules=RULES),
    "mus.checks.lance_arg": _kw(value=mus.Lance.PARES),
    "mus.checks.rules_arg": _kw(value=RULES),
    "mus.checks.seat_arg": _kw(value=2, rules=RULES),
    "mus.checks.seats_arg": _kw(value=(0, 2), rules=RULES),
    "mus.checks.whole": _kw(value=5, name="a stake", low=0, high=10),
    "mus.errors.quoted": _kw(value="Ro", limit=60),
    "mus.errors.type_name": _kw(value=3),
    "mus.checks.instance_arg": _kw(value=RULES, kind=mus.Rules, what="rules"),
    "mus.checks.label": _kw(name="a seat"),
    "mus.checks.numbers_arg": _kw(value=(3, 0), name="the scores", size=2, low=0, high=10),
    "mus.checks.text_arg": _kw(value="standard", name="a preset", limit=20),
    "mus.checks.index_arg": _kw(value=3, name="an action id", low=0, high=32),
    "mus.checks.real_arg": _kw(value=0.5, name="a share", low=0.0, high=1.0),
    "mus.checks.card_arg": _kw(value=mus.Card.parse("Ro"), name="a card"),
    # mus.lances, mus.senas, mus.actions, mus.legal, mus.scoring
    "mus.lances.compare": _kw(lance=mus.Lance.GRANDE, a=HANDS[0], b=HANDS[1], rules=RULES),
    "mus.senas.Sena": _pos("dos reyes"),
    "mus.senas.Sena.parse": _kw(text="dos reyes"),
    "mus.scoring.Outcome": _pos("accepted"),
    "mus.scoring.LanceResult": _kw(lance=mus.Lance.GRANDE, outcome=mus.Outcome.ACCEPTED, stake=2, seats=(0, 1)),
    "mus.scoring.count": _kw(hands=HANDS, results=(RESULT,), rules=RULES, mano=0, scores=(0, 0)),
    # mus.table, mus.state, mus.match
    "mus.table.HiddenDiscard": _kw(count=2),
    "mus.table.Phase": _pos("mus"),
    "mus.table.Deal": _fields(STATE.deal),
    "mus.match.MatchState": _fields(MATCH),
    "mus.individuel.session.Session": _fields(ISESSION),
    "mus.state.HandState.team_of": _kw(seat=2),
    "mus.match.apply": _kw(state=MATCH, action="mus", seat=0),
    "mus.match.apply_match": _kw(match=MATCH, action="mus", seat=0),
    "mus.match.replay_match": _kw(rules=RULES, seed=1, mano=0, actions=((0, mus.Mus()),)),
    "mus.match.score_text": _kw(stones=12, rules=RULES),
    "mus.reducer.apply": _kw(state=STATE, action="envido 5", seat=0),
    # mus.notation
    "mus.notation.histories.hand_from_data": lambda: ((), {"data": notation.histories.hand_data(STATE)}),
    "mus.notation.histories.hand_from_json": _kw(text=notation.hand_to_json(STATE)),
    "mus.notation.histories.load": _kw(text=GAME_TEXT),
    "mus.notation.histories.match_from_data": _kw(data=mus.data.to_data(MATCH)["history"]),
    "mus.notation.histories.match_from_json": _kw(text=notation.match_to_json(MATCH)),
    "mus.notation.histories.parse_hand": _kw(text=GAME_TEXT),
    "mus.notation.histories.parse_match": _kw(text=notation.format_match(MATCH)),
    "mus.notation.knobs.parse_rules": _kw(text=notation.knobs.rules_text(RULES)),
    "mus.notation.knobs.rules_from_data": _kw(data=notation.knobs.rules_data(RULES)),
    "mus.notation.lines.Lines": _kw(text=GAME_TEXT),
    "mus.notation.lines.Lines.comments_after": _kw(start=0, end=1),
    "mus.notation.lines.Lines.field": _kw(name="mus-hand"),
    "mus.notation.lines.Lines.actions": _kw(seats=4, limit=100),
    "mus.notation.lines.json_entries": _kw(actions=[[0, "mus"]], seats=4, limit=100),
    "mus.notation.lines.read_int": _kw(raw="12", what="a seed"),
    "mus.notation.lines.read_seed": _kw(raw="12"),
    "mus.notation.streams.read_line": lambda: ((), {"stream": io.StringIO("mus\n"), "limit": 100}),
    "mus.notation.streams.split_histories": lambda: ((), {"stream": io.StringIO(GAME_TEXT), "limit": 10**6}),
    # mus.data
    "mus.data.codecs.dumps": _kw(value=HAND),
    "mus.data.codecs.from_data": _kw(data=DATA_VIEW, kind=None),
    "mus.data.codecs.loads": _kw(text=mus.data.dumps(STATE), kind=None),
    "mus.data.codecs.to_data": _kw(value=STATE),
    "mus.data.public.replay_public": _kw(data=mus.data.public_hand(STATE, 3)),
    "mus.data.individuel_public.replay_individuel": _kw(data=mus.data.public_hand(ISTATE, 1)),
    "mus.data.individuel.read_individuel_rules": _kw(value=mus.data.individuel.individuel_knobs(IRULES), where="x"),
    "mus.data.individuel.read_individuel_view": _kw(
        value=mus.data.individuel.individuel_view_data(ISTATE.view(0)), where="view", rules=None
    ),
    "mus.data.reading.read_action": _kw(value="bet 5", where="here"),
    "mus.data.reading.read_bool": _kw(value=True, where="here"),
    "mus.data.reading.read_card": _kw(value="Ro", where="here"),
    "mus.data.reading.read_enum": _kw(kind=mus.Lance, value="grande", where="here"),
    "mus.data.reading.read_hand": _kw(value="Ro Rc 7e 1b", where="here"),
    "mus.data.reading.read_list": _kw(value=[1, 2], where="here", size=2),
    "mus.data.reading.read_number": _kw(value=4, where="here", low=0, high=10),
    "mus.data.reading.read_object": _kw(data={"text": "Ro"}, where="here", keys=("text",), optional=()),
    "mus.data.reading.read_scores": _kw(value=[1, 2], where="here", sides=2),
    "mus.data.reading.read_seats": _kw(value=[0, 2], where="here", rules=RULES),
    "mus.data.steps.merged": _kw(
        data={"start": {"history": [], "to_act": 0}, "steps": [{"entries": [[0, "mus"]], "to_act": 1}]},
        where="hand",
        keys=("history", "to_act"),
        step_keys=("entries", "to_act"),
    ),
    "mus.data.steps.steps_of": _kw(views=[DATA_VIEW, mus.data.to_data(mus.apply(STATE, "pass").view(0))]),
    "mus.data.views.as_lists": _kw(value=((1, 2), (3,))),
    "mus.data.views.betting_data": _kw(betting=BETTING),
    "mus.data.views.count_data": _kw(count=COUNT),
    "mus.data.views.count_line_data": _kw(line=COUNT.lines[0]),
    "mus.data.views.legal_data": _kw(legal=STATE.legal_actions()),
    "mus.data.views.match_view_data": _kw(view=MATCH.view(0)),
    "mus.data.views.read_betting": _kw(value=mus.data.views.betting_data(BETTING), where="b", rules=None),
    "mus.data.views.read_count": _kw(value=mus.data.views.count_data(COUNT), where="c", rules=None),
    "mus.data.views.read_count_line": _kw(value=mus.data.views.count_line_data(COUNT.lines[0]), where="c", rules=None),
    "mus.data.views.read_lance_result": _kw(value=mus.data.views.lance_result_data(RESULT), where="r", rules=None),
    "mus.data.views.read_legal": _kw(value=mus.data.views.legal_data(STATE.legal_actions()), where="l"),
    "mus.data.views.read_match_view": _kw(value=mus.data.views.match_view_data(MATCH.view(0)), where="m"),
    "mus.data.views.read_rules": _kw(value=mus.data.views.rules_knobs(RULES), where="r"),
    "mus.data.views.read_seat_view": _kw(value=mus.data.views.seat_view_data(STATE.view(0)), where="v", rules=None),
    # mus.bots
    "mus.bots.play_hand": _kw(state=STATE, bots=[mus.bots.RandomBot(1)] * 4, limit=10_000),
    "mus.bots.play_match": _kw(match=MATCH, bots=[mus.bots.HeuristicBot()] * 4, limit=1_000_000),
    # mus.individuel
    "mus.individuel.bots.play_hand": _kw(state=ISTATE, players=[individuel.SimplePlayer()] * 3),
    "mus.individuel.bots.play_session": _kw(session=ISESSION, players=[individuel.RandomPlayer(1)] * 3, max_hands=50),
    "mus.individuel.notation.hand_from_json": _kw(text=individuel.hand_to_json(ISTATE)),
    "mus.individuel.notation.parse_hand": _kw(text=individuel.format_hand(ISTATE)),
    "mus.individuel.notation.parse_rules": _kw(text=individuel.notation.rules_text(IRULES)),
    "mus.individuel.notation.parse_session": _kw(text=individuel.format_session(ISESSION)),
    "mus.individuel.notation.session_from_json": _kw(text=individuel.session_to_json(ISESSION)),
    "mus.individuel.reducer.apply": _kw(state=ISTATE, action=ISTATE.legal_actions()[0], seat=0),
    "mus.individuel.session.apply_session": _kw(session=ISESSION, action=ISESSION.legal_actions()[0], seat=0),
    "mus.individuel.rules.IndividuelRules.evolve": _kw(players=4),
    "mus.individuel.rules.rules_arg": _kw(value=IRULES),
    "mus.individuel.rules.IndividuelRules.from_dict": _kw(data={"players": 4}),
    "mus.individuel.rules.IndividuelRules.preset": _kw(name=sorted(individuel.PRESETS)[0]),
    "mus.individuel.table.Outcome": _pos("accepted"),
    "mus.individuel.state.HandState.shown": _kw(seat=1),
    "mus.individuel.scoring.best": _kw(lance=mus.Lance.GRANDE, hands=IHANDS, seats=(0, 1, 2), rules=IRULES),
    "mus.individuel.scoring.worst": _kw(lance=mus.Lance.GRANDE, hands=IHANDS, seats=(0, 1, 2), rules=IRULES),
    "mus.individuel.scoring.keys": _kw(rules=IRULES),
    "mus.individuel.table.Deal": _fields(ISTATE.deal),
    # mus.actions
    "mus.actions.Bet": _kw(stones=5),
    "mus.actions.Declare": _kw(lance=mus.Lance.PARES, has=True),
    "mus.actions.Discard": _kw(cards="Ro"),
    "mus.actions.Discard.parse": _kw(text="Ro 7e"),
    "mus.actions.MusVisto": _kw(card="Ro"),
    "mus.actions.MusVisto.parse": _kw(text="Ro"),
    "mus.actions.Signal": _kw(sena="dos reyes"),
    "mus.actions.parse_action": _kw(text="envido 5", answering=False),
    "mus.actions.words_of": _kw(text="envido 5", action=mus.Bet(5)),
    "mus.cards.Deck.deal": _kw(count=4),
    "mus.data.reading.build": _pos("here", mus.Bet, 5),
    "mus.data.reading.maybe": _kw(read=mus.data.reading.read_card, value="Ro", where="here"),
    "mus.data.reading.read_canonical": _kw(read=mus.Card.parse, value="Ro", where="here"),
    "mus.data.reading.read_cards": _kw(value=["Ro", "Rc"], where="here"),
    **(_odds_calls() if HAS_NUMPY else {}),
    **(_ai_calls() if HAS_AI else {}),
    **hostile_more.CALLS,
}
"""The valid calls that :data:`SAMPLES` cannot build: positional and keyword arguments."""

INSTANCES: dict[str, Callable[[], object]] = {
    "mus.cards.Deck": mus.Deck,
    "mus.hand.Hand": lambda: HAND,
    "mus.rules.Rules": lambda: RULES,
    "mus.rules.HouseRule": mus.HouseRule,
    "mus.senas.Sena": lambda: mus.Sena.DOS_REYES,
    "mus.state.HandState": lambda: STATE,
    "mus.match.MatchState": lambda: MATCH,
    "mus.notation.lines.Lines": lambda: notation.lines.Lines(GAME_TEXT),
    "mus.bots.RandomBot": lambda: mus.bots.RandomBot(1),
    "mus.bots.HeuristicBot": mus.bots.HeuristicBot,
    "mus.individuel.rules.IndividuelRules": lambda: IRULES,
    "mus.individuel.state.HandState": lambda: ISTATE,
    "mus.individuel.session.Session": lambda: ISESSION,
    "mus.individuel.bots.RandomPlayer": lambda: individuel.RandomPlayer(1),
    "mus.individuel.bots.SimplePlayer": individuel.SimplePlayer,
    **(
        {"mus.odds.equity.Odds": lambda: mus.odds.odds("Ro Rc 7e 1b", mus.Rules(seats=2), samples=1_000)}
        if HAS_NUMPY
        else {}
    ),
    **(_ai_instances() if HAS_AI else {}),
    **hostile_more.INSTANCES,
}
"""An instance of each public class with public methods, by qualified class name."""
