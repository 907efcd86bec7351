"""Test-suite settings: Hypothesis profiles, and a guard for runs against the wheel.

Hypothesis profiles, chosen by ``HYPOTHESIS_PROFILE`` (default ``ci`` when ``CI`` is
set, as on CI hosts and in ``.ci/run``, else ``dev``):

* ``ci``: derandomised, so every run tries the same examples and a failure in CI fails
  again on the next run and on a developer's machine with the same profile; no
  deadline (shared runners are slow); the failing example is printed with a
  ``@reproduce_failure`` blob to replay it exactly. Hypothesis forbids an example
  database with ``derandomize=True``: the derandomised run itself is the replay.
* ``dev``: random examples, with the example database in ``.hypothesis/examples``, so
  a failure found locally is tried first on the next run; also prints the blob.
* ``thorough``: ``dev`` with ten times the examples, for hunting bugs by hand
  (``HYPOTHESIS_PROFILE=thorough python -m pytest``).

Tests that set ``max_examples`` themselves keep their number under every profile.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import signal
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The hostile-value table's helper modules (hostile_*.py) import each other by name.
# Under --import-mode=importlib (the run against the installed wheel) the tests'
# directory is not on sys.path, and --doctest-modules imports those helpers first.
sys.path.insert(0, str(ROOT / "tests"))

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "dev",
    database=DirectoryBasedExampleDatabase(str(ROOT / ".hypothesis" / "examples")),
    print_blob=True,
)
settings.register_profile("thorough", settings.get_profile("dev"), max_examples=1000, deadline=None)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
settings.load_profile(PROFILE)


def pytest_configure(config: pytest.Config) -> None:
    # The command line speaks the locale's language (mus.i18n): the outputs the tests
    # and doctests expect are English, whatever the machine's LANG. tests/test_lang.py
    # asks for the other languages itself.
    os.environ["LANGUAGE"] = "en"
    # A run started in the background by a non-interactive shell (`.ci/run &`) inherits
    # Ctrl-C ignored, and every command the tests start would inherit it in turn: the
    # Ctrl-C tests need what an interactive shell gives, Python's own handler.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # .ci/wheel sets MUS_TEST_INSTALLED: the run must test the installed wheel, and a
    # mus imported from the source tree would hide a broken wheel.
    if os.environ.get("MUS_TEST_INSTALLED"):
        import mus

        where = pathlib.Path(mus.__file__).resolve()
        if where.is_relative_to(ROOT):
            raise pytest.UsageError(f"MUS_TEST_INSTALLED is set but mus was imported from the source tree: {where}")


def _tree_state() -> str | None:
    """The checkout's changes and new files, with their contents' hashes; None outside a git checkout.

    Ignored files (.venv, caches, docs/_build: .gitignore) are left out: writing them is
    legitimate. Hashing the changed and new files catches a test that rewrites a file the
    developer had already changed.
    """
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        return None

    def run(*args: str) -> str | None:
        done = subprocess.run([git, "-C", str(ROOT), *args], capture_output=True, text=True, check=False)
        return done.stdout if done.returncode == 0 else None

    status = run("status", "--porcelain", "--untracked-files=all")
    if status is None:
        return None
    lines = status.splitlines()
    existing = [line for line in lines if (ROOT / line[3:]).is_file()]
    hashes = (run("hash-object", "--", *(line[3:] for line in existing)) or "").split() if existing else []
    hashed = {line: f"{line} {digest[:12]}" for line, digest in zip(existing, hashes, strict=False)}
    return "".join(f"{hashed.get(line, line)}\n" for line in lines)


def pytest_sessionstart(session: pytest.Session) -> None:
    # Tests never write into the checkout (they use tmp_path): the tree is compared at the
    # end of the run. Under xdist the controller alone compares, once for every worker.
    if not hasattr(session.config, "workerinput"):
        session.config.stash[_TREE_BEFORE] = _tree_state()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    before = session.config.stash.get(_TREE_BEFORE, None)
    if before is None:
        return
    after = _tree_state()
    if after is not None and after != before:
        sys.stderr.write(
            "\nthe test run changed the checkout (a test wrote into the tree rather than tmp_path, "
            "or a file was edited during the run):\n"
            + "".join(f"  {line}\n" for line in sorted(set(after.splitlines()) ^ set(before.splitlines())))
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_TREE_BEFORE = pytest.StashKey[str | None]()


def pytest_report_header(config: pytest.Config) -> str:
    import mus

    return f"hypothesis profile: {PROFILE}; mus {mus.__version__} from {pathlib.Path(mus.__file__).parent}"
