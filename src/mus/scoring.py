"""The count (tanteo): settling the lances in order, stopping at the target.

How the betting on each lance ended is a :class:`LanceResult`; :func:`count` turns the
hands and those results into a :class:`Count` record, lance by lance, exactly as
RULES.md section 8 says. It is pure: scripts that know the hands and each lance's
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

import enum
from typing import Sequence

import attrs

from mus.errors import MusError
from mus.hand import Hand
from mus.lances import Lance, bonus
from mus.rules import Rules

__all__ = ["Outcome", "LanceResult", "CountLine", "Count", "count", "lance_winner"]


class Outcome(enum.Enum):
    """How the betting on a lance ended."""

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

    def __str__(self) -> str:
        return self.value


def _check_team(instance: object, attribute: attrs.Attribute[int | None], value: object) -> None:
    if value is not None and value not in (0, 1):
        raise MusError(f"a team is 0 or 1, got {value!r}")


@attrs.frozen
class LanceResult:
    """How the betting on one lance ended.

    * ``stake``: for ``ACCEPTED`` the stake at the count; for ``REFUSED`` the refusal
      stones already taken;
    * ``team``: for ``REFUSED`` the team whose bet was refused (it won the lance), for
      ``NO_BET`` the only team with the combination, for ``ORDAGO`` the winner (the
      count finds it from the cards when not given);
    * ``seats``: the seats still in the lance when its betting ended, whose cards and
      bonuses count (pares and juego: those that have it, less any that folded while
      a partner went on; empty means every seat).

    >>> str(LanceResult(Lance.GRANDE, Outcome.REFUSED, stake=1, team=1))
    'grande: refused, 1 stone to team 1'
    """

    lance: Lance
    outcome: Outcome
    stake: int = 0
    team: int | None = attrs.field(default=None, validator=_check_team)
    seats: tuple[int, ...] = ()

    def __attrs_post_init__(self) -> None:
        needs_team = self.outcome in (Outcome.REFUSED, Outcome.NO_BET)
        if needs_team and self.team is None or self.outcome in (Outcome.EN_PASO, Outcome.ACCEPTED, Outcome.VOID) and self.team is not None:
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


def _stones(n: int) -> str:
    return f"{n} stone{'' if n == 1 else 's'}"


@attrs.frozen
class CountLine:
    """One lance of the count: who won it, why, and the stones it paid.

    ``bet`` is what the bet paid at the count (stake or en paso value), ``refusal`` the
    stones already taken when the bet was refused (not added again), ``bonus`` the
    pares/juego/punto bonus stones; ``scores`` is the score after the line.
    """

    lance: Lance
    outcome: Outcome
    team: int | None
    seat: int | None
    bet: int
    refusal: int
    bonus: int
    scores: tuple[int, int]

    @property
    def stones(self) -> int:
        """The stones this line adds to the score."""
        return self.bet + self.bonus

    def __str__(self) -> str:
        if self.team is None:
            return f"{self.lance}: void, nobody scores"
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
        if self.bonus and self.bet:
            paid = f"{self.bet} + {bonus}"
        else:
            paid = bonus if self.bonus else _stones(self.bet)
        return f"{self.lance}: {who} wins {why}: {paid}"


@attrs.frozen
class Count:
    """The record of a count: its lines, the final score, and where it stopped.

    ``winner`` is the team that reached the target (or won an órdago), ``stopped_at``
    the lance after which counting stopped (``None`` when every lance was counted), and
    ``uncounted`` the lances left uncounted because the game was already won.
    """

    lines: tuple[CountLine, ...]
    scores: tuple[int, int]
    winner: int | None = None
    stopped_at: Lance | None = None
    uncounted: tuple[Lance, ...] = ()

    def __str__(self) -> str:
        text = "\n".join(map(str, self.lines))
        if self.winner is not None:
            text += f"\nteam {self.winner} wins the game"
            if self.uncounted:
                text += f"; not counted: {', '.join(map(str, self.uncounted))}"
        return text + f"\nscore {self.scores[0]}-{self.scores[1]}"


def _team_bonus(lance: Lance, hands: Sequence[Hand], team: int, rules: Rules, seats: Sequence[int]) -> int:
    if lance == Lance.PUNTO:
        return rules.payouts.punto
    teams = rules.teams
    return sum(
        bonus(lance, hand, rules)
        for seat, hand in enumerate(hands)
        if teams[seat] == team and (not seats or seat in seats)
    )


def lance_winner(lance: Lance, hands: Sequence[Hand], rules: Rules, mano: int, seats: Sequence[int] = ()) -> int | None:
    """The winning seat of a lance among ``seats`` (all seats if empty), ties to the mano.

    >>> from mus import Hand, Lance, Rules
    >>> hands = [Hand.parse(t) for t in ("Ro Rc Se 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c")]
    >>> lance_winner(Lance.CHICA, hands, Rules(), mano=0), lance_winner(Lance.CHICA, hands, Rules(), mano=0, seats=(0, 1))
    (3, 0)
    """
    # winner() over the hands in speaking order, without building the lists.
    keys = rules.ranking.keys[lance]
    n = rules.seats
    best = None
    best_key = 0 if lance is Lance.PARES or lance is Lance.JUEGO else -1
    for i in range(n):
        seat = (mano + i) % n
        if seats and seat not in seats:
            continue
        key = keys[hands[seat].multiset]
        if key > best_key:
            best, best_key = seat, key
    return best


def count(
    hands: Sequence[Hand],
    results: Sequence[LanceResult],
    rules: Rules,
    *,
    mano: int,
    scores: tuple[int, int],
) -> Count:
    """Count the lances in order from ``scores``, stopping when a team reaches the target.

    ``hands`` are listed by seat; ``results`` say how each lance's betting ended, in
    lance order. Refusal stones are already in ``scores`` (they were taken at the fold).
    """
    if len(hands) != rules.seats:
        raise MusError(f"the count needs {rules.seats} hands, got {len(hands)}")
    score = list(scores)
    lines: list[CountLine] = []
    teams = rules.teams
    for index, result in enumerate(results):
        lance = result.lance
        seat: int | None = None
        team: int | None
        bet = extra = 0
        if result.outcome == Outcome.VOID:
            team = None
        elif result.outcome in (Outcome.REFUSED, Outcome.NO_BET):
            team = result.team
            if lance in (Lance.PARES, Lance.JUEGO, Lance.PUNTO):
                extra = _team_bonus(lance, hands, team, rules, result.seats)  # type: ignore[arg-type]
        else:
            seat = lance_winner(lance, hands, rules, mano, result.seats)
            team = None if seat is None else teams[seat]
            if result.outcome == Outcome.ACCEPTED:
                bet = result.stake
            elif lance in (Lance.GRANDE, Lance.CHICA) and result.outcome == Outcome.EN_PASO:
                bet = rules.payouts.en_paso
            if team is not None and lance in (Lance.PARES, Lance.JUEGO, Lance.PUNTO):
                extra = _team_bonus(lance, hands, team, rules, result.seats)
        if team is not None and result.outcome != Outcome.ORDAGO:
            score[team] += bet + extra
        refusal = result.stake if result.outcome == Outcome.REFUSED else 0
        lines.append(CountLine(lance, result.outcome, team, seat, bet, refusal, extra, (score[0], score[1])))
        if result.outcome == Outcome.ORDAGO or (team is not None and score[team] >= rules.target):
            rest = tuple(later.lance for later in results[index + 1 :])
            return Count(tuple(lines), (score[0], score[1]), team, lance, rest)
    return Count(tuple(lines), (score[0], score[1]))
