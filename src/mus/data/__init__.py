"""Every public value as JSON-ready data, read back exactly; and the public histories
a server may hand to a client.

:func:`to_data` turns a card, hand, action, rule set, deal, hand or match state, seat or
match view, legal-action list, count record, count line, lance result or betting record,
of either game (the four-card Mus or the Mus individuel), into plain dicts, lists,
strings, numbers, booleans and ``None``; :func:`from_data` reads it back, equal to the
value it came from. Each form is an object with a ``"type"`` key (``"card"``,
``"seat_view"``, ...); inside a larger form the parts go without it (a card is its text
``"Ro"``, a hand ``"Ro Rc 7e 1b"``, an action ``"bet 5"``), and ``from_data(part,
kind)`` reads a part on its own. :data:`~mus.data.schema.SCHEMA` is the JSON Schema of
every form; :func:`dumps` and :func:`loads` are the same as text. Reading is strict:
unknown keys, wrong types and values the engine would refuse raise
:class:`~mus.NotationError`.

>>> import mus
>>> state = mus.apply(mus.new_hand(mus.Rules(), seed=1), "no-mus")
>>> to_data(mus.Card.parse("Ro")), to_data(mus.Bet(5))
({'type': 'card', 'text': 'Ro'}, {'type': 'action', 'text': 'bet 5'})
>>> view = to_data(state.view(1))
>>> view["type"], view["hand"], view["to_act"], view["history"]
('seat_view', 'Ro Sb 6c 6b', 0, [[0, 'no-mus']])
>>> from_data(view) == state.view(1) and from_data(to_data(state)) == state
True
>>> from_data({"type": "card", "text": "Xo"})
Traceback (most recent call last):
...
mus.errors.NotationError: card: unknown rank 'X' in card 'Xo' (ranks: 1-7, S, C, R; also A, 10, 11, 12)

The Mus individuel's values (:mod:`mus.individuel`) have kinds of their own, named
after it (``"individuel_hand_state"``, ``"individuel_seat_view"``, ...), read and
written by the same functions:

>>> from mus import individuel
>>> hand = individuel.new_hand(individuel.IndividuelRules(players=3), seed=2)
>>> view = to_data(hand.view(1))
>>> view["type"], view["hand"], view["stones"]
('individuel_seat_view', 'Co Cc 7o 3o 3b', [8, 8, 8])
>>> from_data(view) == hand.view(1) and loads(dumps(hand)) == hand
True

A server keeps the full history (:mod:`mus.notation`, or ``to_data(match)``: it holds
the seed and every card) and sends a client :func:`public_match` (or
:func:`public_hand`, or for the Mus individuel :func:`public_session`): the views its
seat was shown, with no seed, no stock and no card that seat did not see.
:func:`replay_public` rebuilds those views from it, checking every step against
the rules; :func:`from_data` reads a view whole, every field against its history
(:mod:`mus.data.whole`).

The package's modules, one concept each; every name above is importable from
:mod:`mus.data`:

* :mod:`mus.data.reading`: the strict readers every form is read with;
* :mod:`mus.data.knowledge`: what a seat knows of the cards, as its history tells it;
* :mod:`mus.data.replaying`: what both games' view replays share;
* :mod:`mus.data.consistency`: a hand replayed as one seat saw it, by the rules;
* :mod:`mus.data.whole`: seat and match views checked whole, each field against the
  others;
* :mod:`mus.data.views`: seat and match views, and the records they hold;
* :mod:`mus.data.individuel_consistency`: a Mus individuel view checked whole;
* :mod:`mus.data.individuel`: the Mus individuel's kinds, views and records;
* :mod:`mus.data.codecs`: every kind's codec, :func:`to_data`, :func:`from_data`,
  :func:`dumps` and :func:`loads`;
* :mod:`mus.data.steps`: a public history's steps, in either game;
* :mod:`mus.data.individuel_public`: the Mus individuel's public histories;
* :mod:`mus.data.public`: the public histories for servers, and :func:`view_data`;
* :mod:`mus.data.schema`: the JSON Schema of every form.
"""

from __future__ import annotations

from mus.data.codecs import KINDS, dumps, from_data, loads, to_data
from mus.data.individuel_public import public_session
from mus.data.public import public_hand, public_match, replay_public, view_data
from mus.data.schema import SCHEMA

__all__ = [
    "KINDS",
    "SCHEMA",
    "dumps",
    "from_data",
    "loads",
    "public_hand",
    "public_match",
    "public_session",
    "replay_public",
    "to_data",
    "view_data",
]  # fmt: skip
