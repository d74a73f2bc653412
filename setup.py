"""Builds sml150, compiling its hot paths with mypyc where it can (issue 31).

``pip install .`` and ``pip install -e .`` compile ``NATIVE_MODULES`` (listed in
``sml150/__init__.py``: the Connect Four solver, the engine's kernel, adapter, table and
scores, the hooks of Connect Four and k-in-a-row, and what the games share) into C extensions
when mypyc and a C compiler are here, and say so in one line; without them the package is the
pure-Python one, with a line saying why. ``SML150_COMPILE=0`` never compiles;
``SML150_COMPILE=1`` compiles or fails; ``SML150_OPT`` sets the C compiler's ``-O`` level
(default 1). Every build writes ``sml150/_native.json``, the SHA-256 of each compiled module's
source: ``sml150.build()`` runs the compiled modules only while their sources still match (an
edited module makes the whole build stale, and the pure modules run, saying why), so a compiled
module never shadows an edited one. An editable install whose build is still fresh is not
compiled again. The rest of the project's metadata is in ``pyproject.toml``.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "sml150"
MANIFEST = "_native.json"
"""The build's record (``sml150/_native.json``), which ``sml150.build()`` checks."""
GROUP = "sml150._native"
"""mypyc's group: one shared library, ``sml150/_native__mypyc...``, holds every module's code."""

MYPYC_CONFIG = """\
[mypy]
# mypyc needs the types of the compiled modules and of what they call into; every other module
# (and third-party code but attrs) is read as Any, which keeps the type check to a second or two.
follow_imports = skip
ignore_missing_imports = true
# module names from the checkout's root (the working directory), whatever folders hold it
explicit_package_bases = true
[mypy-attr.*,attrs.*,librt.*,mypy_extensions,sml150.lib.basis,sml150.lib.est,sml150.lib.signatures,sml150.search.hooks,sml150.search.result]
follow_imports = silent
"""


def native_modules() -> list[str]:
    """``NATIVE_MODULES`` of ``sml150/__init__.py``, read without importing the package."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign) and node.value is not None:
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and target.id == "NATIVE_MODULES":
                return list(ast.literal_eval(node.value))
    raise RuntimeError("sml150/__init__.py defines no NATIVE_MODULES")


def source_of(module: str) -> Path:
    """The source file of ``module`` in this checkout."""
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def opt_level() -> str:
    """The C compiler's optimisation level (``SML150_OPT``, default 1).

    ``-O1``: measured on the engine and the solver, within 2% of ``-O2``'s speed (callgrind:
    240M against 235M instructions for pvs on 4x4 k-in-a-row) for 30% less compiling time (16 s
    of CPU against 23 s, mypyc's 2 s included).
    """
    return os.environ.get("SML150_OPT", "1")


def manifest_for(modules: list[str]) -> dict[str, Any]:
    """What a build of ``modules`` from these sources, with this Python and mypy, records."""
    import mypy.version

    return {
        "python": sys.implementation.cache_tag,
        "suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "mypy": mypy.version.__version__,
        "opt": opt_level(),
        "modules": {m: hashlib.sha256(source_of(m).read_bytes()).hexdigest() for m in modules},
    }


def note(text: str) -> None:
    """One line on the build's output."""
    print(f"sml150 build: {text}", file=sys.stderr, flush=True)


class BuildNative(build_ext):  # type: ignore[misc]  # setuptools' commands are untyped (Any)
    """``build_ext`` that makes the mypyc extensions when it is about to run.

    Not on reading setup.py: pip reads it several times for the metadata. Where it may, a
    build that cannot compile falls back to pure Python, saying why.
    """

    def finalize_options(self) -> None:
        """Decide the build; run mypyc (its C files) when compiling."""
        self.mode = os.environ.get("SML150_COMPILE", "").strip()
        self.modules = native_modules()
        self.in_place = bool(self.inplace or getattr(self, "editable_mode", False))
        self.why_not: str | None = None
        exts: list[Extension] = []
        if self.mode == "0":
            self.why_not = "SML150_COMPILE=0: the pure-Python modules only"
        elif self.in_place and fresh(self.modules):
            self.why_not = f"the compiled modules are up to date (sml150/{MANIFEST})"
            self.keep = True
        else:
            try:
                exts = mypyc_extensions(self.modules)
                self.force = True  # not fresh: distutils' timestamps do not see SML150_OPT
            except Exception as e:  # no compiler, no mypyc, or mypyc failed
                if self.mode == "1":
                    raise
                self.why_not = failed(e)
        self.distribution.ext_modules = self.extensions = exts
        super().finalize_options()

    def run(self) -> None:
        """Compile (on every core), or say why not; record the build in the manifest."""
        if not self.extensions:
            if self.in_place and not getattr(self, "keep", False):
                remove_native(self.modules)
            note(self.why_not or "nothing to compile")
            return
        t0 = time.perf_counter()
        self.jobs = os.cpu_count() or 1
        self.parallel: int | None
        if self.parallel is None:
            self.parallel = self.jobs  # the modules' small shims, side by side
        try:
            super().run()
        except Exception as e:  # the C compiler failed
            if self.mode == "1":
                raise
            if self.in_place:
                remove_native(self.modules)
            note(failed(e))
            return
        out = PACKAGE if self.in_place else Path(self.build_lib) / "sml150"
        out.mkdir(parents=True, exist_ok=True)
        (out / MANIFEST).write_text(json.dumps(manifest_for(self.modules), indent=1) + "\n",
                                    encoding="utf-8")
        note(f"compiled {len(self.modules)} modules with mypyc"
             f" ({time.perf_counter() - t0:.0f} s for the C compiler)")

    def build_extension(self, ext: Extension) -> None:
        """Build ``ext`` as setuptools does, its C files compiled ``jobs`` at a time."""
        compile_in_parallel(self.compiler, getattr(self, "jobs", 1))
        super().build_extension(ext)


def failed(e: Exception) -> str:
    """The note of a build that could not compile."""
    return (f"not compiled ({type(e).__name__}: {e}); the pure-Python modules run"
            " (SML150_COMPILE=1 makes this an error)")


_MADE: dict[tuple[str, ...], list[Extension]] = {}
"""The extensions made in this process (setuptools finalizes build_ext more than once)."""


def mypyc_extensions(modules: list[str]) -> list[Extension]:
    """The extensions mypyc makes of ``modules`` (their C written under ``build/mypyc``)."""
    if tuple(modules) in _MADE:
        return _MADE[tuple(modules)]
    if not have_compiler():
        raise RuntimeError("no C compiler")
    from mypyc.build import mypycify

    t0 = time.perf_counter()
    target = ROOT / "build" / "mypyc"
    with tempfile.TemporaryDirectory() as tmp:
        config = Path(tmp) / "mypyc.ini"
        config.write_text(MYPYC_CONFIG, encoding="utf-8")
        here = os.getcwd()
        os.chdir(ROOT)  # mypyc names the modules by their paths from here
        try:
            exts: list[Extension] = mypycify(
                ["--config-file", str(config),
                 *(str(source_of(m).relative_to(ROOT)) for m in modules)],
                group_name=GROUP, opt_level=opt_level(),
                multi_file=True, target_dir=str(target))
        finally:
            os.chdir(here)
    for ext in exts:  # the group's header is in the package's folder of C files
        ext.include_dirs.append(str(target / GROUP.partition(".")[0]))
    note(f"mypyc wrote the C of {len(modules)} modules in {time.perf_counter() - t0:.0f} s")
    _MADE[tuple(modules)] = exts
    return exts


def compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make ``compiler.compile`` compile its sources ``jobs`` at a time.

    distutils compiles them one by one, and mypyc's ``multi_file`` gives one C file per module.
    Unix compilers only (the others keep their own ``compile``).
    """
    if jobs < 2 or not hasattr(compiler, "_compile") or not hasattr(compiler, "_setup_compile"):
        return
    from concurrent.futures import ThreadPoolExecutor

    def compile_all(sources: list[str], output_dir: str | None = None,  # noqa: PLR0917 -- CCompiler.compile's signature
                    macros: Any = None, include_dirs: Any = None, debug: bool = False,
                    extra_preargs: Any = None, extra_postargs: Any = None,
                    depends: Any = None) -> list[str]:
        macros, objects, extra, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            src, ext = build[obj]
            compiler._compile(obj, src, ext, cc_args, extra, pp_opts)

        # the largest first, so that the last to finish is a small one
        order = sorted(objects, key=lambda o: -Path(build[o][0]).stat().st_size)
        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, order))
        return list(objects)

    compiler.compile = compile_all


def have_compiler() -> bool:
    """Whether the C compiler Python was built with is on ``PATH``."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    return bool(cc) and shutil.which(cc[0]) is not None


def fresh(modules: list[str]) -> bool:
    """Whether the in-place build matches the sources, this Python and this mypy."""
    try:
        held = json.loads((PACKAGE / MANIFEST).read_text(encoding="utf-8"))
        return bool(held == manifest_for(modules) and all(
            source_of(m).with_suffix(held["suffix"]).exists() for m in modules))
    except (OSError, ValueError, KeyError, ImportError):
        return False


def remove_native(modules: list[str]) -> None:
    """Remove an in-place build: the manifest, every compiled module and the shared library."""
    (PACKAGE / MANIFEST).unlink(missing_ok=True)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for m in modules:
        source_of(m).with_suffix(suffix).unlink(missing_ok=True)
    for lib in PACKAGE.glob(f"{GROUP.rpartition('.')[2]}__mypyc*{suffix}"):
        lib.unlink()


setup(
    # a placeholder: it marks the wheel as platform-specific; BuildNative replaces it with
    # mypyc's extensions (or none)
    ext_modules=[Extension("sml150._native_placeholder", sources=[])],
    cmdclass={"build_ext": BuildNative},
)
