"""Every complete program in the documentation (and the README's tour) runs.

A ```python block in docs/**/*.md or README.md is executed when it imports makao
(``import makao`` or ``from makao``). It is left out when its first line is
``# fragment``, when it holds ``...`` (an elided sketch), or when it only includes a file
(``--8<--``: the examples are run by tests/test_examples.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from makao import variants

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
_BLOCK = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)


def _blocks() -> list[tuple[str, str]]:
    found = []
    for page in [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]:
        text = page.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            code = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{page.relative_to(ROOT)}:{line}", code))
    return found


def _is_program(code: str) -> bool:
    lines = code.strip().splitlines()
    return (
        bool(lines)
        and lines[0].strip() != "# fragment"
        and "..." not in code
        and "--8<--" not in code
        and ("import makao" in code or "from makao" in code)
    )


PROGRAMS = [(where, code) for where, code in _blocks() if _is_program(code)]


@pytest.mark.parametrize(("where", "code"), PROGRAMS, ids=[where for where, _ in PROGRAMS])
def test_docs_code_block_runs(
    where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(code, where, "exec"), {"__name__": "__main__"})


def test_docs_have_runnable_programs() -> None:
    assert len(PROGRAMS) >= 15


@pytest.mark.parametrize("name", ["crazy-eights", "mau-mau", "prsi", "switch"])
def test_docs_variant_page_lists_every_rule_id(name: str) -> None:
    page = (DOCS / "variants" / f"{name}.md").read_text(encoding="utf-8")
    for rule_id in variants.get(name).rule_ids:
        assert f"| {rule_id} |" in page
