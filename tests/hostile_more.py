"""The valid calls of the hostile-value table for the modules merged after it was
written (``tests/hostile_calls.py`` holds the rest): mus.i18n, mus.tournament,
mus.notation.checking, mus.determinize, mus.rules' house rules, and, with the numpy
extra, mus.batch, mus.advise and mus.odds.situation; with the AI extra, mus.ai.chance
and mus.ai.vector."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import attrs

import mus
from hostile_flags import HAS_AI, HAS_NUMPY, HAS_SPIEL
from mus import notation

Call = tuple[tuple[Any, ...], dict[str, Any]]

RULES = mus.Rules()
STATE = mus.apply(mus.new_hand(RULES, seed=1), "no-mus")
GAME_TEXT = notation.format_hand(STATE)
MATCH_TEXT = notation.format_match(mus.apply(mus.new_match(RULES, seed=1), "no-mus"))


def _kw(**kwargs: Any) -> Callable[[], Call]:
    return lambda: ((), kwargs)


def _fields(value: Any) -> Callable[[], Call]:
    if attrs.has(type(value)):
        return _kw(**{field.name: getattr(value, field.name) for field in attrs.fields(type(value)) if field.init})
    return _kw(**value._asdict())  # a NamedTuple


def _written_history() -> Call:
    # Called in the test's scratch directory: the history written there is read back.
    with open("hand.mus", "w", encoding="utf-8") as file:
        file.write(GAME_TEXT)
    return (), {"path": "hand.mus"}


def _core_calls() -> dict[str, Callable[[], Call]]:
    from mus import determinize, i18n, tournament
    from mus.notation import checking

    result = tournament.tournament(["random", "heuristic"], RULES, games=2, seed=1)
    checked = checking.check_text(GAME_TEXT, "hand.mus")
    sample = determinize.sample(STATE, 0, seed=1)
    drawn = mus.apply(mus.apply(mus.new_hand(RULES, seed=3), "mus"), "mus")
    drawn = mus.apply(mus.apply(drawn, "mus"), "mus")
    po = i18n.format_po("es", [i18n.Entry("yes")], {})
    return {
        "mus.i18n.Entry": _kw(msgid="yes", msgstr=("sí",)),
        "mus.i18n.N_": _kw(message="yes"),
        "mus.i18n.and_list": _kw(items=["a", "b", "c"]),
        "mus.i18n.compile_mo": _kw(text=po),
        "mus.i18n.format_po": _kw(code="es", entries=[i18n.Entry("yes")], translations={}),
        "mus.i18n.gettext": _kw(message="yes"),
        "mus.i18n.language": _kw(code="es"),
        "mus.i18n.ngettext": _kw(singular="a stone", plural="stones", n=2),
        "mus.i18n.number_word": _kw(n=3),
        "mus.i18n.outcome_name": _kw(outcome=mus.Outcome.ACCEPTED),
        "mus.i18n.pgettext": _kw(context="lance", message="grande"),
        "mus.i18n.read_po": _kw(text=po),
        "mus.i18n.set_language": _kw(code="en"),
        "mus.loading.load_module": _kw(source="json", what="code"),
        "mus.tournament.wilson": _kw(wins=3, games=10),
        "mus.tournament.bot_factory": _kw(spec="heuristic"),
        "mus.tournament.tournament": _kw(bots=["random", "heuristic"], rules=RULES, games=2, seed=1, workers=1),
        "mus.tournament.TournamentResult": _fields(result),
        "mus.tournament.Standing": _fields(result.standings[0]),
        "mus.tournament.Pairing": _fields(result.pairings[0]),
        "mus.tournament.Rating": _fields(result.ratings[0]),
        "mus.tournament.bradley_terry": _kw(wins=[[0, 3], [1, 0]], z=1.96),
        "mus.notation.checking.check_text": _kw(text=GAME_TEXT, source="hand.mus", line=1),
        "mus.notation.checking.check_stream": lambda: ((), {"stream": io.StringIO(GAME_TEXT), "source": "-"}),
        "mus.notation.checking.history_texts": lambda: ((), {"stream": io.StringIO(GAME_TEXT)}),
        "mus.notation.checking.CheckResult": _fields(checked),
        "mus.notation.checking.HandOutcome": _fields(checked.hands[0]),
        "mus.notation.histories.read_record": _kw(text=GAME_TEXT),
        "mus.notation.histories.read_match": _kw(text=MATCH_TEXT, rules=RULES),
        "mus.notation.reading.first_line": _kw(text=GAME_TEXT),
        "mus.notation.lines.Lines.placed_comments": _kw(start=0, end=1),
        "mus.notation.lines.Lines.numbered_comments": _kw(start=0, end=1),
        "mus.notation.streams.numbered_histories": lambda: ((), {"stream": io.StringIO(GAME_TEXT)}),
        "mus.determinize.Sample": _fields(sample),
        "mus.determinize.Exchange": _fields(determinize.exchange(drawn, 0, drawn.legal_actions()[0])),
        "mus.rules.house_rules_in": _kw(source="json"),
        "mus.rules.load_house_rules": _kw(source="json"),
        "mus.notation.checking.check_file": _written_history,
        "mus.table.Deal.reshuffled": _kw(cards=STATE.deal.hands[0].cards, number=1),
    }


INSTANCES: dict[str, Callable[[], object]] = {}
CALLS: dict[str, Callable[[], Call]] = {}


def _core_instances() -> dict[str, Callable[[], object]]:
    from mus import tournament
    from mus.notation import checking

    result = tournament.tournament(["random", "heuristic"], RULES, games=2, seed=1)
    checked = checking.check_text(GAME_TEXT, "hand.mus")
    return {
        "mus.tournament.TournamentResult": lambda: result,
        "mus.tournament.Standing": lambda: result.standings[0],
        "mus.tournament.Rating": lambda: result.ratings[0],
        "mus.notation.checking.CheckResult": lambda: checked,
        "mus.table.Deal": lambda: STATE.deal,
    }


CALLS.update(_core_calls())
INSTANCES.update(_core_instances())


def _numpy_calls() -> dict[str, Callable[[], Call]]:
    import numpy as np

    from mus import advise, batch

    advice = advise.advise("Ro Rc 7e 1b", RULES, samples=200, seed=1)
    fresh = batch.Batch(RULES, seeds=[1, 2])
    first = fresh.legal_mask().argmax(axis=1)
    played = batch.Batch(RULES, seeds=[1, 2])
    played.play(seed=1)
    return {
        "mus.advise.advice.Advice": _fields(advice),
        "mus.advise.advice.Option": _fields(advice.options[0]),
        "mus.advise.advice.Advice.option": _kw(action=advice.options[0].action),
        "mus.advise.advisor.game_chance": _kw(ours=10, theirs=20, target=40),
        "mus.advise.advisor.AdvisorBot.choose": _kw(view=STATE.view(0)),
        "mus.advise.advisor.AdvisorBot.known": _kw(view=STATE.view(0)),
        "mus.batch.engine.Batch": _kw(rules=RULES, seeds=[1, 2], mano=1, max_bet=11),
        "mus.batch.engine.Batch.hand": _kw(i=0, seat=0),
        "mus.batch.engine.Batch.history": _kw(i=0),
        "mus.batch.engine.Batch.state": _kw(i=0),
        "mus.batch.engine.Batch.play": _kw(policy="random", seed=1),
        "mus.batch.engine.Batch.random_actions": lambda: ((), {"generator": np.random.default_rng(1)}),
        "mus.batch.engine.Batch.redeal": _kw(rows=[0], seeds=[5], mano=0),
        "mus.batch.engine.Batch.step": _kw(actions=first),
        "mus.batch.engine.decode": _kw(action_id=batch.PASS, state=STATE),
        "mus.batch.ids.action_name": _kw(action_id=batch.PASS),
        "mus.batch.observe.observe": lambda: ((), {"batch": batch.Batch(RULES, seeds=[1, 2]), "seat": 0}),
        "mus.batch.observe.observation": lambda: ((), {"batch": batch.Batch(RULES, seeds=[1, 2]), "seat": 1}),
        "mus.batch.simulate.Results": lambda: ((), {"batch": played}),
        "mus.batch.simulate.Results.history": _kw(i=0),
        "mus.batch.simulate.Results.state": _kw(i=0),
        "mus.batch.simulate.dealt": _kw(rules=RULES, n=3, seed=1),
        "mus.batch.simulate.simulate": _kw(rules=RULES, n=4, seed=1, policy="random", max_bet=11),
        "mus.batch.tables.Tables": _kw(rules=RULES, max_bet=11),
        "mus.batch.tables.max_bet_arg": _kw(max_bet=11),
        "mus.batch.tables.array_arg": _kw(value=[[1, 0]], what="masks", dtype=bool),
        "mus.odds.situation.hand_of": _kw(multiset=0),
        "mus.odds.situation.rank_position": _kw(card=mus.Card.parse("Ro")),
    }


def _numpy_instances() -> dict[str, Callable[[], object]]:
    from mus import advise, batch
    from mus.batch.heuristic import HeuristicPolicy

    advice = advise.advise("Ro Rc 7e 1b", RULES, samples=200, seed=1)
    results = batch.simulate(RULES, 2, seed=1)
    return {
        "mus.advise.advice.Advice": lambda: advice,
        "mus.advise.advice.Option": lambda: advice.options[0],
        "mus.advise.advisor.AdvisorBot": lambda: advise.AdvisorBot(1, samples=100),
        "mus.advise.planner.PlannerBot": lambda: advise.PlannerBot(1, samples=100, worlds=4),
        "mus.batch.engine.Batch": lambda: batch.Batch(RULES, seeds=[1, 2]),
        "mus.batch.simulate.Results": lambda: results,
        "mus.batch.heuristic.HeuristicPolicy": lambda: HeuristicPolicy(RULES),
    }


def _ai_calls() -> dict[str, Callable[[], Call]]:
    import numpy as np

    import mus.bots
    from mus.ai.encoding import Encoding
    from mus.ai.openspiel import MusGame
    from mus.ai.pettingzoo import env as zoo_env
    from mus.ai.seeding import generator_state
    from mus.ai.vector import VectorSeatEnv
    from mus.batch.heuristic import HeuristicPolicy

    env = VectorSeatEnv(2, RULES, seed=1)
    env.reset(seed=1)
    return {
        "mus.ai.pettingzoo.MusEnv.last": _kw(observe=True),
        "mus.ai.tracking.ObservationTracker": _kw(observer=Encoding(RULES)),
        "mus.ai.tracking.ObservationTracker.observation": _kw(state=STATE, seat=0),
        "mus.ai.openspiel.MusGame": _kw(rules=RULES, seed=1),
        "mus.ai.openspiel.MusGame.state_of": _kw(hand=STATE),
        "mus.ai.openspiel.MusGame.set_rng_state": _kw(text=MusGame(RULES, seed=1).get_rng_state()),
        "mus.ai.suits.ranks_only": _kw(text="dealt Ro 7e 1b 1c"),
        "mus.ai.parameters.game_arguments": _kw(params={"preset": "mini"}),
        "mus.ai.checks.signals_in_turn": _kw(hand=STATE),
        "mus.ai.seeding.generator_state": _kw(rng=random.Random(1)),
        "mus.ai.seeding.set_generator_state": _kw(rng=random.Random(1), text=generator_state(random.Random(2))),
        "mus.ai.openspiel.MusState.resample_from_infostate": _kw(player=0),
        "mus.ai.vector.VectorSeatEnv": _kw(num_envs=2, rules=RULES, seed=1),
        "mus.ai.vector.VectorSeatEnv.reset": _kw(seed=1),
        "mus.ai.vector.VectorSeatEnv.state": _kw(i=0),
        "mus.ai.vector.VectorSeatEnv.step": _kw(actions=env.action_masks().argmax(axis=1)),
        "mus.ai.action_ids.ActionIds.view_action": _kw(action_id=17, view=STATE.view(0)),
        "mus.ai.encoding.Encoding.view_action": _kw(action_id=17, view=STATE.view(0)),
        "mus.ai.players.NetworkPolicy": _kw(layers=[(np.zeros((192, 33)), np.zeros(33))], greedy=False, seed=1),
        "mus.ai.players.NetworkPolicy.act": _kw(observations=np.zeros((1, 192)), masks=np.ones((1, 33), bool)),
        "mus.ai.players.NetworkPolicy.logits": _kw(observations=np.zeros((1, 192))),
        "mus.ai.players.NetworkPolicy.save": _kw(path="policy.npz"),
        "mus.ai.players.PolicyBot": _kw(policy=HeuristicPolicy(RULES), max_bet=11),
        "mus.ai.players.PolicyBot.choose": _kw(view=STATE.view(0)),
        "mus.ai.players.load_policy": lambda: ((), {"path": _saved_policy(), "seed": 1}),
        "mus.ai.players.zoo_policy": lambda: ((), {"bot": mus.bots.HeuristicBot(), "env": zoo_env(seed=1)}),
        "mus.batch.heuristic.HeuristicPolicy.act": _kw(observations=np.zeros((1, 192)), masks=np.ones((1, 33), bool)),
    }


class _Uniform:
    """A policy in OpenSpiel's sense: every legal id alike."""

    def action_probabilities(self, state: Any, player_id: int | None = None) -> dict[int, float]:
        legal = state.legal_actions(player_id)
        return {action: 1 / len(legal) for action in legal}


def _spiel_calls() -> dict[str, Callable[[], Call]]:
    import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]

    import mus.ai.openspiel

    game = pyspiel.load_game("python_mus", {"preset": "mini"})
    return {
        "mus.ai.exact.bot_policy": _kw(game=game, bot=mus.bots.HeuristicBot()),
        "mus.ai.exact.tabular_policy": _kw(game=game, bot=mus.bots.HeuristicBot()),
        "mus.ai.exact.best_response_value": _kw(game=game, policy=_Uniform(), seat=0),
        "mus.ai.exact.exploitability": _kw(game=game, policy=_Uniform()),
        "mus.ai.exact.tree_size": _kw(game=game),
        "mus.ai.players.spiel_bot": _kw(bot=mus.bots.HeuristicBot(), player=0, max_bet=11),
    }


def _saved_policy() -> str:
    """A policy file, written in the test's scratch directory (the hostile tests run there)."""
    import numpy as np

    from mus.ai.players import NetworkPolicy

    NetworkPolicy([(np.zeros((192, 33)), np.zeros(33))]).save("saved.npz")
    return "saved.npz"


def _ai_instances() -> dict[str, Callable[[], object]]:
    import numpy as np

    from mus.ai.encoding import Encoding
    from mus.ai.players import NetworkPolicy, PolicyBot
    from mus.ai.tracking import ObservationTracker
    from mus.ai.vector import VectorSeatEnv
    from mus.batch.heuristic import HeuristicPolicy

    def vector_env() -> object:
        env = VectorSeatEnv(2, RULES, seed=1)
        env.reset(seed=1)
        return env

    return {
        "mus.ai.players.NetworkPolicy": lambda: NetworkPolicy([(np.ones((192, 33)), np.zeros(33))]),
        "mus.ai.players.PolicyBot": lambda: PolicyBot(HeuristicPolicy(RULES)),
        "mus.ai.vector.VectorSeatEnv": vector_env,
        "mus.ai.tracking.ObservationTracker": lambda: ObservationTracker(Encoding(RULES)),
    }


def _data_calls() -> dict[str, Callable[[], Call]]:
    match = mus.new_match(RULES, seed=1)
    return {
        "mus.data.views.read_entries": _kw(value=[[0, "no-mus"], [1, "discard 2 cards"]], where="v", rules=RULES),
        "mus.data.whole.check_match_view": _kw(view=match.view(0), where="m"),
        "mus.data.replaying.said": _kw(value=(8, 7, 9)),
    }


CALLS.update(_data_calls())
if HAS_NUMPY:
    CALLS.update(_numpy_calls())
    INSTANCES.update(_numpy_instances())
if HAS_AI:
    CALLS.update(_ai_calls())
    INSTANCES.update(_ai_instances())
if HAS_SPIEL:
    CALLS.update(_spiel_calls())
