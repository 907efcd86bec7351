"""Loading the Python code a user names: a module by its name, or a ``.py`` file by its
path. Such code runs with the rights of the process: the library loads it only when
asked in so many words (``--house-rules``, :func:`mus.rules.load_house_rules`), never
because a record names it.

A file is imported by its path, under its name; its folder goes last on the import
path (so that the file's own imports find the modules beside it, and worker processes
find the file), never first: a ``numpy.py`` beside it does not replace numpy, and a
file named like a module found anywhere on the path is refused unrun. Whatever the
code raises while it runs, ``SystemExit`` included, is one :class:`~mus.MusError`
line that names what was loaded.

>>> load_module("json").__name__
'json'
>>> load_module("/nonexistent/rules.py", "house rules")
Traceback (most recent call last):
...
mus.errors.MusError: cannot load house rules from '/nonexistent/rules.py': no such file
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types

from mus.errors import MusError, quoted

__all__ = ["load_module"]


def load_module(source: str, what: str = "code", error: type[MusError] = MusError) -> types.ModuleType:
    """The module that ``source`` names, imported: a module name (``"mypkg.rules"``),
    found on the path or in the working directory, or the path of a ``.py`` file.
    ``what`` names what is loaded in the messages, raised as ``error``."""
    if not isinstance(source, str) or not source.strip():
        raise error(
            f"{what} come from a module name like 'mypkg.rules' or a file like 'my_rules.py', got {quoted(source)}"
        )
    named = quoted(source, 200)  # a path whole, as long as a path usually is
    try:
        if source.endswith(".py") or "/" in source or os.sep in source:
            return _load_file(source, f"cannot load {what} from {named}", error)
        if os.getcwd() not in sys.path and "" not in sys.path:
            sys.path.append(os.getcwd())  # the working directory, as `python -m` has it
        return importlib.import_module(source)
    except (KeyboardInterrupt, MusError):
        raise
    except SystemExit as stop:  # the code's sys.exit() must not end the program, silently
        said = f"it called sys.exit({'' if stop.code is None else quoted(stop.code, 60)})"
    except BaseException as failure:  # whatever the code raises: one clear line
        said = quoted(str(failure) or type(failure).__name__, 200)[1:-1]
    raise error(f"cannot load {what} from {named}: {said}") from None


def _load_file(source: str, cannot: str, error: type[MusError]) -> types.ModuleType:
    path = os.path.realpath(source)
    if not os.path.isfile(path):
        raise error(f"{cannot}: no such file")
    folder, file = os.path.split(path)
    name = file[:-3] if file.endswith(".py") else ""
    if not name.isidentifier():
        raise error(f"{cannot}: name the file like my_rules.py")
    module = sys.modules.get(name)
    if module is None:
        # Another module of that name would be imported, by name, in its place: by a
        # worker process, or by anything that imports it (a numpy.py is not numpy).
        found = importlib.util.find_spec(name)
        where = None if found is None else found.origin
        if where is not None and os.path.realpath(where) != path:
            raise error(f"{cannot}: a module named {name!r} is found at {where} already; rename the file")
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None  # a .py file's, always
        module = sys.modules[name] = importlib.util.module_from_spec(spec)
        added = folder not in sys.path
        if added:
            sys.path.append(folder)
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[name]
            if added:
                sys.path.remove(folder)
            raise
    where = getattr(module, "__file__", None)
    if where is None or os.path.realpath(where) != path:
        raise error(
            f"{cannot}: a module named {name!r} is imported from {where or 'elsewhere'} already; rename the file"
        )
    return module
