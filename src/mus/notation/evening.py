"""Paper records of a whole match: an evening at a table, written down hand after hand
as the scorekeeper keeps it, with no seed and no stock.

A ``mus-match 1`` header, its ``rules`` line (optional, as in any record), an optional
``players`` line naming the seats' players, the first hand's ``mano``, then one block
per hand: its ``hand N`` line (``N`` counts the hands of its game, from 1), an optional
``mano`` line, its ``scores`` line, and the rest of a paper record of a hand (its
``hands`` line, ``?`` for a hand nobody saw, and its actions, each discard saying what
its seat drew; :mod:`mus.notation.paper`). The hands are checked against each other as a
match plays them (:func:`mus.match.settle`): each starts from the score the hand before
ended with (from 0-0 once a game is won), its mano is the seat after the last hand's
(after the cutter's, under mus corrido), a hand follows only a hand that ended, and none
follows the end of the match. The first hand may start from any score.

>>> import mus
>>> evening = '''
... mus-match 1
... rules target=40 games_to_win=2
... players Ane Beñat Carmen Dani
... mano Ane
... hand 1
... scores 39-30
... hands So 4b 2e 1b / ? / ? / ?
... Ane no hay mus
... Ane envido
... Beñat no quiero
... Dani no quiero
... # score 40-30
... hand 1
... scores 0-0
... hands Co 7e 4b 1o / Cc 6c 5o 1c / Ro Rc Re Rb / Sb 7b 5b 2o
... Beñat no hay mus
... Beñat órdago
... Carmen quiero
... # team 0 wins the match, 2-0 in games
... '''
>>> played = mus.notation.read_match(evening)
>>> [hand.state.scores for hand in played.hands], played.numbers, played.winner, played.games
([(40, 30), (0, 0)], ((1, 1), (2, 1)), 0, (2, 0))
>>> mus.notation.read_match(evening.replace("scores 0-0", "scores 1-0"))
Traceback (most recent call last):
...
mus.errors.NotationError: line 15: this hand starts from the score 0-0 (a game was won), not 1-0
"""

from __future__ import annotations

import attrs

from mus.errors import NotationError
from mus.match import settle
from mus.notation.lines import Lines
from mus.notation.paper import HandRecord
from mus.notation.reading import (
    check_comments,
    check_match_end,
    match_end,
    paper_hand,
    read_mano,
    read_scores,
    scores_text,
)
from mus.rules import Rules

__all__ = ["PaperMatch", "paper_match"]


@attrs.frozen
class PaperMatch:
    """A paper record of a match, read and checked (:func:`mus.notation.read_match`).

    ``hands`` are its hands' records (:class:`~mus.notation.paper.HandRecord`), in
    order; ``numbers`` gives each its game and its number in that game (both from 1),
    ``lines`` the line of its ``hand N`` line; ``players`` are the names of the
    ``players`` line (``()`` without one); ``games`` and ``vacas`` what each side has
    won at the end of the record, ``over`` whether the match is.
    """

    rules: Rules
    players: tuple[str, ...]
    first_mano: int
    hands: tuple[HandRecord, ...]
    numbers: tuple[tuple[int, int], ...]
    lines: tuple[int, ...]
    games: tuple[int, ...]
    vacas: tuple[int, ...]
    over: bool

    @property
    def winner(self) -> int | None:
        """The side that won the match, or ``None`` while it goes on."""
        vacas = self.vacas
        return vacas.index(max(vacas)) if self.over and max(vacas) >= self.rules.vacas_to_win else None


def paper_match(lines: Lines, rules: Rules, players: tuple[str, ...]) -> PaperMatch:
    """The paper record of a match whose ``lines`` stand at its ``mano`` line (the
    header, rules and players read: ``rules``, ``players``)."""
    number, text = lines.field("mano")
    first_mano = read_mano(number, text, rules.seats, players)
    mano, scores, corrido = first_mano, None, None
    games = vacas = (0,) * rules.teams
    game, in_game = 1, 0
    hands: list[HandRecord] = []
    numbers: list[tuple[int, int]] = []
    starts: list[int] = []
    over = False
    while lines.peek() is not None:
        start = lines.at
        number, text = lines.field("hand")
        if over:
            raise NotationError(f"line {number}: the match was already over")
        if hands and not hands[-1].state.is_over:
            raise NotationError(f"line {number}: the hand before is not over: a record goes on once a hand has ended")
        in_game += 1
        if text != str(in_game):
            raise NotationError(f"line {number}: expected hand {in_game} (of game {game})")
        where: dict[str, int] = {}
        if (entry := lines.peek()) is not None and entry[1].partition(" ")[0] == "mano":
            number, text = lines.field("mano")
            written = read_mano(number, text, rules.seats, players)
            if written != mano:
                raise NotationError(f"line {number}: the mano of this hand is seat {mano}, not seat {written}")
            where["mano"] = number
        number, text = lines.field("scores")
        written_scores = read_scores(number, text, rules.teams)
        if scores is not None and written_scores != scores:
            raise NotationError(
                f"line {number}: this hand starts from the score {scores_text(scores)}"
                f"{' (a game was won)' if in_game == 1 else ', where the hand before ended'}, "
                f"not {scores_text(written_scores)}"
            )
        where.setdefault("mano", number)
        where["scores"] = number
        record, after, first = paper_hand(lines, rules, (mano, written_scores, corrido), players, where, "hand")
        check_comments(lines.placed_comments(start, lines.at), first, after, record.state)
        hands.append(record)
        numbers.append((game, in_game))
        starts.append(start)
        hand = record.state
        if hand.is_over:
            settled = settle(rules, hand, games, vacas, len(hands))
            games, vacas, over = settled.games, settled.vacas, settled.over
            mano, scores, corrido = settled.mano, settled.scores, settled.corrido
            if hand.winner is not None:
                game, in_game = game + 1, 0
    played = PaperMatch(
        rules,
        players,
        first_mano,
        tuple(hands),
        tuple(numbers),
        tuple(lines.lines[start][0] for start in starts),
        games,
        vacas,
        over,
    )
    ending = match_end(rules, played.winner, games, vacas) if over else None
    check_match_end(lines.numbered_comments(0, len(lines.lines)), ending)
    return played
