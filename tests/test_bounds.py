"""Bounds on work and worker counts, checks at the boundary, and short messages: the
reliability cases of issue 22 (point 9) beyond the hostile-value table."""

from __future__ import annotations

import multiprocessing
import pickle
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import mus
from mus import individuel
from mus.errors import QUOTE_LIMIT, quoted
from work import lines_run

HUGE = 10**5000  # over Python's 4,300-digit limit: str() of it raises ValueError
LONG = "x" * 100_000


def short(error: pytest.ExceptionInfo[BaseException]) -> str:
    """The message of a caught error, checked short and free of the long input."""
    text = str(error.value)
    assert len(text) < 400 and "x" * 100 not in text, text[:200]
    return text


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_quoted_never_raises_and_cuts() -> None:
    assert quoted(HUGE) == f"an int of {HUGE.bit_length()} bits"
    assert quoted(-HUGE).startswith("an int of")
    assert len(quoted(LONG)) < QUOTE_LIMIT + 30 and "100000 characters" in quoted(LONG)
    assert len(quoted(b"y" * 100_000)) < QUOTE_LIMIT + 30
    assert len(quoted(["x" * 1000] * 1000)) <= QUOTE_LIMIT
    assert quoted(Unprintable()) == "a Unprintable"
    for limit in (None, float("nan"), -5, HUGE, "80"):
        assert quoted("Ro Rc", limit) == "'Ro Rc'"  # type: ignore[arg-type]


def test_enumerations_refuse_values_not_theirs() -> None:
    assert mus.Lance(2) is mus.Lance.PARES and mus.Phase("mus") is mus.Phase.MUS
    values: list[Any] = [9, None, True, 2.0, [], HUGE, LONG, Unprintable()]
    for value in values:
        with pytest.raises(mus.MusError, match="is no Lance value") as error:
            mus.Lance(value)
        short(error)
    with pytest.raises(mus.MusError, match=r"'won' is no Outcome value \(values: en paso, accepted"):
        mus.Outcome("won")
    assert pickle.loads(pickle.dumps(mus.Rank.REY)) is mus.Rank.REY


@pytest.mark.parametrize("value", [HUGE, -HUGE], ids=["huge", "minus-huge"])
def test_integers_over_4300_digits_get_a_mus_error(value: int) -> None:
    state = mus.apply(mus.new_hand(seed=1), "no-mus")
    calls: list[Callable[[], object]] = [
        lambda: mus.apply(state, value),  # type: ignore[call-overload]
        lambda: mus.apply(state, "pass", value),
        lambda: mus.score_text(value),
        lambda: mus.Deck().deal(value),
        lambda: state.view(value),
        lambda: mus.checks.whole(value, "a stake", 0, 10),
        lambda: mus.data.from_data({"type": value}),
        lambda: individuel.apply(individuel.new_hand(seed=1), value),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(mus.MusError) as error:
            call()
        assert "an int of" in short(error)


def test_a_huge_seed_still_seeds() -> None:
    # Such a seed is taken by its hex text (mus.cards.seed_arg), as a hand's seed is.
    session = individuel.new_session(individuel.IndividuelRules(players=3), seed=HUGE)
    assert session.seed == hex(HUGE) and session == individuel.new_session(
        individuel.IndividuelRules(players=3), seed=HUGE
    )
    assert mus.notation.lines.seed_text(HUGE) == f'"{hex(HUGE)}"'
    assert mus.bots.RandomBot(HUGE).random.random() == mus.bots.RandomBot(HUGE).random.random()


def test_a_100_kb_input_gets_a_short_message() -> None:
    calls: list[Callable[[], object]] = [
        lambda: individuel.notation.parse_rules(LONG),
        lambda: individuel.IndividuelRules.preset(LONG),
        lambda: individuel.IndividuelRules(zero_mid_hand=LONG),
        lambda: individuel.new_hand(cards=LONG),
        lambda: mus.Rules.preset(LONG),
        lambda: mus.data.from_data({}, LONG),
        lambda: mus.data.loads('"x"', LONG),
        lambda: mus.notation.lines.read_int(LONG, "mano"),
        lambda: mus.Hand.parse("Ro Rc 7e 1b").replace([LONG], []),  # type: ignore[list-item]
    ]
    for call in calls:
        with pytest.raises(mus.MusError) as error:
            call()
        short(error)


def test_bots_check_what_they_are_given() -> None:
    state = mus.new_hand(seed=2)
    with pytest.raises(mus.MusError, match="limit is a whole number from 1 up"):
        mus.bots.play_hand(state, [mus.bots.RandomBot(1)] * 4, limit=0)
    with pytest.raises(mus.MusError, match="the hand did not end within 3 actions"):
        mus.bots.play_hand(state, [mus.bots.RandomBot(1)] * 4, limit=3)
    with pytest.raises(mus.MusError, match="a bot has a choose"):
        mus.bots.play_hand(state, [mus.bots.RandomBot(1), "bot", None, 3])  # type: ignore[list-item]
    with pytest.raises(mus.MusError, match="boldness is a number from 0 to 1"):
        mus.bots.HeuristicBot(boldness=float("nan"))
    with pytest.raises(mus.MusError, match=r"mus\.bots need a view"):
        mus.bots.RandomBot(1).choose(None)  # type: ignore[arg-type]
    with pytest.raises(mus.MusError, match="a lance is grande"):
        mus.bots.strength(9, mus.Hand.parse("Ro Rc 7e 1b"), mus.Rules())  # type: ignore[arg-type]
    # Any str seeds a bot, lone surrogates included, the same way every time.
    assert mus.bots.RandomBot("\ud800").random.random() == mus.bots.RandomBot("\ud800").random.random()
    with pytest.raises(mus.MusError, match="a seed is an int or a str"):
        individuel.RandomPlayer([])  # type: ignore[arg-type]


def test_a_mus_individuel_deal_is_checked_whole() -> None:
    deal = individuel.new_hand(individuel.IndividuelRules(players=3), seed=4).deal
    assert individuel.start(attrs.evolve(deal)) == individuel.start(deal)
    held = deal.cards
    bad: dict[str, dict[str, Any]] = {
        "a card twice": {"cards": (held[0], held[0], held[2])},
        "stones from nowhere": {"pot": deal.pot + 1},
        "a mano out of the game": {"stones": (0, *deal.stones[1:]), "pot": deal.pot + deal.stones[0]},
        "no rules": {"rules": mus.Rules()},
        "a seat out of range": {"mano": 3},
    }
    for why, changes in bad.items():
        try:
            attrs.evolve(deal, **changes)
        except mus.MusError:
            continue
        pytest.fail(f"a deal with {why} was accepted")
    with pytest.raises(mus.MusError, match="start\\(\\) needs a Mus individuel Deal"):
        individuel.start(None)  # type: ignore[arg-type]


def test_mus_individuel_scoring_checks_its_arguments() -> None:
    rules = individuel.IndividuelRules(players=3)
    hands = [mus.Hand.parse("Ro Rc 5e 4b"), mus.Hand.parse("Rb Re 6e 4o"), None]
    assert individuel.best(mus.Lance.PARES, hands, (1, 0), rules) == 1
    with pytest.raises(mus.MusError, match="seat 2 has no hand"):
        individuel.best(mus.Lance.PARES, hands, (0, 2), rules)
    with pytest.raises(mus.MusError, match="a seat is a whole number from 0 to 2"):
        individuel.worst(mus.Lance.GRANDE, hands, (0, 5), rules)
    with pytest.raises(mus.RulesError, match="got a Rules"):
        individuel.bonus(mus.Lance.PARES, hands[0], mus.Rules())  # type: ignore[arg-type]


def test_odds_bound_workers_and_samples() -> None:
    pytest.importorskip("numpy")
    from mus.odds import MAX_SAMPLES, OddsError, equity_table, odds, run_tasks
    from mus.odds.batch import MAX_DEALS, deal
    from mus.odds.parallel import MAX_WORKERS, check_workers

    assert check_workers(MAX_WORKERS, "processes") == MAX_WORKERS
    for call in (
        lambda: equity_table(mus.Rules(seats=2), workers=10**6),
        lambda: equity_table(mus.Rules(seats=2), workers=MAX_WORKERS + 1),
        lambda: equity_table(samples=10**12),
        lambda: odds("Ro Rc 7e 1b", samples=MAX_SAMPLES + 1),
        lambda: odds("Ro Rc 7e 1b", workers=0),
        lambda: run_tasks(abs, [1], workers=10**6),
        lambda: deal(MAX_DEALS + 1, mus.Rules(), seed=1),
        lambda: odds(LONG),
    ):
        errors: list[pytest.ExceptionInfo[OddsError]] = []

        def refused(call: Callable[[], object] = call, errors: list[pytest.ExceptionInfo[OddsError]] = errors) -> None:
            with pytest.raises(OddsError) as error:
                call()
            errors.append(error)

        # Refused before any work: the dearest refusal, equity_table's, lists the 715
        # rank patterns before its first one refuses the samples (about 87,000 lines);
        # the odds table it would build runs about 840,000.
        assert lines_run(refused) < 100_000
        short(errors[0])
    # No process started.
    assert not multiprocessing.active_children()
    assert deal(0, mus.Rules(), seed=1).shape == (0, 4)
