"""``python -m makao``: the ``makao`` command ([`makao.cli.main`][makao.cli.main])."""

from __future__ import annotations

import sys

from makao.cli import main

if __name__ == "__main__":
    sys.exit(main())
