"""Deal a seeded hand and say who wins each lance, and why.

    python examples/deal.py [SEED]

Only the cards decide this: nobody bets, so every lance is shown down.
"""

from __future__ import annotations

import sys

import mus

DEFAULT_SEED = 2026


def describe(lance: mus.Lance, hand: mus.Hand, rules: mus.Rules) -> str:
    if lance is mus.Lance.PARES:
        combo = mus.pares(hand, rules)
        return str(combo) if combo else "no pares"
    if lance in (mus.Lance.JUEGO, mus.Lance.PUNTO):
        return f"{mus.points(hand, rules)} points"
    cards = hand.cards if lance is mus.Lance.GRANDE else tuple(reversed(hand.cards))
    note = ", 3s as reyes and 2s as ases" if rules.eight_kings else ""
    return f"{' '.join(map(str, cards))} ({'high' if lance is mus.Lance.GRANDE else 'low'} cards first{note})"


def main(seed: int) -> None:
    rules = mus.Rules()
    state = mus.new_hand(rules, seed=seed)
    hands = state.hands
    print(f"Seed {seed}; the mano is seat {state.mano}, team 0 = seats 0 and 2.")
    for seat, hand in enumerate(hands):
        print(f"  seat {seat} (team {rules.team_of[seat]}): {hand}")
    nobody_has_juego = not any(mus.has_juego(hand, rules) for hand in hands)
    for lance in mus.Lance:
        if (lance is mus.Lance.PUNTO) != nobody_has_juego and lance in (mus.Lance.JUEGO, mus.Lance.PUNTO):
            continue
        best = mus.lance_winner(lance, hands, rules, mano=state.mano)
        if best is None:
            print(f"{lance:>7}: nobody has {lance}")
            continue
        seat = best
        ties = [
            other
            for other in range(rules.seats)
            if other != seat and mus.compare(lance, hands[other], hands[seat], rules) == 0
        ]
        why = describe(lance, hands[seat], rules)
        if ties:
            why += f", tied with seat {', '.join(map(str, ties))}: nearer the mano"
        print(f"{lance:>7}: seat {seat} (team {rules.team_of[seat]}) with {why}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_SEED)
