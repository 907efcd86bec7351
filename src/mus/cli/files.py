"""The files a ``mus`` command reads and writes: a failure to read or write one said in
one line, and output written so that nothing a path names is ever replaced by mistake
(``atomic_write``: a regular file replaced whole, a device or a FIFO written
through, anything else refused before any work).

>>> check_writable("/")
Traceback (most recent call last):
...
mus.errors.MusError: cannot write /: Is a directory
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import sys
from collections.abc import Iterator
from typing import IO

from mus import MusError
from mus.i18n import current_language
from mus.i18n import gettext as _

__all__: list[str] = []  # the command's own: mus.cli says what is public


@contextlib.contextmanager
def file_errors(path: str, doing: str) -> Iterator[None]:
    """Turn a failure to read or write ``path`` inside the block into a one-line
    MusError, ``cannot {doing} {path}: {reason}``.

    >>> with file_errors("/nonexistent/history.mus", "write"):
    ...     open("/nonexistent/history.mus", "w")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: cannot write /nonexistent/history.mus: No such file or directory
    """
    templates = {"read": _("cannot read {path}: {reason}"), "write": _("cannot write {path}: {reason}")}
    template = templates.get(doing, f"cannot {doing} {{path}}: {{reason}}")
    try:
        yield
    except OSError as error:
        raise MusError(template.format(path=path, reason=os_reason(error))) from None
    except UnicodeDecodeError:
        raise MusError(template.format(path=path, reason=_("not UTF-8 text"))) from None


def os_reason(error: OSError) -> str:
    """Why the system refused, in the language in use for the usual reasons (a file
    missing, a directory, no permission, a full disk...), else as the system says it.

    >>> os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory"))
    'No such file or directory'
    """
    reasons = {
        errno.ENOENT: _("No such file or directory"),
        errno.EACCES: _("Permission denied"),
        errno.EISDIR: _("Is a directory"),
        errno.ENOTDIR: _("Not a directory"),
        errno.ENOSPC: _("No space left on device"),
        errno.EROFS: _("Read-only file system"),
        errno.EPERM: _("Operation not permitted"),
    }
    if current_language() != "en" and error.errno in reasons and error.strerror == os.strerror(error.errno):
        return reasons[error.errno]
    return str(error.strerror or error)


def saving_help() -> str:
    """What the help of an option that writes a file says of how it writes it
    (:func:`atomic_write`)."""
    return _(
        "a file is replaced whole once written; a device, a FIFO or /dev/stdout is written through;"
        " a directory, a socket or a file with other names (hard links) is refused"
    )


@contextlib.contextmanager
def atomic_write(path: str, newline: str | None = None) -> Iterator[IO[str]]:
    """Write the text file ``path``, in the way what ``path`` names allows
    (:func:`output_kind`; a symbolic link counts as what it points to):

    * a regular file with no other name, or nothing yet: the block writes a new file
      beside it (in the same directory), which takes the name ``path`` when the block
      ends. A reader of ``path`` sees the old file or the whole new one, never part of
      it; an error or Ctrl-C in the block removes the new file and leaves ``path`` as
      it was;
    * a character device (``/dev/null``, a terminal), a FIFO, or one of this process's
      own descriptors (``/dev/stdout``, ``/dev/fd/N``): there is no file to replace,
      so the text is written through, in place, as it comes (after what a descriptor
      holds already); a FIFO waits for a reader;
    * anything else, refused with a one-line MusError that says what ``path`` is: a
      directory, a block device, a socket, or a file with other names (hard links),
      which a new file would part from it.

    Failing to create, open or rename the file is a one-line MusError too
    (:func:`file_errors`).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "match.mus")
    >>> with atomic_write(path) as file:
    ...     _ = file.write("mus-match 1\\n")
    ...     os.path.exists(path)
    False
    >>> open(path).read(), os.listdir(os.path.dirname(path))
    ('mus-match 1\\n', ['match.mus'])
    >>> with atomic_write("/dev/null") as file:
    ...     _ = file.write("nothing kept\\n")
    >>> os.link(path, path + ".bak")
    >>> with atomic_write(path) as file:
    ...     pass
    Traceback (most recent call last):
    ...
    mus.errors.MusError: cannot write .../match.mus: it is a file with 2 names (hard links), which saving would part; save under another name
    >>> import shutil; shutil.rmtree(os.path.dirname(path))
    """
    kind, target = output_kind(path)
    if kind == "through":
        with file_errors(path, "write"):
            file = open(_open_through(path, target), "w", encoding="utf-8", newline=newline)  # noqa: SIM115 - closed below
        with file:
            yield file
            with file_errors(path, "write"):
                file.flush()
        return
    with file_errors(path, "write"):
        try:
            mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = None
        descriptor, temporary = _new_file(target)
    try:
        with file_errors(path, "write"):
            if mode is not None:
                os.chmod(temporary, mode)  # the file replaced keeps its permissions
            file = open(descriptor, "w", encoding="utf-8", newline=newline)  # noqa: SIM115 - closed below
        with file:
            yield file
            with file_errors(path, "write"):
                file.flush()
                os.fsync(file.fileno())  # the data on disk before the name points at it
        # What the name points at may have changed while the block ran: look again.
        if output_kind(path) != (kind, target):
            raise MusError(_("cannot write {path}: it is not a file to save into").format(path=path))
        with file_errors(path, "write"):
            os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def output_kind(path: str) -> tuple[str, str]:
    """How :func:`atomic_write` writes ``path``: ``("replace", file)`` when a new file
    takes the name of ``file`` (``path``, or the file its symbolic links point to),
    ``("through", file)`` when the text goes through into what ``path`` names; else a
    one-line MusError that says what ``path`` names.

    >>> output_kind("/dev/null")
    ('through', '/dev/null')
    >>> output_kind("/")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: cannot write /: Is a directory
    """
    if _descriptor(path) is not None:
        return "through", path
    # Through a symbolic link to the file it names, as open() would write.
    target = os.path.realpath(path)
    with file_errors(path, "write"):
        try:
            found = os.stat(target)
        except FileNotFoundError:
            return "replace", target
    mode = found.st_mode
    if stat.S_ISREG(mode) and found.st_nlink <= 1:
        return "replace", target
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return "through", target
    raise _refusal(path, found)


def _refusal(path: str, found: os.stat_result) -> MusError:
    """Why :func:`atomic_write` does not write ``path``, which is ``found``."""
    mode = found.st_mode
    if stat.S_ISDIR(mode):
        return MusError(_("cannot write {path}: {reason}").format(path=path, reason=os_reason(_IS_A_DIRECTORY)))
    if stat.S_ISREG(mode):
        message = _(
            "cannot write {path}: it is a file with {count} names (hard links), which saving would part;"
            " save under another name"
        )
        return MusError(message.format(path=path, count=found.st_nlink))
    kinds = {
        stat.S_IFBLK: _("cannot write {path}: it is a block device (a disk), not a file to save into"),
        stat.S_IFSOCK: _("cannot write {path}: it is a socket, not a file to save into"),
    }
    message = kinds.get(stat.S_IFMT(mode), _("cannot write {path}: it is not a file to save into"))
    return MusError(message.format(path=path))


_IS_A_DIRECTORY = IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))

_DESCRIPTOR = re.compile(r"/dev/(stdin|stdout|stderr|fd/([0-9]+))|/proc/(self|thread-self|[0-9]+)/fd/([0-9]+)")
"""The names of a process's open descriptors (``/dev/stdout``): written through, as
the shell opened them, rather than replaced by a new file under the name of the file
behind them."""

_STANDARD = {"stdin": 0, "stdout": 1, "stderr": 2}


def _descriptor(path: str) -> tuple[str, int | None] | None:
    """The name of an open descriptor that ``path`` is, or leads to through symbolic
    links, with its number when it is this process's own; ``None`` for any other path."""
    current = os.path.abspath(path)
    for _link in range(40):  # the system's own bound on links followed
        found = _DESCRIPTOR.fullmatch(current)
        if found is not None:
            name, number, process, proc_number = found.groups()
            if process is None:
                return current, _STANDARD[name] if number is None else int(number)
            own = process in ("self", "thread-self") or int(process) == os.getpid()
            return current, int(proc_number) if own else None
        try:
            following = os.readlink(current)
        except (OSError, ValueError):  # not a link (or no such file): the end of the chain
            return None
        current = os.path.normpath(os.path.join(os.path.dirname(current), following))
    return None


def _open_through(path: str, target: str) -> int:
    """A descriptor to write through what ``path`` names (a device, a FIFO, an open
    descriptor), after what it holds: never created, never emptied. One of this
    process's own descriptors is shared (its place in a file too), so that what the
    command prints there and what it saves come in the order it writes them."""
    descriptor = _descriptor(path)
    if descriptor is not None and descriptor[1] is not None:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                if stream is not None and stream.fileno() == descriptor[1]:
                    stream.flush()
        return os.dup(descriptor[1])
    opened = os.open(target, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0))
    found = os.fstat(opened)
    if stat.S_ISBLK(found.st_mode):  # it changed since it was looked at (a directory fails to open)
        os.close(opened)
        raise _refusal(path, found)
    return opened


def check_writable(path: str) -> None:
    """Raise a one-line MusError now if :func:`atomic_write` could not write ``path``
    later (it would refuse what ``path`` names, its directory does not take new files,
    or it cannot be opened for writing): a command that saves at its end checks first.
    Nothing is left behind, and a FIFO is not opened (that would wait for a reader).

    >>> check_writable("/nonexistent/history.mus")
    Traceback (most recent call last):
    ...
    mus.errors.MusError: cannot write /nonexistent/history.mus: No such file or directory
    """
    kind, target = output_kind(path)
    with file_errors(path, "write"):
        if kind == "through":
            if not os.access(target, os.W_OK):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
            return
        descriptor, temporary = _new_file(target)
        os.close(descriptor)
        os.unlink(temporary)


def _new_file(target: str) -> tuple[int, str]:
    """A new file beside ``target``, hidden, under a name nobody else has: created with
    the umask's permissions, as open() creates a file."""
    directory, name = os.path.split(target)
    while True:
        temporary = os.path.join(directory, f".{name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(temporary, _NEW_FILE, 0o666), temporary
        except FileExistsError:
            continue


# O_BINARY (Windows only): the text layer above translates the ends of line, once.
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
