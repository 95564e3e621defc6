"""Claims of the documentation pages that their snippets do not run: the move table of
docs/quickstart.md and docs/concepts.md, and the first ``console`` block of docs/cli.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from makao import parse_move
from makao.cli import main

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize(("page", "column"), [("quickstart.md", 1), ("concepts.md", 2)])
def test_docs_move_table_texts_are_canonical_moves(page: str, column: int) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    table = text.split("## Moves", 1)[-1].split("\n\n|", 1)[-1].split("\n\n", 1)[0]
    cells = [row.split("|")[column] for row in ("|" + table).splitlines()[2:]]
    moves = [move for cell in cells for move in re.findall(r"`([^`]+)`", cell)]
    assert len(moves) >= 8
    for move in moves:
        assert str(parse_move(move)) == move


def test_docs_cli_bad_option_line_is_what_makao_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n\$ makao (.*)\n(.*)\n```", page)
    assert block is not None
    assert main(block.group(1).split()) == 2
    assert capsys.readouterr().err.strip() == block.group(2)


def test_docs_limits_bounds_of_kept_tables_are_the_librarys() -> None:
    """docs/limits.md states the bounds of the tables a process keeps: they are the
    library's own numbers."""
    from makao.engine import MAX_WAIT
    from makao.rules import calls
    from makao.tables import KEPT_GROUP, MOST_ANSWER_RULES, MOST_KEPT_PLAYS

    page = (DOCS / "limits.md").read_text(encoding="utf-8")
    assert f"`makao.tables.MOST_KEPT_PLAYS` ({MOST_KEPT_PLAYS:,})" in page
    assert f"`makao.tables.KEPT_GROUP` ({KEPT_GROUP})" in page
    assert f"`makao.tables.MOST_ANSWER_RULES` ({MOST_ANSWER_RULES})" in page
    assert f"for at most {calls._KEPT_LATE_MOVES:,} of those" in page
    assert f"`makao.engine.MAX_WAIT` ({MAX_WAIT:,})" in page


def test_docs_cli_ladder_block_is_what_makao_ladder_prints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/cli.md's ``makao ladder`` section shows the command's whole output (the page
    had no section for the command before)."""
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    block = re.search(r"```console\n\$ (makao ladder .*)\n((?:.*\n)*?)```", page)
    assert block is not None
    assert main(block.group(1).split()[1:]) == 0
    assert capsys.readouterr().out == block.group(2)
