"""The searches that can be drawn: each one run on a recording game, its windows probed.

``record(which, game, depth, ...)`` runs one search (``SEARCHES`` names them) exactly as the
course or the engine runs it, printing what it prints, and returns a ``Recording``: the log of
what it did (``sml150.draw.record``), how its windows and values are written (a ``Notation``)
and its answer. Where each search holds its windows:

- HW11 ``AlphaBeta``: its node function (the handout's ``F``/``G`` in one, ``_node``) is called
  with the state and ``ab``; it returns the node's ``Step``/``Leaf`` value.
- HW11 and HW10 ``Jamboree``: each node is a fork-join routine ``node(depth, state, window,
  count)`` (``sml150.lib.forkjoin``), run by ``run_here``, which is sent it with a ``Child``
  request (one after another) or inside a ``Together`` (side by side: the parallel part).
- HW10 ``AlphaBeta``: ``_evaluate(d, ab, s, count)`` for every node below the root, which is
  searched with ``(NEGINF, POSINF)``.
- The engine (``alphabeta``, ``pvs``): ``Kernel.root`` and the kernel's ``ab(s, depth, alpha,
  beta, ply)``, with negamax windows and scores for the side to move.
- The OCaml exercise (``bval``, ``bmove``, ``assured_win``): no windows; its lazy tree is
  ``from_game`` of the recording game, so a cell is forced exactly when its move is made.

>>> from sml150.lib.explicit import HandoutSmall
>>> r = record("hw11-alphabeta", HandoutSmall, 2)
Estimating state c[3]
...
Estimating state k[1]
>>> r.answer, sum(type(e).__name__ == "Estimated" for e in r.log.events)
('move 1, value 4', 7)

(About 420 lines: one module holds every search that can be drawn, so that how each one is
read stays side by side.)
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Mapping
from types import CodeType, FrameType
from typing import Any, Final, final

import attrs

from sml150.draw.record import (
    Created,
    Entered,
    Left,
    Log,
    Spot,
    probe,
    recording_game,
)
from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.forkjoin import Together, run_here
from sml150.lib.signatures import GAME, JamboreeSettings, Maxie, Player, Settings

__all__ = ["RECORD_LIMIT", "SEARCHES", "Notation", "Recording", "est_text", "record"]


def est_text(e: est) -> str:
    """A value as the pictures write it: ``3``, ``-2``, ``Max wins``, ``Min wins``.

    >>> est_text(Guess(-2)), est_text(MaxieWins())
    ('-2', 'Max wins')
    """
    match e:
        case Guess(n):
            return str(n)
        case MaxieWins():
            return "Max wins"
        case MinnieWins():
            return "Min wins"
    raise TypeError(f"not an estimate: {e!r}")


def bound_text(e: est) -> str:
    """A bound of a window: ``3``, or ``+∞``/``-∞`` for a win (no bound yet).

    >>> bound_text(MinnieWins()), bound_text(Guess(3))
    ('-∞', '3')
    """
    match e:
        case MaxieWins():
            return "+∞"
        case MinnieWins():
            return "-∞"
    return est_text(e)


@final
@attrs.frozen
class Notation:
    """How one family of searches writes its windows and results, read for the picture.

    Each function takes the search's own value and the player to move at the node (the
    engine's are for the side to move; the pictures are for Maxie, as the handouts draw).
    """

    value: Callable[[Any, Player], est]
    """A result's value, absolute (positive favours Maxie)."""
    value_text: Callable[[Any], str]
    """A result as the search writes it."""
    window: Callable[[Any, Player], tuple[est, est]]
    """A window as ``(alpha, beta)``, absolute."""
    window_text: Callable[[Any], str]
    """A window as the search writes it."""
    cut: Callable[[Any, Any, Player], bool]
    """Whether a result under a window stopped the node's scan (the result passed the bound
    on the mover's side)."""


@final
@attrs.frozen
class Recording:
    """One search as it ran: what it made and visited (``log``), and its answer."""

    which: str
    """The search's name in ``SEARCHES``."""
    title: str
    """What it searched, in words."""
    game: GAME[Any, Any]
    """The game searched (the real one)."""
    depth: int | None
    """Plies searched (``None``: to the end of the game)."""
    log: Log
    """What the search did, in order (the root, node 0, is entered first and left last)."""
    notation: Notation | None
    """How its windows and values read; ``None``: it has none (the lazy-tree evaluators)."""
    move: Any
    """The move it chose at the root (``None``: it chooses none)."""
    answer: str
    """Its answer in words (``move 1, value 4``)."""
    summary: str
    """The line the ``trace`` command prints after it ('' for none)."""
    pv: tuple[Any, ...] = ()
    """The principal variation it reports (the engine), else ``()``."""


# -- notations ------------------------------------------------------------------------------


def _hw11_notation(game: GAME[Any, Any]) -> Notation:
    from sml150.handouts.hw11.alphabeta import ab_to_string, value_of, value_to_string

    def cut(w: Any, v: Any, p: Player) -> bool:
        alpha, beta = w
        return value_of(v) >= value_of(beta) if p is Maxie else value_of(v) <= value_of(alpha)

    return Notation(
        value=lambda v, _p: value_of(v),
        value_text=lambda v: value_to_string(game, v),
        window=lambda w, _p: (value_of(w[0]), value_of(w[1])),
        window_text=lambda w: f"ab={ab_to_string(game, w)}",
        cut=cut,
    )


def _hw10_bound(b: Any, default: est) -> est:
    from sml150.handouts.hw10.alphabeta import Bound

    return b.value if isinstance(b, Bound) else default


def _hw10_notation() -> Notation:
    from sml150.handouts.hw10.alphabeta import ABOVE, BELOW, ab_to_string, compare_ab
    from sml150.lib.est import Est10

    def cut(w: Any, v: Any, p: Player) -> bool:
        return compare_ab(w, v) is (ABOVE if p is Maxie else BELOW)

    return Notation(
        value=lambda v, _p: v,
        value_text=Est10.to_string,
        window=lambda w, _p: (_hw10_bound(w[0], MinnieWins()), _hw10_bound(w[1], MaxieWins())),
        window_text=lambda w: f"ab={ab_to_string(w)}",
        cut=cut,
    )


def _engine_notation() -> Notation:
    from sml150.search.score import describe, score_to_est

    def window(w: Any, p: Player) -> tuple[est, est]:
        alpha, beta = w
        lo, hi = score_to_est(alpha, p), score_to_est(beta, p)
        return (lo, hi) if p is Maxie else (hi, lo)

    def window_text(w: Any) -> str:
        return f"negamax window ({describe(w[0])}, {describe(w[1])}) for the side to move"

    return Notation(
        value=score_to_est,
        value_text=lambda v: f"{describe(v)} for the side to move",
        window=window,
        window_text=window_text,
        cut=lambda w, v, _p: bool(v >= w[1]),
    )


# -- spots: where each search holds a node's window -------------------------------------------


def _locals(*names: str) -> Callable[[FrameType], tuple[object, object, bool]]:
    """Read ``(state, window)`` from a call's arguments named ``names`` (state first)."""
    state, *window = names

    def enter(frame: FrameType) -> tuple[object, object, bool]:
        loc = frame.f_locals
        w = loc[window[0]] if len(window) == 1 else tuple(loc[n] for n in window)
        return loc[state], w, False

    return enter


_RUN_HERE: Final = run_here.__code__


def _forkjoin_enter(frame: FrameType) -> tuple[object, object, bool] | None:
    """A ``run_here`` call of a node routine: its state, window, and whether it is parallel.

    Read from the routine's arguments (the ``NodeFn`` contract); parallel: one of a
    ``Together``.
    """
    loc = frame.f_locals
    routine, node = loc["routine"], loc["node"]
    code = getattr(routine, "gi_code", None)
    fn_code: object = getattr(getattr(node, "__func__", node), "__code__", None)
    if not isinstance(code, CodeType) or fn_code is not code:
        return None  # the root's own routine (HW10's search): the caller records the root
    args = routine.gi_frame.f_locals
    names = code.co_varnames[:code.co_argcount][-4:]
    _depth, state, window, _count = (args[n] for n in names)
    return state, window, _in_together(frame)


def _in_together(frame: FrameType) -> bool:
    """Whether this ``run_here`` runs a child of a ``Together`` request of the one above."""
    up = frame.f_back
    for _ in range(3):  # run_here itself, or a comprehension inside it (Python < 3.12)
        if up is None:
            return False
        if up.f_code is _RUN_HERE:
            return type(up.f_locals.get("request")) is Together
        up = up.f_back
    return False


_FORKJOIN: Final = Spot(_RUN_HERE, _forkjoin_enter, leave=lambda r: None if r is None else r[0])


# -- the searches -----------------------------------------------------------------------------


def _root_entry(log: Log, window: Any, result: Any) -> None:
    """Record the root as entered first and left last (a search whose root is not a spot)."""
    log.events.insert(0, Entered(0, window))
    log.events.append(Left(0, result))


def _hw11(which: str, game: GAME[Any, Any], depth: int, prune: float, trace: bool
          ) -> Recording:
    log = Log(limit=RECORD_LIMIT)
    g = recording_game(game, log)
    if which == "hw11-alphabeta":
        from sml150.handouts.hw11.alphabeta import AlphaBeta

        ab = AlphaBeta(Settings(G=g, search_depth=depth, trace=trace))
        # The handout's F and G are one function of the reference (the trace prints from it).
        spot = Spot(type(ab)._node.__code__, _locals("s", "ab"))
        with probe(log, [spot]):
            a = ab.analyze(g.start)
        name = "HW11 AlphaBeta"
    else:
        from sml150.handouts.hw11.jamboree import Jamboree

        j = Jamboree(JamboreeSettings(G=g, search_depth=depth, prune_percentage=prune,
                                      trace=trace))
        with probe(log, [_FORKJOIN]):
            a = j.analyze(g.start)
        name = f"HW11 Jamboree (prune_percentage {prune:g})"
    return Recording(which, name, game, depth, log, _hw11_notation(game), a.move,
                     f"move {game.move_to_string(a.move)}, value {est_text(a.value)}", "")


def _hw10(which: str, game: GAME[Any, Any], depth: int, prune: float) -> Recording:
    from sml150.handouts.hw10.alphabeta import NEGINF, POSINF

    log = Log(limit=RECORD_LIMIT)
    g = recording_game(game, log)
    if which == "hw10-alphabeta":
        from sml150.handouts.hw10.alphabeta import AlphaBeta

        ab = AlphaBeta(Settings(G=g, search_depth=depth))
        # Every node below the root is valued by this function of the reference.
        spot = Spot(type(ab)._evaluate.__code__, _locals("s", "ab"))
        with probe(log, [spot]):
            a = ab.analyze(g.start)
        name = "HW10 AlphaBeta"
    else:
        from sml150.handouts.hw10.jamboree import Jamboree

        j = Jamboree(JamboreeSettings(G=g, search_depth=depth, prune_percentage=prune))
        with probe(log, [_FORKJOIN]):
            a = j.analyze(g.start)
        name = f"HW10 Jamboree (prune_percentage {prune:g})"
    _root_entry(log, (NEGINF(), POSINF()), a.value)
    return Recording(which, name, game, depth, log, _hw10_notation(), a.move,
                     f"move {game.move_to_string(a.move)}, value {est_text(a.value)}",
                     f"Terminals visited: {a.terminals}")


def _engine(which: str, game: GAME[Any, Any], depth: int) -> Recording:
    from sml150.search import alphabeta, pvs
    from sml150.search.kernel import Kernel

    def node_spot(frame: FrameType) -> list[Spot]:
        # The kernel builds its node function per search: watch it from the root's call.
        ab = frame.f_locals["self"].ab
        return [Spot(ab.__code__, _locals("s", "alpha", "beta"))]

    root = Spot(Kernel.root.__code__, _locals("s", "alpha", "beta"),
                leave=lambda r: None if r is None else r[0], learn=node_spot)
    log = Log(limit=RECORD_LIMIT)
    g = recording_game(game, log)
    search = pvs if which == "engine-pvs" else alphabeta
    with probe(log, [root]):
        r = search(g, g.start, depth)
    name = "The engine's " + ("PVS (NegaScout)" if which == "engine-pvs" else "alpha-beta")
    entered = sum(isinstance(e, Entered) for e in log.events)
    return Recording(which, name, game, depth, log, _engine_notation(), r.move,
                     f"move {game.move_to_string(r.move)}, value {est_text(r.est)}",
                     f"{which}: move {game.move_to_string(r.move)}, value {est_text(r.est)},"
                     f" {entered} positions entered", pv=r.pv)


def _gametree(which: str, game: GAME[Any, Any], depth: int | None) -> Recording:
    from sml150.gametree import (
        assured_win_stats,
        bmove_stats,
        bottom,
        bval_stats,
        from_game,
        top,
        win_loss_draw,
    )

    log = Log(limit=RECORD_LIMIT)
    g = recording_game(game, log)
    t = win_loss_draw(g) if which == "gametree-assured-win" else from_game(g, depth)
    move = None
    if which == "gametree-bval":
        v, stats = bval_stats(bottom, top, t)
        said = str(v)
        answer = f"bval bottom top t = {said}"
    elif which == "gametree-bmove":
        found, stats = bmove_stats(bottom, top, t)
        move = found.map(lambda i: list(game.moves(game.start))[i]).value_or(None)
        said = "None" if move is None else f"Some {game.move_to_string(move)}"
        answer = f"bmove bottom top t = {said}"
    else:
        won, stats = assured_win_stats(t)
        said = "true" if won else "false"
        answer = f"assured_win t = {said}"
    # A forced cell is a node made: number the nodes in the order the evaluator reached them.
    events: list[Any] = [Entered(0, None)]
    for e in log.events:
        events.append(e)
        if isinstance(e, Created):
            events.append(Entered(e.child, None))
    events.append(Left(0, said))  # the root's "value": what the evaluator answered
    log.events[:] = events
    name = {"gametree-bval": "bval", "gametree-bmove": "bmove",
            "gametree-assured-win": "assured_win"}[which]
    return Recording(which, f"The OCaml exercise's {name}", game, depth, log, None, move,
                     answer, f"{answer} ({stats.leaves} leaves, {stats.nodes} trees examined)")


RECORD_LIMIT: Final[int] = 100_000
"""The most positions a recorded search may make (a larger one is stopped: ``TooLarge``)."""

SEARCHES: Mapping[str, str] = {
    "hw11-alphabeta": "HW11's AlphaBeta (prints the handout's trace)",
    "hw11-jamboree": "HW11's Jamboree (prints the handout's trace)",
    "hw10-alphabeta": "HW10's AlphaBeta (NEGINF | Bound | POSINF windows)",
    "hw10-jamboree": "HW10's Jamboree",
    "engine-alphabeta": "the engine's fail-soft alpha-beta (with its table)",
    "engine-pvs": "the engine's PVS (NegaScout: null windows, re-searches)",
    "gametree-bval": "the OCaml exercise's bval on the lazy tree of the game",
    "gametree-bmove": "the OCaml exercise's bmove on the lazy tree of the game",
    "gametree-assured-win": "the OCaml exercise's assured_win on the game's exact tree",
}
"""Every search ``record`` runs, by name."""


def record(which: str, game: GAME[Any, Any], depth: int | None, *, prune: float = 0.5,
           trace: bool = False, quiet: bool = False, game_title: str | None = None
           ) -> Recording:
    """Run the search ``which`` (a key of ``SEARCHES``) on ``game`` to ``depth``, recorded.

    REQUIRES: ``depth >= 1`` (``None`` only for ``gametree-assured-win``, which always searches
    the exact tree); ``0 <= prune <= 1`` for the Jamboree searches. A search that makes more
    than ``RECORD_LIMIT`` positions is stopped there (``TooLarge``).
    ENSURES: the search runs as it runs unrecorded: the same answer and the same output (HW11's
    trace with ``trace``; ``quiet`` swallows it), and the recording holds every node it made,
    every estimate, and every window and result where the search has them.

    >>> from sml150.lib.explicit import HandoutBig
    >>> r = record("hw10-jamboree", HandoutBig, 4, quiet=True)
    >>> r.answer, r.summary
    ('move 0, value 3', 'Terminals visited: 6')
    """
    if which not in SEARCHES:
        raise ValueError(f"no such search: {which!r} (one of {', '.join(SEARCHES)})")
    out = contextlib.redirect_stdout(io.StringIO()) if quiet else contextlib.nullcontext()
    with out:
        if which.startswith("gametree-"):
            r = _gametree(which, game, depth)
        elif depth is None or depth < 1:
            raise ValueError(f"{which} needs a depth >= 1, not {depth}")
        elif which.startswith("hw11-"):
            r = _hw11(which, game, depth, prune, trace)
        elif which.startswith("hw10-"):
            r = _hw10(which, game, depth, prune)
        else:
            r = _engine(which, game, depth)
    return attrs.evolve(r, title=f"{r.title} on {game_title or _game_name(game)}")


def _game_name(game: GAME[Any, Any]) -> str:
    """A game's name for a title: its ``title`` if it has one, else its type's name."""
    from sml150.lib.explicit import HandoutBig, HandoutSmall

    named = {id(HandoutSmall): "HandoutSmall", id(HandoutBig): "HandoutBig"}
    return named.get(id(game)) or str(getattr(game, "title", type(game).__name__.lstrip("_")))
