"""The SML signatures in signatures/*.sig and their Python Protocols and structures stay in step.

Every ``val``, ``type``, ``datatype`` (and its constructors), ``exception`` and ``structure`` of a
``.sig`` must have its counterpart by the naming rule (vals in snake_case, types by name ignoring
case, constructors and structures exactly), and a Protocol may not grow a member the ``.sig``
lacks.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import sml150.lib.est as est_module
import sml150.lib.seq as seq_module
import sml150.lib.signatures as sig_module
from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts
from sml150.handouts.hw11.graphseq import GraphSeq
from sml150.handouts.hw11.maps import M1, M2, Earth
from sml150.lib.est import Est, Est10
from sml150.lib.explicit import HandoutSmall
from sml150.lib.minimax import MiniMax
from sml150.lib.seq import Seq
from sml150.lib.signatures import (
    EST,
    ESTGAME,
    GAME,
    GRAPHPROBLEMS,
    MAP,
    PLAYER,
    SEQUENCE,
    TTTCONSTS,
    Settings,
)

SIG_DIR = Path(__file__).resolve().parents[2] / "signatures"


@attrs.frozen
class SigItems:
    vals: set[str] = attrs.field(factory=set)
    types: set[str] = attrs.field(factory=set)
    abstract_types: set[str] = attrs.field(factory=set)
    datatypes: dict[str, list[str]] = attrs.field(factory=dict)
    exceptions: set[str] = attrs.field(factory=set)
    structures: set[str] = attrs.field(factory=set)


def parse_sig(text: str) -> tuple[str, SigItems]:
    """Read the items of one ``signature NAME = sig ... end`` (one item per line)."""
    text = re.sub(r"\(\*.*?\*\)", "", text, flags=re.DOTALL)
    name_match = re.search(r"signature\s+(\w+)\s*=", text)
    assert name_match, "no signature in file"
    items = SigItems()
    for raw in text.splitlines():
        line = raw.strip()
        if m := re.match(r"val\s+(\w+)\s*:", line):
            items.vals.add(m[1])
        elif m := re.match(r"datatype\s+(?:'\w+\s+)?(\w+)\s*=\s*(.*)", line):
            items.datatypes[m[1]] = [alt.split()[0] for alt in m[2].split("|")]
        elif m := re.match(r"type\s+(?:'\w+\s+)?(\w+)\s*(=)?", line):
            (items.types if m[2] else items.abstract_types).add(m[1])
        elif m := re.match(r"exception\s+(\w+)", line):
            items.exceptions.add(m[1])
        elif m := re.match(r"structure\s+(\w+)\s*:", line):
            items.structures.add(m[1])
    return name_match[1], items


def snake(name: str) -> str:
    """The naming rule for vals: ``toList`` -> ``to_list``, ``compareAB`` -> ``compare_ab``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


@attrs.frozen
class Counterpart:
    protocol: Any
    structures: tuple[Any, ...]
    modules: tuple[ModuleType, ...]


def _minimax_player() -> object:
    return MiniMax(Settings(G=HandoutSmall, search_depth=1))


COUNTERPARTS: dict[str, Counterpart] = {
    "SEQUENCE": Counterpart(SEQUENCE, (Seq,), (seq_module,)),
    "EST": Counterpart(EST, (Est,), (est_module,)),
    "EST10": Counterpart(None, (Est10,), (est_module,)),
    "GAME": Counterpart(GAME, (HandoutSmall,), (sig_module, est_module)),
    "ESTGAME": Counterpart(
        ESTGAME, (TicTacToe(TTTConsts(board_size=3)),), (sig_module, est_module)
    ),
    "PLAYER": Counterpart(PLAYER, (_minimax_player(),), (sig_module,)),
    "MAP": Counterpart(MAP, (M1, M2, Earth), (sig_module,)),
    "TTTCONSTS": Counterpart(TTTCONSTS, (TTTConsts(board_size=3),), (sig_module,)),
    "GRAPHPROBLEMS": Counterpart(GRAPHPROBLEMS, (GraphSeq,), (sig_module,)),
}

SIG_FILES = sorted(SIG_DIR.glob("*.sig"))


def protocol_members(protocol: Any) -> set[str]:
    """Names a Protocol declares itself or inherits from other Protocols."""
    names: set[str] = set()
    for klass in protocol.__mro__:
        if getattr(klass, "_is_protocol", False) and klass.__module__ == sig_module.__name__:
            names |= {n for n in vars(klass) if not n.startswith("_")}
    return names


def type_parameters(protocol: Any) -> set[str]:
    return {p.__name__.lower() for p in getattr(protocol, "__parameters__", ())}


def module_has_type(modules: tuple[ModuleType, ...], name: str) -> bool:
    return any(n.lower() == name.lower() for m in modules for n in vars(m))


def test_every_sig_file_has_a_counterpart() -> None:
    names = {parse_sig(f.read_text())[0] for f in SIG_FILES}
    assert names == set(COUNTERPARTS), "a .sig without a Python counterpart, or the reverse"
    assert {"SEQUENCE", "EST", "GAME", "ESTGAME", "PLAYER", "MAP", "TTTCONSTS",
            "GRAPHPROBLEMS"} <= names


@pytest.mark.parametrize("sig_file", SIG_FILES, ids=lambda p: p.stem)
def test_sig_items_have_python_counterparts(sig_file: Path) -> None:
    name, items = parse_sig(sig_file.read_text())
    cp = COUNTERPARTS[name]
    owners = ([cp.protocol] if cp.protocol is not None else []) + list(cp.structures)
    assert owners, f"{name}: nothing to check against"
    missing: list[str] = []
    for val in items.vals | items.structures:
        py = val if val in items.structures else snake(val)
        missing += [f"{name}.{val} -> {py} on {o!r}" for o in owners if not hasattr(o, py)]
    for exc in items.exceptions:
        if not any(hasattr(o, exc) for o in (*owners, *cp.modules)):
            missing.append(f"exception {name}.{exc}")
    for typ in items.abstract_types:
        if typ not in type_parameters(cp.protocol) and not module_has_type(cp.modules, typ):
            missing.append(f"abstract type {name}.{typ}")
    for typ in items.types:
        if not module_has_type(cp.modules, typ):
            missing.append(f"type {name}.{typ}")
    for dt, constructors in items.datatypes.items():
        if not module_has_type(cp.modules, dt):
            missing.append(f"datatype {name}.{dt}")
        missing += [
            f"constructor {name}.{c}"
            for c in constructors
            if not any(hasattr(m, c) for m in cp.modules)
        ]
    assert not missing, "no Python counterpart for: " + "; ".join(missing)


@pytest.mark.parametrize("sig_file", SIG_FILES, ids=lambda p: p.stem)
def test_protocols_have_no_members_the_sig_lacks(sig_file: Path) -> None:
    name, items = parse_sig(sig_file.read_text())
    protocol = COUNTERPARTS[name].protocol
    if protocol is None:
        assert name == "EST10"  # the HW10 form is a structure over a datatype, no Protocol
        return
    allowed = {snake(v) for v in items.vals} | items.structures | items.exceptions
    extra = protocol_members(protocol) - allowed
    assert not extra, f"{protocol.__name__} has members {sorted(extra)} that {name}.sig lacks"


def test_parser_sees_what_it_should() -> None:
    name, items = parse_sig((SIG_DIR / "GAME.sig").read_text())
    assert name == "GAME"
    assert items.datatypes["status"] == ["Over", "In_play"]
    assert items.structures == {"Est"}
    assert items.abstract_types == {"state", "move"}
    assert items.types == {"est"}
    assert "parse_move" in items.vals
    assert snake("initialAB") == "initial_ab"
    assert snake("toString") == "to_string"


def test_checker_catches_a_missing_member() -> None:
    class Incomplete:
        def length(self) -> int:
            return 0

    _, items = parse_sig((SIG_DIR / "SEQUENCE.sig").read_text())
    lacking = [v for v in items.vals if not hasattr(Incomplete, snake(v))]
    assert "nth" in lacking


def test_structures_satisfy_their_protocols_at_runtime() -> None:
    assert isinstance(TicTacToe(TTTConsts(board_size=4)), ESTGAME)
    assert all(isinstance(m, MAP) for m in (M1, M2, Earth))
    assert isinstance(TTTConsts(board_size=3), TTTCONSTS)
    assert isinstance(Est, EST)
