"""``--house-rules``: the house rules the commands play with, and what a command says
when a history names a house rule that is not loaded.

Each ``--house-rules`` names a module (``mypkg.rules``, found on the path or in the
working directory) or a ``.py`` file (``my_rules.py``); the rules a command plays with
include every house rule it defines (:func:`mus.rules.house_rules_in`).

>>> from mus.cli import build_parser
>>> house_rules(build_parser().parse_args(["demo"]))
()
"""

from __future__ import annotations

import argparse
import re

from mus import MusError, RulesError
from mus.rules import HouseRule, house_rules_in

__all__: list[str] = []  # the command's own: mus.cli says what is public


def house_rules(args: argparse.Namespace) -> tuple[HouseRule, ...]:
    """The house rules of every ``--house-rules`` given, in order; a rule given twice
    (by two names of the same module) counts once."""
    rules: dict[str, HouseRule] = {}
    for source in getattr(args, "house_rules", None) or ():
        for rule in house_rules_in(source):
            if rules.get(rule.name, rule) != rule:
                raise RulesError(f"--house-rules gives the house rule {rule.name!r} twice, with other fields")
            rules[rule.name] = rule
    return tuple(rules.values())


_UNKNOWN = re.compile(r"unknown house rule ('[^']*'|\"[^\"]*\")")


def loaded_hint(error: MusError) -> MusError:
    """``error``, saying which option loads the house rule it finds unknown when it is
    about one (a history that names a house rule no ``--house-rules`` defined).

    >>> from mus import NotationError
    >>> print(loaded_hint(NotationError("unknown house rule 'quiet': import the module that defines it first")))
    the history names the house rule 'quiet', which is not loaded: give the module or .py file that defines it with --house-rules
    """
    found = _UNKNOWN.search(str(error))
    if found is None:
        return error
    where = str(error)[: found.start()]
    text = (
        f"{where}the history names the house rule {found.group(1)}, which is not loaded: "
        "give the module or .py file that defines it with --house-rules"
    )
    return type(error)(text)
