"""Every Python snippet in the documentation (and the README's tour) runs.

Every ```python block in docs/**/*.md or README.md is executed, each in a fresh namespace
in a temporary directory, with copies of the variant and bot registries (a block may
register its own, `makao.variants.register`). The only blocks left out are those that include a file
(``--8<--``: the examples are run by tests/examples/test_examples_run.py). A block that fails only
because an optional extra (a third-party package) is not installed is skipped, naming it.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from makao import bots, variants

ROOT = Path(__file__).resolve().parents[2]
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
    return bool(code.strip()) and "--8<--" not in code


PROGRAMS = [(where, code) for where, code in _blocks() if _is_program(code)]


@pytest.fixture
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A snippet's own folder and copies of the variant and bot registries."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(variants, "_VARIANTS", copy.deepcopy(variants._VARIANTS))
    monkeypatch.setattr(bots, "_BOTS", copy.deepcopy(bots._BOTS))


@pytest.mark.parametrize(("where", "code"), PROGRAMS, ids=[where for where, _ in PROGRAMS])
@pytest.mark.usefixtures("isolated")
def test_docs_code_block_runs(where: str, code: str) -> None:
    try:
        exec(compile(code, where, "exec"), {"__name__": "__main__"})
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if missing.startswith("makao") or not missing:
            raise
        pytest.skip(f"{where} needs the optional package {missing!r}")


def test_docs_have_runnable_programs() -> None:
    assert len(PROGRAMS) >= 20


def test_every_python_block_is_run() -> None:
    left_out = [where for where, code in _blocks() if not _is_program(code)]
    assert all("--8<--" in dict(_blocks())[where] for where in left_out)


@pytest.mark.parametrize("name", ["crazy-eights", "mau-mau", "prsi", "switch"])
def test_docs_variant_page_lists_every_rule_id(name: str) -> None:
    page = (DOCS / "variants" / f"{name}.md").read_text(encoding="utf-8")
    for rule_id in variants.get(name).rule_ids:
        assert f"| {rule_id} |" in page


# ``print(expression)  # literal`` in a snippet: the comment is the printed value (a list
# or a string written as a Python literal, maybe followed by a remark after a colon).
_PRINTED = re.compile(r"^(\s*)print\((.*)\)\s+# (\[[^\]]*\]|\"[^\"]*\")(?::.*)?$", re.M)
CLAIMS = [(where, code) for where, code in PROGRAMS if _PRINTED.search(code)]


def _asserting(code: str) -> str:
    return _PRINTED.sub(r"\1assert (\2) == \3, (\2)", code)


def test_docs_printed_value_comments_are_found() -> None:
    assert len(CLAIMS) >= 5


@pytest.mark.parametrize(("where", "code"), CLAIMS, ids=[where for where, _ in CLAIMS])
@pytest.mark.usefixtures("isolated")
def test_docs_printed_value_comment_is_what_the_snippet_prints(where: str, code: str) -> None:
    """A snippet's ``# ['5h', 'pass']`` after a print says what it prints: checked."""
    exec(compile(_asserting(code), where, "exec"), {"__name__": "__main__"})
