"""Every name a public module exports (its ``__all__``) appears in the API reference.

The reference is docs/api/: one page a public module or package, written with autodoc
directives. This test reads those directives without building the docs and works out
what autodoc documents from them, as autodoc decides it (sphinx.ext.autodoc's member
filter): ``automodule`` with ``:members:`` takes the module's ``__all__`` (or the listed
names), less ``:exclude-members:``, and keeps a member only if it has a docstring of its
own (a value's docstring is its type's, so a constant needs a ``#:`` comment or a string
after its assignment, in the module the directive documents) or ``:undoc-members:`` is
given; ``autoclass``, ``autofunction``, ``autodata`` and ``autoexception`` document their
object. A name counts as documented when the same object is documented under any module
(a class re-exported by the package is documented once, where the reference puts it); a
constant must keep its name too.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pathlib
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import mus

_INSTALLED = {name: importlib.util.find_spec(name) is not None for name in ("numpy", "gymnasium", "pettingzoo")}
OPTIONAL = {
    "mus.odds": _INSTALLED["numpy"],
    "mus.batch": _INSTALLED["numpy"],
    "mus.advise": _INSTALLED["numpy"],
    "mus.tournament": _INSTALLED["numpy"],
    "mus.cli": _INSTALLED["numpy"],
    "mus.ai": all(_INSTALLED.values()),
}
"""The packages that need an extra, and whether it is installed: without it they do not
import, and their names are not checked (CI installs every extra)."""

ROOT = pathlib.Path(__file__).resolve().parent.parent
API = ROOT / "docs" / "api"
SRC = ROOT / "src"

DIRECTIVE = re.compile(r"^\.\. (auto\w+):: *(\S+)[ \t]*\n((?:(?:[ \t]+\S.*)?\n)*)", re.M)
OPTION = re.compile(r"^[ \t]+:([\w-]+):(.*(?:\n[ \t]{5,}\S.*)*)", re.M)


def public_modules() -> Iterator[str]:
    """Every module of the package whose dotted name has no private part, as the
    hostile-value table finds them; those of an extra not installed are left out."""
    import pkgutil

    yield "mus"
    for info in pkgutil.walk_packages(mus.__path__, "mus."):
        name = info.name
        if any(part.startswith("_") for part in name.split(".")):
            continue
        if any((name + ".").startswith(package + ".") and not installed for package, installed in OPTIONAL.items()):
            continue
        yield name


def assigned(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in assigned(element)]
    return []


@cache
def attribute_docs(module: str) -> frozenset[str]:
    """The module-level names documented in ``module``'s source, as autodoc's analyzer
    finds them: a ``#:`` comment on the lines just above the assignment, or on its line,
    or a string right after it."""
    path = pathlib.Path(importlib.import_module(module).__file__ or "")
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    documented: set[str] = set()
    body = ast.parse(source).body
    for index, statement in enumerate(body):
        if isinstance(statement, ast.Assign):
            targets = [name for target in statement.targets for name in assigned(target)]
        elif isinstance(statement, ast.AnnAssign):
            targets = assigned(statement.target)
        else:
            continue
        following = body[index + 1] if index + 1 < len(body) else None
        string_after = (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        )
        above = lines[statement.lineno - 2].strip() if statement.lineno > 1 else ""
        comment = above.startswith("#:") or "#: " in lines[statement.lineno - 1]
        if string_after or comment:
            documented.update(targets)
    return frozenset(documented)


def has_doc(module: str, name: str, value: Any) -> bool:
    # sphinx.ext.autodoc: a docstring equal to its type's is inherited, not the member's.
    doc = inspect.getdoc(value)
    own = bool(doc) and doc != getattr(type(value), "__doc__", None)
    return own or name in attribute_docs(module)


def directives(text: str) -> Iterator[tuple[str, str, dict[str, str]]]:
    for match in DIRECTIVE.finditer(text):
        options = {key: " ".join(value.split()) for key, value in OPTION.findall(match.group(3))}
        yield match.group(1), match.group(2), options


def names(value: str) -> list[str]:
    return [name.strip() for name in value.split(",") if name.strip()]


def module_named(target: str) -> Any:
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError:
        pytest.fail(f"docs/api/ documents {target}, which is no module (renamed or made private?)")


def documented_in(text: str) -> Iterator[tuple[str, str, Any]]:
    """(module, name, object) for each module-level object the directives document."""
    for kind, target, options in directives(text):
        if kind == "automodule":
            if "members" not in options:
                continue
            module = module_named(target)
            listed = names(options["members"])
            exported = listed or list(getattr(module, "__all__", ()))
            excluded = set(names(options.get("exclude-members", "")))
            for name in exported:
                value = getattr(module, name)
                if name in excluded:
                    continue
                if "undoc-members" in options or has_doc(target, name, value):
                    yield target, name, value
        elif kind in ("autoclass", "autofunction", "autodata", "autoexception"):
            module_name, _, name = target.rpartition(".")
            yield module_name, name, getattr(module_named(module_name), name)


def reference() -> list[tuple[str, str, Any]]:
    found: list[tuple[str, str, Any]] = []
    for page in sorted(API.glob("*.rst")):
        found += documented_in(page.read_text(encoding="utf-8"))
    return found


def missing_names(documented: list[tuple[str, str, Any]]) -> list[str]:
    by_identity = {id(value) for _, _, value in documented if inspect.isclass(value) or callable(value)}
    by_name = {(name, id(value)) for _, name, value in documented}
    missing = []
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.ismodule(value):
                continue  # a submodule: its own page or section documents it
            if id(value) in by_identity or (name, id(value)) in by_name:
                continue
            missing.append(f"{module_name}.{name}")
    return missing


def test_every_exported_name_is_in_the_api_reference() -> None:
    missing = missing_names(reference())
    assert not missing, f"{len(missing)} exported names are not in docs/api/: " + ", ".join(missing)


def test_every_public_module_has_its_place_in_the_reference() -> None:
    # One page a public module or package: a module is documented on its own page or on
    # its package's, and the index lists every page.
    modules = {target for page in API.glob("*.rst") for kind, target, _ in directives(page.read_text("utf-8"))}
    pages = {page.stem for page in API.glob("*.rst")} - {"index"}
    index = (API / "index.rst").read_text(encoding="utf-8")
    for page in pages:
        assert re.search(rf"^\s+{re.escape(page)}$", index, re.M), f"docs/api/index.rst does not list {page}"
    for module in public_modules():
        if module == "mus":
            continue
        assert module in modules, f"{module} has no automodule in docs/api/"
        top = module.split(".")[1]
        assert top in pages, f"{module} has no page docs/api/{top}.rst"


def test_the_check_catches_a_name_left_out() -> None:
    # The check reads what autodoc reads: a name dropped from a directive's list, or a
    # constant without its documentation comment, is reported missing.
    documented = reference()
    dropped = [entry for entry in documented if not (entry[0] == "mus.cards" and entry[1] == "Deck")]
    assert "mus.cards.Deck" in missing_names(dropped)
    assert "mus.Deck" in missing_names(dropped)
    # mus.lances re-exports JUEGO_ORDERS, whose documentation is in mus.ranking's source.
    text = ".. automodule:: mus.lances\n   :members: winner, JUEGO_ORDERS\n"
    assert [name for _, name, _ in documented_in(text)] == ["winner"]
    text = ".. automodule:: mus.lances\n   :members: winner, JUEGO_ORDERS\n   :undoc-members:\n"
    assert [name for _, name, _ in documented_in(text)] == ["winner", "JUEGO_ORDERS"]
    text = ".. automodule:: mus.ranking\n   :members: JUEGO_ORDERS\n"
    assert [name for _, name, _ in documented_in(text)] == ["JUEGO_ORDERS"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (".. automodule:: mus.hand\n", []),
        (".. automodule:: mus.hand\n   :members:\n   :exclude-members: RANK_MULTISETS\n", ["HAND_SIZE", "Hand"]),
        (".. autodata:: mus.hand.RANK_MULTISETS\n   :no-value:\n", ["RANK_MULTISETS"]),
    ],
)
def test_directives_read_as_autodoc_reads_them(text: str, expected: list[str]) -> None:
    assert sorted(name for _, name, _ in documented_in(text)) == sorted(expected)
