"""``mus demo``: four HeuristicBots play one game (a match with ``--games N``), and
every hand is told: the mano, the cards, each action, the count and the score."""

from __future__ import annotations

import argparse

import mus
from mus.bots import Bot, HeuristicBot
from mus.cli.narration import bot_action, hand_start_lines, print_lines, step_lines, turn
from mus.cli.options import DEFAULT_SEED, add_command, rules_from_options, rules_summary, seed_option
from mus.cli.words import games_line, games_text, plural, team_seats

__all__ = ["register", "run"]


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus demo`` and its options to the subcommands."""
    parser = add_command(
        commands, "demo", run, summary="four bots play one game, every hand shown",
        description="Four built-in HeuristicBots play one game (a match with --games N); "
        "each hand is shown: the mano, the cards, every action, the count and the score.",
    )
    parser.add_argument("--seed", type=seed_option, help=f"the deal's seed (default {DEFAULT_SEED})")


def run(args: argparse.Namespace) -> int:
    """Four built-in bots play one game (or a match with ``--games``); every hand shown."""
    rules = rules_from_options(args, games=1)
    seed: int | str = DEFAULT_SEED if args.seed is None else args.seed
    bots: list[Bot] = [HeuristicBot() for _ in range(rules.seats)]
    print(f"mus demo, seed {seed}: {rules_summary(rules)}")
    print("four HeuristicBots play; team 0 is seats 0 and 2, team 1 is seats 1 and 3")
    match = mus.new_match(rules, seed=seed)
    while not match.is_over:
        print_lines(hand_start_lines(match))
        hand = match.hand
        while not hand.is_over:
            before = hand
            match, hand = turn(match, bot_action(match, bots))
            print_lines(step_lines(before, hand), "  ")
        if hand.winner is not None and not match.is_over:
            print(f"{games_line(match.games)}; the next game starts at 0-0")
    assert match.winner is not None
    hands = plural(len(match.finished), "hand")
    who = f"team {match.winner} ({team_seats(match.winner, rules)})"
    if rules.games_to_win == 1:
        final = match.scores
        print(f"{who} wins the game, {final[match.winner]}-{final[1 - match.winner]}, after {hands}")
    else:
        print(f"{who} wins the match, {games_text(match)}, after {hands}")
    return 0
