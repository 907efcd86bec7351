"""mus.ai: action ids, masks, observations, rewards and the three environments."""

from __future__ import annotations

import ast
import graphlib
import itertools
import pathlib
import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import mus  # noqa: E402
import mus.ai  # noqa: E402
from mus.ai import action_ids, observations, rewards, seeding  # noqa: E402
from mus.ai import encoding as coding  # noqa: E402
from mus.ai.encoding import Encoding, credited, encoding_for, returns  # noqa: E402
from mus.ai.gym import SeatEnv  # noqa: E402
from mus.ai.openspiel import TERMINAL, MusGame  # noqa: E402
from mus.ai.pettingzoo import env, raw_env  # noqa: E402

PRESETS = ["standard", "declared", "heads-up", "six", "individual-3", "federation", "max-bet-40", "mini", "small"]
RULES = [mus.Rules.preset(name) for name in PRESETS] + [
    mus.Rules(max_bet=5),  # a cap below the encoding's: bets above 5 masked out
    mus.Rules(senas=True, mus_visto="servido"),
]


def random_states(
    rules: mus.Rules, hands: int, seed: int = 0, scores: tuple[int, ...] | None = None
) -> list[mus.HandState]:
    """Every state of ``hands`` random hands, picked uniformly among legal ids."""
    enc = encoding_for(rules)
    rng = random.Random(seed)
    states = []
    for number in range(hands):
        state = mus.new_hand(rules, seed=seed * 1000 + number, mano=number % rules.seats, scores=scores)
        while state.to_act is not None:
            states.append(state)
            legal = enc.legal_actions(state)
            state = mus.apply(state, enc.decode(rng.choice(legal), state))
        states.append(state)
    return states


def candidates(enc: Encoding, state: mus.HandState) -> list[mus.Action | None]:
    """The action each id names in ``state``, built without the encoding's decoder."""
    listed: list[mus.Action | None] = [mus.Mus(), mus.NoMus()]
    hand = state.hands[state.to_act].cards if state.to_act is not None else None
    for bits in range(1, 16):
        positions = [i for i in range(4) if bits >> i & 1]
        listed.append(mus.Discard([hand[i] for i in positions]) if hand else None)
    listed += [mus.Pass(), mus.Accept(), mus.Fold(), mus.Ordago()]
    lance = state.lance
    if lance in (mus.Lance.PARES, mus.Lance.JUEGO):
        listed += [mus.Declare(lance, False), mus.Declare(lance, True)]
    else:
        listed += [None, None]
    listed += [mus.Bet(stones) for stones in range(2, enc.max_bet + 1)]
    if enc.rules.senas:  # the señas, made by the seat to act
        listed += [mus.Signal(sena) for sena in mus.Sena]
    assert len(listed) == enc.num_actions
    return listed


# --- import hygiene -------------------------------------------------------------------


def test_import_mus_does_not_import_the_extra() -> None:
    code = (
        "import sys, mus; print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'mus.ai') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_import_without_the_extra_names_it() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import mus\n"
        "try:\n    import mus.ai\nexcept mus.MusError as error:\n    print(type(error).__name__, error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "MissingExtraError mus.ai needs numpy: pip install 'mus-rules[ai]'"


def test_ai_modules_import_downward_and_no_private_names() -> None:
    # Every import counts, wherever it stands (under TYPE_CHECKING, in a function).
    folder = pathlib.Path(coding.__file__).parent
    modules = {"mus.ai" if path.stem == "__init__" else f"mus.ai.{path.stem}": path for path in folder.glob("*.py")}
    edges: dict[str, set[str]] = {name: set() for name in modules}
    private: list[str] = []
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [(alias.name, "") for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0 and node.module, f"{name} imports relatively"
                targets = [(node.module, alias.name) for alias in node.names]
            else:
                continue
            for module, imported in targets:
                if f"{module}.{imported}" in modules:  # from mus.ai import encoding
                    module = f"{module}.{imported}"
                elif imported.startswith("_") and module in modules:
                    private.append(f"{name} imports {module}.{imported}")
                if module in modules and module != name:
                    edges[name].add(module)
    assert private == []
    order = list(graphlib.TopologicalSorter(edges).static_order())  # CycleError on a circle
    assert order.index("mus.ai.checks") < order.index("mus.ai.action_ids") < order.index("mus.ai.encoding")
    assert order.index("mus.ai.observations") < order.index("mus.ai.encoding") < order.index("mus.ai")


def test_encoding_still_offers_the_names_its_parts_define() -> None:
    # Where each name of mus.ai.encoding went; the old spelling must stay the same object.
    moved = {
        action_ids: "Mask",
        observations: "Vector",
        rewards: "credited returns zero_sum",
        seeding: "generator",
    }
    for part, names in moved.items():
        for name in names.split():
            assert getattr(coding, name) is getattr(part, name), name
    assert issubclass(Encoding, action_ids.ActionIds) and issubclass(Encoding, observations.Observer)
    assert {*coding.__all__} >= {"Encoding", "encoding_for", "encode", "decode", "generator", "credited", "returns"}


def test_the_action_ids_have_one_home() -> None:
    # mus.batch.ids defines the ids; mus.ai and mus.batch offer them; the submodules of
    # mus.ai that offered them until 0.2.0 still do, with a warning.
    import mus.batch
    from mus.batch import ids

    assert ids.__all__ and set(ids.__all__) <= set(mus.ai.__all__) & set(mus.batch.__all__)
    for name in ids.__all__:
        assert getattr(mus.ai, name) is getattr(mus.batch, name) is getattr(ids, name)
        for module in (action_ids, coding):
            assert name not in module.__all__
            with pytest.warns(
                DeprecationWarning, match=rf"{module.__name__}\.{name} moved to mus\.batch\.ids\.{name};"
            ):
                assert getattr(module, name) is getattr(ids, name)
    with pytest.raises(AttributeError, match="no attribute 'NOPE'"):
        action_ids.NOPE  # noqa: B018


# --- actions and masks ----------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES, ids=[*PRESETS, "max_bet=5", "senas"])
def test_mask_is_the_engines_legal_set_and_ids_round_trip(rules: mus.Rules) -> None:
    enc = encoding_for(rules)
    for state in random_states(rules, 25):
        mask = enc.legal_action_mask(state)
        assert mask.dtype == np.int8 and mask.shape == (enc.num_actions,)
        if state.to_act is None:
            assert not mask.any()
            continue
        for action_id, action in enumerate(candidates(enc, state)):
            legal = action is not None and state.is_legal(action)
            assert bool(mask[action_id]) == legal, (state, action_id, action)
            if legal:
                assert action is not None
                assert enc.decode(action_id, state) == action
                assert enc.encode(action, state) == action_id
            else:
                with pytest.raises(mus.IllegalActionError):
                    enc.decode(action_id, state)
        # Every listed engine action (bets up to the encodable cap) has a legal id.
        for action in state.legal_actions():
            assert mask[enc.encode(action, state)]
        assert mask.any()


def test_bad_ids_and_unencodable_actions_raise_illegal_action_errors() -> None:
    state = mus.apply(mus.new_hand(seed=1), "no-mus")
    enc = encoding_for()
    for bad in (-1, enc.num_actions, 1.5, "17", True, None):
        with pytest.raises(mus.IllegalActionError):
            enc.decode(bad, state)  # type: ignore[arg-type]
    assert enc.decode(np.int64(17), state) == mus.Pass()
    for action in (mus.Bet(enc.max_bet + 1), mus.TeamFold(), mus.Signal("duples"), mus.MusVisto("Ro")):
        with pytest.raises(mus.IllegalActionError, match="no action id"):
            enc.encode(action, state)
    with pytest.raises(mus.RulesError):
        Encoding(mus.Rules(), max_bet=2000)


def test_bad_seats_and_states_raise_the_librarys_errors() -> None:
    state = mus.new_hand(seed=1)
    enc = encoding_for()
    for seat in (-1, 4, True, 1.0, "0", None):
        for read in (enc.observation, enc.information_state_string):
            with pytest.raises(mus.MusError, match="a seat is a whole number from 0 to 3"):
                read(state, seat)  # type: ignore[arg-type]
    for bad in (None, "state", mus.new_hand(seed=1).deal):
        with pytest.raises(mus.MusError, match="reads a HandState"):
            enc.observation(bad, 0)  # type: ignore[arg-type]
        with pytest.raises(mus.MusError, match="reads a HandState"):
            enc.legal_action_mask(bad)  # type: ignore[arg-type]
    six = mus.new_hand(mus.Rules.preset("six"), seed=1)
    with pytest.raises(mus.RulesError, match="other rules"):
        enc.observation(six, 0)
    with pytest.raises(mus.RulesError, match="other rules"):
        enc.legal_action_mask(six)
    # Equal rules built apart are the same rules.
    assert enc.observation(mus.new_hand(mus.Rules(), seed=1), 0).tolist() == enc.observation(state, 0).tolist()


def test_masks_are_read_only_and_shared() -> None:
    state = mus.new_hand(seed=1)
    mask = coding.legal_action_mask(state)
    with pytest.raises(ValueError):
        mask[0] = 0
    assert coding.legal_action_mask(mus.new_hand(seed=2)) is mask


# --- observations ---------------------------------------------------------------------

HANDS = ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]
SHUFFLED = ["Ro Rc 7e 1b", "3b 2e 1o 4c", "Cc Co 5b 4e", "Se 6c 5o 1c"]  # seat 0's cards alone kept


def test_layout_covers_the_vector_and_values_stay_in_the_unit_interval() -> None:
    for rules in RULES:
        enc = encoding_for(rules)
        offsets = sorted(enc.layout.values())
        assert offsets[0][0] == 0 and sum(size for _, size in offsets) == enc.observation_size
        assert all(a + size == b for (a, size), (b, _) in itertools.pairwise(offsets))
        for state in random_states(rules, 5, seed=3):
            for seat in range(rules.seats):
                vector = enc.observation(state, seat)
                assert vector.dtype == np.float32 and vector.shape == (enc.observation_size,)
                assert vector.min() >= 0.0 and vector.max() <= 1.0


def reference_observation(enc: Encoding, state: mus.HandState, seat: int) -> list[float]:
    """The observation the module's docstring describes, read off the state and its
    whole history with no cache: the oracle for the encoder's cached, incremental one."""
    rules, target = state.rules, state.rules.target
    n, k = rules.seats, rules.teams
    vector = [0.0] * enc.observation_size
    team = rules.team_of[seat]

    def put(part: str, index: int, value: float = 1.0) -> None:
        start, size = enc.layout[part]
        assert 0 <= index < size
        vector[start + index] = value

    def rel(other: int) -> int:
        return (other - seat) % n

    def side(other_side: int) -> int:
        return (other_side - team) % k

    for card in state.hands[seat].cards:
        put("hand", card.index)
    for card in state.pending[seat]:
        put("pending", card.index)
    put("phase", list(mus.Phase).index(state.phase))
    put("mano", rel(state.mano))
    for other in range(n):
        if rules.team_of[other] == team:
            put("own_side", rel(other))
    if state.to_act is not None:
        put("to_act", rel(state.to_act))
    for index, score in enumerate(state.scores):
        put("scores", side(index), min(score, target) / target)
    betting = state.betting
    if betting is not None:
        put("lance", betting.lance)
        if betting.bets:
            put("stake", 0, min(betting.stake, target) / target)
            put("previous", 0, min(betting.previous, target) / target)
            put("bets", 0, min(betting.bets, 10) / 10)
            put("ordago", 0, float(betting.ordago))
            if betting.bettor is not None:
                put("bettor", rel(betting.bettor))
        if state.phase is mus.Phase.BETTING:
            for other in betting.seats:
                put("in_lance", rel(other))
        for other in betting.folded:
            put("folded", rel(other))
        for other in betting.accepted:
            put("accepted", rel(other))
    latest: dict[int, int] = {}
    discards = 0
    for who, action in state.history:
        if isinstance(action, mus.Declare):
            name = ("pares_" if action.lance is mus.Lance.PARES else "juego_") + ("yes" if action.has else "no")
            put(name, rel(who))
        elif isinstance(action, mus.Discard):
            latest[who] = len(action.cards)
            discards += 1
        elif isinstance(action, mus.Signal) and who != seat and rules.team_of[who] == team:
            put("signals", rel(who) * len(mus.Sena) + list(mus.Sena).index(action.sena))
    for who, count in latest.items():
        put("discarded", rel(who), count / 4)
    if latest:
        put("exchanges", 0, min(discards // n, 5) / 5)
    width = len(mus.Outcome) + 1 + k
    for result in state.results:
        put("results", result.lance * width + list(mus.Outcome).index(result.outcome))
        put("results", result.lance * width + len(mus.Outcome), min(result.stake, target) / target)
        if result.team is not None:
            put("results", result.lance * width + len(mus.Outcome) + 1 + side(result.team))
    if state.winner is not None:
        put("winner", side(state.winner))
    return vector


@pytest.mark.parametrize("rules", RULES, ids=[*PRESETS, "cap-5", "senas"])
def test_observations_match_the_reference_in_play_order_and_any_order(rules: mus.Rules) -> None:
    # In play order (the caches' usual path), then shuffled and with fresh encoders
    # (their other paths): the caches must never change a vector.
    # Hands from 0 and from near the target, where the count can end the game.
    states = random_states(rules, 12, seed=8) + random_states(
        rules, 8, seed=9, scores=(rules.target - 2,) * rules.teams
    )
    if rules.senas:
        state = mus.new_hand(rules, seed=2)
        for who, sena in itertools.product(range(rules.seats), mus.Sena):
            if state.is_legal(mus.Signal(sena), who):
                state = mus.apply(state, mus.Signal(sena), who)
                states.append(state)
        assert sum(isinstance(action, mus.Signal) for _, action in state.history) >= 3
    pairs = [(state, seat) for state in states for seat in range(rules.seats)]
    shuffled = random.Random(1).sample(pairs, len(pairs))
    shared = encoding_for(rules)
    for order, enc in [
        (pairs, shared),
        (shuffled, shared),
        (shuffled, Encoding(rules)),
        (pairs[::-1], Encoding(rules)),
    ]:
        for state, seat in order:
            assert enc.observation(state, seat).tolist() == pytest.approx(reference_observation(enc, state, seat))


def test_observation_and_information_state_hide_other_seats_cards() -> None:
    enc = encoding_for()
    script = ["mus"] * 4 + ["discard 7e 1b", "discard 1 card", "discard 1 card", "discard 1 card"]
    one = mus.new_hand(hands=HANDS, seed=5)
    other = mus.new_hand(hands=SHUFFLED, seed=5)
    assert enc.observation(one, 0).tobytes() == enc.observation(other, 0).tobytes()
    assert enc.information_state_string(one, 0) == enc.information_state_string(other, 0)
    assert enc.observation(one, 1).tobytes() != enc.observation(other, 1).tobytes()
    # After the mus, the others' discards show as counts only.
    for words in script[:5]:
        one, other = mus.apply(one, words), mus.apply(other, words)
    text = enc.information_state_string(one, 1)
    assert "7e" not in text and "0 discard 2 cards" in text


def test_information_state_string_recalls_the_cards_drawn() -> None:
    state = mus.new_hand(hands=HANDS, seed=5)
    for words in ["mus"] * 4 + ["discard 7e 1b", "discard Co", "discard 1c", "discard 1o"]:
        state = mus.apply(state, words)
    text = coding.information_state_string(state, 0)
    drawn = [card for card in state.hands[0].cards if str(card) not in ("Ro", "Rc")]
    assert f"0 draws {' '.join(map(str, drawn))}" in text


def test_partner_signals_reach_the_partner_only() -> None:
    rules = mus.Rules(senas=True)
    enc = encoding_for(rules)
    state = mus.new_hand(rules, hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Re Rb 5o 1c", "3b 2e 1o 4c"])
    state = mus.apply(state, mus.Signal("dos reyes"), 2)
    start, size = enc.layout["signals"]
    assert enc.observation(state, 0)[start : start + size].sum() == 1  # seat 0 is seat 2's partner
    assert enc.observation(state, 1)[start : start + size].sum() == 0
    assert enc.observation(state, 2)[start : start + size].sum() == 0


# --- rewards --------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES[:5], ids=PRESETS[:5])
def test_rewards_are_zero_sum_and_the_engines_score_changes(rules: mus.Rules) -> None:
    game = raw_env(rules, seed=4)
    rng = random.Random(1)
    for _ in range(40):
        scores = tuple(rng.randrange(rules.target) for _ in range(rules.teams))
        game.reset(options={"scores": scores})
        start = game.hand
        totals = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            totals[agent] += reward
            if termination or truncation:
                game.step(None)
            else:
                legal = observation["action_mask"].nonzero()[0]
                game.step(int(rng.choice(legal)))
        final = game.hand
        by_seat = [totals[agent] for agent in game.possible_agents]
        assert by_seat == pytest.approx(returns(final))
        side_total = [by_seat[rules.team_of.index(side)] for side in range(rules.teams)]
        assert sum(side_total) == pytest.approx(0.0)
        if final.winner is None:
            gains = [after - before for after, before in zip(final.scores, start.scores, strict=True)]
        else:
            gains = [after - before for after, before in zip(credited(final), start.scores, strict=True)]
            assert credited(final)[final.winner] == rules.target
        others = rules.teams - 1
        expected = [
            gains[rules.team_of[seat]] - (sum(gains) - gains[rules.team_of[seat]]) / others
            for seat in range(rules.seats)
        ]
        assert by_seat == pytest.approx(expected)


# --- PettingZoo -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules", [mus.Rules(), mus.Rules.preset("declared"), mus.Rules.preset("individual-3"), mus.Rules(senas=True)]
)
@pytest.mark.parametrize("episode", ["hand", "game"])
def test_pettingzoo_api_test(rules: mus.Rules, episode: str) -> None:
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice for Box observations; classic games use a Dict
        api_test(env(rules, episode=episode, seed=2), num_cycles=300, verbose_progress=False)


def test_pettingzoo_game_episode_plays_to_the_target_and_refuses_bad_calls() -> None:
    game = env(mus.Rules(target=10), episode="game", seed=9)
    with pytest.raises(mus.MusError, match="reset"):
        game.step(0)
    game.reset(seed=1)
    rng = random.Random(2)
    for _agent in game.agent_iter():
        observation, _, termination, _, _ = game.last()
        if termination:
            game.step(None)
            continue
        if rng.random() < 0.01:
            illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
            with pytest.raises(mus.IllegalActionError):
                game.step(illegal)
        game.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
    assert game.hand.winner is not None and game.hands_played >= 1
    assert credited(game.hand)[game.hand.winner] == 10


def test_pettingzoo_seeded_resets_replay() -> None:
    first, second = env(seed=1), env(seed=99)
    first.reset(seed=7)
    second.reset(seed=7)
    assert first.hand == second.hand


def test_pettingzoo_copies_play_on_alike_and_leave_the_caches_behind() -> None:
    import copy
    import pickle

    def pick(observation: dict[str, Any], termination: bool, rng: random.Random) -> int | None:
        # Uniform among the legal ids but órdago and bets over 2, so that the game lasts.
        legal = [i for i in observation["action_mask"].nonzero()[0] if i <= mus.ai.BET_2 and i != mus.ai.ORDAGO]
        return None if termination else int(legal[rng.randrange(len(legal))])

    game = env(mus.Rules(target=100), seed=3, episode="game")  # a long game
    game.reset()
    rng = random.Random(2)
    for _ in range(60):  # well into the game: the encoder's caches hold many states
        observation, _, termination, _, _ = game.last()
        game.step(pick(observation, termination, rng))
    assert game.agents, "the game ended early: pick another seed"
    copies = [copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    assert all(other.coding is game.coding for other in copies)
    assert len(pickle.dumps(game)) < 20_000  # the game's state, not the caches
    while game.agents:
        seen = [other.last() for other in (game, *copies)]
        assert all((o[0]["observation"] == seen[0][0]["observation"]).all() and o[1:] == seen[0][1:] for o in seen)
        action = pick(seen[0][0], seen[0][2], rng)
        for other in (game, *copies):
            other.step(action)
    assert not any(other.agents for other in copies)
    with pytest.raises(mus.MusError, match="seat_0 is done with this episode"):
        game.observe("seat_0")
    with pytest.raises(mus.MusError, match="no agent 'seat_9'"):
        copies[0].observation_vector("seat_9")


# --- OpenSpiel-shaped -----------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES[:5], ids=PRESETS[:5])
def test_openspiel_shaped_playouts(rules: mus.Rules) -> None:
    game = MusGame(rules, seed=3)
    rng = random.Random(5)
    for _ in range(30):
        state = game.new_initial_state()
        rewards = [0.0] * game.num_players()
        while not state.is_terminal():
            player = state.current_player()
            assert state.legal_actions() == state.legal_actions(player)
            assert all(state.legal_actions(other) == [] for other in range(game.num_players()) if other != player)
            assert len(state.information_state_tensor(player)) == game.information_state_tensor_shape()[0]
            state.apply_action(rng.choice(state.legal_actions()))
            rewards = [a + b for a, b in zip(rewards, state.rewards(), strict=True)]
        assert state.current_player() == TERMINAL
        assert state.returns() == pytest.approx(rewards)
        assert state.returns() == pytest.approx(returns(state.hand))
        assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


def test_openspiel_clone_is_independent_and_illegal_ids_change_nothing() -> None:
    state = MusGame().new_initial_state(seed=4)
    state.apply_action(1)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == [1] and len(copy.history()) == 2
    with pytest.raises(mus.IllegalActionError):
        state.apply_action(0)  # mus, after the mus was cut
    assert state.history() == [1]
    with pytest.raises(mus.MusError):
        state.information_state_string(7)


def test_openspiel_information_state_string_hides_hidden_cards() -> None:
    game = MusGame()
    one = game.new_initial_state()
    other = game.new_initial_state()
    one.hand, other.hand = mus.new_hand(hands=HANDS, seed=1), mus.new_hand(hands=SHUFFLED, seed=1)
    for action in (1, 17, 17):
        one.apply_action(action)
        other.apply_action(action)
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.information_state_string(1) != other.information_state_string(1)


def test_openspiel_parameters_are_checked_before_use() -> None:
    from mus.ai.parameters import game_arguments as _parameters

    chosen = _parameters(
        {"preset": "heads-up", "max_bet": 5, "rng_seed": 3, "rewards": "terminal", "deal": "cards", "max_mus_rounds": 0}
    )
    assert chosen == {
        "rules": mus.PRESETS["heads-up"], "max_bet": 5, "seed": 3, "rewards": "terminal", "deal": "cards",
        "max_mus_rounds": 0,
    }  # fmt: skip
    assert _parameters(None) == {
        "rules": mus.PRESETS["standard"], "max_bet": None, "seed": None, "rewards": "stones",
        "deal": "auto", "max_mus_rounds": None,
    }  # fmt: skip
    assert _parameters({"preset": "heads-up", "senas": True})["rules"] == mus.Rules(seats=2, senas=True)
    assert MusGame(**_parameters({"preset": "mini"})).deal == "ranks"
    assert MusGame(**_parameters({"preset": "mini"})).num_distinct_actions() == 24  # bets of 2 stones only
    assert MusGame(**_parameters({"preset": "heads-up"})).deal == "sampled"
    assert _parameters({"preset": "mini", "rules": '{"lances": ["grande", "juego"]}'})["rules"] == mus.Rules.preset(
        "mini"
    ).evolve(lances=(mus.Lance.GRANDE, mus.Lance.JUEGO))
    cases: list[tuple[dict[str, Any], str]] = [
        ({"preset": "nine"}, "unknown preset 'nine'"),
        ({"max_bet": "5"}, "max_bet is an int, got '5'"),
        ({"rng_seed": 1.5}, "rng_seed is an int, got 1.5"),
        ({"rewards": 1}, "rewards is a str, got 1"),
        ({"senas": 1}, "senas is a bool, got 1"),
        ({"players": 4}, "unknown parameter"),
        ({"rules": "[1]"}, "the parameter rules is a JSON object of knobs"),
        ({"rules": "{"}, "the parameter rules is a JSON object of knobs"),
        ({"rules": '{"suits": 9}'}, "suits must be one of"),
    ]
    for params, words in cases:
        with pytest.raises(mus.RulesError, match=words):
            _parameters(params)
    with pytest.raises(mus.RulesError, match="rewards must be 'stones' or 'terminal', got 'win'"):
        MusGame(**_parameters({"rewards": "win"}))
    with pytest.raises(mus.RulesError, match="deal must be 'auto', 'sampled', 'cards', 'hands' or 'ranks'"):
        MusGame(**_parameters({"deal": "suits"}))


def test_registered_with_openspiel_when_it_imports() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python import rl_environment  # type: ignore[import-untyped, import-not-found, unused-ignore]

    game = pyspiel.load_game("python_mus", {"preset": "heads-up", "rng_seed": 1})
    assert game.num_players() == 2 and game.num_distinct_actions() == encoding_for().num_actions
    environment = rl_environment.Environment(game)
    rng = random.Random(0)
    for _ in range(5):
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([rng.choice(step.observations["legal_actions"][player])])
        assert sum(step.rewards) == pytest.approx(0.0)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    clone = state.clone()
    assert clone.history() == state.history() and clone.information_state_string(0) == state.information_state_string(0)


# --- Gymnasium ------------------------------------------------------------------------


def test_gymnasium_seat_env_passes_the_checks_and_pays_its_stones() -> None:
    from gymnasium.utils import env_checker

    # check_env itself steps with unmasked random actions, which the environment refuses.
    for check in (
        env_checker.check_reset_return_type,
        env_checker.check_reset_seed_determinism,
        env_checker.check_reset_options,
        env_checker.check_reset_return_info_deprecation,
    ):
        check(SeatEnv(seed=1))
    environment = SeatEnv(
        mus.Rules.preset("individual-3"), seat=1, bots=[mus.bots.RandomBot(s) for s in range(3)], seed=2
    )
    rng = random.Random(3)
    for episode in range(20):
        observation, info = environment.reset(seed=episode)
        assert environment.observation_space.contains(observation)
        total, done = 0.0, False
        while not done:
            assert environment.hand.to_act == 1
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            observation, reward, done, _truncated, info = environment.step(action)
            total += float(reward)
        assert total == pytest.approx(returns(environment.hand)[1])
        with pytest.raises(mus.MusError):
            environment.step(0)


def test_gymnasium_game_episode_and_masks() -> None:
    environment = SeatEnv(mus.Rules(target=15), episode="game", seed=5)
    _, info = environment.reset(seed=1)
    done = False
    while not done:
        legal = info["action_mask"].nonzero()[0]
        assert (environment.action_masks() == info["action_mask"].astype(bool)).all()
        _, _, done, _, info = environment.step(int(legal[-1]))
    assert environment.hand.winner is not None
    assert not info["action_mask"].any()


def test_discard_ids_follow_hand_positions() -> None:
    enc = encoding_for()
    state = mus.new_hand(hands=HANDS)
    for state_words in ["mus"] * 4:
        state = mus.apply(state, state_words)
    cards = state.hands[0].cards
    for size in range(1, 5):
        for positions in itertools.combinations(range(4), size):
            action = mus.Discard([cards[i] for i in positions])
            assert enc.action_name(enc.encode(action, state)) == f"discard {list(positions)}"
