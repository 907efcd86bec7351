"""Exact figures for Mus (docs/ai.rst, "Exact figures"): CFR+ and CFR on ``mini``, best
responses to the built-in players, the sizes of the games, and what OpenSpiel's
algorithms cost an iteration on ``mini``, ``small`` and the whole game.

Needs the ``ai`` extra and OpenSpiel (``--plot``: the ``plot`` extra too)::

    python examples/exact_mus.py cfr --iterations 200 --plot docs/_static/mini_cfr.png
    python examples/exact_mus.py best-response --preset small --against heuristic
    python examples/exact_mus.py sizes --preset small
    python examples/exact_mus.py timings

With no command it takes a quick tour of ``mini`` (its size, ten iterations of CFR+
and CFR, the best response to the heuristic player), in seconds.

``best-response`` computes exactly (mus.ai.exact) the stones a hand that a best response
wins against a player (``random``, ``heuristic``, ``advisor``, or ``uniform``: every
legal id alike), at each seat and on average: the player's exploitability.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
from open_spiel.python import policy as policies  # type: ignore[import-untyped, import-not-found, unused-ignore]
from open_spiel.python.algorithms import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
    cfr,
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)
from open_spiel.python.algorithms import exploitability as openspiel_exploitability

import mus.ai.openspiel  # noqa: F401  (registers python_mus)
from mus.ai.exact import best_response_value, bot_policy, exploitability, tree_size
from mus.bots import HeuristicBot, RandomBot


def players(game: Any) -> dict[str, Callable[[], Any]]:
    """The players a best response can face, by name: each a maker of its policy."""

    def advisor() -> Any:
        from mus.advise import AdvisorBot

        return bot_policy(game, AdvisorBot())

    return {
        "uniform": lambda: policies.UniformRandomPolicy(game),
        "random": lambda: bot_policy(game, RandomBot()),
        "heuristic": lambda: bot_policy(game, HeuristicBot()),
        "advisor": advisor,
    }


def run_cfr(iterations: int, plot: str | None) -> None:
    game = pyspiel.load_game("python_mus", {"preset": "mini"})
    curves: dict[str, list[float]] = {}
    for name, solver in (("CFR+", cfr.CFRPlusSolver(game)), ("CFR", cfr.CFRSolver(game))):
        values = curves[name] = []
        spent = 0.0
        for iteration in range(1, iterations + 1):
            start = time.perf_counter()
            solver.evaluate_and_update_policy()
            spent += time.perf_counter() - start
            values.append(exploitability(game, solver.average_policy()))
            print(f"{name} iteration {iteration}: exploitability {values[-1]:.6f}", flush=True)
        final = openspiel_exploitability.exploitability(game, solver.average_policy())
        print(
            f"{name}: {spent / iterations:.3f} s an iteration; after {iterations}, OpenSpiel's exploitability {final:.6f}"
        )
    if plot:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt

        figure, axes = plt.subplots(figsize=(6, 4))
        for name, values in curves.items():
            axes.loglog(range(1, len(values) + 1), values, label=name)
        axes.set_xlabel("iterations")
        axes.set_ylabel("exploitability (stones a hand)")
        axes.set_title("mini: the average policy's exploitability")
        axes.grid(True, which="both", alpha=0.3)
        axes.legend()
        figure.tight_layout()
        figure.savefig(plot, dpi=100)
        print(f"wrote {plot}")


def run_best_response(preset: str, against: str) -> None:
    game = pyspiel.load_game("python_mus", {"preset": preset})
    make = players(game).get(against)
    if make is None:
        sys.exit(f"unknown player {against!r} (players: {', '.join(players(game))})")
    policy = make()
    start = time.perf_counter()
    values = [best_response_value(game, policy, seat) for seat in (0, 1)]
    spent = time.perf_counter() - start
    asked = len(getattr(policy, "known", ()))
    print(f"{preset}, best response to {against}: {values[0]:.4f} stones a hand at seat 0, {values[1]:.4f} at seat 1")
    print(f"exploitability {(values[0] + values[1]) / 2:.4f}; {spent:.1f} s, {asked:,} information states asked")


def run_sizes(preset: str) -> None:
    game = pyspiel.load_game("python_mus", {"preset": preset})
    start = time.perf_counter()
    size = tree_size(game)
    print(
        f"{preset}: {size.histories:,} histories, {size.terminals:,} terminal, "
        f"{size.information_states:,} information states ({time.perf_counter() - start:.1f} s)"
    )


def _time(what: str, step: Callable[[], object], count: int) -> None:
    start = time.perf_counter()
    for _ in range(count):
        step()
    print(f"{what}: {(time.perf_counter() - start) / count:.4f} s an iteration ({count} iterations)", flush=True)


def run_timings(games: Sequence[str]) -> None:
    params = {
        "mini": {"preset": "mini"},
        "small": {"preset": "small"},
        "standard": {"preset": "heads-up", "deal": "cards", "rewards": "terminal"},
    }
    for name in games:
        time_game(name, params[name])


def time_game(name: str, params: dict[str, Any]) -> None:
    """What an iteration of each algorithm costs on one game."""
    game = pyspiel.load_game("python_mus", params)
    terminal = pyspiel.load_game("python_mus", {**params, "rewards": "terminal"})
    outcome = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    _time(f"{name}, outcome-sampling MCCFR", outcome.iteration, 200)
    if name != "standard":  # with the mus, its walk of every discard does not end
        external = external_sampling_mccfr.ExternalSamplingSolver(game)
        _time(f"{name}, external-sampling MCCFR", external.iteration, 5 if name == "small" else 50)
    bot = mcts.MCTSBot(terminal, 2, 100, mcts.RandomRolloutEvaluator())
    state = terminal.new_initial_state()  # on to the first choice of more than one action
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[-1])
    _time(f"{name}, MCTS (100 simulations a move)", lambda: bot.step(state), 3)
    search = ismcts.ISMCTSBot(terminal, mcts.RandomRolloutEvaluator(), 2, 100)
    _time(f"{name}, IS-MCTS (100 simulations a move)", lambda: search.step(state), 3)
    if name == "mini":
        solver = cfr.CFRPlusSolver(game)
        _time(f"{name}, CFR+ (full width)", solver.evaluate_and_update_policy, 5)
        uniform = policies.UniformRandomPolicy(game)
        _time(f"{name}, OpenSpiel's exploitability", lambda: openspiel_exploitability.exploitability(game, uniform), 2)
        _time(f"{name}, mus.ai.exact.exploitability", lambda: exploitability(game, uniform), 5)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command")
    run = commands.add_parser("cfr", help="CFR+ and CFR on mini, the exploitability of each iteration")
    run.add_argument("--iterations", type=int, default=200)
    run.add_argument("--plot", help="write the curves to this PNG (needs matplotlib)")
    best = commands.add_parser("best-response", help="the best response to a player, exactly")
    best.add_argument("--preset", default="small", choices=["mini", "small"])
    best.add_argument("--against", default="heuristic")
    sizes = commands.add_parser("sizes", help="histories and information states of a game")
    sizes.add_argument("--preset", default="mini", choices=["mini", "small"])
    timings = commands.add_parser("timings", help="seconds an iteration of OpenSpiel's algorithms")
    timings.add_argument("games", nargs="*", default=["mini", "small", "standard"])
    options = parser.parse_args(argv)
    if options.command is None:
        run_sizes("mini")
        run_cfr(10, None)
        run_best_response("mini", "heuristic")
    elif options.command == "cfr":
        run_cfr(options.iterations, options.plot)
    elif options.command == "best-response":
        run_best_response(options.preset, options.against)
    elif options.command == "sizes":
        run_sizes(options.preset)
    else:
        run_timings(options.games)


if __name__ == "__main__":
    main()
