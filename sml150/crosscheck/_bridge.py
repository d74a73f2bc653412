"""A grader case in SML: its expressions translated, its results printed in the canonical form.

The grader's expressions (``sml150.grading._exprs``) name the port's modules and the course
library; this module writes the same calls against an SML solution loaded on the project's SML
course library (``sml150/sml``): functor applications become structure declarations (one per
distinct application), curried and tupled calls follow the handout's SML signatures, window
constructors come from the searching structure (each ``AlphaBeta``/``Jamboree`` application
has its own ``bound``/``value`` datatype), and each result gets a printer of its type
(``sml150/sml/crosscheck/show*.sml``). The Python constructors the canonical text names are in
``constructors``.

Hand-written rather than generated: the mapping is the handouts' (which SML name, curried or
tupled, which type), a table per homework.

(About 440 lines, over the house's 400: one translator of the grader's expression language,
one method per kind of expression, with the per-structure printers it writes.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

import attrs

__all__ = ["SOLUTION_FILES", "TranslateError", "Translator", "constructors", "map_structure"]

Json = Any

SOLUTION_FILES: Final = {
    "hw10": ("las.sml", "tictactoe.sml", "alphabeta.sml", "jamboree.sml"),
    "hw11": ("graphseq.sml", "riskless.sml", "alphabeta.sml", "jamboree.sml"),
}
"""A solution's files, in load order (the handouts' file names)."""

SML_NAMES: Final = {"compare_ab": "compareAB", "split_moves": "splitMoves",
                    "initial_ab": "initialAB"}
"""Port names whose SML names are not the same (the naming rule's snake_case)."""

TUPLED: Final = frozenset({"is_valid_move", "make_move"})
"""Functions whose SML arguments are one tuple (every other one is curried)."""

_EXPLICIT: Final = "sml150.lib.explicit"
_SIG: Final = "sml150.lib.signatures"
_EST: Final = "sml150.lib.est"
_MODULE_STRUCTURES: Final = {"las": "LookAndSay", "graphseq": "GraphSeq"}
_EQUALITIES: Final = {
    "eq": "(op =)",
    "eq_mod3": "(fn (a : int, b) => a mod 3 = b mod 3)",
    "eq_len": "(fn (a : string, b) => String.size a = String.size b)",
    "eq_ci": "(fn (a, b) => String.map Char.toLower a = String.map Char.toLower b)",
    "ident": "(fn x => x)",
}


class TranslateError(ValueError):
    """An expression this bridge does not know how to write in SML."""


def _int(n: int) -> str:
    return f"~{-n}" if n < 0 else str(n)


def _string(s: str) -> str:
    r"""An SML string literal (``\"``, ``\\`` and ``\ddd`` escapes).

    >>> _string('a"b\n')
    '"a\\"b\\010"'
    """
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif 32 <= ord(ch) < 127:
            out.append(ch)
        else:
            out.append(f"\\{ord(ch):03d}")
    return '"' + "".join(out) + '"'


def _literal(v: Json) -> str:
    match v:
        case bool():
            return "true" if v else "false"
        case int():
            return _int(v)
        case float():
            return repr(v).replace("-", "~")
        case str():
            return _string(v)
        case list():
            return "[" + ", ".join(_literal(x) for x in v) + "]"
    raise TranslateError(f"no SML literal for {v!r:.60}")


def _tree(t: Json) -> str:
    if t[0] == "E":
        return f"Esti ({_string(str(t[1]))}, {_int(int(t[2]))})"
    return f"Node ({_string(str(t[1]))}, [{', '.join(_tree(c) for c in t[2])}])"


@attrs.define
class Translator:
    """Writes one homework's cases in SML; collects the structures they need (in order).

    >>> t = Translator("hw10")
    >>> t.case(["call", ["get", ["mod", "las"], "look_and_say"], ["fn", "eq"],
    ...         ["seq", ["lit", 1], ["lit", 1]]])
    'Show.seq (Show.pair (Show.int, Show.int)) (LookAndSay.look_and_say ((op =)) \
(Show.fromList [1, 1]))'
    """

    hw: str
    """``hw10`` or ``hw11``."""
    names: dict[str, str] = attrs.field(factory=dict)
    """A handout structure or functor (``GraphSeq``, ``AlphaBeta``, a map ``M1``) -> what the
    solution calls it (``Graphs``; ``M1 (P)`` where the map is a functor of a printer)."""
    decls: list[str] = attrs.field(factory=list)
    """Structure declarations, in the order they must be loaded."""
    _declared_as: dict[str, str] = attrs.field(factory=dict)
    """A structure expression (as JSON text) -> the name it is declared under."""
    _kinds: dict[str, tuple[str, str]] = attrs.field(factory=dict)
    """A declared structure -> (its kind: ttt, game, riskless, player; its game's name)."""

    def case(self, expr: Json) -> str:
        """SML text evaluating ``expr`` and printing its result in the canonical form."""
        return f"{self._printer(expr)} ({self.value(expr, '')})"

    # -- structures ------------------------------------------------------------------------

    def _declare(self, key: Json, prefix: str, kind: tuple[str, str], text: str,
                 extra: str = "") -> str:
        k = json.dumps(key, sort_keys=True)
        if k not in self._declared_as:
            name = f"{prefix}{len(self._declared_as)}"
            self._declared_as[k] = name
            self._kinds[name] = kind
            show = (f"structure {name}_show = {self._show_functor()} ({name})\n"
                    if kind[0] != "player" else "")
            self.decls.append(f"structure {name} = {text}\n{show}" + extra.replace("@", name))
        return self._declared_as[k]

    def _name(self, handout: str) -> str:
        return self.names.get(handout, handout)

    def _show_functor(self) -> str:
        return "ShowGame10" if self.hw == "hw10" else "ShowGame11"

    def structure(self, e: Json) -> str:
        """The SML structure an expression stands for (declared on first use).

        >>> t = Translator("hw11")
        >>> t.structure(["call", ["get", ["mod", "riskless"], "Riskless"],
        ...              ["get", ["mod", "maps"], "M1"]])
        'RL0'
        >>> t.decls[0].splitlines()[:3]
        ['structure RL0 = Riskless (M1)', 'structure RL0_show = ShowGame11 (RL0)', \
'structure RL0_rl =']
        """
        match e:
            case ["get", ["lib", "sml150.lib.explicit"], ("HandoutSmall" | "HandoutBig") as n]:
                return self._declare(e, "H", ("game", ""), n)
            case ["get", ["mod", "maps"], name]:
                return self._name(str(name))
            case ["call", ["get", ["lib", "sml150.lib.explicit"], "ExplicitGame"], ["tree", t]]:
                return self._declare(e, "XG", ("game", ""),
                                     f"ExplicitGame (struct open GameTree val tree = {_tree(t)} "
                                     "end)")
            case ["call", ["get", ["mod", "tictactoe"], "TicTacToe"],
                  ["call", ["get", ["mod", "tictactoe"], "TTTConsts"], ["lit", int(n)]]]:
                return self._declare(e, "TTT", ("ttt", ""),
                                     f"{self._name('TicTacToe')} (struct val board_size = {n} "
                                     "end)", _TTT_SHOW)
            case ["call", ["get", ["mod", "riskless"], "Riskless"], m]:
                return self._declare(e, "RL", ("riskless", ""),
                                     f"{self._name('Riskless')} ({self.structure(m)})",
                                     _RISKLESS_SHOW)
            case ["call", ["get", ["mod", ("alphabeta" | "jamboree") as mod], functor],
                  ["call", ["get", ["lib", "sml150.lib.signatures"], settings], g, ["lit", d],
                   *rest]]:
                game = self.structure(g)
                body = f"structure G = {game} val search_depth = {_int(int(d))}"
                if settings == "JamboreeSettings":
                    body += f" val prune_percentage = {_literal(float(rest[0][1]))}"
                return self._declare(e, "AB" if mod == "alphabeta" else "J",
                                     ("player", game),
                                     f"{self._name(str(functor))} (struct {body} end)")
        raise TranslateError(f"not a structure this bridge knows: {json.dumps(e)[:120]}")

    def _default_player(self) -> str:
        """An ``AlphaBeta`` to call ``compareAB`` in (HW10: it lives inside the functor)."""
        small: Json = ["get", ["lib", _EXPLICIT], "HandoutSmall"]
        return self.structure(["call", ["get", ["mod", "alphabeta"], "AlphaBeta"],
                               ["call", ["get", ["lib", _SIG], "Settings"], small, ["lit", 1]]])

    # -- values -----------------------------------------------------------------------------

    def value(self, e: Json, owner: str) -> str:
        """SML text for the value expression ``e``; ``owner`` holds its window constructors.

        >>> Translator("hw10").value(["tuple", ["call", ["get", ["mod", "alphabeta"], "Bound"],
        ...     ["call", ["get", ["lib", "sml150.lib.est"], "Guess"], ["lit", -2]]],
        ...     ["call", ["get", ["mod", "alphabeta"], "POSINF"]]], "AB3")
        '(AB3.Bound (Est.Guess ~2), AB3.POSINF)'
        """
        match e:
            case ["lit", v]:
                return _literal(v)
            case ["tuple", *items]:
                return "(" + ", ".join(self.value(x, owner) for x in items) + ")"
            case ["list", *items]:
                return "[" + ", ".join(self.value(x, owner) for x in items) + "]"
            case ["seq", *items]:
                return "Show.fromList [" + ", ".join(self.value(x, owner) for x in items) + "]"
            case ["fn", name] if name in _EQUALITIES:
                return _EQUALITIES[name]
            case ["get", ["get", ["lib", "sml150.lib.signatures"], "Player"], p]:
                return f"{owner}.{p}" if owner else f"GameBase.{p}"
            case ["get", ["get", ["mod", "tictactoe"], "Entry"], entry]:
                return f"{owner}.{entry}"
            case ["get", ["lib", "sml150.lib.est"], est] | ["call", ["get", ["lib", _], est]] \
                    if est in ("MinnieWins", "MaxieWins"):
                return self._est(est, None, owner)
            case ["call", ["get", ["lib", "sml150.lib.est"], "Guess"], ["lit", int(n)]]:
                return self._est("Guess", n, owner)
            case ["call", ["get", ["mod", "alphabeta" | "jamboree"], con], *args] \
                    if con in ("NEGINF", "POSINF", "Bound", "Leaf", "Step"):
                owner = owner or self._default_player()
                inner = ", ".join(self.value(a, owner) for a in args)
                return f"{owner}.{con}" + (f" ({inner})" if args else "")
            case ["callkw", ["get", ["mod", "riskless"], con], [], kwargs]:
                inner = ", ".join(self.value(v, owner) for _, v in kwargs)
                return f"{owner or 'RisklessGiven'}.{con}" + (f" ({inner})" if kwargs else "")
            case ["call", ["get", s, "data_to_start_state"], ["lit", list(rows)]] \
                    if self._kinds.get(self.structure(s), ("", ""))[0] == "ttt":
                return self._ttt_state(self.structure(s), [str(r) for r in rows])
            case ["get", s, "start" | "initial_ab" as member]:
                return f"{self.structure(s)}.{SML_NAMES.get(member, member)}"
            case ["call", ["get", ["mod", "alphabeta"], "compare_ab"], *args]:
                return self._apply(self._default_player(), "compare_ab", args)
            case ["call", ["get", ["mod", m], fname], *args] if m in _MODULE_STRUCTURES:
                return self._apply(self._name(_MODULE_STRUCTURES[m]), str(fname), args, owner)
            case ["call", ["get", s, str(fname)], *args]:
                return self._apply(self.structure(s), fname, args)
        raise TranslateError(f"no SML for the expression {json.dumps(e)[:120]}")

    def _ttt_state(self, s: str, rows: list[str]) -> str:
        """A Tic-Tac-Toe state written out (``type state = board * player``).

        Not made with the solution's ``data_to_start_state``: the 2016 starter's is a stub
        (``fun data_to_start_state _ = start``) no task asks the student to write.

        >>> Translator("hw10")._ttt_state("T", ["O.", ".X"])
        '(Show.fromList [Show.fromList [SOME T.O, NONE], Show.fromList [NONE, SOME T.X]], T.Maxie)'
        """
        tile = {"O": f"SOME {s}.O", "X": f"SOME {s}.X"}
        board = ", ".join("Show.fromList [" + ", ".join(tile.get(c, "NONE") for c in r) + "]"
                          for r in rows)
        cells = "".join(rows)
        player = "Maxie" if cells.count("O") == cells.count("X") else "Minnie"
        return f"(Show.fromList [{board}], {s}.{player})"

    def _est(self, con: str, n: int | None, owner: str = "") -> str:
        """An estimate, made with the ``Est`` of the game it goes to.

        A game's own, or a player's game's, so the library's name for it (``Est``,
        ``Estimate``) never matters.

        >>> t = Translator("hw10")
        >>> small = t.structure(["get", ["lib", "sml150.lib.explicit"], "HandoutSmall"])
        >>> t._est("Guess", -2, small)
        'H0.Est.Guess ~2'
        """
        kind, game = self._kinds.get(owner, ("", ""))
        est = (f"{owner}.Est" if kind in ("ttt", "game", "riskless") else
               f"{game}.Est" if kind == "player" else "Est" if self.hw == "hw10" else "Estimate")
        if self.hw == "hw10":
            return f"{est}.Guess {_int(n)}" if n is not None else f"{est}.{con}"
        if n is not None:
            return f"{est}.guess {_int(n)}"
        return f"{est}.minnie_wins" if con == "MinnieWins" else f"{est}.maxie_wins"

    def _apply(self, s: str, fname: str, args: list[Json], owner: str = "") -> str:
        parts = [self.value(a, owner or s) for a in args]
        name = f"{s}.{SML_NAMES.get(fname, fname)}"
        if fname in TUPLED:
            return f"{name} ({', '.join(parts)})"
        return " ".join([name, *(f"({p})" for p in parts)])

    # -- printers ---------------------------------------------------------------------------

    def _printer(self, e: Json) -> str:
        """The canonical printer of ``e``'s result (by the function called and its structure)."""
        match e:
            case ["get", s, "start"]:
                return self._state_printer(self.structure(s))
            case ["get", s, "initial_ab"]:
                v = self._value_printer(self.structure(s))
                return f"Show.pair ({v}, {v})"
            case ["call", ["get", ["mod", "alphabeta"], "compare_ab"], *_]:
                p = self._default_player()
                return f"(fn {p}.BELOW => \"BELOW\" | {p}.INTERIOR => \"INTERIOR\" " \
                       f"| {p}.ABOVE => \"ABOVE\")"
            case ["call", ["get", ["mod", "las"], _], _, ["seq", *items]]:
                return f"Show.seq (Show.pair (Show.int, {_element(items)}))"
            case ["call", ["get", ["mod", "graphseq"], fname], *args]:
                return _GRAPH_PRINTERS[str(fname)](args)
            case ["call", ["get", s, str(fname)], *_]:
                return self._call_printer(self.structure(s), fname)
        raise TranslateError(f"no printer for {json.dumps(e)[:120]}")

    def _call_printer(self, s: str, fname: str) -> str:
        kind, game = self._kinds.get(s, ("", ""))
        show = f"{s}_show"
        if kind in ("ttt", "riskless", "game"):
            simple = {"status": f"{show}.status", "estimate": f"{show}.est",
                      "is_valid_move": "Show.bool"}
            if fname in simple:
                return simple[fname]
            if fname == "make_move":
                return self._state_printer(s)
            if fname == "moves":
                return f"Show.seq ({self._move_printer(s)})"
        elif kind == "player":
            move = self._move_printer(game)
            est = f"{game}_show.est"
            players = {
                "search": f"Show.option (Show.pair ({move}, {est}))",
                "evaluate": est,
                "next_move": move,
                "split_moves": f"Show.pair (Show.seq ({move}), Show.seq ({move}))",
                "F": self._value_printer(s),
                "G": self._value_printer(s),
            }
            if fname in players:
                return players[fname]
        raise TranslateError(f"no printer for {s}.{fname}")

    def _state_printer(self, s: str) -> str:
        kind = self._kinds.get(s, ("", ""))[0]
        if kind == "ttt":
            return f"{s}_ttt.state"
        if kind == "riskless":
            return f"{s}_rl.state"
        raise TranslateError(f"no printer for the states of {s}")

    def _move_printer(self, game: str) -> str:
        kind = self._kinds.get(game, ("", ""))[0]
        return {"ttt": f"{game}_ttt.move", "riskless": "Show.pair (Show.int, Show.int)"}.get(
            kind, "Show.int")

    def _value_printer(self, s: str) -> str:
        game = self._kinds[s][1]
        move, est = self._move_printer(game), f"{game}_show.est"
        return (f"(fn {s}.Step (m, e) => Show.con \"Step\" (Show.pair ({move}, {est}) (m, e)) "
                f"| {s}.Leaf e => Show.con \"Leaf\" ({est} e))")


_TTT_SHOW: Final = """structure @_ttt =
struct
  fun entry @.O = "O" | entry @.X = "X"
  fun move ((e, (r, c)) : @.move) = Show.pair (entry, Show.pair (Show.int, Show.int)) (e, (r, c))
  fun state ((b, p) : @.state) =
      Show.con "TTTState" (Show.pair (Show.seq (Show.seq (Show.option entry)), @_show.player)
                                     (b, p))
end
"""
"""A Tic-Tac-Toe structure's move and state printers (``@``: its name; the handout's
``type state = board * player`` and ``datatype entry = O | X``)."""


_RISKLESS_SHOW: Final = """structure @_rl =
struct
  fun position (@.Min n) = Show.con "Min" (Show.int n)
    | position (@.Max n) = Show.con "Max" (Show.int n)
    | position @.Empty = "Empty"
  fun territory (@.T (name, pos)) = Show.con "T" (Show.pair (Show.string, position) (name, pos))
  fun state (@.B (board, p) : @.state) =
      Show.con "B" (Show.pair (Show.seq (Show.pair (territory, Show.seq Show.int)),
                               @_show.player) (board, p))
end
"""
"""A Riskless structure's state printer (the handout's ``B``, ``T``, ``Min``/``Max``/``Empty``,
from the structure itself: the project's library gives them as ``RisklessGiven``, the 2013
solutions declare them in their functor)."""


def _element(items: list[Json]) -> str:
    """The printer of a sequence's elements, from the first one (``Show.int`` if none)."""
    match items:
        case [["lit", str()], *_]:
            return "Show.string"
        case [["tuple", *parts], *_]:
            return "Show.pair (" + ", ".join(_element([p]) for p in parts) + ")"
    return "Show.int"


_GRAPH_PRINTERS: Final[dict[str, Callable[[list[Json]], str]]] = {
    "to_list": lambda args: f"Show.list ({_element(args[0][1:])})",
    "get_neighbors": lambda _: "Show.seq Show.int",
    "from_edge_seq": lambda _: "Show.seq (Show.seq Show.int)",
    "is_undirected": lambda _: "Show.bool",
}


def constructors(hw: str) -> dict[str, Callable[..., Any]]:
    """The Python constructors the canonical text of ``hw``'s results names (by SML name).

    >>> constructors("hw11")["Step"](1, constructors("hw11")["MaxieWins"]())
    Step(move=1, est=MaxieWins())
    """
    from sml150.lib import est, signatures

    table: dict[str, Callable[..., Any]] = {
        "Maxie": lambda: signatures.Maxie, "Minnie": lambda: signatures.Minnie,
        "In_play": signatures.In_play, "Over": signatures.Over, "Winner": signatures.Winner,
        "Draw": signatures.Draw, "MinnieWins": est.MinnieWins, "Guess": est.Guess,
        "MaxieWins": est.MaxieWins,
    }
    if hw == "hw10":
        from sml150.handouts.hw10 import alphabeta as ab10
        from sml150.handouts.hw10 import tictactoe

        table |= {"O": lambda: tictactoe.O, "X": lambda: tictactoe.X,
                  "TTTState": tictactoe.TTTState}
        table |= {o.name: (lambda o=o: o) for o in ab10.OrderAB}
    else:
        from sml150.handouts.hw11 import alphabeta as ab11
        from sml150.handouts.hw11 import riskless

        table |= {"Step": ab11.Step, "Leaf": ab11.Leaf, "B": riskless.B, "T": riskless.T,
                  "Min": riskless.Min, "Max": riskless.Max, "Empty": riskless.Empty}
    return table


def map_structure(name: str, sml_name: str) -> str:
    """An SML structure for the handout's Riskless map ``name`` (``M1``, ``M2``, ``Earth``).

    For a course library without it: the board as the grader's maps hold it (its printing,
    which no case calls, is a constant).

    >>> map_structure("M1", "CrosscheckM1").splitlines()[1].split("), (")[0].strip()
    'val board = Show.fromList [("Land0", Show.fromList [1, 5]'

    """
    from sml150.handouts.hw11 import maps

    m = getattr(maps, name)
    board = ", ".join(f"({_string(t)}, Show.fromList [{', '.join(map(_int, ns))}])"
                      for t, ns in m.board)
    return (f"structure {sml_name} = struct\n  val board = Show.fromList [{board}]\n"
            f"  fun board_to_string (_ : string Seq.seq) : string = \"\"\n"
            f"  val min_start = {m.min_start}\n  val max_start = {m.max_start}\n"
            f"  val max_units = {m.max_units}\n  val max_terri = {m.max_terri}\nend\n")
