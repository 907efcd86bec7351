"""The count (tanteo): settling the lances in order, stopping at the target.

How the betting on each lance ended is a :class:`LanceResult`; :func:`count` turns the
hands and those results into a :class:`Count` record, lance by lance, exactly as
rules section 8 says. It is pure: scripts that know the hands and each lance's
outcome can call it without playing a hand.

>>> from mus import Hand, Lance, Rules
>>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
>>> results = [LanceResult(Lance.GRANDE, Outcome.ACCEPTED, stake=5),
...            LanceResult(Lance.CHICA, Outcome.EN_PASO),
...            LanceResult(Lance.PARES, Outcome.EN_PASO),
...            LanceResult(Lance.JUEGO, Outcome.NO_BET, team=0)]
>>> record = count(hands, results, Rules(), mano=0, scores=(0, 0))
>>> for line in record.lines:
...     print(line)
grande: team 0 (seat 0) wins the accepted stake: 5 stones
chica: team 1 (seat 3) wins en paso: 1 stone
pares: team 0 (seat 0) wins en paso: 1 bonus stone
juego: team 0 wins with no bet: 3 bonus stones
>>> record.scores
(9, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from mus.checks import hands_arg, lance_arg, quoted, rules_arg, seat_arg, seats_arg, whole
from mus.errors import MusError, TextEnum
from mus.hand import Hand
from mus.ranking import Lance
from mus.rules import MAX_SEATS, Rules

__all__ = [
    "MAX_SEATS",
    "MAX_SIDES",
    "Count",
    "CountLine",
    "LanceResult",
    "Outcome",
    "Tally",
    "count",
    "false_declarations",
    "lance_winner",
    "record",
    "score_line",
    "showdown",
    "tally",
]


class Outcome(TextEnum):
    """How the betting on a lance ended.

    >>> str(Outcome.EN_PASO), Outcome("refused")
    ('en paso', <Outcome.REFUSED: 'refused'>)
    """

    EN_PASO = "en paso"
    """Nobody bet: the lance pays its en paso value."""
    ACCEPTED = "accepted"
    """A bet was accepted (quiero): the stake is paid at the count."""
    REFUSED = "refused"
    """A bet was refused (no quiero): the refusal stones were taken at once."""
    NO_BET = "no bet"
    """Only one team had pares (juego): it collects its bonuses without betting."""
    VOID = "void"
    """Nobody had pares (juego): nobody scores the lance."""
    ORDAGO = "ordago"
    """An órdago was accepted: the lance was shown down at once and decided the game."""


MAX_SIDES = MAX_SEATS
"""The most sides a table has (six seats, each for itself)."""


def _check_team(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SIDES):
        raise MusError(f"a team is a side number from 0 to {MAX_SIDES - 1}, got {quoted(value)}")


def _seats(value: object) -> tuple[int, ...]:
    return _seat_list(value, "seats")


def _folded(value: object) -> tuple[int, ...]:
    return _seat_list(value, "folded")


@attrs.frozen
class LanceResult:
    """How the betting on one lance ended.

    * ``stake``: for ``ACCEPTED`` the stake at the count; for ``REFUSED`` the refusal
      stones already taken;
    * ``team``: for ``REFUSED`` the team paid the refusal stones (the team whose bet
      was refused; the honest team when the betting side had lied), for
      ``NO_BET`` the only team with the combination, for ``ORDAGO`` the winner (the
      count finds it from the cards when not given);
    * ``seats``: the seats still in the lance when its betting ended, whose cards and
      bonuses count (pares and juego: those that have it, less any that folded while
      a partner went on, unless ``folded_seat_counts``; empty means every seat);
    * ``folded``: under explicit declarations, the seats that declared the lance's
      combination and folded (a side's closing fold included): out of ``seats``
      (unless ``folded_seat_counts``), but a false declaration of theirs still makes
      their side forfeit the lance (rules section 6).

    >>> str(LanceResult(Lance.GRANDE, Outcome.REFUSED, stake=1, team=1))
    'grande: refused, 1 stone to team 1'
    """

    lance: Lance = attrs.field(validator=lambda _, __, value: lance_arg(value))
    outcome: Outcome = attrs.field(validator=lambda _, __, value: _outcome_arg(value))
    stake: int = attrs.field(default=0, validator=lambda _, __, value: whole(value, "a stake"))
    team: int | None = attrs.field(default=None, validator=_check_team)
    seats: tuple[int, ...] = attrs.field(default=(), converter=_seats)
    folded: tuple[int, ...] = attrs.field(default=(), converter=_folded)

    def __attrs_post_init__(self) -> None:
        needs_team = self.outcome in (Outcome.REFUSED, Outcome.NO_BET)
        if (needs_team and self.team is None) or (
            self.outcome in (Outcome.EN_PASO, Outcome.ACCEPTED, Outcome.VOID) and self.team is not None
        ):
            raise MusError(f"a {self.outcome} result {'needs' if needs_team else 'has no'} team")

    def __str__(self) -> str:
        text = f"{self.lance}: {self.outcome}"
        if self.outcome == Outcome.ACCEPTED:
            text += f", {_stones(self.stake)} at stake"
        elif self.outcome == Outcome.REFUSED:
            text += f", {_stones(self.stake)} to team {self.team}"
        elif self.team is not None:
            text += f", team {self.team}"
        return text


def _outcome_arg(value: object) -> Outcome:
    if not isinstance(value, Outcome):
        raise MusError(f"an outcome is an Outcome (Outcome.ACCEPTED, ...), got {quoted(value)}")
    return value


def _seat_list(value: object, name: str) -> tuple[int, ...]:
    if not isinstance(value, (tuple, list)):
        raise MusError(f"{name} is a tuple of seat numbers, got {quoted(value)}")
    return tuple(whole(seat, "a seat", 0, MAX_SEATS - 1) for seat in value)


def _stones(n: int) -> str:
    return f"{n} stone{'' if n == 1 else 's'}"


@attrs.frozen
class CountLine:
    """One lance of the count: which side won it, why, and the stones it paid.

    ``bet`` is what the bet paid at the count (stake or en paso value), ``refusal`` the
    stones already taken when the bet was refused (not added again), ``bonus`` the
    pares/juego/punto bonus stones; ``scores`` is the score after the line.

    >>> line = CountLine(Lance.GRANDE, Outcome.ACCEPTED, team=0, seat=2, bet=5, refusal=0, bonus=0, scores=(5, 0))
    >>> str(line), line.stones
    ('grande: team 0 (seat 2) wins the accepted stake: 5 stones', 5)
    """

    lance: Lance
    outcome: Outcome
    team: int | None
    seat: int | None
    bet: int
    refusal: int
    bonus: int
    scores: tuple[int, ...]
    liars: tuple[int, ...] = ()
    """Seats that declared pares (juego) without having it: their team forfeits the lance."""
    individual: bool = attrs.field(default=False, repr=False)
    """Whether every seat plays for itself: the text then names the winning seat alone.

    >>> line = CountLine(Lance.GRANDE, Outcome.EN_PASO, 2, 2, 1, 0, 0, (0, 0, 1), individual=True)
    >>> str(line)
    'grande: seat 2 wins en paso: 1 stone'
    """

    @property
    def stones(self) -> int:
        """The stones this line adds to the score."""
        return self.bet + self.bonus

    def __str__(self) -> str:
        text = self._text()
        if len(self.liars) == 1:
            text += f" (seat {self.liars[0]} declared {self.lance} falsely: that team forfeits the lance)"
        elif self.liars:
            # Several liars: partners (the lance went to the other side), or every side
            # in the lance lied and nobody scores.
            seats = ", ".join(map(str, self.liars))
            whose = "their sides forfeit" if self.team is None else "their team forfeits"
            text += f" (seats {seats} declared {self.lance} falsely: {whose} the lance)"
        return text

    def _text(self) -> str:
        if self.team is None:
            return f"{self.lance}: {'forfeited' if self.liars else 'void'}, nobody scores"
        if self.individual:
            who = f"seat {self.team}"
        else:
            who = f"team {self.team}" + (f" (seat {self.seat})" if self.seat is not None else "")
        why = {
            Outcome.EN_PASO: "en paso",
            Outcome.ACCEPTED: "the accepted stake",
            Outcome.REFUSED: "by refusal",
            Outcome.NO_BET: "with no bet",
            Outcome.ORDAGO: "the órdago and the game",
            Outcome.VOID: "",
        }[self.outcome]
        if self.outcome == Outcome.ORDAGO:
            return f"{self.lance}: {who} wins {why}"
        if self.outcome == Outcome.REFUSED:
            extra = f", then {self.bonus} bonus stone{'' if self.bonus == 1 else 's'}" if self.bonus else ""
            return f"{self.lance}: {who} wins {why}: {_stones(self.refusal)} taken at the fold{extra}"
        bonus = f"{self.bonus} bonus stone{'' if self.bonus == 1 else 's'}"
        paid = f"{self.bet} + {bonus}" if self.bonus and self.bet else bonus if self.bonus else _stones(self.bet)
        return f"{self.lance}: {who} wins {why}: {paid}"


@attrs.frozen
class Count:
    """The record of a count: its lines, the final score, and where it stopped.

    ``winner`` is the team that reached the target (or won an órdago), ``stopped_at``
    the lance after which counting stopped (``None`` when every lance was counted), and
    ``uncounted`` the lances left uncounted because the game was already won.

    >>> from mus import Hand, Rules
    >>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> results = [LanceResult(Lance.GRANDE, Outcome.ACCEPTED, stake=4), LanceResult(Lance.CHICA, Outcome.EN_PASO)]
    >>> record = count(hands, results, Rules(), mano=0, scores=(37, 0))
    >>> record.winner, record.stopped_at, record.uncounted, record.scores
    (0, <Lance.GRANDE: 0>, (<Lance.CHICA: 1>,), (41, 0))
    """

    lines: tuple[CountLine, ...]
    scores: tuple[int, ...]
    winner: int | None = None
    stopped_at: Lance | None = None
    uncounted: tuple[Lance, ...] = ()
    individual: bool = attrs.field(default=False, repr=False)
    """Whether every seat plays for itself (the text names seats, not teams)."""

    def __str__(self) -> str:
        text = "\n".join(map(str, self.lines))
        if self.winner is not None:
            text += f"\n{'seat' if self.individual else 'team'} {self.winner} wins the game"
            if self.uncounted:
                text += f"; not counted: {', '.join(map(str, self.uncounted))}"
        return text + f"\nscore {score_line(self.scores)}"


_BONUS_LANCES = (Lance.PARES, Lance.JUEGO, Lance.PUNTO)
_CHICA, _PARES, _JUEGO, _PUNTO = Lance.CHICA, Lance.PARES, Lance.JUEGO, Lance.PUNTO


def score_line(scores: Sequence[int]) -> str:
    """Scores by side as players write them: ``12-7``, or ``3-0-5`` with three sides.

    >>> score_line((12, 7)), score_line((3, 0, 5))
    ('12-7', '3-0-5')
    """
    if not isinstance(scores, (tuple, list)):
        raise MusError(f"scores are a list of numbers, one per side, got {quoted(scores)}")
    return "-".join(str(whole(score, "a score")) for score in scores)


def _team_bonus(lance: Lance, hands: Sequence[Hand], team: int, rules: Rules, seats: Sequence[int]) -> int:
    if lance is _PUNTO:
        return rules.payouts.punto
    team_of = rules.team_of
    table = rules.bonuses
    if table is None:  # house rules see each hand
        return sum(
            rules.bonus(lance, hand)
            for seat, hand in enumerate(hands)
            if team_of[seat] == team and (not seats or seat in seats)
        )
    stones = table[lance]
    return sum(
        stones[hand.multiset]
        for seat, hand in enumerate(hands)
        if team_of[seat] == team and (not seats or seat in seats)
    )


def false_declarations(lance: Lance, hands: Sequence[Hand], rules: Rules, seats: Sequence[int]) -> tuple[int, ...]:
    """The seats among ``seats`` that declared pares (juego) without having it.

    Only possible under ``declarations="explicit"``; always empty otherwise. The
    engine's, unchecked (as :func:`showdown`).

    >>> from mus import Hand, Lance, Rules
    >>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> false_declarations(Lance.PARES, hands, Rules(), (0, 1, 2))
    (2,)
    """
    if lance is _PARES:
        keys = rules.ranking.keys[_PARES]
        return tuple(seat for seat in seats if not keys[hands[seat].multiset])
    if lance is _JUEGO:
        totals = rules.ranking.points
        return tuple(seat for seat in seats if totals[hands[seat].multiset] < 31)
    return ()


def lance_winner(lance: Lance, hands: Sequence[Hand], rules: Rules, mano: int, seats: Sequence[int] = ()) -> int | None:
    """The winning seat of a lance among ``seats`` (all seats if empty), ties to the mano.

    >>> from mus import Hand, Lance, Rules
    >>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> lance_winner(Lance.CHICA, hands, Rules(), mano=0), lance_winner(Lance.CHICA, hands, Rules(), mano=0, seats=(0, 1))
    (3, 0)
    """
    rules = rules_arg(rules)
    return showdown(
        lance_arg(lance), hands_arg(hands, rules), rules, seat_arg(mano, rules, "the mano"), seats_arg(seats, rules)
    )


def showdown(lance: Lance, hands: Sequence[Hand], rules: Rules, mano: int, seats: Sequence[int] = ()) -> int | None:
    """The winning seat of a lance when the cards are shown: :func:`lance_winner`
    without its checks, for the engine, whose arguments are right by construction.

    >>> from mus import Hand, Lance, Rules
    >>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> showdown(Lance.GRANDE, hands, Rules(), 1), showdown(Lance.PARES, hands, Rules(), 1, (1, 2))
    (0, 1)
    """
    keys = rules.ranking.keys[lance]
    best = None
    best_key = 0 if lance is _PARES or lance is _JUEGO else -1
    if len(seats) == len(hands):
        seats = ()  # every seat: no need to ask for each
    for seat in rules.orders[mano]:
        if seats and seat not in seats:
            continue
        key = keys[hands[seat].multiset]
        if key > best_key:
            best = seat
            best_key = key
    return best


def count(
    hands: Sequence[Hand],
    results: Sequence[LanceResult],
    rules: Rules,
    *,
    mano: int,
    scores: Sequence[int],
) -> Count:
    """Count the lances in order from ``scores``, stopping when a side reaches the target.

    ``hands`` are listed by seat; ``results`` say how each lance's betting ended, in
    lance order; ``scores`` has one entry per side. Refusal stones are already in
    ``scores`` (they were taken at the fold).

    >>> from mus import Hand, Rules
    >>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> print(count(hands, [LanceResult(Lance.PARES, Outcome.REFUSED, stake=1, team=1, seats=(0, 1, 3))], Rules(), mano=0, scores=(0, 1)))
    pares: team 1 wins by refusal: 1 stone taken at the fold, then 2 bonus stones
    score 0-3
    """
    rules = rules_arg(rules)
    hands = hands_arg(hands, rules)
    mano = seat_arg(mano, rules, "the mano")
    if not isinstance(scores, (tuple, list)) or len(scores) != rules.teams:
        raise MusError(f"the count needs {rules.teams} scores, one per side, got {quoted(scores)}")
    scores = tuple(whole(score, "a score") for score in scores)
    if not isinstance(results, (tuple, list)) or not all(isinstance(result, LanceResult) for result in results):
        raise MusError(f"results are a list of LanceResult values, got {quoted(results)}")
    for result in results:
        if result.team is not None and result.team >= rules.teams:
            raise MusError(f"{result}: there is no team {result.team} at a table of {rules.teams} sides")
        for seat in result.seats + result.folded:
            seat_arg(seat, rules, f"a seat of the {result.lance} result")
    return record(tally(hands, results, rules, mano, scores), rules.individual)


Tally = tuple[list[tuple[Any, ...]], tuple[int, ...], int | None, int | None, tuple[Lance, ...]]
"""The raw count, ``(rows, scores, winner, index of the last counted lance,
uncounted lances)``: the engine keeps it and builds the :class:`Count` only when asked."""


def tally(
    hands: Sequence[Hand], results: Sequence[LanceResult], rules: Rules, mano: int, scores: tuple[int, ...]
) -> Tally:
    """The count as plain tuples (no checks, no records): the engine's hot path.

    Its parts are the rows of the count lines, the scores after the count, the winner
    (or ``None``), the row at which the count stopped (or ``None``) and the lances not
    counted; :func:`record` makes the :class:`Count` of it.

    >>> import mus
    >>> hands = [mus.Hand.parse(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> grande = LanceResult(mus.Lance.GRANDE, Outcome.EN_PASO, 0, None, (0, 1, 2, 3))
    >>> rows, scores, winner, stop, uncounted = tally(hands, [grande], mus.Rules(), 0, (0, 0))
    >>> len(rows), scores, winner
    (1, (1, 0), None)
    """
    score = list(scores)
    rows: list[tuple[Any, ...]] = []
    team_of = rules.team_of
    target = rules.target
    explicit = rules.declarations == "explicit"
    no_liars: tuple[int, ...] = ()
    forfeit: set[int | None] = set()
    for index, result in enumerate(results):
        lance = result.lance
        outcome = result.outcome
        seat: int | None = None
        team: int | None = None
        bet = extra = 0
        liars = no_liars
        if explicit:
            declared = result.seats + tuple(s for s in result.folded if s not in result.seats)
            liars = false_declarations(lance, hands, rules, declared)
            # A false "yes" loses the lance for the liar's side, partner's cards and all.
            forfeit = {team_of[liar] for liar in liars}
        if outcome is _REFUSED or outcome is _NO_BET:
            if outcome is _REFUSED or result.team not in forfeit:
                team = result.team
            if team is not None and team not in forfeit and lance >= _PARES:
                extra = _team_bonus(lance, hands, team, rules, result.seats)
        elif outcome is not _VOID:
            seats = tuple(s for s in result.seats if team_of[s] not in forfeit) if forfeit else result.seats
            if seats or not forfeit:
                seat = showdown(lance, hands, rules, mano, seats)
            if outcome is _ORDAGO and result.team is not None:
                team = result.team
            elif seat is not None:
                team = team_of[seat]
            if outcome is _ACCEPTED:
                bet = result.stake
            elif outcome is _EN_PASO and lance <= _CHICA:
                bet = rules.payouts.en_paso
            if team is not None and outcome is not _ORDAGO and lance >= _PARES:
                extra = _team_bonus(lance, hands, team, rules, seats)
        if team is None:
            bet = 0  # an accepted stake that every side forfeited pays nobody
        elif outcome is not _ORDAGO:
            score[team] += bet + extra
        refusal = result.stake if outcome is _REFUSED else 0
        rows.append((lance, outcome, team, seat, bet, refusal, extra, tuple(score), liars))
        if outcome is _ORDAGO or (team is not None and score[team] >= target):
            return rows, tuple(score), team, index, tuple(later.lance for later in results[index + 1 :])
    return rows, tuple(score), None, None, ()


_REFUSED, _NO_BET, _VOID, _ORDAGO, _ACCEPTED, _EN_PASO = (
    Outcome.REFUSED,
    Outcome.NO_BET,
    Outcome.VOID,
    Outcome.ORDAGO,
    Outcome.ACCEPTED,
    Outcome.EN_PASO,
)


def record(raw: Tally, individual: bool = False) -> Count:
    """The :class:`Count` record of a :func:`tally` (``individual``: every seat plays
    for itself, and the texts name seats rather than teams). The engine's, unchecked:
    :func:`count` checks what it counts.

    >>> import mus
    >>> hands = [mus.Hand.parse(t) for t in ("Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> grande = LanceResult(mus.Lance.GRANDE, Outcome.EN_PASO, 0, None, (0, 1, 2, 3))
    >>> counted = record(tally(hands, [grande], mus.Rules(), 0, (0, 0)))
    >>> counted.scores, [str(line) for line in counted.lines]
    ((1, 0), ['grande: team 0 (seat 0) wins en paso: 1 stone'])
    """
    rows, scores, winner, stop, uncounted = raw
    lines = tuple(
        CountLine(lance, outcome, team, seat, bet, refusal, extra, after, liars, individual=individual)
        for lance, outcome, team, seat, bet, refusal, extra, after, liars in rows
    )
    if winner is None or stop is None:
        return Count(lines, scores, individual=individual)
    return Count(lines, scores, winner, lines[stop].lance, uncounted, individual=individual)
