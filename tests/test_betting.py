"""Betting on a lance and the count (rules sections 6, 7 and 8), scenario by scenario.

Every test plays a hand with explicit cards, so the winner of each lance is known, and
every expected number is worked out by hand from the rules page (docs/rules.rst) in the comments next to it
(not read back from the engine). Actions are applied with ``seat=...`` so that each
step also checks whose turn it is.

Hand sets used below (mano 0 unless a test says otherwise; eight kings, no 2s or 3s):

``PLAIN``: nobody has pares, nobody has juego.
    seat 0  Ro 7e 6b 5c   grande R 7 6 5 (best)      punto 28 (best)
    seat 1  Co 7o 4e 1b   grande C 7 4 1             chica 1 4 7 C (best)   punto 22
    seat 2  Se 6o 5e 4c   grande S 6 5 4             punto 25
    seat 3  7c 6c 5b 1o   chica 1 5 6 7              punto 19
    All passed: grande 1 to team 0, chica 1 to team 1, pares void, punto 1 to team 0
    -> 2-1.

``PLAIN_B``: seats 0 and 1 of ``PLAIN`` swapped: seat 1 has the best grande (team 1),
    seat 0 the best chica (team 0), seat 1 the best punto (team 1).

``PJ``: every seat has pares; seats 0, 1, 2 have juego.
    seat 0  Ro Rc 7e 4b   pareja of reyes (1)    juego 31 (3)   grande best
    seat 1  Co Cc Se 1o   pareja of caballos (1) juego 31 (3)   chica best
    seat 2  So Sc Sb 5o   medias of sotas (2)    juego 35 (2)
    seat 3  6o 6c 4o 4c   duples 6-4 (3)         20, no juego
    Pares: seat 3 best -> team 1, bonuses 1 + 3 = 4.
    Juego: 31 held by seats 0 and 1, the tie goes to the seat nearest the mano.
    With mano 0: team 0, bonuses 3 + 2 = 5.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterable, Sequence

import pytest

import mus
from mus import (
    Accept,
    Bet,
    Declare,
    Fold,
    IllegalActionError,
    Lance,
    Ordago,
    Outcome,
    Pass,
    Phase,
)

RULES = mus.Rules()

PLAIN = ["Ro 7e 6b 5c", "Co 7o 4e 1b", "Se 6o 5e 4c", "7c 6c 5b 1o"]
PLAIN_B = ["Co 7o 4e 1b", "Ro 7e 6b 5c", "Se 6o 5e 4c", "7c 6c 5b 1o"]
PJ = ["Ro Rc 7e 4b", "Co Cc Se 1o", "So Sc Sb 5o", "6o 6c 4o 4c"]

Step = tuple[int, str]


def deal(
    hands: Sequence[str], *, mano: int = 0, scores: tuple[int, int] = (0, 0), rules: mus.Rules = RULES
) -> mus.HandState:
    return mus.new_hand(rules, seed=7, hands=list(hands), mano=mano, scores=scores)


def play(state: mus.HandState, steps: Iterable[Step]) -> mus.HandState:
    """Apply ``(seat, action text)`` steps, each checked to come from the seat to act."""
    for seat, text in steps:
        assert state.to_act == seat, f"expected seat {seat} to act before {text!r}, not {state.to_act}"
        state = mus.apply(state, text, seat=seat)
    return state


def betting(hands: Sequence[str], steps: Iterable[Step] = (), **kwargs: object) -> mus.HandState:
    """Deal, cut the mus at once (the mano says no-mus), then play ``steps``."""
    state = deal(hands, **kwargs)  # type: ignore[arg-type]
    state = mus.apply(state, "no-mus", seat=state.mano)
    assert state.phase is Phase.BETTING and state.lance is Lance.GRANDE
    return play(state, steps)


def passes(*seats: int) -> list[Step]:
    return [(seat, "pass") for seat in seats]


ALL_PASS = passes(0, 1, 2, 3)


def result(state: mus.HandState, lance: Lance) -> mus.LanceResult:
    found = [r for r in state.results if r.lance is lance]
    assert len(found) == 1, f"{lance} has {len(found)} results in {state.results}"
    return found[0]


def line(state: mus.HandState, lance: Lance) -> mus.CountLine:
    assert state.count is not None
    found = [entry for entry in state.count.lines if entry.lance is lance]
    assert len(found) == 1
    return found[0]


def snapshot(state: mus.HandState) -> mus.HandState:
    copy: mus.HandState = pickle.loads(pickle.dumps(state))
    return copy


# --------------------------------------------------------------------------------------
# Section 7, worked examples of the stakes (all on grande, PLAIN, mano 0)
# --------------------------------------------------------------------------------------


class TestWorkedStakes:
    def test_envido_2_folded_pays_1(self) -> None:
        state = betting(PLAIN, [(0, "envido 2"), (1, "no quiero")])
        assert state.scores == (0, 0) and state.lance is Lance.GRANDE and state.to_act == 3
        state = play(state, [(3, "no quiero")])
        # "A envido 2, B folds: A gets 1", taken at once.
        assert state.scores == (1, 0)
        assert state.lance is Lance.CHICA
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.team, r.stake) == (Outcome.REFUSED, 0, 1)

    @pytest.mark.parametrize("size", [2, 3, 10, 39])
    def test_first_bet_refused_pays_1_whatever_its_size(self, size: int) -> None:
        state = betting(PLAIN, [(0, f"bet {size}"), (1, "fold"), (3, "fold")])
        assert state.scores == (1, 0)

    def test_envido_2_raise_5_fold_pays_2(self) -> None:
        # A (seat 0) envido 2, B (seat 1) raises 5: stake 7; A folds (both seats): B gets 2.
        state = betting(PLAIN, [(0, "envido 2"), (1, "envido 5")])
        assert state.to_act == 2  # team 0 answers, from the seat after the raiser
        state = play(state, [(2, "fold"), (0, "fold")])
        assert state.scores == (0, 2)
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.team, r.stake) == (Outcome.REFUSED, 1, 2)

    def test_envido_2_raise_5_raise_10_fold_pays_7(self) -> None:
        state = betting(PLAIN, [(0, "bet 2"), (1, "bet 5"), (2, "bet 10"), (3, "fold"), (1, "fold")])
        assert state.scores == (7, 0)
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.team, r.stake) == (Outcome.REFUSED, 0, 7)

    def test_envido_2_raise_5_raise_10_accepted_puts_17_at_stake(self) -> None:
        state = betting(PLAIN, [(0, "bet 2"), (1, "bet 5"), (2, "bet 10"), (3, "quiero")])
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.stake) == (Outcome.ACCEPTED, 17)
        assert state.scores == (0, 0)  # settled at the count, not now
        state = play(state, ALL_PASS + ALL_PASS)  # chica, then punto (pares void, no juego)
        assert state.phase is Phase.FINISHED
        # grande 17 to seat 0 (team 0); chica 1 to team 1; punto en paso 1 to team 0.
        assert line(state, Lance.GRANDE).team == 0
        assert line(state, Lance.GRANDE).stones == 17
        assert state.scores == (18, 1)

    def test_envido_2_raise_2_raise_5_raise_10_fold_pays_9(self) -> None:
        # stakes 2, 4, 9, 19; the raiser of 10 (seat 3, team 1) gets 9 when team 0 folds.
        state = betting(PLAIN, [(0, "bet 2"), (1, "bet 2"), (2, "bet 5"), (3, "bet 10")])
        assert state.to_act == 0
        state = play(state, [(0, "fold"), (2, "fold")])
        assert state.scores == (0, 9)

    def test_ordago_refused_as_first_bet_pays_1(self) -> None:
        state = betting(PLAIN, [(0, "órdago"), (1, "no quiero"), (3, "no quiero")])
        assert state.scores == (1, 0)
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.team, r.stake) == (Outcome.REFUSED, 0, 1)
        assert state.winner is None and state.lance is Lance.CHICA

    def test_ordago_as_raise_refused_pays_the_stake_before_it(self) -> None:
        # envido 2, raise 5 (stake 7), órdago by seat 2, team 1 folds: team 0 gets 7.
        state = betting(PLAIN, [(0, "bet 2"), (1, "bet 5"), (2, "ordago"), (3, "fold"), (1, "fold")])
        assert state.scores == (7, 0)
        # envido 2, órdago over it, team 0 folds: team 1 gets 2.
        state = betting(PLAIN, [(0, "bet 2"), (1, "ordago"), (2, "fold"), (0, "fold")])
        assert state.scores == (0, 2)

    @pytest.mark.parametrize("steps", [[(0, "ordago")], [(0, "bet 2"), (1, "bet 3"), (2, "ordago")]])
    def test_nothing_can_be_raised_over_an_ordago(self, steps: list[Step]) -> None:
        state = betting(PLAIN, steps)
        legal = state.legal_actions()
        # Both seats of team 1 still answer, so one word may fold for both (legal, not
        # listed: it ends the lance as their two folds would).
        assert set(legal) == {Accept(), Fold()} and mus.TeamFold() in legal
        assert legal.min_bet is None
        for action in (Bet(2), Bet(10), Ordago(), Pass()):
            assert action not in legal
            assert not state.is_legal(action)
            before = snapshot(state)
            with pytest.raises(IllegalActionError):
                mus.apply(state, action)
            assert state == before
        with pytest.raises(IllegalActionError, match="órdago"):
            mus.apply(state, Bet(2))
        assert Accept() in legal and Fold() in legal


# --------------------------------------------------------------------------------------
# Refusal stones are taken at once and can end the game mid-hand
# --------------------------------------------------------------------------------------


class TestRefusalStones:
    def test_taken_at_the_fold_before_any_count(self) -> None:
        state = betting(PLAIN, [*ALL_PASS, (0, "bet 4"), (1, "bet 2")])  # chica: stake 6, previous 4
        assert state.lance is Lance.CHICA and state.scores == (0, 0)
        state = play(state, [(2, "fold")])
        assert state.scores == (0, 0)  # seat 0 still answers for team 0
        state = play(state, [(0, "fold")])
        assert state.scores == (0, 4)  # at once: the stake before the refused raise
        assert state.count is None and state.lance is Lance.PUNTO
        state = play(state, ALL_PASS)
        # count: grande en paso 1 to team 0; chica already paid (nothing more); punto 1 to team 0.
        assert state.scores == (2, 4)
        chica = line(state, Lance.CHICA)
        assert (chica.team, chica.stones, chica.refusal) == (1, 0, 4)

    def test_a_first_bet_refusal_ends_the_game_on_the_spot(self) -> None:
        state = betting(PLAIN, [(0, "bet 2"), (1, "fold"), (3, "fold")], scores=(39, 38))
        assert state.scores == (40, 38)
        assert state.winner == 0 and state.game_over
        assert state.phase is Phase.FINISHED and state.to_act is None
        assert state.count is None

    def test_team_at_32_wins_by_a_9_stone_refusal_and_the_accepted_grande_is_never_counted(self) -> None:
        # PLAIN_B: seat 1 (team 1) has the best grande. Team 0 at 32, team 1 at 20.
        # Grande: seat 1 bets 40, seat 2 accepts: 40 at stake, which would give team 1 the game.
        state = betting(PLAIN_B, [(0, "pass"), (1, "bet 40"), (2, "accept")], scores=(32, 20))
        assert result(state, Lance.GRANDE).outcome is Outcome.ACCEPTED
        assert result(state, Lance.GRANDE).stake == 40
        assert state.lance is Lance.CHICA and state.scores == (32, 20)
        # Chica: 2, +2 (4), +5 (9), +10 (19) by seat 0; team 1 folds: team 0 takes 9 at once.
        state = play(state, [(0, "pass"), (1, "bet 2"), (2, "bet 2"), (3, "bet 5"), (0, "bet 10"), (1, "fold")])
        assert state.scores == (32, 20) and state.to_act == 3
        state = play(state, [(3, "fold")])
        assert state.scores == (41, 20)  # 32 + 9; the grande 40 is never added to team 1
        assert state.winner == 0
        assert state.phase is Phase.FINISHED
        assert state.to_act is None
        assert state.count is None  # no count at all
        assert list(state.legal_actions()) == []
        with pytest.raises(IllegalActionError):
            mus.apply(state, "pass")
        assert [r.lance for r in state.results] == [Lance.GRANDE, Lance.CHICA]
        r = result(state, Lance.CHICA)
        assert (r.outcome, r.team, r.stake) == (Outcome.REFUSED, 0, 9)


# --------------------------------------------------------------------------------------
# Section 8: the count stops at the target
# --------------------------------------------------------------------------------------


STOP = ["7o 7c 7e 1b", "Ro Cc Se 1o", "4o 4c 5b 6e", "Rc Ce Sc 7b"]
# seat 0: medias of sietes (2), 22       seat 1: no pares, juego 31 (3)
# seat 2: pareja of cuatros (1), 19      seat 3: no pares, juego 37 (2), grande R C S 7 (best)
# chica: seat 0 (1 7 7 7) beats seat 1 (1 S C R) at the second card.
# Pares: team 0 only (no bet, bonuses 3); juego: team 1 only (no bet, bonuses 5).


class TestCountStops:
    def test_one_team_only_pares_and_juego_no_bet_and_bonuses(self) -> None:
        state = betting(STOP, ALL_PASS + ALL_PASS)
        # Nobody bets on pares or juego: the hand is over after the chica.
        assert state.phase is Phase.FINISHED and state.to_act is None
        pares = result(state, Lance.PARES)
        juego = result(state, Lance.JUEGO)
        assert (pares.outcome, pares.team) == (Outcome.NO_BET, 0)
        assert (juego.outcome, juego.team) == (Outcome.NO_BET, 1)
        # grande 1 to team 1 (seat 3), chica 1 to team 0 (seat 0), pares 2+1 to team 0,
        # juego 3+2 to team 1.
        assert line(state, Lance.PARES).stones == 3
        assert line(state, Lance.JUEGO).stones == 5
        assert state.scores == (4, 6)
        # Declarations are derived and recorded in speaking order.
        declared = [(seat, a) for seat, a in state.history if isinstance(a, Declare)]
        assert declared == [
            (0, Declare(Lance.PARES, True)),
            (1, Declare(Lance.PARES, False)),
            (2, Declare(Lance.PARES, True)),
            (3, Declare(Lance.PARES, False)),
            (0, Declare(Lance.JUEGO, False)),
            (1, Declare(Lance.JUEGO, True)),
            (2, Declare(Lance.JUEGO, False)),
            (3, Declare(Lance.JUEGO, True)),
        ]

    def test_count_stops_at_pares(self) -> None:
        # 36-38: grande 1 to team 1 (39), chica 1 to team 0 (37), pares 3 to team 0 (40):
        # team 0 wins; juego (5 to team 1, which would make 44) is never counted.
        state = betting(STOP, ALL_PASS + ALL_PASS, scores=(36, 38))
        assert state.phase is Phase.FINISHED
        record = state.count
        assert record is not None
        assert state.scores == record.scores == (40, 39)
        assert state.winner == record.winner == 0
        assert record.stopped_at is Lance.PARES
        assert record.uncounted == (Lance.JUEGO,)
        assert [entry.lance for entry in record.lines] == [Lance.GRANDE, Lance.CHICA, Lance.PARES]

    def test_count_stops_at_grande(self) -> None:
        # PLAIN at 30-39: grande 10 accepted to team 0 reaches 40 first; the chica (1 to
        # team 1, which would make 40) and the punto are not counted.
        state = betting(PLAIN, [(0, "bet 10"), (1, "accept"), *ALL_PASS, *ALL_PASS], scores=(30, 39))
        record = state.count
        assert record is not None
        assert state.scores == (40, 39) and state.winner == 0
        assert record.stopped_at is Lance.GRANDE
        assert Lance.CHICA in record.uncounted and Lance.PUNTO in record.uncounted
        assert len(record.lines) == 1

    def test_no_winner_when_nobody_reaches_the_target(self) -> None:
        state = betting(PLAIN, ALL_PASS * 3)
        assert state.count is not None
        assert state.scores == (2, 1)
        assert state.winner is None and state.count.winner is None
        assert state.count.stopped_at is None and state.count.uncounted == ()


# --------------------------------------------------------------------------------------
# Section 8: what each lance pays
# --------------------------------------------------------------------------------------


class TestPunto:
    def test_juego_replaced_by_punto_when_nobody_has_juego(self) -> None:
        state = betting(PLAIN, ALL_PASS + ALL_PASS)
        assert state.lance is Lance.PUNTO and state.to_act == 0
        assert set(state.legal_actions()) == {Pass(), Bet(2), Ordago()}
        declared = [(seat, a) for seat, a in state.history if isinstance(a, Declare)]
        assert declared == [(s, Declare(Lance.PARES, False)) for s in range(4)] + [
            (s, Declare(Lance.JUEGO, False)) for s in range(4)
        ]
        assert result(state, Lance.PARES).outcome is Outcome.VOID
        assert result(state, Lance.PARES).team is None

    def test_pares_void_scores_nothing(self) -> None:
        state = betting(PLAIN, ALL_PASS * 3)
        pares = line(state, Lance.PARES)
        assert pares.team is None and pares.stones == 0
        assert [r.lance for r in state.results] == [Lance.GRANDE, Lance.CHICA, Lance.PARES, Lance.PUNTO]

    def test_punto_en_paso_pays_1(self) -> None:
        state = betting(PLAIN, ALL_PASS * 3)
        punto = line(state, Lance.PUNTO)
        assert (punto.team, punto.seat, punto.stones) == (0, 0, 1)
        assert state.scores == (2, 1)

    def test_punto_accepted_pays_stake_plus_1(self) -> None:
        state = betting(PLAIN, ALL_PASS * 2 + [(0, "bet 3"), (1, "accept")])
        assert line(state, Lance.PUNTO).stones == 4
        assert state.scores == (1 + 4, 1)

    def test_punto_refused_pays_the_refusal_stone_plus_1_to_the_betting_team(self) -> None:
        # Seat 1 (team 1) bets on punto although seat 0 (team 0) holds the better punto.
        state = betting(PLAIN, ALL_PASS * 2 + [(0, "pass"), (1, "bet 2"), (2, "fold")])
        assert state.scores == (0, 0)
        state = play(state, [(0, "fold")])
        assert state.phase is Phase.FINISHED
        punto = line(state, Lance.PUNTO)
        assert (punto.team, punto.refusal, punto.stones) == (1, 1, 1)
        # grande 1 to team 0, chica 1 to team 1, punto 1 (refusal) + 1 to team 1.
        assert state.scores == (1, 3)


class TestParesAndJuego:
    def test_en_paso_pays_bonuses_only(self) -> None:
        state = betting(PJ, ALL_PASS * 3 + passes(0, 1, 2))
        assert state.phase is Phase.FINISHED
        pares, juego = line(state, Lance.PARES), line(state, Lance.JUEGO)
        assert (pares.team, pares.seat, pares.stones) == (1, 3, 4)  # pareja 1 + duples 3
        assert (juego.team, juego.seat, juego.stones) == (0, 0, 5)  # 31: 3, 35: 2
        assert state.scores == (1 + 5, 1 + 4)

    def test_only_seats_with_the_combination_speak(self) -> None:
        state = betting(PJ, ALL_PASS * 3)
        assert state.lance is Lance.JUEGO
        assert state.to_act == 0
        state = play(state, passes(0, 1))
        assert state.to_act == 2  # seat 3 has no juego: it is skipped
        with pytest.raises(IllegalActionError, match="juego"):
            mus.apply(state, Pass(), seat=3)

    def test_pares_accepted_pays_stake_plus_bonuses(self) -> None:
        state = betting(PJ, ALL_PASS * 2 + [(0, "bet 2"), (1, "accept")] + passes(0, 1, 2))
        assert line(state, Lance.PARES).stones == 2 + 4
        assert state.scores == (1 + 5, 1 + 6)

    def test_refused_pares_pays_the_betting_teams_bonuses_even_with_worse_cards(self) -> None:
        # Team 0 (pareja + medias) bets; team 1 (pareja + duples, better) folds.
        state = betting(PJ, ALL_PASS * 2 + [(0, "bet 2"), (1, "fold"), (3, "fold")])
        assert state.scores == (1, 0)  # the refusal stone, at once
        assert state.lance is Lance.JUEGO
        state = play(state, passes(0, 1, 2))
        pares = line(state, Lance.PARES)
        assert (pares.team, pares.refusal, pares.bonus) == (0, 1, 1 + 2)
        # grande 1 + pares 1 + 3 + juego 5 to team 0; chica 1 to team 1.
        assert state.scores == (10, 1)

    def test_juego_accepted_pays_stake_plus_bonuses(self) -> None:
        state = betting(PJ, ALL_PASS * 3 + [(0, "bet 4"), (1, "accept")])
        assert state.phase is Phase.FINISHED
        assert line(state, Lance.JUEGO).stones == 4 + 5
        assert state.scores == (1 + 9, 1 + 4)

    def test_juego_refused_pays_refusal_plus_betting_teams_bonuses(self) -> None:
        state = betting(PJ, ALL_PASS * 3 + [(0, "pass"), (1, "bet 2"), (2, "fold")])
        assert state.to_act == 0  # seat 3 has no juego, so seat 0 answers next
        state = play(state, [(0, "fold")])
        juego = line(state, Lance.JUEGO)
        assert (juego.team, juego.refusal, juego.bonus) == (1, 1, 3)  # seat 1's 31
        assert state.scores == (1, 1 + 4 + 1 + 3)

    def test_juego_bonus_3_for_31_and_2_for_any_other(self) -> None:
        hands = ["Ro Co So 1o", "Re Ce Se 7e", "Rc Cc 5c 7c", "Rb Cb 6o 7o"]
        # juego 31, 37, 32, 33; nobody has pares. Grande: seat 1 (R C S 7); chica: seat 0.
        state = betting(hands, ALL_PASS * 2 + ALL_PASS)
        juego = line(state, Lance.JUEGO)
        assert (juego.team, juego.seat, juego.bonus) == (0, 0, 3 + 2)
        assert state.scores == (1 + 5, 1)
        # Team 1 (37 and 33) bets, team 0 folds: 1 + 2 + 2.
        state = betting(hands, ALL_PASS * 2 + [(0, "pass"), (1, "bet 2"), (2, "fold"), (0, "fold")])
        juego = line(state, Lance.JUEGO)
        assert (juego.team, juego.bonus) == (1, 2 + 2)
        assert state.scores == (1, 1 + 1 + 4)

    def test_pares_bonuses_are_per_seat_and_summed(self) -> None:
        hands = ["Ro Rc Re 5o", "So 7e 6o 1b", "Co Cc 4o 4c", "Sc 7c 5e 1o"]
        # team 0 only has pares: medias (2) + duples (3) = 5, no betting.
        # juego: seat 0 (35) only -> 2. grande seat 0; chica seat 3 (1 5 7 S).
        state = betting(hands, ALL_PASS * 2)
        assert state.phase is Phase.FINISHED
        pares = result(state, Lance.PARES)
        assert (pares.outcome, pares.team) == (Outcome.NO_BET, 0)
        assert line(state, Lance.PARES).stones == 5
        assert line(state, Lance.JUEGO).stones == 2
        assert state.scores == (1 + 5 + 2, 1)


# --------------------------------------------------------------------------------------
# Section 7: the per-seat answering protocol
# --------------------------------------------------------------------------------------


class TestProtocol:
    def test_answers_come_from_the_opposing_team_after_the_bettor(self) -> None:
        state = betting(PLAIN, [*passes(0, 1), (2, "bet 2")])
        assert state.to_act == 3
        state = play(state, [(3, "fold")])
        assert state.to_act == 1 and state.scores == (0, 0) and state.lance is Lance.GRANDE
        state = play(state, [(1, "fold")])
        assert state.scores == (1, 0) and state.lance is Lance.CHICA

    def test_answer_order_with_mano_2(self) -> None:
        # Speaking order 2, 3, 0, 1; seat 0 bets; team 1 answers from seat 1, then seat 3.
        state = betting(PLAIN, [*passes(2, 3), (0, "bet 2")], mano=2)
        assert state.to_act == 1
        state = play(state, [(1, "fold")])
        assert state.to_act == 3
        state = play(state, [(3, "fold")])
        assert state.scores == (1, 0)
        assert state.lance is Lance.CHICA and state.to_act == 2

    def test_one_accept_commits_the_team(self) -> None:
        state = betting(PLAIN, [(0, "bet 2"), (1, "accept")])
        assert state.lance is Lance.CHICA and state.to_act == 0  # seat 3 is not asked
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.stake) == (Outcome.ACCEPTED, 2)

    def test_a_fold_takes_the_seat_out_and_the_partner_answers(self) -> None:
        state = betting(PLAIN, [(0, "bet 2"), (1, "fold")])
        assert state.to_act == 3 and state.lance is Lance.GRANDE
        with pytest.raises(IllegalActionError, match="fold"):
            mus.apply(state, Accept(), seat=1)
        state = play(state, [(3, "accept")])
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.stake) == (Outcome.ACCEPTED, 2)
        assert state.scores == (0, 0)

    def test_a_raise_swaps_the_answering_team(self) -> None:
        state = betting(PLAIN, [(0, "bet 2"), (1, "fold"), (3, "bet 3")])
        assert state.to_act == 0  # team 0, from the seat after seat 3
        state = play(state, [(0, "fold")])
        assert state.to_act == 2
        state = play(state, [(2, "accept")])
        r = result(state, Lance.GRANDE)
        assert (r.outcome, r.stake) == (Outcome.ACCEPTED, 5)

    def test_a_seat_that_folded_stays_out_after_a_later_raise(self) -> None:
        # 2 (stake 2), seat 1 folds, seat 3 raises 3 (5), seat 0 raises 2 (7): only seat 3
        # is left to answer for team 1; its fold gives team 0 the 5 that stood before.
        state = betting(PLAIN, [(0, "bet 2"), (1, "fold"), (3, "bet 3"), (0, "bet 2")])
        assert state.to_act == 3
        with pytest.raises(IllegalActionError):
            mus.apply(state, Fold(), seat=1)
        state = play(state, [(3, "fold")])
        assert state.scores == (5, 0)

    def test_the_team_folds_only_when_all_its_seats_have_folded(self) -> None:
        state = betting(PLAIN, [(0, "bet 3"), (1, "fold")])
        assert state.scores == (0, 0) and state.results == ()
        state = play(state, [(3, "fold")])
        assert state.scores == (1, 0) and len(state.results) == 1

    def test_a_seat_that_passed_in_the_opening_may_answer_later(self) -> None:
        state = betting(PLAIN, [(0, "pass"), (1, "bet 2"), (2, "fold")])
        assert state.to_act == 0
        assert Accept() in state.legal_actions()
        state = play(state, [(0, "accept")])
        assert result(state, Lance.GRANDE).outcome is Outcome.ACCEPTED

    def test_a_seat_without_pares_cannot_speak_in_pares(self) -> None:
        hands = ["Co 7e 5o 1b", "Ro Rc 5e 4b", "Rb Re 7o 6o", "Sc 6c 4o 1o"]
        # Pares: only seats 1 and 2 (parejas of reyes). Mano 1: order 1, 2, 3, 0.
        state = betting(hands, passes(1, 2, 3, 0) * 2, mano=1)
        assert state.lance is Lance.PARES and state.to_act == 1
        before = snapshot(state)
        for seat in (0, 3):
            with pytest.raises(IllegalActionError, match=rf"seat {seat}.*pares") as info:
                mus.apply(state, Pass(), seat=seat)
            assert "no pares" in str(info.value)
            assert not state.is_legal(Pass(), seat)
        assert state == before
        state = play(state, [(1, "bet 2")])
        assert state.to_act == 2  # team 0's only seat with pares
        with pytest.raises(IllegalActionError, match="no pares"):
            mus.apply(state, Fold(), seat=0)
        state = play(state, [(2, "fold")])
        assert result(state, Lance.PARES).outcome is Outcome.REFUSED
        # Juego: only seat 2 (33) -> no bet; the hand is over.
        assert state.phase is Phase.FINISHED
        # grande: seat 2 (R R 7 6) beats seat 1 (R R 5 4) -> team 0, 1.
        # chica: seat 3 (1 4 6 S) beats seat 0 (1 5 7 C) -> team 1, 1.
        # pares refused: 1 (at once) + seat 1's pareja 1 to team 1; juego 2 to team 0.
        assert state.scores == (3, 3)

    def test_not_your_turn(self) -> None:
        state = deal(PLAIN)
        with pytest.raises(IllegalActionError, match="not seat 1's turn"):
            mus.apply(state, "mus", seat=1)
        state = betting(PLAIN, [(0, "bet 2")])
        before = snapshot(state)
        for seat in (0, 2, 3):  # the bettor, its partner, the second answerer
            with pytest.raises(IllegalActionError, match=f"not seat {seat}'s turn"):
                mus.apply(state, Accept(), seat=seat)
            assert not state.is_legal(Accept(), seat)
        assert state.is_legal(Accept(), 1)
        assert state == before

    def test_no_answer_without_a_bet_and_no_pass_after_one(self) -> None:
        state = betting(PLAIN)
        for action in (Accept(), Fold()):
            assert action not in state.legal_actions()
            with pytest.raises(IllegalActionError):
                mus.apply(state, action)
        state = play(state, [(0, "bet 2")])
        assert Pass() not in state.legal_actions()
        with pytest.raises(IllegalActionError):
            mus.apply(state, Pass())
        assert set(state.legal_actions()) == {Accept(), Fold(), Bet(2), Ordago()}
        assert mus.TeamFold() in state.legal_actions()
        assert state.legal_actions().min_bet == 2 and Bet(17) in state.legal_actions()

    def test_folded_seat_still_shows_down_by_default(self) -> None:
        # rules section 7 (revised default, sources 001 and 003): a seat that folded while
        # its partner accepted still shows down for its team. PLAIN_B: seat 1 holds the
        # best grande but folds; its partner seat 3 accepts: seat 1's cards win grande,
        # 2 stones to team 1.
        state = betting(PLAIN_B, [(0, "bet 2"), (1, "fold"), (3, "accept")] + ALL_PASS * 2)
        assert state.phase is Phase.FINISHED
        grande = line(state, Lance.GRANDE)
        assert (grande.team, grande.seat, grande.stones) == (1, 1, 2)
        # chica en paso: seat 0 -> team 0; punto en paso: seat 1 (28) -> team 1.
        assert state.scores == (1, 3)

    def test_folded_seat_is_out_of_the_lance_under_the_knob(self) -> None:
        # folded_seat_counts=False, source 000: "A seat that folds is out of this
        # lance." Of the seats still in (0, 2, 3) seat 0 (C 7 4 1) is best: grande 2 to
        # team 0.
        out = mus.Rules(folded_seat_counts=False)
        state = betting(PLAIN_B, [(0, "bet 2"), (1, "fold"), (3, "accept")] + ALL_PASS * 2, rules=out)
        assert state.phase is Phase.FINISHED
        grande = line(state, Lance.GRANDE)
        assert (grande.team, grande.seat, grande.stones) == (0, 0, 2)
        assert state.scores == (3, 1)

    def test_folded_seat_is_shown_down_on_an_accepted_ordago_by_default(self) -> None:
        state = betting(PLAIN_B, [(0, "ordago"), (1, "fold"), (3, "accept")])
        assert state.phase is Phase.FINISHED
        assert state.winner == 1  # seat 1's grande is the best, folded or not

    def test_folded_seat_is_not_shown_down_on_an_accepted_ordago_under_the_knob(self) -> None:
        state = betting(PLAIN_B, [(0, "ordago"), (1, "fold"), (3, "accept")], rules=mus.Rules(folded_seat_counts=False))
        assert state.phase is Phase.FINISHED
        assert state.winner == 0  # seat 0 beats seats 2 and 3; seat 1 is out


# --------------------------------------------------------------------------------------
# Accepted órdago
# --------------------------------------------------------------------------------------


class TestOrdagoAccepted:
    def test_shows_down_at_once_and_decides_the_game(self) -> None:
        state = betting(PLAIN, [(0, "pass"), (1, "órdago"), (2, "quiero")], scores=(10, 35))
        assert state.phase is Phase.FINISHED and state.to_act is None
        assert state.winner == 0  # seat 0 has the best grande
        assert state.scores == (10, 35)  # nothing is counted
        assert state.count is not None and len(state.count.lines) == 1
        assert state.count.winner == 0
        assert result(state, Lance.GRANDE).outcome is Outcome.ORDAGO
        assert state.view(1).hands == state.hands  # the cards are shown

    def test_earlier_accepted_stake_is_not_counted_refusals_stay(self) -> None:
        # grande: a refused bet gives team 0 its stone at once; chica órdago accepted: seat 1
        # has the best chica, team 1 wins the game, the grande is not counted again.
        state = betting(PLAIN, [(0, "bet 2"), (1, "fold"), (3, "fold"), (0, "ordago"), (1, "accept")], scores=(5, 5))
        assert state.winner == 1
        assert state.scores == (6, 5)
        state = betting(PLAIN, [(0, "bet 10"), (1, "accept"), (0, "ordago"), (1, "accept")], scores=(5, 5))
        assert state.winner == 1 and state.scores == (5, 5)

    def test_ordago_in_pares(self) -> None:
        state = betting(PJ, ALL_PASS * 2 + [(0, "ordago"), (1, "accept")])
        assert state.winner == 1  # seat 3's duples
        assert state.phase is Phase.FINISHED
        assert not any(r.lance is Lance.JUEGO for r in state.results)


# Explicit declarations where every side lied (rules section 6 and decision g. of
# section 11): seats 0 and 1 hold a pareja (reyes, caballos); seats 2 (team 0) and 3
# (team 1) hold none, and all four declare pares. Grande and chica are passed.
LIARS = ["Ro Rc 7e 4b", "Co Cc 6e 5b", "Se 7o 5e 1c", "Sb 6o 4c 1o"]
EXPLICIT = mus.Rules(declarations="explicit")


class TestOrdagoEverySideLied:
    """An accepted órdago in which every side still in the lance declared falsely: no
    honest hand is left to win it, so the rules page decides (section 11, g.): the side
    that called the órdago loses it, and the other side (at four seats, the other team)
    wins the game. Nothing else of the hand is counted (section 7)."""

    @pytest.mark.parametrize(
        "mano, steps, caller",
        [
            # seat 0 calls: it is the mano and opens the pares with órdago.
            (0, [(0, "ordago"), (1, "accept")], 0),
            # seat 0 calls, not as the mano (order 2 3 0 1).
            (2, [(2, "pass"), (3, "pass"), (0, "ordago"), (1, "accept")], 0),
            # another seat calls: seat 1, answered by seat 2 (team 0).
            (0, [(0, "pass"), (1, "ordago"), (2, "accept")], 1),
            # seat 3 calls, the last to speak; seat 0 answers first for team 0.
            (0, [(0, "pass"), (1, "pass"), (2, "pass"), (3, "ordago"), (0, "accept")], 3),
        ],
    )
    def test_the_callers_side_loses(self, mano: int, steps: list[Step], caller: int) -> None:
        order = [(mano + i) % 4 for i in range(4)]
        state = betting(
            LIARS,
            passes(*order) * 2 + [(seat, "declare pares yes") for seat in order] + steps,
            mano=mano,
            scores=(12, 30),
            rules=EXPLICIT,
        )
        caller_team = caller % 2
        assert state.phase is Phase.FINISHED
        assert state.winner == 1 - caller_team, (
            f"rules section 11 g.: when every side in an accepted órdago lied, the side that called it"
            f" (seat {caller}, team {caller_team}) loses and the other team wins the game, not team {state.winner}"
        )
        assert result(state, Lance.PARES).outcome is Outcome.ORDAGO
        assert state.scores == (12, 30), "rules section 7: an accepted órdago counts nothing else of the hand"


# --------------------------------------------------------------------------------------
# Ties go to the seat nearest the mano
# --------------------------------------------------------------------------------------


TIE = ["Ro Cc 6e 4b", "Sb 6c 5e 1c", "Se 6b 5o 1e", "Rb Ce 6o 4o"]
# seats 0 and 3: R C 6 4, punto 30 (equal); seats 1 and 2: S 6 5 1, punto 22 (equal).
# Nobody has pares or juego.


class TestTies:
    @pytest.mark.parametrize(
        "mano, grande, chica, scores",
        [
            # order 0 1 2 3: grande/punto seat 0 (team 0), chica seat 1 (team 1)
            (0, 0, 1, (2, 1)),
            # order 1 2 3 0: seat 3 before seat 0; seat 1 before seat 2
            (1, 3, 1, (0, 3)),
            # order 2 3 0 1: seat 3 before seat 0; seat 2 before seat 1
            (2, 3, 2, (1, 2)),
            # order 3 0 1 2: seat 3 before seat 0; seat 1 before seat 2
            (3, 3, 1, (0, 3)),
        ],
    )
    def test_ties_go_to_the_seat_nearest_the_mano(
        self, mano: int, grande: int, chica: int, scores: tuple[int, int]
    ) -> None:
        order = [(mano + i) % 4 for i in range(4)]
        state = betting(TIE, passes(*order) * 3, mano=mano)
        assert state.phase is Phase.FINISHED
        assert line(state, Lance.GRANDE).seat == grande
        assert line(state, Lance.CHICA).seat == chica
        assert line(state, Lance.PUNTO).seat == grande
        assert state.scores == scores

    def test_juego_tie_at_31_with_mano_1(self) -> None:
        # PJ, mano 1 (order 1 2 3 0): seats 0 and 1 both hold 31; seat 1 is nearer the mano.
        state = betting(PJ, passes(1, 2, 3, 0) * 3 + passes(1, 2, 0), mano=1)
        juego = line(state, Lance.JUEGO)
        assert (juego.team, juego.seat, juego.stones) == (1, 1, 3)  # only seat 1's 31
        # grande 1 to team 0 (seat 0), chica 1 + pares 4 + juego 3 to team 1.
        assert state.scores == (1, 8)

    @pytest.mark.parametrize("mano, seat", [(1, 1), (2, 2)])
    def test_pares_tie_ignores_kickers(self, mano: int, seat: int) -> None:
        hands = ["Co 7e 5o 1b", "Ro Rc 5e 4b", "Rb Re 7o 6o", "Sc 6c 4o 1o"]
        order = [(mano + i) % 4 for i in range(4)]
        with_pares = [s for s in order if s in (1, 2)]
        state = betting(hands, passes(*order) * 2 + passes(*with_pares), mano=mano)
        pares = line(state, Lance.PARES)
        assert (pares.seat, pares.team, pares.stones) == (seat, seat % 2, 1)
