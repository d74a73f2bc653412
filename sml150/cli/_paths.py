"""Checks of a directory the command is asked to write into, before anything is written.

``sml150 handout hw10 DIR`` writes starter files and a copy of ``sml150/lib`` into ``DIR``. These
checks refuse, in one line, the directories where that cannot work or would do harm: an empty
name, a path through a file (``README.md/sub``), a place no file can be created (``/proc``,
``/sys``, a read-only or foreign directory), and the directory of the installed ``sml150``
package itself (an editable install of a checkout: the copy would overwrite the library with
itself). ``sml150 grade`` refuses a submission on a kernel's pseudo-filesystem (``/proc``,
``/sys``, ``/dev``): their "files" are endless or change as they are read, and grading them only
wastes minutes (the grader copies regular files only, and finds no module there).

Files a command writes after its work (``tournament --json/--csv``, ``workspan --out``,
``grade --gradescope``, ``grade --batch --out``) are checked before the work
(``check_output_file``, ``check_output_directory``): a refusal costs no minutes, and no folder
is ever made for a file (``--gradescope /nonexistent/results.json`` makes nothing at the root).
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from sml150.cli._usage import UsageError

__all__ = [
    "check_output_directory",
    "check_output_file",
    "check_submission_directory",
    "check_writable_directory",
    "installed_package",
]

PSEUDO_FILESYSTEMS = frozenset({
    "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devpts",
    "devtmpfs", "efivarfs", "fusectl", "hugetlbfs", "mqueue", "nsfs", "proc", "pstore",
    "rpc_pipefs", "securityfs", "sysfs", "tracefs",
})
"""Linux filesystem types that hold the kernel's views, not anybody's files."""


MAX_LEVELS = 200
"""The deepest path a command takes (a path 1,500 folders deep exhausted Python's recursion
when its folders were made)."""
_PATH_MAX = 4096
"""Linux's longest path, in bytes with its final NUL."""


def installed_package() -> Path:
    """The directory of the ``sml150`` package this command runs from.

    >>> (installed_package() / "cli" / "_paths.py").is_file()
    True
    """
    import sml150

    return Path(sml150.__file__).resolve().parent


def _nearest_existing(path: Path) -> Path:
    """``path`` or its nearest ancestor that exists (``lexists``: a dangling link counts).

    >>> _nearest_existing(Path("/") / "no-such-dir-sml150" / "x")
    PosixPath('/')
    """
    # Inv: every path strictly below `here` on the way to `path` does not exist.
    here = path
    while not os.path.lexists(here) and here != here.parent:
        here = here.parent
    return here


def _can_create_in(directory: Path) -> str | None:
    """Why no file can be made in the existing ``directory`` (``None``: one can).

    Tries it: makes an empty private directory there and removes it at once (``os.access``
    says yes for root on ``/proc`` and ``/sys``, where nothing can be created).
    """
    try:
        probe = tempfile.mkdtemp(prefix=".sml150-probe-", dir=directory)
    except OSError as e:
        return e.strerror or type(e).__name__
    try:
        os.rmdir(probe)
    except OSError as e:  # pragma: no cover - made a moment ago by us
        return e.strerror or type(e).__name__
    return None


def _check_name(text: str, what: str) -> None:
    r"""Refuse a name no file system takes: a NUL byte, or text that is not encodable.

    >>> _check_name("a\x00b", "directory")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: the directory 'a\x00b' holds a NUL character: no file can have it
    """
    if "\x00" in text:
        raise UsageError(f"the {what} {text!r} holds a NUL character: no file can have it")
    try:
        encoded = os.fsencode(text)
    except UnicodeError:
        raise UsageError(f"the {what} {text!r} is not a name this system can encode") from None
    levels = len(Path(text).parts)
    if len(encoded) >= _PATH_MAX or levels > MAX_LEVELS:
        raise UsageError(f"the {what} is {levels} folders deep and {len(encoded)} bytes long"
                         f" (at most {MAX_LEVELS} folders and {_PATH_MAX - 1} bytes): choose a"
                         " shorter path")


def check_writable_directory(text: str, what: str = "directory") -> Path:
    """``text`` as a directory the command may create and write into, or a one-line refusal.

    REQUIRES: true. ENSURES: the path, when it names an existing directory in which a file can
    be made, or a path whose nearest existing ancestor is such a directory; that is neither the
    installed ``sml150`` package's directory, its parent (where ``DIR/sml150`` is the package)
    nor inside it. Otherwise ``UsageError`` saying why; nothing has been written either way.

    >>> check_writable_directory("")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: the directory is empty: name one (for example starter/)
    >>> check_writable_directory("/proc/sml150-starter")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: cannot create files in /proc (No such file or directory): \
choose another directory than '/proc/sml150-starter'
    >>> import tempfile; d = tempfile.mkdtemp()
    >>> check_writable_directory(d + "/starter") == Path(d) / "starter"
    True
    """
    if not text.strip():
        raise UsageError(f"the {what} is empty: name one (for example starter/)")
    _check_name(text, what)
    path = Path(text)
    here = _nearest_existing(path.absolute())
    if not here.is_dir():
        kind = "a file" if here.is_file() else "not a directory"
        raise UsageError(f"{here} is {kind}: cannot make the {what} {text!r} there")
    why = _can_create_in(here)
    if why is not None:
        raise UsageError(f"cannot create files in {here} ({why}): choose another {what}"
                         f" than {text!r}")
    package = installed_package()
    target = path.resolve()
    if target in (package, package.parent) or package in target.parents:
        raise UsageError(
            f"{text!r} is the installed sml150 package's own "
            f"{'checkout' if target == package.parent else 'source'} ({package}): the starter's"
            " copy of sml150/lib would overwrite it; choose another directory")
    for where in _import_roots():
        if target == where or where in target.parents:
            raise UsageError(
                f"{text!r} is {'in ' if target != where else ''}{where}, where Python imports "
                "installed packages from: a copy of sml150 there would shadow the library; "
                "choose another directory")
    return path


def _import_roots() -> list[Path]:
    """Where this Python imports installed packages from (site-packages and the like).

    A starter written there (or inside a package there) puts an ``sml150`` folder where
    ``import sml150`` may find it first.
    """
    import site
    import sys
    import sysconfig

    found = {*site.getsitepackages(), site.getusersitepackages(),
             *(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))}
    found |= {p for p in sys.path if p.endswith(("site-packages", "dist-packages"))}
    roots = []
    for p in sorted(found):
        try:
            if p and Path(p).is_dir():
                roots.append(Path(p).resolve())
        except OSError:  # pragma: no cover - an unreadable entry
            continue
    return roots


def _mounts(mountinfo: str) -> list[tuple[str, str]]:
    r"""``(mount point, filesystem type)`` of each line of ``/proc/self/mountinfo`` text.

    >>> _mounts("22 1 0:21 / /proc rw,nosuid - proc proc rw\n"
    ...         "30 1 8:1 / /my\\040files rw shared:1 - ext4 /dev/sda1 rw\n")
    [('/proc', 'proc'), ('/my files', 'ext4')]
    """
    found = []
    for line in mountinfo.splitlines():
        fields = line.split()
        if "-" in fields[6:]:
            dash = fields.index("-", 6)
            if len(fields) > dash + 1:
                point = re.sub(r"\\([0-7]{3})", lambda m: chr(int(m[1], 8)), fields[4])
                found.append((point, fields[dash + 1]))
    return found


def pseudo_filesystem(path: Path, mountinfo: str | None = None) -> str | None:
    """The pseudo-filesystem type ``path`` lies on (``proc``, ``sysfs``, ...), else ``None``.

    ``mountinfo`` defaults to this process's ``/proc/self/mountinfo`` (none: ``None``, as on
    systems other than Linux).

    >>> pseudo_filesystem(Path("/proc/1"), "22 1 0:21 / /proc rw - proc proc rw")
    'proc'
    >>> pseudo_filesystem(Path("/home/me"), "22 1 0:21 / /proc rw - proc proc rw") is None
    True
    """
    if mountinfo is None:
        try:
            mountinfo = Path("/proc/self/mountinfo").read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    target = path.resolve()
    for point, kind in _mounts(mountinfo):
        if kind in PSEUDO_FILESYSTEMS and (target == Path(point) or Path(point) in target.parents):
            return kind
    return None


def check_submission_directory(text: str) -> Path:
    """``text`` as a submission directory to grade, or a one-line refusal.

    REQUIRES: true. ENSURES: the path of an existing directory that is not on a kernel
    pseudo-filesystem; else ``UsageError`` saying why.

    >>> check_submission_directory("/nonexistent/submission")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: submission directory not found: /nonexistent/submission
    """
    _check_name(text, "submission directory")
    path = Path(text)
    if not text.strip() or not os.path.isdir(path):  # False on ENAMETOOLONG too
        raise UsageError(f"submission directory not found: {text}")
    kind = pseudo_filesystem(path)
    if kind is not None:
        raise UsageError(f"{text} is on a {kind} pseudo-filesystem (the kernel's views, not a"
                         " student's files): grade a directory of submitted files")
    return path


def check_output_file(text: str, what: str, suffixes: tuple[str, ...] = ()) -> Path:
    """``text`` as a file the command will write after its work, or a one-line refusal now.

    REQUIRES: true. ENSURES: the path, when its folder exists and a file can be made there,
    and it is neither a folder, a dangling symbolic link nor a file that cannot be written;
    with ``suffixes``, its name ends with one of them (``plot`` would be written as
    ``plot.png``). Otherwise ``UsageError``; nothing is made either way.

    >>> check_output_file("/nonexistent-sml150/results.json", "--gradescope")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: --gradescope /nonexistent-sml150/results.json: no folder \
/nonexistent-sml150 to write it in (make it first)
    >>> check_output_file("/tmp", "--out")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: --out /tmp is a folder: name a file in it
    >>> check_output_file("plot", "--out", (".png", ".svg"))
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: --out plot: name the file with its format's suffix (.png, .svg)
    """
    if not text.strip():
        raise UsageError(f"{what} is empty: name a file")
    _check_name(text, what)
    path = Path(text)
    try:
        if path.is_dir():
            raise UsageError(f"{what} {text} is a folder: name a file in it")
        if suffixes and path.suffix.lower() not in suffixes:
            raise UsageError(f"{what} {text}: name the file with its format's suffix"
                             f" ({', '.join(suffixes)})")
        if path.is_symlink() and not path.exists():
            raise UsageError(f"{what} {text} is a symbolic link to nothing: name a file")
        folder = path.absolute().parent
        if not folder.is_dir():
            raise UsageError(f"{what} {text}: no folder {folder} to write it in (make it first)")
    except OSError as e:  # a name too long, a loop of links
        raise UsageError(f"{what} {text}: {e.strerror or type(e).__name__}") from None
    why = _can_create_in(folder)
    if why is not None:
        raise UsageError(f"{what} {text}: cannot write in {folder} ({why})")
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"{what} {text}: the file exists and cannot be written")
    return path


def check_output_directory(text: str, what: str) -> Path:
    """``text`` as a folder the command will fill after its work (made if missing), or a refusal.

    The same rules as ``check_writable_directory``, and a symbolic link to nothing is refused
    (making the folder would fail only after the work).

    >>> import tempfile; d = tempfile.mkdtemp()
    >>> (Path(d) / "gone").symlink_to(Path(d) / "nowhere")
    >>> check_output_directory(str(Path(d) / "gone"), "--out")
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: --out ... is a symbolic link to nothing: name a folder
    """
    path = Path(text)
    try:
        dangling = path.is_symlink() and not path.exists()
    except OSError:
        dangling = False
    if dangling:
        raise UsageError(f"{what} {text} is a symbolic link to nothing: name a folder")
    if os.path.lexists(path) and not path.is_dir():
        raise UsageError(f"{what} {text} is a file: name a folder")
    return check_writable_directory(text, f"{what} folder")
