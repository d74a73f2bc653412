"""The run's one read-only copy of a submission: regular files only, bounded by bytes read.

The copy is what every sandbox of the run binds (read-only); the submission itself is never
bound. A file the submission holds is copied only if it is a regular file (not a link, a hard
link, a device, a pipe or a pseudo-file), and only as many bytes as were actually read, within
``MAX_SUBMISSION_BYTES`` a file and ``MAX_SUBMISSION_TOTAL`` in all; a failure of the machine
while copying (``MACHINE_ERRNOS``) is a ``GraderFault``, never the student's.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

from sml150.grading._limits import MACHINE_ERRNOS, GraderFault

__all__ = [
    "MAX_SUBMISSION_BYTES",
    "MAX_SUBMISSION_FILES",
    "MAX_SUBMISSION_TOTAL",
    "copy_submission",
    "printable_path",
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


def _copy_bounded(path: Path, target: Path, limit: int) -> int:
    """Copy a regular file of at most ``limit`` bytes; ``ValueError`` if it is no such file.

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
    target.write_bytes(data)
    return len(data)


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
    notes: list[str] = []
    dst.mkdir(parents=True, exist_ok=True)
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
                    (dst / rel).mkdir(parents=True, exist_ok=True)
                    limit = min(MAX_SUBMISSION_BYTES, MAX_SUBMISSION_TOTAL - total)
                    total += _copy_bounded(path, dst / where, limit)
                    copied += 1
            except ValueError as e:
                notes.append(f"skipped {shown(where)}: {e}")
            except OSError as e:
                if e.errno in MACHINE_ERRNOS:  # the machine's failure, not the student's
                    raise GraderFault(f"copying the submission: {e.strerror}") from e
                notes.append(f"skipped {shown(where)}: {e.strerror or type(e).__name__}")
    return notes
