"""The language of the ``mus`` command line: its messages in English, Spanish, Basque
and French, from the gettext catalogs of the package (``mus/locale/LANG/LC_MESSAGES/mus.po``,
compiled to ``mus.mo`` beside it).

The commands mark each message with :func:`gettext` (imported as ``_``; :func:`ngettext` for a count,
:func:`pgettext` for a word whose sense needs a context, :func:`N_` for a message
kept in a table and translated where it is shown); English is the text in the source,
so under ``en`` every message is itself. The library's own texts (``str`` of its values,
its error messages) stay English: only the command line speaks the other languages.

>>> with language("es"):
...     gettext("you leave the match"), ngettext("{n} stone", "{n} stones", 3).format(n=3)
('abandonas la partida', '3 tantos')
>>> gettext("you leave the match")
'you leave the match'
>>> language_from_environment({"LANG": "eu_ES.UTF-8"}), language_from_environment({"LANG": "de_DE.UTF-8"})
('eu', 'en')

``python -m mus.i18n update`` brings every catalog in line with the messages of the
source (new ones with an empty translation, gone ones dropped), ``python -m mus.i18n
compile`` writes each ``mus.mo`` from its ``mus.po``; the tests check that both are
done and every message translated.
"""

from __future__ import annotations

import ast
import contextlib
import os
import pathlib
import re
import struct
import sys
from collections.abc import Iterator, Mapping, Sequence
from gettext import GNUTranslations, NullTranslations

import attrs

from mus.errors import CheckedEnumType, MusError, quoted

__all__ = [
    "DOMAIN",
    "HELP_WORDS",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "QUIT_WORDS",
    "Entry",
    "and_list",
    "compile_mo",
    "current_language",
    "extract",
    "format_po",
    "gettext",
    "lance_name",
    "language",
    "language_from_environment",
    "ngettext",
    "number_word",
    "outcome_name",
    "pgettext",
    "read_po",
    "set_language",
]

LANGUAGES: dict[str, str] = {"en": "English", "es": "español", "eu": "euskara", "fr": "français"}
"""The languages the command line speaks, by code, each named in itself."""

DOMAIN = "mus"
"""The gettext domain of the catalogs: ``LOCALE_DIR/LANG/LC_MESSAGES/mus.mo``."""

LOCALE_DIR = pathlib.Path(__file__).resolve().parent / "locale"
"""Where the catalogs are, inside the package."""

HELP_WORDS = ("help", "?", "h", "ayuda", "laguntza", "aide")
"""The words that ask a prompt for help, in every language the prompts read (English,
Spanish, Basque, French), whatever ``--lang`` says."""

QUIT_WORDS = ("quit", "exit", "q", "salir", "irten", "quitter")
"""The words that leave a game at its prompt, in every language the prompts read."""

_ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order: the first one set decides."""

_PLURAL_FORMS = {
    "es": "nplurals=2; plural=(n != 1);",
    "eu": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
}


class _Current:
    """The language in use and its catalog (English: no catalog, every text itself)."""

    code = "en"
    translation: NullTranslations = NullTranslations()


_CURRENT = _Current()


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale variables ask for (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, as gettext reads them: the first one set decides, and
    ``LANGUAGE`` may list several, ``eu:es``); English when it names none of
    :data:`LANGUAGES`.

    >>> language_from_environment({"LANGUAGE": "gl:es", "LANG": "fr_FR.UTF-8"})
    'es'
    >>> language_from_environment({"LC_ALL": "C.UTF-8", "LANG": "fr_FR"}), language_from_environment({})
    ('en', 'en')
    """
    environ = os.environ if environ is None else environ
    if not isinstance(environ, Mapping):
        raise MusError(f"environ is a mapping of variable names to texts (os.environ), got {quoted(environ)}")
    for variable in _ENVIRONMENT:
        value = environ.get(variable, "")
        if not value:
            continue
        if not isinstance(value, str):
            raise MusError(f"environ[{variable!r}] is a text, got {quoted(value)}")
        for item in value.split(":"):
            code = re.split(r"[_.@-]", item, maxsplit=1)[0].lower()
            if code in LANGUAGES:
                return code
        return "en"
    return "en"


def set_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from now on.

    >>> set_language("fr"); gettext("you win")
    'vous gagnez'
    >>> set_language("en"); gettext("you win")
    'you win'
    >>> set_language("de")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: unknown language 'de' (languages: en, es, eu, fr)
    """
    # Checked before anything changes: a bad code leaves the language in use as it was.
    if not isinstance(code, str) or code not in LANGUAGES:
        raise MusError(f"unknown language {quoted(code)} (languages: {', '.join(LANGUAGES)})")
    if code == "en":
        _CURRENT.translation = NullTranslations()
    else:
        with (LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
            _CURRENT.translation = GNUTranslations(file)
    _CURRENT.code = code


def current_language() -> str:
    """The code of the language in use.

    >>> current_language()
    'en'
    """
    return _CURRENT.code


@contextlib.contextmanager
def language(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block, then the language spoken before.

    >>> with language("eu"):
    ...     current_language()
    'eu'
    """
    before = _CURRENT.code
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def gettext(message: str) -> str:
    """``message`` in the language in use (the commands import it as ``_``, the name
    gettext's tools know).

    >>> with language("es"):
    ...     gettext("you win")
    'ganas'
    """
    return _CURRENT.translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count ``n``, in the language in use.

    >>> ngettext("{n} stone", "{n} stones", 1), ngettext("{n} stone", "{n} stones", 0)
    ('{n} stone', '{n} stones')
    """
    if not isinstance(singular, str) or not isinstance(plural, str):
        raise MusError(f"ngettext() takes two texts, got {quoted(singular)} and {quoted(plural)}")
    return _CURRENT.translation.ngettext(singular, plural, _count(n, "n"))


def _count(n: object, name: str) -> int:
    """``n`` if it is an int (not a bool: True is no count). The modules below
    :mod:`mus.checks` check their arguments themselves (the layers' order)."""
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    raise MusError(f"{name} is a count (a whole number), got {quoted(n)}")


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, in the sense ``context`` gives it (a lance's
    name, a lance's outcome...).

    >>> with language("fr"):
    ...     pgettext("lance", "grande")
    'grand'
    """
    return _CURRENT.translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs where it is written, and return it as it is:
    it is translated where it is shown (with :func:`gettext`).

    >>> N_("you win")
    'you win'
    """
    return message


# --- the game's words, shared by the commands of both games ------------------------------


def lance_name(lance: object) -> str:
    """A lance's name (a :class:`~mus.Lance`, or its text) in the language in use:
    *grande* in English and Spanish, *handia* in Basque, *grand* in French.

    >>> with language("eu"):
    ...     lance_name("pares")
    'pareak'
    """
    names = {
        "grande": pgettext("lance", "grande"),
        "chica": pgettext("lance", "chica"),
        "pares": pgettext("lance", "pares"),
        "juego": pgettext("lance", "juego"),
        "punto": pgettext("lance", "punto"),
    }
    return _word(lance, names, "a lance is grande, chica, pares, juego or punto (a Lance, or its text)")


def outcome_name(outcome: object) -> str:
    """How a lance ended (a :class:`~mus.Outcome` of either game, or its text), in a
    word or two of the language in use: *en paso*, *refused*...

    >>> with language("fr"):
    ...     outcome_name("refused")
    'refusé'
    """
    names = {
        "en paso": pgettext("outcome", "en paso"),
        "accepted": pgettext("outcome", "accepted"),
        "refused": pgettext("outcome", "refused"),
        "no bet": pgettext("outcome", "no bet"),
        "void": pgettext("outcome", "void"),
        "ordago": pgettext("outcome", "ordago"),
        "alone": pgettext("outcome", "alone"),
    }
    return _word(outcome, names, f"an outcome is {', '.join(names)} (an Outcome, or its text)")


def _word(value: object, names: dict[str, str], expected: str) -> str:
    """The word ``names`` gives ``value``: a text, or a member of the library's
    enumerations (printed as its text), told by its metaclass without touching it."""
    if isinstance(value, str) or type(type(value)) is CheckedEnumType:
        word = names.get(str(value))
        if word is not None:
            return word
    raise MusError(f"{expected}, got {quoted(value)}")


def number_word(n: int) -> str:
    """A small count in words, as the table says it: ``number_word(3)`` is 'three'
    (one to eight; a larger count in digits).

    >>> with language("es"):
    ...     number_word(4), number_word(12)
    ('cuatro', '12')
    """
    n = _count(n, "n")
    if n.bit_length() > 64:  # no table counts that far, and str() fails past 4,300 digits
        raise MusError(f"n is a count of at most 64 bits, got {quoted(n)}")
    numbers = {
        1: pgettext("number", "one"),
        2: pgettext("number", "two"),
        3: pgettext("number", "three"),
        4: pgettext("number", "four"),
        5: pgettext("number", "five"),
        6: pgettext("number", "six"),
        7: pgettext("number", "seven"),
        8: pgettext("number", "eight"),
    }
    return numbers.get(n, str(n))


def and_list(items: Sequence[object]) -> str:
    """Items in one phrase: *a*, *a and b*, *a, b and c* (in the language in use);
    nothing for no item.

    >>> and_list([0, 2]), and_list(["1", "3", "5"]), and_list([])
    ('0 and 2', '1, 3 and 5', '')
    """
    # A text is a sequence too, of its letters: refused, as surely a mistake.
    if not isinstance(items, Sequence) or isinstance(items, (str, bytes)):
        raise MusError(f"items are a list of values to name, got {quoted(items)}")
    words = [_text(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return gettext("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def _text(item: object) -> str:
    """``str(item)``, or a :class:`~mus.MusError` when it has none (an int past
    Python's 4,300 digits, a value whose ``__str__`` fails)."""
    if type(item) is str:
        return item
    try:
        return str(item)
    except Exception:
        raise MusError(f"each item of a list to name prints as a text, got {quoted(item)}") from None


# --- the catalogs ------------------------------------------------------------------------


def _check_text(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str):
        raise MusError(f"an Entry's {attribute.name} is a text, got {quoted(value)}")


def _check_maybe_text(instance: object, attribute: attrs.Attribute[str | None], value: object) -> None:
    if value is not None and not isinstance(value, str):
        raise MusError(f"an Entry's {attribute.name} is a text or None, got {quoted(value)}")


def _check_texts(instance: object, attribute: attrs.Attribute[tuple[str, ...]], value: object) -> None:
    # msgstr has one form at least, which format_po writes; where may list none.
    least = 1 if attribute.name == "msgstr" else 0
    if type(value) is not tuple or len(value) < least or not all(isinstance(text, str) for text in value):
        raise MusError(f"an Entry's {attribute.name} is a tuple of texts, got {quoted(value)}")


@attrs.frozen
class Entry:
    """A message of a catalog: its ``msgid`` (with ``msgctxt`` and ``msgid_plural``
    when it has them) and its translations (two forms for a plural message).

    ``where`` lists the source files that use it (the ``#:`` lines of the ``.po``).
    """

    msgid: str = attrs.field(validator=_check_text)
    msgstr: tuple[str, ...] = attrs.field(default=("",), validator=_check_texts)
    context: str | None = attrs.field(default=None, validator=_check_maybe_text)
    plural: str | None = attrs.field(default=None, validator=_check_maybe_text)
    where: tuple[str, ...] = attrs.field(default=(), validator=_check_texts)

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        """What identifies the message: its context, msgid and plural msgid."""
        return self.context, self.msgid, self.plural


_CALLS = {"_": 1, "gettext": 1, "N_": 1, "ngettext": 2, "pgettext": 2}


def extract(root: str | os.PathLike[str] | None = None) -> list[Entry]:
    """The messages of the package's source (``root``: the ``mus`` directory), in the
    order they first appear: every literal given to ``_`` (:func:`gettext`), :func:`N_`,
    :func:`ngettext` and :func:`pgettext`.

    >>> messages = extract()
    >>> any(entry.msgid == "you win" for entry in messages)
    True
    """
    if root is not None and not isinstance(root, (str, os.PathLike)):
        raise MusError(f"root is a directory (a path or its name), got {quoted(root)}")
    top = LOCALE_DIR.parent if root is None else pathlib.Path(root)
    found: dict[tuple[str | None, str, str | None], Entry] = {}
    for path in sorted(_sources(top)):
        where = path.relative_to(top.parent).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError) as error:
            # A source that cannot be read or parsed: named, not a traceback from ast.
            raise MusError(f"cannot read the messages of {quoted(where)}: {type(error).__name__}") from None
        calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)]
        for call in sorted(calls, key=lambda node: (node.lineno, node.col_offset)):
            assert isinstance(call.func, ast.Name)
            count = _CALLS.get(call.func.id)
            if count is None or len(call.args) < count:
                continue
            texts = [
                arg.value for arg in call.args[:count] if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
            if len(texts) != count:
                continue
            if call.func.id == "ngettext":
                entry = Entry(texts[0], ("", ""), plural=texts[1])
            elif call.func.id == "pgettext":
                entry = Entry(texts[1], context=texts[0])
            else:
                entry = Entry(texts[0])
            known = found.get(entry.key)
            if known is None:
                found[entry.key] = attrs.evolve(entry, where=(where,))
            elif where not in known.where:
                found[entry.key] = attrs.evolve(known, where=(*known.where, where))
    return list(found.values())


def _sources(root: pathlib.Path) -> list[pathlib.Path]:
    """The ``.py`` files under ``root``, or a :class:`~mus.MusError` when it is no
    directory or cannot be listed (a name the system refuses: a NUL byte, a lone
    surrogate, too long)."""
    try:
        if root.is_dir():
            return list(root.rglob("*.py"))
        problem = "no such directory"
    except (OSError, ValueError) as error:
        problem = type(error).__name__
    raise MusError(f"root is a directory of sources, got {quoted(str(root))}: {problem}")


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str, number: int) -> str:
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise MusError(f"line {number}: a quoted string was expected, got {quoted(text)}")
    body = text[1:-1]
    try:
        return re.sub(r"\\(.)", lambda match: _ESCAPES[match.group(1)], body)
    except KeyError as error:
        raise MusError(f"line {number}: unknown escape \\{error.args[0]}") from None  # one character


def read_po(text: str) -> list[Entry]:
    """The entries of a ``.po`` catalog (the header, ``msgid ""``, first); entries
    marked ``fuzzy`` are left out, as ``msgfmt`` leaves them out.

    >>> read_po('msgid ""\\nmsgstr "Language: es\\\\n"\\n\\n#: mus/cli/play.py\\nmsgid "you win"\\nmsgstr "ganas"\\n')
    [Entry(msgid='', msgstr=('Language: es\\n',), context=None, plural=None, where=()), Entry(msgid='you win', msgstr=('ganas',), context=None, plural=None, where=('mus/cli/play.py',))]
    """
    if not isinstance(text, str):
        raise MusError(f"a catalog is the text of a .po file, got {quoted(text)}")
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    where: list[str] = []
    fuzzy = False
    current: str | None = None

    def finish() -> None:
        nonlocal fuzzy
        if "msgid" in fields and not fuzzy:
            plural = fields.get("msgid_plural")
            forms = sorted(key for key in fields if key.startswith("msgstr["))
            msgstr = tuple(fields[key] for key in forms) if plural is not None else (fields.get("msgstr", ""),)
            msgstr = msgstr or ("",)  # a plural message without its forms: not translated
            entries.append(Entry(fields["msgid"], msgstr, fields.get("msgctxt"), plural, tuple(where)))
        fields.clear()
        where.clear()
        fuzzy = False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if any(key.startswith("msgstr") for key in fields):
                finish()
                current = None
            if line.startswith("#:"):
                where.extend(line[2:].split())
            elif line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                fuzzy = True
            continue
        if line.startswith('"'):
            if current is None:
                raise MusError(f"line {number}: a string outside any field")
            fields[current] += _unquote(line, number)
            continue
        keyword, _space, rest = line.partition(" ")
        if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[[0-9]\])?", keyword):
            raise MusError(f"line {number}: unknown keyword {quoted(keyword)}")
        if keyword in ("msgctxt", "msgid") and any(key.startswith("msgstr") for key in fields):
            finish()
        if keyword in fields:
            raise MusError(f"line {number}: {keyword} given twice")
        fields[keyword] = _unquote(rest.strip(), number)
        current = keyword
    finish()
    return entries


def compile_mo(text: str) -> bytes:
    """The ``.mo`` file of a ``.po`` catalog, as GNU ``msgfmt`` writes it (without the
    optional hash table): the messages with an empty translation are left out.

    >>> import gettext, io
    >>> po = 'msgid ""\\nmsgstr "Content-Type: text/plain; charset=UTF-8\\\\n"\\n\\nmsgid "you win"\\nmsgstr "irabazi duzu"\\n'
    >>> gettext.GNUTranslations(io.BytesIO(compile_mo(po))).gettext("you win")
    'irabazi duzu'
    """
    pairs: dict[bytes, bytes] = {}
    for entry in read_po(text):
        if not all(entry.msgstr):
            continue
        key = entry.msgid if entry.plural is None else f"{entry.msgid}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        try:
            pairs[key.encode()] = "\0".join(entry.msgstr).encode()
        except UnicodeEncodeError:  # a lone surrogate, written as an escape in the .po
            raise MusError(f"the message {quoted(entry.msgid)} is not UTF-8 text") from None
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    tables: list[int] = []
    blob = b""
    for strings in (keys, [pairs[key] for key in keys]):
        for string in strings:
            tables += [len(string), data_at + len(blob)]
            blob += string + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    return header + struct.pack(f"<{len(tables)}I", *tables) + blob


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\n", "\\n") + '"'


def _field(keyword: str, text: str) -> list[str]:
    lines = text.splitlines(keepends=True)
    if len(lines) <= 1:
        return [f"{keyword} {_quoted(text)}"]
    return [f'{keyword} ""', *(_quoted(line) for line in lines)]


def format_po(
    code: str, entries: Sequence[Entry], translations: Mapping[tuple[str | None, str, str | None], Entry]
) -> str:
    """The ``.po`` catalog of language ``code`` for the messages ``entries``, each with
    its translation from ``translations`` (by :attr:`Entry.key`; empty when missing).

    >>> print(format_po("fr", [Entry("you win", where=("mus/cli/play.py",))], {}), end="")
    # French messages of the mus command line (mus-rules). Edit the msgstr lines; then
    # python -m mus.i18n compile
    msgid ""
    msgstr ""
    "Project-Id-Version: mus-rules\\n"
    "Language: fr\\n"
    "MIME-Version: 1.0\\n"
    "Content-Type: text/plain; charset=UTF-8\\n"
    "Content-Transfer-Encoding: 8bit\\n"
    "Plural-Forms: nplurals=2; plural=(n > 1);\\n"
    <BLANKLINE>
    #: mus/cli/play.py
    msgid "you win"
    msgstr ""
    """
    if not isinstance(code, str) or code not in _PLURAL_FORMS:
        raise MusError(f"a catalog's language is one of {', '.join(_PLURAL_FORMS)}, got {quoted(code)}")
    if not isinstance(entries, (list, tuple)) or not all(isinstance(entry, Entry) for entry in entries):
        raise MusError(f"entries are a list of Entry values, got {quoted(entries)}")
    if not isinstance(translations, Mapping):
        raise MusError(f"translations are a mapping of Entry.key to Entry, got {quoted(translations)}")
    names = {"es": "Spanish", "eu": "Basque", "fr": "French"}
    header = (
        "Project-Id-Version: mus-rules\n"
        f"Language: {code}\n"
        "MIME-Version: 1.0\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: 8bit\n"
        f"Plural-Forms: {_PLURAL_FORMS[code]}\n"
    )
    lines = [
        f"# {names[code]} messages of the mus command line (mus-rules). Edit the msgstr lines; then",
        "# python -m mus.i18n compile",
        *_field("msgid", ""),
        *_field("msgstr", header),
    ]
    for entry in entries:
        known = translations.get(entry.key)
        if known is not None and not isinstance(known, Entry):
            raise MusError(f"translations are a mapping of Entry.key to Entry, got {quoted(known)} in it")
        msgstr = known.msgstr if known is not None else entry.msgstr
        lines += ["", f"#: {' '.join(entry.where)}"]
        if entry.context is not None:
            lines += _field("msgctxt", entry.context)
        lines += _field("msgid", entry.msgid)
        if entry.plural is None:
            lines += _field("msgstr", msgstr[0])
        else:
            lines += _field("msgid_plural", entry.plural)
            for index, form in enumerate(msgstr if len(msgstr) == 2 else ("", "")):
                lines += _field(f"msgstr[{index}]", form)
    return "\n".join(lines) + "\n"


def _catalog(code: str, suffix: str) -> pathlib.Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.{suffix}"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mus.i18n update`` (the catalogs follow the source) or ``compile``
    (each ``mus.mo`` from its ``mus.po``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args not in (["update"], ["compile"]):
        print("usage: python -m mus.i18n update|compile", file=sys.stderr)
        return 2
    messages = extract()
    for code in LANGUAGES:
        if code == "en":
            continue
        po = _catalog(code, "po")
        if args == ["update"]:
            known = {entry.key: entry for entry in read_po(po.read_text(encoding="utf-8"))} if po.exists() else {}
            po.parent.mkdir(parents=True, exist_ok=True)
            po.write_text(format_po(code, messages, known), encoding="utf-8")
            missing = sum(1 for entry in messages if not all(known.get(entry.key, entry).msgstr))
            print(f"{po}: {len(messages)} messages, {missing} to translate")
        else:
            _catalog(code, "mo").write_bytes(compile_mo(po.read_text(encoding="utf-8")))
            print(f"{_catalog(code, 'mo')} written")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
