"""What the command-line commands share about their arguments: the one-line error, the
whole-number argument type and the checks made before a run (``makao`` and ``makao ladder``)."""

from __future__ import annotations

import argparse
import errno
import os
import re
import shutil
import stat
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, Final, TextIO, TypeVar

from makao._extras import figure_file, install_line
from makao._text import shown
from makao.errors import MakaoError

T = TypeVar("T")

NO_MATPLOTLIB = f"--plot needs matplotlib, the plot extra: {install_line('plot')}"
"""The error for ``--plot`` without the plot extra."""


SHOWN = 200
"""The most characters of a value (a path, a module name) a one-line error repeats."""

MAX_ACTIONS_LIMIT = 10_000_000
"""The largest ``--max-actions`` (``makao simulate``, ``compare``, ``ladder``)."""


class Stdout:
    """The type of `STDOUT`: an output option given as ``-``."""

    def __str__(self) -> str:
        return "-"


STDOUT: Final = Stdout()
"""An output option's value ``-`` (`output_path`): stdout, the output printed in place of
the table. Told apart from a path, which `Path` would normalise (``./-`` to ``-``)."""


def file_path(text: str) -> Path:
    """An argument type: a file's path, which is never empty (`Path` would read ``""`` as
    ``.``, the current directory, and an error would name that)."""
    if not text:
        raise argparse.ArgumentTypeError("an empty path names no file")
    return Path(text)


def output_path(text: str) -> Path | Stdout:
    """An output option's value (``--json``, ``--csv``, ``--plot``): `STDOUT` for exactly
    ``-``, else the path (`file_path`; ``./-`` is a file named ``-``)."""
    return STDOUT if text == "-" else file_path(text)


class UsageError(Exception):
    """A bad argument: reported in one line (``makao: error: …``), exit status 2."""


class StdoutError(Exception):
    """A write to stdout that failed (a full disk, a closed stdout): the command's results
    are lost. Reported in one line (``makao: error: write error on stdout: …``), exit status
    2. Not an `OSError`: no ``except OSError`` on the way (argparse printing its help, a
    check that tries a file) takes it for its own."""


class GuardedStdout:
    """``sys.stdout`` while a command runs (`makao.cli.main`): what it writes goes to
    ``stream``, and a write or flush that fails with an `OSError` or a `ValueError` (a full
    disk, a stream closed meanwhile) raises a `StdoutError`; so does every write when
    ``stream`` is ``None`` (Python's stdout when it was closed: ``>&-``). A
    `BrokenPipeError` (a reader that stopped early, ``| head``) passes as it is. Anything
    else is ``stream``'s own."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        """Write ``text`` to the stream; a failure is a `StdoutError`."""
        try:
            if self.stream is None:
                raise OSError(errno.EBADF, os.strerror(errno.EBADF))
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise _write_error(error) from None

    def flush(self) -> None:
        """Flush the stream; a failure is a `StdoutError`."""
        try:
            if self.stream is not None:
                self.stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            raise _write_error(error) from None

    def __getattr__(self, name: str) -> Any:
        """The stream's ``name``, for what the guard lacks (``encoding``, ``isatty`` …). Never
        ``stream`` itself (not set yet while a copy is made) nor a special name: those are
        the guard's own protocols (before Python 3.11 objects have no ``__getstate__``, and
        ``copy.copy`` would take the stream's)."""
        if name == "stream" or name.startswith("__"):
            raise AttributeError(name)
        if self.stream is None:
            raise AttributeError(f"stdout is closed: no {name}")
        return getattr(self.stream, name)


def _write_error(error: OSError | ValueError) -> StdoutError:
    """The `StdoutError` of a failed write: the system's reason (``No space left on
    device``), or the error's text (``I/O operation on closed file.``)."""
    reason = (error.strerror if isinstance(error, OSError) else None) or str(error)
    return StdoutError(f"write error on stdout: {reason or type(error).__name__}")


def stdout_closed() -> bool:
    """Whether stdout was closed when the process started (``>&-``): Python's
    ``sys.stdout`` is ``None``, or the `GuardedStdout` in its place holds none."""
    out: object = sys.stdout
    return out is None or (isinstance(out, GuardedStdout) and out.stream is None)


OUTPUT_FAILURES: Final = (StdoutError, BrokenPipeError)
"""Failures to write the results to stdout (a full disk, a reader gone: ``| head``), which
user code run on the way (an ``--import`` module, a factory printing) may meet first: said
as what they are (`makao.cli.main`), never as that code's own failure."""


def user_code(
    what: str,
    build: Callable[[], T],
    passing: tuple[type[BaseException], ...] = (MakaoError,),
) -> T:
    """``build()`` (a variant or bot from its spec); a failure of the user's own code that
    it runs (a registered factory with a bug, a file it cannot read) is a `UsageError`
    naming ``what`` and the error in one line. The library's own errors pass as they are,
    and so do the ``passing`` ones and `OUTPUT_FAILURES`."""
    try:
        return build()
    except passing + OUTPUT_FAILURES:
        raise
    except Exception as error:
        raise UsageError(f"{what}: {type(error).__name__}: {short(error)}") from None


def whole_number(text: str) -> int:
    """An argument type: any whole number (a seed; a count its command checks), and one too
    long for ``int()`` said to be so."""
    try:
        return _ascii_int(text)
    except ValueError:
        if (digits := digit_count(text)) is not None:
            limit = sys.get_int_max_str_digits()
            raise argparse.ArgumentTypeError(
                f"invalid int value: a number of {digits} digits, more than {limit}"
            ) from None
        raise argparse.ArgumentTypeError(f"invalid int value: {shown(text, 200)}") from None


_WHOLE = re.compile(r"\s*[+-]?(\d+(?:_\d+)*)\s*", re.ASCII)
"""A whole number as ``int()`` reads its text: one sign, underscores between digits (ASCII
digits only, as everywhere in makao: `_ascii_int`)."""


def _ascii_int(text: str) -> int:
    """``int(text)`` for a number written in ASCII digits; a `ValueError` for any other text
    (``int()`` also reads other scripts' digits, ``"１２"``, which makao's texts refuse)."""
    if not text.isascii():
        raise ValueError(text)
    return int(text)


def bounded(least: int, most: int) -> Callable[[str], int]:
    """An argument type: a whole number from ``least`` to ``most``."""

    def parse(text: str) -> int:
        try:
            value = _ascii_int(text)
        except ValueError:
            if (digits := digit_count(text)) is not None:  # whole, but too long for int()
                raise argparse.ArgumentTypeError(
                    f"must be from {least} to {most}, not a number of {digits} digits"
                ) from None
            raise argparse.ArgumentTypeError(f"not a whole number: {shown(text, 200)}") from None
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"must be from {least} to {most}, not {value}")
        return value

    return parse


def digit_count(text: str) -> int | None:
    """The number of digits of ``text`` if it writes a whole number, else ``None``."""
    found = _WHOLE.fullmatch(text)
    return None if found is None else len(found[1].replace("_", ""))


def check_run(args: argparse.Namespace) -> None:
    """Refuse, before any game is played, what would only fail after the run: an output
    file (``--json``, ``--csv``, ``--plot``) that cannot be written, a plot format that cannot
    be drawn, two outputs named the same file (the last written would replace the other),
    or both sent to stdout (`STDOUT`). An output path that names stdout's own file or pipe
    becomes `STDOUT` in ``args``."""
    written: dict[object, str] = {}
    for flag in ("json", "csv", "plot"):
        given: Path | Stdout | None = getattr(args, flag, None)
        if given is None:
            continue
        path = _settled(f"--{flag}", given)
        setattr(args, flag, path)
        target = _file_of(path) if isinstance(path, Path) else STDOUT
        if target is None:  # a device (/dev/null, a terminal): shared freely
            continue
        if target in written:
            named = f"name {short(path)}" if target is not STDOUT else "go to stdout"
            if target is STDOUT and isinstance(given, Path):
                named += f" ({short(given)} is stdout's own file or pipe)"
            raise UsageError(
                f"--{written[target]} and --{flag} both {named}: give each output a file of its own"
            )
        written[target] = flag
    if isinstance(getattr(args, "plot", None), Path):
        _check_plot_format(args.plot)


def _settled(option: str, given: Path | Stdout) -> Path | Stdout:
    """What output ``option`` writes: `STDOUT` for ``-`` or a path naming stdout's own file
    or pipe (`_is_stdout`); a plot's file with the suffix matplotlib adds to a name
    without one (`figure_file`: ``.png``); each checked (`_check_output`), else a
    `UsageError`."""
    if isinstance(given, Path):
        _check_output(option, given)
        path = given
        if option == "--plot" and (drawn := Path(figure_file(path)[0])) != path:
            path = drawn  # what matplotlib writes
            _check_output(option, path)
        if not _is_stdout(path):
            return path
    if option == "--plot":
        own = "" if given is STDOUT else f" {short(given)} is stdout's own file or pipe, and"
        raise UsageError(f"--plot:{own} a plot is drawn to a file, not to stdout")
    if stdout_closed():
        raise UsageError(f"{option} {short(given)}: stdout is closed")
    return STDOUT


def _is_stdout(path: Path) -> bool:
    """Whether ``path`` names the file, pipe or socket that stdout writes to (``/dev/stdout``,
    ``/proc/self/fd/1``, or the file of ``> out.txt``): the output would be overwritten by
    the table, or mixed with it. A device (a terminal, ``/dev/null``) is not: it keeps
    nothing to overwrite."""
    try:
        mine, out = path.stat(), os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no such file; a stdout with no file
        return False
    if not (stat.S_ISREG(out.st_mode) or stat.S_ISFIFO(out.st_mode) or stat.S_ISSOCK(out.st_mode)):
        return False  # a socket too: the system opens no ``/dev/stdout`` of one
    return (mine.st_dev, mine.st_ino) == (out.st_dev, out.st_ino)


def _file_of(path: Path) -> object:
    """What tells the file ``path`` names from another: an existing file's device and
    inode (a hard link or a symbolic one names the same file), else the path resolved;
    ``None`` for what is not a file (a device, a pipe), which two outputs may share."""
    try:
        found = path.stat()
    except OSError:
        return path.resolve()
    if not stat.S_ISREG(found.st_mode):
        return None
    return (found.st_dev, found.st_ino)


def _check_output(option: str, path: Path) -> None:
    """A `UsageError` naming ``option`` and ``path`` unless the run can write ``path``."""
    try:
        if path.is_dir():
            raise UsageError(f"{option} {short(path)}: is a directory, not a file")
        if not path.parent.is_dir():
            raise UsageError(f"{option} {short(path)}: no directory {short(path.parent)}")
        _try_writing(path)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise UsageError(f"{option} {short(path)}: cannot be written ({reason})") from None


def _try_writing(path: Path) -> None:
    """Open ``path`` for writing, as the run will (``os.access`` says yes to root whatever
    the file system does): a new file (a link's missing target too) made exclusively and
    removed again, an existing one opened for appending and written nothing, so that
    nothing is changed or left behind. A pipe or a device is not opened: that may block,
    or end what reads it."""
    try:  # what a link names, followed by the system as the run will (``/dev/stdout``
        # names ``/proc/self/fd/1``, whose target is no path: `Path.resolve` cannot follow it)
        mode: int | None = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        return
    target = path.resolve()  # a link's missing target is made, not the link
    if mode is None:
        try:
            made = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:  # made meanwhile by another: appended to, as an old one
            pass
        else:
            os.close(made)
            with suppress(OSError):  # left empty, it is written over after the run
                target.unlink()
            return
    descriptor = os.open(target, os.O_WRONLY | os.O_APPEND)
    try:
        os.write(descriptor, b"")  # nothing written; a file that takes no text refuses it
    finally:
        os.close(descriptor)


def short(value: object) -> str:
    """A path or a module name in a one-line error: its text as it is, or cut short by
    `shown` when longer than `SHOWN` characters (a path of 100,000 characters)."""
    text = str(value)
    return text if len(text) <= SHOWN else shown(text, SHOWN)


def _check_plot_format(path: Path) -> None:
    try:
        import matplotlib  # first: a cached submodule would hide its absence
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise UsageError(NO_MATPLOTLIB) from None
    suffix = path.suffix[1:].lower()
    supported = FigureCanvasBase.get_supported_filetypes()
    if suffix and suffix not in supported:
        known = ", ".join(sorted(supported))
        raise UsageError(f"--plot {short(path)}: cannot draw .{suffix} files (formats: {known})")
    if suffix == "pgf":  # matplotlib draws pgf through a TeX program it runs
        tex = str(matplotlib.rcParams["pgf.texsystem"])
        if shutil.which(tex) is None:
            raise UsageError(f"--plot {short(path)}: .pgf files need {tex}, which is not installed")
