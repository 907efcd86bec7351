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
from mus.i18n import and_list, lance_name, ngettext, pgettext
from mus.i18n import gettext as _
from mus.scoring import CountLine

__all__: list[str] = []  # the command's own: mus.cli says what is public


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, in the plural unless ``n`` is 1: ``plural(2, "stone")`` is '2 stones'
    (English only: the commands say their counts with :func:`mus.i18n.ngettext`)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def table_head(heads: Sequence[str], sizes: Sequence[int]) -> tuple[list[int], str]:
    """The columns' widths (each at least its size, and one more than its heading) and
    the heading line of a table: the first column to the left, the others to the right.
    A translated heading longer than its column widens it.

    >>> table_head(["lance", "win", "a long heading"], [8, 6, 6])
    ([8, 6, 15], 'lance      win a long heading')
    """
    widths = [max(size, len(head) + 1) for size, head in zip(sizes, heads, strict=True)]
    line = f"{heads[0]:{widths[0]}}" + "".join(
        f"{head:>{width}}" for head, width in zip(heads[1:], widths[1:], strict=True)
    )
    return widths, line


def labelled(name: str, text: str) -> str:
    """A line that says who does or holds what: *seat 2: paso* (*joueur 2 : je passe*)."""
    return _("{name}: {text}").format(name=name, text=text)


def stones_words(n: int) -> str:
    """``n`` stones, in the language in use: *1 stone*, *3 stones*."""
    return ngettext("{n} stone", "{n} stones", n).format(n=n)


def gesture_words(sena: mus.Sena) -> str:
    """The gesture of a seña (:attr:`mus.Sena.gesture`), in the language in use."""
    gestures = {
        mus.Sena.DOS_REYES: pgettext("gesture", "bite the lower lip"),
        mus.Sena.TRES_REYES: pgettext(
            "gesture",
            "bite the lower lip towards one side (003); or the medias gesture, then the two-kings gesture (000)",
        ),
        mus.Sena.CUATRO_REYES: pgettext(
            "gesture", "bite the lower lip twice; or the duples gesture, then the two-kings gesture (000)"
        ),
        mus.Sena.DOS_ASES: pgettext("gesture", "show the tip of the tongue"),
        mus.Sena.TRES_ASES: pgettext(
            "gesture",
            "show the tip of the tongue towards one side (003); or the medias gesture, then the two-aces gesture (000)",
        ),
        mus.Sena.CUATRO_ASES: pgettext(
            "gesture", "show the tip of the tongue twice; or the duples gesture, then the two-aces gesture (000)"
        ),
        mus.Sena.MEDIAS: pgettext("gesture", "twist the mouth to one side, lips pressed together"),
        mus.Sena.DUPLES: pgettext("gesture", "raise both eyebrows"),
        mus.Sena.TREINTA_Y_UNA: pgettext("gesture", "wink"),
        mus.Sena.TREINTA: pgettext("gesture", "raise one shoulder"),
        mus.Sena.CIEGO: pgettext("gesture", "close the eyes"),
    }
    return gestures[sena]


def action_words(action: object, betting: Betting | None = None) -> str:
    """An action in the words players say at the table, in the language in use (the
    game's Spanish words in English and Spanish; Basque and French have their own).

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
        return pgettext("action", "mus")
    if isinstance(action, NoMus):
        return pgettext("action", "no hay mus")
    if isinstance(action, Discard):
        return _("discards {cards}").format(cards=" ".join(map(str, action.cards)))
    if isinstance(action, HiddenDiscard):
        return ngettext("discards {n} card", "discards {n} cards", action.count).format(n=action.count)
    if isinstance(action, Pass):
        return pgettext("action", "paso")
    if isinstance(action, Bet):
        if betting is not None and betting.bets:
            return _("envido {stones} more ({total} at stake)").format(
                stones=action.stones, total=betting.stake + action.stones
            )
        return _("envido {stones}").format(stones=action.stones)
    if isinstance(action, Accept):
        return pgettext("action", "quiero")
    if isinstance(action, Fold):
        return pgettext("action", "no quiero")
    if isinstance(action, Ordago):
        return pgettext("action", "órdago")
    if isinstance(action, Declare):
        return _("{lance} {yes_or_no}").format(lance=lance_name(action.lance), yes_or_no=_yes_no(action.has))
    if isinstance(action, TeamFold):
        return _("no queremos (the team folds)")
    if isinstance(action, Signal):
        return _("seña {sena} ({gesture})").format(sena=action.sena, gesture=gesture_words(action.sena))
    if isinstance(action, MusVisto):
        return _("mus visto {card}").format(card=action.card)
    if isinstance(action, Servido):
        return _("servido (keeps its cards)")
    return str(action)


def _yes_no(has: bool) -> str:
    return pgettext("declaration", "sí") if has else pgettext("declaration", "no")


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
        text = _('the cards to discard, 1 to 4 of {hand} (e.g. "{card}" or "discard {card}")')
        text = text.format(hand=hand, card=hand.cards[-1])
        return text + (_(", or servido to keep them") if state.forced_exchange else "")
    words = []
    for action in state.legal_actions():
        if isinstance(action, Declare):
            meaning = _("you have {lance}") if action.has else _("no {lance}")
            words.append(f"{action_words(action)} ({meaning.format(lance=lance_name(action.lance))})")
        elif isinstance(action, Bet):
            raising = state.betting is not None and state.betting.bets > 0
            cap = state.legal_actions().max_bet
            if cap is None:
                stones = _("a raise of {least} or more") if raising else _("{least} or more")
            else:
                stones = _("a raise of {least} to {most}") if raising else _("{least} to {most}")
            bet = pgettext("raise", "envido N ({stones})") if raising else _("envido N ({stones})")
            words.append(bet.format(stones=stones.format(least=action.stones, most=cap)))
        else:
            words.append(action_words(action))
    if TeamFold() in state.legal_actions() and TeamFold() not in list(state.legal_actions()):
        words.append(action_words(TeamFold()))
    senas = signals_left(state, state.to_act)
    if senas:
        words.append(_("seña {senas}").format(senas=" / ".join(map(str, senas))))
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


def _seat_label(seat: int, viewer: int | None, rules: Rules) -> str:
    if viewer is not None and seat == viewer:
        return _("{seat} (you)").format(seat=seat)
    if viewer is not None and rules.team_of[seat] == rules.team_of[viewer]:
        return _("{seat} (partner)").format(seat=seat)
    return str(seat)


def seat_name(seat: int, viewer: int | None, rules: Rules) -> str:
    """A seat as ``viewer`` calls it: *seat 0 (you)*, *seat 2 (partner)*, *seat 1*."""
    return _("seat {seat}").format(seat=_seat_label(seat, viewer, rules))


def seats_list(seats: Sequence[int], viewer: int | None, rules: Rules) -> str:
    """Some seats in one phrase: *seat 1*, *seats 0 (you), 1 and 2 (partner)*."""
    names = [_seat_label(seat, viewer, rules) for seat in seats]
    if len(names) == 1:
        return _("seat {seat}").format(seat=names[0])
    return _("seats {seats}").format(seats=and_list(names))


def team_name(team: int, viewer: int | None, rules: Rules) -> str:
    """A side as ``viewer`` calls it: *team 0 (us)*, *team 1 (them)*, or *team 1*; in
    individual play (heads-up too) a side is one seat: *seat 2 (you)*, *seat 1*.

    >>> team_name(1, 0, mus.Rules()), team_name(2, 0, mus.Rules(seats=3, teams=3))
    ('team 1 (them)', 'seat 2')
    """
    if rules.individual:
        return seat_name(team, viewer, rules)
    if viewer is None:
        return _("team {team}").format(team=team)
    if rules.team_of[viewer] == team:
        return _("team {team} (us)").format(team=team)
    return _("team {team} (them)").format(team=team)


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
        return _("one against the other")
    if rules.individual:
        return _("each seat for itself")
    return ", ".join(
        _("team {team} is {seats}").format(team=team, seats=team_seats(team, rules)) for team in range(rules.teams)
    )


def scores_text(scores: Sequence[int]) -> str:
    """Scores side by side, in side order: *3-1*, *0-12-5*."""
    return "-".join(map(str, scores))


def pares_words(combo: mus.Pares | None) -> str:
    """A hand's pares (:func:`mus.pares`) in words: *medias of rey*, *duples of rey and
    sota*, *no pares*."""
    if combo is None:
        return _("no pares")
    ranks = [rank.name.lower() for rank in combo.ranks]
    return _("{kind} of {ranks}").format(kind=combo.kind, ranks=and_ranks(ranks))


def and_ranks(ranks: Sequence[str]) -> str:
    """Two ranks of duples: *rey and sota*."""
    return _("{first} and {second}").format(first=ranks[0], second=ranks[1]) if len(ranks) == 2 else ranks[0]


def describe(hand: Hand, rules: Rules) -> str:
    """What a hand holds for the lances: *pareja of rey; 36 points, juego*."""
    total = mus.points(hand, rules)
    juego = _("juego") if total >= 31 else _("no juego")
    return _("{pares}; {total} points, {juego}").format(
        pares=pares_words(mus.pares(hand, rules)), total=total, juego=juego
    )


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
        text = ngettext("{score}: game, {n} stone counted", "{score}: game, {n} stones counted", stones)
        return text.format(score=score_words(rules.target, rules), n=stones)
    amarracos, rest = divmod(stones, 5)
    parts = [] if not amarracos else [ngettext("{n} amarraco", "{n} amarracos", amarracos).format(n=amarracos)]
    if rest or not parts:
        parts.append(str(rest) if not amarracos else stones_words(rest))
    text = " ".join(parts)
    if stones >= rules.target - 5:
        text += _(", adentro")
    return text if text == str(stones) else f"{text} ({stones})"


def score_line(scores: Sequence[int], rules: Rules, viewer: int | None = None) -> str:
    """The score of every side: *score: team 0 (us) 3 | team 1 (them) 1 amarraco (5)*,
    or in individual play *score: seat 0 (you) 3 | seat 1 0 | seat 2 7 ...*."""
    parts = [f"{team_name(team, viewer, rules)} {score_words(scores[team], rules)}" for team in range(rules.teams)]
    return _("score: {scores}").format(scores=" | ".join(parts))


def games_line(games: Sequence[int], viewer: int | None = None, rules: Rules | None = None) -> str:
    """The games each side has won: *games: team 0 1, team 1 0*, or for ``viewer``
    (whose ``rules`` give the sides) *games: us 1, them 0*. In individual play the
    sides are seats: *games: seat 0 1, seat 1 0, seat 2 0* (*you 1, ...* for the viewer).

    >>> games_line((1, 0, 2), 1, mus.Rules(seats=3, teams=3))
    'games: seat 0 1, you 0, seat 2 2'
    """
    if rules is not None and rules.individual:
        names = [_("you") if side == viewer else _("seat {seat}").format(seat=side) for side in range(rules.teams)]
        counts = ", ".join(f"{name} {count}" for name, count in zip(names, games, strict=False))
    elif viewer is None or rules is None:
        counts = ", ".join(f"{_('team {team}').format(team=team)} {count}" for team, count in enumerate(games))
    else:
        us = rules.team_of[viewer]
        counts = _("us {ours}, them {theirs}").format(ours=games[us], theirs=games[1 - us])
    return _("games: {counts}").format(counts=counts)


def games_text(match: MatchState) -> str:
    """How a finished match was won, in games: *2 games to 1*, or with more sides
    *2 games to 1, 0 and 1* (the others in side order)."""
    winner = match.winner
    assert winner is not None
    others = [str(count) for side, count in enumerate(match.games) if side != winner]
    won = match.games[winner]
    return ngettext("{won} game to {others}", "{won} games to {others}", won).format(won=won, others=and_list(others))


def result_words(result: LanceResult, viewer: int | None, rules: Rules) -> str:
    """How the betting on a lance ended, and what it means for the count."""
    lance, outcome = lance_name(result.lance), result.outcome
    team = team_name(result.team, viewer, rules) if result.team is not None else ""
    if outcome is Outcome.EN_PASO:
        text = _("{lance}: en paso (nobody bet), settled at the count")
    elif outcome is Outcome.ACCEPTED:
        text = ngettext(
            "{lance}: bet accepted, {stake} stone at stake, settled at the count",
            "{lance}: bet accepted, {stake} stones at stake, settled at the count",
            result.stake,
        )
    elif outcome is Outcome.REFUSED:
        text = ngettext(
            "{lance}: bet refused, {team} takes {stake} stone now",
            "{lance}: bet refused, {team} takes {stake} stones now",
            result.stake,
        )
    elif outcome is Outcome.NO_BET:
        text = _("{lance}: only {team} has {lance}, no betting; it collects its bonuses at the count")
    elif outcome is Outcome.VOID:
        text = _("{lance}: nobody has {lance}, the lance is void")
    else:
        text = _("{lance}: órdago accepted! the cards are shown at once and {team} wins the game")
    return text.format(lance=lance, team=team, stake=result.stake)


def count_line_words(line: CountLine) -> str:
    """One lance of the count (:class:`mus.scoring.CountLine`) in the language in use;
    in English, ``str(line)``."""
    lance = lance_name(line.lance)
    if line.team is None:
        text = _("{lance}: forfeited, nobody scores") if line.liars else _("{lance}: void, nobody scores")
        text = text.format(lance=lance)
    else:
        if line.individual:
            who = _("seat {seat}").format(seat=line.team)
        elif line.seat is not None:
            who = _("team {team} (seat {seat})").format(team=line.team, seat=line.seat)
        else:
            who = _("team {team}").format(team=line.team)
        text = _count_text(line, lance, who)
    if len(line.liars) == 1:
        text += _(" (seat {seat} declared {lance} falsely: that team forfeits the lance)").format(
            seat=line.liars[0], lance=lance
        )
    elif line.liars:
        # Several liars: partners (the lance went to the other side), or every side in
        # the lance lied and nobody scores.
        if line.team is None:
            whose = _(" (seats {seats} declared {lance} falsely: their sides forfeit the lance)")
        else:
            whose = _(" (seats {seats} declared {lance} falsely: their team forfeits the lance)")
        text += whose.format(seats=", ".join(map(str, line.liars)), lance=lance)
    return text


def _count_text(line: CountLine, lance: str, who: str) -> str:
    bonus = ngettext("{n} bonus stone", "{n} bonus stones", line.bonus).format(n=line.bonus)
    if line.outcome is Outcome.ORDAGO:
        return _("{lance}: {who} wins the órdago and the game").format(lance=lance, who=who)
    if line.outcome is Outcome.REFUSED:
        then = _(", then {bonus}").format(bonus=bonus) if line.bonus else ""
        text = ngettext(
            "{lance}: {who} wins by refusal: {n} stone taken at the fold{then}",
            "{lance}: {who} wins by refusal: {n} stones taken at the fold{then}",
            line.refusal,
        )
        return text.format(lance=lance, who=who, n=line.refusal, then=then)
    paid = f"{line.bet} + {bonus}" if line.bonus and line.bet else bonus if line.bonus else stones_words(line.bet)
    why = {
        Outcome.EN_PASO: _("{lance}: {who} wins en paso: {paid}"),
        Outcome.ACCEPTED: _("{lance}: {who} wins the accepted stake: {paid}"),
        Outcome.NO_BET: _("{lance}: {who} wins with no bet: {paid}"),
        Outcome.VOID: _("{lance}: {who} wins : {paid}"),
    }[line.outcome]
    return why.format(lance=lance, who=who, paid=paid)
