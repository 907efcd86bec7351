"""The command line in Spanish, Basque and French (``--lang``, :mod:`mus.i18n`).

Each catalog must hold every message the source marks (read from the source with
``ast``), translated, with the same placeholders; the compiled ``.mo`` must be the
``.po`` compiled again. ``mus demo`` and ``mus play`` in each language must say no
English word but the game's and the cards' names; the library's usual errors reach
the player translated; the prompt takes the players' own words in each language.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import string
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus import i18n
from mus.actions import Action
from mus.bots import RandomBot
from mus.cli import ARGPARSE_MESSAGES, main
from mus.cli.errors import TEMPLATES, error_words
from mus.cli.odds import odds_lines
from mus.cli.options import language_of
from mus.cli.words import count_line_words, gesture_words
from mus.i18n import Entry, compile_mo, extract, lance_name, language, language_from_environment, outcome_name, read_po
from mus.individuel import cli as solo_cli

# Long random-play runs: `python -m pytest -m 'not slow'` leaves them out (README).
pytestmark = pytest.mark.slow

LANGUAGES = ("es", "eu", "fr")


def catalog(code: str, suffix: str = "po") -> str | bytes:
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / f"mus.{suffix}"
    return path.read_text(encoding="utf-8") if suffix == "po" else path.read_bytes()


def _fields(text: str) -> set[tuple[str, str | None, str | None]]:
    """The placeholders of a message: its ``{name:spec!conversion}`` fields, and the
    ``%(name)s`` / ``%s`` ones of argparse's messages (a translation may say one twice,
    or once where English says it twice)."""
    fields = {(name, spec, conv) for _, name, spec, conv in string.Formatter().parse(text) if name is not None}
    return fields | {(spec, "%", None) for spec in re.findall(r"%(?:\([a-z_]+\))?[sr]", text)}


def catalog_problems(messages: list[Entry], text: str) -> list[str]:
    """What is wrong with a catalog for these messages: a message missing or not
    translated, one the source no longer uses, a translation whose placeholders are
    not the message's."""
    entries = {entry.key: entry for entry in read_po(text) if entry.msgid}
    problems = []
    for message in messages:
        entry = entries.get(message.key)
        if entry is None:
            problems.append(f"missing: {message.msgid!r}")
        elif not all(entry.msgstr) or len(entry.msgstr) != (1 if message.plural is None else 2):
            problems.append(f"not translated: {message.msgid!r}")
        else:
            wanted = (
                [_fields(message.msgid)]
                if message.plural is None
                else [_fields(message.msgid), _fields(message.plural)]
            )
            for form, fields in zip(entry.msgstr, wanted * 2, strict=False):
                if _fields(form) != fields:
                    problems.append(f"placeholders differ: {message.msgid!r} -> {form!r}")
    used = {message.key for message in messages}
    problems += [f"obsolete: {key[1]!r}" for key in entries if key not in used]
    return problems


MESSAGES = extract()


class TestCatalogs:
    def test_the_source_marks_messages(self) -> None:
        # A scan that found nothing would make every check below pass.
        assert len(MESSAGES) > 400
        assert any(entry.msgid == "you leave the match" for entry in MESSAGES)

    @pytest.mark.parametrize("code", LANGUAGES)
    def test_every_message_is_translated_with_its_placeholders(self, code: str) -> None:
        text = catalog(code)
        assert isinstance(text, str)
        assert catalog_problems(MESSAGES, text) == []

    @pytest.mark.parametrize("code", LANGUAGES)
    def test_a_catalog_missing_a_message_fails(self, code: str) -> None:
        text = catalog(code)
        assert isinstance(text, str)
        entry = next(entry for entry in read_po(text) if entry.msgid == "you leave the match")
        cut = text.replace(f'msgid "{entry.msgid}"\nmsgstr "{entry.msgstr[0]}"\n', "")
        assert cut != text
        assert catalog_problems(MESSAGES, cut) == ["missing: 'you leave the match'"]
        assert catalog_problems([*MESSAGES, Entry("a message nobody translated")], text) == [
            "missing: 'a message nobody translated'"
        ]

    def test_placeholders_are_checked(self) -> None:
        po = 'msgid "seat {seat}"\nmsgstr "jugador {asiento}"\n\nmsgid "usage: %s"\nmsgstr "uso: %r"\n'
        messages = [Entry("seat {seat}"), Entry("usage: %s")]
        assert len(catalog_problems(messages, po)) == 2

    @pytest.mark.parametrize("code", LANGUAGES)
    def test_compiled_catalog_is_up_to_date(self, code: str) -> None:
        text = catalog(code)
        assert isinstance(text, str)
        assert catalog(code, "mo") == compile_mo(text)

    def test_read_po_takes_plurals_contexts_and_continuations(self) -> None:
        po = (
            'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
            '#, fuzzy\nmsgid "left out"\nmsgstr "écarté"\n\n'
            'msgctxt "lance"\nmsgid "grande"\nmsgstr "grand"\n\n'
            'msgid "{n} stone"\nmsgid_plural "{n} stones"\nmsgstr[0] "{n} pierre"\nmsgstr[1] "{n} "\n"pierres"\n'
        )
        entries = read_po(po)
        assert [entry.msgid for entry in entries] == ["", "grande", "{n} stone"]
        assert entries[1].context == "lance" and entries[2].msgstr == ("{n} pierre", "{n} pierres")
        import gettext

        translation = gettext.GNUTranslations(io.BytesIO(compile_mo(po)))
        assert translation.pgettext("lance", "grande") == "grand"
        assert translation.ngettext("{n} stone", "{n} stones", 1) == "{n} pierre"
        assert translation.ngettext("{n} stone", "{n} stones", 2) == "{n} pierres"
        assert translation.gettext("left out") == "left out"

    def test_bad_po_is_refused(self) -> None:
        with pytest.raises(ValueError, match="line 1"):
            read_po("msgid unquoted\n")
        with pytest.raises(ValueError, match="unknown keyword"):
            read_po('msgfoo "x"\n')

    def test_argparse_messages_are_argparse_s(self) -> None:
        import argparse
        import inspect

        source = inspect.getsource(argparse)
        present = [message for message in ARGPARSE_MESSAGES if repr(message)[1:-1] in source]
        assert len(present) >= len(ARGPARSE_MESSAGES) - 3  # a Python version may reword one or two


class TestTheLibrarysWordsInEnglish:
    """In English the command line's own rendering of the library's texts is the library's."""

    def test_names(self) -> None:
        assert [lance_name(lance) for lance in mus.Lance] == [str(lance) for lance in mus.Lance]
        assert [outcome_name(outcome) for outcome in mus.Outcome] == [str(outcome) for outcome in mus.Outcome]
        assert [gesture_words(sena) for sena in mus.Sena] == [sena.gesture for sena in mus.Sena]

    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 10**6), st.sampled_from(["standard", "declared", "federation", "individual-3"]))
    def test_count_lines(self, seed: int, preset: str) -> None:
        rules = mus.Rules.preset(preset)
        state = mus.new_hand(rules, seed=seed)
        bots = [RandomBot(seed + seat) for seat in range(rules.seats)]
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = mus.apply(state, bots[seat].choose(state.view(seat)))
        if state.count is not None:
            assert [count_line_words(line) for line in state.count.lines] == [str(line) for line in state.count.lines]

    def test_odds_lines(self) -> None:
        from mus.odds import odds

        result = odds("Ro Rc 7e 1b", mus.Rules(seats=2))
        assert odds_lines(result) == result.lines()

    def test_individuel_results_and_moves(self) -> None:
        from mus import individuel
        from mus.individuel.bots import SimplePlayer

        session = individuel.new_session(individuel.IndividuelRules(players=3), seed=5)
        player = SimplePlayer()
        while len(session.finished) < 40 and not session.is_over:
            seat = session.to_act
            assert seat is not None
            session = individuel.apply_session(session, player.choose(session.view(seat)))
        results = [result for hand in session.finished for result in hand.results]
        results.append(individuel.LanceResult(mus.Lance.PARES, individuel.Outcome.VOID))
        moves = [move for hand in session.finished for move in hand.moves]
        assert moves and [solo_cli.result_words(r) for r in results] == [str(r) for r in results]
        assert [solo_cli.move_words(move) for move in moves] == [str(move) for move in moves]
        with language("eu"):
            assert all("refused" not in solo_cli.move_words(move) for move in moves)


def run(*args: str, stdin: str = "") -> str:
    """``main(args)`` in this process, with ``stdin`` as standard input: its output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), _stdin(stdin):
        status = main(list(args))
    assert status == 0, out.getvalue()
    return out.getvalue()


@contextlib.contextmanager
def _stdin(text: str) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
CARD = re.compile(r"(?i)[1-7scr][oceb]")

GAME_WORDS = frozenset(
    [
        "mus",
        "grande",
        "chica",
        "pares",
        "juego",
        "punto",
        "envido",
        "quiero",
        "paso",
        "órdago",
        "sí",
        "no",
        "hay",
        "en",
        "mano",
        "amarraco",
        "amarracos",
        "adentro",
        "pareja",
        "medias",
        "duples",
        "real",
        "corrido",
        "visto",
        "servido",
        "señas",
        "rey",
        "reyes",
        "caballo",
        "sota",
        "siete",
        "seis",
        "cinco",
        "cuatro",
        "tres",
        "dos",
        "as",
        "ases",
        "de",
        "oros",
        "copas",
        "espadas",
        "bastos",
        "queremos",
        "ordago",
        "mintza",
        "sortir",
        "seña",
        "demo",
        "heuristicbots",
        "heuristicbot",
        "senas",
        "seed",
    ]
)
"""The game's and the cards' names, which every language keeps (*mus corrido*, *en paso*,
*no hay mus*, *31 real*, *pareja of rey*, *rey de oros*...), the names of the command, of
its options and of its bots."""

COGNATES = {
    "es": frozenset({"a", "se", "lance", "total"}),
    "eu": frozenset(),
    "fr": frozenset(
        {"a", "on", "points", "score", "six", "total", "options", "session", "accents", "action", "actions", "refuse"}
    ),
}
"""Words English shares with each language."""

DEMOS = [
    ["--seed", "1"],
    ["--seed", "2", "--games", "2"],
    ["--seed", "4", "--seats", "3", "--individual"],
    ["--seed", "5", "--seats", "6", "--senas", "--mus-corrido", "game", "--max-bet", "10"],
    ["--seed", "6", "--preset", "declared", "--mus-visto", "new-card"],
    ["--seed", "7", "--seats", "2", "--mus-visto", "servido", "--real-31", "--four-kings"],
]

PLAY_INPUT = {
    "en": "help\nzzz\nquiero\nno hay mus\npaso\nenvido 3\nquit\n",
    "es": "ayuda\nzzz\nquiero\nno hay mus\npaso\nenvido 3\nsalir\n",
    "eu": "laguntza\nzzz\nidoki\nmintza\npaso\nimido 3\nirten\n",
    "fr": "aide\nzzz\nj'accepte\npas de mus\nje passe\nenvido 3\nquitter\n",
}
"""A person at ``mus play --seed 11``: asks for help, says a word that is no move and
one that is no move in the mus, cuts the mus, passes, bets, and leaves; each in the
words of the language."""


def english_words(text: str) -> set[str]:
    """The words of an output, but cards (*Ro*), single letters (suits, ranks, *N*) and
    the words the scripted person typed (echoed from piped input)."""
    typed = {word for script in PLAY_INPUT.values() for word in map(str.lower, WORD.findall(script))}
    words = set(map(str.lower, WORD.findall(text)))
    return {word for word in words if len(word) > 1 and not CARD.fullmatch(word) and word not in typed}


@pytest.fixture(scope="module")
def english() -> set[str]:
    """The words of the English outputs, but the game's names."""
    text = "".join(run("--lang", "en", "demo", *demo) for demo in DEMOS)
    text += run("--lang", "en", "play", "--seed", "11", stdin=PLAY_INPUT["en"])
    text += run("--lang", "en", "compare", "Ro Rc 7e 1b", "Cc Co 5b 4e", "Se Sc Sb 1c", "3b 2e 1o 4c")
    return english_words(text) - GAME_WORDS


class TestSpeaking:
    @pytest.mark.parametrize("code", LANGUAGES)
    def test_demo_play_and_compare_say_no_english_word(self, code: str, english: set[str]) -> None:
        assert len(english) > 150  # the English side really is English
        text = "".join(run("--lang", code, "demo", *demo) for demo in DEMOS)
        text += run("--lang", code, "play", "--seed", "11", stdin=PLAY_INPUT[code])
        text += run("--lang", code, "compare", "Ro Rc 7e 1b", "Cc Co 5b 4e", "Se Sc Sb 1c", "3b 2e 1o 4c")
        assert english_words(text) & english - COGNATES[code] == set()

    @pytest.mark.parametrize(
        "code, lines",
        [
            (
                "es",
                [
                    "lo que puedes escribir (no importan las mayúsculas ni los acentos):",
                    "no válido: acción desconocida 'zzz' (acciones: mus, no hay mus, las cartas que descartas, paso,"
                    " envido N, N más, quiero, no quiero, órdago; escribe ayuda para verlas todas)",
                    'no válido: durante el mus, di mus o no hay mus, no "quiero"',
                    "  jugador 0 (tú): no hay mus",
                    "  jugador 0 (tú): paso",
                    "  jugador 0 (tú): envido 3",
                    "abandonas la partida",
                ],
            ),
            (
                "eu",
                [
                    "idatz dezakezuna (maiuskulek eta azentuek ez dute axola):",
                    "baliogabea: ekintza ezezaguna 'zzz' (ekintzak: mus, mintza, botatzeko kartak, paso, imido N,"
                    " N gehiago, idoki, tira, hordago, kanta; idatzi laguntza denak ikusteko)",
                    'baliogabea: musean, esan mus edo mintza, ez "idoki"',
                    "  jokalari 0 (zu): mintza",
                    "  jokalari 0 (zu): paso",
                    "  jokalari 0 (zu): imido 3",
                    "norgehiagoka uzten duzu",
                ],
            ),
            (
                "fr",
                [
                    "ce que vous pouvez taper (majuscules et accents sans importance) :",
                    "invalide : action inconnue 'zzz' (actions : mus, pas de mus, les cartes à écarter, je passe,"
                    " envido N, et N de plus, j'accepte, je n'accepte pas, ordago ; tapez aide pour les voir toutes)",
                    'invalide : pendant le mus, dites mus ou pas de mus, pas "j\'accepte"',
                    "  joueur 0 (vous) : pas de mus",
                    "  joueur 0 (vous) : je passe",
                    "  joueur 0 (vous) : envido 3",
                    "vous quittez la partie",
                ],
            ),
        ],
    )
    def test_play_takes_the_language_s_words(self, code: str, lines: list[str]) -> None:
        text = run("--lang", code, "play", "--seed", "11", stdin=PLAY_INPUT[code]).splitlines()
        assert [line for line in text if line in lines] == lines, text
        invalid = lines[1].split(":")[0]
        assert len([line for line in text if line.startswith(invalid)]) == 2  # the other words were taken

    def test_play_takes_the_words_of_every_language(self) -> None:
        # A Basque player at a Spanish prompt: ayuda and irten both work, whatever the language.
        text = run("--lang", "es", "play", "--seed", "11", stdin="laguntza\naide\nirten\n")
        assert text.count("lo que puedes escribir") == 2 and text.rstrip().endswith("abandonas la partida")

    @pytest.mark.parametrize(
        "code, words, line",
        [
            ("es", "no hay mus\npaso\npaso\nsí\nno\n", "jugador 0 (tú): pares sí"),
            ("eu", "mintza\npaso\npaso\npareak bai\nez\n", "jokalari 0 (zu): pareak bai"),
            ("fr", "pas de mus\nje passe\nje passe\noui\nnon\n", "joueur 0 (vous) : paires oui"),
        ],
    )
    def test_declarations_in_each_language(self, code: str, words: str, line: str) -> None:
        text = run("--lang", code, "play", "--preset", "declared", "--seed", "3", stdin=words)
        assert line in text, text

    @pytest.mark.parametrize(
        "code, words",
        [
            ("es", ["uso: mus demo", "opciones de reglas", "la semilla del reparto"]),
            ("eu", ["erabilera: mus demo", "arauen aukerak", "banaketaren hazia"]),
            ("fr", ["usage : mus demo", "options de règles", "la graine de la donne"]),
        ],
    )
    def test_help_is_translated(self, code: str, words: list[str]) -> None:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            main(["demo", "--help", "--lang", code])
        assert all(word in out.getvalue() for word in words), out.getvalue()

    def test_argparse_and_library_errors_are_translated(self, capsys: pytest.CaptureFixture[str]) -> None:
        with pytest.raises(SystemExit):
            main(["--lang", "fr", "demo", "--games", "deux"])
        assert "demo : erreur : argument --games : valeur int invalide : 'deux'" in capsys.readouterr().err
        assert main(["--lang", "es", "demo", "--games", "9"]) == 2
        assert capsys.readouterr().err == "mus: error: games_to_win tiene que ser uno de 1, 2, 3, 4, 5, no 9\n"
        assert main(["--lang", "eu", "compare", "Ro Rc 7e 1x", "Cc Co 5b 4e"]) == 2
        assert (
            capsys.readouterr().err
            == "mus: errorea: 1. eskua: 'x' kolore ezezaguna '1x' kartan (koloreak: o, c, e, b)\n"
        )


class TestErrors:
    @pytest.mark.parametrize("code", LANGUAGES)
    def test_every_template_is_translated(self, code: str) -> None:
        for template in TEMPLATES:
            names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
            values = {name: f"<{name}>" for name in names}
            english = template.format(**values)
            with language(code):
                said = error_words(english)
            assert said != english and all(value in said for value in values.values()), (template, said)

    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 10**6), st.sampled_from(["standard", "declared", "federation", "individual-3"]))
    def test_the_engine_s_refusals_are_translated(self, seed: int, preset: str) -> None:
        rules = mus.Rules.preset(preset).evolve(senas=preset == "standard")
        state = mus.new_hand(rules, seed=seed)
        bots = [RandomBot(seed + seat) for seat in range(rules.seats)]
        tries: list[Action | str] = [
            mus.Mus(), mus.NoMus(), mus.Pass(), mus.Bet(2), mus.Accept(), mus.Fold(), mus.TeamFold(),
            mus.Ordago(), mus.Servido(), "discard Ro", "discard 1o", "seña dos reyes", "visto Ro",
            "declare pares yes", "quiero", "bet 9999", "zzz", "ordaho",
        ]  # fmt: skip
        while not state.is_over:
            for action in tries:
                try:
                    mus.apply(state, action)
                except mus.MusError as error:
                    with language("es"):
                        assert error_words(error) != str(error), str(error)
            seat = state.to_act
            assert seat is not None
            state = mus.apply(state, bots[seat].choose(state.view(seat)))


class TestChoosingTheLanguage:
    @pytest.mark.parametrize(
        "environ, code",
        [
            ({"LANG": "es_ES.UTF-8"}, "es"),
            ({"LANG": "eu_ES.UTF-8"}, "eu"),
            ({"LC_ALL": "fr_FR.UTF-8", "LANG": "es_ES.UTF-8"}, "fr"),
            ({"LANGUAGE": "de:eu:es", "LANG": "fr_FR"}, "eu"),
            ({"LANGUAGE": "de", "LANG": "fr_FR"}, "en"),
            ({"LC_MESSAGES": "fr_CA@euro"}, "fr"),
            ({"LANG": "C.UTF-8"}, "en"),
            ({"LANG": "POSIX"}, "en"),
            ({}, "en"),
        ],
    )
    def test_environment(self, environ: dict[str, str], code: str) -> None:
        assert language_from_environment(environ) == code

    @pytest.mark.parametrize(
        "argv, code",
        [
            (["--lang", "eu", "demo"], "eu"),
            (["demo", "--lang=fr"], "fr"),
            (["demo", "--lan", "es"], "es"),
            (["--lang", "de", "demo"], "en"),
            (["compare", "--", "--lang", "es"], "en"),
        ],
    )
    def test_option(self, argv: list[str], code: str) -> None:
        assert language_of(argv, {}) == code

    def test_the_option_wins_over_the_environment(self) -> None:
        assert language_of(["--lang", "en", "demo"], {"LANG": "es_ES.UTF-8"}) == "en"

    def test_a_process_speaks_its_locale(self) -> None:
        env = dict(os.environ, LANG="fr_FR.UTF-8", PYTHONUTF8="1")
        env.pop("LANGUAGE", None)
        env.pop("LC_ALL", None)
        env.pop("LC_MESSAGES", None)
        result = subprocess.run(
            [sys.executable, "-m", "mus", "compare", "Ro Rc 7e 1b", "Cc Co 5b 4e"],
            capture_output=True,
            text=True,
            encoding="utf-8",
            env=env,
            timeout=60,
        )
        assert result.returncode == 0 and "main 1 (a la main)" in result.stdout, result.stderr

    def test_unknown_language_is_refused(self) -> None:
        with pytest.raises(mus.MusError, match="unknown language 'de'"):
            i18n.set_language("de")
        assert i18n.current_language() == "en"

    def test_main_restores_the_language(self) -> None:
        run("--lang", "eu", "compare", "Ro Rc 7e 1b", "Cc Co 5b 4e")
        assert i18n.current_language() == "en"
        import argparse

        assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
