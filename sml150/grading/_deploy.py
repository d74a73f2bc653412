"""Staff-only autograder bundles for Gradescope and Autolab (``sml150 autograder``).

A course deploys the grader the way real autograders are deployed: staff build a bundle that
students never see, holding the grader and the **course secret** (``_secret``) from which the
hidden cases are drawn, so the public package cannot regenerate them. The bundle carries the
``sml150`` package as installed here (sources only) and installs its dependencies and
bubblewrap on the autograder's machine.

- Gradescope: ``autograder.zip`` with ``setup.sh`` (run once when the image is built) and
  ``run_autograder`` (run per submission: grades ``/autograder/submission`` into
  ``/autograder/results/results.json``).
- Autolab: ``autograde.tar`` (the package and the secret) and ``autograde-Makefile`` (run in
  the directory holding the student's handin and ``autograde.tar``; prints the report, the
  autoresult last).

What a course must keep private: the bundle (its secret decides the hidden cases) and, if it
wants them private, its own reference solutions; the public package's references are public,
so submissions close to them are flagged for review (``_similarity``), never scored down.
"""

from __future__ import annotations

import io
import os
import shlex
import stat
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Final

import sml150

__all__ = ["PLATFORMS", "write_bundle"]

PLATFORMS: Final = ("gradescope", "autolab")
"""The platforms ``write_bundle`` knows."""

_DEPENDENCIES: Final = ("attrs", "returns", "toolz", "rich", "typing_extensions")
"""What the grader imports at run time (``sml150``'s own requirements, less the optional)."""

_SETUP: Final = """#!/usr/bin/env bash
# Gradescope: run once when the autograder image is built.
set -euo pipefail
apt-get update -qq
apt-get install -y -qq python3 python3-venv bubblewrap
python3 -m venv /opt/sml150
/opt/sml150/bin/pip install --quiet {packages}
"""

_RUN: Final = """#!/usr/bin/env bash
# Gradescope: run for each submission. The course secret decides the hidden cases.
set -uo pipefail
cd /autograder/source
export PYTHONPATH=/autograder/source SML150_COURSE_SECRET_FILE=/autograder/source/course_secret
mkdir -p /autograder/results
/opt/sml150/bin/python -m sml150 grade {hw} /autograder/submission \\
    --gradescope /autograder/results/results.json
"""

_MAKEFILE: Final = """# Autolab: run with the student's handin and autograde.tar in this directory.
all:
\ttar xf autograde.tar
\tmkdir -p submission
\tfor f in $$(ls | grep -v -e '^autograde' -e '^Makefile$$' -e '^submission$$'); do \\
\t  case "$$f" in *.tar) tar xf "$$f" -C submission ;; *) cp "$$f" submission/ ;; esac; \\
\tdone
\tPYTHONPATH=autograde SML150_COURSE_SECRET_FILE=autograde/course_secret \\
\t  python3 -m sml150 grade {hw} submission --autolab
"""


def _package_files() -> list[tuple[str, bytes]]:
    """(path in the bundle, bytes) of the installed ``sml150`` package's sources."""
    root = Path(sml150.__file__).resolve().parent
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root.parent)
        if path.is_file() and "__pycache__" not in rel.parts and path.suffix != ".pyc":
            out.append((rel.as_posix(), path.read_bytes()))
    return out


def _requirements() -> str:
    """The pinned dependency versions of this installation (what the tests ran with)."""
    pins = []
    for name in _DEPENDENCIES:
        try:
            pins.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pins.append(name)
    return " ".join(shlex.quote(p) for p in pins)


def write_bundle(platform: str, hw: str, out: Path, secret: str) -> list[Path]:
    """Write the staff bundle for ``platform`` and homework ``hw`` into ``out``.

    REQUIRES: ``platform`` in ``PLATFORMS``, ``hw`` a homework, ``secret`` at least 16
    characters (else ``ValueError``: the hidden cases must not be guessable).
    ENSURES: the bundle's files (mode 0600: staff only), listed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as t:
    ...     [p.name for p in write_bundle("gradescope", "hw10", Path(t), "s" * 16)]
    ['autograder.zip']
    """
    from sml150.grading._handout import HOMEWORKS

    if platform not in PLATFORMS:
        raise ValueError(f"unknown platform {platform!r}: choose one of {', '.join(PLATFORMS)}")
    if hw not in HOMEWORKS:
        raise ValueError(f"unknown homework {hw!r}: choose one of {', '.join(HOMEWORKS)}")
    if len(secret) < 16:
        raise ValueError("the course secret must have at least 16 characters")
    out.mkdir(parents=True, exist_ok=True)
    files = [*_package_files(), ("course_secret", (secret + "\n").encode())]
    if platform == "gradescope":
        target = out / "autograder.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in files:
                z.writestr(name, data)
            for name, text in (("setup.sh", _SETUP.format(packages=_requirements())),
                               ("run_autograder", _RUN.format(hw=hw))):
                script = zipfile.ZipInfo(name)
                script.external_attr = (stat.S_IFREG | 0o755) << 16
                z.writestr(script, text)
        written = [target]
    else:
        tar_path = out / "autograde.tar"
        with tarfile.open(tar_path, "w") as tar:
            for name, data in files:
                info = tarfile.TarInfo(f"autograde/{name}")
                info.size = len(data)
                info.mode = 0o600
                tar.addfile(info, io.BytesIO(data))
        make = out / "autograde-Makefile"
        make.write_text(_MAKEFILE.format(hw=hw), encoding="utf-8")
        written = [tar_path, make]
    for p in written:
        os.chmod(p, 0o600)
    return written
