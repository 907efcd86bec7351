"""The other tables of rules section 12, hand-worked: 2, 5 and 6 seats, individual play.

Every expected number below was worked out by hand from the rules page (docs/rules.rst, sections 2-9 and
the changes of section 12), never read back from the engine; the comment next to each
number names the rule that gives it. Each step is applied with ``seat=...`` so the test
also checks whose turn it is (the speaking order of section 12: seats 0..N-1 from the
mano; answers in speaking order after the bettor).

Eight kings (the default) hold throughout, but no hand below holds a 2 or a 3, so every
card plays as itself.

Hand sets
---------

``IND4`` (individual, 4 seats; nobody has pares or juego, so punto is played)::

    seat 0  Ro So 4o 1o   grande R S 4 1     chica 1 4 S R (best)   punto 25
    seat 1  Rc Co 5o 1c   grande R C 5 1 (best)  chica 1 5 C R      punto 26
    seat 2  Cc 7o 6o 4c   grande C 7 6 4     chica 4 6 7 C          punto 27
    seat 3  Re 7c 6c 5c   grande R 7 6 5     chica 5 6 7 R          punto 28 (best)

    Grande order: seat 1 > seat 0 (R S beats R 7) > seat 3 > seat 2 (no rey).

``FIVE`` (individual, 5 seats; nobody has pares; only seat 1 has juego)::

    seat 0  1e 4e 6c 7o   chica 1 4 6 7    sum 18
    seat 1  Ro Co So 7b   grande R C S 7 (best)   juego 37 (bonus 2)
    seat 2  1b 5e 6e 7e   chica 1 5 6 7    sum 19
    seat 3  1c 4c 5c 7c   chica 1 4 5 7    sum 17
    seat 4  1o 4o 5o 6o   chica 1 4 5 6 (best)    sum 16

    Chica order: seat 4 > seat 3 > seat 0 > seat 2 > seat 1.

``SIX`` (3 v 3: team 0 = seats 0, 2, 4; team 1 = seats 1, 3, 5)::

    seat 0  Ro Rc 4o 1o   pareja of reyes (1)   25     grande R R 4 1 (best)
    seat 1  Co Sb 7c 4c   no pares              31 (juego, bonus 3)
    seat 2  6o 6c 5o 5c   duples 6-5 (3)        22
    seat 3  Re 7e 4b 1c   no pares              22     chica 1 4 7 R (best); grande 2nd
    seat 4  So Sc Se 4e   medias of sotas (2)   34 (juego, bonus 2)
    seat 5  Cc 6e 5b 1b   no pares              22     chica 1 5 6 C

    Pares: team 0 alone has them (seats 0, 2, 4): no betting, bonuses 1 + 3 + 2 = 6.
    Juego: seat 1 (team 1) and seat 4 (team 0): two sides, bet on; 31 beats 34.
    Grande: seat 0 (the only two reyes), then seat 3 (R 7 4 1).
    Chica: aces at seats 0 (1 4 R R), 3 (1 4 7 R), 5 (1 5 6 C): seat 3 (7 < R at the
    third card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import pytest

import mus
from mus import ALL_CARDS, Accept, Card, Discard, Fold, Lance, Mus, NoMus, Outcome, Phase

INDIVIDUAL_4 = mus.Rules(seats=4, teams=4)
INDIVIDUAL_5 = mus.Rules(seats=5, teams=5)
SIX_SEATS = mus.Rules(seats=6)
HEADS_UP = mus.Rules(seats=2)

IND4 = ["Ro So 4o 1o", "Rc Co 5o 1c", "Cc 7o 6o 4c", "Re 7c 6c 5c"]
FIVE = ["1e 4e 6c 7o", "Ro Co So 7b", "1b 5e 6e 7e", "1c 4c 5c 7c", "1o 4o 5o 6o"]
SIX = ["Ro Rc 4o 1o", "Co Sb 7c 4c", "6o 6c 5o 5c", "Re 7e 4b 1c", "So Sc Se 4e", "Cc 6e 5b 1b"]

Step = tuple[int, str]


# --------------------------------------------------------------------------------------
# Helpers (the same driving style as tests/test_betting.py)
# --------------------------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return list(mus.parse_cards(text))


def rest_of_deck(hands: Sequence[str]) -> tuple[Card, ...]:
    """The cards not dealt, in deck order: a stock whose top (index 0) is known."""
    held = {card for text in hands for card in cards(text)}
    return tuple(card for card in ALL_CARDS if card not in held)


def deal(
    rules: mus.Rules,
    hands: Sequence[str],
    *,
    mano: int = 0,
    scores: Sequence[int] | None = None,
    stock: Sequence[Card] | None = None,
) -> mus.HandState:
    kwargs: dict[str, object] = {}
    if scores is not None:
        kwargs["scores"] = tuple(scores)
    if stock is not None:
        kwargs["stock"] = tuple(stock)
    return mus.new_hand(rules, seed=7, hands=list(hands), mano=mano, **kwargs)  # type: ignore[arg-type]


def play(state: mus.HandState, steps: Iterable[Step]) -> mus.HandState:
    """Apply ``(seat, action text)`` steps, each checked to come from the seat to act."""
    for seat, text in steps:
        assert state.to_act == seat, f"expected seat {seat} to act before {text!r}, not {state.to_act}"
        state = mus.apply(state, text, seat=seat)
    return state


def betting(rules: mus.Rules, hands: Sequence[str], steps: Iterable[Step] = (), **kwargs: object) -> mus.HandState:
    """Deal, the mano cuts the mus at once, then play ``steps``."""
    state = deal(rules, hands, **kwargs)  # type: ignore[arg-type]
    state = mus.apply(state, "no-mus", seat=state.mano)
    assert state.phase is Phase.BETTING and state.lance is Lance.GRANDE
    assert state.to_act == state.mano  # betting starts at the mano (section 2)
    return play(state, steps)


def order(mano: int, seats: int) -> list[int]:
    return [(mano + i) % seats for i in range(seats)]


def passes(*seats: int) -> list[Step]:
    return [(seat, "pass") for seat in seats]


def result(state: mus.HandState, lance: Lance) -> mus.LanceResult:
    found = [r for r in state.results if r.lance is lance]
    assert len(found) == 1, f"{lance} has {len(found)} results in {state.results}"
    return found[0]


def line(state: mus.HandState, lance: Lance) -> mus.CountLine:
    assert state.count is not None
    found = [entry for entry in state.count.lines if entry.lance is lance]
    assert len(found) == 1, f"{lance} has {len(found)} count lines"
    return found[0]


def assert_conserved(state: mus.HandState) -> None:
    """hands + stock + discards are the 40 cards, each once (rules section 4)."""
    every = [card for hand in state.hands for card in hand] + list(state.stock) + list(state.discards)
    assert len(every) == 40
    assert Counter(every) == Counter(ALL_CARDS)


def zeros(rules: mus.Rules) -> tuple[int, ...]:
    return (0,) * rules.teams


# --------------------------------------------------------------------------------------
# Scenario 1: individual play at 4 seats, a bet answered by three seats and a re-raise
# --------------------------------------------------------------------------------------


class TestIndividualFourSeats:
    def test_three_answers_and_a_re_raise_then_the_count(self) -> None:
        """IND4, mano 0, Rules(seats=4, teams=4).

        Grande: seat 0 envido 2 (stake 2). Section 12: every other seat still in answers
        in speaking order after the bettor: seat 1, seat 2, seat 3.
          seat 1 quiero, seat 2 quiero, seat 3 raises 5: stake 2 + 5 = 7 (section 7).
        The raise makes seat 3 the bettor and every seat still in answers again, in
        speaking order after seat 3: seat 0, seat 1, seat 2.
          seat 0 quiero, seat 1 no quiero (out of the lance), seat 2 quiero.
        Every seat still in (0 and 2) has accepted 7: shown down among seats 3 (the
        bettor), 0 and 2. Seat 1 holds the best grande but folded: it is out.
        Best of {0, 2, 3}: seat 0 (R S 4 1 beats R 7 6 5 and C 7 6 4).
        """
        state = betting(INDIVIDUAL_4, IND4, [(0, "envido 2")])
        assert state.to_act == 1
        state = play(state, [(1, "quiero")])
        assert state.lance is Lance.GRANDE and state.to_act == 2  # one accept settles nothing
        assert state.betting is not None and state.betting.accepted == (1,)
        state = play(state, [(2, "quiero")])
        assert state.lance is Lance.GRANDE and state.to_act == 3
        assert state.betting is not None and state.betting.accepted == (1, 2)
        state = play(state, [(3, "envido 5")])
        # The raise re-opens the answers from the seat after the raiser: seat 0 (the
        # first bettor) answers too, and the earlier accepts no longer stand.
        assert state.lance is Lance.GRANDE and state.to_act == 0
        assert state.betting is not None
        assert state.betting.stake == 7 and state.betting.bettor == 3
        assert 1 not in state.betting.accepted and 2 not in state.betting.accepted
        state = play(state, [(0, "quiero")])
        assert state.to_act == 1 and state.lance is Lance.GRANDE
        state = play(state, [(1, "no quiero")])
        assert state.to_act == 2 and state.lance is Lance.GRANDE
        state = play(state, [(2, "quiero")])
        # Everyone still in has accepted: grande is over, nothing is paid yet.
        assert state.lance is Lance.CHICA and state.to_act == 0
        assert state.scores == (0, 0, 0, 0)  # an accepted stake is paid at the count (section 7)
        grande = result(state, Lance.GRANDE)
        assert (grande.outcome, grande.stake) == (Outcome.ACCEPTED, 7)
        assert set(grande.seats) == {0, 2, 3}  # the bettor and the seats that accepted

        # Chica en paso, pares void (nobody has pares), punto instead of juego (nobody
        # has juego), en paso.
        state = play(state, passes(0, 1, 2, 3))
        assert state.lance is Lance.PUNTO and state.to_act == 0
        assert result(state, Lance.PARES).outcome is Outcome.VOID
        state = play(state, passes(0, 1, 2, 3))
        assert state.phase is Phase.FINISHED and state.to_act is None

        g = line(state, Lance.GRANDE)
        assert (g.team, g.seat, g.stones) == (0, 0, 7)  # the stake, to the showdown's best
        c = line(state, Lance.CHICA)
        assert (c.team, c.seat, c.stones) == (0, 0, 1)  # en paso: 1; 1 4 S R beats 1 5 C R
        p = line(state, Lance.PUNTO)
        assert (p.team, p.seat, p.stones) == (3, 3, 1)  # en paso: 1 to the best punto, 28
        # side 0: 7 + 1; side 3: 1; sides 1 and 2: nothing.
        assert state.scores == (8, 0, 0, 1)
        assert state.count is not None and state.count.scores == (8, 0, 0, 1)
        assert state.winner is None

    def test_a_raise_makes_the_raiser_the_bettor_and_the_first_bettor_answers(self) -> None:
        # mano 2: speaking order 2, 3, 0, 1. Seat 2 passes, seat 3 bets 2; answers after
        # seat 3: 0, 1, 2 (seat 2 passed in the opening but is still in, section 7).
        state = betting(INDIVIDUAL_4, IND4, [(2, "pass"), (3, "envido 2")], mano=2)
        assert state.to_act == 0
        # Seat 0 raises 3 (stake 5): answers after seat 0: 1, 2, 3.
        state = play(state, [(0, "envido 3")])
        assert state.to_act == 1
        state = play(state, [(1, "no quiero"), (2, "no quiero")])
        assert state.to_act == 3  # the first bettor answers the raise
        state = play(state, [(3, "quiero")])
        # Shown down between seats 0 and 3 at the count: seat 0 (R S 4 1) beats R 7 6 5.
        grande = result(state, Lance.GRANDE)
        assert (grande.outcome, grande.stake) == (Outcome.ACCEPTED, 5)
        assert set(grande.seats) == {0, 3}
        assert state.lance is Lance.CHICA and state.to_act == 2
        state = play(state, passes(2, 3, 0, 1) * 2)
        assert state.phase is Phase.FINISHED
        # grande 5 to side 0; chica en paso 1 to seat 0; punto en paso 1 to seat 3.
        assert state.scores == (6, 0, 0, 1)

    def test_counting_stops_when_a_side_reaches_the_target(self) -> None:
        # IND4 all passed, scores 39, 0, 0, 39. Section 8 / 12: grande 1 to seat 1
        # (R C 5 1), chica 1 to seat 0 -> 40: side 0 wins; the punto (seat 3, which
        # would reach 40 too) is never counted.
        state = betting(INDIVIDUAL_4, IND4, passes(0, 1, 2, 3) * 3, scores=(39, 0, 0, 39))
        assert state.phase is Phase.FINISHED
        assert state.scores == (40, 1, 0, 39)
        assert state.winner == 0
        assert state.count is not None
        assert state.count.winner == 0 and state.count.stopped_at is Lance.CHICA
        assert Lance.PUNTO in state.count.uncounted


# --------------------------------------------------------------------------------------
# Individual play: all but the bettor fold (refusal stones, section 7)
# --------------------------------------------------------------------------------------


class TestIndividualRefusals:
    @pytest.mark.parametrize("bet", ["envido 2", "envido 5", "órdago"])
    def test_first_bet_folded_by_all_the_others_pays_1_at_once(self, bet: str) -> None:
        # Seat 0 bets first; seats 1, 2, 3 fold in that order: 1 stone, whatever the size
        # of the first bet (even an órdago), taken at once.
        state = betting(INDIVIDUAL_4, IND4, [(0, bet), (1, "no quiero"), (2, "no quiero")])
        assert state.scores == (0, 0, 0, 0) and state.to_act == 3  # seat 3 is still in
        state = play(state, [(3, "no quiero")])
        assert state.scores == (1, 0, 0, 0)
        assert state.lance is Lance.CHICA and state.to_act == 0
        grande = result(state, Lance.GRANDE)
        assert (grande.outcome, grande.team, grande.stake) == (Outcome.REFUSED, 0, 1)
        assert state.winner is None

    def test_refused_raise_pays_the_stake_before_it(self) -> None:
        # Seat 0 envido 2; seat 1 quiero; seat 2 raises 3 (stake 5). Answers after seat 2:
        # 3, 0, 1. All fold: all but the bettor (seat 2) have folded. Seat 2 gets the
        # stake that stood before the refused raise: 2 (seat 1's earlier accept of the 2
        # does not save it from folding the raise).
        state = betting(INDIVIDUAL_4, IND4, [(0, "envido 2"), (1, "quiero"), (2, "envido 3")])
        assert state.to_act == 3
        state = play(state, [(3, "no quiero"), (0, "no quiero")])
        assert state.to_act == 1 and state.scores == (0, 0, 0, 0)
        state = play(state, [(1, "no quiero")])
        assert state.scores == (0, 0, 2, 0)
        grande = result(state, Lance.GRANDE)
        assert (grande.outcome, grande.team, grande.stake) == (Outcome.REFUSED, 2, 2)
        assert state.lance is Lance.CHICA

    def test_envido_2_raise_2_raise_5_raise_10_all_fold_pays_9(self) -> None:
        # Section 7's worked example at an individual table. Stakes 2, 4, 9, 19.
        # seat 0 envido 2 -> answers 1, 2, 3: seat 1 raises 2 (4) -> answers 2, 3, 0:
        # seat 2 raises 5 (9) -> answers 3, 0, 1: seat 3 folds, seat 0 raises 10 (19) ->
        # answers 1, 2 (seat 3 is out): both fold. Seat 0 gets 9.
        state = betting(
            INDIVIDUAL_4,
            IND4,
            [(0, "envido 2"), (1, "envido 2"), (2, "envido 5"), (3, "no quiero"), (0, "envido 10")],
        )
        assert state.to_act == 1
        state = play(state, [(1, "no quiero")])
        assert state.to_act == 2  # seat 3 folded earlier: not asked again
        state = play(state, [(2, "no quiero")])
        assert state.scores == (9, 0, 0, 0)

    def test_five_seats_raise_refused_by_everyone_still_in(self) -> None:
        # FIVE, mano 0. Seat 0 passes, seat 1 envido 2 -> answers 2, 3, 4, 0.
        # Seat 2 folds, seat 3 quiero, seat 4 raises 4 (stake 6) -> answers after seat 4
        # among the seats still in: 0, 1, 3. All fold: seat 4 gets 2 (stake before it).
        state = betting(INDIVIDUAL_5, FIVE, [(0, "pass"), (1, "envido 2"), (2, "no quiero"), (3, "quiero")])
        assert state.to_act == 4 and state.lance is Lance.GRANDE
        state = play(state, [(4, "envido 4"), (0, "no quiero"), (1, "no quiero")])
        assert state.to_act == 3 and state.scores == (0, 0, 0, 0, 0)
        state = play(state, [(3, "no quiero")])
        assert state.scores == (0, 0, 0, 0, 2)
        assert state.lance is Lance.CHICA and state.to_act == 0


# --------------------------------------------------------------------------------------
# Scenario 2: individual play at 5 seats, an órdago accepted by two of the five
# --------------------------------------------------------------------------------------


class TestIndividualOrdago:
    GRANDE_REFUSED: list[Step] = [
        (0, "envido 2"),
        (1, "no quiero"),
        (2, "no quiero"),
        (3, "no quiero"),
        (4, "no quiero"),
    ]

    @pytest.mark.parametrize(
        "answers, shown, winner",
        [
            # Seats 3 and 0 accept, 4 and 1 fold: shown down among 2 (the caller), 3, 0.
            # Chica: seat 3 (1 4 5 7) beats seat 0 (1 4 6 7) and seat 2 (1 5 6 7); seat 4
            # (1 4 5 6) would beat them all but folded: out.
            (("quiero", "no quiero", "quiero", "no quiero"), {0, 2, 3}, 3),
            # Only seat 0 accepts: seat 0 (1 4 6 7) beats the caller (1 5 6 7).
            (("no quiero", "no quiero", "quiero", "no quiero"), {0, 2}, 0),
            # Only seat 1 accepts: the caller (1 5 6 7) beats seat 1 (7 S C R).
            (("no quiero", "no quiero", "no quiero", "quiero"), {1, 2}, 2),
        ],
    )
    def test_ordago_accepted_by_some_is_shown_down_among_them(
        self, answers: tuple[str, str, str, str], shown: set[int], winner: int
    ) -> None:
        # FIVE, mano 0, Rules(seats=5, teams=5).
        # Grande: seat 0 envido 2, the four others fold: seat 0 takes 1 at once.
        state = betting(INDIVIDUAL_5, FIVE, self.GRANDE_REFUSED)
        assert state.scores == (1, 0, 0, 0, 0)
        assert state.lance is Lance.CHICA and state.to_act == 0
        # Chica: seats 0 and 1 pass, seat 2 calls órdago. Answers in speaking order after
        # seat 2: 3, 4, 0, 1; nothing can be raised over an órdago.
        state = play(state, [(0, "pass"), (1, "pass"), (2, "órdago")])
        for seat, answer in zip((3, 4, 0, 1), answers, strict=False):
            assert state.phase is Phase.BETTING and state.lance is Lance.CHICA
            assert state.to_act == seat  # one accept does not end an individual órdago
            assert set(state.legal_actions()) == {Accept(), Fold()}
            state = play(state, [(seat, answer)])
        assert state.phase is Phase.FINISHED and state.to_act is None
        assert state.winner == winner  # a side index: the seat itself in individual play
        assert state.game_over
        assert state.scores == (1, 0, 0, 0, 0)  # nothing is counted; the refusal stone stays
        chica = result(state, Lance.CHICA)
        assert (chica.outcome, chica.team) == (Outcome.ORDAGO, winner)
        assert set(chica.seats) == shown
        assert not any(r.lance in (Lance.PARES, Lance.JUEGO, Lance.PUNTO) for r in state.results)

    def test_ordago_folded_by_all_pays_1_and_the_hand_goes_on(self) -> None:
        # Chica órdago by seat 2 as the lance's first bet, all four others fold: 1 stone.
        # Pares: nobody -> void. Juego: seat 1 alone (37) -> one side, no betting, its
        # bonus 2 at the count. Final: seat 0 1 (grande refusal), seat 1 2 (juego),
        # seat 2 1 (chica refusal).
        state = betting(INDIVIDUAL_5, FIVE, self.GRANDE_REFUSED)
        state = play(state, [(0, "pass"), (1, "pass"), (2, "órdago")])
        state = play(state, [(3, "no quiero"), (4, "no quiero"), (0, "no quiero"), (1, "no quiero")])
        assert state.winner is None
        assert state.phase is Phase.FINISHED
        assert result(state, Lance.PARES).outcome is Outcome.VOID
        juego = result(state, Lance.JUEGO)
        assert (juego.outcome, juego.team) == (Outcome.NO_BET, 1)
        assert line(state, Lance.JUEGO).stones == 2
        assert state.scores == (1, 2, 1, 0, 0)


# --------------------------------------------------------------------------------------
# Pares and juego are bet on only when at least two SIDES have them (section 12)
# --------------------------------------------------------------------------------------


IND4_P = ["Ro 7o 5o 1o", "Co Cc 6o 4o", "Se 7c 6c 1c", "5c 5e 4c 4e"]
# seat 0: no pares, 23, grande R 7 5 1 (best: the only rey), chica 1 5 7 R (best)
# seat 1: pareja of caballos (1), 30 (best punto)
# seat 2: no pares, 24, chica 1 6 7 S
# seat 3: duples 5-4 (3), 18
# Nobody has juego: punto. Pares: seats 1 and 3, two sides -> bet on.
IND4_P1 = ["Ro 7o 5o 1o", "Co Rc 6o 4o", "Se 7c 6c 1c", "5c 5e 4c 4e"]
# As IND4_P but seat 1 holds Co Rc 6o 4o: no pares, 30, grande R C 6 4 (best now).
# Pares: seat 3 alone -> one side, no betting.


class TestParesAndJuegoBySides:
    def test_individual_two_sides_with_pares_bet_and_only_they_speak(self) -> None:
        state = betting(INDIVIDUAL_4, IND4_P, passes(0, 1, 2, 3) * 2)
        assert state.lance is Lance.PARES and state.to_act == 1  # seat 0 has no pares
        state = play(state, [(1, "envido 2")])
        assert state.to_act == 3  # seat 2 has no pares: it does not speak
        state = play(state, [(3, "quiero")])
        pares = result(state, Lance.PARES)
        assert (pares.outcome, pares.stake) == (Outcome.ACCEPTED, 2)
        assert state.lance is Lance.PUNTO and state.to_act == 0
        state = play(state, passes(0, 1, 2, 3))
        assert state.phase is Phase.FINISHED
        # pares: duples beat pareja -> seat 3: stake 2 + its duples 3 = 5.
        p = line(state, Lance.PARES)
        assert (p.team, p.seat, p.stones) == (3, 3, 5)
        # grande 1 and chica 1 to seat 0 (en paso); punto en paso 1 to seat 1 (30).
        assert state.scores == (2, 1, 0, 5)

    def test_individual_pares_refused_pays_the_bettors_bonuses(self) -> None:
        # Seat 1 (pareja) bets, seat 3 (duples, better) folds: seat 1 takes 1 at once and
        # its own pareja bonus 1 at the count (section 8, bet refused).
        state = betting(INDIVIDUAL_4, IND4_P, passes(0, 1, 2, 3) * 2 + [(1, "envido 2"), (3, "no quiero")])
        assert state.scores == (0, 1, 0, 0)
        state = play(state, passes(0, 1, 2, 3))
        p = line(state, Lance.PARES)
        assert (p.team, p.refusal, p.bonus) == (1, 1, 1)
        # seat 0: grande 1 + chica 1; seat 1: 1 + 1 (pares) + 1 (punto).
        assert state.scores == (2, 3, 0, 0)

    def test_individual_one_side_alone_with_pares_collects_without_betting(self) -> None:
        state = betting(INDIVIDUAL_4, IND4_P1, passes(0, 1, 2, 3) * 2)
        # Pares: seat 3 alone -> no betting; juego: nobody -> punto, from the mano.
        assert state.lance is Lance.PUNTO and state.to_act == 0
        pares = result(state, Lance.PARES)
        assert (pares.outcome, pares.team) == (Outcome.NO_BET, 3)
        state = play(state, passes(0, 1, 2, 3))
        assert line(state, Lance.PARES).stones == 3  # seat 3's duples
        # grande 1 to seat 1 (R C 6 4); chica 1 to seat 0; pares 3 to seat 3; punto 1 to
        # seat 1 (30).
        assert state.scores == (1, 2, 0, 3)

    def test_six_seats_juego_two_sides_bet_only_seats_with_juego_speak(self) -> None:
        # SIX: juego held by seat 1 (team 1, 31) and seat 4 (team 0, 34) only.
        state = betting(SIX_SEATS, SIX, passes(*range(6)) * 2)
        assert state.lance is Lance.JUEGO and state.to_act == 1
        state = play(state, [(1, "pass"), (4, "envido 2")])
        assert state.to_act == 1  # team 1's only seat with juego answers
        state = play(state, [(1, "quiero")])
        assert state.phase is Phase.FINISHED
        j = line(state, Lance.JUEGO)
        # 31 beats 34: team 1, stake 2 + seat 1's 31 bonus 3.
        assert (j.team, j.seat, j.stones) == (1, 1, 5)
        # team 0: grande 1 + pares 6 (no bet); team 1: chica 1 + juego 5.
        assert state.scores == (7, 6)

    def test_six_seats_juego_refused_pays_the_betting_teams_bonuses(self) -> None:
        state = betting(SIX_SEATS, SIX, passes(*range(6)) * 2 + [(1, "pass"), (4, "envido 2"), (1, "no quiero")])
        assert state.phase is Phase.FINISHED
        j = line(state, Lance.JUEGO)
        # refusal 1 (taken at once) + seat 4's 34 bonus 2, although seat 1's 31 is better.
        assert (j.team, j.refusal, j.bonus) == (0, 1, 2)
        # team 0: grande 1 + pares 6 + 1 + 2 = 10; team 1: chica 1.
        assert state.scores == (10, 1)

    def test_six_seats_each_for_itself_three_sides_with_pares_bet(self) -> None:
        # SIX at an individual table, Rules(seats=6, teams=6): the pares of seats 0, 2, 4
        # are now three sides, so pares is bet on; only those seats speak.
        rules = mus.Rules(seats=6, teams=6)
        state = betting(rules, SIX, passes(*range(6)) * 2)
        assert state.lance is Lance.PARES and state.to_act == 0
        # Seat 0 envido 2; the others still in with pares answer after it: 2, then 4.
        state = play(state, [(0, "envido 2")])
        assert state.to_act == 2
        state = play(state, [(2, "quiero")])
        assert state.to_act == 4 and state.lance is Lance.PARES
        state = play(state, [(4, "no quiero")])
        # Shown down between seats 0 and 2: duples beat pareja.
        pares = result(state, Lance.PARES)
        assert (pares.outcome, pares.stake) == (Outcome.ACCEPTED, 2)
        assert set(pares.seats) == {0, 2}
        # Juego: seats 1 and 4, two sides.
        assert state.lance is Lance.JUEGO and state.to_act == 1
        state = play(state, [(1, "pass"), (4, "pass")])
        assert state.phase is Phase.FINISHED
        p = line(state, Lance.PARES)
        assert (p.team, p.seat, p.stones) == (2, 2, 5)  # stake 2 + seat 2's duples 3 only
        j = line(state, Lance.JUEGO)
        assert (j.team, j.seat, j.stones) == (1, 1, 3)  # en paso: seat 1's 31 only
        # grande 1 to seat 0, chica 1 to seat 3, pares 5 to seat 2, juego 3 to seat 1.
        assert state.scores == (1, 3, 5, 1, 0, 0)


# --------------------------------------------------------------------------------------
# Scenario 3: six seats, a pares lance where one side alone has pares
# --------------------------------------------------------------------------------------


class TestSixSeats:
    def test_pares_one_side_alone_collects_the_bonuses_of_each_of_its_seats(self) -> None:
        state = betting(SIX_SEATS, SIX, passes(0, 1, 2, 3, 4, 5))
        assert state.lance is Lance.CHICA and state.to_act == 0
        state = play(state, passes(0, 1, 2, 3, 4, 5))
        # Pares: team 0 alone (seats 0, 2, 4): no betting on pares; straight to juego,
        # which two sides hold (seats 1 and 4), first seat 1 in speaking order.
        assert state.lance is Lance.JUEGO and state.to_act == 1
        pares = result(state, Lance.PARES)
        assert (pares.outcome, pares.team) == (Outcome.NO_BET, 0)
        assert not any(seat in (1, 3, 5) for seat, action in state.history if isinstance(action, mus.Bet))
        state = play(state, [(1, "pass"), (4, "pass")])
        assert state.phase is Phase.FINISHED and state.to_act is None
        g = line(state, Lance.GRANDE)
        assert (g.team, g.seat, g.stones) == (0, 0, 1)  # en paso 1: R R 4 1
        c = line(state, Lance.CHICA)
        assert (c.team, c.seat, c.stones) == (1, 3, 1)  # en paso 1: 1 4 7 R
        p = line(state, Lance.PARES)
        # pareja 1 (seat 0) + duples 3 (seat 2) + medias 2 (seat 4) = 6 (section 8).
        assert (p.team, p.stones) == (0, 6)
        j = line(state, Lance.JUEGO)
        # en paso: bonuses of the team with the best juego: 31 (seat 1) beats 34; team
        # 1's only seat with juego is seat 1: 3.
        assert (j.team, j.seat, j.stones) == (1, 1, 3)
        # team 0: 1 + 6 = 7; team 1: 1 + 3 = 4.
        assert state.scores == (7, 4)
        assert state.count is not None and state.count.scores == (7, 4)

    @pytest.mark.parametrize("mano", [0, 4])
    def test_deal_sizes_and_speaking_order_from_the_mano(self, mano: int) -> None:
        state = mus.new_hand(SIX_SEATS, seed=11, mano=mano)
        assert len(state.hands) == 6 and all(len(hand) == 4 for hand in state.hands)
        assert len(state.stock) == 16  # 40 - 24 dealt
        assert state.discards == ()
        assert_conserved(state)
        expected = order(mano, 6)
        assert list(state.speaking_order) == expected
        # Mus from the mano in speaking order; the sixth seat cuts.
        for seat in expected[:5]:
            assert state.phase is Phase.MUS and state.to_act == seat
            state = mus.apply(state, Mus(), seat=seat)
        state = mus.apply(state, "no hay mus", seat=expected[5])
        assert state.phase is Phase.BETTING and state.lance is Lance.GRANDE
        # Betting from the mano, all six seats in turn.
        for seat in expected:
            assert state.lance is Lance.GRANDE and state.to_act == seat
            state = mus.apply(state, "pass", seat=seat)
        assert state.lance is Lance.CHICA and state.to_act == mano

    def test_bet_answered_by_the_other_team_in_order_first_accept_settles(self) -> None:
        # mano 0. Seats 0, 1 pass; seat 2 (team 0) envido 2. Team 1 answers, its seats in
        # speaking order after seat 2: 3, 5, 1. Seat 3 folds, seat 5 accepts: one accept
        # commits the team and settles the lance; seat 1 is never asked.
        state = betting(SIX_SEATS, SIX, [(0, "pass"), (1, "pass"), (2, "envido 2")])
        assert state.to_act == 3
        state = play(state, [(3, "no quiero")])
        assert state.to_act == 5 and state.lance is Lance.GRANDE and state.scores == (0, 0)
        state = play(state, [(5, "quiero")])
        assert state.lance is Lance.CHICA and state.to_act == 0
        grande = result(state, Lance.GRANDE)
        assert (grande.outcome, grande.stake) == (Outcome.ACCEPTED, 2)
        assert not any(seat == 1 for seat, _ in state.history[-2:])
        state = play(state, [*passes(*range(6)), (1, "pass"), (4, "pass")])
        assert state.phase is Phase.FINISHED
        g = line(state, Lance.GRANDE)
        assert (g.team, g.seat, g.stones) == (0, 0, 2)  # seat 0's R R 4 1, stake 2
        # team 0: 2 + pares 6; team 1: chica 1 + juego 3.
        assert state.scores == (8, 4)

    def test_answer_order_wraps_around_the_table(self) -> None:
        # mano 3: speaking order 3, 4, 5, 0, 1, 2. Seat 3 passes, seat 4 (team 0) bets 2:
        # team 1 answers from the seat after 4: 5, then 1, then 3. All fold: team 0 gets 1.
        state = betting(SIX_SEATS, SIX, [(3, "pass"), (4, "envido 2")], mano=3)
        assert state.to_act == 5
        state = play(state, [(5, "no quiero")])
        assert state.to_act == 1
        state = play(state, [(1, "no quiero")])
        assert state.to_act == 3 and state.scores == (0, 0)
        state = play(state, [(3, "no quiero")])
        assert state.scores == (1, 0)
        assert state.lance is Lance.CHICA and state.to_act == 3

    def test_a_raise_swaps_the_answering_team(self) -> None:
        # Seat 0 envido 2 -> team 1 from seat 1: seat 1 folds, seat 3 raises 3 (stake 5).
        # Team 0 answers after seat 3: 4, 0, 2. All fold: team 1 gets 2 (the stake before
        # the refused raise), at once.
        state = betting(SIX_SEATS, SIX, [(0, "envido 2"), (1, "no quiero"), (3, "envido 3")])
        assert state.to_act == 4
        state = play(state, [(4, "no quiero"), (0, "no quiero")])
        assert state.to_act == 2 and state.scores == (0, 0)
        state = play(state, [(2, "no quiero")])
        assert state.scores == (0, 2)
        assert state.lance is Lance.CHICA

    def test_a_folded_seat_still_shows_down_for_its_team(self) -> None:
        # rules section 7 (default, revised): "when its partner accepts or raises and
        # the bet is accepted, the folded seat's cards compete and its bonuses count for
        # its team"; section 12: partnership betting is section 7 unchanged.
        # Seats 0-4 pass, seat 5 (team 1) envido 2; team 0 answers 0, 2, 4: seat 0 folds,
        # seat 2 accepts. Seat 0's R R 4 1 is still the best grande: team 0 wins 2.
        # (Were seat 0 out, seat 3's R 7 4 1 would win it for team 1.)
        state = betting(SIX_SEATS, SIX, [*passes(0, 1, 2, 3, 4), (5, "envido 2"), (0, "no quiero")])
        assert state.to_act == 2
        state = play(state, [(2, "quiero")])
        assert state.lance is Lance.CHICA
        state = play(state, [*passes(*range(6)), (1, "pass"), (4, "pass")])
        g = line(state, Lance.GRANDE)
        assert (g.team, g.seat, g.stones) == (0, 0, 2)
        # team 0: 2 + pares 6 = 8; team 1: chica 1 + juego 3 = 4.
        assert state.scores == (8, 4)


# --------------------------------------------------------------------------------------
# Six seats: mus rounds of four-card discards run the 16-card stock out (section 4)
# --------------------------------------------------------------------------------------


class TestSixSeatsMus:
    def exchange(self, state: mus.HandState, plan: dict[int, list[Card]]) -> mus.HandState:
        for seat in order(state.mano, 6):
            assert state.phase is Phase.MUS and state.to_act == seat
            state = mus.apply(state, Mus(), seat=seat)
            assert_conserved(state)
        for seat in order(state.mano, 6):
            assert state.phase is Phase.DISCARD and state.to_act == seat
            state = mus.apply(state, Discard(plan[seat]), seat=seat)
            assert_conserved(state)
        assert state.phase is Phase.MUS and state.to_act == state.mano
        return state

    def test_discarding_four_each_runs_out_the_stock_and_reshuffles(self) -> None:
        stock = rest_of_deck(SIX)
        assert len(stock) == 16
        state = deal(SIX_SEATS, SIX, mano=2, stock=stock)
        assert_conserved(state)
        # Round 1 (speaking order 2, 3, 4, 5, 0, 1): every seat discards its 4 cards.
        # Served in speaking order from the top: seats 2, 3, 4, 5 take the 16 cards of
        # the stock; seat 0 finds it empty while two seats (0 and 1) still wait, so all
        # 24 discards are shuffled into a new stock; seats 0 and 1 draw 4 each from it.
        before = state.hands
        plan = {seat: list(before[seat]) for seat in range(6)}
        state = self.exchange(state, plan)
        assert set(state.hands[2]) == set(stock[0:4])
        assert set(state.hands[3]) == set(stock[4:8])
        assert set(state.hands[4]) == set(stock[8:12])
        assert set(state.hands[5]) == set(stock[12:16])
        pile = {card for hand in before for card in hand}  # the 24 discards
        drawn = set(state.hands[0]) | set(state.hands[1])
        assert len(drawn) == 8 and drawn <= pile
        assert set(state.stock) == pile - drawn and len(state.stock) == 16
        assert state.discards == ()
        assert state.reshuffles == 1
        assert_conserved(state)

        # Round 2: seats 2, 3, 4 discard 4, seat 5 two, seat 0 one, seat 1 four. The
        # stock (16) serves 4 + 4 + 4 + 2 + 1 = 15; seat 1, the last seat served, gets the
        # 1 card left, then 3 from the discards reshuffled without its own 4: the 15
        # discards of seats 2, 3, 4, 5, 0 of this round (the pile was empty before).
        top = state.stock
        hands = state.hands
        plan = {
            2: list(hands[2]),
            3: list(hands[3]),
            4: list(hands[4]),
            5: list(hands[5].cards[:2]),
            0: list(hands[0].cards[:1]),
            1: list(hands[1]),
        }
        state = self.exchange(state, plan)
        assert set(state.hands[2]) == set(top[0:4])
        assert set(state.hands[3]) == set(top[4:8])
        assert set(state.hands[4]) == set(top[8:12])
        assert set(state.hands[5]) == set(hands[5].cards[2:]) | set(top[12:14])
        assert set(state.hands[0]) == set(hands[0].cards[1:]) | {top[14]}
        new1 = set(state.hands[1])
        assert top[15] in new1
        pile2 = {card for seat in (2, 3, 4, 5, 0) for card in plan[seat]}
        assert len(pile2) == 15
        from_pile = new1 - {top[15]}
        assert len(from_pile) == 3 and from_pile <= pile2
        assert not new1 & set(plan[1])  # its own discards are not dealt back to it
        assert set(state.stock) == pile2 - from_pile and len(state.stock) == 12
        assert Counter(state.discards) == Counter(plan[1])  # only seat 1's own remain
        assert state.reshuffles == 2
        assert_conserved(state)

        # The mano cuts: betting starts at the mano.
        state = mus.apply(state, NoMus(), seat=2)
        assert state.phase is Phase.BETTING and state.lance is Lance.GRANDE and state.to_act == 2
        assert_conserved(state)


# --------------------------------------------------------------------------------------
# Heads-up: one against one, a whole hand counted
# --------------------------------------------------------------------------------------


class TestHeadsUp:
    def test_a_full_hand_counted(self) -> None:
        # Dealt: seat 0 Ro Rc 7o 5b, seat 1 So Sc 6o 7e; the stock's top is 4o, then 1o.
        # Both say mus; seat 0 discards 5b, seat 1 discards 7e; served in speaking order
        # from the top: seat 0 gets 4o, seat 1 gets 1o. Then seat 0 (mano) cuts.
        hands = ["Ro Rc 7o 5b", "So Sc 6o 7e"]
        rest = [card for card in rest_of_deck(hands) if card not in cards("4o 1o")]
        stock = cards("4o 1o") + rest
        state = deal(HEADS_UP, hands, stock=stock)
        assert len(state.hands) == 2 and len(state.stock) == 32  # 40 - 8
        assert state.scores == (0, 0)
        state = play(state, [(0, "mus"), (1, "mus"), (0, "discard 5b"), (1, "discard 7e")])
        assert state.phase is Phase.MUS and state.to_act == 0
        assert set(state.hands[0]) == set(cards("Ro Rc 7o 4o"))
        assert set(state.hands[1]) == set(cards("So Sc 6o 1o"))
        assert len(state.stock) == 30
        assert_conserved(state)
        state = play(state, [(0, "no-mus")])
        # seat 0 Ro Rc 7o 4o: grande R R 7 4 (best), pareja of reyes (1), juego 31 (3)
        # seat 1 So Sc 6o 1o: chica 1 6 S S (best), pareja of sotas (1), 27: no juego
        # Grande: seat 0 envido 2, seat 1 quiero: 2 at stake.
        state = play(state, [(0, "envido 2"), (1, "quiero")])
        assert state.lance is Lance.CHICA and state.to_act == 0
        # Chica: seat 0 passes, seat 1 envido 3, seat 0 raises 2 (stake 5), seat 1 quiero.
        state = play(state, [(0, "pass"), (1, "envido 3"), (0, "envido 2"), (1, "quiero")])
        assert result(state, Lance.CHICA).stake == 5
        # Pares: both sides have pares, so it is bet on. Seat 0 passes, seat 1 bets 2,
        # seat 0 folds: seat 1 takes 1 at once.
        assert state.lance is Lance.PARES and state.to_act == 0
        state = play(state, [(0, "pass"), (1, "envido 2")])
        assert state.to_act == 0 and state.scores == (0, 0)
        state = play(state, [(0, "no quiero")])
        # Juego: seat 0 alone -> no betting; so the fold ends the last betting and the
        # count follows in the same step (the refusal stone shows in the pares line).
        assert state.phase is Phase.FINISHED
        assert result(state, Lance.JUEGO).outcome is Outcome.NO_BET
        assert line(state, Lance.GRANDE).stones == 2  # stake 2 to seat 0
        assert line(state, Lance.CHICA).stones == 5  # stake 5 to seat 1
        p = line(state, Lance.PARES)
        # refused: refusal 1 (taken) + the betting side's bonuses (seat 1's pareja 1),
        # although seat 0's pareja of reyes is better.
        assert (p.team, p.refusal, p.bonus) == (1, 1, 1)
        j = line(state, Lance.JUEGO)
        assert (j.team, j.stones) == (0, 3)  # seat 0's 31
        # seat 0: 2 + 3 = 5; seat 1: 5 + 1 + 1 = 7.
        assert state.scores == (5, 7)
        assert state.winner is None


# --------------------------------------------------------------------------------------
# Scores are one per side
# --------------------------------------------------------------------------------------


class TestScoresPerSide:
    @pytest.mark.parametrize(
        "rules, teams, stock",
        [
            (mus.Rules(seats=2), 2, 32),
            (mus.Rules(seats=3, teams=3), 3, 28),
            (mus.Rules(), 2, 24),
            (mus.Rules(seats=4, teams=4), 4, 24),
            (mus.Rules(seats=5, teams=5), 5, 20),
            (mus.Rules(seats=6), 2, 16),
            (mus.Rules(seats=6, teams=6), 6, 16),
        ],
    )
    def test_scores_tuples_have_one_entry_per_side(self, rules: mus.Rules, teams: int, stock: int) -> None:
        assert rules.teams == teams
        assert rules.team_of == tuple(seat % teams for seat in range(rules.seats))
        state = mus.new_hand(rules, seed=3)
        assert state.scores == (0,) * teams
        assert len(state.hands) == rules.seats and len(state.stock) == stock
        assert_conserved(state)
        state = mus.apply(state, "no-mus", seat=0)
        while state.to_act is not None:  # everyone passes every lance
            state = mus.apply(state, "pass")
        assert len(state.scores) == teams
        assert state.count is not None and len(state.count.scores) == teams
        assert all(len(entry.scores) == teams for entry in state.count.lines)
        assert state.view(0).scores == state.scores
        # Every lance en paso: grande and chica 1 each, punto 1 or the bonuses; nobody
        # loses stones.
        assert sum(state.scores) >= 2

    def test_new_hand_takes_one_score_per_side(self) -> None:
        state = mus.new_hand(INDIVIDUAL_5, seed=1, scores=(1, 2, 3, 4, 5))
        assert state.scores == (1, 2, 3, 4, 5)
        with pytest.raises(mus.MusError):
            mus.new_hand(INDIVIDUAL_5, seed=1, scores=(0, 0))

    @pytest.mark.parametrize("rules, mano", [(SIX_SEATS, 5), (INDIVIDUAL_5, 4), (HEADS_UP, 1)])
    def test_the_mano_rotates_by_one_seat_a_hand(self, rules: mus.Rules, mano: int) -> None:
        match = mus.new_match(rules, seed=5, mano=mano)
        assert match.hand.mano == mano and len(match.scores) == rules.teams
        while match.hand_number == 0:
            text = "no-mus" if match.hand.phase is Phase.MUS else "pass"
            match = mus.apply_match(match, text)
        assert match.hand.mano == (mano + 1) % rules.seats
        assert len(match.scores) == rules.teams
