"""A grading run's scratch directory, and the library a worker may import (the bundle).

Everything a run writes lives under one scratch directory (``Bundle.root``), removed on every
exit path the grader survives; a killed grader's leftovers are removed when the next run
starts (``remove_stale_scratch``, and the cgroups' ``remove_stale``).

The library a worker imports is the same files in every run of a process. A run whose workers
are all sandboxed shares one copy of it per process (``shared_library``): every sandbox binds it
read-only, so no run can change what another imports, and a run saves the copy (about 700
files opened, 0.7 s on this project's two-core machine, a fifth of a small task's grading). A
run with unsandboxed workers, which could write to it, gets a copy of its own, as before.
"""

from __future__ import annotations

import atexit
import compileall
import contextlib
import os
import shutil
import sys
import tempfile
import threading
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
    "shared_library",
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


def _fill(target: Path) -> None:
    """Write the library a worker imports into ``target`` (new), and compile it."""
    write_library(target)
    for p in _third_party_paths():
        if p.is_dir():
            shutil.copytree(p, target / p.name, symlinks=False,
                            ignore=shutil.ignore_patterns("*.pyi", "py.typed"))
        else:
            shutil.copy2(p, target / p.name)
    shutil.copyfile(Path(__file__).with_name("_worker.py"), target / "_sml150_worker.py")
    shutil.copyfile(Path(__file__).with_name("_rpc.py"), target / "_sml150_rpc.py")
    # Workers never write bytecode (-B) but read it: compiled once here, each worker starts
    # in a fraction of the time.
    compileall.compile_dir(target / "sml150", quiet=2)


_SHARED: dict[int, Path] = {}
"""This process's shared library by pid (a forked child makes its own): see
``shared_library``. Filled once, never changed; removed when the process exits."""
_SHARED_LOCK = threading.Lock()


def shared_library() -> Path:
    """The library every sandboxed run of this process binds read-only (made on first use).

    ENSURES: the same directory at every call of one process (made again if something
    removed it), under ``<tmp>/sml150-grade-<pid>-library-...`` (so a killed grader's copy is
    stale scratch), removed when the process exits.

    >>> shared_library() == shared_library(), (shared_library() / "_sml150_worker.py").is_file()
    (True, True)
    """
    pid = os.getpid()
    with _SHARED_LOCK:
        d = _SHARED.get(pid)
        if d is None or not (d / "_sml150_worker.py").is_file():
            root = Path(tempfile.mkdtemp(prefix=f"{SCRATCH_PREFIX}{pid}-library-"))
            d = root / "bundle"
            _fill(d)
            _SHARED[pid] = d
            atexit.register(shutil.rmtree, root, ignore_errors=True)
        return d


@final
class Bundle:
    """A scratch directory for one grading run, holding what a worker may import.

    ``bundle/``: ``sml150/__init__.py``, ``sml150/lib`` and the third-party packages (all
    copied: a sandboxed worker cannot follow links out of its view), and the worker script
    (copied as ``_sml150_worker.py``, with ``_rpc`` as ``_sml150_rpc.py``). Tasks get their own
    directories beside it (``task_dir``). ``shared``: every worker of the run is sandboxed
    (binds the library read-only), so ``dir`` is the process's ``shared_library()``.
    All the run's scratch files live under ``root``, which is deleted on exit; the scratch
    directories and cgroups of a grader that was killed (its pid in their names is gone) are
    removed when the next run starts (``remove_stale_scratch``).
    """

    def __init__(self, shared: bool = False) -> None:
        self._passable: set[Path] = set()
        remove_stale_scratch()
        remove_stale_cgroups()
        self._tmp = tempfile.TemporaryDirectory(prefix=f"{SCRATCH_PREFIX}{os.getpid()}-")
        self.root = Path(self._tmp.name)
        self.scratch = self.root / "cwd"
        self.scratch.mkdir()
        if shared:
            self.dir = shared_library()
        else:
            self.dir = self.root / "bundle"
            _fill(self.dir)
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
