"""The drawn search's HTML page in a real browser: Chromium, headless (issue 33).

The page, opened with ``#walk``, steps through the whole search with its own ``show`` (what the
buttons call) and writes what is on screen after each step into ``<pre id="walk">``: the
caption, the node marked current, how many nodes are drawn, the leaf numbers shown (in order)
and how many values are shown; then it folds and unfolds. ``--dump-dom`` hands the page back
once its script has run. Chromium comes from the distribution (Debian: ``apt-get install
chromium``, which ``scripts/check.sh`` does as root); without it the test is skipped.
"""

from __future__ import annotations

import html as htmltext
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sml150.draw import html, picture, record
from sml150.lib.explicit import HandoutSmall

TRACES = Path(__file__).resolve().parents[1] / "data" / "handout-traces"
CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(n)), None)

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium here (Debian: apt-get install chromium; "
    "scripts/check.sh installs it when run as root)")


def dump_dom(url: str, profile: Path) -> str:
    """The page's DOM after its scripts ran, from headless Chromium."""
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--no-first-run", f"--user-data-dir={profile}", "--dump-dom", url],
        capture_output=True, text=True, timeout=90, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_page_steps_through_the_search_and_folds(tmp_path: Path) -> None:
    p = picture(record("hw11-jamboree", HandoutSmall, 2, prune=0.5, quiet=True))
    page = tmp_path / "jamboree.html"
    text = html(p)
    # one file, nothing fetched: no address but the SVG namespace, no src or href
    assert re.findall(r"https?://[^\s\"']+", text) == ["http://www.w3.org/2000/svg"]
    assert not re.search(r"\s(src|href)=", text)
    page.write_text(text, encoding="utf-8")

    dom = dump_dom(page.as_uri() + "#walk", tmp_path / "profile")
    assert 'data-walked="yes"' in dom
    found = re.search(r'<pre id="walk"[^>]*>(.*?)</pre>', dom, re.S)
    assert found is not None
    lines = [line.split("\t") for line in htmltext.unescape(found.group(1)).splitlines()]
    walk, folds = lines[:len(p.steps)], lines[len(p.steps):]

    labels = {n.id: n.label for n in p.root.walk()}
    leaves: list[str] = []
    valued = 0
    for (k, caption, node, current, drawn, shown, values), step in zip(walk, p.steps,
                                                                        strict=True):
        assert caption == step.caption and int(node) == step.node and current == "true", k
        assert int(drawn) == 13  # every node drawn (the future ones faint)
        if step.kind == "estimate":
            leaves.append(labels[step.node])  # the next leaf number appears, on this leaf
        if step.kind == "estimate" or (step.kind == "leave" and labels[step.node] in "abfj"):
            valued += 1  # a leaf's value shows when estimated, an inner node's when left
        assert (shown.split(",") if shown else []) == leaves, k
        assert int(values) == valued, k
    trace = (TRACES / "hw11-fig5-jamboree0.5-handoutsmall.txt").read_text()
    assert leaves == re.findall(r"^Result of \(Maxie,(\w)\) is Leaf", trace, re.M)
    assert valued == 13  # at the end every node shows its value

    assert folds == [["folded", "root", "1", "", "1"],
                     ["unfolded", "all", "13", ",".join(leaves), "13"],
                     ["folded", "line", "7", "g,h,i", "7"]]
