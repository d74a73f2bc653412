"""A seccomp filter for grading workers: no new processes, no exec, no kernel attack surface.

The filter is classic BPF, built here (in the grader) as bytes and installed by the worker
itself (``_worker._install_seccomp``) after its own start-up and before any submission code
runs; it then holds for the worker and every thread it starts, and cannot be removed.

What it refuses (``EPERM``): new processes (``fork``, ``vfork``, ``clone`` without
``CLONE_THREAD`` or with a namespace flag), ``execve``/``execveat``, ``ptrace`` and the
``process_vm_*`` calls, mounts and namespaces, kernel keyrings, ``bpf``, ``perf_event_open``,
``userfaultfd``, ``io_uring``, module loading, handle-based opens, sockets, ``kill`` and
``tkill`` (a worker signals nothing but its own threads, with ``tgkill``), and a few
administrative calls. ``clone3`` fails with ``ENOSYS``, so the C library falls back to
``clone``, whose flags a filter can see. Threads stay allowed (they share the worker's
address-space limit). Another architecture's system calls (x32 on x86-64 included) end the
process.

Only x86-64 is described; elsewhere ``program()`` returns ``None`` and the worker runs without
the filter (bubblewrap's namespaces and the resource limits still hold).
"""

from __future__ import annotations

import platform
import struct
from typing import Final

__all__ = ["DENIED_X86_64", "program"]

_LD_W_ABS: Final = 0x20
_JEQ_K: Final = 0x15
_JGE_K: Final = 0x35
_JSET_K: Final = 0x45
_JA: Final = 0x05
_RET_K: Final = 0x06

_RET_KILL_PROCESS: Final = 0x80000000
_RET_ERRNO: Final = 0x00050000
_RET_ALLOW: Final = 0x7FFF0000
_EPERM: Final = 1
_ENOSYS: Final = 38

_AUDIT_ARCH_X86_64: Final = 0xC000003E
_X32_BIT: Final = 0x40000000
_CLONE_THREAD: Final = 0x00010000
_CLONE_NAMESPACES: Final = 0x7E020000  # NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET

DENIED_X86_64: Final = {
    "fork": 57, "vfork": 58, "execve": 59, "execveat": 322, "ptrace": 101,
    "process_vm_readv": 310, "process_vm_writev": 311, "kcmp": 312, "pidfd_getfd": 438,
    "mount": 165, "umount2": 166, "pivot_root": 155, "chroot": 161, "unshare": 272,
    "setns": 308, "mount_setattr": 442, "move_mount": 429, "open_tree": 428, "fsopen": 430,
    "fsconfig": 431, "fsmount": 432, "fspick": 433,
    "keyctl": 250, "add_key": 248, "request_key": 249, "bpf": 321, "perf_event_open": 298,
    "userfaultfd": 323, "io_uring_setup": 425, "io_uring_enter": 426, "io_uring_register": 427,
    "kexec_load": 246, "kexec_file_load": 320, "init_module": 175, "finit_module": 313,
    "delete_module": 176, "open_by_handle_at": 304, "name_to_handle_at": 303,
    "socket": 41, "socketpair": 53, "personality": 135, "reboot": 169, "swapon": 167,
    "swapoff": 168, "syslog": 103, "acct": 163, "quotactl": 179, "fanotify_init": 300,
    "lookup_dcookie": 212, "kill": 62, "tkill": 200,
    # memory outside the address space (RLIMIT_AS) and outside the tmpfs cap
    "memfd_create": 319, "memfd_secret": 447, "shmget": 29, "shmat": 30, "mq_open": 240,
}
"""System calls the filter refuses with ``EPERM`` (x86-64 numbers)."""

_CLONE: Final = 56
_CLONE3: Final = 435


def _ins(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("=HBBI", code, jt, jf, k)


def program(machine: str | None = None) -> bytes | None:
    """The filter for ``machine`` (default: this one) as ``struct sock_filter`` bytes.

    REQUIRES: nothing. ENSURES: ``None`` where no filter is described (not x86-64); else a
    program of 8-byte instructions whose last one allows the call.

    >>> p = program("x86_64")
    >>> p is not None and len(p) % 8 == 0 and program("sparc") is None
    True
    """
    if (machine or platform.machine()) not in ("x86_64", "AMD64", "amd64"):
        return None
    deny = _RET_ERRNO | _EPERM
    out = [
        _ins(_LD_W_ABS, 4),  # seccomp_data.arch
        _ins(_JEQ_K, _AUDIT_ARCH_X86_64, 1, 0),
        _ins(_RET_K, _RET_KILL_PROCESS),
        _ins(_LD_W_ABS, 0),  # seccomp_data.nr
        _ins(_JGE_K, _X32_BIT, 0, 1),
        _ins(_RET_K, deny),
    ]
    for nr in sorted(DENIED_X86_64.values()):
        out += [_ins(_JEQ_K, nr, 0, 1), _ins(_RET_K, deny)]
    out += [
        _ins(_JEQ_K, _CLONE3, 0, 1),
        _ins(_RET_K, _RET_ERRNO | _ENOSYS),
        _ins(_JEQ_K, _CLONE, 1, 0),
        _ins(_RET_K, _RET_ALLOW),
        _ins(_LD_W_ABS, 16),  # low half of seccomp_data.args[0]: clone's flags
        _ins(_JSET_K, _CLONE_THREAD, 1, 0),
        _ins(_RET_K, deny),
        _ins(_JSET_K, _CLONE_NAMESPACES, 0, 1),
        _ins(_RET_K, deny),
        _ins(_RET_K, _RET_ALLOW),
    ]
    return b"".join(out)


_AUDIT_ARCH_I386: Final = 0x40000003
_AT_EMPTY_PATH: Final = 0x1000

DENIED_I386: Final = {
    "fork": 2, "vfork": 190, "execve": 11, "ptrace": 26, "process_vm_readv": 347,
    "process_vm_writev": 348, "kcmp": 349, "pidfd_getfd": 438, "mount": 21, "umount": 22,
    "umount2": 52, "pivot_root": 217, "chroot": 61, "unshare": 310, "setns": 346,
    "mount_setattr": 442, "move_mount": 429, "open_tree": 428, "fsopen": 430, "fsconfig": 431,
    "fsmount": 432, "fspick": 433, "keyctl": 288, "add_key": 286, "request_key": 287,
    "bpf": 357, "perf_event_open": 336, "userfaultfd": 374, "io_uring_setup": 425,
    "io_uring_enter": 426, "io_uring_register": 427, "kexec_load": 283, "init_module": 128,
    "finit_module": 350, "delete_module": 129, "open_by_handle_at": 342,
    "name_to_handle_at": 341, "socket": 359, "socketpair": 360, "socketcall": 102,
    "personality": 136, "reboot": 88, "swapon": 87, "swapoff": 115, "syslog": 103, "acct": 51,
    "quotactl": 131, "fanotify_init": 338, "lookup_dcookie": 253, "kill": 37, "tkill": 238,
    "memfd_create": 356, "memfd_secret": 447, "ipc": 117, "shmget": 395, "shmat": 397,
    "mq_open": 277, "vm86": 166, "vm86old": 113, "iopl": 110, "ioperm": 101,
}
"""The same refusals for i386 processes (``socketcall`` and ``ipc`` are the multiplexers of
sockets and SysV IPC there), and ``vm86``/``iopl``/``ioperm``."""

_EXECVEAT_X86_64: Final = 322
_EXECVEAT_I386: Final = 358
_CLONE_I386: Final = 120


def _deny_list(numbers: list[int], execveat: int, exec_fd: int, clone: int,
               clone3: int) -> list[bytes]:
    """One architecture's part of the launcher filter (the accumulator holds ``nr``).

    It refuses ``numbers``, allows ``execveat`` only from ``exec_fd`` with ``AT_EMPTY_PATH``
    and ``clone`` only for threads.
    """
    deny = _RET_ERRNO | _EPERM
    out: list[bytes] = []
    for nr in sorted(numbers):
        out += [_ins(_JEQ_K, nr, 0, 1), _ins(_RET_K, deny)]
    out += [
        _ins(_JEQ_K, clone3, 0, 1),
        _ins(_RET_K, _RET_ERRNO | _ENOSYS),
        _ins(_JEQ_K, execveat, 0, 6),
        _ins(_LD_W_ABS, 16),  # low half of args[0]: the directory descriptor
        _ins(_JEQ_K, exec_fd, 0, 3),
        _ins(_LD_W_ABS, 48),  # low half of args[4]: the flags
        _ins(_JEQ_K, _AT_EMPTY_PATH, 0, 1),
        _ins(_RET_K, _RET_ALLOW),
        _ins(_RET_K, deny),
        _ins(_JEQ_K, clone, 1, 0),
        _ins(_RET_K, _RET_ALLOW),
        _ins(_LD_W_ABS, 16),  # low half of clone's flags
        _ins(_JSET_K, _CLONE_THREAD, 1, 0),
        _ins(_RET_K, deny),
        _ins(_JSET_K, _CLONE_NAMESPACES, 0, 1),
        _ins(_RET_K, deny),
        _ins(_RET_K, _RET_ALLOW),
    ]
    return out


def launcher_program(exec_fd: int, machine: str | None = None) -> bytes | None:
    """The worker's refusals for a launcher that then runs one program, of either x86 ABI.

    For a process that installs it and then replaces itself, once, with a program it opened
    as descriptor ``exec_fd`` (``fexecve``: ``execveat(exec_fd, "", ..., AT_EMPTY_PATH)``):
    that call is the one way to run a program (``execve`` is refused, as every other
    ``execveat``); the program may be an x86-64 or an i386 one (SML/NJ 110.79 is i386), each
    ABI with its own numbers; any other ABI ends the process. A program that wants a new
    process afterwards meets the same refusals as a grading worker.

    REQUIRES: ``0 <= exec_fd``. ENSURES: ``None`` where no filter is described (not x86-64).

    >>> p = launcher_program(200, "x86_64")
    >>> p is not None and len(p) % 8 == 0 and launcher_program(200, "sparc") is None
    True
    """
    if (machine or platform.machine()) not in ("x86_64", "AMD64", "amd64"):
        return None
    x86_64 = [nr for name, nr in DENIED_X86_64.items() if name != "execveat"]
    i386 = _deny_list(list(DENIED_I386.values()), _EXECVEAT_I386, exec_fd, _CLONE_I386,
                      _CLONE3)
    wide = [
        _ins(_LD_W_ABS, 0),  # seccomp_data.nr
        _ins(_JGE_K, _X32_BIT, 0, 1),
        _ins(_RET_K, _RET_ERRNO | _EPERM),
        *_deny_list(x86_64, _EXECVEAT_X86_64, exec_fd, _CLONE, _CLONE3),
    ]
    out = [
        _ins(_LD_W_ABS, 4),  # seccomp_data.arch
        _ins(_JEQ_K, _AUDIT_ARCH_X86_64, 0, 1),
        _ins(_JA, len(i386) + 3),  # to the x86-64 part, past the i386 one
        _ins(_JEQ_K, _AUDIT_ARCH_I386, 1, 0),
        _ins(_RET_K, _RET_KILL_PROCESS),
        _ins(_LD_W_ABS, 0),  # seccomp_data.nr
        *i386,
        *wide,
    ]
    return b"".join(out)
