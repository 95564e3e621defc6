"""The command at the process's edges: an output file written whole or not at all (a full
disk, Ctrl-C while writing), ``--import`` read only before the command and never
abbreviated, a closed stderr, and empty paths."""

from __future__ import annotations

import copy
import errno
import io
import os
import resource
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import makao.sim.results
from makao._arguments import GuardedStdout, StdoutError
from makao._files import replacing
from makao.cli import main

SRC = str(Path(makao.sim.results.__file__).resolve().parents[2])
ENV = {**os.environ, "PYTHONPATH": SRC}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _small_files() -> None:  # in the child: files of at most 8 kB (Python ignores SIGXFSZ)
    resource.setrlimit(resource.RLIMIT_FSIZE, (8192, 8192))


def _close_stderr() -> None:  # in the child: as 2>&- does
    os.close(2)


def test_an_output_too_big_for_the_disk_leaves_no_part_of_a_file(tmp_path: Path) -> None:
    # Was: "makao: error: [Errno 27] File too large", naming no file, and out.csv left
    # half-written (its first 8 kB, a row cut short); an old out.csv was lost.
    old = tmp_path / "old.csv"
    old.write_text("old\n", encoding="utf-8")
    command = [sys.executable, "-m", "makao", "simulate", "--games", "300", "--quiet", "--csv"]
    for out in (tmp_path / "new.csv", old):
        done = subprocess.run(
            [*command, str(out)],
            capture_output=True,
            text=True,
            env=ENV,
            preexec_fn=_small_files,
            timeout=120,
        )
        assert done.returncode == 2 and done.stdout == "", done.stderr
        assert done.stderr == f"makao: error: [Errno 27] File too large: {str(out)!r}\n"
    assert old.read_text(encoding="utf-8") == "old\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["old.csv"]  # nothing else


def test_ctrl_c_while_writing_the_outputs_leaves_the_old_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: out.csv half-written by the interrupted run, its old content lost.
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    written = makao.sim.results.SimResult._write_csv

    def interrupted_csv(self: Any, handle: Any) -> None:
        written(self, handle)
        handle.flush()
        raise KeyboardInterrupt

    def interrupted_plot(self: Figure, path: Any, **kwargs: Any) -> None:
        Path(path).write_bytes(b"part of a png")
        raise KeyboardInterrupt

    csv, png = tmp_path / "out.csv", tmp_path / "out.png"
    csv.write_text("old csv\n", encoding="utf-8")
    png.write_bytes(b"old png")
    monkeypatch.setattr(makao.sim.results.SimResult, "_write_csv", interrupted_csv)
    code, out, err = _run(capsys, "simulate", "--games", "2", "--quiet", "--csv", str(csv))
    assert (code, out, err) == (130, "", "makao: interrupted\n")
    monkeypatch.setattr(Figure, "savefig", interrupted_plot)
    code, out, err = _run(capsys, "simulate", "--games", "2", "--quiet", "--plot", str(png))
    assert (code, out, err) == (130, "", "makao: interrupted\n")
    assert csv.read_text(encoding="utf-8") == "old csv\n" and png.read_bytes() == b"old png"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.csv", "out.png"]


def test_a_rewritten_output_keeps_its_permissions_and_a_link_its_target(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out.json"
    out.write_text("{}", encoding="utf-8")
    out.chmod(0o640)
    link = tmp_path / "link.csv"
    link.symlink_to("target.csv")
    code, _, _ = _run(
        capsys, "simulate", "--games", "2", "--quiet", "--json", str(out), "--csv", str(link)
    )
    assert code == 0 and out.stat().st_mode & 0o777 == 0o640
    assert link.is_symlink() and (tmp_path / "target.csv").read_text(encoding="utf-8")


def test_an_abbreviated_import_is_refused_not_ignored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: `makao --imp mine ...` ran without importing mine (the pre-parser reads no
    # abbreviation, the command's parser took --imp for --import): "unknown bot 'mine'".
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "noisy_module_xyz.py").write_text("print('imported')\n", encoding="utf-8")
    code, out, err = _run(capsys, "--imp", "noisy_module_xyz", "variants")
    assert code == 2 and out == "" and err.startswith("makao: error: ")


def test_import_after_the_command_is_refused_without_importing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: the module was imported (its side effects ran) before the command line was refused.
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "noisy_module_abc.py").write_text("print('imported')\n", encoding="utf-8")
    code, out, err = _run(capsys, "bench", "--import", "noisy_module_abc")
    assert (code, out) == (2, "")
    assert err.startswith("makao: error: unrecognized arguments: --import noisy_module_abc ")
    assert "noisy_module_abc" not in sys.modules


def test_a_closed_stderr_sends_nothing_to_stdout(tmp_path: Path) -> None:
    # Was: with 2>&-, the progress lines and errors were printed on stdout (print(file=None)),
    # into the table.
    command = [sys.executable, "-m", "makao", "simulate", "--games"]
    for games, status in (("4", 0), ("x", 2)):
        done = subprocess.run(
            [*command, games],
            stdout=subprocess.PIPE,
            text=True,
            env=ENV,
            preexec_fn=_close_stderr,
            timeout=60,
        )
        assert done.returncode == status
        assert "/4 games" not in done.stdout and "error" not in done.stdout, done.stdout
        assert done.stdout.startswith("polish: 4 games") if status == 0 else done.stdout == ""


@pytest.mark.parametrize(
    "argv",
    [("replay", ""), ("simulate", "--json", ""), ("compare", "polish", "mao", "--plot", "")],
)
def test_an_empty_path_is_named_empty_not_the_current_directory(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    # Was: "makao: error: .: not a regular file" (replay), "--json .: is a directory".
    code, out, err = _run(capsys, *argv)
    assert (code, out) == (2, "") and err.endswith(": an empty path names no file\n"), err


def test_an_error_on_the_file_written_beside_the_output_names_the_output(
    tmp_path: Path,
) -> None:
    # Was: "[Errno 13] Permission denied: '/…/.out.json.3f9a1c2e.tmp'", a hidden file the
    # user never named (as for a read-only out.json, whose permissions the new file takes).
    out = tmp_path / "out.json"
    with pytest.raises(PermissionError) as raised, replacing(out) as written:
        raise PermissionError(errno.EACCES, "Permission denied", str(written))
    assert str(raised.value) == f"[Errno 13] Permission denied: {str(out)!r}"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes a read-only file")
def test_a_read_only_output_is_refused_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out.json"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o444)
    code, _, err = _run(capsys, "simulate", "--games", "2", "--quiet", "--json", str(out))
    assert (code, err) == (2, f"makao: error: [Errno 13] Permission denied: {str(out)!r}\n")
    assert out.read_text(encoding="utf-8") == "old\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.json"]


def test_a_file_one_may_write_but_not_replace_is_written_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Was: refused ("Operation not permitted: '/tmp/.out.csv.….tmp' -> '/tmp/out.csv'") where
    # it was written before outputs were replaced: another user's writable file in a sticky
    # directory such as /tmp, which only its owner may replace (os.replace: EPERM).
    out = tmp_path / "out.csv"
    out.write_text("old\n", encoding="utf-8")

    def sticky(source: Any, target: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted", str(source), str(target))

    monkeypatch.setattr(os, "replace", sticky)
    with replacing(out) as written:
        written.write_text("new\n", encoding="utf-8")
    assert out.read_text(encoding="utf-8") == "new\n"
    assert [path.name for path in tmp_path.iterdir()] == ["out.csv"]


def test_a_file_one_may_neither_replace_nor_write_is_named_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another user's read-only file in a sticky directory: not replaced (EPERM), and its
    # copy in place refused too; the error names the output as given, as every other
    # error of `replacing` does. Was: the resolved path ('/tmp/…/out.csv' for 'out.csv').
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.csv").write_text("old\n", encoding="utf-8")

    def sticky(source: Any, target: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted", str(source), str(target))

    def read_only(source: Any, target: Any) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(target))

    monkeypatch.setattr(os, "replace", sticky)
    monkeypatch.setattr(shutil, "copyfile", read_only)
    with pytest.raises(PermissionError) as caught, replacing("out.csv") as written:
        written.write_text("new\n", encoding="utf-8")
    assert (caught.value.errno, caught.value.filename) == (errno.EACCES, "out.csv")
    assert (tmp_path / "out.csv").read_text(encoding="utf-8") == "old\n"
    assert [path.name for path in tmp_path.iterdir()] == ["out.csv"]


def test_a_failed_write_in_place_is_named_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A directory that takes no new file beside the output (written in place): a write
    error that names no file (a full disk) names the output as given, as every other
    error of `replacing` does, not ``[Errno 28] No space left on device`` alone."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out.csv").write_text("old\n", encoding="utf-8")
    real_open = os.open

    def no_new_files(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_EXCL:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_new_files)
    with pytest.raises(OSError, match="No space left") as caught, replacing("out.csv") as written:
        assert written == Path("out.csv")  # in place
        raise OSError(errno.ENOSPC, "No space left on device")
    assert (caught.value.errno, caught.value.filename) == (errno.ENOSPC, "out.csv")


def test_an_error_of_no_errno_while_writing_passes_as_it_is(tmp_path: Path) -> None:
    """An `OSError` of a text alone raised while writing (a library's, no errno) keeps its
    text: only a system error is made to name the output, and it has a reason to give.
    No part of a file is left."""
    with (
        pytest.raises(OSError, match=r"^the writer gave up$") as caught,
        replacing(tmp_path / "out.csv") as written,
    ):
        written.write_text("part", encoding="utf-8")
        raise OSError("the writer gave up")
    assert caught.value.errno is None
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------- stdout that fails

#: The environment of a run whose stdout is buffered as a user's is (``PYTHONUNBUFFERED``
#: left out: with it, every print writes at once), or not.
_BUFFERED = {key: value for key, value in ENV.items() if key != "PYTHONUNBUFFERED"}
_UNBUFFERED = {**ENV, "PYTHONUNBUFFERED": "1"}

_PRINTING = [
    ("simulate", "--games", "3", "--quiet"),
    ("variants",),
    ("--help",),
    ("ladder", "--bots", "random", "heuristic", "--games", "2", "--bootstrap", "2"),
]


def _close_stdout() -> None:  # in the child: as >&- does
    os.close(1)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("stdout", ["full, buffered", "full, unbuffered", "closed"])
@pytest.mark.parametrize("argv", _PRINTING)
def test_results_that_cannot_be_written_to_stdout_are_an_error(
    argv: tuple[str, ...], stdout: str
) -> None:
    """A stdout that takes no text (``> /dev/full``, ``>&-``): the lost results are one
    line on stderr and status 2, as for an output file, and nothing more from Python at
    exit. Was: status 0 with nothing said (closed; ``--help`` printed on stderr), or 120
    and ``Exception ignored … OSError`` (full, buffered)."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "makao", *argv],
            stdout=None if stdout == "closed" else full,
            stderr=subprocess.PIPE,
            text=True,
            env=_UNBUFFERED if stdout == "full, unbuffered" else _BUFFERED,
            preexec_fn=_close_stdout if stdout == "closed" else None,
            timeout=120,
        )
    reason = "Bad file descriptor" if stdout == "closed" else "No space left on device"
    assert (done.returncode, done.stderr) == (2, f"makao: error: write error on stdout: {reason}\n")


_LOUD_MODULE = "print('x' * 200_000, flush=True)\n"


def _importing_from(folder: Path) -> dict[str, str]:
    """The buffered environment, with ``folder``'s modules importable (``--import``)."""
    return {**_BUFFERED, "PYTHONPATH": os.pathsep.join([SRC, str(folder)])}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_an_import_that_prints_to_a_full_stdout_is_a_write_error_not_the_modules(
    tmp_path: Path,
) -> None:
    """An ``--import`` module whose printing meets a full disk: the lost output is said as
    a write error on stdout (status 2), not blamed on the module. Was: ``--import loud:
    StdoutError: …``."""
    (tmp_path / "loud.py").write_text(_LOUD_MODULE, encoding="utf-8")
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "makao", "--import", "loud", "variants"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=_importing_from(tmp_path),
            timeout=120,
        )
    expected = "makao: error: write error on stdout: No space left on device\n"
    assert (done.returncode, done.stderr) == (2, expected)


def test_an_import_that_prints_to_a_reader_gone_ends_the_command_quietly(tmp_path: Path) -> None:
    """An ``--import`` module printing into a pipe whose reader stopped (``| head``): the
    command ends quietly with status 1, as when the results meet it. Was: ``--import
    loud: BrokenPipeError`` and status 2."""
    (tmp_path / "loud.py").write_text(_LOUD_MODULE, encoding="utf-8")
    argv = ("--import", "loud", "variants")
    assert _when_the_reader_is_gone(argv, _importing_from(tmp_path)) == (1, "")


def test_a_reader_that_stops_before_the_buffered_table_ends_the_command_quietly() -> None:
    """``makao simulate | head -0`` with stdout buffered, as a user's is: the table is
    sent when the command ends, into a pipe no one reads; status 1 (a pipe closed early is
    no error: said nowhere). Was: status 120 and ``Exception ignored … BrokenPipeError``."""
    code, err = _when_the_reader_is_gone(("simulate", "--games", "3", "--quiet"), _BUFFERED)
    assert (code, err) == (1, "")


def _when_the_reader_is_gone(argv: tuple[str, ...], env: dict[str, str]) -> tuple[int, str]:
    """The status and stderr of ``makao *argv`` whose stdout is a pipe closed at once."""
    with subprocess.Popen(
        [sys.executable, "-m", "makao", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        err = process.stderr.read().decode()
        code = process.wait(timeout=120)
    return code, err


def test_a_write_or_flush_to_a_stdout_stream_closed_meanwhile_is_a_stdout_error() -> None:
    """`GuardedStdout`: a stream closed while the command runs fails a write or a flush
    with a `ValueError` (``I/O operation on closed file.``), which is lost results as an
    `OSError` is: a `StdoutError` saying why, not a traceback."""
    stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    stream.close()
    guard = GuardedStdout(stream)
    said = r"^write error on stdout: I/O operation on closed file\.$"
    with pytest.raises(StdoutError, match=said):
        guard.write("results\n")
    with pytest.raises(StdoutError, match=said):
        guard.flush()


def test_a_copy_of_the_guarded_stdout_writes_to_the_same_stream() -> None:
    """`GuardedStdout` hands what it lacks to its stream, but not while a copy of it is made
    (``copy.copy``, as a library may copy ``sys.stdout``): the copy, not yet given its
    stream, looks for its own methods and must find none, not look for them on a stream
    it has not got (a `RecursionError`)."""
    stream = io.StringIO()
    twin = copy.copy(GuardedStdout(stream))
    assert twin.stream is stream
    twin.write("results\n")
    assert stream.getvalue() == "results\n"


def test_what_a_closed_stdout_lacks_is_an_attribute_error_saying_it_is_closed() -> None:
    """`GuardedStdout` of a closed stdout (``>&-``: Python's is ``None``): asked for what a
    stream has (``fileno``), an `AttributeError` saying that stdout is closed, as code
    that probes ``sys.stdout`` expects of a stream that lacks it."""
    with pytest.raises(AttributeError, match=r"^stdout is closed: no fileno$"):
        GuardedStdout(None).fileno()


class _Failing(io.StringIO):
    """A stream whose writes fail with an error that gives no reason."""

    def write(self, text: str) -> int:
        raise OSError


def test_a_stdout_write_error_that_gives_no_reason_is_named_by_its_type() -> None:
    """A write to stdout that fails with an `OSError` of no text still says what failed:
    ``write error on stdout: OSError``, not a line that ends at the colon."""
    with pytest.raises(StdoutError, match=r"^write error on stdout: OSError$"):
        GuardedStdout(_Failing()).write("results\n")


_PRINTING_COMMAND = [sys.executable, "-m", "makao", "--import", "printing_module_h8"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_left_unwritten_by_a_failed_command_is_said_once(tmp_path: Path) -> None:
    """A command that printed (a module of ``--import``, at import) and then failed (an
    unknown bot), to a buffered stdout that takes no text (``> /dev/full``): the error in
    one line and status 2; what it left unwritten is dropped, not flushed at exit (``Exception
    ignored … OSError``, status 120)."""
    (tmp_path / "printing_module_h8.py").write_text("print('imported')\n", encoding="utf-8")
    env = {**_BUFFERED, "PYTHONPATH": os.pathsep.join([SRC, str(tmp_path)])}
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [*_PRINTING_COMMAND, "simulate", "--bots", "nobody_h8", "random", "--games", "1"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("makao: error: ") and done.stderr.count("\n") == 1


def test_main_gives_back_the_stdout_it_was_given(capsys: pytest.CaptureFixture[str]) -> None:
    """`main` guards stdout while the command runs (`GuardedStdout`) and puts back the one
    it was given when done: a program that calls it keeps its own stdout."""
    given = sys.stdout
    assert main(["variants"]) == 0
    assert sys.stdout is given
    assert "polish" in capsys.readouterr().out


def test_a_stdout_closed_by_the_time_the_command_ends_is_one_error_not_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`main` on a stdout stream closed before it ran (a program that closed
    ``sys.stdout``): the lost results are one line and status 2, and flushing what is
    left on that stream at the end (a `ValueError`, not an `OSError`) raises nothing."""
    closed = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    closed.close()
    monkeypatch.setattr(sys, "stdout", closed)
    assert main(["variants"]) == 2
    err = capsys.readouterr().err
    assert err == "makao: error: write error on stdout: I/O operation on closed file.\n"


@pytest.mark.skipif(
    not Path("/dev/full").exists() or not Path("/proc/self/fd").is_dir(),
    reason="no /dev/full or /proc here",
)
def test_a_failed_stdout_silenced_leaves_no_descriptor_open(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Lost results point stdout at the null device (`_silence_stdout`) and close the
    descriptor opened for that: a program that calls `main` again and again does not run
    out of descriptors."""
    with open("/dev/full", "w", encoding="utf-8") as full:
        monkeypatch.setattr(sys, "stdout", full)
        before = len(os.listdir("/proc/self/fd"))
        assert main(["variants"]) == 2
        after = len(os.listdir("/proc/self/fd"))
        monkeypatch.undo()
    assert after == before
    assert "No space left on device" in capsys.readouterr().err
