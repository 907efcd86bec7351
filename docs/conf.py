"""Sphinx configuration for the mus-rules documentation.

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html`` and check
the pages' examples with ``python -m sphinx -W -b doctest docs docs/_build/doctest``.
No extension reaches the network (no intersphinx): the build works offline.
"""

from __future__ import annotations

import doctest
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

# --- nitpicky references (-n): types of other projects have no target here, since the
# build stays offline (no intersphinx); every reference to the library's own resolves.
# The Mus individuel's HandState and LegalActions share their short names with the
# four-card game's: such a reference resolves to one of them, which is all it can do.
suppress_warnings = ["ref.python"]
nitpick_ignore_regex = [
    (r"py:.*", r"(np|numpy|NDArray|ArrayLike|npt|Array)(\..*)?"),
    (r"py:.*", r"(gymnasium|pettingzoo|pyspiel|ray|matplotlib|argparse|collections\.abc|typing|random)\..*"),
    (r"py:.*", r"(Seed|mus\.odds\.parallel\.[TR]|mus\.checks\.T)"),
    (r"py:.*", r"(enum|pathlib|os)\..*"),
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
# (mus.rules.Rules), while docstrings and pages often write the public spelling
# (:class:`mus.Rules`, :func:`mus.apply`). Resolve those to the defining module's
# entry instead of leaving them as plain text. Nothing else is touched.


def _resolve_reexport(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    name = target[len("mus.") :] if target.startswith("mus.") else target
    head = name.split(".", 1)[0]
    if head not in getattr(mus, "__all__", ()):
        return None
    defined_in = getattr(getattr(mus, head), "__module__", None)
    domain = env.get_domain("py")
    candidates = [f"{defined_in}.{name}"] if defined_in and defined_in.startswith("mus.") else []
    candidates += [f"{module}.{name}" for module in sorted(env.domaindata["py"]["modules"])]
    for full in candidates:
        if full in domain.objects:
            return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], full, node, contnode)
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
