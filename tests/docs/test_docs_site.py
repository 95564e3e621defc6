"""The documentation site builds (``mkdocs build --strict``) and its API reference is
populated: the top-level ``makao`` page lists every public name with a link, every
reference page documents objects, and long signatures are formatted (issue 15).

Skipped when mkdocs (the ``docs`` extra) is not installed.
"""

from __future__ import annotations

import html
import importlib
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import makao

ROOT = Path(__file__).resolve().parents[2]
_TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings")
    target = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        # not ``--quiet``: it drops the warnings before ``--strict`` counts them
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(target)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "WARNING" not in done.stderr, done.stderr[-3000:]
    return target


def _text(page: Path) -> str:
    """The visible text of a page: tags dropped, entities decoded."""
    return html.unescape(_TAG.sub(" ", page.read_text(encoding="utf-8")))


def _reference_pages(site: Path) -> list[Path]:
    return sorted((site / "reference").rglob("index.html"))


def test_the_makao_page_lists_every_public_name_with_a_link(site: Path) -> None:
    page = (site / "reference" / "makao" / "index.html").read_text(encoding="utf-8")
    for name in makao.__all__:
        if name in ("__version__", "ALL_CARDS"):
            assert f"<code>{name}</code>" in page, name
            continue
        assert re.search(rf'<a [^>]*href="[^"]+"[^>]*><code>{name}</code></a>', page), name
    assert "<blockquote>" not in page  # the module doctest is a code block, not quotes


def test_every_reference_page_documents_objects(site: Path) -> None:
    pages = _reference_pages(site)
    assert len(pages) >= 16
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert text.count('class="doc doc-object') >= 1, page
        assert len(_text(page).split()) > 100, page


def test_long_signatures_are_formatted_on_several_lines(site: Path) -> None:
    page = (site / "reference" / "sim" / "index.html").read_text(encoding="utf-8")
    signature = re.search(r'id="makao\.sim\.simulate".*?<code>(.*?)</code>', page, re.S)
    assert signature is not None
    lines = _TAG.sub("", signature.group(1)).strip().splitlines()
    assert len(lines) > 3 and max(map(len, lines)) <= 90


_RAW_ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|data|exc|obj|const):`?\s*[\w~.]")


def test_no_page_shows_an_unresolved_reference(site: Path) -> None:
    shown = {}
    for page in sorted(site.rglob("*.html")):
        found = re.findall(r"\]\[makao\.[\w.]+\]", _text(page))
        if found:
            shown[str(page.relative_to(site))] = found[:3]
    assert shown == {}


def test_no_page_shows_a_raw_sphinx_role(site: Path) -> None:
    shown = {}
    for page in sorted(site.rglob("*.html")):
        text = _text(page)
        found = _RAW_ROLE.findall(text) + re.findall(r"~makao\.[\w.]+", text)
        if found:
            shown[str(page.relative_to(site))] = found[:3]
    assert shown == {}


_PARAGRAPH = re.compile(r"<p>(.*?)</p>", re.DOTALL)
_TABLE_RULE = re.compile(r"\|\s*:?-{3,}:?\s*\|")


def test_no_page_shows_a_markdown_table_as_running_text(site: Path) -> None:
    """A Markdown table right under a line of text (no blank line between) is no table:
    its rows show as a paragraph of pipes (the banking page's odds tables did)."""
    shown = {}
    for page in sorted(site.rglob("*.html")):
        paragraphs = _PARAGRAPH.findall(page.read_text(encoding="utf-8"))
        found = [p[:80] for p in paragraphs if _TABLE_RULE.search(_TAG.sub("", p))]
        if found:
            shown[str(page.relative_to(site))] = found[:2]
    assert shown == {}


def _rendered(site: Path) -> set[str]:
    """The dotted paths the API reference renders an entry for (their anchors)."""
    found: set[str] = set()
    for page in _reference_pages(site):
        found.update(re.findall(r'id="(makao(?:\.\w+)*)"', page.read_text(encoding="utf-8")))
    return found


def test_every_public_name_of_every_module_is_rendered(site: Path) -> None:
    """Every ``__all__`` name of every makao module has an entry in the API reference, under
    its own module or a module that exports the same object (the constants the limits page
    cites, `makao.deck`, `makao.bots.mcts.MAX_PLAYOUTS`, `MAX_STAKE_CHOICES`, had none)."""
    rendered = _rendered(site)
    missing = []
    for info in [None, *pkgutil.walk_packages(makao.__path__, "makao.")]:
        name = "makao" if info is None else info.name
        if name.rpartition(".")[2].startswith("_"):
            continue
        try:
            module = importlib.import_module(name)
        except ImportError:  # an optional extra; the adapters' pages need it to render too
            continue
        for public in getattr(module, "__all__", ()):
            if public.startswith("__") or f"{name}.{public}" == "makao.compiled":
                continue  # listed on the makao page as text, and with a link to Builds
            obj = getattr(module, public)
            owners = [
                path.rpartition(".")[0] for path in rendered if path.rpartition(".")[2] == public
            ]
            if not any(_attribute(owner, public) is obj for owner in owners):
                missing.append(f"{name}.{public}")
    assert missing == []


def _attribute(path: str, name: str) -> object:
    """``name`` of the module (or class) at dotted ``path``; ``None`` if there is none."""
    module_path, found = path, None
    while module_path:
        try:
            found = importlib.import_module(module_path)
            break
        except ImportError:
            module_path = module_path.rpartition(".")[0]
    for part in path[len(module_path) :].split(".")[1:]:
        found = getattr(found, part, None)
    return getattr(found, name, None)
