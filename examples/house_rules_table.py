"""One table's house rules, ready for the command line and the library.

    python examples/house_rules_table.py
    mus simulate --hands 100 --house-rules examples/house_rules_table.py --save out.txt
    mus check out.txt --house-rules examples/house_rules_table.py

Three rules, one of each kind (docs/house-rules.rst walks through them):

* ``NoEarlyOrdago`` forbids an action (the ``allows`` hook): no órdago before every
  side has 20 stones;
* ``BetsUpTo`` has a field (``most``): no bet or raise above ``most`` stones; the
  histories write the value it was played with;
* ``FortyPaysThree`` changes a bonus (the ``bonus`` hook): a juego of 40 pays 3 stones,
  like a 31.

``HOUSE_RULES`` lists the rules the command line plays with (without it, every house
rule the module defines, each with its defaults).
"""

from __future__ import annotations

import attrs

import mus


@attrs.frozen
class NoEarlyOrdago(mus.HouseRule):
    """No órdago before every side has 20 stones."""

    name = "table-no-early-ordago"

    def allows(self, state: mus.HandState, action: mus.Action) -> bool:
        return not isinstance(action, mus.Ordago) or min(state.scores) >= 20


@attrs.frozen
class BetsUpTo(mus.HouseRule):
    """No bet or raise above ``most`` stones."""

    name = "table-bets-up-to"
    most: int = 10

    def allows(self, state: mus.HandState, action: mus.Action) -> bool:
        return not isinstance(action, mus.Bet) or action.stones <= self.most


@attrs.frozen
class FortyPaysThree(mus.HouseRule):
    """A juego of 40 pays 3 stones a seat, like a 31."""

    name = "table-forty-pays-three"

    def bonus(self, lance: mus.Lance, hand: mus.Hand, bonus: int, rules: mus.Rules) -> int:
        if lance is mus.Lance.JUEGO and mus.points(hand, rules) == 40:
            return 3
        return bonus


HOUSE_RULES = [NoEarlyOrdago(), BetsUpTo(most=8), FortyPaysThree()]


def main() -> None:
    rules = mus.Rules(house=HOUSE_RULES)
    print("rules:", mus.notation.rules_text(rules).split()[-1])
    # allows: the seat to speak first at grande may not say órdago at 0-0, nor bet 9.
    state = mus.apply(mus.new_hand(rules, seed=1), "no-mus")
    print("legal at grande:", ", ".join(map(str, state.legal_actions())))
    assert not state.is_legal("ordago") and not state.is_legal("envido 9") and state.is_legal("envido 8")
    late = mus.apply(mus.new_hand(rules, seed=1, scores=(25, 30)), "no-mus")
    assert late.is_legal("ordago")
    # bonus: a 40 (four kings here: Ro Rc Re Sb is 10 + 10 + 10 + 10) pays 3 instead of 2.
    forty = mus.Hand.parse("Ro Rc Re Sb")
    print("a 40 pays", mus.bonus(mus.Lance.JUEGO, forty, mus.Rules()), "->", mus.bonus(mus.Lance.JUEGO, forty, rules))
    assert mus.bonus(mus.Lance.JUEGO, forty, rules) == 3
    # The rules travel with the histories, fields and all, and come back by name.
    match = mus.apply(mus.new_match(rules, seed=4), "no-mus")
    assert mus.notation.parse_match(mus.notation.format_match(match)) == match


if __name__ == "__main__":
    import mus.notation

    main()
