"""Staff-only autograder bundles for Gradescope and Autolab (``sml150 autograder``).

A course deploys the grader the way real autograders are deployed: staff build a bundle that
students never see, holding the grader and the **course secret** (``_secret``) from which the
hidden cases are drawn, so the public package cannot regenerate them. The bundle carries the
``sml150`` package as installed here (sources only) and one install script, ``setup.sh``, that
prepares the platform's image once:

- a Python at least the package's ``requires-python`` (a suitable ``python3.X`` on ``PATH``;
  else ``apt-get install python3.X python3.X-venv``, which Ubuntu 22.04, Gradescope's base
  image with Python 3.10, has in its own archive, no PPA; else ``uv``, installed with the
  image's pip, downloads a standalone CPython);
- bubblewrap (the sandbox), from apt if ``bwrap`` is missing;
- a virtual environment (``$SML150_VENV``, default ``/opt/sml150``) holding exactly the
  package's runtime dependencies, read from its own ``pyproject.toml`` (or, installed, its
  metadata: the same list), each pinned to the version this installation was tested with.

The platforms' files:

- Gradescope: ``autograder.zip`` with ``setup.sh`` (run once when the image is built) and
  ``run_autograder`` (run per submission: grades ``$AUTOGRADER_ROOT/submission``, default
  ``/autograder``, into ``results/results.json``; a run that cannot grade still writes one,
  saying so).
- Autolab: ``autograde.tar`` (the package and the secret, under ``autograde/``),
  ``autograde-Makefile`` (Autolab's ``Makefile``: run beside the student's handin and
  ``autograde.tar``; prints the report, the autoresult last; it holds no secret) and
  ``autograde-setup.sh`` (the same install script, for the grading image).

What a course must keep private: the bundle's secret (``course_secret`` in the zip, and in
``autograde.tar``) and, if it wants them private, its own reference solutions; the public
package's references are public, so submissions close to them are flagged for review
(``_similarity``), never scored down.
"""

from __future__ import annotations

import io
import os
import re
import shlex
import stat
import tarfile
import tomllib
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Any, Final, final

import attrs

import sml150
from sml150.errors import UsageError

__all__ = ["PLATFORMS", "BundleFile", "install_list", "python_floor", "write_bundle"]

PLATFORMS: Final = ("gradescope", "autolab")
"""The platforms ``write_bundle`` knows."""

_NEWEST_MINOR: Final = 14
"""``setup.sh`` looks for ``python3.<minor>`` from this down to the floor, then ``python3``."""


def _project() -> dict[str, Any] | None:
    """The ``[project]`` table of the checkout's ``pyproject.toml``, if the package is one."""
    path = Path(sml150.__file__).resolve().parent.parent / "pyproject.toml"
    try:
        project = tomllib.loads(path.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return None
    return project if isinstance(project, dict) and project.get("name") == "sml150" else None


def _requirements() -> list[str]:
    """The package's runtime requirements as written (no extras): pyproject, else metadata."""
    project = _project()
    if project is not None:
        return [str(r) for r in project.get("dependencies") or []]
    return [r for r in metadata.requires("sml150") or [] if "extra ==" not in r]


_NAME: Final = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?([^;]*)(;.*)?$")


def _pinned(requirement: str) -> str:
    """``requirement`` pinned to the version installed here (as written if none is).

    >>> _pinned("attrs>=23.1") == f"attrs=={metadata.version('attrs')}"
    True
    >>> _pinned("no-such-package-here>=1 ; python_version < '4'")
    "no-such-package-here>=1 ; python_version < '4'"
    """
    found = _NAME.match(requirement)
    if found is None:
        return requirement.strip()
    name, extras, _, marker = found.groups()
    try:
        version = metadata.version(name)
    except metadata.PackageNotFoundError:
        return requirement.strip()
    return f"{name}{extras or ''}=={version}" + (f" {marker.strip()}" if marker else "")


def install_list() -> tuple[str, ...]:
    """What ``setup.sh`` installs: the package's own dependency list, pinned as tested here.

    >>> any(r.startswith("lark==") for r in install_list())
    True
    """
    return tuple(_pinned(r) for r in _requirements())


def python_floor() -> tuple[int, int]:
    """The oldest Python the package runs on (its ``requires-python``; 3.11 if unreadable).

    >>> python_floor() >= (3, 11)
    True
    """
    project = _project()
    if project is not None:
        spec = str(project.get("requires-python", ""))
    else:
        spec = metadata.metadata("sml150")["Requires-Python"] or ""
    found = re.search(r">=\s*(\d+)\.(\d+)", spec)
    return (int(found.group(1)), int(found.group(2))) if found else (3, 11)


_SETUP: Final = """#!/usr/bin/env bash
# sml150 autograder ({platform}): prepares the grading image once, as root.
#  1. Python >= {floor} (sml150's requires-python): a python3.X on PATH that is new enough is
#     used as it is; else apt-get installs python{floor} and python{floor}-venv (Ubuntu 22.04,
#     Gradescope's base image with Python 3.10, has them in its own archive: no PPA); else
#     uv, installed with the image's pip, downloads a standalone CPython {floor}.
#  2. bubblewrap (the grader's sandbox), from apt when bwrap is missing.
#  3. A virtual environment, $SML150_VENV (default /opt/sml150), holding exactly sml150's
#     runtime dependencies (its pyproject.toml), pinned as the bundle's builder tested them.
set -euo pipefail
venv="${{SML150_VENV:-/opt/sml150}}"
packages=({packages})

new_enough() {{
  "$1" -c 'import ensurepip, sys, venv; sys.exit(sys.version_info < ({major}, {minor}))' \\
    >/dev/null 2>&1
}}
find_python() {{
  local p
  for p in {candidates}; do
    if command -v "$p" >/dev/null 2>&1 && new_enough "$(command -v "$p")"; then
      command -v "$p"
      return 0
    fi
  done
  return 1
}}
updated=""
apt_install() {{
  command -v apt-get >/dev/null 2>&1 || return 1
  if [ -z "$updated" ]; then apt-get update -qq && updated=1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}}

if ! command -v bwrap >/dev/null 2>&1; then apt_install bubblewrap; fi
if python="$(find_python)"; then
  "$python" -m venv "$venv"
elif apt_install python{floor} python{floor}-venv && python="$(find_python)"; then
  "$python" -m venv "$venv"
else
  command -v pip3 >/dev/null 2>&1 || apt_install python3-pip
  python3 -m pip install --quiet uv
  python3 -m uv venv --seed --python {floor} "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${{packages[@]}}"
echo "sml150 autograder: $("$venv/bin/python" -V) in $venv; bubblewrap $(bwrap --version)"
"""

_NOT_GRADED: Final = ("GRADER ERROR: the autograder could not grade this submission (exit "
                      "status %d); this is not a grade, and staff will grade it again.")
_RESULT_FALLBACK: Final = ('{"score": 0.0, "output": "' + _NOT_GRADED + '", '
                           '"stdout_visibility": "hidden", "tests": []}')
"""What ``run_autograder`` writes when the grader wrote no results (Gradescope needs one)."""
_AUTORESULT_FALLBACK: Final = '{"scores": {}, "grader_error": "' + _NOT_GRADED + '"}'
"""Autolab's last line when the grader printed none (it could not start, or it refused)."""

_RUN: Final = """#!/usr/bin/env bash
# sml150 autograder (Gradescope): run for each submission. The course secret (course_secret,
# beside this script in the source folder) decides the hidden cases. Paths follow Gradescope's
# layout under $AUTOGRADER_ROOT (default /autograder); arguments are passed to
# `sml150 grade` (staff testing a bundle: --task 5.1).
set -uo pipefail
root="${{AUTOGRADER_ROOT:-/autograder}}"
venv="${{SML150_VENV:-/opt/sml150}}"
results="$root/results/results.json"
mkdir -p "$root/results"
cd "$root/source" || exit 1
PYTHONPATH="$root/source" SML150_COURSE_SECRET_FILE="$root/source/course_secret" \\
  "$venv/bin/python" -m sml150 grade {hw} "$root/submission" --gradescope "$results" "$@" 2>&1
status=$?
if [ ! -s "$results" ]; then
  printf '{fallback}\\n' "$status" > "$results"
fi
echo "sml150 grade: exit status $status"
"""

_MAKEFILE: Final = """# sml150 autograder (Autolab): Autolab runs `make` in a directory holding this
# file (as Makefile), autograde.tar (the grader and the course secret, autograde/course_secret) and
# the student's handin (a .tar is unpacked, other files copied). The grading image needs
# autograde-setup.sh run once (the venv $SML150_VENV, default /opt/sml150; else python3).
# The report comes first, the autoresult is the last line.
all:
\t@tar xf autograde.tar
\t@mkdir -p submission
\t@for f in $$(ls | grep -v -e '^autograde' -e '^Makefile$$' -e '^submission$$'); do \\
\t  case "$$f" in *.tar) tar xf "$$f" -C submission ;; *) cp -r "$$f" submission/ ;; esac; \\
\tdone
\t@py="$${{SML150_VENV:-/opt/sml150}}/bin/python"; [ -x "$$py" ] || py=python3; \\
\tPYTHONPATH=autograde SML150_COURSE_SECRET_FILE=autograde/course_secret \\
\t  "$$py" -m sml150 grade {hw} submission --autolab >autograde-out 2>autograde-err; \\
\tstatus=$$?; cat autograde-err autograde-out; \\
\ttail -n 1 autograde-out | grep -q '^{{"scores"' || printf '{fallback}\\n' "$$status"
"""


@final
@attrs.frozen
class BundleFile:
    """One file ``write_bundle`` wrote."""

    path: Path
    """Where it is."""
    holds_secret: bool
    """It holds the course secret (keep it private)."""
    role: str
    """What the course does with it, in a few words."""


def _package_files() -> list[tuple[str, bytes]]:
    """(path in the bundle, bytes) of the installed ``sml150`` package's sources."""
    root = Path(sml150.__file__).resolve().parent
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root.parent)
        if path.is_file() and "__pycache__" not in rel.parts and path.suffix != ".pyc":
            out.append((rel.as_posix(), path.read_bytes()))
    return out


def setup_script(platform: str) -> str:
    """The image's install script (``setup.sh``; Autolab's ``autograde-setup.sh``).

    >>> s = setup_script("gradescope")
    >>> "lark==" in s and "python3.11 " in s and "apt-get install" in s
    True
    """
    major, minor = python_floor()
    candidates = [f"python{major}.{m}" for m in range(max(_NEWEST_MINOR, minor), minor - 1, -1)]
    return _SETUP.format(platform=platform, floor=f"{major}.{minor}", major=major, minor=minor,
                         candidates=" ".join([*candidates, f"python{major}"]),
                         packages=" ".join(shlex.quote(p) for p in install_list()))


def _executable(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.external_attr = (stat.S_IFREG | 0o755) << 16
    return info


def write_bundle(platform: str, hw: str, out: Path, secret: str) -> list[BundleFile]:
    """Write the staff bundle for ``platform`` and homework ``hw`` into ``out``.

    REQUIRES: ``platform`` in ``PLATFORMS``, ``hw`` a homework, ``secret`` at least 16
    characters (else ``ValueError``: the hidden cases must not be guessable).
    ENSURES: the bundle's files (mode 0600: staff only), listed, each saying whether it holds
    the secret.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as t:
    ...     [(f.path.name, f.holds_secret) for f in write_bundle("autolab", "hw10", Path(t),
    ...                                                          "s" * 16)]
    [('autograde.tar', True), ('autograde-Makefile', False), ('autograde-setup.sh', False)]
    """
    from sml150.grading._handout import HOMEWORKS

    if platform not in PLATFORMS:
        raise UsageError(f"unknown platform {platform!r}: choose one of {', '.join(PLATFORMS)}")
    if hw not in HOMEWORKS:
        raise UsageError(f"unknown homework {hw!r}: choose one of {', '.join(HOMEWORKS)}")
    if len(secret) < 16:
        raise UsageError("the course secret must have at least 16 characters")
    out.mkdir(parents=True, exist_ok=True)
    files = [*_package_files(), ("course_secret", (secret + "\n").encode())]
    setup = setup_script(platform)
    if platform == "gradescope":
        target = out / "autograder.zip"
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in files:
                z.writestr(name, data)
            z.writestr(_executable("setup.sh"), setup)
            z.writestr(_executable("run_autograder"),
                       _RUN.format(hw=hw, fallback=_RESULT_FALLBACK))
        written = [BundleFile(target, True, "upload it as the assignment's autograder")]
    else:
        tar_path = out / "autograde.tar"
        with tarfile.open(tar_path, "w") as tar:
            for name, data in files:
                info = tarfile.TarInfo(f"autograde/{name}")
                info.size = len(data)
                info.mode = 0o600
                tar.addfile(info, io.BytesIO(data))
        make = out / "autograde-Makefile"
        make.write_text(_MAKEFILE.format(hw=hw, fallback=_AUTORESULT_FALLBACK.replace("$", "$$")),
                        encoding="utf-8")
        script = out / "autograde-setup.sh"
        script.write_text(setup, encoding="utf-8")
        written = [BundleFile(tar_path, True, "the assessment's autograder tar"),
                   BundleFile(make, False, "the assessment's autograder Makefile"),
                   BundleFile(script, False, "run once, as root, in the grading image")]
    for f in written:
        os.chmod(f.path, 0o700 if f.path.suffix == ".sh" else 0o600)
    return written
