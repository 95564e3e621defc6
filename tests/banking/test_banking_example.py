"""The example script runs quickly and prints the odds table."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "banking_odds.py"


def test_banking_odds_example_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert "| 9 | 1/13 | 128/1339 |" in out
    assert "optimal" in out


def test_mb_11_the_banking_page_shows_the_examples_tables_as_markdown_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """MB-11: docs/banking.md holds the example's output word for word, and each table
    follows a blank line, so that Markdown renders it as a table (the page used to show
    the rows as running text)."""
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    out = capsys.readouterr().out
    assert out in (ROOT / "docs" / "banking.md").read_text(encoding="utf-8")
    lines = out.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("|") and not lines[number - 1].startswith("|"):
            assert lines[number - 1] == ""
