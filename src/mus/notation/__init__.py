"""Hand and match histories as text and as JSON; both round-trip.

The text notation is line-based and meant to be read by people::

    mus-hand 1
    rules eight_kings=true real_31=false target=40 games_to_win=3 ...
    mano 0
    scores 0-0
    seed 42
    hands Ro Rc 7e 1b / Cc Co 5b 4e / Se 6c 5o 1c / 3b 2e 1o 4c
    stock Ce 7c ...
    0 no-mus
    0 bet 2
    1 fold
    ...
    # count
    # grande: team 0 wins by refusal (1 stone already taken): 0 stones

``rules`` lists every knob (``seats`` and ``teams`` only when the table is not the
four-seat game of two partnerships, and the knobs of
:data:`~mus.notation.knobs.LATER_KNOBS` only when they differ from their defaults, or
for ``mus_visto`` from the reading of :data:`~mus.notation.knobs.BASELINES`);
``scores`` has one number per side (``0-0-0`` with three sides); ``hands`` are by
seat (``/`` between seats), ``stock`` top first; each action line is a seat (0 to N-1)
and an action's text form (declarations the engine derives included). Lines starting
with ``#`` are comments: the count is written as comments, because it follows from the
rest. A match is a ``mus-match 1`` header with ``rules``, ``seed`` and ``mano``, then
one ``hand N`` block per hand, each giving its cards (which the parser checks against
the match's seeded deal) and its actions.

Reading is strict and bounded: sizes are capped, and anything wrong raises
:class:`~mus.NotationError` with the line number.

A hand written down at a table, a *paper record*, has no ``seed`` and no ``stock``
lines: its ``hands`` line follows the scores, and each discard says what its seat drew
(``0 discard Se 4c draw So 3o``); :func:`format_paper` writes one, :func:`parse_hand`
reads it, and :func:`read_record` reads one with hands written ``?``
(:mod:`mus.notation.paper`); :func:`read_match` reads a whole match written so
(:mod:`mus.notation.evening`). A record may leave out its ``rules`` line (it is read
under the rules it is given), name its players on a ``players`` line, leave out the
declarations the engine derives, and carry comments anywhere.

>>> import mus
>>> state = mus.new_hand(mus.Rules(), seed=42)
>>> for action in ["no-mus", "bet 2", "fold", "fold"]:
...     state = mus.apply(state, action)
>>> text = format_hand(state)
>>> parse_hand(text) == state and format_hand(parse_hand(text)) == text
True
>>> hand_from_json(hand_to_json(state)) == state
True

Other tables write their ``seats`` and ``teams`` and one score per side; here three
seats, each for itself:

>>> state = mus.new_hand(mus.Rules.preset("individual-3"), seed=42)
>>> text = format_hand(state)
>>> text.splitlines()[1].split()[1:3], text.splitlines()[3], text.count("/")
(['seats=3', 'teams=3'], 'scores 0-0-0', 2)
>>> parse_hand(text) == state == hand_from_json(hand_to_json(state))
True

The package's parts, each a module of its own; every name above is importable from
:mod:`mus.notation`:

* :mod:`mus.notation.lines`: the limits on what is read, the line reader, action
  entries and seeds, which the Mus individuel's notation shares;
* :mod:`mus.notation.knobs`: the ``rules`` line and the knobs as histories store them;
* :mod:`mus.notation.histories`: hands and matches, written and read back;
* :mod:`mus.notation.streams`: histories and lines read from files and streams in
  memory bounded by the limits;
* :mod:`mus.notation.reading`: what the readers share: the ``rules`` and ``players``
  lines, the replay of the actions with the declarations a record writes checked, the
  comments (the count, a lone score) and errors at their lines;
* :mod:`mus.notation.paper`: the parts of paper records (no seed, no stock: the deal
  built from the draws; hands written ``?``);
* :mod:`mus.notation.evening`: paper records of a whole match, the hands of an evening
  checked against each other (:func:`read_match` reads them);
* :mod:`mus.notation.checking`: files of histories checked one history at a time, each
  hand's outcome or what is wrong and on which line (``mus check``).
"""

from __future__ import annotations

from mus.notation.checking import CheckResult, check_file, check_stream, check_text
from mus.notation.evening import PaperMatch
from mus.notation.histories import HAND_HEADER as HAND_HEADER
from mus.notation.histories import MATCH_HEADER as MATCH_HEADER
from mus.notation.histories import (
    format_hand,
    format_match,
    format_paper,
    hand_from_json,
    hand_to_json,
    load,
    match_from_json,
    match_to_json,
    parse_hand,
    parse_match,
    read_match,
    read_record,
)
from mus.notation.knobs import BASELINES, LATER_KNOBS
from mus.notation.knobs import DEFAULT_TABLE as DEFAULT_TABLE
from mus.notation.knobs import parse_rules as parse_rules
from mus.notation.knobs import rules_data as rules_data
from mus.notation.knobs import rules_text as rules_text
from mus.notation.lines import MAX_ACTIONS, MAX_TEXT
from mus.notation.lines import MAX_LINE as MAX_LINE
from mus.notation.lines import Entry as Entry

# The names of the notation, documented here; the other names above (``as`` themselves)
# are importable from here as they always were, and documented in their own module.
__all__ = [
    "BASELINES",
    "LATER_KNOBS",
    "MAX_ACTIONS",
    "MAX_TEXT",
    "CheckResult",
    "PaperMatch",
    "check_file",
    "check_stream",
    "check_text",
    "format_hand",
    "format_match",
    "format_paper",
    "hand_from_json",
    "hand_to_json",
    "load",
    "match_from_json",
    "match_to_json",
    "parse_hand",
    "parse_match",
    "read_match",
    "read_record",
]
