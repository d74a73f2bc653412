"""The run's one read-only copy of a submission: regular files only, bounded by bytes read.

The copy is what every sandbox of the run binds (read-only); the submission itself is never
bound. A file the submission holds is copied only if it is a regular file (not a link, a hard
link, a device, a pipe or a pseudo-file), and only as many bytes as were actually read, within
``MAX_SUBMISSION_BYTES`` a file and ``MAX_SUBMISSION_TOTAL`` in all; a failure of the machine
while copying (``MACHINE_ERRNOS``) is a ``GraderFault``, never the student's.

The same walk, under the same rules, also reads a submission into memory (``read_submission``:
a ``Snapshot``, for batch grading to send to a worker on another machine), and
``unpack_snapshot`` writes one back out there: copying the unpacked tree then gives exactly the
files (and no notes) that copying the submission would have given.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Final, final

import attrs

from sml150.grading._limits import MACHINE_ERRNOS, GraderFault

__all__ = [
    "MAX_SUBMISSION_BYTES",
    "MAX_SUBMISSION_FILES",
    "MAX_SUBMISSION_TOTAL",
    "Snapshot",
    "SnapshotFile",
    "copy_submission",
    "printable_path",
    "read_submission",
    "unpack_snapshot",
]


MAX_SUBMISSION_FILES: Final = 2000
"""More files than this in a submission are not copied (and the report says so)."""
MAX_SUBMISSION_BYTES: Final = 20 * 1024 * 1024
"""Files larger than this are not copied."""
MAX_SUBMISSION_TOTAL: Final = 64 * 1024 * 1024
"""Files past this many bytes in all are not copied."""


def printable_path(path: Path | str) -> str:
    r"""A path as text that any report can print (undecodable bytes escaped), truncated.

    >>> printable_path(Path(b"las\xff.py".decode("utf-8", "surrogateescape")))
    'las\\xff.py'
    """
    text = os.fsencode(str(path)).decode("utf-8", "backslashreplace")
    return text if len(text) <= 200 else text[:197] + "..."


def _read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``ValueError`` if no such file.

    The bytes read count, not the size ``stat`` reports (``/proc``-like files say 0 and
    hold more), and the file is checked again once open (it may have been swapped).
    """
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        if st.st_nlink > 1:
            raise ValueError("a hard link (submit plain files)")
        data = bytearray()
        while len(data) <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - len(data)))
            if not chunk:
                break
            data += chunk
    finally:
        os.close(fd)
    if len(data) > limit:
        raise ValueError(f"more than {limit} bytes")
    return bytes(data)


def _copy_bounded(path: Path, target: Path, limit: int) -> int:
    """Copy a regular file of at most ``limit`` bytes (``_read_bounded``); the bytes copied.

    ``target``'s directory is made only once the file is read (a file left out leaves no
    empty directory behind, as in a ``Snapshot``).
    """
    data = _read_bounded(path, limit)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    return len(data)


_Take = Callable[[Path, Path, int], int]
"""What the walk does with a file it keeps: ``take(path, relative, limit)`` -> bytes kept."""


def _walk_submission(src: Path, take: _Take) -> list[str]:
    """Offer ``take`` each regular file of ``src`` the limits allow; the notes on the others.

    The one walk behind ``copy_submission`` and ``read_submission`` (see the former).
    """
    notes: list[str] = []
    copied = total = 0
    shown = printable_path

    def unreadable(e: OSError) -> None:
        notes.append(f"skipped {shown(e.filename or '?')}: {e.strerror or 'unreadable'}")

    for top, dirs, files in os.walk(src, followlinks=False, onerror=unreadable):
        rel = Path(top).relative_to(src)
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for d in list(dirs):
            if (Path(top) / d).is_symlink():
                notes.append(f"skipped {shown(rel / d)}: a symbolic link (submit plain files)")
                dirs.remove(d)
        for name in sorted(files):
            path, where = Path(top) / name, rel / name
            try:
                st = path.lstat()
                if path.is_symlink():
                    notes.append(f"skipped {shown(where)}: a symbolic link (submit plain files)")
                elif not path.is_file():
                    notes.append(f"skipped {shown(where)}: not a regular file")
                elif st.st_size > MAX_SUBMISSION_BYTES:
                    notes.append(f"skipped {shown(where)}: larger than {MAX_SUBMISSION_BYTES}"
                                 " bytes")
                elif copied >= MAX_SUBMISSION_FILES:
                    notes.append(f"skipped {shown(where)}: more than {MAX_SUBMISSION_FILES}"
                                 " files")
                elif total + st.st_size > MAX_SUBMISSION_TOTAL:
                    notes.append(f"skipped {shown(where)}: more than {MAX_SUBMISSION_TOTAL}"
                                 " bytes in all")
                elif st.st_nlink > 1:
                    notes.append(f"skipped {shown(where)}: a hard link (submit plain files)")
                else:
                    limit = min(MAX_SUBMISSION_BYTES, MAX_SUBMISSION_TOTAL - total)
                    total += take(path, where, limit)
                    copied += 1
            except ValueError as e:
                notes.append(f"skipped {shown(where)}: {e}")
            except OSError as e:
                if e.errno in MACHINE_ERRNOS:  # the machine's failure, not the student's
                    raise GraderFault(f"copying the submission: {e.strerror}") from e
                notes.append(f"skipped {shown(where)}: {e.strerror or type(e).__name__}")
    return notes


def copy_submission(src: Path, dst: Path) -> list[str]:
    r"""Copy the regular files of ``src`` into ``dst``; return notes on what was left out.

    Workers read the copy, never ``src``: a symbolic link (e.g. one unpacked from a tarball,
    pointing at an installed reference solution) is skipped, not followed, as are hard links
    (a file of another place, whose content would come back in a report), special files,
    caches, oversized files (by the bytes actually read), anything past
    ``MAX_SUBMISSION_FILES`` files or ``MAX_SUBMISSION_TOTAL`` bytes, and any file that cannot
    be copied (a name too long, unreadable): each costs a note, never the run. A failure of
    the machine (no space left, an I/O error) raises ``GraderFault``: it is not the student's.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (Path(d) / "src").mkdir()
    ...     _ = (Path(d) / "src" / "las.py").write_text("x = 1")
    ...     (Path(d) / "src" / "link.py").symlink_to("/etc/hostname")
    ...     os.link(Path(d) / "src" / "las.py", Path(d) / "src" / "hard.py")
    ...     notes = copy_submission(Path(d) / "src", Path(d) / "dst")
    ...     sorted(p.name for p in (Path(d) / "dst").iterdir()), len(notes)
    ...     print(*notes, sep="\n")
    ([], 3)
    skipped hard.py: a hard link (submit plain files)
    skipped las.py: a hard link (submit plain files)
    skipped link.py: a symbolic link (submit plain files)
    """
    dst.mkdir(parents=True, exist_ok=True)
    return _walk_submission(src, lambda path, where, limit: _copy_bounded(path, dst / where,
                                                                          limit))


@final
@attrs.frozen
class SnapshotFile:
    """One file of a ``Snapshot``."""

    path: str
    """Its place under the submission, relative, ``/``-separated (undecodable bytes as
    ``os.fsdecode`` gives them)."""
    data: bytes
    """Its bytes, as read (``_read_bounded``)."""


@final
@attrs.frozen
class Snapshot:
    """A submission read into memory by the rules of ``copy_submission``: what a copy holds."""

    files: tuple[SnapshotFile, ...]
    """The files kept, in the walk's order."""
    notes: tuple[str, ...]
    """What was left out, as ``copy_submission`` says it."""

    @property
    def size(self) -> int:
        """The bytes of all its files (at most ``MAX_SUBMISSION_TOTAL``)."""
        return sum(len(f.data) for f in self.files)


def read_submission(src: Path) -> Snapshot:
    r"""The regular files of ``src`` in memory, left out and bounded as ``copy_submission`` does.

    ENSURES: ``unpack_snapshot`` of the result then ``copy_submission`` of that gives the files
    ``copy_submission(src, ...)`` gives, and no notes; the result's ``notes`` are its notes.
    A failure of the machine while reading raises ``GraderFault``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (Path(d) / "src" / "pkg").mkdir(parents=True)
    ...     _ = (Path(d) / "src" / "pkg" / "las.py").write_text("x = 1")
    ...     (Path(d) / "src" / "link.py").symlink_to("/etc/hostname")
    ...     snap = read_submission(Path(d) / "src")
    >>> snap.files
    (SnapshotFile(path='pkg/las.py', data=b'x = 1'),)
    >>> snap.notes
    ('skipped link.py: a symbolic link (submit plain files)',)
    """
    files: list[SnapshotFile] = []

    def keep(path: Path, where: Path, limit: int) -> int:
        data = _read_bounded(path, limit)
        files.append(SnapshotFile(where.as_posix(), data))
        return len(data)

    notes = _walk_submission(src, keep)
    return Snapshot(tuple(files), tuple(notes))


def unpack_snapshot(snapshot: Snapshot, dst: Path) -> None:
    """Write ``snapshot``'s files under ``dst`` (made if missing), as regular files.

    REQUIRES: ``dst`` empty or missing; every path relative, without ``..`` (else
    ``ValueError``, before anything is written: a snapshot is made by ``read_submission``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     unpack_snapshot(Snapshot((SnapshotFile("pkg/las.py", b"x = 1"),), ()), Path(d))
    ...     (Path(d) / "pkg" / "las.py").read_text()
    'x = 1'
    >>> unpack_snapshot(Snapshot((SnapshotFile("../las.py", b""),), ()), Path("."))
    Traceback (most recent call last):
    ...
    ValueError: not a path inside the submission: '../las.py'
    """
    for f in snapshot.files:
        rel = PurePosixPath(f.path)
        if rel.is_absolute() or not rel.parts or ".." in rel.parts:
            raise ValueError(f"not a path inside the submission: {f.path!r}")
    dst.mkdir(parents=True, exist_ok=True)
    for f in snapshot.files:
        target = dst.joinpath(*PurePosixPath(f.path).parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f.data)
