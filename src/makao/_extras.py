"""The error for a feature whose optional extra (a third-party package) is not installed,
and the files matplotlib draws to (`figure_file`, `save_figure`)."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path
from typing import Any

from makao._files import replacing

__all__ = ["figure_file", "install_line", "missing_extra", "pyplot", "save_figure"]


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
    suffix names; without one, matplotlib's default format, whose suffix is added to a
    file's name: `figure_file`), but whole or not at all (`replacing`): a failed or
    interrupted save leaves no part of a file. What is not a regular file (a pipe, a
    device) gets the figure drawn whole first, then written."""
    name, form = figure_file(path)
    with replacing(name) as written:
        if not _special(name):
            figure.savefig(written, format=form)
            return
        drawn = io.BytesIO()  # a pipe: drawn first, as most formats seek in their file
        figure.savefig(drawn, format=form)
        written.write_bytes(drawn.getvalue())


def figure_file(path: str | Path) -> tuple[str, str]:
    """The file ``Figure.savefig`` writes for ``path``, and the format it draws there: the
    one its suffix names; without one (``plot``, ``plot.``), matplotlib's default format
    (``savefig.format``: ``png`` unless configured, or without matplotlib), whose suffix is
    added (``plot.png``), unless ``path`` names what is not a regular file (``/dev/null``, a
    pipe such as ``>(cat)``'s ``/dev/fd/63``): that is written as it is named. The command
    line checks and compares this file before any game is played
    (`makao._arguments.check_run`); `save_figure` writes it."""
    name = str(path)
    form = os.path.splitext(name)[1][1:]
    if form:
        return name, form
    try:
        import matplotlib
    except ImportError:  # said by the caller that draws (`pyplot`, the command's check)
        form = "png"
    else:
        form = str(matplotlib.rcParams["savefig.format"])
    return (name if _special(name) else f"{name.rstrip('.')}.{form}"), form


def _special(name: str) -> bool:
    """Whether ``name`` names what is there but is neither a regular file nor a directory:
    a device, a pipe (followed through links, as a writer would follow them). A directory
    is no file to draw into: ``savefig`` adds the suffix to its name."""
    try:
        mode = os.stat(name).st_mode
    except (OSError, ValueError):  # no such file (yet), a name no file can have
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))
