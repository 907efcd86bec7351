"""The legality hook of house rules (HouseRule.allows) and house rules with fields:
every way into the engine honours the hook, and the fields survive every form."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import mus
from mus import notation
from mus.bots import HeuristicBot, RandomBot, play_hand


@attrs.frozen
class NoEarlyOrdago(mus.HouseRule):
    """No órdago before every side has ``until`` stones."""

    name = "test-hook-no-early-ordago"
    until: int = 20

    def allows(self, state: mus.HandState, action: mus.Action) -> bool:
        return not isinstance(action, mus.Ordago) or min(state.scores) >= self.until


@attrs.frozen
class SmallBets(mus.HouseRule):
    """Bets of at most ``most`` stones; a field of every JSON kind besides."""

    name = "test-hook-small-bets"
    most: int = 5
    label: str = "small bets, no ordago"
    steps: tuple[int, ...] = (2, 3)

    def allows(self, state: mus.HandState, action: mus.Action) -> bool:
        return not isinstance(action, mus.Bet) or action.stones <= self.most


@attrs.frozen
class Broken(mus.HouseRule):
    name = "test-hook-broken"

    def allows(self, state: mus.HandState, action: mus.Action) -> bool:
        raise ZeroDivisionError("oops")


RULES = mus.Rules(house=(NoEarlyOrdago(), SmallBets(most=6)))


def opening(rules: mus.Rules = RULES, **kwargs: object) -> mus.HandState:
    return mus.apply(mus.new_hand(rules, seed=1, **kwargs), "no-mus")  # type: ignore[arg-type]


def test_only_overriding_rules_are_gates() -> None:
    assert RULES.gates == RULES.house and mus.Rules().gates == ()


def test_apply_legal_actions_is_legal_and_in_agree() -> None:
    state = opening()
    legal = state.legal_actions()
    assert list(legal) == [mus.Pass(), mus.Bet(2)]
    assert mus.Ordago() not in legal and "ordago" not in legal and not state.is_legal("ordago")
    assert mus.Bet(6) in legal and mus.Bet(7) not in legal and "envido 7" not in legal
    with pytest.raises(mus.IllegalActionError, match="test-hook-small-bets' does not allow bet 7"):
        mus.apply(state, "envido 7")
    with pytest.raises(mus.IllegalActionError, match="no-early-ordago' does not allow ordago"):
        mus.apply(state, mus.Ordago())
    assert mus.problem(state, mus.Ordago()) is not None and mus.problem(state, mus.Bet(6)) is None
    assert state.view(0).legal == (mus.Pass(), mus.Bet(2))


def test_the_hook_follows_the_scores() -> None:
    state = opening(scores=(20, 25))
    assert mus.Ordago() in state.legal_actions() and state.is_legal("ordago")


def test_bots_never_break_a_house_rule() -> None:
    for seed in range(60):
        for bots in ([HeuristicBot(boldness=1.0)] * 4, [RandomBot(seed + seat) for seat in range(4)]):
            state = play_hand(mus.new_hand(RULES, seed=seed), bots)
            for _, action in state.history:
                assert not isinstance(action, mus.Ordago)
                assert not isinstance(action, mus.Bet) or action.stones <= 6


def test_replay_refuses_a_history_that_breaks_a_house_rule() -> None:
    plain = mus.apply(mus.apply(mus.new_hand(seed=1), "no-mus"), "ordago")
    with pytest.raises(mus.IllegalActionError, match="does not allow"):
        mus.replay(mus.new_hand(RULES, seed=1).deal, plain.history)
    text = notation.format_hand(plain).replace(notation.rules_text(plain.rules), notation.rules_text(RULES))
    with pytest.raises(mus.NotationError, match="does not allow"):
        notation.load(text)


def test_a_failing_hook_is_a_rules_error() -> None:
    state = mus.new_hand(mus.Rules(house=(Broken(),)), seed=1)
    for ask in (state.legal_actions, lambda: mus.apply(state, "mus"), lambda: state.is_legal("mus")):
        with pytest.raises(mus.RulesError, match="test-hook-broken' failed in allows\\(\\): ZeroDivisionError"):
            ask()


def test_house_rules_with_fields_round_trip_everywhere() -> None:
    rules = mus.Rules(house=(NoEarlyOrdago(until=30), SmallBets(most=9, label="a b, c", steps=(4, 5))))
    assert mus.Rules.from_dict(rules.to_dict()) == rules
    assert notation.parse_rules(notation.rules_text(rules)) == rules
    rng = random.Random(3)
    for seed in range(20):
        state = mus.new_hand(rules, seed=seed)
        while state.legal_actions() and rng.random() < 0.95:
            legal = state.legal_actions()
            state = mus.apply(state, legal[rng.randrange(len(legal))])
        assert notation.load(notation.format_hand(state)) == state
        assert notation.load(notation.hand_to_json(state)) == state
    match = mus.apply(mus.new_match(rules, seed=2), "no-mus")
    assert notation.load(notation.match_to_json(match)) == match
    assert notation.load(notation.format_match(match)) == match


def test_bad_house_data_is_a_rules_error() -> None:
    for entry in (
        {"name": "test-hook-small-bets", "fields": {"nope": 1}},
        {"name": 3, "fields": {}},
        7,
        "no-such-rule",
    ):
        with pytest.raises(mus.RulesError):
            mus.Rules.from_dict({"house": [entry]})


def test_the_command_line_loads_house_rules_from_a_module(tmp_path: Path) -> None:
    package = tmp_path / "myhouse"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text(
        "import attrs, mus\n"
        "@attrs.frozen\n"
        "class TableRule(mus.HouseRule):\n"
        "    name = 'test-hook-module-rule'\n"
        "    until: int = 10\n"
        "    def allows(self, state, action):\n"
        "        return not isinstance(action, mus.Ordago)\n"
    )
    script = (
        "import mus, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "mus.rules.load_house_rules('myhouse.rules')\n"
        "rules = mus.Rules(house=[mus.HOUSE_RULES['test-hook-module-rule'](until=12)])\n"
        "print(mus.notation.format_hand(mus.apply(mus.new_hand(rules, seed=1), 'no-mus')), end='')\n"
    )
    saved = tmp_path / "hand.mus"
    saved.write_text(
        subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, check=True).stdout
    )
    # The package under test beside the folder (the one installed may be another checkout's).
    env = {"PYTHONPATH": os.pathsep.join([str(tmp_path), str(Path(mus.__file__).parents[1])]), "PATH": "/usr/bin:/bin"}
    without = subprocess.run(
        [sys.executable, "-m", "mus", "replay", str(saved)], capture_output=True, text=True, env=env
    )
    assert without.returncode == 2 and "the house rule 'test-hook-module-rule', which is not loaded" in without.stderr
    done = subprocess.run(
        [sys.executable, "-m", "mus", "replay", str(saved), "--house-rules", "myhouse.rules"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "mus", "replay", str(saved), "--house-rules", "nowhere.rules"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert missing.returncode == 2 and missing.stderr.startswith(
        "mus: error: cannot load house rules from 'nowhere.rules'"
    )
