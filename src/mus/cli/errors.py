"""The library's error messages, as the command line shows them: in the language in use.

The library's :class:`~mus.MusError` messages are English, built from templates
(*there is no bet to {action} in {lance}*). :func:`error_words` reads a message back
against the templates the command line meets most, those of the moves a person types
at ``mus play``, the cards of ``mus compare`` and the rules options: a message that
matches one is said again from the catalog's translation of its template, its
lances, actions and nested messages translated too; any other message stays English
(inside the translated frame its caller puts around it, *mus: error: ...*).

>>> from mus.i18n import language
>>> import mus
>>> state = mus.apply(mus.new_hand(seed=1), "no-mus")
>>> try:
...     mus.apply(state, "quiero")
... except mus.MusError as error:
...     with language("es"):
...         print(error_words(error))
no hay apuesta a la que decir "quiero" en grande
"""

from __future__ import annotations

import functools
import re

import mus
from mus.cli.words import action_words
from mus.i18n import N_, current_language, lance_name, pgettext
from mus.i18n import gettext as _

__all__ = ["TEMPLATES", "error_words"]

TEMPLATES = (
    # mus.refusals: why the engine refuses an action.
    N_("the hand is over"),
    N_("house rule {name} does not allow {action} now"),
    N_("no seat {seat}"),
    N_("seat {seat} cannot bet on {lance}: it has no {lance}"),
    N_("seat {seat} folded and is out of {lance}"),
    N_("not seat {seat}'s turn: seat {other} speaks"),
    N_("the mus is cut after {rounds} rounds: no-mus"),
    N_("seat {seat} is servido after the mus visto: no mus, it plays the cards it has"),
    N_("servido is said in the exchange a mus visto forces (rules section 13)"),
    N_("during the mus, say mus or no-mus, not {action}"),
    N_("a card was seen: the exchange is forced, discard 1 to 4 cards or say servido, not {action}"),
    N_("everyone said mus: discard 1 to 4 cards, not {action}"),
    N_("cannot discard {cards}: seat {seat} holds {hand}"),
    N_("say whether you have {lance}: 'declare {lance} yes' or 'declare {lance} no', not {action}"),
    N_("declarations of {lance} are derived from the cards under these rules"),
    N_("the mus is over: the betting on {lance} is under way"),
    N_("there is no bet to {action} in {lance}"),
    N_("nothing can be raised over an órdago: accept or fold"),
    N_("an órdago stands in {lance}: accept or fold"),
    N_("there is a bet of {stake} in {lance}: accept, fold, raise or ordago"),
    N_("each seat plays for itself here: fold alone"),
    N_("no partner of seat {seat} is still to answer: fold"),
    N_("a bet or raise is at most {cap} stones under these rules, not {stones}"),
    N_("{lance} has had {bets} bets and raises: accept, fold or ordago"),
    N_("señas are not played under these rules (Rules(senas=True))"),
    N_("a seña is made to a partner: this table has no partners"),
    N_("seat {seat} cannot signal {sena}: it is not true of its hand"),
    N_("seat {seat} already signalled {sena} in this hand"),
    N_("a mus visto happens at a deal of the mus, before anyone speaks"),
    N_("card {card} was not dealt to any seat"),
    N_("card {card} was not dealt to seat {seat}"),
    N_("{action} is not legal now"),
    # mus.actions: the words of an action.
    N_("bad discard: {error}"),
    N_("discard 1 to 4 cards, not {count}"),
    N_("a discard names each card once"),
    N_("a bet or raise is at least {least} stones, got {stones}"),
    N_("a bet or raise is at most {most} stones, got {stones}"),
    N_("bad mus visto: {error}"),
    N_("a bet needs a number of stones, got {text}"),
    N_("action text longer than {count} characters"),
    N_(
        "unknown action {text}; did you mean {options}? (actions: mus, no-mus, discard CARDS, pass, bet N, accept,"
        " fold, ordago; or in the game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)"
    ),
    N_(
        "unknown action {text} (actions: mus, no-mus, discard CARDS, pass, bet N, accept, fold, ordago; or in the"
        " game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)"
    ),
    N_("unknown seña {text} (señas: {names})"),
    # mus.cards and mus.hand: cards and hands.
    N_("unknown rank {token} in card {text} (ranks: 1-7, S, C, R; also A, 10, 11, 12)"),
    N_("unknown suit {token} in card {text} (suits: o, c, e, b)"),
    N_("unknown rank {text} (ranks: 1-7, S, C, R; also A, 10, 11, 12)"),
    N_("unknown suit {text} (suits: o, c, e, b)"),
    N_("card {text} is too short: write a rank then a suit, like 'Ro'"),
    N_("a hand has exactly {size} cards, got {count}: {cards}"),
    N_("duplicate card {card} in hand {hand}"),
    N_("cannot discard {cards}: not in hand {hand}"),
    # mus.rules and mus.checks: the rules options.
    N_("{knob} must be one of {choices}, got {value}"),
    N_("{knob} must be a whole number of stones from {low} to {high}, got {value}"),
    N_("{knob} is a whole number from {low} to {high}, got {value}"),
    N_("{knob} is a whole number from {low} up, got {value}"),
    N_("teams must be 2 (partnerships) or {seats} (each seat for itself), got {teams}"),
    N_("unknown preset {name} (presets: {presets})"),
    N_("a house rules module is a dotted name like 'mypkg.rules', got {module}"),
    N_("cannot load house rules from {module}: {reason}"),
    # mus.notation.streams: what is read.
    N_("a line longer than {count} characters"),
    # mus.notation: the histories, paper records and their checks (mus check, mus replay).
    N_("unexpected {text}"),
    N_("corrido is 'yes' or 'no', got {text}"),
    N_("expected hand {number}"),
    N_("expected hand {number} (of game {game})"),
    N_("expected {field}, found {text}"),
    N_("longer than {count} characters"),
    N_("more than {limit} actions in a hand"),
    N_("no cards left unwritten agree with what seat {seat} declared"),
    N_("scores are written like {example}, one per side"),
    N_("the count of {lance} needs seat {seat}'s cards, which are not written down ('?')"),
    N_("the hand before is not over: a record goes on once a hand has ended"),
    N_("the mano is a seat: {error}"),
    N_("the mano of this hand is seat {mano}, not seat {other}"),
    N_("the match was already over"),
    N_("the recorded count does not match the replay of the hand: {line}, where the replay has {has}"),
    N_("the recorded count does not match the replay of the hand: it stops here, where the replay goes on with {line}"),
    N_("the recorded count does not match the replay of the hand"),
    N_("nothing more"),
    N_("a match not over"),
    N_("the score is {score} here, not {written}"),
    N_("these are not the cards the match's seed deals"),
    N_("this hand starts from the score {score}, where the hand before ended, not {written}"),
    N_("this hand starts from the score {score} (a game was won), not {written}"),
    N_(
        "under explicit declarations, whether seat {seat} takes part in punto depends on its cards (a juego it did not declare), which are not written down ('?')"
    ),
    N_("unsupported {kind} notation version {version}"),
    N_("{card} is written twice in the hands"),
    N_("{name} cannot be a player's name (not a number, nor a word of the notation; no '?', '/' or '#')"),
    N_("{name} is written twice in the players' names"),
    N_("{text}, where the replay has {has}"),
    N_("{seats} hands separated by '/' (? for one not seen), got {count}"),
    N_("{seats} hands separated by '/', got {count}"),
    N_("{seats} players' names, one a seat in seat order, got {count}"),
    N_("{sides} scores (one per side) like {example}, got {count}"),
    N_("missing {field} line at the end"),
    N_("no seat {text} (seats 0 to {last})"),
    N_("no seat {text} (seats 0 to {last}, or the players {names})"),
    N_("bad deal: {error}"),
    N_("bad match header: {error}"),
    N_("bad seed {text}"),
    N_("bad seed {text}: a whole number of up to 4,000 digits, or a quoted string"),
    N_("only a discard says what its seat drew (draw {text})"),
    N_("seat {seat} declares no {lance} in this hand: it does not reach it"),
    N_("seat {seat} declares {lance} {said}, but holds {hand} ({holds})"),
    N_("{total} points, juego"),
    N_("{total} points, no juego"),
    N_("seat {seat}'s declaration of {lance} is written twice"),
    N_("seat {seat} does not hold {card}{whereabouts}"),
    N_("seat {seat} draws {card}, which is not in the stock{whereabouts}"),
    N_("seat {seat} draws {card}, which is not in the discards reshuffled{whereabouts}"),
    N_("seat {seat} does"),
    N_("it is among the discards"),
    N_("it was drawn already"),
    N_("seat {seat} draws the last {count} cards of the stock ({cards}), then from the discards reshuffled"),
    N_("the hand is already over"),
    N_("the record stops before the discards are served, so its draws cannot be dealt"),
    N_("with no seed and no stock, a record says what each seat drew: {text}"),
    N_("the draws do not give seat {seat} the cards the record says"),
    N_("unknown rules knob {knob}"),
    N_("real_31 is true, false or king, not {value}"),
    N_("{knob} is true or false, not {value}"),
    N_("{what} must be a whole number, not {text}"),
    N_("house is names or a JSON list, not {text}"),
    N_("the history has unknown keys: {keys}"),
    N_("the history lacks {keys}"),
    N_("hands must be a list of {seats} hand texts, one per seat"),
    N_("scores must be a list of {teams} numbers, one per side"),
    N_("count must be a list of text lines"),
    N_("the history needs its seed, an int or a string"),
    N_("actions must be a list of at most {limit} [seat, action] pairs"),
    N_("action {index}: expected [seat, text], got {text}"),
    N_("action {index}: {error}"),
    N_("hand {index}: {error}"),
    N_("not a {kinds} history, version 1"),
    N_("no history in it"),
    N_("history {number} (from line {line}) is longer than {limit} characters"),
    N_("no file can have that name"),
    N_("seat {seat}'s hand is not written down ('?'), so its discard cannot be checked: write the hand"),
    N_("seat {seat}'s hand is not written down ('?'), so its seña cannot be checked: write the hand"),
    N_("line {line}: {error}"),
    N_("mano must be a seat from 0 to {last}, got {value}"),
    N_("a score is a whole number from 0 to {last}, got {value}"),
    N_("card {card} is dealt twice"),
    N_("reshuffle {number}: {card} is to be drawn from the new stock, but it is not among the discards"),
    N_("card {card} was not dealt at this deal: a seat kept it, and only the cards just dealt can be seen"),
    N_(
        "the history names the house rule {name}, which is not loaded: give the module or .py file that defines it with --house-rules"
    ),
    N_("this needs {package}: pip install {extra}"),
    N_("{what} needs {package}: pip install {extra}"),
    N_("{kind} of {ranks}"),
    N_("no pares"),
    # The system's reasons a file cannot be read (mus.cli.files.os_reason says them too).
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Is a directory"),
    N_("Not a directory"),
    N_("not UTF-8 text"),
)
"""The library's messages that :func:`error_words` translates, as templates: each
``{name}`` stands for a part of the message (a name used twice is the same text twice)."""


@functools.cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    compiled = []
    for template in TEMPLATES:
        pattern, seen = "", set()
        for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
            pattern += re.escape(literal)
            if name:
                pattern += f"(?P={name})" if name in seen else f"(?P<{name}>.+?)"
                seen.add(name)
        compiled.append((template, re.compile(pattern, re.DOTALL)))
    return tuple(compiled)


def error_words(error: BaseException | str) -> str:
    """The message of ``error`` in the language in use: translated when it is one of
    :data:`TEMPLATES`, else as the library says it (in English).

    >>> from mus.i18n import language
    >>> with language("fr"):
    ...     error_words("unknown suit 'x' in card '7x' (suits: o, c, e, b)"), error_words("anything else")
    ("couleur inconnue 'x' dans la carte '7x' (couleurs : o, c, e, b)", 'anything else')
    """
    text = str(error)
    return text if current_language() == "en" else _translate(text)


def _translate(text: str) -> str:
    for template, pattern in _patterns():
        match = pattern.fullmatch(text)
        if match is not None:
            values = {name: _part(name, value) for name, value in match.groupdict().items()}
            return _(template).format(**values)
    return text


_SAID = re.compile(r'(?P<canonical>.+) \("(?P<said>.*)"\)')


def _part(name: str, value: str) -> str:
    """A part of a message, in the language in use when it is one of the game's words."""
    if name == "lance":
        try:
            return lance_name(mus.Lance.parse(value))
        except mus.MusError:
            return value
    if name in ("error", "reason", "has", "holds"):
        return _translate(value)
    if name == "whereabouts" and value.startswith(" (") and value.endswith(")"):
        return f" ({_translate(value[2:-1])})"
    if name == "said" and value in ("yes", "no"):
        return pgettext("declaration", "sí") if value == "yes" else pgettext("declaration", "no")
    if name == "options":
        return value.replace("' or '", "' " + _("or") + " '")
    if name == "action":
        said = _SAID.fullmatch(value)
        if said is not None:
            return f'"{said.group("said")}"'  # the player's own words
        try:
            return action_words(mus.parse_action(value))
        except mus.MusError:
            return value
    return value
