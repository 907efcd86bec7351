"""The game's words, shared by every command: actions as players say them, the choices
a seat has, seats and teams (seen from a seat or from above), scores in amarracos,
how a lance ended, and what a hand holds.

``viewer`` is the seat the words are said to (*seat 2 (partner)*, *team 1 (them)*), or
``None`` for a spectator.

>>> rules = mus.Rules()
>>> seat_name(2, 0, rules), team_name(1, 0, rules), score_line((7, 0), rules)
('seat 2 (partner)', 'team 1 (them)', 'score: team 0 1 amarraco 2 stones (7) | team 1 0')
"""

from __future__ import annotations

from typing import Sequence

import mus
from mus import (
    Accept,
    Bet,
    Betting,
    Declare,
    Discard,
    Fold,
    Hand,
    HandState,
    HiddenDiscard,
    LanceResult,
    MatchState,
    Mus,
    NoMus,
    Ordago,
    Outcome,
    Pass,
    Phase,
    Rules,
)

__all__ = [
    "plural",
    "action_words",
    "choices_words",
    "seat_name",
    "seats_list",
    "team_name",
    "team_seats",
    "describe",
    "score_words",
    "score_line",
    "games_line",
    "games_text",
    "result_words",
]


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1: ``plural(2, "stone")`` is '2 stones'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def action_words(action: object, betting: Betting | None = None) -> str:
    """An action in the words players say at the table.

    ``betting`` is the betting on the lance just before the action; it tells an
    opening bet (*envido 2*) from a raise (*envido 5 more*).

    >>> action_words(mus.NoMus()), action_words(mus.Fold()), action_words(mus.Bet(5))
    ('no hay mus', 'no quiero', 'envido 5')
    >>> action_words(mus.Ordago()), action_words(mus.Declare(mus.Lance.PARES, True))
    ('órdago', 'pares sí')
    """
    if isinstance(action, Mus):
        return "mus"
    if isinstance(action, NoMus):
        return "no hay mus"
    if isinstance(action, Discard):
        return "discards " + " ".join(map(str, action.cards))
    if isinstance(action, HiddenDiscard):
        return "discards " + plural(action.count, "card")
    if isinstance(action, Pass):
        return "paso"
    if isinstance(action, Bet):
        if betting is not None and betting.bets:
            return f"envido {action.stones} more ({betting.stake + action.stones} at stake)"
        return f"envido {action.stones}"
    if isinstance(action, Accept):
        return "quiero"
    if isinstance(action, Fold):
        return "no quiero"
    if isinstance(action, Ordago):
        return "órdago"
    if isinstance(action, Declare):
        return f"{action.lance} {'sí' if action.has else 'no'}"
    return str(action)


def choices_words(state: HandState) -> str:
    """The legal choices of the seat to act, in the words the prompt accepts.

    >>> state = mus.apply(mus.new_hand(seed=1), mus.NoMus())
    >>> choices_words(state)
    'paso, envido N (2 or more), órdago'
    """
    if state.phase is Phase.DISCARD and state.to_act is not None:
        hand = state.hands[state.to_act]
        return f"the cards to discard, 1 to 4 of {hand} (e.g. \"{hand.cards[-1]}\" or \"discard {hand.cards[-1]}\")"
    words = []
    for action in state.legal_actions():
        if isinstance(action, Declare):
            words.append(f"{action_words(action)} ({'you have' if action.has else 'no'} {action.lance})")
        elif isinstance(action, Bet):
            raising = state.betting is not None and state.betting.bets > 0
            words.append(f"envido N ({'a raise of ' if raising else ''}{action.stones} or more)")
        else:
            words.append(action_words(action))
    return ", ".join(words)


def _seat_label(seat: int, viewer: int | None, rules: Rules) -> str:
    if viewer is not None and seat == viewer:
        return f"{seat} (you)"
    if viewer is not None and rules.teams[seat] == rules.teams[viewer]:
        return f"{seat} (partner)"
    return str(seat)


def seat_name(seat: int, viewer: int | None, rules: Rules) -> str:
    """A seat as ``viewer`` calls it: *seat 0 (you)*, *seat 2 (partner)*, *seat 1*."""
    return f"seat {_seat_label(seat, viewer, rules)}"


def seats_list(seats: Sequence[int], viewer: int | None, rules: Rules) -> str:
    """Some seats in one phrase: *seat 1*, *seats 0 (you), 1 and 2 (partner)*."""
    names = [_seat_label(seat, viewer, rules) for seat in seats]
    if len(names) == 1:
        return f"seat {names[0]}"
    return f"seats {', '.join(names[:-1])} and {names[-1]}"


def team_name(team: int, viewer: int | None, rules: Rules) -> str:
    """A team as ``viewer`` calls it: *team 0 (us)*, *team 1 (them)*, or *team 1*."""
    if viewer is None:
        return f"team {team}"
    return f"team {team} ({'us' if rules.teams[viewer] == team else 'them'})"


def team_seats(team: int, rules: Rules) -> str:
    """The seats of a team: *seats 0 and 2*."""
    seats = [str(seat) for seat in range(rules.seats) if rules.teams[seat] == team]
    return f"seats {' and '.join(seats)}"


def describe(hand: Hand, rules: Rules) -> str:
    """What a hand holds for the lances: *pareja of rey; 36 points, juego*."""
    combo = mus.pares(hand, rules)
    total = mus.points(hand, rules)
    juego = "juego" if total >= 31 else "no juego"
    return f"{combo if combo is not None else 'no pares'}; {total} points, {juego}"


def score_words(stones: int, rules: Rules) -> str:
    """A team's score as the table keeps it: the bare stones until the first amarraco,
    then the amarracos with the stones in brackets (see :func:`mus.score_text`).

    >>> rules = mus.Rules()
    >>> score_words(0, rules), score_words(3, rules), score_words(37, rules)
    ('0', '3', '7 amarracos 2 stones, adentro (37)')
    """
    text = mus.score_text(stones, rules)
    if stones < 5:  # no amarraco yet: the bare number of stones
        text = str(stones) + text[len(plural(stones, "stone")) :]
    return text if text == str(stones) else f"{text} ({stones})"


def score_line(scores: tuple[int, int], rules: Rules, viewer: int | None = None) -> str:
    """The score of both teams: *score: team 0 (us) 3 | team 1 (them) 1 amarraco (5)*."""
    parts = [f"{team_name(team, viewer, rules)} {score_words(scores[team], rules)}" for team in (0, 1)]
    return f"score: {parts[0]} | {parts[1]}"


def games_line(games: Sequence[int], viewer: int | None = None, rules: Rules | None = None) -> str:
    """The games each team has won: *games: team 0 1, team 1 0*, or for ``viewer``
    (whose ``rules`` give the teams) *games: us 1, them 0*."""
    if viewer is None or rules is None:
        return f"games: team 0 {games[0]}, team 1 {games[1]}"
    us = rules.teams[viewer]
    return f"games: us {games[us]}, them {games[1 - us]}"


def games_text(match: MatchState) -> str:
    """How a finished match was won, in games: *2 games to 1*."""
    assert match.winner is not None
    return f"{plural(match.games[match.winner], 'game')} to {match.games[1 - match.winner]}"


def result_words(result: LanceResult, viewer: int | None, rules: Rules) -> str:
    """How the betting on a lance ended, and what it means for the count."""
    lance, outcome = result.lance, result.outcome
    team = team_name(result.team, viewer, rules) if result.team is not None else ""
    if outcome is Outcome.EN_PASO:
        return f"{lance}: en paso (nobody bet), settled at the count"
    if outcome is Outcome.ACCEPTED:
        return f"{lance}: bet accepted, {plural(result.stake, 'stone')} at stake, settled at the count"
    if outcome is Outcome.REFUSED:
        return f"{lance}: bet refused, {team} takes {plural(result.stake, 'stone')} now"
    if outcome is Outcome.NO_BET:
        return f"{lance}: only {team} has {lance}, no betting; it collects its bonuses at the count"
    if outcome is Outcome.VOID:
        return f"{lance}: nobody has {lance}, the lance is void"
    return f"{lance}: órdago accepted! the cards are shown at once and {team} wins the game"
