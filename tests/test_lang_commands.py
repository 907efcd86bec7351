"""``mus advise``, ``mus tournament`` and ``mus check`` in Spanish, Basque and French
(:mod:`mus.i18n`): their tables and lines through the catalogs, the same as the
library's ``lines()`` in English, and their JSON the same in every language; and the
``--help`` of ``mus`` and of every subcommand translated.

Quick, unlike :mod:`test_lang` (whose catalog checks cover these commands' messages too).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import pathlib
import re
import sys
from collections.abc import Iterator

import pytest

import mus
from mus.cli import _argparse_speaks, build_parser, main
from mus.cli.check import check_lines, hand_outcome_words
from mus.i18n import language
from mus.notation.checking import check_text

LANGUAGES = ("es", "eu", "fr")


def run(*args: str, status: int = 0) -> str:
    """``main(args)`` in this process: its standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == status, out.getvalue()
    return out.getvalue()


def _played(seed: int, steps: int | None = None) -> mus.MatchState:
    match = mus.new_match(seed=seed)
    bots = [mus.bots.RandomBot(seed + seat) for seat in range(4)]
    while not match.is_over and (steps is None or steps > 0):
        hand = match.hand
        assert hand.to_act is not None
        match = mus.apply(match, bots[hand.to_act].choose(hand.view(hand.to_act)))
        steps = None if steps is None else steps - 1
    return match


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """A finished match, an unfinished one and a bad one, as files."""
    folder = tmp_path_factory.mktemp("histories")
    unfinished = mus.notation.format_match(mus.apply(mus.new_match(seed=7), "no-mus"))
    texts = {
        "done.mus": mus.notation.format_match(_played(3)),
        "open.mus": unfinished,
        "bad.mus": unfinished.replace("0 no-mus", "0 bet 2"),
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [str(folder / name) for name in texts]


class TestEnglishIsTheLibrarys:
    """In English the command line's tables are the library's ``lines()``, byte for byte."""

    def test_advice(self) -> None:
        pytest.importorskip("numpy")
        from mus.advise import advise
        from mus.cli.advise import advice_lines

        for advice in (
            advise("Ro Rc Re Rb", mus.Rules(seats=2)),
            advise("Ro Rc 7e 1b", mus.Rules(), seat=1, scores=(12, 30), samples=300, partner="Re 5c"),
        ):
            assert advice_lines(advice) == advice.lines()

    def test_tournament(self) -> None:
        from mus.cli.tournament import tournament_lines
        from mus.tournament import tournament

        for bots in (["random", "heuristic"], ["random", "heuristic", "advisor"]):
            result = tournament(bots, mus.Rules(games_to_win=1), games=2, seed=1)
            assert tournament_lines(result) == result.lines()

    @pytest.mark.parametrize("seed", range(6))
    def test_check(self, seed: int) -> None:
        for match in (_played(seed), _played(seed, 30 + 20 * seed)):
            text = mus.notation.format_match(match)
            for result in (check_text(text, "m.mus", 3), check_text(text.replace("no-mus", "bet 2", 1), "m.mus")):
                assert check_lines(result) == result.lines()
                assert [hand_outcome_words(hand) for hand in result.hands] == [str(hand) for hand in result.hands]
        lone = mus.apply(mus.new_hand(mus.Rules.preset("individual-3"), seed=seed), "no-mus")
        result = check_text(mus.notation.format_hand(lone), "h.mus")
        assert check_lines(result) == result.lines()


class TestTranslated:
    def test_advise(self) -> None:
        pytest.importorskip("numpy")
        out = run("--lang", "es", "advise", "Ro Rc 7e 1b", "--seat", "1", "--scores", "12-30", "--samples", "300")
        assert "Ro Rc 7e 1b en el puesto 1 de 4: tantos esperados de cada opción" in out
        assert "tanteo 12-30 (el propio lado primero)" in out
        assert out.splitlines()[2].split()[:3] == ["opción", "tantos", "±"]
        assert "descartar 7e 1b" in out and "la mejor: descartar" in out
        assert "opciones de muestra: 300 repartos cada una, semilla 0" in out
        for english in ("choice", "stones", "discard", "best:", "sampled", "expected"):
            assert english not in out
        assert "handia" in run("--lang", "eu", "advise", "Ro Rc Re Rb", "--seats", "2")
        assert "écarter" in run("--lang", "fr", "advise", "Ro Rc Re Rb", "--seats", "2")

    @pytest.mark.parametrize("lang", ["en", *LANGUAGES])
    def test_odds_and_advise_open_alike(self, lang: str) -> None:
        # One header for both answers: the hand, its seat (the mano named), what was given.
        pytest.importorskip("numpy")
        from mus.i18n import gettext

        with language(lang):
            given = gettext("given: {given}").format(given="")
            for seat, message in (
                (0, "{hand} at seat {seat} (mano) of {seats}"),
                (1, "{hand} at seat {seat} of {seats}"),
            ):
                where = gettext(message).format(hand="Ro Rc 7e 1b", seat=seat, seats=2)
                headers = []
                for command in ("odds", "advise"):
                    options = ("--seat", str(seat), "--seats", "2", "--exposed", "Rb", "--samples", "200")
                    lines = run("--lang", lang, command, "Ro Rc 7e 1b", *options).splitlines()
                    opening = next(index for index, line in enumerate(lines) if line.startswith("Ro Rc 7e 1b"))
                    assert lines[opening].startswith(where), lines
                    headers.append(lines[opening + 1])
                assert headers[0] == headers[1] and headers[0].startswith(given) and "Rb" in headers[0]

    def test_tournament(self) -> None:
        out = run("--lang", "es", "tournament", "--games", "2", "--bots", "random,heuristic,advisor")
        assert out.startswith("torneo de random, heuristic, advisor, semilla 0: ")
        assert "cada pareja jugó 2 juegos: 1 repartos, cada uno desde los dos lados; tasas de victoria" in out
        assert "juegos ganados % victorias" in out and "por parejas:" in out and "random contra heuristic" in out
        assert "tiempo: " in out
        for english in ("tournament", "each pair", "wins", "by pair", "time:", " v "):
            assert english not in out

    def test_check(self, histories: list[str]) -> None:
        out = run("--lang", "es", "check", *histories, str(pathlib.Path(histories[0]).with_name("none.mus")), status=1)
        lines = out.splitlines()
        assert re.search(
            r": mano 3: .*; tanteo 0-0; el equipo 1 gana el juego; el equipo 1 gana la partida, 0-3$", lines[-5]
        )
        assert lines[-4].endswith(
            ": mano 1: no se jugó ningún lance; tanteo 0-0 (sin acabar: grande, habla el jugador 0)"
        )
        assert lines[-3].endswith("bad.mus:7: error: durante el mus, di mus o no hay mus, no envido 2")
        assert lines[-1] == "4 historias, 4 manos: 2 no válidas"
        assert "hand" not in out and "score" not in out and "team" not in out
        assert run("--lang", "eu", "check", histories[1]).endswith("1 historia, 1 esku: denak baliozkoak\n")
        assert run("--lang", "fr", "check", histories[1]).endswith("1 historique, 1 donne : toutes valides\n")

    def test_english_stays(self, histories: list[str]) -> None:
        out = run("--lang", "en", "check", histories[1])
        assert out.endswith(
            ": hand 1: no lance played; score 0-0 (unfinished: grande, seat 0 to speak)\n1 history, 1 hand: all valid\n"
        )


@pytest.mark.parametrize("code", LANGUAGES)
def test_json_is_the_same_in_every_language(code: str) -> None:
    pytest.importorskip("numpy")
    for args in (("advise", "Ro Rc 7e 1b", "--seats", "2", "--json"), ("tournament", "--games", "2", "--json")):
        assert run("--lang", code, *args) == run("--lang", "en", *args)


SYMBOLS = {"N", "K", "LANG", "A-B", "B,B[,...]", "B[,B...]"}
"""The metavars that are no word of any language: the same in every one."""

SAME_WORDS: dict[str, set[str]] = {"es": set(), "eu": set(), "fr": {"options", "MODULE"}}
"""The help texts that are the same word in English and in the language."""

COMMANDS = ("demo", "play", "simulate", "compare", "replay", "check", "odds", "advise", "tournament")


def _help_texts(parser: argparse.ArgumentParser, where: str = "mus") -> dict[tuple[str, ...], str | None]:
    """Every text of the ``--help`` of ``parser`` and its subcommands, by where it is:
    the description, the group titles, each argument's help and metavar, each command's summary."""
    texts: dict[tuple[str, ...], str | None] = {(where, "description"): parser.description}
    for index, group in enumerate(parser._action_groups):
        texts[where, "group", str(index)] = group.title
        texts[where, "group description", str(index)] = group.description
    for action in parser._actions:
        name = "/".join(action.option_strings) or action.dest
        texts[where, name, "help"] = action.help
        texts[where, name, "metavar"] = action.metavar if isinstance(action.metavar, str) else None
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                texts[where, choice.dest, "summary"] = choice.help
            for command, subparser in action.choices.items():
                texts.update(_help_texts(subparser, f"{where} {command}"))
    return texts


def _help_in(code: str) -> dict[tuple[str, ...], str | None]:
    with language(code), _argparse_speaks():
        return _help_texts(build_parser())


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_help_text_is_left_in_english(code: str) -> None:
    """Each summary, description, group title, help and word metavar of ``mus --help``
    and of every subcommand's differs from the English one under ``--lang``."""
    english, translated = _help_in("en"), _help_in(code)
    assert english.keys() == translated.keys()
    assert {key[1] for key in english if key[-1] == "summary"} == set(COMMANDS)
    left = {
        key: text
        for key, text in english.items()
        if text is not None
        and text == translated[key]
        and text not in SAME_WORDS[code]
        and not (key[-1] == "metavar" and text in SYMBOLS)
    }
    assert not left, left


def _help(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(list(args))
    return out.getvalue()


@pytest.mark.parametrize("code", ("en", *LANGUAGES))
def test_every_help_shows(code: str) -> None:
    """``--help`` of ``mus`` and of each subcommand prints in every language (a help
    text's ``%`` is argparse's: ``%%`` shows one, a description's shows as it is)."""
    usage = {"en": "usage: mus", "es": "uso: mus", "eu": "erabilera: mus", "fr": "usage : mus"}[code]
    for command in ((), *((name,) for name in COMMANDS)):
        out = _help(*command, "--help", "--lang", code)
        assert out.startswith(usage) and "%%" not in out, out
    assert "95" in _help("--help", "--lang", code)


def test_english_help_keeps_its_words() -> None:
    out = " ".join(_help("advise", "--help", "--lang", "en").split())
    for words in ("HAND", "--known SEAT:CARDS", "--pares LIST", "--signal SEAT:SEÑA", "what the seat knows", "SEED"):
        assert words in out, out
    assert "a fair round robin between bots: win rates with 95% intervals" in " ".join(_help("--help").split())


# --- every command in every language (issue 31) --------------------------------------------

EVENING = """\
# Thursday at Ane's
mus-match 1
rules target=40 games_to_win=1
players Ane Beñat Carmen Dani
mano Ane
hand 1
scores 38-30
hands So 4b 2e 1b / ? / ? / ?
Ane no hay mus
Ane envido dos
Beñat no quiero
Dani no quiero
# score 39-30
"""
"""A paper match that stops after a hand (no game won: the hand goes on after grande)."""

FILES = {
    "record.mus": mus.notation.format_paper(_played(5).finished[0]),
    "settled.mus": "mus-hand 1\nmano 0\nscores 39-30\nhands So 4b 2e 1b / ? / ? / ?\n0 no-mus\n0 bet 2\n1 fold\n3 fold\n",
    "match.mus": mus.notation.format_match(_played(3)),
    "wrong.mus": EVENING.replace("Ane envido dos", "Ane envido dos\nAne declare pares no"),
    "turn.mus": EVENING.replace("Dani no quiero", "Carmen no quiero"),
    "norules.mus": "mus-hand 1\nmano 0\nscores 29-20\nhands So 4b 2e 1b / ? / ? / ?\n0 no-mus\n0 bet 2\n1 fold\n3 fold\n",
    "count.mus": mus.notation.format_hand(_played(4).finished[0]).replace("# score", "# score 99-99 #"),
    "cards.mus": "mus-hand 1\nmano 0\nscores 0-0\nhands So 4b 2e 1b / So 4c 2o 1c / ? / ?\n",
    "visto.mus": "mus-hand 1\nmano 0\nscores 0-0\nhands So 4b 2e 1b / ? / ? / ?\n0 visto 4c\n",
}
"""Histories that ``mus check`` and ``mus replay`` read, valid and not."""

RUNS: list[tuple[tuple[str, ...], str, int]] = [
    (("simulate", "--hands", "1", "--seed", "3"), "", 0),
    (("simulate", "--hands", "30", "--seed", "3"), "", 0),
    (("replay", "record.mus"), "", 0),
    (("replay", "settled.mus"), "", 0),
    (("replay", "match.mus"), "", 0),
    (("replay", "turn.mus"), "", 2),
    (("check", *FILES, "none.mus"), "", 1),
    (("check", "--target", "30", "match.mus", "norules.mus"), "", 1),
    (("play", "--preset", "individuel", "--seed", "1"), "{help}\n{quit}\n", 0),
    (("tournament", "--games", "2", "--bots", "random,heuristic"), "", 0),
    (("compare", "Ro Rc 7e 1b", "Cc Co 5b 4e"), "", 0),
    (("demo", "--seed", "1"), "", 0),
    (("play", "--seed", "11"), "{help}\n{quit}\n", 0),
]
try:
    import numpy  # noqa: F401  # odds and advise need the fast extra
except ImportError:  # pragma: no cover - the extras are installed where the suite runs whole
    pass
else:
    RUNS += [
        (("odds", "Ro Rc 7e 1b", "--seats", "2", "--samples", "200"), "", 0),
        (("advise", "Ro Rc 7e 1b", "--seats", "2", "--samples", "100"), "", 0),
    ]
"""Each command, its standard input (``{help}`` and ``{quit}``: the language's words)
and the status it ends with."""

WORDS = {"en": ("help", "quit"), "es": ("ayuda", "salir"), "eu": ("laguntza", "irten"), "fr": ("aide", "quitter")}


def _in_language(code: str, folder: pathlib.Path) -> str:
    """Every command's standard output and error under ``--lang code``, run in ``folder``."""
    text = ""
    for args, stdin, status in RUNS:
        out, err = io.StringIO(), io.StringIO()
        saved, sys.stdin = sys.stdin, io.StringIO(stdin.format(help=WORDS[code][0], quit=WORDS[code][1]))
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _inside(folder):
                assert main(["--lang", code, *args]) == status, (args, out.getvalue(), err.getvalue())
        finally:
            sys.stdin = saved
        text += out.getvalue() + err.getvalue()
    return text


@contextlib.contextmanager
def _inside(folder: pathlib.Path) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as monkey:
        monkey.chdir(folder)
        yield


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    where = tmp_path_factory.mktemp("commands")
    for name, text in FILES.items():
        (where / name).write_text(text, encoding="utf-8")
    return where


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_command_says_no_english_word(code: str, folder: pathlib.Path) -> None:
    """Each command in each language, its errors included (a history's, a file's, a
    record's players named): no word of its English output but the game's, the cards',
    the players' and the files' names."""
    from test_lang import COGNATES, GAME_WORDS, english_words

    english = english_words(_in_language("en", folder)) - GAME_WORDS
    assert {"error", "seat", "hand", "wins", "the"} <= english  # the English side really is English
    names = {
        "ane",
        "beñat",
        "carmen",
        "dani",
        "record",
        "match",
        "wrong",
        "turn",
        "scores",
        "norules",
        "count",
        "cards",
    }
    names |= {"visto", "none", "random", "heuristic", "target", "games", "help", "quit", "bet", "fold", "draw"}
    # The game's, the bots' and a statistic's names; a word of the notation a record quotes.
    names |= {"individuel", "lances", "bot", "bots", "wilson", "bradley", "terry", "elo", "score", "settled"}
    cognates = {"es": {"error"}, "eu": set(), "fr": {"table", "type", "net"}}[code]
    said = english_words(_in_language(code, folder))
    assert said & english - COGNATES[code] - cognates - names == set()


def test_the_individuel_prompt_has_its_help_word_in_every_language(folder: pathlib.Path) -> None:
    for code in ("en", *LANGUAGES):
        text = _in_language(code, folder)
        assert {
            "en": "Mus individuel (case",
            "es": "Mus individuel (las",
            "eu": "Mus individuel-ean",
            "fr": "Mus individuel (",
        }[code] in text
        assert "unknown rank" not in text and "rango desconocido" not in text


def test_an_optional_extra_is_named_in_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import mus.odds.batch

    monkeypatch.setattr(mus.odds.batch, "np", None)
    for code, said in (("es", "esto necesita numpy"), ("eu", "honek numpy behar du"), ("fr", "ceci a besoin de numpy")):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            assert main(["--lang", code, "odds", "Ro Rc 7e 1b", "--samples", "10"]) == 2
        assert said in err.getvalue() and "this needs" not in err.getvalue(), err.getvalue()


def test_singular_after_one_in_every_language() -> None:
    from mus.cli.words import count_line_words
    from mus.i18n import language

    line = mus.scoring.CountLine(mus.Lance.GRANDE, mus.Outcome.REFUSED, 0, None, 0, 1, 0, (1, 0))
    said = {"es": "1 tanto cobrado al no querer", "eu": "1 harri jasota", "fr": "1 pierre prise au refus"}
    for code, words in said.items():
        with language(code):
            assert words in count_line_words(line), count_line_words(line)
    assert "1 stone taken at the fold" in count_line_words(line)
