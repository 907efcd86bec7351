"""The fuzzer: random legal play under every preset and mutated histories.

The test suite runs a short profile (``tests/test_fuzz.py``); the long one is::

    python tests/fuzz.py --actions 1000000 --mutations 100000

Random play checks, after every action, that the state replays from its deal and
history, that its views and text form hold together, and that only ``MusError``
escapes for illegal input. Mutated histories (a line dropped, doubled, swapped or one
character changed, in the text and JSON forms) must be refused with a ``MusError`` or
read to a consistent state: one that writes back to a history that reads to itself.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from collections.abc import Callable

import mus
from mus import notation

HOSTILE: list[object] = ["", "bet 0", "bet 99999999999", "\ud800", "x" * 5000, None, 3, 1.5, b"mus", mus.Bet(2)]


def random_hand(rng: random.Random, rules: mus.Rules, budget: int) -> tuple[mus.HandState, int]:
    """A hand played at random to its end (or ``budget`` actions), with the checks."""
    state = mus.new_hand(rules, seed=rng.randrange(2**40), mano=rng.randrange(rules.seats))
    actions = 0
    while actions < budget:
        legal = state.legal_actions()
        if not legal:
            break
        if rng.random() < 0.02:
            _hostile(rng, state)
        action = legal[rng.randrange(len(legal))]
        if type(action) is mus.Bet and rng.random() < 0.3:
            action = mus.Bet(rng.randrange(2, 60))
            if action not in legal:
                continue
        state = mus.apply(state, action)
        actions += 1
        seat = rng.randrange(rules.seats)
        view = state.view(seat)
        assert view.hand == state.hands[seat]
    assert mus.replay(state.deal, state.history) == state
    return state, actions


def _hostile(rng: random.Random, state: mus.HandState) -> None:
    value = rng.choice(HOSTILE)
    seat = rng.choice([None, 0, -1, 99, True, 1.0])
    for call in (lambda: mus.apply(state, value, seat), lambda: state.is_legal(value, seat)):  # type: ignore[call-overload, arg-type]
        with contextlib.suppress(mus.MusError):
            call()


def mutate(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    if not lines:
        return text
    at = rng.randrange(len(lines))
    kind = rng.randrange(4)
    if kind == 0:
        del lines[at]
    elif kind == 1:
        lines.insert(at, lines[at])
    elif kind == 2:
        other = rng.randrange(len(lines))
        lines[at], lines[other] = lines[other], lines[at]
    elif lines[at]:
        chars = list(lines[at])
        spot = rng.randrange(len(chars))
        chars[spot] = rng.choice('0123456789 abcdefghijklmnopqrstuvwxyzRCSoceb-/#"{}[],:')
        lines[at] = "".join(chars)
    return "\n".join(lines) + "\n"


def check_mutation(text: str) -> bool:
    """Whether the mutated history was accepted; raises if it was accepted inconsistently."""
    try:
        state = notation.load(text)
    except mus.MusError:
        return False
    writer: Callable[[object], str] = (
        notation.format_match if isinstance(state, mus.MatchState) else notation.format_hand  # type: ignore[assignment]
    )
    again = notation.load(writer(state))
    assert again == state, "an accepted history does not read back to itself"
    if isinstance(state, mus.HandState):
        assert mus.replay(state.deal, state.history) == state
    return True


def run(actions: int, mutations: int, seed: int = 0, report: Callable[[str], None] = print) -> dict[str, int]:
    rng = random.Random(seed)
    presets = sorted(mus.PRESETS)
    played = hands = 0
    histories: list[str] = []
    while played < actions:
        rules = mus.PRESETS[presets[hands % len(presets)]]
        state, count = random_hand(rng, rules, actions - played)
        played += count
        hands += 1
        if len(histories) < 400:
            histories.append(notation.format_hand(state) if hands % 2 else notation.hand_to_json(state))
    match = mus.new_match(seed=seed)
    while not match.is_over and len(histories) < 410:
        match = mus.apply(match, match.legal_actions()[rng.randrange(len(match.legal_actions()))])
    histories.append(notation.format_match(match))
    histories.append(notation.match_to_json(match))
    accepted = 0
    for number in range(mutations):
        text = histories[number % len(histories)]
        mutated = mutate(rng, text)
        if mutated.lstrip().startswith("{"):
            with contextlib.suppress(ValueError):
                json.loads(mutated)
        accepted += check_mutation(mutated)
    report(
        f"{played:,} actions in {hands:,} hands; {mutations:,} mutated histories, {accepted:,} accepted and consistent"
    )
    return {"actions": played, "hands": hands, "mutations": mutations, "accepted": accepted}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1_000_000)
    parser.add_argument("--mutations", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    run(args.actions, args.mutations, args.seed)
    print(f"done in {time.perf_counter() - start:.0f} s, Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
