"""The command's output files at their edges (`makao._files.replacing`, used by every
output, and `makao._extras.save_figure`, by ``--plot``): where the new file beside an
output is made, what an error while writing is said to name, and the names a plot is
saved under."""

from __future__ import annotations

import os
import resource
import secrets
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import makao._files
from makao._extras import figure_file, save_figure
from makao._files import replacing

SRC = str(Path(makao._files.__file__).resolve().parents[1])


def _names(*tokens: str) -> Iterator[str]:
    """``secrets.token_hex`` giving ``tokens`` in turn."""
    yield from tokens


def test_a_temporary_name_already_taken_is_passed_over_not_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The new file beside an output is made exclusively (never another's file), and a
    # name already taken is passed over for the next, not given up on.
    out = tmp_path / "out.csv"
    out.write_text("old", encoding="utf-8")
    theirs = tmp_path / ".out.csv.00000000.tmp"
    theirs.write_text("another's", encoding="utf-8")
    tokens = _names("00000000", "11111111")
    monkeypatch.setattr(secrets, "token_hex", lambda _: next(tokens))
    with replacing(out) as written:
        assert written == tmp_path / ".out.csv.11111111.tmp"
        written.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"
    assert theirs.read_text(encoding="utf-8") == "another's"
    assert sorted(path.name for path in tmp_path.iterdir()) == [theirs.name, "out.csv"]


def test_an_output_with_a_long_name_is_still_replaced_whole(tmp_path: Path) -> None:
    # A name of 250 characters, near the file system's 255: the new file beside it takes
    # only its first 100, so it too can be made (else the output would be written in place).
    out = tmp_path / ("x" * 246 + ".csv")
    with replacing(out) as written:
        assert written != out and written.parent == tmp_path
        assert len(written.name) < 255
        written.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"
    assert [path.name for path in tmp_path.iterdir()] == [out.name]


def test_a_directory_that_takes_no_new_file_has_its_output_written_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A directory where no new file may be made, though its output may be written (as a
    # read-only directory holding a writable file): the output is written in place.
    def refused(target: Path, mode: int | None) -> Path:
        raise PermissionError(13, "Permission denied", str(target.parent))

    monkeypatch.setattr(makao._files, "_new_beside", refused)
    out = tmp_path / "out.json"
    out.write_text("old", encoding="utf-8")
    with replacing(out) as written:
        assert written == out
        written.write_text("new", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new"


def test_an_error_naming_its_own_file_keeps_that_name(tmp_path: Path) -> None:
    # An error while writing that names no file is said to be the output's (`File too
    # large: 'out.csv'`); one that names a file of its own (a file the writer reads) keeps
    # that name, not the output's.
    out = tmp_path / "out.csv"
    with pytest.raises(OSError) as caught, replacing(out):
        raise OSError(27, "File too large")
    assert (caught.value.errno, caught.value.filename) == (27, str(out))
    other = str(tmp_path / "font.ttf")
    with pytest.raises(FileNotFoundError) as missing, replacing(out):
        raise FileNotFoundError(2, "No such file or directory", other)
    assert missing.value.filename == other
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_output_is_written_in_place_and_stays_a_fifo(tmp_path: Path) -> None:
    # What is not a regular file (a FIFO, /dev/null) is yielded itself, never replaced by
    # a regular file.
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with replacing(fifo) as written:
        assert written == fifo
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert [path.name for path in tmp_path.iterdir()] == ["pipe"]


@pytest.mark.parametrize(
    ("given", "saved"), [("plot", "plot.png"), ("plot.", "plot.png"), ("plot.svg", "plot.svg")]
)
def test_a_plot_is_saved_under_the_name_savefig_would_give_it(
    tmp_path: Path, given: str, saved: str
) -> None:
    # As matplotlib's Figure.savefig: a name without a suffix gets the default format's
    # (a trailing dot dropped first), and a suffix names the format.
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    save_figure(Figure(), tmp_path / given)
    assert [path.name for path in tmp_path.iterdir()] == [saved]
    head = (tmp_path / saved).read_bytes()[:64]
    if saved.endswith(".png"):
        assert head.startswith(b"\x89PNG")
    else:
        assert b"<svg" in head or b"<?xml" in head


def test_a_plot_named_as_a_directory_is_saved_beside_it_as_savefig_does(tmp_path: Path) -> None:
    """A plot's name without a suffix that is a directory (``Ladder.plot("out")`` where
    ``out/`` is there): ``out.png`` beside it, as ``Figure.savefig`` writes, for a
    directory is no device or pipe to draw into. Was: an ``IsADirectoryError``, the
    directory taken for the file."""
    (tmp_path / "out").mkdir()
    assert figure_file(tmp_path / "out") == (f"{tmp_path / 'out'}.png", "png")
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    save_figure(Figure(), tmp_path / "out")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out", "out.png"]
    assert (tmp_path / "out.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("name", ["pipe", "pipe.png"])
def test_a_plot_to_a_pipe_is_drawn_into_it_under_its_own_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """``--plot PIPE`` (a FIFO, ``>(cat)``'s ``/dev/fd/63``) with no suffix: the PNG goes
    into the pipe, whole. Was: ``PIPE.png``, a regular file beside it, written instead
    (``/dev/null.png`` made in ``/dev`` for ``--plot /dev/null``, run as root), and a pipe
    named with its suffix refused (``File or stream is not seekable``)."""
    pytest.importorskip("matplotlib")
    import threading

    from makao.cli import main

    fifo = tmp_path / name
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader first: no open blocks
    keeper = os.open(fifo, os.O_WRONLY)  # a writer kept open: no read sees the end early
    os.set_blocking(reader, True)
    received: list[bytes] = []

    def read_all() -> None:
        while chunk := os.read(reader, 1 << 16):
            received.append(chunk)

    thread = threading.Thread(target=read_all, daemon=True)
    thread.start()
    try:
        code = main(["simulate", "--games", "2", "--quiet", "--plot", str(fifo)])
    finally:
        os.close(keeper)
        thread.join(30)
        os.close(reader)
    assert code == 0, capsys.readouterr().err
    assert b"".join(received).startswith(b"\x89PNG")
    assert [path.name for path in tmp_path.iterdir()] == [name]


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="no /dev/null here")
def test_a_device_plot_is_drawn_to_the_device_not_beside_it() -> None:
    """``--plot /dev/null``: the device itself, no suffix added (`figure_file`). Was:
    ``/dev/null.png``, a file made in ``/dev`` when run as root."""
    assert figure_file("/dev/null") == ("/dev/null", figure_file("plot")[1])


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_device_that_fails_a_write_is_named_in_the_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A write to a device that fails (``--csv /dev/full``) names it, as a file's does.
    Was: ``[Errno 28] No space left on device``, naming no file."""
    from makao.cli import main

    code = main(["simulate", "--games", "1", "--quiet", "--csv", "/dev/full"])
    err = capsys.readouterr().err
    assert (code, err) == (2, "makao: error: [Errno 28] No space left on device: '/dev/full'\n")


def _small_files() -> None:  # in the child: files of at most 8 kB (Python ignores SIGXFSZ)
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))


def test_a_json_output_too_big_for_the_disk_leaves_the_old_file(tmp_path: Path) -> None:
    # ``--json``, as ``--csv``, is written whole or not at all: a full disk leaves the old
    # file and no part of a new one, and the error names the file.
    old = tmp_path / "old.json"
    old.write_text("{}", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "makao",
            "simulate",
            "--games",
            "300",
            "--quiet",
            "--json",
            str(old),
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": SRC},
        preexec_fn=_small_files,
        timeout=120,
    )
    assert done.returncode == 2 and done.stdout == "", done.stderr
    assert done.stderr == f"makao: error: [Errno 27] File too large: {str(old)!r}\n"
    assert old.read_text(encoding="utf-8") == "{}"
    assert [path.name for path in tmp_path.iterdir()] == ["old.json"]
