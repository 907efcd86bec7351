"""``python -m mus``: the ``mus`` command line (see :mod:`mus.cli`)."""

from mus.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
