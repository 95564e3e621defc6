"""The example script runs quickly and prints the odds table."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "banking_odds.py"


def _run_example(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run the example as its own command would, with no arguments (not pytest's)."""
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE)])
    runpy.run_path(str(EXAMPLE), run_name="__main__")


def test_banking_odds_example_prints_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _run_example(monkeypatch)
    out = capsys.readouterr().out
    assert "| 9 | 1/13 | 128/1339 |" in out
    assert "optimal" in out


def test_mb_11_the_banking_page_shows_the_examples_tables_as_markdown_tables(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """MB-11: docs/banking.md holds the example's output word for word, and each table
    follows a blank line, so that Markdown renders it as a table (the page used to show
    the rows as running text)."""
    _run_example(monkeypatch)
    out = capsys.readouterr().out
    assert out in (ROOT / "docs" / "banking.md").read_text(encoding="utf-8")
    lines = out.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("|") and not lines[number - 1].startswith("|"):
            assert lines[number - 1] == ""
