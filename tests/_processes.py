"""Python run in a process group of its own, for the tests of worker processes: a hang
fails the test rather than stalling it, and no worker may outlive the run."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

import pytest

#: ``os.killpg`` and ``/proc`` or not: the tests that use this module run on POSIX only.
POSIX = hasattr(os, "killpg")


def run_python(
    *args: str, timeout: float = 30, interrupt_when: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS`` in a new process group and return what it gave. With
    ``interrupt_when``, send SIGINT to the whole group (as Ctrl-C in a terminal does) once
    that file exists. Fails the test if the run takes more than ``timeout`` seconds (then
    the group is killed) or if a process of its group outlives it."""
    process = subprocess.Popen(
        [sys.executable, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # Ctrl-C as in a terminal, even where the tests run with SIGINT ignored (started
        # in the background by a shell script, say), which the run would inherit
        preexec_fn=_default_interrupts if interrupt_when is not None else None,
    )
    deadline = time.monotonic() + timeout
    try:
        if interrupt_when is not None:
            while not interrupt_when.exists():
                if time.monotonic() > deadline or process.poll() is not None:
                    raise subprocess.TimeoutExpired(process.args, timeout)
                time.sleep(0.02)
            os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=max(0.1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):  # a script that registered faulthandler for
            os.killpg(process.pid, signal.SIGUSR1)  # SIGUSR1 writes where it hangs
        time.sleep(1)
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        pytest.fail(f"no answer in {timeout} s (status {process.returncode}): {err[-6000:]}")
    for _ in range(100):  # a worker may take a moment to exit
        if not group_alive(process.pid):
            break
        time.sleep(0.05)
    else:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        pytest.fail("a process of the run outlived it")
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def _default_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def group_alive(group: int) -> bool:
    """Whether a process of process group ``group`` still runs; a zombie (which has ended
    and waits to be reaped) does not count."""
    proc = Path("/proc")
    if not proc.is_dir():
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        return True
    for stat in proc.glob("[0-9]*/stat"):
        with suppress(OSError, IndexError, ValueError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if fields[0] != "Z" and int(fields[2]) == group:
                return True
    return False
