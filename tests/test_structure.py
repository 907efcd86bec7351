"""The package's shape: it reads bottom-up with no import circle, no module reaches
into another's private names, ``import mus`` loads only the core, and files read in
one sitting; and no test measures time.

The import graph is read here from the source itself, independently of import-linter
(which CI runs on the layers contract in ``pyproject.toml``): every ``import`` and
``from ... import`` counts, at module level, under ``if TYPE_CHECKING:`` and inside
functions alike, since a lazy import that dodges a circle is still a circle.
"""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys
from collections.abc import Iterator

import pytest

SRC = pathlib.Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "mus"

MAX_LINES = 750
"""No file over about 700 lines: a module reads in one sitting."""

OPTIONAL = ("mus.individuel", "mus.bots", "mus.odds", "mus.advise", "mus.tournament", "mus.ai", "mus.batch", "mus.cli")
"""What ``import mus`` must not load: each loads when first named."""


def module_files() -> dict[str, pathlib.Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = module_files()


def resolve(name: str) -> str | None:
    """The package module that importing ``name`` names: ``name`` itself, or the
    longest module it lies in (``mus.lances.Lance`` is ``mus.lances``)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in MODULES:
            return candidate
        parts.pop()
    return None


def source_of(module: str) -> str:
    return MODULES[module].read_text(encoding="utf-8")


def imports(module: str, source: str | None = None) -> Iterator[tuple[int, str, str | None]]:
    """Every import in ``module``'s source: ``(line, module imported, name taken)``,
    where the name is ``None`` for a plain ``import``; wherever the import stands."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source_of(module) if source is None else source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                if submodule in MODULES:
                    yield node.lineno, submodule, None
                else:
                    yield node.lineno, base, alias.name


def graph() -> dict[str, set[str]]:
    """The package's import graph: each module and the package modules it imports."""
    edges: dict[str, set[str]] = {module: set() for module in MODULES}
    for module in MODULES:
        for _, imported, _name in imports(module):
            target = resolve(imported)
            if target is not None and target != module:
                edges[module].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm):
    each is a set of modules that import each other in a loop."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for target in sorted(edges[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in on_stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_the_graph_sees_every_kind_of_import() -> None:
    # The checker itself: a TYPE_CHECKING import and a function-local one are edges.
    assert "mus.legal" in graph()["mus.state"]
    source = ast.parse("if TYPE_CHECKING:\n    from mus.state import X\ndef f():\n    import mus.cli\n")
    kinds = {type(node).__name__ for node in ast.walk(source) if isinstance(node, (ast.Import, ast.ImportFrom))}
    assert kinds == {"Import", "ImportFrom"}
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_the_package() -> None:
    assert circles(graph()) == []


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(module: str, source: str | None = None) -> Iterator[str]:
    """Where ``module`` takes a private name of another package module: an import of
    it, an attribute of an imported module (``notation._hand_data``), or an attribute
    of a class imported from one (``Hand._trusted``)."""
    aliases: dict[str, str] = {}  # a local name bound to a package module
    borrowed: dict[str, str] = {}  # a local name bound to a class or function of one
    source = source_of(module) if source is None else source
    for line, imported, name in imports(module, source):
        target = resolve(imported)
        if target is None or target == module:
            continue
        if name is not None and private(name):
            yield f"{module}:{line} imports {target}.{name}"
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            for alias in node.names:
                if f"{node.module}.{alias.name}" in MODULES:
                    aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                elif resolve(node.module) not in (None, module):
                    borrowed[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname and alias.name in MODULES:
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            owner = dotted(node.value, aliases)
            if owner is not None and owner in MODULES and owner != module:
                yield f"{module}:{node.lineno} reads {owner}.{node.attr}"
            elif isinstance(node.value, ast.Name) and node.value.id in borrowed:
                # A private attribute of a class imported from another module
                # (``Hand._trusted``): the class's module keeps it to itself.
                yield f"{module}:{node.lineno} reads {borrowed[node.value.id]}.{node.attr}"


def dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The module an expression names (``mus.notation``, or an alias of one), if any."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id, node.id if node.id == "mus" else None)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, aliases)
        return None if base is None else f"{base}.{node.attr}"
    return None


def test_the_private_check_sees_every_way_in() -> None:
    # The checker itself, on a module that breaks the rule three ways (and keeps it twice).
    source = (
        "from mus.cards import _CARD, ALL_CARDS\n"
        "from mus import notation\n"
        "from mus.hand import Hand\n"
        "notation._hand_data, Hand._trusted, Hand.__name__, ALL_CARDS\n"
    )
    found = [use.split(" ", 1)[1] for use in private_uses("mus.bots", source)]
    assert sorted(found) == ["imports mus.cards._CARD", "reads mus.hand.Hand._trusted", "reads mus.notation._hand_data"]
    assert not private("__version__")


def test_no_module_uses_another_modules_private_names() -> None:
    found = [use for module in sorted(MODULES) for use in private_uses(module)]
    assert found == []


def test_files_read_in_one_sitting() -> None:
    long = {
        str(path.relative_to(SRC)): count
        for path in MODULES.values()
        if (count := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert long == {}


TESTS = pathlib.Path(__file__).resolve().parent

CLOCKS = {
    "time": {
        f"{name}{ns}"
        for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time", "clock_gettime")
        for ns in ("", "_ns")
    },
    "datetime": {"now", "utcnow", "today"},
    "datetime.datetime": {"now", "utcnow", "today"},
    "datetime.date": {"today"},
    "os": {"times"},
    "resource": {"getrusage"},
}
"""The clocks, by module: the calls that tell how much time passed."""

CLOCK_EXEMPT = {
    ("fuzz.py", "main"): "the long fuzzer's command line says how long its run took; no test reads it",
}
"""Where a test file may read a clock, and why: no test asserts a time."""


def clock_reads(source: str) -> Iterator[tuple[str, int, str]]:
    """Where ``source`` reads a clock: ``(enclosing function, line, clock)``. A test
    that measures time fails under load and passes a slow change on a fast machine;
    tests count work instead (tests/work.py), and wait by timeouts and polls."""
    aliases: dict[str, str] = {}  # a local name bound to a clock's module
    found: list[tuple[str, int, str]] = []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "timeit":
                    found.append((function, node.lineno, "timeit"))
                if alias.name in CLOCKS:
                    aliases[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            for alias in node.names:
                qualified = f"{node.module}.{alias.name}"
                if node.module == "timeit" or alias.name in CLOCKS.get(node.module, ()):
                    found.append((function, node.lineno, qualified))
                elif qualified in CLOCKS:
                    aliases[alias.asname or alias.name] = qualified
        elif isinstance(node, ast.Attribute):
            owner = clock_module(node.value, aliases)
            if owner is not None and node.attr in CLOCKS.get(owner, ()):
                found.append((function, node.lineno, f"{owner}.{node.attr}"))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(ast.parse(source), "")
    yield from found


def clock_module(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """The clock's module an expression names (``time``, ``datetime.datetime``, an alias)."""
    if isinstance(node, ast.Name):
        return aliases.get(node.id)
    if isinstance(node, ast.Attribute):
        base = clock_module(node.value, aliases)
        return None if base is None else f"{base}.{node.attr}"
    return None


def test_the_clock_check_sees_every_way_in() -> None:
    # The checker itself, on a test that times a call four ways (and sleeps, which is no clock).
    source = (
        "import time, timeit\n"
        "import datetime as dt\n"
        "from time import perf_counter as clock\n"
        "def test_fast():\n"
        "    started = time.monotonic()\n"
        "    time.sleep(0.1)\n"
        "    assert time.monotonic() - started < 5 and clock() and dt.datetime.now()\n"
    )
    found = [(function, line, clock) for function, line, clock in clock_reads(source)]
    assert found == [
        ("", 1, "timeit"),
        ("", 3, "time.perf_counter"),
        ("test_fast", 5, "time.monotonic"),
        ("test_fast", 7, "time.monotonic"),
        ("test_fast", 7, "datetime.datetime.now"),
    ]


def test_no_test_measures_time() -> None:
    found = [
        f"tests/{path.relative_to(TESTS)}:{line} ({function or 'module'}) reads {clock}"
        for path in sorted(TESTS.rglob("*.py"))
        for function, line, clock in clock_reads(path.read_text(encoding="utf-8"))
        if (str(path.relative_to(TESTS)), function) not in CLOCK_EXEMPT
    ]
    assert found == [], "a test counts work (tests/work.py) rather than timing it: " + "; ".join(found)


def loaded_by(statement: str) -> set[str]:
    """The package's modules loaded by running ``statement`` in a fresh interpreter."""
    code = f"import sys\n{statement}\nprint('\\n'.join(m for m in sys.modules if m == 'mus' or m.startswith('mus.')))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def test_import_mus_loads_only_the_core() -> None:
    loaded = loaded_by("import mus")
    assert "mus.reducer" in loaded and "mus.match" in loaded
    assert sorted(m for m in loaded if m.startswith(OPTIONAL)) == []


@pytest.mark.parametrize("name", ["bots", "data", "individuel", "notation"])
def test_the_rest_loads_when_first_named(name: str) -> None:
    loaded = loaded_by(f"import mus\nmus.{name}")
    assert f"mus.{name}" in loaded
    assert name in dir(__import__("mus"))
