"""The documentation: the MkDocs site builds with --strict (no broken link, anchor or page left
out of the nav, nothing loaded from another host), the README's own links and anchors resolve,
its map reaches every page, and paths to docs pages named in the code exist."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def prose(markdown: str) -> str:
    """The text without code blocks and code spans (links there are not links)."""
    return CODE_SPAN.sub("", FENCE.sub("", markdown))


def github_anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces to
    hyphens, a repeated one numbered."""
    seen: dict[str, int] = {}
    anchors = set()
    for title in HEADING.findall(FENCE.sub("", markdown)):
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title).replace("`", "").replace("*", "")
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def relative_links(markdown: str) -> list[str]:
    return [t for t in LINK.findall(prose(markdown)) if not re.match(r"[a-z]+:", t)]


def test_site_builds_strict_and_offline(tmp_path: Path) -> None:
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (site / "index.html").is_file() and (site / "api" / "webhooks.html").is_file()
    remote = re.compile(r"<(?:script|link|img)\b[^>]*\b(?:src|href)=\"(?:https?:)?//", re.I)
    remote_pages = [p for p in site.rglob("*.html") if remote.search(p.read_text())]
    assert not remote_pages, f"pages load from another host: {remote_pages}"


def test_readme_links_and_anchors_resolve() -> None:
    readme = (ROOT / "README.md").read_text()
    broken = []
    for target in relative_links(readme):
        path, _, anchor = target.partition("#")
        file = ROOT / path if path else ROOT / "README.md"
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in github_anchors(file.read_text()):
            broken.append(f"{target}: no heading gives #{anchor}")
    assert not broken, broken


def test_readme_map_reaches_every_docs_page() -> None:
    linked = {
        (ROOT / t.partition("#")[0]).resolve()
        for t in relative_links((ROOT / "README.md").read_text())
    }
    missing = [str(p.relative_to(ROOT)) for p in sorted(DOCS.rglob("*.md")) if p not in linked]
    assert not missing, f"pages missing from the README's map: {missing}"


def test_readme_fits_on_a_page() -> None:
    assert len((ROOT / "README.md").read_text().splitlines()) <= 250


@pytest.mark.parametrize("folder", ["app", "worker", "tests", "scripts", "bench", "deploy"])
def test_docs_pages_named_in_the_code_exist(folder: str) -> None:
    named = re.compile(r"\bdocs/[\w./-]+\.md\b")
    missing = []
    for path in (ROOT / folder).rglob("*"):
        # node_modules: bench/remotion's packages once installed (npm ci), not our code.
        if not path.is_file() or "__pycache__" in path.parts or "node_modules" in path.parts:
            continue
        data = path.read_bytes()
        if b"\0" not in data[:1024]:  # text files only
            text = data.decode(errors="ignore")
            missing += [f"{path.relative_to(ROOT)}: {m}" for m in named.findall(text)]
    missing = [m for m in missing if not (ROOT / m.split(": ")[1]).exists()]
    assert not missing, missing
