"""The error for a feature whose optional extra (a third-party package) is not installed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from makao._files import replacing

__all__ = ["install_line", "missing_extra", "pyplot", "save_figure"]


def install_line(extra: str) -> str:
    """How to install the optional ``extra``: by name once makao is published on the
    package index, or from a checkout (as docs/index.md says; makao is not published yet)."""
    return f"pip install 'makao[{extra}]' once published, or pip install '.[{extra}]' in a checkout"


def missing_extra(error: ModuleNotFoundError, feature: str, extra: str) -> ModuleNotFoundError:
    """The error to raise (``from None``) in place of ``error``, a failed import of a package
    that ``feature`` needs: it names the package, the feature and the extra that installs
    it (`install_line`), and keeps the package's name in ``name``."""
    missing = f"No module named {error.name!r}" if error.name else str(error)
    return ModuleNotFoundError(
        f"{missing}: {feature} needs the {extra} extra: {install_line(extra)}",
        name=error.name,
    )


def pyplot(feature: str) -> Any:
    """matplotlib's ``pyplot``, drawing to files (the Agg backend) for ``feature``; without
    matplotlib, the `missing_extra` error naming the ``plot`` extra."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ModuleNotFoundError as error:
        raise missing_extra(error, feature, "plot") from None
    return plt


def save_figure(figure: Any, path: str | Path) -> None:
    """Save matplotlib's ``figure`` to ``path`` as ``Figure.savefig`` does (the format its
    suffix names; without one, matplotlib's default format, whose suffix is added), but
    whole or not at all (`replacing`): a failed or interrupted save leaves no part of a
    file."""
    import matplotlib

    name = str(path)
    form = os.path.splitext(name)[1][1:]
    if not form:
        form = str(matplotlib.rcParams["savefig.format"])
        name = f"{name.rstrip('.')}.{form}"
    with replacing(name) as written:
        figure.savefig(written, format=form)
