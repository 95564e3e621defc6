"""Every script in examples/ runs to completion (as a subprocess, with a time limit).

A script that fails only because an optional extra (a third-party package) is not
installed is skipped, naming the package.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))
_MISSING = re.compile(r"ModuleNotFoundError: No module named '([^']+)'")


@pytest.mark.parametrize("script", EXAMPLES, ids=[path.name for path in EXAMPLES])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    missing = _MISSING.search(done.stderr)
    if done.returncode and missing and not missing.group(1).startswith("makao"):
        pytest.skip(f"{script.name} needs the optional package {missing.group(1)!r}")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), f"{script.name} printed nothing"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["x"], "argument seed: invalid int value: 'x'"),
        (["1", "1"], "at least 2 and at most 5 players, not 1"),
        (["1", "4", "0"], "match_limit must be a positive number, not 0"),
    ],
)
def test_ru_18_russian_match_example_refuses_a_bad_argument_in_one_line(
    args: list[str], message: str, tmp_path: Path
) -> None:
    """examples/russian_match.py: a bad argument is an error line and status 2, as with
    the ``makao`` command, not a traceback."""
    script = EXAMPLES[0].parent / "russian_match.py"
    done = subprocess.run(
        [sys.executable, str(script), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


#: The examples that take arguments (each has its own test of a bad one).
_WITH_ARGUMENTS = {"host_server", "openspiel_dqn", "russian_match", "train_polish"}


@pytest.mark.parametrize(
    "name", [path.stem for path in EXAMPLES if path.stem not in _WITH_ARGUMENTS]
)
def test_an_example_without_arguments_refuses_one(name: str, tmp_path: Path) -> None:
    """A script that takes no arguments ran as if it had none (status 0): a stray or
    mistyped argument is now an error line and status 2, before any work."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES[0].parent / f"{name}.py"), "--seed", "3"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    missing = _MISSING.search(done.stderr)
    if done.returncode == 1 and missing and not missing.group(1).startswith("makao"):
        pytest.skip(f"{name}.py needs the optional package {missing.group(1)!r}")
    assert done.returncode == 2 and done.stdout == ""
    assert "error: unrecognized arguments: --seed 3" in done.stderr
    assert "Traceback" not in done.stderr
