"""The table customs of rules section 13 worked out stone by stone: mus corrido
(and, as they land, mus visto and señas), each against the knob's other values."""

from __future__ import annotations

import pytest

import mus
from mus import Lance, Rules
from mus.notation import format_hand, hand_from_json, hand_to_json, parse_hand

# Seat 0: Ro Rc 7e 1b (grande R R 7 1; 28 points); seat 1: Co Cc 5b 4e (pareja of
# caballos; 29); seat 2: Se 6c 5o 1c (22); seat 3: 3b 2e 1o 4c (eight kings: R 1 1 4,
# chica 1 1 4 R; 16). Stock and seed fixed so that every run is the same.
HANDS = ["Ro Rc 7e 1b", "Co Cc 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]


def play(state: mus.HandState, actions: list[str]) -> mus.HandState:
    for action in actions:
        state = mus.apply(state, action)
    return state


class TestMusCorrido:
    CORRIDO = Rules(mus_corrido="game")

    def test_the_seat_that_cuts_becomes_the_mano(self) -> None:
        # rules section 13 (001): in the first hand of a game the seat that cuts the
        # mus becomes the mano, and speaking order starts from it.
        state = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1)
        assert state.deal.corrido and state.mano == 0
        state = play(state, ["mus", "mus", "no-mus"])
        assert state.mano == 2 and state.to_act == 2 and state.lance is Lance.GRANDE
        assert state.speaking_order == (2, 3, 0, 1)

    def test_a_whole_hand_counted_from_the_new_mano(self) -> None:
        # Seat 2 cuts and is mano: speaking order 2, 3, 0, 1. Grande: seat 2 bets 2
        # (team 0) and seat 3 accepts. Chica: four passes. Pares: seats 3 (pareja of
        # ases: its 2 plays as an as), 0 (reyes) and 1 (caballos) have pares, both teams
        # do, and all three pass. Nobody has juego: punto, four passes.
        state = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1)
        state = play(state, ["mus", "mus", "no-mus", "bet 2", "accept"] + ["pass"] * 4)
        assert state.lance is Lance.PARES and state.betting is not None
        assert state.betting.seats == (3, 0, 1) and state.to_act == 3
        state = play(state, ["pass"] * 3 + ["pass"] * 4)
        assert state.is_over and state.count is not None
        lines = {line.lance: line for line in state.count.lines}
        # grande: seat 0's R R 7 1 is best: team 0, the accepted 2 stones.
        assert (lines[Lance.GRANDE].team, lines[Lance.GRANDE].seat, lines[Lance.GRANDE].stones) == (0, 0, 2)
        # chica en paso: seat 3's 1 1 4 R against seat 0's 1 7 R R: seat 3, team 1, 1 stone.
        assert (lines[Lance.CHICA].team, lines[Lance.CHICA].seat, lines[Lance.CHICA].stones) == (1, 3, 1)
        # pares en paso: seat 0's pareja of reyes is best: team 0, its bonus of 1.
        assert (lines[Lance.PARES].team, lines[Lance.PARES].seat, lines[Lance.PARES].stones) == (0, 0, 1)
        # punto en paso: seat 1's 29 is best: team 1, 1 stone.
        assert (lines[Lance.PUNTO].team, lines[Lance.PUNTO].seat, lines[Lance.PUNTO].stones) == (1, 1, 1)
        assert state.scores == (3, 2)

    def test_ties_go_to_the_new_mano(self) -> None:
        # Seats 0 and 2 hold equal grande hands; seat 2 cuts and is mano, so seat 2
        # (team 0) wins the tie en paso; without mus corrido seat 0 would.
        tied = ["Ro Rc 7e 1b", "Co Cc 5b 4e", "Re Rb 7o 1c", "3b 2e 1o 4c"]
        for rules, seat in ((self.CORRIDO, 2), (Rules(), 0)):
            state = play(mus.new_hand(rules, hands=tied, seed=1), ["mus", "mus", "no-mus"])
            while not state.is_over:
                state = mus.apply(state, "pass")
            assert state.count is not None
            assert state.count.lines[0].seat == seat

    def test_without_the_knob_the_mano_stays(self) -> None:
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["mus", "mus", "no-mus"])
        assert state.mano == 0 and state.to_act == 0 and not state.deal.corrido

    def test_only_the_first_hand_of_a_game(self) -> None:
        # A hand dealt at a score other than 0-0 is not a game's first hand.
        later = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1, scores=(3, 0))
        assert not later.deal.corrido
        assert play(later, ["mus", "mus", "no-mus"]).mano == 0

    @pytest.mark.parametrize("scope", ["game", "match"])
    def test_in_a_match_the_mano_rotates_from_the_cutter(self, scope: str) -> None:
        rules = Rules(mus_corrido=scope, games_to_win=2)
        match = mus.new_match(rules, seed=3)
        assert match.hand.deal.corrido
        match = mus.apply(match, "mus")
        match = mus.apply(match, "no-mus")  # seat 1 cuts: the mano
        assert match.hand.mano == 1
        # Seat 1 calls órdago at once and seat 2 accepts: the first game ends.
        match = mus.apply(match, "ordago")
        match = mus.apply(match, "accept")
        assert sum(match.games) == 1
        # The next hand's mano is the seat after the cutter; it starts a new game,
        # where mus corrido applies again only when the knob says "game".
        assert match.hand.mano == 2
        assert match.hand.deal.corrido is (scope == "game")

    def test_the_history_round_trips(self) -> None:
        state = play(mus.new_hand(self.CORRIDO, hands=HANDS, seed=1), ["mus", "no-mus", "ordago", "fold"])
        assert state.mano == 1
        assert parse_hand(format_hand(state)) == state
        assert hand_from_json(hand_to_json(state)) == state
        assert mus.replay(state.deal, state.history) == state
        # A match says when a hand at 0-0 is not a corrido hand (scope "match"): the
        # notation writes it, since the scores alone would suggest otherwise.
        told = mus.new_hand(self.CORRIDO, hands=HANDS, seed=1, corrido=False)
        text = format_hand(told)
        assert "corrido no" in text and parse_hand(text) == told
        assert hand_from_json(hand_to_json(told)) == told


class TestMaxBet:
    CAPPED = Rules(max_bet=40)

    def test_a_bet_or_raise_over_the_cap_is_refused(self) -> None:
        # rules section 9 (001's site: bets "entre 2 et 40"): the cap is on what one
        # bet or raise names; the stake may grow past it by raises, and órdago stays.
        state = play(mus.new_hand(self.CAPPED, hands=HANDS, seed=1), ["no-mus"])
        legal = state.legal_actions()
        assert legal.max_bet == 40 and legal.seat == 0 and str(legal) == "pass, bet 2-40, ordago"
        assert mus.Bet(40) in legal and mus.Bet(41) not in legal and mus.Ordago() in legal
        assert state.is_legal(mus.Bet(40)) and not state.is_legal(mus.Bet(41))
        with pytest.raises(mus.IllegalActionError, match="at most 40 stones"):
            mus.apply(state, "bet 41")
        state = play(state, ["bet 40", "bet 40"])
        assert state.betting is not None and state.betting.stake == 80
        assert mus.Bet(41) not in state.legal_actions()

    def test_no_cap_by_default(self) -> None:
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["no-mus"])
        assert state.legal_actions().max_bet is None and mus.Bet(1000) in state.legal_actions()

    def test_random_play_under_the_cap(self) -> None:
        import random

        rnd = random.Random(5)
        for number in range(300):
            state = mus.new_hand(self.CAPPED, seed=number)
            while not state.is_over:
                legal = state.legal_actions()
                if legal.min_bet is not None and rnd.random() < 0.3:
                    stones = rnd.randint(2, 60)
                    assert (mus.Bet(stones) in legal) == (stones <= 40) == state.is_legal(mus.Bet(stones))
                state = mus.apply(state, rnd.choice(legal))


class TestSenas:
    SENAS = Rules(senas=True)

    def test_a_true_signal_is_seen_by_the_partner_only(self) -> None:
        # Seat 0 holds Ro Rc 7e 1b: exactly two reyes, so "dos reyes" is true of it.
        state = mus.new_hand(self.SENAS, hands=HANDS, seed=1)
        state = mus.apply(state, "seña dos reyes", seat=0)
        assert state.to_act == 0 and state.phase is mus.Phase.MUS  # a seña takes no turn
        assert state.history == ((0, mus.Signal(mus.Sena.DOS_REYES)),)
        assert (0, mus.Signal(mus.Sena.DOS_REYES)) in state.view(2).history  # the partner
        assert state.view(0).history == state.history  # its own
        assert state.view(1).history == () and state.view(3).history == ()  # the opponents

    def test_a_signal_must_be_true_of_the_hand(self) -> None:
        state = mus.new_hand(self.SENAS, hands=HANDS, seed=1)
        with pytest.raises(mus.IllegalActionError, match="not true of its hand"):
            mus.apply(state, "signal dos reyes", seat=1)  # seat 1 holds two caballos
        assert not state.is_legal(mus.Signal("dos reyes"), seat=1)
        assert state.is_legal(mus.Signal("dos reyes"), seat=0)
        once = mus.apply(state, mus.Signal("dos reyes"), seat=0)
        with pytest.raises(mus.IllegalActionError, match="already signalled"):
            mus.apply(once, mus.Signal("dos reyes"), seat=0)

    def test_no_senas_without_the_knob_or_partners(self) -> None:
        with pytest.raises(mus.IllegalActionError, match="senas=True"):
            mus.apply(mus.new_hand(Rules(), hands=HANDS, seed=1), "signal dos reyes", seat=0)
        alone = mus.new_hand(Rules(seats=4, teams=4, senas=True), hands=HANDS, seed=1)
        with pytest.raises(mus.IllegalActionError, match="no partners"):
            mus.apply(alone, "signal dos reyes", seat=0)

    def test_a_hand_with_signals_counted_and_replayed(self) -> None:
        # Seat 3 (eight kings: 3b is a rey, 2e an as) signals "dos ases" to seat 1; seat 0
        # signals "dos reyes" to seat 2. Then the mus is cut and every lance passes:
        # grande seat 0 (team 0) 1; chica seat 3 (team 1) 1; pares en paso: seat 0's
        # reyes beat seat 1's caballos and seat 3's ases: team 0, seat 0's pareja 1;
        # punto: seat 1's 29 (team 1) 1. Scores 2-2; the señas change no stone.
        state = mus.new_hand(self.SENAS, hands=HANDS, seed=1)
        state = mus.apply(state, "signal dos ases", seat=3)
        state = mus.apply(state, "signal dos reyes", seat=0)
        state = mus.apply(state, "no-mus")
        while not state.is_over:
            state = mus.apply(state, "pass")
        assert state.scores == (2, 2)
        assert mus.replay(state.deal, state.history) == state
        assert parse_hand(format_hand(state)) == state
        assert hand_from_json(hand_to_json(state)) == state
        assert mus.Signal("dos ases") not in [action for _, action in state.view(0).history]


class TestMusVisto:
    # The stock's top card is 4o, so a seat that takes a new card gets it.
    STOCK = "4o " + " ".join(str(card) for card in mus.ALL_CARDS if str(card) not in [*" ".join(HANDS).split(), "4o"])
    NEW_CARD = Rules(mus_visto="new-card")

    def test_a_seen_card_forces_an_exchange_by_default(self) -> None:
        # rules section 13: nobody may cut; each seat in speaking order discards or
        # says servido.
        state = mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1)
        state = mus.apply(state, "mus visto Ro")
        assert state.history == ((0, mus.MusVisto("Ro")),)
        assert state.phase is mus.Phase.DISCARD and state.forced_exchange and state.to_act == 0
        assert state.hands == mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1).hands
        legal = state.legal_actions()
        assert mus.Servido() in legal and mus.Servido() in list(legal) and len(legal) == 16
        assert str(legal).endswith(", or servido")
        for cut in ("no-mus", "mus", "paso"):
            assert not state.is_legal(cut)
            with pytest.raises(mus.IllegalActionError, match="the exchange is forced"):
                mus.apply(state, cut)

    def test_after_a_servido_the_betting_starts_once_the_exchange_is_done(self) -> None:
        # Seat 0 discards its Ro and draws 4o; seat 1 keeps its cards: no more mus. Seats
        # 2 and 3 still choose; then grande opens from the mano.
        state = mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1)
        state = play(state, ["visto Ro", "discard Ro", "servido", "discard 1c"])
        assert state.phase is mus.Phase.DISCARD and state.to_act == 3
        state = mus.apply(state, "servido")
        assert state.phase is mus.Phase.BETTING and state.lance is Lance.GRANDE and state.to_act == 0
        assert state.hands[0] == mus.Hand.parse("Rc 7e 4o 1b") and state.hands[1] == mus.Hand.parse(HANDS[1])
        assert not state.forced_exchange and state.mus_rounds == 1
        assert [action for _, action in state.history][-2:] == [mus.Discard.parse("1c"), mus.Servido()]
        assert parse_hand(format_hand(state)) == state and mus.replay(state.deal, state.history) == state

    def test_one_servido_is_enough(self) -> None:
        # "même si seul un joueur a fait cette déclaration" (000): the only servido is
        # the last seat's, and still the betting starts.
        state = mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1)
        state = play(state, ["visto Ro", "discard Ro", "discard Co", "discard 1c", "servido"])
        assert state.lance is Lance.GRANDE

    def test_when_everyone_discards_the_mus_goes_on(self) -> None:
        state = mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1)
        state = play(state, ["visto Ro", "discard Ro", "discard Co", "discard 1c", "discard 2e"])
        assert state.phase is mus.Phase.MUS and state.to_act == 0 and not state.forced_exchange
        assert mus.NoMus() in state.legal_actions() and state.mus_rounds == 1

    def test_a_card_can_be_seen_at_a_later_deal(self) -> None:
        # 000: « au cours de la distribution initiale ou des suivantes ».
        state = mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1)
        state = play(state, ["mus", "mus", "mus", "mus", "discard Ro", "discard Co", "discard 1c", "discard 2e"])
        assert state.phase is mus.Phase.MUS and state.mus_rounds == 1
        (seen,) = set(state.hands[2].cards) - set(mus.Hand.parse(HANDS[2]).cards)  # the card seat 2 drew
        assert state.is_legal(mus.MusVisto(seen))
        after = mus.apply(state, mus.MusVisto(seen))
        assert after.forced_exchange and not after.is_legal("no-mus")
        # Once a seat has spoken after the deal, it is too late.
        spoken = mus.apply(state, "mus")
        assert not spoken.is_legal(mus.MusVisto(seen))
        with pytest.raises(mus.IllegalActionError, match="at a deal"):
            mus.apply(spoken, mus.MusVisto(seen))

    @pytest.mark.parametrize("reading", ["forced", "new-card", "servido"])
    @pytest.mark.parametrize("deal", [0, 1, 2, 3, 4, 5])
    def test_only_a_card_dealt_at_that_deal_can_be_seen(self, deal: int, reading: str) -> None:
        # Issue 31 (rules section 13): at a later deal of the mus, only the cards just
        # dealt can be shown; a card a seat kept from an earlier deal cannot. Each seat
        # discards its two lowest cards every round, so the fourth runs the stock out
        # and the discards are reshuffled: each deal's new cards are followed.
        rules = Rules(mus_visto=reading)
        state = mus.new_hand(rules, seed=11)
        for _ in range(deal):
            state = play(state, ["mus"] * 4)
            before = state.hands
            for seat in range(4):
                state = mus.apply(state, mus.Discard(state.hands[seat].cards[-2:]))
            new = [set(after.cards) - set(old.cards) for old, after in zip(before, state.hands, strict=True)]
        assert state.mus_rounds == deal and (state.reshuffles > 0) == (deal >= 4)
        dealt = {card for hand in state.hands for card in hand.cards} if deal == 0 else set().union(*new)
        assert mus.table.dealt_at(state.deal, state.history) == dealt
        if reading == "new-card" and not state.stock:  # nothing to replace a seen card with
            assert not any(state.is_legal(mus.MusVisto(card)) for hand in state.hands for card in hand.cards)
            return
        for seat, hand in enumerate(state.hands):
            for card in hand.cards:
                visto = mus.MusVisto(card)
                if card in dealt:
                    assert state.is_legal(visto, seat) and mus.apply(state, visto, seat).history[-1] == (seat, visto)
                else:
                    assert not state.is_legal(visto) and not state.is_legal(visto, seat)
                    with pytest.raises(mus.IllegalActionError, match=f"card {card} was not dealt at this deal"):
                        mus.apply(state, visto)
        assert any(card not in dealt for hand in state.hands for card in hand.cards) == (deal > 0)

    def test_team_servido_speaks_for_the_side(self) -> None:
        # Under one mus word a side, seat 0's servido keeps seat 2's cards too.
        rules = Rules(mus_decision="team")
        state = mus.new_hand(rules, hands=HANDS, stock=self.STOCK, seed=1)
        state = play(state, ["visto Ro", "servido"])
        assert state.to_act == 1
        state = play(state, ["discard Co", "discard 2e"])
        assert state.lance is Lance.GRANDE and state.hands[2] == mus.Hand.parse(HANDS[2])

    def test_the_seat_takes_a_new_card_under_new_card(self) -> None:
        state = mus.new_hand(self.NEW_CARD, hands=HANDS, stock=self.STOCK, seed=1)
        state = mus.apply(state, "mus visto Ro")
        assert state.history == ((0, mus.MusVisto("Ro")),)
        assert state.hands[0] == mus.Hand.parse("Rc 7e 4o 1b")
        assert state.discards == (mus.Card.parse("Ro"),) and len(state.stock) == 23
        assert state.to_act == 0 and state.phase is mus.Phase.MUS and not state.forced_exchange
        # Everyone sees the card that was shown, and the new card only its holder.
        assert state.view(1).history == state.history and state.view(1).hands is None
        assert not state.is_legal("servido")

    def test_servido_leaves_the_seat_without_mus(self) -> None:
        # The card was seat 1's: under "servido" seat 1 must play the cards it has, so
        # when its turn comes in the mus it can only cut.
        state = mus.new_hand(Rules(mus_visto="servido"), hands=HANDS, stock=self.STOCK, seed=1)
        state = mus.apply(state, "visto Co")
        assert state.hands == mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1).hands
        assert state.servido == 1
        state = mus.apply(state, "mus")  # seat 0 may still ask
        assert list(state.legal_actions()) == [mus.NoMus()]
        with pytest.raises(mus.IllegalActionError, match="servido"):
            mus.apply(state, "mus")
        state = mus.apply(state, "no-mus")
        assert state.lance is Lance.GRANDE

    def test_a_whole_hand_after_a_mus_visto(self) -> None:
        # Under "new-card", seat 0's Ro is seen and replaced by 4o: R 7 4 1 (22 points,
        # no pares). Cut and pass everything. Grande: seat 0's R 7 4 1 beats seat 3's
        # R 4 1 1 (its 3 plays as a rey): team 0, 1. Chica: seat 3's 1 1 4 R, team 1, 1.
        # Pares: only seats 1 (caballos) and 3 (ases, its 2 plays as an as), both team
        # 1: no bet, 1 + 1 = 2. Punto: seat 1's 29, team 1, 1. Scores 1-4. Under the
        # forced exchange, seat 0 discarding its Ro for 4o and everyone else servido
        # gives the same cards, and the same count.
        new_card = play(mus.new_hand(self.NEW_CARD, hands=HANDS, stock=self.STOCK, seed=1), ["visto Ro", "no-mus"])
        forced = play(
            mus.new_hand(Rules(), hands=HANDS, stock=self.STOCK, seed=1),
            ["visto Ro", "discard Ro", "servido", "servido", "servido"],
        )
        for state in (new_card, forced):
            while not state.is_over:
                state = mus.apply(state, "pass")
            assert state.count is not None
            assert [(line.lance, line.team, line.stones) for line in state.count.lines] == [
                (Lance.GRANDE, 0, 1),
                (Lance.CHICA, 1, 1),
                (Lance.PARES, 1, 2),
                (Lance.PUNTO, 1, 1),
            ]
            assert state.scores == (1, 4)
            assert parse_hand(format_hand(state)) == state

    def test_only_at_a_deal(self) -> None:
        for rules in (Rules(), self.NEW_CARD, Rules(mus_visto="servido")):
            state = mus.apply(mus.new_hand(rules, hands=HANDS, seed=1), "mus")
            with pytest.raises(mus.IllegalActionError, match="at a deal"):
                mus.apply(state, "visto Ro")
            fresh = mus.new_hand(rules, hands=HANDS, seed=1)
            with pytest.raises(mus.IllegalActionError, match="not dealt to seat 2"):
                mus.apply(fresh, "visto Ro", seat=2)
            with pytest.raises(mus.IllegalActionError, match="not dealt"):
                mus.apply(fresh, "visto 4o")
            seen = mus.apply(fresh, "visto Ro")
            with pytest.raises(mus.IllegalActionError, match="at a deal"):
                mus.apply(seen, "visto Rc")

    def test_servido_is_said_in_a_forced_exchange_only(self) -> None:
        state = mus.new_hand(Rules(), hands=HANDS, seed=1)
        with pytest.raises(mus.IllegalActionError, match="exchange a mus visto forces"):
            mus.apply(state, "servido")
        betting = mus.apply(state, "no-mus")
        with pytest.raises(mus.IllegalActionError, match="mus is over"):
            mus.apply(betting, "servido")
        everyone = play(state, ["mus", "mus", "mus", "mus"])
        with pytest.raises(mus.IllegalActionError, match="discard 1 to 4 cards, not servido"):
            mus.apply(everyone, "servido")


class TestTeamFold:
    def test_one_word_folds_for_the_team(self) -> None:
        # Seat 0 bets 2 on grande; seat 1 says "no queremos" for team 1: seats 1 and 3
        # fold at once, 1 refusal stone to team 0, and chica opens.
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["no-mus", "bet 2"])
        assert mus.TeamFold() in state.legal_actions() and mus.TeamFold() not in list(state.legal_actions())
        state = mus.apply(state, "no queremos")
        assert state.scores == (1, 0) and state.lance is Lance.CHICA
        assert state.history[-1] == (1, mus.TeamFold())
        one_by_one = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["no-mus", "bet 2", "fold", "fold"])
        assert one_by_one.results == state.results and one_by_one.scores == state.scores

    def test_no_bet_to_refuse(self) -> None:
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["no-mus"])
        with pytest.raises(mus.IllegalActionError, match="no bet to team-fold"):
            mus.apply(state, "no queremos")

    def test_only_with_a_partner_still_to_answer(self) -> None:
        state = play(mus.new_hand(Rules(), hands=HANDS, seed=1), ["no-mus", "bet 2", "fold"])
        assert mus.TeamFold() not in state.legal_actions()
        with pytest.raises(mus.IllegalActionError, match="no partner"):
            mus.apply(state, "team-fold")
        alone = play(mus.new_hand(Rules(seats=4, teams=4), hands=HANDS, seed=1), ["no-mus", "bet 2"])
        with pytest.raises(mus.IllegalActionError, match="for itself"):
            mus.apply(alone, "team-fold")
