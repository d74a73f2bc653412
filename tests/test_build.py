"""Which build runs (issue 31): ``sml150.build()``, the manifest it checks, and the import gate.

The compiled build itself is tested by running the engine's and the games' tests against it
(``scripts/check.sh``); here the rules that pick it, on manifests written for the test.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

import sml150
from sml150 import NATIVE_MODULES, Build

ROOT = Path(sml150.__file__).resolve().parent


def manifest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **changes: object) -> Path:
    """A manifest matching the sources; ``suffix`` ``.py``, so that every "compiled module"
    exists (the source itself): the rules are tested without compiling anything."""
    held: dict[str, object] = {
        "python": sys.implementation.cache_tag,
        "suffix": ".py",
        "modules": {m: hashlib.sha256(Path(sml150._source(m)).read_bytes()).hexdigest()
                    for m in NATIVE_MODULES},
    }
    held.update(changes)
    path = tmp_path / "_native.json"
    path.write_text(json.dumps(held), encoding="utf-8")
    monkeypatch.setattr(sml150, "_MANIFEST", str(path))
    return path


def test_a_fresh_complete_build_is_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    manifest(tmp_path, monkeypatch)
    assert sml150._compiled_problem() is None
    assert sml150._decide("") == Build(True, f"{len(NATIVE_MODULES)} modules")
    assert sml150._decide("1").compiled
    assert sml150._decide("0") == Build(False, "SML150_COMPILE=0")


def test_an_edited_module_makes_the_whole_build_stale(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    hashes = {m: "0" * 64 if m == "sml150.search.table" else
              hashlib.sha256(Path(sml150._source(m)).read_bytes()).hexdigest()
              for m in NATIVE_MODULES}
    manifest(tmp_path, monkeypatch, modules=hashes)
    problem = sml150._compiled_problem()
    assert problem is not None
    assert "stale: sml150/search/table.py changed" in problem
    assert sml150._decide("") == Build(False, problem)
    with pytest.raises(ImportError, match="SML150_COMPILE=1, but the compiled build is stale"):
        sml150._decide("1")


@pytest.mark.parametrize(("changes", "words"), [
    ({"modules": {}}, f"lacks {NATIVE_MODULES[0]}"),
    ({"suffix": ".nothing-here"}, f"lacks {NATIVE_MODULES[0]}"),
    ({"python": "cpython-20"}, "for cpython-20"),
])
def test_an_incomplete_or_foreign_build_is_not_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   changes: dict[str, object], words: str) -> None:
    manifest(tmp_path, monkeypatch, **changes)
    problem = sml150._compiled_problem()
    assert problem is not None
    assert words in problem


def test_no_build_and_bad_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sml150, "_MANIFEST", str(tmp_path / "none.json"))
    assert not sml150._decide("").compiled
    assert "no compiled build" in sml150._decide("").why
    with pytest.raises(ImportError, match="SML150_COMPILE=1, but no compiled build"):
        sml150._decide("1")
    with pytest.raises(ImportError, match="must be 0 or 1, not 'yes'"):
        sml150._decide("yes")


def test_the_pure_build_loads_each_module_from_its_source(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sml150, "_chosen", [Build(False, "test")])
    gate = next(f for f in sys.meta_path if isinstance(f, sml150._Gate))
    for name in NATIVE_MODULES:
        spec = gate.find_spec(name)
        assert spec is not None
        assert spec.origin == str(ROOT.joinpath(*name.split(".")[1:]).with_suffix(".py"))
    assert gate.find_spec("sml150.lib.seq") is None  # every other module: the usual finders
    monkeypatch.setattr(sml150, "_chosen", [Build(True, "test")])
    assert gate.find_spec(NATIVE_MODULES[0]) is None  # compiled: the extension, found first


def test_the_build_that_runs_here_is_the_one_asked_for() -> None:
    # The tests run pure unless SML150_COMPILE=1 (conftest.py): then every module is compiled.
    import importlib

    b = sml150.build()
    for name in NATIVE_MODULES:
        file = str(importlib.import_module(name).__file__)
        assert file.endswith(".py") != b.compiled, (name, file, b)
