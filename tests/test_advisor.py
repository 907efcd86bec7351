"""The advisor bot: it plays only legal actions at every table and under every knob
it reads (señas, explicit declarations, mus visto), takes its mus and discards from
mus.advise, signals its señas and reads its partner's, and beats the random bot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import mus  # noqa: E402
from mus import Discard, Lance, Mus, NoMus, Rules, Sena, Signal  # noqa: E402
from mus.advise import AdvisorBot, advise, game_chance, outlook  # noqa: E402
from mus.advise.advisor import Known  # noqa: E402
from mus.bots import RandomBot, play_hand, play_match  # noqa: E402
from mus.tournament import tournament  # noqa: E402

TABLES = [
    Rules(),
    Rules(senas=True),
    Rules(declarations="explicit", senas=True),
    Rules(seats=2),
    Rules.preset("six"),
    Rules(seats=3, teams=3),
    Rules(mus_decision="team", eight_kings=False),
]


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(TABLES), st.integers(0, 10_000), st.integers(0, 1))
def test_the_advisor_plays_only_legal_actions(rules: Rules, seed: int, mixed: int) -> None:
    # Advisors at every seat, or beside random bots (which bet and raise wildly).
    bots = [AdvisorBot(seat) if mixed == 0 or seat % 2 == 0 else RandomBot(seed + seat) for seat in range(rules.seats)]
    state = mus.new_hand(rules, seed=seed)
    for _ in range(400):
        seat = state.to_act
        if seat is None:
            break
        action = bots[seat].choose(state.view(seat))
        assert action in state.view(seat).legal or isinstance(action, Signal)
        state = mus.apply(state, action)
    assert state.is_over


def test_mus_and_discards_come_from_the_advice() -> None:
    rules = Rules()
    strong = mus.new_hand(rules, hands=["Ro Rc Rb 3e", "Cc Co 5b 4e", "Se 6c 5o 1c", "7b 2e 1o 4c"])
    assert AdvisorBot().choose(strong.view(0)) == NoMus()
    weak = mus.new_hand(rules, hands=["4o 5c 6e 7b", "Cc Co 5b 4e", "Se 6c 5o 1c", "Rb 2e 1o 4c"])
    advice = advise("4o 5c 6e 7b", rules, samples=1000, seed=repr((weak.hands[0].multiset, 0, ((), (), ()))))
    best = max((o for o in advice.options if isinstance(o.action, Discard)), key=lambda o: o.expected_stones)
    assert best.expected_stones - advice.options[0].expected_stones > AdvisorBot().margin
    assert AdvisorBot().choose(weak.view(0)) == Mus()
    state = weak
    for _ in range(4):
        state = mus.apply(state, "mus")
    # In the exchange it throws the cards of the best discard's ranks.
    thrown = AdvisorBot().choose(state.view(0))
    assert isinstance(thrown, Discard)
    assert sorted(c.rank for c in thrown.cards) == sorted(c.rank for c in best.action.cards)  # type: ignore[union-attr]


def test_it_signals_its_senas_and_reads_its_partner_s() -> None:
    rules = Rules(senas=True)
    state = mus.new_hand(rules, hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "1o 1c 5o 6c", "7b 2e 6o 4c"])
    bot = AdvisorBot()
    signs = []
    while True:
        action = bot.choose(state.view(0))
        if not isinstance(action, Signal):
            break
        signs.append(action.sena)
        state = mus.apply(state, action)
    assert signs == list(mus.senas_of(state.hands[0], rules)) and Sena.DOS_REYES in signs
    # The partner (seat 2) signals dos ases: seat 0 reads it; the rivals never see it.
    state = mus.apply(state, Signal(Sena.DOS_ASES), 2)
    assert bot.known(state.view(0))[1] == ((2, Sena.DOS_ASES),)
    assert bot.known(state.view(1))[1] == ()
    # Without señas it never signals.
    plain = mus.new_hand(Rules(), hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "1o 1c 5o 6c", "7b 2e 6o 4c"])
    assert not isinstance(bot.choose(plain.view(0)), Signal)


def test_a_partner_s_sena_before_its_discard_is_forgotten() -> None:
    rules = Rules(senas=True)
    state = mus.new_hand(rules, hands=["4o 5c 6e 7b", "Cc Co 5e 4e", "1o 1c 5b 6c", "Sb 2e 6o 4c"])
    state = mus.apply(state, Signal(Sena.DOS_ASES), 2)
    bot = AdvisorBot()
    assert bot.known(state.view(0))[1] == ((2, Sena.DOS_ASES),)
    for _ in range(4):
        state = mus.apply(state, "mus")
    state = mus.apply(state, "discard 4o")
    state = mus.apply(state, "discard Cc")
    state = mus.apply(state, "discard 6c")
    assert bot.known(state.view(0))[1] == ()
    assert bot.known(state.view(0))[2] == (6,)  # its own discard: a 4, rank position 6


def test_the_side_s_equity_reads_the_declarations() -> None:
    rules = Rules()
    hand = mus.Hand.parse("Ro Rc 7e 1b").multiset
    nobody: Known = ((), (), ())
    rivals_have_pares: Known = (((Lance.PARES, (True, True, False, True)),), (), ())
    free = outlook(rules, 0, hand, Lance.PARES, nobody, 2000)
    told = outlook(rules, 0, hand, Lance.PARES, rivals_have_pares, 2000)
    # Both rivals hold pares: the pair of reyes wins less often than against anyone.
    assert told.win.mean() < free.win.mean() - 0.05
    assert (told.theirs > 0).all()


def test_game_chance_is_a_sensible_race() -> None:
    assert game_chance(0, 0, 40) == pytest.approx(0.5)
    assert game_chance(39, 0, 40) > 0.9 > 0.1 > game_chance(0, 39, 40)
    assert game_chance(30, 20, 40) > game_chance(20, 20, 40) > game_chance(20, 30, 40)


def test_it_plays_whole_matches_and_beats_the_random_bot() -> None:
    match = play_match(mus.new_match(Rules(games_to_win=1), seed=5), [AdvisorBot(s) for s in range(4)])
    assert match.is_over
    result = tournament(["advisor", "random"], games=10, seed=3)
    assert result.standings[0].wins >= 7 and result.standings[0].stones_per_hand > 0


def test_the_same_view_gives_the_same_action() -> None:
    state = play_hand(mus.new_hand(Rules(), seed=11), [AdvisorBot(s) for s in range(4)])
    again = play_hand(mus.new_hand(Rules(), seed=11), [AdvisorBot(s + 7) for s in range(4)])
    assert state == again


def test_it_refuses_the_mus_individuel() -> None:
    from mus import individuel

    with pytest.raises(mus.MusError, match="AdvisorBot plays the four-card game"):
        AdvisorBot().choose(individuel.new_hand(seed=1).view(0))  # type: ignore[arg-type]
