"""The README tells a user the truth: its Python runs as written, its install commands
install from the checkout (the package is not on PyPI yet) with extras that exist, its
command tour names every subcommand of the `mus` command and no other, its links lead
to files of the repository, and its set-up commands are the ones CI runs."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
import shlex

import pytest

import mus.cli

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
EXTRAS = set(
    re.findall(r"^(\w+) = \[", PYPROJECT.split("[project.optional-dependencies]\n")[1].split("\n[")[0], flags=re.M)
)


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README, flags=re.S | re.M)
    assert match, f"the README has no section {title!r}"
    return match.group(1)


def shell_lines(text: str) -> list[str]:
    return [line for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S) for line in block.splitlines()]


def marked_command(marker: str) -> str:
    # As .ci/run's readme_command reads it: the first line starting `python3 ` after the marker.
    after = README.split(f"<!-- ci: {marker} -->\n", 1)[1]
    return next(line for line in after.splitlines() if line.startswith("python3 "))


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, "README.md", "exec"), namespace)
        assert "state" in namespace


def test_ci_runs_the_readme_commands() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for marker in ("main command", "test command"):
        assert f"<!-- ci: {marker} -->" in README
        assert f'readme_command "{marker}"' in ci


def test_the_readme_is_short() -> None:
    # For users: the contributors' material (layout, contract, benchmarks) is in CONTRIBUTING.md.
    assert len(README.splitlines()) <= 130
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for topic in ("## Layout", "## The import contract", "## Speed"):
        assert topic in contributing


def test_the_first_install_command_is_one_ci_runs_from_a_fresh_checkout() -> None:
    first = shell_lines(section("Install"))[0].split("#")[0].strip()
    # The main command starts from nothing (a new venv, then the checkout installed), and
    # .ci/run runs it on a fresh clone: the first command a user meets works as written.
    assert marked_command("main command").startswith(first)
    assert first.endswith("pip install .")


def test_every_pip_install_names_the_checkout_and_extras_that_exist() -> None:
    installs = [line.split("#")[0] for line in shell_lines(README) if "pip install" in line]
    assert installs
    for line in installs:
        for command in line.split("&&"):
            words = shlex.split(command)
            if "install" not in words:
                continue
            targets = [word for word in words[words.index("install") + 1 :] if not word.startswith("-")]
            for target in targets:
                match = re.fullmatch(r"\.(?:\[([\w,]+)\])?", target)
                assert match, f"{target!r}: installs from elsewhere than the checkout ({line.strip()})"
                assert set((match.group(1) or "").split(",")) - {""} <= EXTRAS, f"unknown extra in {target!r}"
    # The PyPI name appears only as what will work after the first upload.
    for paragraph in README.split("\n\n"):
        if "pip install mus-rules" in paragraph:
            assert "After the first upload to PyPI" in paragraph


def subcommands() -> set[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        mus.cli.main(["--help"])
    listing = out.getvalue().split("COMMAND\n", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"^    (\w+)", listing, flags=re.M))


def test_the_command_tour_names_every_subcommand() -> None:
    toured = {shlex.split(line.split("#")[0])[1] for line in shell_lines(section("Five minutes with the command"))}
    toured.discard("--lang")
    assert len(subcommands()) >= 9
    assert toured == subcommands()


def test_the_getting_started_page_lists_every_subcommand() -> None:
    page = (ROOT / "docs" / "getting-started.rst").read_text(encoding="utf-8")
    section = page.split("The command line\n----------------\n", 1)[1].split("\n-----", 1)[0]
    listed = set(re.findall(r"^``mus (\w+)", section, flags=re.M))
    assert listed == subcommands()
    words = {9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}
    assert f"has {words.get(len(listed), len(listed))} subcommands" in section


def test_links_lead_to_files_of_the_repository() -> None:
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert len(links) >= 10
    for link in links:
        if not link.startswith("http"):
            assert (ROOT / link).is_file(), f"the README links to {link}, which is not in the repository"
