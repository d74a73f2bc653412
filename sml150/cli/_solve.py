"""``sml150 solve``: the exact value of a position, its best moves, a principal variation, costs.

::

    sml150 solve connect4 4455                       # Pons' move string, columns 1-based
    sml150 solve connect4:5x4                        # any width x height, from the empty board
    sml150 solve connect4 --positions Test_L3_R1     # a file of '<moves> [<score>]' lines
    sml150 solve connect4 --positions Test_L3_R1 --executor processes:2   # one task a position
    sml150 solve kinarow:4                           # standard 4x4 Tic-Tac-Toe (the engine's hooks)
    sml150 solve tictactoe:3:draw "1 1, 0 0"         # HW10's game; moves as the game reads them
    sml150 solve examples.nim:Nim                    # your own game (a plain table)

GAME is any spec of ``sml150 --help``, read by ``sml150.specs`` (so it is the same game as under
``match``). Connect Four is solved by Pons' algorithm (``sml150.games.connect4_solver``); every
other game by the engine's iterative deepening to the end of the game (``sml150.search``), with
the game's hooks where it has them and a plain table otherwise, within a budget (60 s unless
given, Connect Four's too: its empty 7x6 board takes longer). The position is printed at once;
where the start of a game is known not to be solved within the default budget (Riskless, whose
lines can go on for ever; HW10's Tic-Tac-Toe from 4x4 up, without the engine's hooks) that is
said at once (``out_of_reach``), not after a minute. A terminal's standard error shows what is
being solved while it runs.
``--json`` writes one JSON object per position to stdout and nothing else there.

``--executor SPEC`` (``serial``, ``processes[:N]``, ``dask[:N]``, ``dask:ADDRESS``) applies to
``--positions``: the positions are independent, so each is one task (a task whose worker dies
is run again), and the output is the serial run's, in the file's order (only the times differ).
One position is one search, solved in this process whatever the executor (a note on stderr
says so when one was asked for).

(About 630 lines, over the house's 400: the command's two solvers, Pons' for Connect Four and
the engine's for every other game, with the best-moves-and-PV analysis, the position files, the
executor tasks and the text and JSON output; each part is used only by this command.)

>>> from sml150.cli import main
>>> main(["solve", "connect4", "4455", "--json"])  # doctest: +ELLIPSIS
{"game": "connect4", "moves": "4455", "score": 18, "best_moves": [3, 6], "pv": [3, 4, 2], ...}
0
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import math
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO

import attrs

from sml150.cli._command import Subcommands, add_switches
from sml150.cli._executor import add_executor_option
from sml150.cli._games import build_game
from sml150.cli._usage import UsageError
from sml150.specs import ConnectFourSpec, GameChoice
from sml150.specs.build import require_table_keys

__all__ = ["Outcome", "Position", "read_positions", "register", "solve_position"]


@attrs.frozen
class Position:
    """One position to solve: the moves as given, and the expected score if the file has one.

    >>> Position("4455", 18, 1).expected
    18
    """

    moves: str
    """The moves from the start, as written (Pons' digits, or ``r c, r c`` for Tic-Tac-Toe)."""
    expected: int | None
    """The score the file gives, if any."""
    line: int
    """Where it came from (1-based line number; 0 for the command line)."""


@attrs.frozen
class Outcome:
    """What solving one position gave (``score`` None: not solved within the budget).

    >>> Outcome(Position("", None, 0), 0, "draw", [], [], 1, 0, 0.1, 0.0).solved
    True
    """

    position: Position
    """The position."""
    score: int | None
    """The side to move's score (Connect Four: Pons' convention), or None if stopped."""
    result: str
    """The score in words (``win in 3``, ``the mover wins with her 4th stone``, ...)."""
    best_moves: list[Any]
    """Every equally best move, as printed (Connect Four: 1-based columns)."""
    pv: list[Any]
    """A principal variation, as printed."""
    nodes: int
    """Positions entered by the search for the score."""
    analysis_nodes: int
    """Positions entered to find the best moves and the PV (0 when it is not separate)."""
    seconds: float
    """Search time for the score."""
    analysis_seconds: float
    """Time to find the best moves and the PV."""
    tt_probes: int = 0
    """Transposition-table look-ups."""
    tt_hits: int = 0
    """Look-ups that found an entry."""

    @property
    def solved(self) -> bool:
        """Whether the search finished."""
        return self.score is not None

    def to_json(self, game: str) -> dict[str, Any]:
        """The JSON object ``--json`` prints for this position."""
        return {
            "game": game,
            "moves": self.position.moves,
            "score": self.score,
            "best_moves": self.best_moves,
            "pv": self.pv,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "result": self.result,
            "expected": self.position.expected,
            "analysis_nodes": self.analysis_nodes,
            "analysis_seconds": round(self.analysis_seconds, 6),
            "tt_probes": self.tt_probes,
            "tt_hits": self.tt_hits,
        }


ENGINE_SECONDS = 60.0
"""The time a position gets when no budget is given (the engine's games and Connect Four)."""


@attrs.frozen
class _Budget:
    nodes: int | None
    seconds: float | None
    analyse: bool
    mirror: bool


Reader = Callable[[Position], Any]
"""Reads a position's moves into a state of the game (``UsageError`` for illegal moves)."""
Solver = Callable[[Position, Any, _Budget], Outcome]
"""Solves a position, given its state."""


@attrs.frozen
class _Choice:
    title: str
    read: Reader
    solve: Solver
    show: Callable[[Any], str]


# -- games -------------------------------------------------------------------------------------


def _connect4(choice: GameChoice) -> _Choice:
    from sml150.games import connect4_solver as c4s
    from sml150.games.connect4 import ConnectFourGame, IllegalMoveString

    game = choice.game
    assert isinstance(game, ConnectFourGame)

    def read(p: Position) -> Any:
        try:
            return game.parse_moves(p.moves)
        except IllegalMoveString as e:
            where = f"line {p.line}: " if p.line else ""
            raise UsageError(f"{where}illegal Connect Four moves: {e}") from None

    def solve(p: Position, s: Any, budget: _Budget) -> Outcome:
        if budget.seconds is None and budget.nodes is None:  # the empty 7x6 board: hours
            budget = attrs.evolve(budget, seconds=ENGINE_SECONDS)
        try:
            with _status(f"solving {choice.title} by Pons' solver"
                         f" ({_budget_words(budget)})"):
                r = c4s.solve(game, s, analyse=budget.analyse, mirror=budget.mirror,
                              max_nodes=budget.nodes, seconds=budget.seconds)
        except c4s.SolveAborted as e:
            return Outcome(p, None, f"{e} ({_budget_words(budget)})", [], [], e.nodes, 0,
                           0.0, 0.0)
        return Outcome(
            p, r.score, _pons_words(game.width * game.height, s.moves, r.score),
            [c + 1 for c in r.best_moves], [c + 1 for c in r.pv], r.stats.nodes,
            r.stats.analysis_nodes, r.stats.seconds, r.stats.analysis_seconds,
            r.stats.tt_probes, r.stats.tt_hits,
        )

    return _Choice(choice.title, read, solve, game.state_to_string)


def _pons_words(cells: int, moves: int, score: int) -> str:
    """Pons' score in words: which stone of the winner wins at best, or a draw."""
    if score == 0:
        return "a draw with best play"
    # a win by the stone played after n plies scores (cells + 1 - n) // 2
    n = next(n for n in range(moves - (0 if score > 0 else 1), cells, 2)
             if (cells + 1 - n) // 2 == abs(score))
    stone = n // 2 + 1
    if n < moves:
        return f"the game is over: the opponent has won with his {_ordinal(stone)} stone"
    who = "the side to move wins" if score > 0 else "the side to move loses: the opponent wins"
    return f"{who} with {'her' if score > 0 else 'his'} {_ordinal(stone)} stone (ply {n + 1})"


def _ordinal(k: int) -> str:
    suffix = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return f"{k}{suffix}"


def _budget_words(budget: _Budget) -> str:
    """The budget as the refusal names it."""
    parts = [] if budget.nodes is None else [f"{budget.nodes:,} positions"]
    parts += [] if budget.seconds is None else [f"{budget.seconds:g} s"]
    return "budget: " + (", ".join(parts) or "none")


@contextlib.contextmanager
def _status(what: str) -> Iterator[Callable[[str], None]]:
    """A rich status line on standard error when it is a terminal; yields 'show this detail'."""
    if not sys.stderr.isatty():
        yield lambda _detail: None
        return
    from rich.console import Console

    console = Console(file=sys.stderr)
    with console.status(f"{what}...") as shown:
        yield lambda detail: shown.update(f"{what}: {detail}")


def _engine_solver(game: Any, title: str) -> tuple[Reader, Solver]:
    from sml150.lib.explicit import ExplicitState
    from sml150.search import Budget, pvs
    from sml150.search.iterative import to_the_end
    from sml150.search.kernel import Aborted
    from sml150.search.player import solve_depth
    from sml150.search.score import describe, is_loss, is_win
    from sml150.specs import tree_depths

    def read(p: Position) -> Any:
        s = game.start
        moves = [m.strip() for m in p.moves.split(",")] if p.moves.strip() else []
        for i, text in enumerate(moves, start=1):
            m = game.parse_move(s, text).value_or(None)
            if m is None:
                where = f"line {p.line}: " if p.line else ""
                raise UsageError(f"{where}move {i} ({text!r}) of {p.moves!r} is not a legal"
                                 f" move of {title} here")
            s = game.make_move(s, m)
        return s

    def show(m: Any) -> Any:
        loc = m[1] if isinstance(m, tuple) and len(m) == 2 and isinstance(m[1], tuple) else m
        return list(loc) if isinstance(loc, tuple) else loc

    def solve(p: Position, s: Any, budget: _Budget) -> Outcome:
        from sml150.lib.signatures import Over

        status = game.status(s)
        t0 = time.perf_counter()
        if isinstance(status, Over):
            from sml150.lib.signatures import Winner

            score = 0 if not isinstance(status.outcome, Winner) else -1
            return Outcome(p, score, "the game is over", [], [], 0, 0, 0.0, 0.0)
        if budget.seconds is None and budget.nodes is None:  # a game may never end: a clock
            budget = attrs.evolve(budget, seconds=ENGINE_SECONDS)
        deadline = None if budget.seconds is None else t0 + budget.seconds

        def within(depth: int | None) -> Budget:
            """A search's budget: the positions, and what is left of the clock."""
            left = None if deadline is None else max(1e-6, deadline - time.perf_counter())
            return Budget(depth=depth, nodes=budget.nodes, seconds=left)

        r = None
        # To the end of the game: at once to its horizon where the game knows it (a board that
        # fills), else by iterative deepening (the last iteration sees every line end); never
        # deeper than the stack allows: Riskless's lines can go on for ever.
        # An explicit tree is searched at the one depth of its leaves (its inner nodes have no
        # estimate).
        with _status(f"solving {title} by the engine ({_budget_words(budget)})") as progress:
            if isinstance(s, ExplicitState):
                with contextlib.suppress(Aborted):
                    r = pvs(game, s, within(max(tree_depths(s.tree))))
            else:
                for r in to_the_end(game, s, within(solve_depth())):
                    progress(f"depth {r.depth} searched, {r.stats.nodes:,} positions")
        if r is None or r.stats.estimates > 0:
            why = (f"lines still went on at depth {r.depth}" if r is not None else
                   "not even depth 1 finished")
            return Outcome(p, None, f"no result within the {_budget_words(budget)} ({why})",
                           [], [], 0 if r is None else r.stats.nodes, 0, 0.0, 0.0)
        t1 = time.perf_counter()
        try:
            best, pv, extra = [r.move], list(r.pv), 0
            if budget.analyse:
                best, pv, extra = _engine_analysis(game, s, value=r.value, move=r.move,
                                                   pv=list(r.pv),
                                                   within=functools.partial(within, r.depth))
        except Aborted:
            return Outcome(p, None, f"no result within the {_budget_words(budget)}", [], [],
                           r.stats.nodes, 0, 0.0, 0.0)
        v = r.value
        score = 1 if is_win(v) else -1 if is_loss(v) else 0
        return Outcome(p, score, describe(v), [show(m) for m in best],
                       [show(m) for m in pv] if budget.analyse else [], r.stats.nodes, extra,
                       t1 - t0, time.perf_counter() - t1, r.stats.tt_probes, r.stats.tt_hits)

    return read, solve


def _child_value(game: Any, s: Any, m: Any, *, expected: int, table: Any,
                 within: Callable[[], Any]) -> tuple[int, int]:
    """The engine's value of move ``m`` for the mover of ``s`` (root-relative), and its cost."""
    from sml150.lib.signatures import Draw, Over
    from sml150.search import mtdf
    from sml150.search.score import from_node, to_node, win_in

    child = game.make_move(s, m)
    status = game.status(child)
    if isinstance(status, Over):
        return (0 if isinstance(status.outcome, Draw) else win_in(1)), 0
    # MTD(f) from the value the move must have to be best: two passes when it has it
    rc = mtdf(game, child, within(), guess=to_node(-expected, 1), tt=table)
    return -from_node(rc.value, 1), rc.stats.nodes


def _engine_analysis(game: Any, s: Any, *, value: int, move: Any, pv: list[Any],
                     within: Callable[[], Any]) -> tuple[list[Any], list[Any], int]:
    """Every best move of ``s`` and a PV to the end of the game, with their cost in positions.

    One search per class of moves whose children share a table key (a symmetric game's
    equivalent moves have one value); the table's PV may stop early (a node decided by its
    bounds keeps no move), so it is continued by searching where it stops.
    """
    from sml150.lib.signatures import Over
    from sml150.search import TranspositionTable, mtdf

    table = TranspositionTable(capacity=1 << 20)
    key = getattr(game, "tt_key", None)
    verdict: dict[Any, bool] = {}
    if key is not None:
        verdict[key(game.make_move(s, move))] = True
    best, cost = [], 0
    for m in game.moves(s):
        k = key(game.make_move(s, m)) if key is not None else None
        if m != move and (k is None or k not in verdict):
            v, n = _child_value(game, s, m, expected=value, table=table, within=within)
            cost += n
            if k is not None:
                verdict[k] = v == value
            if v == value:
                best.append(m)
        elif m == move or verdict[k]:
            best.append(m)
    t = s
    for m in pv:
        t = game.make_move(t, m)
    while not isinstance(game.status(t), Over) and len(pv) < 1000:
        rt = mtdf(game, t, within(), tt=table)
        cost += rt.stats.nodes
        for m in rt.pv:
            pv.append(m)
            t = game.make_move(t, m)
    return best, pv, cost


def _build(spec: str) -> _Choice:
    """The game ``spec`` names, and how to read and solve its positions.

    The game is ``sml150.specs``' (the same as under every command); Connect Four is solved by
    Pons' solver, every other game by the engine.
    """
    choice = build_game(spec)
    if isinstance(choice.spec, ConnectFourSpec):
        return _connect4(choice)
    require_table_keys(choice, "solve")
    game = choice.game
    read, solve = _engine_solver(game, choice.title)
    return _Choice(choice.title, read, solve, game.state_to_string)


# -- positions ---------------------------------------------------------------------------------


_LINE = re.compile(r"^\s*(\S*)\s*(?:\s(-?[0-9]{1,4}))?\s*$")


def read_positions(path: Path) -> list[Position]:
    r"""The positions of a file in Pons' format: ``<moves> [<score>]`` a line (blanks skipped).

    REQUIRES: a readable file of such lines; else ``UsageError`` naming the line.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d, "set"); _ = f.write_text("4455 18\n\n44\n")
    ...     read_positions(f)
    [Position(moves='4455', expected=18, line=1), Position(moves='44', expected=None, line=3)]
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read {path}: {e}") from None
    out = []
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        found = _LINE.match(line)
        if found is None or not re.fullmatch(r"[0-9]*", found[1]):
            shown = line if len(line) <= 60 else line[:57] + "..."
            raise UsageError(f"{path} line {i}: expected '<moves> [<score>]' with moves as"
                             f" column digits, got {shown!r}")
        out.append(Position(found[1], None if found[2] is None else int(found[2]), i))
    return out


def solve_position(spec: str, moves: str, *, max_nodes: int | None = None,
                   seconds: float | None = None, analyse: bool = True) -> Outcome:
    """Solve one position of the game ``spec`` (``connect4``, ``tictactoe:4:draw``, ...).

    REQUIRES: a known spec and legal moves (else ``UsageError``). ENSURES: the exact score
    (None past the budget), best moves, PV and costs.

    >>> o = solve_position("kinarow:3", "1 1")
    >>> o.score, o.result, sorted(o.best_moves)
    (0, 'draw or even (0)', [[0, 0], [0, 2], [2, 0], [2, 2]])
    """
    choice = _build(spec)
    p = Position(moves, None, 0)
    return choice.solve(p, choice.read(p), _Budget(max_nodes, seconds, analyse, False))


# -- the command -------------------------------------------------------------------------------


def register(sub: Subcommands) -> None:
    """Add the ``solve`` subcommand to the CLI's subparsers.

    >>> import argparse
    >>> p = argparse.ArgumentParser(); register(p.add_subparsers())
    >>> p.parse_args(["solve", "connect4", "44"]).moves
    '44'
    """
    p = sub.add_parser(
        "solve", help="the exact value, best moves and principal variation of a position",
        description="Solve a position exactly. Connect Four scores follow Pascal Pons: for the"
        " side to move, > 0 a win (22 - the winner's stones on 7x6), 0 a draw, < 0 a loss;"
        " columns are 1-based. Tic-Tac-Toe scores are 1 win, 0 draw, -1 loss.",
    )
    p.add_argument("game", help="any GAME of sml150 --help: connect4[:WxH] by Pons' solver,"
                   " the others by the engine")
    p.add_argument("moves", nargs="?", default="",
                   help="moves from the start: '4455' (Connect Four), '1 1, 0 0' (Tic-Tac-Toe)")
    p.add_argument("--positions", type=Path, default=None, metavar="FILE",
                   help="solve every '<moves> [<score>]' line of FILE (Pons' format)")
    add_switches(p, json="one JSON object per position on stdout, nothing else there")
    p.add_argument("--max-nodes", default=None, metavar="N",
                   help="give up on a position after N positions explored")
    p.add_argument("--max-seconds", default=None, metavar="S",
                   help="give up on a position after S seconds (default: none for Connect Four,"
                   f" {ENGINE_SECONDS:g} for a game the engine solves)")
    add_switches(p, score_only="skip finding every best move and the principal variation"
                               " (faster; best_moves then holds at most the search's own move)",
                 mirror="Connect Four: fold mirror images in the transposition table")
    add_executor_option(p, "with --positions, one task a position (the same output, in the"
                           " file's order); a single position is solved in this process")
    p.set_defaults(run=_run)


def _budget(args: argparse.Namespace) -> _Budget:
    nodes: int | None = None
    if args.max_nodes is not None:
        if re.fullmatch(r"[0-9]{1,12}", args.max_nodes) is None or int(args.max_nodes) < 1:
            raise UsageError(f"--max-nodes must be a whole number >= 1, not {args.max_nodes!r}")
        nodes = int(args.max_nodes)
    seconds: float | None = None
    if args.max_seconds is not None:
        try:
            seconds = float(args.max_seconds)
        except ValueError:
            seconds = -1.0
        if not (math.isfinite(seconds) and seconds >= 0):
            raise UsageError(f"--max-seconds must be a number >= 0, not {args.max_seconds!r}")
    return _Budget(nodes, seconds, not args.score_only, args.mirror)


def _run(args: argparse.Namespace) -> int:
    from sml150.cli._executor import check_executor, not_used

    parallel = check_executor(args.executor)
    budget = _budget(args)
    choice = _build(args.game)
    if args.positions is not None:
        if args.moves:
            raise UsageError("give either MOVES or --positions FILE, not both")
        return _run_file(args, choice, budget)
    p = Position(args.moves, None, 0)
    state = choice.read(p)
    if parallel:
        not_used(args.executor, [f"solve {args.game}"],
                 "one position is one search; --executor applies to --positions FILE")
    if not args.json:  # what is being solved, at once: the answer may take the whole budget
        _print_header(choice.title, p, sys.stdout, choice.show(state))
    given = args.max_nodes is not None or args.max_seconds is not None
    why = None if given else out_of_reach(build_game(args.game).spec, args.game, args.moves)
    if why is not None:
        o = Outcome(p, None, why, [], [], 0, 0, 0.0, 0.0)
    else:
        o = choice.solve(p, state, budget)
    if args.json:
        print(json.dumps(o.to_json(args.game)), flush=True)
    else:
        _print_result(o, sys.stdout)
    return 0 if o.solved else 1


def out_of_reach(spec: object, text: str, moves: str) -> str | None:
    """Why the start of ``spec`` is not solved within the default budget, said at once.

    Measured here: Riskless's lines can go on for ever (armies moved back and forth), so no
    search from its start sees them all end; HW10's Tic-Tac-Toe from 4x4 up has none of the
    engine's hooks and runs out the default minute. ``None``: try it (any other game, a
    position with moves played, or a budget given).

    >>> from sml150.specs import build_game
    >>> out_of_reach(build_game("riskless:m1").spec, "riskless:m1", "")  # doctest: +ELLIPSIS
    'riskless:m1 is not solved from its start: a line of Riskless can go on for ever ...
    >>> out_of_reach(build_game("tictactoe:3").spec, "tictactoe:3", "") is None
    True
    """
    from sml150.specs import RisklessSpec, TicTacToeSpec

    if moves.strip():
        return None
    if isinstance(spec, RisklessSpec):
        return (f"{text} is not solved from its start: a line of Riskless can go on for ever"
                " (armies moved back and forth), so no search sees every line end; give a later"
                " position as MOVES, or --max-seconds S to try anyway")
    if isinstance(spec, TicTacToeSpec) and spec.size >= 4:
        return (f"{text} is not solved from its start within the default"
                f" {ENGINE_SECONDS:g} s: HW10's game has none of the engine's hooks (symmetries,"
                f" move ordering); kinarow:{spec.size} is the standard game with them (solved in"
                " seconds), or give --max-seconds S to try anyway")
    return None


def _print_header(title: str, p: Position, out: TextIO, board: str) -> None:
    moves = p.moves or "(the empty board)"
    print(f"{title}, moves {moves}", file=out)
    print(board, file=out, flush=True)


def _print_one(title: str, o: Outcome, out: TextIO, board: str) -> None:
    _print_header(title, o.position, out, board)
    _print_result(o, out)


def _print_result(o: Outcome, out: TextIO) -> None:
    if not o.solved:
        print(f"not solved: {o.result} ({o.nodes:,} positions explored)", file=out)
        return
    print(f"score: {o.score} ({o.result})", file=out)
    if o.pv:
        print("best moves: " + "  ".join(_shown(m) for m in o.best_moves), file=out)
        print("principal variation: " + "  ".join(_shown(m) for m in o.pv), file=out)
    elif o.best_moves:  # --score-only: the search's own move, not every best one
        print("a best move: " + _shown(o.best_moves[0]), file=out)
    line = (f"positions explored: {o.nodes:,} in {1000 * o.seconds:.1f} ms"
            f" (TT probes {o.tt_probes:,}, hits {o.tt_hits:,})")
    if o.analysis_nodes:
        line += (f"; best moves and PV: {o.analysis_nodes:,} more in"
                 f" {1000 * o.analysis_seconds:.1f} ms")
    print(line, file=out)


def _shown(m: Any) -> str:
    return f"{m[0]} {m[1]}" if isinstance(m, list) else str(m)


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[], None]]:
    """A rich progress bar on stderr when it is a terminal; yields the 'one more done' step."""
    if not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                  TimeRemainingColumn(), console=Console(file=sys.stderr), transient=True,
                  redirect_stdout=False, redirect_stderr=False) as bar:  # stdout: JSON only
        task = bar.add_task("solving", total=total)
        yield lambda: bar.advance(task)


@attrs.frozen
class _Task:
    """One position of a file, as a picklable task: the game spec, the position, the budget."""

    game: str
    position: Position
    budget: _Budget


def _solve_task(task: _Task) -> Outcome:
    """Solve one position (in a worker): the game is built there, from its spec.

    >>> _solve_task(_Task("connect4:4x4", Position("2233", None, 1),
    ...                   _Budget(None, None, False, False))).score
    0
    """
    choice = _build(task.game)
    return choice.solve(task.position, choice.read(task.position), task.budget)


def _solve_all(args: argparse.Namespace, choice: _Choice, budget: _Budget, *,
               positions: list[Position], states: list[Any],
               shown: Callable[[Outcome], None]) -> list[Outcome]:
    """Every position's outcome, in order; ``shown`` called on each in order as it is known.

    Serial: one after another, here (each shown as soon as solved). Otherwise each position
    is a task of the executor (``map_retrying``); the outcomes are shown in the file's order,
    as soon as all before them are in.
    """
    from sml150.cli._executor import open_executor
    from sml150.parallel import is_serial, map_retrying

    with open_executor(args.executor) as ex, _progress(len(positions)) as step:
        if is_serial(ex):
            outcomes = []
            for p, s in zip(positions, states, strict=True):
                outcomes.append(choice.solve(p, s, budget))
                shown(outcomes[-1])
                step()
            return outcomes
        done: dict[int, Outcome] = {}
        next_shown = [0]

        def finished(i: int, o: Outcome) -> None:
            done[i] = o
            step()
            while next_shown[0] in done:
                shown(done[next_shown[0]])
                next_shown[0] += 1

        tasks = [_Task(args.game, p, budget) for p in positions]
        return map_retrying(ex, _solve_task, tasks, on_done=finished)


def _run_file(args: argparse.Namespace, choice: _Choice, budget: _Budget) -> int:
    positions = read_positions(args.positions)
    states = [choice.read(p) for p in positions]  # every line checked before any is solved
    title = choice.title
    summary_out = sys.stderr if args.json else sys.stdout

    def shown(o: Outcome) -> None:
        p = o.position
        if args.json:
            print(json.dumps(o.to_json(args.game)), flush=True)
        elif o.solved and p.expected is not None and o.score != p.expected:
            print(f"line {p.line}: {p.moves}: score {o.score}, expected {p.expected}",
                  file=sys.stdout)

    from sml150.parallel import WorkerLost

    try:
        outcomes = _solve_all(args, choice, budget, positions=positions, states=states,
                              shown=shown)
    except WorkerLost as e:  # a position's worker died more often than the retries allow
        print(f"sml150: solve stopped: {e}", file=sys.stderr)
        return 1
    solved = [o for o in outcomes if o.solved]
    checked = [o for o in solved if o.position.expected is not None]
    right = sum(1 for o in checked if o.score == o.position.expected)
    print(f"{title}: {len(positions)} positions from {args.positions}", file=summary_out)
    if checked:
        print(f"accuracy: {right}/{len(checked)} exact scores right"
              f" ({100 * right / len(checked):.1f}%)", file=summary_out)
    if len(solved) < len(outcomes):
        print(f"not solved within the budget: {len(outcomes) - len(solved)}", file=summary_out)
    if solved:
        mean_nodes = sum(o.nodes for o in solved) / len(solved)
        mean_ms = 1000 * sum(o.seconds for o in solved) / len(solved)
        print(f"mean positions explored: {mean_nodes:,.1f}; mean time: {mean_ms:.2f} ms"
              " per position (score search)", file=summary_out)
    return 0 if right == len(checked) and len(solved) == len(outcomes) else 1
