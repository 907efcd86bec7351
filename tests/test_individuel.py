"""The Mus individuel (seed 000's « Mus individuel ou Mus français», rules section 13).

The worked examples of docs/variants.rst are here with every stone written out; the
figures were worked by hand from the seed's text and the decisions listed there.
"""

from __future__ import annotations

import pytest

from mus import Accept, Bet, Discard, Fold, IllegalActionError, Lance, MusError, Ordago, Pass, RulesError
from mus.hand import Hand
from mus.individuel import (
    IndividuelRules,
    Outcome,
    Phase,
    apply,
    apply_session,
    bonus,
    legal_actions,
    new_hand,
    new_session,
    problem,
)
from mus.individuel.state import HandState

# Five players, seat 0 the mano. Kept after the discards (the last card of each line):
# seat 0 R R 7 1 (pareja of reyes, 28), seat 1 C C C 5 (medias, juego 35), seat 2
# S 6 5 1 (nothing, 22), seat 3 4 4 1 1 (duples, 10), seat 4 R S 7 4 (juego 31).
CARDS = ["Ro Rc 7e 1b 5o", "Cc Co Cb 5b 6o", "Se 6c 5e 1c 4o", "1o 1e 4c 4b 7c", "Re Sb 7o 4e 2o"]
DISCARDS = ["discard 5o", "discard 6o", "discard 4o", "discard 7c", "discard 2o"]


def play(state: HandState, actions: list[str]) -> HandState:
    for action in actions:
        state = apply(state, action)
    return state


def dealt(**knobs: object) -> HandState:
    """The five-player hand above, after everyone discarded."""
    stones = knobs.pop("stones", None)
    return play(new_hand(IndividuelRules(**knobs), cards=CARDS, seed=1, stones=stones), DISCARDS)  # type: ignore[arg-type]


# --- the worked examples --------------------------------------------------------------


def test_a_five_player_hand_from_deal_to_shed_stones() -> None:
    state = dealt()
    assert state.phase is Phase.BETTING and state.lance is Lance.GRANDE
    assert [str(hand) for hand in state.hands] == [
        "Ro Rc 7e 1b",
        "Co Cc Cb 5b",
        "Se 6c 5e 1c",
        "4c 4b 1o 1e",
        "Re Sb 7o 4e",
    ]
    # Grande. Seat 0 opens with 2; the first round turns in the speaking order back to
    # it: seat 1 accepts, seats 2 and 3 fold, seat 4 raises 2 (stake 4).
    seen = []
    for action in ["envido 2", "quiero", "no quiero", "no quiero", "envido 2"]:
        seen.append(state.to_act)
        state = apply(state, action)
    assert seen == [0, 1, 2, 3, 4]
    # The second round turns the other way, from seat 4 towards seat 1, and ends with
    # the opener: seat 4 has matched, 3 and 2 are out, seat 1 folds (it forfeits its 2),
    # and seat 0 raises 2 (stake 6).
    assert state.betting is not None and (state.betting.lap, state.betting.forward) == (2, False)
    assert state.to_act == 1
    state = apply(state, "no quiero")
    assert state.to_act == 0
    state = apply(state, "envido 2")
    # A third round, in the speaking order again: only seat 4 has not matched 6.
    assert state.betting is not None and (state.betting.lap, state.betting.forward, state.to_act) == (3, True, 4)
    state = apply(state, "quiero")
    assert str(state.results[0]) == "grande: 6 accepted by seats 0 and 4, 2 forfeited by those who folded"
    # Chica: everybody passes.
    state = play(state, ["paso"] * 5)
    # Pares: seats 0, 1 and 3 have them. Seat 0 passes, seat 1 bets 2, seat 3 raises 3
    # (stake 5), seat 0 folds; the second round, against the speaking order, comes to
    # seat 1, who folds: seat 3 sheds at once the 2 that seat 1 had staked.
    assert state.betting is not None and state.betting.seats == (0, 1, 3)
    state = play(state, ["paso", "envido 2", "envido 3", "no quiero"])
    assert state.to_act == 1
    state = apply(state, "no quiero")
    assert state.stones == (8, 8, 8, 6, 8) and state.pot == 2
    # Juego: seats 1 (35) and 4 (31) have it; no órdago on the last lance.
    assert state.betting is not None and state.betting.seats == (1, 4)
    assert problem(state, Ordago()) == "no órdago on the last lance (juego) under these rules (ordago_last_lance)"
    state = play(state, ["paso", "paso"])
    assert state.is_over and state.loser is None
    assert [str(move) for move in state.moves] == [
        "pares: seat 3 sheds 2 (refused, staked by those who folded)",
        "grande: seat 0 sheds 8 (stake 6 + 2 forfeited)",
        "chica: seat 3 sheds 1 (en paso)",
        "pares: seat 3 sheds 3 (refused, duples 3)",
        "juego: seat 4 sheds 3 (en paso, juego of 31 3)",
    ]
    assert state.stones == (0, 8, 8, 2, 5) and state.pot == 17
    assert sum(state.stones) + state.pot == 5 * 8


def test_an_ordago_among_three_players() -> None:
    # Stones 3, 5, 8, 6 and 2: the basket already holds 16 of the 40.
    state = dealt(stones=(3, 5, 8, 6, 2))
    assert state.pot == 16
    # Grande: seat 0 calls órdago; seats 1 and 3 accept, 2 and 4 fold.
    state = play(state, ["órdago", "quiero", "no quiero", "quiero", "no quiero"])
    # Shown down at once among seats 0, 1, 3: seat 3's 4 4 1 1 is the worst grande and
    # takes all their stones. Seats 0 and 1 have none left: they are out.
    assert str(state.results[0]) == "grande: ordago among seats 0, 1 and 3, seat 3 takes their stones"
    assert [str(move) for move in state.moves] == [
        "grande: seat 0 gives 3 to seat 3 (órdago)",
        "grande: seat 1 gives 5 to seat 3 (órdago)",
    ]
    assert state.stones == (0, 0, 8, 14, 2) and state.pot == 16
    # The game goes on among seats 2, 3 and 4; seats 0 and 1 have put their cards down.
    assert state.lance is Lance.CHICA and state.betting is not None and state.betting.seats == (2, 3, 4)
    assert set(state.shown(0)) == {0, 1, 3} and state.shown(2) == (2,)
    state = play(state, ["paso"] * 3)
    # Pares: only seat 3 still has them; juego: only seat 4 (seat 1's 35 is out).
    assert state.is_over and [result.outcome for result in state.results[2:]] == [Outcome.ALONE, Outcome.ALONE]
    assert [str(move) for move in state.moves[2:]] == [
        "chica: seat 3 sheds 1 (en paso)",
        "pares: seat 3 sheds 3 (alone, duples 3)",
        "juego: seat 4 sheds 2 of 3 owed (alone, juego of 31 3)",
    ]
    assert state.stones == (0, 0, 8, 10, 0) and state.pot == 22 and state.loser is None


def test_a_bet_of_all_ones_stones_cannot_be_raised() -> None:
    # « Quand un joueur parie toutes les Pierres qui lui restent, sans toutefois lancer
    # un Ordago, les autres ne peuvent surenchérir. »
    rules = IndividuelRules(players=3)
    state = new_hand(rules, cards=CARDS[:3], seed=1, stones=(3, 8, 8))
    state = play(state, DISCARDS[:3])
    assert Bet(4) not in state.legal_actions() and Bet(3) in state.legal_actions()
    state = apply(state, "envido 3")
    assert state.betting is not None and state.betting.all_in
    assert list(state.legal_actions()) == [Accept(), Fold()]
    for raise_ in ("envido 2", "órdago"):
        with pytest.raises(IllegalActionError, match="seat 0 bet all its remaining stones: nobody can raise"):
            apply(state, raise_)
    state = play(state, ["quiero", "no quiero"])
    assert str(state.results[0]) == "grande: 3 accepted by seats 0 and 1"


# --- rules and values -----------------------------------------------------------------


def test_rules_knobs_are_validated() -> None:
    assert IndividuelRules.preset("individuel") == IndividuelRules()
    assert IndividuelRules.preset("individuel-8").players == 8
    for bad in ({"players": 1}, {"players": 9}, {"stones": 6}, {"real_31": "queen"}, {"zero_mid_hand": "gone"},
                {"next_game_mano": 1}, {"losses": 0}, {"juego_33": 1}):  # fmt: skip
        with pytest.raises(RulesError):
            IndividuelRules(**bad)
    with pytest.raises(RulesError, match="unknown Mus individuel preset 'individual-5'"):
        IndividuelRules.preset("individual-5")
    with pytest.raises(RulesError, match="unknown Mus individuel knob"):
        IndividuelRules().evolve(target=30)


@pytest.mark.parametrize(
    ("lance", "cards", "knobs", "stones"),
    [
        (Lance.PARES, "Ro Rc 7e 1b", {}, 1),
        (Lance.PARES, "Ro Rc Rb 1b", {}, 2),
        (Lance.PARES, "Ro Rc 1b 1c", {}, 3),
        (Lance.JUEGO, "Ro Rc Se 1b", {}, 3),
        (Lance.JUEGO, "7o 7c 7e Rb", {}, 3),
        (Lance.JUEGO, "7o 7c 7e Rb", {"real_31": True}, 5),
        (Lance.JUEGO, "7o 7c 7e Sb", {"real_31": "king"}, 3),
        (Lance.JUEGO, "7o 6c Rb Cc", {}, 2),
        (Lance.JUEGO, "7o 6c Rb 3c", {"juego_33": True}, 4),
        (Lance.JUEGO, "Ro Rc Se 3b", {"juego_33": True, "eight_kings": False}, 2),
        (Lance.PUNTO, "Ro 4c 5b 1b", {}, 1),
        (Lance.GRANDE, "Ro 4c 5b 1b", {}, 0),
    ],
)
def test_what_a_winning_hand_sheds(lance: Lance, cards: str, knobs: dict[str, object], stones: int) -> None:
    assert bonus(lance, Hand.parse(cards), IndividuelRules(**knobs)) == stones  # type: ignore[arg-type]


def test_the_real_31_also_beats_other_31s_under_its_knob() -> None:
    hands = ["Ro Cc Se 1b 2c", "7o 7c 7e Rb 4o"]
    for real, winner in ((False, 0), (True, 1)):
        state = play(
            new_hand(IndividuelRules(players=2, real_31=real), cards=hands, seed=1), ["discard 2c", "discard 4o"]
        )
        state = play(state, ["paso"] * 4)  # grande, chica; only seat 1 has pares
        state = play(state, ["paso", "paso"])  # juego: two 31s
        assert state.moves[-1].seat == winner and state.moves[-1].stones == (5 if real else 3)


# --- the deal, the discard, errors ------------------------------------------------------


def test_five_cards_one_at_a_time_and_one_discard() -> None:
    state = new_hand(IndividuelRules(players=8), seed=3)
    assert [len(cards) for cards in state.held] == [5] * 8 and state.deal.stock == ()
    assert len(legal_actions(state)) == 5
    with pytest.raises(IllegalActionError, match="discard exactly one card"):
        apply(state, Discard.parse(" ".join(map(str, state.held[0][:2]))))
    for word in ("mus", "no hay mus"):
        with pytest.raises(IllegalActionError, match="there is no mus in the Mus individuel"):
            apply(state, word)
    with pytest.raises(IllegalActionError, match="not seat 3's turn: seat 0 speaks"):
        apply(state, legal_actions(state)[0], seat=3)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = dealt()
    before = (state.history, state.stones, state.betting)
    for action in (Accept(), Fold(), Bet(9), Discard.parse("Ro")):
        assert problem(state, action) is not None
        with pytest.raises(IllegalActionError):
            apply(state, action)
    assert (state.history, state.stones, state.betting) == before
    state = apply(state, "envido 6")
    assert problem(state, Pass()) == "there is a bet in grande: accept, fold or raise (paso, after a bet, folds)"
    assert problem(state, Bet(4)) == "a raise takes the stake to at most the 8 stones seat 1 holds: raise at most 2"
    assert Bet(2) in state.legal_actions() and Bet(3) not in state.legal_actions()


def test_a_player_with_one_stone_can_pass_or_call_ordago() -> None:
    state = dealt(stones=(1, 8, 8, 8, 8))
    assert list(state.legal_actions()) == [Pass(), Ordago()]
    assert problem(state, Bet(2)) == "seat 0 holds 1 stone: too few to bet (pass, or órdago)"


def test_bad_deals_are_refused() -> None:
    with pytest.raises(MusError, match="card Ro is dealt twice"):
        new_hand(IndividuelRules(players=2), cards=["Ro Rc 7e 1b 5o", "Ro Co Cb 5b 6o"])
    with pytest.raises(MusError, match="the mano, seat 1, has no stones left"):
        new_hand(IndividuelRules(players=3), stones=(4, 0, 4), mano=1)
    with pytest.raises(MusError, match="hold 15 stones in all, not 16"):
        new_hand(IndividuelRules(players=3, stones=5), stones=(8, 4, 4))


# --- knobs where the seed is silent -----------------------------------------------------


@pytest.mark.parametrize(("knob", "competing"), [("out", (1, 3)), ("plays-on", (0, 1, 3))])
def test_zero_mid_hand_out_or_plays_on(knob: str, competing: tuple[int, ...]) -> None:
    # Seat 0 calls órdago on grande with its last stone; seat 3 alone accepts and, with
    # the worse grande, takes that stone. Under "out" seat 0 then puts its cards down;
    # under "plays-on" its pareja still competes for pares, though it can bet no more.
    state = dealt(stones=(1, 8, 8, 8, 8), zero_mid_hand=knob)
    state = play(state, ["órdago", "no quiero", "no quiero", "quiero", "no quiero"])
    assert state.stones == (0, 8, 8, 9, 8)
    state = play(state, ["paso"] * 4)
    assert state.betting is not None and state.lance is Lance.PARES
    assert state.betting.seats == (1, 3) and state.betting.competing == competing
    state = play(state, ["paso"] * 4)
    assert state.is_over and all(move.seat != 0 for move in state.moves[1:])


def test_the_game_ends_when_one_player_alone_holds_stones() -> None:
    cards = CARDS[:2] + [None] * 3
    state = play(new_hand(IndividuelRules(), cards=cards, seed=1, stones=(1, 1, 0, 0, 0)), DISCARDS[:2])
    assert state.deal.seats == (0, 1)
    while not state.is_over:
        state = apply(state, state.legal_actions()[0])
    # Seat 0 sheds its last stone for grande: seat 1 alone holds stones and loses.
    assert state.loser == 1 and state.stones == (0, 1, 0, 0, 0) and len(state.moves) == 1


@pytest.mark.parametrize(("knob", "mano"), [("rotate", 1), ("loser-deals", 2)])
def test_who_is_mano_after_a_game(knob: str, mano: int) -> None:
    rules = IndividuelRules(players=3, stones=5, next_game_mano=knob, losses=2)
    session = new_session(rules, seed=5)
    while not session.losers:
        session = apply_session(session, session.legal_actions()[0])
    loser = session.losers[0]
    last = session.finished[-1]
    expected = (loser + 1) % 3 if knob == "loser-deals" else (last.mano + 1) % 3
    assert session.hand.mano == expected and session.hand.stones == (5, 5, 5) and session.hand.pot == 0
    assert mano in (1, 2)


def test_a_session_ends_when_all_but_one_lost_enough_games() -> None:
    rules = IndividuelRules(players=3, losses=2)
    session = new_session(rules, seed=8)
    while not session.is_over:
        session = apply_session(session, session.legal_actions()[-1])
    assert session.winner is not None and session.losses[session.winner] < 2
    assert sum(1 for lost in session.losses if lost >= 2) == 2 and len(session.losers) == sum(session.losses)
    with pytest.raises(IllegalActionError, match="the session is over"):
        apply_session(session, "paso")
