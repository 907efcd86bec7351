"""The game's words, shared by every command: actions as players say them, the choices
a seat has, seats and teams (seen from a seat or from above), scores in amarracos,
how a lance ended, and what a hand holds.

``viewer`` is the seat the words are said to (*seat 2 (partner)*, *team 1 (them)*), or
``None`` for a spectator. A side is a team in partnership play and a seat in individual
play (heads-up included), where it is named as one: *seat 2 (you)*.

>>> rules = mus.Rules()
>>> seat_name(2, 0, rules), team_name(1, 0, rules), score_line((7, 0), rules)
('seat 2 (partner)', 'team 1 (them)', 'score: team 0 1 amarraco 2 stones (7) | team 1 0')
"""

from __future__ import annotations

from collections.abc import Sequence

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
    MusVisto,
    NoMus,
    Ordago,
    Outcome,
    Pass,
    Phase,
    Rules,
    Servido,
    Signal,
    TeamFold,
)

__all__ = [
    "action_words",
    "choices_words",
    "describe",
    "games_line",
    "games_text",
    "number_word",
    "plural",
    "result_words",
    "score_line",
    "score_words",
    "scores_text",
    "seat_name",
    "seats_list",
    "sides_line",
    "signals_left",
    "team_name",
    "team_seats",
    "team_title",
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
    >>> action_words(mus.TeamFold()), action_words(mus.Signal("dos reyes")), action_words(mus.MusVisto("Ro"))
    ('no queremos (the team folds)', 'seña dos reyes (bite the lower lip)', 'mus visto Ro')
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
    if isinstance(action, TeamFold):
        return "no queremos (the team folds)"
    if isinstance(action, Signal):
        return f"seña {action.sena} ({action.sena.gesture})"
    if isinstance(action, MusVisto):
        return f"mus visto {action.card}"
    if isinstance(action, Servido):
        return "servido (keeps its cards)"
    return str(action)


def choices_words(state: HandState) -> str:
    """The legal choices of the seat to act, in the words the prompt accepts.

    >>> state = mus.apply(mus.new_hand(seed=1), mus.NoMus())
    >>> choices_words(state)
    'paso, envido N (2 or more), órdago'

    The team fold, legal but not listed while two or more partners are still to
    answer, is named too; so are a cap on bets and, under ``senas=True``, the señas
    the seat to act may still make:

    >>> state = mus.apply(mus.new_hand(mus.Rules(max_bet=40), seed=1), "no-mus")
    >>> choices_words(mus.apply(state, "envido"))
    'quiero, no quiero, envido N (a raise of 2 to 40), órdago, no queremos (the team folds)'
    """
    if state.phase is Phase.DISCARD and state.to_act is not None:
        hand = state.hands[state.to_act]
        keep = ", or servido to keep them" if state.forced_exchange else ""
        return f'the cards to discard, 1 to 4 of {hand} (e.g. "{hand.cards[-1]}" or "discard {hand.cards[-1]}"){keep}'
    words = []
    for action in state.legal_actions():
        if isinstance(action, Declare):
            words.append(f"{action_words(action)} ({'you have' if action.has else 'no'} {action.lance})")
        elif isinstance(action, Bet):
            raising = state.betting is not None and state.betting.bets > 0
            cap = state.legal_actions().max_bet
            stones = f"{action.stones} or more" if cap is None else f"{action.stones} to {cap}"
            words.append(f"envido N ({'a raise of ' if raising else ''}{stones})")
        else:
            words.append(action_words(action))
    if TeamFold() in state.legal_actions() and TeamFold() not in list(state.legal_actions()):
        words.append(action_words(TeamFold()))
    senas = signals_left(state, state.to_act)
    if senas:
        words.append("seña " + " / ".join(map(str, senas)))
    return ", ".join(words)


def signals_left(state: HandState, seat: int | None) -> tuple[mus.Sena, ...]:
    """The señas ``seat`` may still make now: true of its hand, not made yet in this
    hand; none without ``Rules(senas=True)`` or partners.

    >>> state = mus.new_hand(mus.Rules(senas=True), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
    >>> signals_left(state, 0), signals_left(mus.apply(state, "seña dos reyes", seat=0), 0)
    ((<Sena.DOS_REYES: 'dos reyes'>,), ())
    """
    if seat is None or not state.rules.senas or state.is_over:
        return ()
    return tuple(sena for sena in mus.Sena if state.is_legal(Signal(sena), seat=seat))


_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def number_word(n: int) -> str:
    """A small count in words, as the table says it: ``number_word(3)`` is 'three'."""
    return _NUMBERS.get(n, str(n))


def _seat_label(seat: int, viewer: int | None, rules: Rules) -> str:
    if viewer is not None and seat == viewer:
        return f"{seat} (you)"
    if viewer is not None and rules.team_of[seat] == rules.team_of[viewer]:
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
    """A side as ``viewer`` calls it: *team 0 (us)*, *team 1 (them)*, or *team 1*; in
    individual play (heads-up too) a side is one seat: *seat 2 (you)*, *seat 1*.

    >>> team_name(1, 0, mus.Rules()), team_name(2, 0, mus.Rules(seats=3, teams=3))
    ('team 1 (them)', 'seat 2')
    """
    if rules.individual:
        return seat_name(team, viewer, rules)
    if viewer is None:
        return f"team {team}"
    return f"team {team} ({'us' if rules.team_of[viewer] == team else 'them'})"


def team_seats(team: int, rules: Rules) -> str:
    """The seats of a side: *seats 0 and 2*, *seats 1, 3 and 5*, *seat 1*."""
    return seats_list([seat for seat in range(rules.seats) if rules.team_of[seat] == team], None, rules)


def team_title(team: int, viewer: int | None, rules: Rules) -> str:
    """A side named with its seats: *team 0 (us) (seats 0 and 2)*; a lone seat needs
    no list: *seat 1*."""
    if rules.individual:
        return team_name(team, viewer, rules)
    return f"{team_name(team, viewer, rules)} ({team_seats(team, rules)})"


def sides_line(rules: Rules) -> str:
    """Who plays with whom: *team 0 is seats 0 and 2, team 1 is seats 1 and 3*, or
    *each seat for itself*."""
    if rules.seats == 2:
        return "one against the other"
    if rules.individual:
        return "each seat for itself"
    return ", ".join(f"team {team} is {team_seats(team, rules)}" for team in range(rules.teams))


def scores_text(scores: Sequence[int]) -> str:
    """Scores side by side, in side order: *3-1*, *0-12-5*."""
    return "-".join(map(str, scores))


def describe(hand: Hand, rules: Rules) -> str:
    """What a hand holds for the lances: *pareja of rey; 36 points, juego*."""
    combo = mus.pares(hand, rules)
    total = mus.points(hand, rules)
    juego = "juego" if total >= 31 else "no juego"
    return f"{combo if combo is not None else 'no pares'}; {total} points, {juego}"


def score_words(stones: int, rules: Rules) -> str:
    """A team's score as the table keeps it: the bare stones until the first amarraco,
    then the amarracos with the stones in brackets (see :func:`mus.score_text`).

    A side past the target shows the target reached, the game won; the stones the
    count gave it follow (the count's record keeps them):

    >>> rules = mus.Rules()
    >>> score_words(0, rules), score_words(3, rules), score_words(37, rules)
    ('0', '3', '7 amarracos 2 stones, adentro (37)')
    >>> score_words(106, rules)
    '8 amarracos, adentro (40): game, 106 stones counted'
    """
    if stones > rules.target:
        return f"{score_words(rules.target, rules)}: game, {stones} stones counted"
    text = mus.score_text(stones, rules)
    if stones < 5:  # no amarraco yet: the bare number of stones
        text = str(stones) + text[len(plural(stones, "stone")) :]
    return text if text == str(stones) else f"{text} ({stones})"


def score_line(scores: Sequence[int], rules: Rules, viewer: int | None = None) -> str:
    """The score of every side: *score: team 0 (us) 3 | team 1 (them) 1 amarraco (5)*,
    or in individual play *score: seat 0 (you) 3 | seat 1 0 | seat 2 7 ...*."""
    parts = [f"{team_name(team, viewer, rules)} {score_words(scores[team], rules)}" for team in range(rules.teams)]
    return f"score: {' | '.join(parts)}"


def games_line(games: Sequence[int], viewer: int | None = None, rules: Rules | None = None) -> str:
    """The games each side has won: *games: team 0 1, team 1 0*, or for ``viewer``
    (whose ``rules`` give the sides) *games: us 1, them 0*. In individual play the
    sides are seats: *games: seat 0 1, seat 1 0, seat 2 0* (*you 1, ...* for the viewer).

    >>> games_line((1, 0, 2), 1, mus.Rules(seats=3, teams=3))
    'games: seat 0 1, you 0, seat 2 2'
    """
    if rules is not None and rules.individual:
        names = ["you" if side == viewer else f"seat {side}" for side in range(rules.teams)]
        return "games: " + ", ".join(f"{name} {count}" for name, count in zip(names, games, strict=False))
    if viewer is None or rules is None:
        return "games: " + ", ".join(f"team {team} {count}" for team, count in enumerate(games))
    us = rules.team_of[viewer]
    return f"games: us {games[us]}, them {games[1 - us]}"


def games_text(match: MatchState) -> str:
    """How a finished match was won, in games: *2 games to 1*, or with more sides
    *2 games to 1, 0 and 1* (the others in side order)."""
    winner = match.winner
    assert winner is not None
    others = [str(count) for side, count in enumerate(match.games) if side != winner]
    against = others[0] if len(others) == 1 else f"{', '.join(others[:-1])} and {others[-1]}"
    return f"{plural(match.games[winner], 'game')} to {against}"


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
