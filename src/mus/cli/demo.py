"""``mus demo``: HeuristicBots play one game (a match with ``--games N``), one a seat
of the table the rules options ask for (four by default), and every hand is told: the
mano, the cards, each action, the count and the score."""

from __future__ import annotations

import argparse

import mus
from mus import Outcome
from mus.bots import Bot, HeuristicBot
from mus.cli.narration import bot_action, hand_start_lines, print_lines, step_lines, turn
from mus.cli.options import DEFAULT_SEED, add_command, add_seed, rules_from_options, rules_summary
from mus.cli.words import games_line, games_text, scores_text, sides_line, team_title
from mus.i18n import gettext as _
from mus.i18n import ngettext, number_word

__all__: list[str] = []  # the command's own: mus.cli says what is public


def run(args: argparse.Namespace) -> int:
    """Built-in bots, one a seat, play one game (or a match with ``--games``); every hand shown."""
    rules = rules_from_options(args, games=1)
    seed: int | str = DEFAULT_SEED if args.seed is None else args.seed
    bots: list[Bot] = [HeuristicBot() for _ in range(rules.seats)]
    print(_("mus demo, seed {seed}: {rules}").format(seed=seed, rules=rules_summary(rules)))
    print(_("{count} HeuristicBots play; {sides}").format(count=number_word(rules.seats), sides=sides_line(rules)))
    match = mus.new_match(rules, seed=seed)
    while not match.is_over:
        print_lines(hand_start_lines(match))
        hand = match.hand
        while not hand.is_over:
            before = hand
            match, hand = turn(match, bot_action(match, bots))
            print_lines(step_lines(before, hand), "  ")
        if hand.winner is not None and not match.is_over:
            text = _("{games}; the next game starts at {scores}")
            print(text.format(games=games_line(match.games, rules=rules), scores=scores_text([0] * rules.teams)))
    assert match.winner is not None
    count = len(match.finished)
    hands = ngettext("after {count} hand", "after {count} hands", count).format(count=count)
    who = team_title(match.winner, None, rules)
    if rules.games_to_win == 1:
        final = match.scores
        if rules.teams == 2:
            text = _("{team} wins the game, {won}-{lost}, {after}")
            print(text.format(team=who, won=final[match.winner], lost=final[1 - match.winner], after=hands))
        else:
            last = match.finished[-1].results
            if last and last[-1].outcome is Outcome.ORDAGO:
                how = _("{team} wins the game by órdago (score {scores}), {after}")
            else:
                how = _("{team} wins the game with {stones} stones (score {scores}), {after}")
            print(how.format(team=who, stones=final[match.winner], scores=scores_text(final), after=hands))
    else:
        print(_("{team} wins the match, {games}, {after}").format(team=who, games=games_text(match), after=hands))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mus demo`` and its options to the subcommands."""
    parser = add_command(
        commands,
        "demo",
        run,
        summary=_("bots play one game, every hand shown"),
        description=_(
            "Built-in HeuristicBots, one a seat (four by default, see --seats), play one game "
            "(a match with --games N); each hand is shown: the mano, the cards, every action, the count "
            "and the score."
        ),
    )
    add_seed(parser, _("the deal's seed (default {seed})").format(seed=DEFAULT_SEED))
