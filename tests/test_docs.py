"""Every complete program in the documentation runs.

A ```python block in docs/**/*.md is executed when it imports makao (``import makao`` or
``from makao``). It is left out when its first line is ``# fragment``, when it holds
``...`` (an elided sketch), or when it only includes a file (``--8<--``: the examples are
run by tests/test_examples.py). A block that uses a name makao does not have yet is
skipped, naming it, so that pages may document work in progress.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from makao import variants

DOCS = Path(__file__).resolve().parent.parent / "docs"
_BLOCK = re.compile(r"^```python[^\n]*\n(.*?)^```", re.S | re.M)


def _blocks() -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            code = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{page.relative_to(DOCS)}:{line}", code))
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


def _missing_name(error: Exception) -> str | None:
    """The makao name a block needs but the library lacks, if that is what failed."""
    if isinstance(error, ImportError) and (error.name or "").startswith("makao"):
        return str(error)
    if isinstance(error, AttributeError):
        module = getattr(getattr(error, "obj", None), "__name__", "")
        if isinstance(module, str) and module.startswith("makao"):
            return str(error)
    return None


@pytest.mark.parametrize(("where", "code"), PROGRAMS, ids=[where for where, _ in PROGRAMS])
def test_docs_code_block_runs(
    where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    try:
        exec(compile(code, where, "exec"), {"__name__": "__main__"})
    except (ImportError, AttributeError) as error:
        missing = _missing_name(error)
        if missing is None:
            raise
        pytest.skip(f"{where} needs a name makao does not have yet: {missing}")


def test_docs_have_runnable_programs() -> None:
    assert len(PROGRAMS) >= 15


@pytest.mark.parametrize("name", ["crazy-eights", "mau-mau", "prsi", "switch"])
def test_docs_variant_page_lists_every_rule_id(name: str) -> None:
    page = (DOCS / "variants" / f"{name}.md").read_text(encoding="utf-8")
    for rule_id in variants.get(name).rule_ids:
        assert f"| {rule_id} |" in page
