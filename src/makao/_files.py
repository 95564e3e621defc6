"""Output files written whole or not at all (`replacing`)."""

from __future__ import annotations

import os
import secrets
import shutil
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

__all__ = ["replacing"]


@contextmanager
def replacing(path: str | Path) -> Iterator[Path]:
    """Write the file ``path`` whole or not at all: yields a new file beside it, for the
    caller to write by name, which then takes ``path``'s place in one step (`os.replace`);
    if writing fails or is interrupted (a full disk, Ctrl-C), the new file is removed and
    ``path`` is left as it was, never half-written. A link is followed (its target is
    replaced, not the link); an existing file keeps its permissions. What is not a regular
    file (``/dev/null``, a pipe) is yielded itself, to be written in place, and so is a
    file whose directory takes no new files (written in place, as before), and a file one
    may write but not replace (another user's, in a directory such as ``/tmp`` whose sticky
    bit keeps others' files: copied in place once written, as before).

    An `OSError` while writing names ``path`` (``File too large: 'out.csv'``, ``No space
    left on device: '/dev/full'``), never the new file beside it (``Permission denied:
    'out.csv'`` for a read-only one)."""
    name = Path(path)
    try:
        mode: int | None = name.stat().st_mode  # what a link names, as the writer would follow
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        with _naming(name):
            yield name
        return
    target = name.resolve()  # a link's target, made if missing
    try:
        temporary = _new_beside(target, None if mode is None else stat.S_IMODE(mode))
    except OSError:
        with _naming(name):
            yield name  # a directory that takes no new files: written in place
        return
    with _naming(name, temporary, target):  # the new file's error, or the output's as resolved
        try:
            yield temporary
            try:
                os.replace(temporary, target)
            except PermissionError:  # another's file in a sticky directory: written in place
                shutil.copyfile(temporary, target)
                temporary.unlink()
        except BaseException:
            with suppress(OSError):
                temporary.unlink()
            raise


@contextmanager
def _naming(name: Path, *own: Path) -> Iterator[None]:
    """An `OSError` raised inside that names no file (a write to a full device) or one of
    ``own`` names ``name``, the output as given, instead."""
    try:
        yield
    except OSError as error:
        if error.errno is not None and error.filename in (None, *own, *map(str, own)):
            raise OSError(error.errno, error.strerror, str(name)) from None
        raise


def _new_beside(target: Path, mode: int | None) -> Path:
    """A new, empty, hidden file in ``target``'s directory (made exclusively: never another's),
    with the permissions ``mode`` (an existing file's), else those a new file gets."""
    for _ in range(100):
        temporary = target.with_name(f".{target.name[:100]}.{secrets.token_hex(4)}.tmp")
        try:
            made = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        os.close(made)
        if mode is not None:
            with suppress(OSError):
                os.chmod(temporary, mode)
        return temporary
    raise FileExistsError(f"no free temporary name beside {target}")
