"""The players' words (issue 9): Spanish, French and Basque words, paso as a fold in an
answer, error messages in the player's words, and "did you mean" for typos."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mus
from mus.actions import (
    Accept,
    Action,
    Bet,
    Discard,
    Fold,
    Mus,
    NoMus,
    Ordago,
    Pass,
    TeamFold,
    parse_action,
    words_of,
)
from mus.errors import IllegalActionError
from mus.lances import Lance

ACTIONS_LIST = (
    "(actions: mus, no-mus, discard CARDS, pass, bet N, accept, fold, ordago;"
    " or in the game's words: no hay mus, paso, envido N, quiero, no quiero, órdago)"
)


class TestSpanish:
    @pytest.mark.parametrize(
        "text, action",
        [
            ("y yo", Bet(2)),
            ("Y yo", Bet(2)),
            ("y yo 10", Bet(10)),
            ("envido más", Bet(2)),
            ("envido mas", Bet(2)),
            ("Envido Más", Bet(2)),
            ("5 más", Bet(5)),
            ("5 mas", Bet(5)),
            ("10 MÁS", Bet(10)),
            ("envido", Bet(2)),
            ("envido 7", Bet(7)),
            ("quiero", Accept()),
            ("QUIERO", Accept()),
            ("no quiero", Fold()),
            ("órdago", Ordago()),
            ("ordago", Ordago()),
            ("Órdago!", Ordago()),
            ("¡órdago!", Ordago()),
            ("no hay mus", NoMus()),
            ("mus", Mus()),
            ("paso", Pass()),
        ],
    )
    def test_words(self, text: str, action: Action) -> None:
        assert parse_action(text) == action

    @pytest.mark.parametrize(
        "text, stones",
        [
            ("envido dos", 2),
            ("cinco más", 5),
            ("dos más", 2),
            ("Envido Cinco", 5),
            ("subo diez", 10),
            ("y yo tres", 3),
            ("quince más", 15),
            ("veintidós más", 22),
            ("envido veintiséis", 26),
            ("treinta más", 30),
            ("treinta y uno más", 31),
            ("envido treinta y nueve", 39),
            ("envido cuarenta", 40),
        ],
    )
    def test_number_words(self, text: str, stones: int) -> None:
        # Issue 31: the Spanish table says its numbers in words, as the French and Basque do.
        assert parse_action(text) == Bet(stones)

    def test_every_number_to_thirty_is_read(self) -> None:
        words = [
            "dos",
            "tres",
            "cuatro",
            "cinco",
            "seis",
            "siete",
            "ocho",
            "nueve",
            "diez",
            "once",
            "doce",
            "trece",
            "catorce",
            "quince",
            "dieciséis",
            "diecisiete",
            "dieciocho",
            "diecinueve",
            "veinte",
            "veintiuno",
            "veintidós",
            "veintitrés",
            "veinticuatro",
            "veinticinco",
            "veintiséis",
            "veintisiete",
            "veintiocho",
            "veintinueve",
            "treinta",
        ]
        assert [parse_action(f"envido {word}") for word in words] == [Bet(n) for n in range(2, 31)]

    @pytest.mark.parametrize("text", ["envido cinquo", "treinta y diez más", "envido treinta y"])
    def test_a_word_that_is_no_number_is_refused(self, text: str) -> None:
        with pytest.raises(IllegalActionError):
            parse_action(text)

    def test_hor_dago_in_two_words(self) -> None:
        assert parse_action("hor dago") == parse_action("Hor dago!") == parse_action("hordago") == Ordago()

    @pytest.mark.parametrize("text", ["1 más", "0 mas", "y yo 1", "uno más", "envido un"])
    def test_a_raise_is_at_least_two(self, text: str) -> None:
        with pytest.raises(IllegalActionError, match="at least 2 stones"):
            parse_action(text)


class TestFrench:
    @pytest.mark.parametrize(
        "text, action",
        [
            # 000
            ("Il n'y a pas de Mus !", NoMus()),
            ('Il n\'y a pas de " Mus " !', NoMus()),
            ("Pas de Mus !", NoMus()),
            ("Mus !", Mus()),
            ("Je passe", Pass()),
            ("passe", Pass()),
            ("Nous passons", Pass()),
            ("J'enchéris", Bet(2)),
            ("J'encheris", Bet(2)),
            ("Nous surenchérissons", Bet(2)),
            ("J'accepte", Accept()),
            ("j’accepte", Accept()),
            ("Nous acceptons", Accept()),
            ("Je n'accepte pas.", Fold()),
            ("Nous n'acceptons pas", TeamFold()),  # a plural answer binds the team
            ("Je refuse", Fold()),
            ("Nous refusons", TeamFold()),
            ("Je renonce", Fold()),
            ("Y yo", Bet(2)),
            ("Y yo 8", Bet(8)),
            ("Et cinq de plus", Bet(5)),
            ("et 5 de plus", Bet(5)),
            ("Nous rajoutons dix", Bet(10)),
            ("Ordago", Ordago()),
            # 001
            ("je coupe le mus", NoMus()),
            ("je renvie", Bet(2)),
            ("je renvie 10", Bet(10)),
            ("je renvie encore", Bet(2)),
            ("je renvie 10 encore", Bet(10)),
            ("encore deux", Bet(2)),
            ("encore 10", Bet(10)),
            ("10", Bet(10)),
            ("oui", Accept()),
            ("non", Fold()),
            ("Je n´accepte pas", Fold()),  # 001 writes the apostrophe as an acute accent
        ],
    )
    def test_words(self, text: str, action: Action) -> None:
        assert parse_action(text) == action

    @pytest.mark.parametrize("text", ["et un de plus", "encore une", "1"])
    def test_one_stone_is_too_few(self, text: str) -> None:
        with pytest.raises(IllegalActionError, match="at least 2 stones, got 1"):
            parse_action(text)

    def test_a_number_beyond_nine_digits_is_unknown(self) -> None:
        with pytest.raises(IllegalActionError, match="unknown action '1234567890'"):
            parse_action("1234567890")


class TestBasque:
    @pytest.mark.parametrize("text", ["sortir", "mintza", "Mintza"])
    def test_federation_words_start_play(self, text: str) -> None:
        assert parse_action(text) == NoMus()

    @pytest.mark.parametrize(
        "text, action",
        [
            ("imido", Bet(2)),
            ("Imido 5", Bet(5)),
            ("gehiago", Bet(2)),
            ("bost gehiago", Bet(5)),
            ("5 gehiago", Bet(5)),
            ("gehiago hamar", Bet(10)),
            ("idoki", Accept()),
            ("tira", Fold()),
            ("Hordago!", Ordago()),
            ("kanta", Accept()),
        ],
    )
    def test_betting_words(self, text: str, action: Action) -> None:
        assert parse_action(text) == action

    def test_an_hordago_is_taken_with_kanta_or_refused_with_tira(self) -> None:
        state = mus.apply(mus.new_hand(seed=1), "mintza")
        state = mus.apply(state, "hordago")
        assert mus.apply(state, "kanta").results[-1].outcome is mus.Outcome.ORDAGO
        refused = mus.apply(mus.apply(state, "tira"), "tira")
        assert refused.results[0].outcome is mus.Outcome.REFUSED

    def test_discards_in_french_and_basque(self) -> None:
        assert parse_action("bota Ro 7e") == parse_action("écarte 7e Ro") == Discard.parse("Ro 7e")

    def test_number_words_are_basque_only_with_the_basque_words(self) -> None:
        assert parse_action("hiru gehiago") == Bet(3)
        with pytest.raises(IllegalActionError, match="a bet needs a number of stones, got 'hiru'"):
            parse_action("envido hiru")


class TestEnglish:
    @pytest.mark.parametrize(
        "text, action",
        [("see", Accept()), ("I bet 5", Bet(5)), ("No Mus", NoMus()), ("raise 3", Bet(3)), ("cut", NoMus())],
    )
    def test_words(self, text: str, action: Action) -> None:
        assert parse_action(text) == action


class TestAnswering:
    @pytest.mark.parametrize("text", ["paso", "Paso", "PASO", "je passe", "passe"])
    def test_passing_after_a_bet_is_a_fold(self, text: str) -> None:
        assert parse_action(text) == Pass()
        assert parse_action(text, answering=True) == Fold()

    def test_we_pass_after_a_bet_is_a_team_fold(self) -> None:
        # 000: « Nous passons » binds the partner: the team folds in one word.
        assert parse_action("nous passons") == Pass()
        assert parse_action("Nous passons", answering=True) == TeamFold()

    def test_the_english_pass_stays_a_pass(self) -> None:
        assert parse_action("pass", answering=True) == Pass()
        assert parse_action("Pass", answering=True) == Pass()

    @pytest.mark.parametrize(
        "text, action",
        [
            ("quiero", Accept()),
            ("no quiero", Fold()),
            ("y yo", Bet(2)),
            ("envido 5", Bet(5)),
            ("órdago", Ordago()),
            ("fold", Fold()),
            ("mus", Mus()),
        ],
    )
    def test_other_words_do_not_change(self, text: str, action: Action) -> None:
        assert parse_action(text, answering=True) == action == parse_action(text)

    def test_answering_is_keyword_only(self) -> None:
        with pytest.raises(TypeError):
            parse_action("paso", True)  # type: ignore[call-arg]


class TestDidYouMean:
    @pytest.mark.parametrize(
        "text, hint",
        [
            ("quiro", "did you mean 'quiero'?"),
            ("no quero", "did you mean 'no quiero'"),
            ("ordaho", "did you mean 'órdago' or 'hordago'?"),
            ("acept", "did you mean 'accept'?"),
            ("yyo", "did you mean 'y yo'?"),
            ("envidi 5", "did you mean 'envido 5'"),
            ("raise", "did you mean 'raise N'?"),
            ("bet", "did you mean 'bet N'?"),
            ("pasa", "did you mean 'pass' or 'paso'?"),
            ("nous refusont", "did you mean 'nous refusons'?"),
            ("dicsard Ro 7e", "did you mean 'discard Ro 7e'?"),
        ],
    )
    def test_close_words_are_suggested(self, text: str, hint: str) -> None:
        with pytest.raises(IllegalActionError) as info:
            parse_action(text)
        message = str(info.value)
        assert message.startswith(f"unknown action {text!r}; did you mean ")
        assert hint in message
        assert message.endswith(ACTIONS_LIST)

    @pytest.mark.parametrize("text", ["Zz", "dance", "raise the stakes", "quiero mucho"])
    def test_no_suggestion_when_nothing_is_close(self, text: str) -> None:
        with pytest.raises(IllegalActionError) as info:
            parse_action(text)
        assert str(info.value) == f"unknown action {text!r} {ACTIONS_LIST}"

    def test_a_word_is_never_suggested_for_itself(self) -> None:
        with pytest.raises(IllegalActionError) as info:
            parse_action("declare grande yes")
        assert "did you mean" not in str(info.value)


class TestWordsOf:
    @pytest.mark.parametrize(
        "text, action, said",
        [
            ("quiero", Accept(), 'accept ("quiero")'),
            ("Quiero", Accept(), 'accept ("Quiero")'),
            ("accept", Accept(), "accept"),
            ("  Accept ", Accept(), "accept"),
            ("no quiero", Fold(), 'fold ("no quiero")'),
            ("paso", Fold(), 'fold ("paso")'),
            ("paso", Pass(), 'pass ("paso")'),
            ("J'accepte !", Accept(), 'accept ("J\'accepte !")'),
            ("y   yo", Bet(2), 'bet 2 ("y yo")'),
            ("bet 5", Bet(5), "bet 5"),
            ("envido 5", Bet(5), 'bet 5 ("envido 5")'),
            ("órdago", Ordago(), "ordago"),
            ("no hay mus", NoMus(), 'no-mus ("no hay mus")'),
            ("discard 7e 1b", Discard.parse("1b 7e"), "discard 7e 1b"),
            ("descarte 7e 1b", Discard.parse("1b 7e"), 'discard 7e 1b ("descarte 7e 1b")'),
        ],
    )
    def test_quotes_the_players_words(self, text: str, action: Action, said: str) -> None:
        assert words_of(text, action) == said

    @pytest.mark.parametrize("text", [None, Accept(), ""])
    def test_without_words_it_is_the_text_form(self, text: str | Action | None) -> None:
        assert words_of(text, Accept()) == "accept"

    def test_long_words_are_cut(self) -> None:
        said = words_of("je renvie " + "encore " * 20, Bet(2))
        assert said.startswith('bet 2 ("je renvie encore') and said.endswith('…")')
        assert len(said) < 60

    def test_the_lead_message(self) -> None:
        text = "quiero"
        assert f"there is no bet to {words_of(text, parse_action(text))} in {Lance.CHICA}" == (
            'there is no bet to accept ("quiero") in chica'
        )


class TestAnyText:
    @settings(max_examples=300, deadline=None)
    @given(st.text(max_size=40), st.booleans())
    def test_parse_reads_or_refuses(self, text: str, answering: bool) -> None:
        try:
            action = parse_action(text, answering=answering)
        except IllegalActionError as error:
            assert str(error)
            return
        said = words_of(text, action)
        assert said.startswith(str(action))

    @settings(max_examples=200, deadline=None)
    @given(
        st.lists(
            st.sampled_from(["paso", "y yo", "envido", "más", "mas", "5", "quiero", "no", "je", "passe", "de", "plus"]),
            min_size=1,
            max_size=4,
        ),
        st.booleans(),
    )
    def test_word_salads_read_or_refuse(self, words: list[str], answering: bool) -> None:
        try:
            parse_action(" ".join(words), answering=answering)
        except IllegalActionError as error:
            assert str(error)


def test_words_drive_a_hand() -> None:
    state = mus.new_hand(mus.Rules(), seed=3, hands=["Ro Rc 7e 1b", "Cc Co 5b 4e", "Se 6c 5o 1c", "3b 2e 1o 4c"])
    for text in ("Il n'y a pas de Mus", "envido", "y yo", "5 más", "quiero"):
        state = mus.apply(state, text)
    (grande,) = state.results
    assert (grande.lance, grande.outcome, grande.stake) == (Lance.GRANDE, mus.Outcome.ACCEPTED, 9)
