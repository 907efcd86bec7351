"""Check a hand's outcome: who wins each lance, and how many stones.

    python examples/check_outcome.py

Two ways, both with the public API only:

1. play the hand: four hands dealt by seat, then the actions in the game's words
   ("no hay mus", "envido 2", "quiero"...); the engine derives the pares and juego
   declarations, settles each lance and counts;
2. skip the betting: say how each lance ended (``mus.LanceResult``) and feed the
   results to ``mus.count``.

The expected figures were worked out by hand from the rules page (docs/rules.rst); the script checks them.
"""

from __future__ import annotations

import mus

RULES = mus.Rules()  # eight kings: the 3b plays as a rey, the 2e as an as
HANDS = ["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"]  # seats 0-3; seat 0 is mano
ACTIONS = [
    "no hay mus",  # seat 0 cuts the mus
    "envido 2",
    "envido 5",
    "no quiero",
    "no quiero",  # grande: 0 bets, 1 raises, 2 and 0 fold
    "paso",
    "paso",
    "paso",
    "envido 2",
    "quiero",  # chica: 3 bets, 0 accepts
    "envido 2",
    "quiero",  # pares (seats 0, 1, 3): 0 bets, 1 accepts
    "paso",
    "paso",
    "paso",
    "paso",  # nobody has juego: punto en paso
]
EXPECTED = {  # lance: (team, stones it adds at the count or took at the fold)
    mus.Lance.GRANDE: (1, 2),  # refused raise: the stake before it, 2, taken at once
    mus.Lance.CHICA: (1, 2),  # 1 1 4 R of seat 3 beats 1 7 R R: accepted stake 2
    mus.Lance.PARES: (0, 3),  # pareja of rey beats pareja of caballo: 2 + 1 bonus
    mus.Lance.PUNTO: (1, 1),  # 29 of seat 1 is the best punto: 1, en paso
}


def line_text(line: mus.CountLine) -> str:
    """One count line as 'lance: team T (seat S), N stones'."""
    seat = f" (seat {line.seat})" if line.seat is not None else ""
    stones = line.refusal + line.stones
    return f"{line.lance!s:>6}: team {line.team}{seat}, {stones} stone{'s' if stones != 1 else ''} ({line.outcome})"


def play() -> mus.Count:
    """Part 1: play the actions on the dealt hands; the count the engine makes."""
    state = mus.new_hand(RULES, hands=HANDS, mano=0)
    for text in ACTIONS:
        seat = state.to_act
        state = mus.apply(state, mus.parse_action(text))
        print(f"  seat {seat}: {text}")
    assert state.is_over and state.count is not None
    return state.count


def count_results() -> mus.Count:
    """Part 2: the same hand, the lances' results given directly to mus.count."""
    hands = [mus.Hand.parse(text) for text in HANDS]
    results = [
        mus.LanceResult(mus.Lance.GRANDE, mus.Outcome.REFUSED, stake=2, team=1),
        mus.LanceResult(mus.Lance.CHICA, mus.Outcome.ACCEPTED, stake=2),
        mus.LanceResult(mus.Lance.PARES, mus.Outcome.ACCEPTED, stake=2, seats=(0, 1, 3)),
        mus.LanceResult(mus.Lance.PUNTO, mus.Outcome.EN_PASO),
    ]
    # Refusal stones are taken at the fold, before the count: they are in the scores.
    return mus.count(hands, results, RULES, mano=0, scores=(0, 2))


def check(record: mus.Count) -> None:
    """Print each lance's winner and stones and check them against EXPECTED."""
    for line in record.lines:
        print(line_text(line))
        assert (line.team, line.refusal + line.stones) == EXPECTED[line.lance], line
    print(f"  final score: team 0 {record.scores[0]}, team 1 {record.scores[1]}")
    assert record.scores == (3, 5), record.scores


def main() -> None:
    """Run both checks."""
    print("1. playing the hand:", " / ".join(HANDS))
    check(play())
    print("2. the same lances fed to mus.count:")
    check(count_results())
    print("both agree with the hand-worked figures")


if __name__ == "__main__":
    main()
