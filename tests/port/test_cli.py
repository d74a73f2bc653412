"""``sml150 port``: files in, a port out; one line per problem, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from sml150.port.cli import main


def _sml(tmp_path: Path, name: str, text: str) -> Path:
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    return f


def test_a_standalone_file_becomes_a_module(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = _sml(tmp_path, "shapes.sml", "datatype s = Sq of int | Dot\n"
             "fun area (Sq n : s) : int = n * n | area Dot = 0")
    assert main([str(f), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr()
    assert "shapes.py: 2 ported, 0 left out" in out.out  # the datatype and area
    text = (tmp_path / "out" / "shapes.py").read_text(encoding="utf-8")
    ns: dict[str, object] = {}
    exec(compile(text, "shapes.py", "exec"), ns)
    area = ns["area"]
    assert callable(area) and area(ns["Sq"](3)) == 9  # type: ignore[operator]  # exec'd code: its names are typed object


def test_a_function_left_out_is_one_line_and_status_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _sml(tmp_path, "m.sml", "fun ok (x : int) : int = x\n"
             "fun bad (x : int) = let val r = ref x in r end")
    assert main([str(f), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"{f}:2:42: bad: the ref r used as a value (only `!r` and `r := e` are " \
                      "ported)"


def test_a_syntax_error_is_one_line_with_its_position(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _sml(tmp_path, "m.sml", "fun f x =\n  x +")
    assert main([str(f), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == f"{f}:2:5: infix '+' has no right operand"


@pytest.mark.parametrize(("args", "says"), [
    (["nowhere.sml"], "nowhere.sml: no such file"),
    (["notes.txt"], "notes.txt: not an .sml file"),
])
def test_bad_arguments_are_one_line_and_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    assert main([*args, "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and err.startswith("sml150: error:")


def test_a_directory_with_files_needs_force(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    f = _sml(tmp_path, "m.sml", "fun f (x : int) : int = x")
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.py").write_text("x = 1\n", encoding="utf-8")
    assert main([str(f), "--out", str(out)]) == 2
    assert "already holds files" in capsys.readouterr().err
    assert main([str(f), "--out", str(out), "--force"]) == 0
    assert (out / "mine.py").read_text(encoding="utf-8") == "x = 1\n"


def test_a_homework_file_lands_in_the_starter_layout(tmp_path: Path) -> None:
    f = _sml(tmp_path, "las.sml", "structure LookAndSay = struct\n"
             "  fun las_wrap (eq : 'a * 'a -> bool) (s : 'a Seq.seq) : (int * 'a) Seq.seq =\n"
             "    Seq.map (fn x => (1, x)) s\nend")
    assert main([str(f), "--out", str(tmp_path / "out"), "--hw", "hw10"]) == 0
    out = tmp_path / "out"
    assert {p.name for p in out.glob("*.py")} >= {"las.py", "tictactoe.py", "alphabeta.py"}
    text = (out / "las.py").read_text(encoding="utf-8")
    assert "Seq.map(lambda x: (1, x), s)" in text
    assert "def look_and_say(" in text  # the starter's stub, kept for the student
