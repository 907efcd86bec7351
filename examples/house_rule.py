"""Define house rules: knobs first, then a rule no knob covers.

    python examples/house_rule.py

A Basque-country table plays with four kings, to 30, with explicit declarations; and
this house also says a juego of 40 ("la real") beats every other juego and pays 4.
"""

from __future__ import annotations

import attrs

import mus


@attrs.frozen
class FortyIsKing(mus.HouseRule):
    """Juego of 40 is the best juego and pays 4 stones a seat."""

    name = "example-forty-is-king"

    def lance_key(self, lance: mus.Lance, ranks: tuple[mus.Rank, ...], key: int, rules: mus.Rules) -> int:
        if lance is mus.Lance.JUEGO and key and sum(mus.rank_points(rank, rules) for rank in ranks) == 40:
            return 1000  # above every key the library uses for juego
        return key

    def bonus(self, lance: mus.Lance, hand: mus.Hand, bonus: int, rules: mus.Rules) -> int:
        if lance is mus.Lance.JUEGO and mus.points(hand, rules) == 40:
            return 4
        return bonus


def main() -> None:
    table = mus.Rules(eight_kings=False, target=30, declarations="explicit", house=(FortyIsKing(),))
    print("rules:", mus.notation.rules_text(table))
    forty = mus.Hand.parse("Ro Rc Cb Se")
    thirty_one = mus.Hand.parse("Re Co Sb 1b")
    for name, rules in (("standard", mus.Rules(eight_kings=False)), ("this house", table)):
        better = mus.compare(mus.Lance.JUEGO, forty, thirty_one, rules)
        print(
            f"{name:>10}: {forty} vs {thirty_one} at juego -> "
            f"{'40 wins' if better > 0 else '31 wins'}; a 40 pays {mus.bonus(mus.Lance.JUEGO, forty, rules)}"
        )
    # The rule travels with hand histories by its name.
    state = mus.new_hand(table, hands=[str(forty), str(thirty_one), "7o 6c 5e 4b", "1o 2c 4e 5b"])
    for action in (
        ["no-mus"] + ["pass"] * 8 + ["declare pares yes", "declare pares no", "declare pares no", "declare pares no"]
    ):
        state = mus.apply(state, action)
    for action in ["declare juego yes", "declare juego yes", "declare juego no", "declare juego no", "pass", "pass"]:
        state = mus.apply(state, action)
    assert state.count is not None
    print(state.count)
    assert mus.notation.parse_hand(mus.notation.format_hand(state)) == state


if __name__ == "__main__":
    import mus.notation

    main()
