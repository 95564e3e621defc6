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
