"""Lazy explicit game trees and their evaluators: the OCaml exercise, in Python.

One module per concern: ``seq`` (OCaml's ``Seq``), ``tree`` (the types, values and senses),
``minimax`` (Questions 1-5), ``alphabeta`` (Questions 6-8), ``games`` (trees of the library's
games); this package holds them all under their exercise names.

A game tree is built on demand: a nonleaf node carries its *offspring*, an OCaml ``Seq.t`` of
``(move, tree)`` pairs, that is a zero-argument function returning ``Nil()`` or
``Cons(head, tail)`` where ``tail`` is again such a function. Forcing an offspring twice
recomputes it (it is never consumed), so a tree can be walked many times, and only the branch
under examination needs to be in memory. Values are relative to the player *up* at a node
(negamax convention), between ``bottom`` and ``top`` (``-bottom == top``):

>>> t = of_nested([[3, 6, -2], [6, 4, 10], [1, 30, 9]])
>>> size(t), height(t), nval(t), ntval(t), bval(bottom, top, t)
(13, 2, 4, 4, 4)
>>> bmove(bottom, top, t)
<Some: 1>
>>> bval_stats(bottom, top, t)
(4, Stats(leaves=7, nodes=11))

Every function works without Python recursion (an explicit stack of the branch being examined:
one frame per level, holding that level's remaining offspring), so a path of 100,000 nodes is
fine. The evaluators force no more of an offspring than the exercise's algorithms: ``bval``
stops forcing a sequence at a cut.

``from_game`` unfolds any ``GAME`` of the library into such a tree, cut at a depth, with moves
encoded as their index in ``game.moves(s)`` (``decode_move`` maps them back), and
``win_loss_draw`` unfolds a game exactly, with leaves -1, 0, +1, so that ``assured_win`` answers
questions like "is the first player assured to win?".
"""

from __future__ import annotations

from sml150.gametree.alphabeta import (
    assured_win,
    assured_win_stats,
    bmove,
    bmove_stats,
    bval,
    bval_stats,
)
from sml150.gametree.games import decode_move, from_game, win_loss_draw
from sml150.gametree.minimax import (
    eval,
    eval_stats,
    height,
    ntval,
    ntval_stats,
    nval,
    nval_stats,
    size,
)
from sml150.gametree.seq import (
    Cons,
    Nil,
    init,
    of_iterable_factory,
    of_list,
    seq_node,
    seq_t,
    to_list,
    unfold,
)
from sml150.gametree.tree import (
    Even,
    InvalidTree,
    Nested,
    Odd,
    Sense,
    Stats,
    TLeaf,
    TNonLeaf,
    bottom,
    equivalent,
    interpret,
    join,
    move,
    of_nested,
    offspring,
    opposite,
    top,
    tree,
    unit,
    value,
)

__all__ = [
    "Cons",
    "Even",
    "InvalidTree",
    "Nested",
    "Nil",
    "Odd",
    "Sense",
    "Stats",
    "TLeaf",
    "TNonLeaf",
    "assured_win",
    "assured_win_stats",
    "bmove",
    "bmove_stats",
    "bottom",
    "bval",
    "bval_stats",
    "decode_move",
    "equivalent",
    "eval",
    "eval_stats",
    "from_game",
    "height",
    "init",
    "interpret",
    "join",
    "move",
    "ntval",
    "ntval_stats",
    "nval",
    "nval_stats",
    "of_iterable_factory",
    "of_list",
    "of_nested",
    "offspring",
    "opposite",
    "seq_node",
    "seq_t",
    "size",
    "to_list",
    "top",
    "tree",
    "unfold",
    "unit",
    "value",
    "win_loss_draw",
]
