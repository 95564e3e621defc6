"""The example script runs quickly and prints the odds table."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "banking_odds.py"


def test_banking_odds_example_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "| 9 | 1/13 | 128/1339 |" in out
    assert "optimal" in out
