"""Sphinx configuration for the mus-rules documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html`` and check
the pages' examples with ``python -m sphinx -W -b doctest docs docs/_build/doctest``.
No extension reaches the network (no intersphinx): the build works offline.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import re

import attrs

import mus

project = "mus-rules"
author = "The mus-rules developers"
copyright = "The mus-rules developers, MIT licence"
version = mus.__version__
release = mus.__version__

# No sphinx.ext.napoleon: the docstrings are plain reST, and napoleon would read an
# attribute docstring such as "Everyone said mus: seats discard ..." as "type: text".
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "myst_parser",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
language = "en"

# --- autodoc -------------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# The optional extras' modules import what their extra installs. Where it is missing
# (a build with the docs extra alone), autodoc imports them against stand-ins, so that
# every page builds; what is installed is imported for real.
autodoc_mock_imports = [
    name
    for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "torch", "matplotlib", "ray")
    if importlib.util.find_spec(name) is None
]

# --- nitpicky references (-n): types of other projects have no target here, since the
# build stays offline (no intersphinx); every reference to the library's own resolves.
# The Mus individuel's HandState and LegalActions share their short names with the
# four-card game's: such a reference resolves to one of them, which is all it can do.
suppress_warnings = ["ref.python"]
nitpick_ignore_regex = [
    (r"py:.*", r"(np|numpy|NDArray|ArrayLike|npt|Array)(\..*)?"),
    (r"py:.*", r"(gymnasium|pettingzoo|pyspiel|ray|matplotlib|argparse|collections\.abc|typing|random)\..*"),
    (r"py:.*", r"(Seed|mus\.odds\.parallel\.[TR]|mus\.checks\.T)"),
    (r"py:.*", r"(enum|pathlib|os|contextlib|types|attrs)\..*"),
]

# --- doctest (the pages' own examples; the docstrings are run by pytest) -------------
doctest_global_setup = "import mus"
# Only the pages' explicit ``.. doctest::`` blocks run: the ``>>>`` examples that
# autodoc copies from the docstrings are pytest's (they rely on their module's names).
doctest_test_doctest_blocks = ""
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1

# --- MyST (Markdown, used for the changelog) -----------------------------------------
myst_heading_anchors = 3

# --- HTML ----------------------------------------------------------------------------
html_theme = "alabaster"
# _static/custom.css (alabaster loads it): wide code scrolls inside its block instead
# of overflowing the page.
html_static_path = ["_static"]
html_title = f"mus-rules {release}"
html_theme_options = {
    "description": "The rules of Mus, the Basque and Spanish card game, in Python.",
    "fixed_sidebar": True,
}


# --- cross-references to the package's re-exports ---------------------------------
# The API reference documents each name once, in the module that defines it
# (mus.rules.Rules, mus.batch.engine.Batch), while docstrings and pages often write the
# public spelling (:class:`mus.Rules`, :class:`mus.batch.Batch`), and a docstring's
# short names (:func:`check_rules`) are read in the module its object is documented in.
# A reference that finds no entry is resolved to the entry of the same object, if the
# reference names one: first as the package re-exports it, then by identity. Nothing
# else is touched.

_CODE_TYPES = {"class", "exception", "function", "method", "classmethod", "staticmethod", "property"}


def _object_at(path):
    """The object a dotted path names, by attribute first (mus.batch.simulate is the
    function, not its module), else through the longest module it names (a docstring's
    context is a module: mus.batch.simulate.Batch); None if none."""
    parts = path.split(".")
    if parts[0] != "mus":
        return None
    obj = mus
    for part in parts[1:]:
        if not hasattr(obj, part):
            break
        obj = getattr(obj, part)
    else:
        return obj
    for index in range(len(parts), 1, -1):
        try:
            obj = importlib.import_module(".".join(parts[:index]))
        except Exception:
            continue
        for part in parts[index:]:
            if not hasattr(obj, part):
                return None
            obj = getattr(obj, part)
        return obj
    return None


_DOCUMENTED = {}
"""The last index of the documented objects, by build environment, with the count of
entries it was made from (made again when entries were added)."""


def _documented_objects(env):
    # id of each documented object -> its entry (kept alive by the modules that hold them)
    cache = _DOCUMENTED.get(id(env))
    if cache is None or cache[0] != len(env.domaindata["py"]["objects"]):
        by_id, by_name_id = {}, {}
        for full, entry in sorted(env.domaindata["py"]["objects"].items()):
            if entry.objtype == "module" or getattr(entry, "aliased", False):
                continue
            obj = _object_at(full)
            if obj is None:
                continue
            if entry.objtype in _CODE_TYPES:
                by_id.setdefault(id(obj), full)
            by_name_id.setdefault((full.rpartition(".")[2], id(obj)), full)
        cache = (len(env.domaindata["py"]["objects"]), by_id, by_name_id)
        _DOCUMENTED[id(env)] = cache
    return cache[1], cache[2]


def _resolve_reexport(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    domain = env.get_domain("py")

    def resolved(full):
        return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], full, node, contnode)

    name = target[len("mus.") :] if target.startswith("mus.") else target
    head = name.split(".", 1)[0]
    if head in getattr(mus, "__all__", ()):
        defined_in = getattr(getattr(mus, head), "__module__", None)
        candidates = [f"{defined_in}.{name}"] if defined_in and defined_in.startswith("mus.") else []
        candidates += [f"{module}.{name}" for module in sorted(env.domaindata["py"]["modules"])]
        for full in candidates:
            if full in domain.objects:
                return resolved(full)
    context = node.get("py:module") or ""
    klass = node.get("py:class")
    # The target as written, then read in the docstring's class, module and packages.
    paths = [f"{context}.{klass}.{target}"] if context and klass else []
    while context:
        paths.append(f"{context}.{target}")
        context = context.rpartition(".")[0]
    paths.append(target)
    by_id, by_name_id = _documented_objects(env)
    for path in paths:
        obj = _object_at(path)
        if obj is None:
            continue
        full = by_id.get(id(obj)) or by_name_id.get((path.rpartition(".")[2], id(obj)))
        if full:
            return resolved(full)
    return None


def _skip_namedtuple_fields(app, what, name, obj, skip, options):
    # A NamedTuple's fields (mus.state.Betting) carry the generated docstring "Alias
    # for field number N"; the class docstring already says what each field is.
    doc = getattr(obj, "__doc__", None) or ""
    if what == "class" and doc.startswith("Alias for field number"):
        return True
    return None


def _short_defaults(app, what, name, obj, options, signature, return_annotation):
    if not signature:
        return None
    # Deck's default is the whole deck: show its name, not its 40 cards.
    signature = signature.replace(repr(mus.ALL_CARDS), "ALL_CARDS")
    # attrs shows a factory default as NOTHING: show the call (payouts=Payouts()).
    if what == "class" and attrs.has(obj):
        for field in attrs.fields(obj):
            if isinstance(field.default, attrs.Factory) and not field.default.takes_self:
                factory = getattr(field.default.factory, "__name__", "...")
                signature = re.sub(
                    rf"\b({field.alias}(?:: [^=]*?)?) ?= ?NOTHING\b",
                    lambda match, factory=factory: f"{match[1]}{' = ' if ':' in match[1] else '='}{factory}()",
                    signature,
                )
    return signature, return_annotation


def setup(app):
    app.connect("missing-reference", _resolve_reexport)
    app.connect("autodoc-skip-member", _skip_namedtuple_fields)
    app.connect("autodoc-process-signature", _short_defaults)
