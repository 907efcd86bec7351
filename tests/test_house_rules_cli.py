"""House rules that play (issue 23, point 1): ``--house-rules`` takes a module name or a
``.py`` file, the commands play with the rules it defines, the histories name them,
and ``replay`` says which rule is missing when they are not loaded."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import mus
from mus.rules import house_rules_in

ROOT = Path(__file__).resolve().parents[1]

RULE = """\
import attrs
import mus


@attrs.frozen
class NoOrdago(mus.HouseRule):
    name = "{name}"

    def allows(self, state, action):
        return not isinstance(action, mus.Ordago)
"""


def run_mus(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``mus ARGS`` as an installed command runs it: from ``folder``, with nothing of
    the folder on the path (``python -m`` would add the working directory)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    code = "import sys, mus.cli; sys.exit(mus.cli.main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=folder, capture_output=True, text=True, env=env, timeout=600
    )


@pytest.fixture
def table(tmp_path: Path) -> Path:
    (tmp_path / "my_rule.py").write_text(RULE.format(name="test-cli-no-ordago"))
    return tmp_path


def test_simulate_plays_and_saves_a_rule_from_a_file(table: Path) -> None:
    done = run_mus(table, "simulate", "--hands", "100", "--house-rules", "my_rule.py", "--save", "out.txt")
    assert done.returncode == 0, done.stderr
    assert "house rules test-cli-no-ordago" in done.stdout.splitlines()[0]
    saved = (table / "out.txt").read_text()
    rules_lines = [line for line in saved.splitlines() if line.startswith("rules ")]
    assert rules_lines and all(line.endswith(" house=test-cli-no-ordago") for line in rules_lines)
    actions = [line for line in saved.splitlines() if line[:1].isdigit() and " " in line]
    assert actions and not any(line.split(" ", 1)[1] == "ordago" for line in actions)
    # The same history read back: refused without the rule, which the message names.
    without = run_mus(table, "replay", "out.txt")
    assert without.returncode == 2
    assert "the house rule 'test-cli-no-ordago', which is not loaded" in without.stderr
    assert "--house-rules" in without.stderr
    for source in ("my_rule.py", "my_rule", str(table / "my_rule.py")):
        replayed = run_mus(table, "replay", "out.txt", "--house-rules", source)
        assert replayed.returncode == 0, (source, replayed.stderr)
    checked = run_mus(table, "check", "out.txt", "--house-rules", "my_rule.py")
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.splitlines()[-1].endswith(" histories, 100 hands: all valid")
    unchecked = run_mus(table, "check", "out.txt")
    assert unchecked.returncode == 1
    assert "out.txt:2: error: the history names the house rule 'test-cli-no-ordago', which is not loaded" in (
        unchecked.stdout
    )


def test_simulate_without_the_rule_plays_ordagos(table: Path) -> None:
    # The control of the test above: the same seed plays órdagos when the rule is not loaded.
    done = run_mus(table, "simulate", "--hands", "100", "--save", "out.txt")
    assert done.returncode == 0, done.stderr
    lines = (table / "out.txt").read_text().splitlines()
    assert any(line[:1].isdigit() and line.split(" ", 1)[1] == "ordago" for line in lines)


def test_every_playing_command_takes_the_rules(table: Path) -> None:
    demo = run_mus(table, "demo", "--house-rules", "my_rule.py")
    assert demo.returncode == 0 and "house rules test-cli-no-ordago" in demo.stdout.splitlines()[0]
    assert not any(line.strip().endswith("ordago") for line in demo.stdout.splitlines()[1:] if "says" in line)
    compare = run_mus(table, "compare", "Ro Rc 7e 1b", "Cc Co 5b 4e", "--house-rules", "my_rule")
    assert compare.returncode == 0, compare.stderr
    solo = run_mus(table, "simulate", "--preset", "individuel", "--house-rules", "my_rule.py")
    assert solo.returncode == 2 and "--house-rules is not a knob of the Mus individuel" in solo.stderr


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("nowhere.py", "cannot load house rules from 'nowhere.py': no such file"),
        ("nowhere_module", "cannot load house rules from 'nowhere_module': No module named 'nowhere_module'"),
        ("my-rule.py", "cannot load house rules from 'my-rule.py': name the file like my_rules.py"),
    ],
)
def test_a_source_that_cannot_be_loaded_is_one_line(table: Path, source: str, message: str) -> None:
    (table / "my-rule.py").write_text("")
    done = run_mus(table, "demo", "--house-rules", source)
    assert done.returncode == 2 and done.stderr.strip() == f"mus: error: {message}"


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def test_house_rules_in_lists_every_rule_a_module_defines(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "test_two_rules.py",
        "import attrs, mus\n"
        "from mus.rules import HouseRule as Imported\n"
        "@attrs.frozen\n"
        "class B(mus.HouseRule):\n"
        "    name = 'test-in-b'\n"
        "    most: int = 3\n"
        "class Base(mus.HouseRule):\n"
        "    pass\n"
        "@attrs.frozen\n"
        "class A(mus.HouseRule):\n"
        "    name = 'test-in-a'\n",
    )
    rules = house_rules_in(path)
    assert [rule.name for rule in rules] == ["test-in-b", "test-in-a"]  # in the order defined, no base class
    assert rules[0].most == 3  # type: ignore[attr-defined]
    assert house_rules_in(path) == rules == house_rules_in("test_two_rules")  # imported once, then by name


def test_house_rules_in_takes_the_modules_list(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "test_listed_rules.py",
        "import attrs, mus\n"
        "@attrs.frozen\n"
        "class Most(mus.HouseRule):\n"
        "    name = 'test-listed-most'\n"
        "    most: int\n"
        "@attrs.frozen\n"
        "class Other(mus.HouseRule):\n"
        "    name = 'test-listed-other'\n"
        "HOUSE_RULES = [Most(most=7), Other]\n",
    )
    rules = house_rules_in(path)
    assert [(rule.name, getattr(rule, "most", None)) for rule in rules] == [
        ("test-listed-most", 7),
        ("test-listed-other", None),
    ]
    assert mus.Rules.from_dict(mus.Rules(house=rules).to_dict()).house == rules


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "import attrs, mus\n@attrs.frozen\nclass Needs(mus.HouseRule):\n    name = 'test-bad-needs'\n"
            "    most: int\n",
            "house rule 'test-bad-needs' cannot be made with its defaults",
        ),
        ("HOUSE_RULES = 'quiet'\n", "HOUSE_RULES is a list of house rules"),
        ("HOUSE_RULES = [3]\n", "HOUSE_RULES lists 3, not a house rule"),
        ("raise ValueError('broken table')\n", "broken table"),
    ],
)
def test_bad_house_modules_are_rules_errors(tmp_path: Path, body: str, message: str) -> None:
    name = f"test_bad_{abs(hash(body))}.py"
    with pytest.raises(mus.RulesError, match=message):
        house_rules_in(write(tmp_path, name, body))


def test_a_file_named_like_an_imported_module_is_refused(tmp_path: Path) -> None:
    with pytest.raises(mus.RulesError, match=r"a module named 'json' is imported from .* already; rename the file"):
        house_rules_in(write(tmp_path, "json.py", ""))


def test_the_example_table_plays_from_the_command_line(tmp_path: Path) -> None:
    example = str(ROOT / "examples" / "house_rules_table.py")
    done = run_mus(tmp_path, "simulate", "--hands", "60", "--house-rules", example, "--save", "out.txt")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "out.txt").read_text()
    assert '{"name":"table-bets-up-to","fields":{"most":8}}' in text
    bets = [int(line.split()[-1]) for line in text.splitlines() if line[:1].isdigit() and " bet " in line]
    assert bets and max(bets) <= 8


def test_a_record_that_names_no_house_rules_takes_those_of_the_command_line(table: Path) -> None:
    # Issue 31: the house rules of --house-rules are those of a record whose rules name
    # none (and all the rules of one without a rules line), and mus check says so.
    record = "mus-hand 1\n{rules}mano 0\nscores 0-0\nhands So 4b 2e 1b / ? / ? / ?\n0 no-mus\n0 ordago\n"
    (table / "plain.mus").write_text(record.format(rules="rules target=40\n"))
    (table / "bare.mus").write_text(record.format(rules=""))
    (table / "named.mus").write_text(record.format(rules="rules target=40 house=\n"))
    done = run_mus(table, "check", "plain.mus", "bare.mus", "named.mus", "--house-rules", "my_rule.py")
    out = done.stdout.splitlines()
    assert out[0] == (
        "plain.mus:1: its rules name no house rules: checked with those of --house-rules, test-cli-no-ordago"
    )
    assert out[1].startswith("plain.mus:7: error: house rule 'test-cli-no-ordago' does not allow ordago")
    assert out[2].startswith("bare.mus:1: no rules line: checked under ") and "house rules test-cli-no-ordago" in out[2]
    assert out[3].startswith("bare.mus:6: error: house rule 'test-cli-no-ordago' does not allow ordago")
    assert out[4] == "named.mus:1: hand 1: no lance played; score 0-0 (unfinished: grande, seat 1 to speak)"
    assert done.returncode == 1 and out[-1] == "3 histories, 1 hand: 2 not valid"


# --- a house-rule file is code (issue 32, point 4) --------------------------------------


def test_a_file_that_exits_is_an_error_naming_it(tmp_path: Path) -> None:
    # sys.exit(0) inside made `mus` exit 0, silently, having done nothing.
    rules = tmp_path / "rules"
    rules.mkdir()
    write(rules, "quits.py", "import sys\nsys.exit(0)\n")
    done = run_mus(tmp_path, "demo", "--house-rules", "rules/quits.py")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "mus: error: cannot load house rules from 'rules/quits.py': it called sys.exit(0)\n"
    with pytest.raises(
        mus.RulesError, match=r"^cannot load house rules from '.*quits_too\.py': it called sys\.exit\('no'\)$"
    ):
        house_rules_in(write(tmp_path, "quits_too.py", "raise SystemExit('no')\n"))


def test_a_file_that_fails_leaves_nothing_behind(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "test_half_table.py",
        "import attrs, mus\n"
        "@attrs.frozen\n"
        "class Half(mus.HouseRule):\n"
        "    name = 'test-half-loaded'\n"
        "raise GeneratorExit('half way')\n",  # not an Exception: a BaseException all the same
    )
    path_before = list(sys.path)
    with pytest.raises(mus.RulesError, match=r"^cannot load house rules from '.*test_half_table\.py': half way$"):
        house_rules_in(path)
    assert "test-half-loaded" not in mus.HOUSE_RULES and "test_half_table" not in sys.modules
    assert sys.path == path_before


def test_a_module_beside_the_file_does_not_replace_an_installed_one(tmp_path: Path) -> None:
    # The file's folder went first on the path: a numpy.py beside it ran instead of numpy.
    pytest.importorskip("numpy")
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "my_rule.py").write_text(RULE.format(name="test-cli-beside-numpy"))
    (rules / "numpy.py").write_text(f"open({str(tmp_path / 'ran')!r}, 'w').close()\nraise SystemExit(3)\n")
    done = run_mus(tmp_path, "odds", "Ro Rc 7e 1b", "--seats", "2", "--house-rules", "rules/my_rule.py")
    assert done.returncode == 0, done.stderr
    assert "house rules test-cli-beside-numpy" in done.stdout and not (tmp_path / "ran").exists()


def test_a_file_named_like_a_module_on_the_path_is_refused_unrun(tmp_path: Path) -> None:
    # tabnanny is in the standard library, and not imported: the file would shadow it.
    ran = tmp_path / "ran"
    path = write(tmp_path, "tabnanny.py", f"open({str(ran)!r}, 'w').close()\n")
    with pytest.raises(mus.RulesError, match=r"a module named 'tabnanny' is (found at|imported from) .* already"):
        house_rules_in(path)
    assert not ran.exists()


def test_worker_processes_find_a_file_loaded_by_path(tmp_path: Path) -> None:
    # Its folder is last on the path: a spawned worker imports the file by its name.
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "spawned_rule.py").write_text(RULE.format(name="test-cli-spawned"))
    script = (
        "import multiprocessing, sys, mus\n"
        "from mus.odds.parallel import run_tasks\n"
        "if __name__ == '__main__':\n"
        "    multiprocessing.set_start_method('spawn')\n"
        "    house = mus.rules.house_rules_in(sys.argv[1])\n"
        "    assert sys.path[-1] == sys.argv[2], sys.path\n"
        "    rules = mus.Rules(house=house)\n"
        "    print(run_tasks(repr, [rules, rules], workers=2) == [repr(rules)] * 2)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(rules / "spawned_rule.py"), str(rules)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=300,
    )
    assert (done.returncode, done.stdout) == (0, "True\n"), done.stderr


def test_the_help_says_a_house_rule_file_is_code() -> None:
    done = run_mus(ROOT, "demo", "--help")
    words = " ".join(done.stdout.split())
    assert "runs as Python code with your rights" in words
    assert "mus check and mus replay never run code from a record" in words
