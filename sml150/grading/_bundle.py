"""A grading run's scratch directory, and the library a worker may import (the bundle).

Everything a run writes lives under one scratch directory (``Bundle.root``), removed on every
exit path the grader survives; a killed grader's leftovers are removed when the next run
starts (``remove_stale_scratch``, and the cgroups' ``remove_stale``).
"""

from __future__ import annotations

import compileall
import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import TracebackType
from typing import Final, final

import sml150
from sml150.grading._cgroup import remove_stale as remove_stale_cgroups
from sml150.grading._seccomp import program as seccomp_program

__all__ = [
    "SCRATCH_PREFIX",
    "Bundle",
    "package_dir",
    "remove_stale_scratch",
    "site_dirs",
    "write_library",
]

_THIRD_PARTY: Final = ("attr", "attrs", "returns", "toolz", "tlz", "typing_extensions")


def package_dir() -> Path:
    """The installed ``sml150`` package's directory (the grader's own; never a worker's).

    >>> (package_dir() / "grading").is_dir()
    True
    """
    return Path(sml150.__file__).resolve().parent


def _third_party_paths() -> list[Path]:
    import attr
    import attrs as attrs_pkg
    import returns
    import toolz
    import typing_extensions

    paths = [Path(m.__file__ or "") for m in (attr, attrs_pkg, returns, toolz)]
    found = [p.parent for p in paths]
    found.append(Path(typing_extensions.__file__ or ""))
    tlz = found[-2].parent / "tlz"
    if tlz.is_dir():
        found.append(tlz)
    return found


SCRATCH_PREFIX: Final = "sml150-grade-"
"""A run's scratch directory is ``<tmp>/sml150-grade-<grader pid>-<random>``."""


def remove_stale_scratch(tmp: Path | None = None) -> int:
    """Remove the scratch directories of grader runs that were killed; how many.

    A directory whose grader pid is no longer running is stale (a run removes its own on
    every exit path it survives; ``SIGKILL`` leaves it behind).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as t:
    ...     (Path(t) / f"{SCRATCH_PREFIX}999999999-x").mkdir()
    ...     (Path(t) / f"{SCRATCH_PREFIX}{os.getpid()}-y").mkdir()
    ...     remove_stale_scratch(Path(t)), sorted(p.name[-1] for p in Path(t).iterdir())
    (1, ['y'])
    """
    where = tmp if tmp is not None else Path(tempfile.gettempdir())
    removed = 0
    with contextlib.suppress(OSError):
        for d in where.iterdir():
            if not d.name.startswith(SCRATCH_PREFIX):
                continue
            pid = d.name.removeprefix(SCRATCH_PREFIX).split("-", 1)[0]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists() and not d.is_symlink():
                shutil.rmtree(d, ignore_errors=True)
                removed += 1
    return removed


@final
class Bundle:
    """A scratch directory for one grading run, holding what a worker may import.

    ``bundle/``: ``sml150/__init__.py``, ``sml150/lib`` and the third-party packages (all
    copied: a sandboxed worker cannot follow links out of its view), and the worker script
    (copied as ``_sml150_worker.py``, with ``_rpc`` as ``_sml150_rpc.py``). Tasks get their own
    directories beside it (``task_dir``).
    All the run's scratch files live under ``root``, which is deleted on exit; the scratch
    directories and cgroups of a grader that was killed (its pid in their names is gone) are
    removed when the next run starts (``remove_stale_scratch``).
    """

    def __init__(self) -> None:
        self._passable: set[Path] = set()
        remove_stale_scratch()
        remove_stale_cgroups()
        self._tmp = tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")
        self.root = Path(self._tmp.name)
        self.dir = self.root / "bundle"
        self.scratch = self.root / "cwd"
        self.scratch.mkdir()
        write_library(self.dir)
        for p in _third_party_paths():
            if p.is_dir():
                shutil.copytree(p, self.dir / p.name, symlinks=False,
                                ignore=shutil.ignore_patterns("*.pyi", "py.typed"))
            else:
                shutil.copy2(p, self.dir / p.name)
        shutil.copyfile(Path(__file__).with_name("_worker.py"), self.dir / "_sml150_worker.py")
        shutil.copyfile(Path(__file__).with_name("_rpc.py"), self.dir / "_sml150_rpc.py")
        # Workers never write bytecode (-B) but read it: compiled once here, each worker starts
        # in a fraction of the time.
        compileall.compile_dir(self.dir / "sml150", quiet=2)
        seccomp = seccomp_program()
        self.seccomp = seccomp.hex() if seccomp is not None else ""

    def __enter__(self) -> Bundle:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Delete every scratch file of the run."""
        self._tmp.cleanup()

    def passable(self, path: Path) -> None:
        """Make the tree ``path`` readable by ``SANDBOX_UID`` (dirs ``o+rx``, files ``o+r``).

        Needed when the grader is root (``Runtime.setpriv``): the worker is then that host
        uid, and reads only what others may. Only trees the worker is given are touched (the
        bundle, the submission's copy, a case's files), once each per run.
        """
        if path in self._passable:
            return
        self._passable.add(path)
        for top, dirs, files in os.walk(path, followlinks=False):
            with contextlib.suppress(OSError):
                os.chmod(top, os.stat(top).st_mode | 0o005)
            for name in files:
                with contextlib.suppress(OSError):
                    f = os.path.join(top, name)
                    if not os.path.islink(f):
                        os.chmod(f, os.stat(f).st_mode | 0o004)
            dirs[:] = [d for d in dirs if not os.path.islink(os.path.join(top, d))]

    def task_dir(self) -> Path:
        """A new, empty directory for one task's files (its submission copy, its cases').

        Safe to call from several threads at once.
        """
        return Path(tempfile.mkdtemp(prefix="task-", dir=self.root))

    def blocked_roots(self) -> list[str]:
        """Directories a worker may not read: the real package, and its checkout's ``.git``."""
        pkg = package_dir()
        roots = [str(pkg)]
        git = pkg.parent / ".git"
        if git.exists():
            roots.append(str(git))
        return roots


def site_dirs() -> list[str]:
    """Every site-packages directory this interpreter knows (an unsandboxed worker's no-go).

    They can hold an installed copy of the reference solutions.
    """
    import site
    import sysconfig

    found = {*site.getsitepackages(), site.getusersitepackages()}
    found |= {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
    found |= {p for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    return sorted(str(Path(p).resolve()) for p in found if Path(p).is_dir())


def write_library(target: Path) -> None:
    """Copy ``sml150/__init__.py`` and ``sml150/lib`` (sources only) into ``target/sml150``.

    Also used by ``write_handout``: students get the library part of the package, nothing else.
    """
    pkg = package_dir()
    dest = target / "sml150"
    (dest / "lib").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(pkg / "__init__.py", dest / "__init__.py")
    if (pkg / "py.typed").exists():
        shutil.copyfile(pkg / "py.typed", dest / "py.typed")
    for f in sorted((pkg / "lib").glob("*.py")):
        shutil.copyfile(f, dest / "lib" / f.name)
    for f in sorted(pkg.glob("_*.py")):  # private top-level helpers the library may import
        if f.name != "__init__.py":
            shutil.copyfile(f, dest / f.name)
