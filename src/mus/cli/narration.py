"""A hand and a match told as they are played, step by step: what each action set off,
the lance headers, the deal, the count at the end. ``mus demo``, ``mus play`` and
``mus replay`` print these lines; ``turn()`` and ``bot_action()`` drive a match.

>>> match = mus.new_match(mus.Rules(games_to_win=1), seed=7)
>>> match, hand = turn(match, mus.NoMus())
>>> hand.is_over, status(hand)
(False, 'grande; score 0-0')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import mus
from mus import Hand, HandState, HiddenDiscard, Lance, MatchState, Outcome, Phase
from mus.actions import Accept, Action, Declare, Discard, Fold, MusVisto, NoMus, Signal
from mus.bots import Bot
from mus.cli.words import (
    action_words,
    count_line_words,
    describe,
    labelled,
    result_words,
    score_line,
    scores_text,
    seat_name,
    seats_list,
    team_name,
    team_title,
)
from mus.i18n import gettext as _
from mus.i18n import lance_name, pgettext

__all__: list[str] = []  # the command's own: mus.cli says what is public


def print_lines(lines: Sequence[str], indent: str = "") -> None:
    """Print each line, after ``indent``."""
    for line in lines:
        print(indent + line)


def turn(match: MatchState, action: Action) -> tuple[MatchState, HandState]:
    """Play ``action`` in the match's current hand: the match after it, and that hand
    as it stands after it (over, if the action ended it; the match has moved on then).
    """
    after = mus.apply(match, action)
    ended = len(after.finished) > len(match.finished)
    return after, after.finished[-1] if ended else after.hand


def bot_action(match: MatchState, bots: Sequence[Bot] | Mapping[int, Bot]) -> Action:
    """What the bot of the seat to act chooses, from its seat's view."""
    seat = match.hand.to_act
    assert seat is not None
    return bots[seat].choose(match.hand.view(seat))


def _lance_header(state: HandState, viewer: int | None) -> str:
    betting = state.betting
    assert betting is not None
    lance = betting.lance
    name = lance_name(lance)
    if state.phase is Phase.DECLARE:
        return _("-- {lance}: each seat says whether it has {lance} --").format(lance=name)
    if lance is Lance.PUNTO:
        return _("-- punto: nobody has juego, so punto is played (all seats bet) --")
    if lance in (Lance.PARES, Lance.JUEGO):
        seats = seats_list(betting.seats, viewer, state.rules)
        return _("-- {lance}: {seats} bet on it --").format(lance=name, seats=seats)
    return f"-- {name} --"


def _shown_hands(state: HandState, viewer: int | None) -> tuple[Hand | None, ...]:
    if viewer is None:
        last = state.results[-1] if state.results else None
        if last is not None and last.outcome is Outcome.ORDAGO and last.seats:
            return tuple(hand if seat in last.seats else None for seat, hand in enumerate(state.hands))
        return state.hands
    shown = state.view(viewer).hands
    return (
        shown if shown is not None else tuple(hand if seat == viewer else None for seat, hand in enumerate(state.hands))
    )


def _end_lines(state: HandState, viewer: int | None) -> list[str]:
    rules = state.rules
    lines: list[str] = []
    record = state.count
    if record is not None:
        lines.append(_("cards shown:"))
        for seat, hand in enumerate(_shown_hands(state, viewer)):
            if hand is not None:
                lines.append("  " + labelled(seat_name(seat, viewer, rules), f"{hand}  ({describe(hand, rules)})"))
        lines.append(_("count:"))
        lines += [f"  {count_line_words(line)}" for line in record.lines]
        if record.uncounted:
            lances = ", ".join(map(lance_name, record.uncounted))
            lines.append("  " + _("not counted, the game is already won: {lances}").format(lances=lances))
    elif state.winner is not None:
        text = _("{team} reaches {score} with the refusal stones: nothing else is counted and the cards are not shown")
        lines.append(
            text.format(
                team=team_name(state.winner, viewer, rules), score=min(state.scores[state.winner], rules.target)
            )
        )
    lines.append(score_line(state.scores, rules, viewer))
    if state.winner is not None:
        lines.append(_("{team} wins the game").format(team=team_title(state.winner, viewer, rules)))
    return lines


def _still_answering(seat: int, after: HandState, viewer: int | None) -> str:
    """Why the betting goes on after ``seat`` folded or accepted: who still answers."""
    rules = after.rules
    betting = after.betting
    assert betting is not None
    if rules.individual:
        waiting = [
            other
            for other in betting.seats
            if other != betting.bettor and other not in betting.folded and other not in betting.accepted
        ]
        others = [other for other in waiting if other != viewer]
        if not others:
            return _(" (you still answer)") if waiting else ""
        if viewer in waiting:
            listed = ", ".join(map(str, others))
            who = (_("seats {seats} and you") if len(others) > 1 else _("seat {seats} and you")).format(seats=listed)
            return _(" ({who} still answer)").format(who=who)
        who = seats_list(others, None, rules)
        return (_(" ({who} still answers)") if len(waiting) == 1 else _(" ({who} still answer)")).format(who=who)
    partners = [
        other
        for other in betting.seats
        if other != seat and rules.team_of[other] == rules.team_of[seat] and other not in betting.folded
    ]
    return _(" (the partners still answer)") if len(partners) > 1 else _(" (the partner still answers)")


def _same_lance(before: HandState, after: HandState) -> bool:
    """Whether the betting is still on the same lance after an action."""
    return (
        before.betting is not None
        and after.betting is not None
        and before.betting.lance is after.betting.lance
        and before.phase is after.phase
    )


def step_lines(before: HandState, after: HandState, viewer: int | None = None) -> list[str]:
    """What one action changed, in words: the action, then what it set off.

    That is: the exchange of cards, the pares and juego declarations the engine
    derives, lances that end, are void or are not bet on, the next lance, and, when the
    hand ends, the cards shown, the count and the score. With ``viewer`` the lines say
    only what that seat may know (other seats' discards are hidden).

    >>> state = mus.new_hand(hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
    >>> after = mus.apply(state, "no hay mus")
    >>> step_lines(state, after)
    ['seat 0: no hay mus', '-- grande --']

    A seña is told only to the signaller's side (and to a spectator, ``viewer=None``):

    >>> state = mus.new_hand(mus.Rules(senas=True), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
    >>> after = mus.apply(state, "seña dos reyes", seat=0)
    >>> step_lines(state, after, viewer=2), step_lines(state, after, viewer=1)
    (['seat 0 (partner): seña dos reyes (bite the lower lip)'], [])
    """
    rules = after.rules
    entries = after.history[len(before.history) :]
    if not entries:
        return []
    seat, action = entries[0]
    if isinstance(action, Signal):
        if viewer is not None and rules.team_of[seat] != rules.team_of[viewer]:
            return []  # a seña is for the partners' eyes only
        return [labelled(seat_name(seat, viewer, rules), action_words(action))]
    if isinstance(action, MusVisto):
        return _visto_lines(after, seat, action, viewer)
    shown: object = action
    if viewer is not None and seat != viewer and isinstance(action, Discard):
        shown = HiddenDiscard(len(action.cards))
    line = labelled(seat_name(seat, viewer, rules), action_words(shown, before.betting))
    if isinstance(action, Fold) and after.betting is not None and seat in after.betting.folded:
        line += _still_answering(seat, after, viewer)
    elif isinstance(action, Accept) and _same_lance(before, after):
        # Only individual betting goes on after an accept: every seat still in answers.
        line += _still_answering(seat, after, viewer)
    lines = [line]
    if isinstance(action, NoMus) and before.deal.corrido:
        cutter = seat_name(seat, viewer, rules)
        if after.mano != before.mano:
            lines.append(_("mus corrido: {seat} cut the mus and becomes mano; it speaks first").format(seat=cutter))
        else:
            lines.append(_("mus corrido: {seat} cut the mus and stays mano").format(seat=cutter))
    if before.phase is Phase.MUS and after.phase is Phase.DISCARD:
        lines.append(_("mus is agreed: each seat discards 1 to 4 cards"))
    if before.phase is Phase.DISCARD and after.phase is Phase.MUS:
        if after.reshuffles > before.reshuffles:
            lines.append(_("the stock ran out: the discards are shuffled into a new stock"))
        lines.append(_("new cards are dealt; the mus starts again from the mano"))
        if viewer is None:
            lines += ["  " + labelled(_("seat {seat}").format(seat=s), str(hand)) for s, hand in enumerate(after.hands)]
        else:
            lines.append("  " + _("your cards: {cards}").format(cards=after.hands[viewer]))
    declared: dict[Lance, list[str]] = {}
    for who, entry in entries[1:]:
        if isinstance(entry, Declare):
            said = pgettext("declaration", "sí") if entry.has else pgettext("declaration", "no")
            declared.setdefault(entry.lance, []).append(f"{seat_name(who, viewer, rules)} {said}")
    results = list(after.results[len(before.results) :])
    if before.lance is not None and results and results[0].lance is before.lance:
        lines.append(result_words(results.pop(0), viewer, rules))
    for lance in (Lance.PARES, Lance.JUEGO):
        if lance in declared:
            lines.append(_("{lance}? {seats}").format(lance=lance_name(lance), seats=", ".join(declared[lance])))
            if results and results[0].lance is lance:
                lines.append(result_words(results.pop(0), viewer, rules))
    lines += [result_words(result, viewer, rules) for result in results]
    if after.betting is not None and (after.lance is not before.lance or after.phase is not before.phase):
        lines.append(_lance_header(after, viewer))
    if after.is_over:
        lines += _end_lines(after, viewer)
    return lines


def _visto_lines(after: HandState, seat: int, action: MusVisto, viewer: int | None) -> list[str]:
    """A card seen at a deal, and what follows under ``Rules.mus_visto``."""
    rules = after.rules
    who = seat_name(seat, viewer, rules)
    lines = [_("mus visto: {card}, dealt to {seat}, was seen").format(card=action.card, seat=who)]
    if after.forced_exchange:
        lines.append(_("the exchange is forced: nobody may cut, each seat discards or says servido"))
        return lines
    if after.servido is not None:
        lines.append(_("{seat} is servido: no mus for it, it plays the cards it has").format(seat=who))
        return lines
    text = _("{seat} takes a new card from the stock; the {card} goes to the discards")
    lines.append(text.format(seat=who, card=action.card))
    if viewer is None or viewer == seat:
        held = _("your cards: {cards}") if viewer == seat else _("{seat}'s cards: {cards}")
        lines.append("  " + held.format(seat=who, cards=after.hands[seat]))
    return lines


def deal_lines(state: HandState, viewer: int | None = None) -> list[str]:
    """The cards dealt: every seat's, marked with its team (when there are partners)
    and the mano, or only the viewer's."""
    rules = state.rules
    if viewer is not None:
        return [_("your cards: {cards}").format(cards=state.hands[viewer])]
    lines = []
    for seat, hand in enumerate(state.hands):
        marks = [] if rules.individual else [_("team {team}").format(team=rules.team_of[seat])]
        if seat == state.mano:
            marks.append(_("mano"))
        shown = f" ({', '.join(marks)})" if marks else ""
        lines.append("  " + labelled(_("seat {seat}").format(seat=seat) + shown, str(hand)))
    return lines


def hand_start_lines(match: MatchState, viewer: int | None = None) -> list[str]:
    """A blank line, the title of the match's current hand, and its deal."""
    hand = match.hand
    title = _("=== hand {number}: seat {mano} is mano; score {scores}; games {games} ===").format(
        number=match.hand_number + 1, mano=hand.mano, scores=scores_text(hand.scores), games=scores_text(match.games)
    )
    lines = ["", title, *deal_lines(hand, viewer)]
    if hand.deal.corrido:
        lines.append(_("mus corrido: the seat that cuts the mus in this hand becomes mano"))
    return lines


def status(state: HandState) -> str:
    """Where the hand stands, briefly: *grande, 4 at stake; score 0-1* (one score a
    side, in side order: *score 0-5-2* at three)."""
    if state.phase is Phase.MUS:
        where = _("mus")
    elif state.phase is Phase.DISCARD:
        where = _("discards")
    elif state.betting is not None:
        betting = state.betting
        where = lance_name(betting.lance)
        if state.phase is Phase.DECLARE:
            where = _("{lance} declarations").format(lance=where)
        elif betting.ordago:
            where = _("{lance}, órdago on the table").format(lance=where)
        elif betting.bets:
            where = _("{lance}, {stake} at stake").format(lance=where, stake=betting.stake)
    else:
        where = _("hand over")
    return _("{where}; score {scores}").format(where=where, scores=scores_text(state.scores))
