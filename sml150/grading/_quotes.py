"""The handouts' sentences the grader enforces: its only spec.

Every case of both homeworks carries one of these quotes (``Case.quote``), and the starter files'
docstrings are made of them (``_starter.handout_docstring``), so neither a test nor a starter can
ask more of a student than the handout does. Each is the handout's text word for word, up to
whitespace (the seeds' line breaks and double spaces are not the handout's): ``tests/grading/
test_quotes.py`` finds every one in the seed it names (HW10: ``001_…``, HW11: ``000_…``, the
gametree exercise: ``003_…``).

>>> HW10["split_moves"].startswith("if `s` has `n` moves")
True
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["GAMETREE", "HW10", "HW11", "QUOTES", "SEEDS", "normalize"]

SEEDS: Final = {"hw10": "001_2f387594021cce14.txt", "hw11": "000_fb773f94879bf0e2.txt",
                "gametree": "003_b5238abf8b5d5fe7.txt"}
"""The handout of each homework, as a file of ``shared/seeds/``."""


def normalize(text: str) -> str:
    r"""``text`` with every run of whitespace one space, trimmed: how quotes are matched.

    >>> normalize("a  b\n c ")
    'a b c'
    """
    return re.sub(r"\s+", " ", text).strip()


HW10: Final[dict[str, str]] = {
    "start": "In `tictactoe.sml`, create the `start` state with the info in `Settings`.",
    "board_size": "The options structure ascribes to a signature `TTTCONSTS`, which contains a "
                  "value `board_size`, a positive integer that determines the number of rows "
                  "and columns.",
    "is_valid_move": "This takes in a state and move, and returns true if the move can be made "
                     "on the board given in state and false otherwise.",
    "only_their_entry": "Any player may place their entry (and only their entry) onto an empty "
                        "space on the board during their turn.",
    "make_move": "This, when given a state and move, will make the move, assuming the move is "
                 "valid.",
    "moves": "This, when given a state, evaluates to a sequence of possible moves for the "
             "current player.",
    "status": "This, when given a state, will evaluate to `In_play` if the game can still be "
              "continued and `Over(outcome)` if the game is over with outcome `outcome`.",
    "full_board": "we'll say that Minnie wins when the board is filled",
    "win": "Tic-Tac-Toe is a game where the goal is to mark any row, column, or either of the two "
           "diagonals of a given $n \\times n$ board with all O's or X's.",
    "estimate_beats": "You will receive full credit as long as `estimate` performs better than "
                      "an estimator that returns the maximum length of a chain of O's or X's for "
                      "a particular player.",
    "estimate_all_states": "Your implementation of `estimate` should work on all valid game "
                           "states, whether it is in play or it is a terminal state (leaf in the "
                           "search tree).",
    "estimate_no_state": "`estimate` must **NOT** ever create nor examine future states.",
    "estimate_stateless": "`estimate` must **NOT** ever manipulate or hold stateful "
                          "information.",
    "estimate_zero": "Failure to abide by these rules results in an automatic 0 for this task.",
    "look_and_say": "We will generalize this by transforming an `'a Seq.seq` into an `(int * 'a) "
                    "Seq.seq` with one pair for each run in the argument sequence. The `int` "
                    "indicates the length of the run, and the value of type `'a` is the value "
                    "repeated in the run.",
    "las_wrap": "which returns the look-and-say for a sequence interpreted as a cycle. If the "
                "first and last elements of the sequence are part of a single run that wraps "
                "around, you should put this run at the *front* of the resulting sequence.",
    "compare_ab": "that determines where `v` lies relative to the given $\\alpha\\beta$ bounds, "
                  "as described in the specs for that function in the file `alphabeta.sml`.",
    "search": "that uses the current $\\alpha\\beta$ bounds `ab` to find the best edge from the "
              "node for game state `s`, assuming search depth `d` > 0.",
    "cut": "Consequently, at a Maxie node, the $\\alpha\\beta$ algorithm recursively computes "
           "values v_1, v_2, \\dots, v_i until it finds some i such that $v_i \\geq \\beta$, "
           "at which point it returns v_i to its calling function.",
    "best_move": "The best possible move is whatever m_i gives rise to this value v .",
    "evaluate": "that determines the value of the current node corresponding to state `s` under "
                "non-negative search depth `d` and the $\\alpha\\beta$ bounds `ab`.",
    "evaluate_leaf": "Also remember that when the depth is 0 or the game is over, `evaluate` "
                     "should immediately estimate the current game state or return a value "
                     "indicating a win, respectively.",
    "next_move": "that returns the best move going out from `s`.",
    "next_move_search": "In order to implement this function, you should search using "
                        "$\\alpha\\beta$ -pruning with the initial search depth as specified in "
                        "`Settings` and with the initial $\\alpha\\beta$ range appropriately "
                        "chosen.",
    "estimating": "For these explicit games, `estimate` prints the states it visits, so you can "
                  "see what terminal states (leaves) are visited, as indicated above.",
    "split_moves": "if `s` has `n` moves, `abmoves` should contain the first `(Real.floor "
                   "(prune_percentage * (real n)))` moves, and `mmmoves` should contain whatever "
                   "is left over.",
    "jamboree": "The algorithm should process **abmoves** sequentially, updating $\\alpha\\beta$ "
                "as in an $\\alpha\\beta$ -pruning implementation. When there are no more "
                "**abmoves** (and if there has been no pruning), then the algorithm should "
                "evaluate **mmmoves** in parallel, and combine the results from these two "
                "methods of search (by either maximizing or minimizing values, as appropriate "
                "for the given player).",
    "jamboree_spec": "The specs for **search** and **evaluate** are as they are for "
                     "$\\alpha\\beta$ -pruning and MiniMax, now combined with the percentage "
                     "tradeoff as described above.",
    "jamboree_next_move": "Define **next_move**.",
}
"""HW10 (Tic-Tac-Toe, look-and-say, AlphaBeta, Jamboree), by what each sentence requires."""

HW11: Final[dict[str, str]] = {
    "to_list": "that uses listviews to convert a sequence into a list. Your algorithm should "
               "run in O(n) work and span.",
    "get_neighbors": "evaluates to a sequence containing only the neighbors of vertex source in "
                     "an undirected, connected graph G (where a neighbor is any vertex in an "
                     "edge with source).",
    "not_in_graph": "If the requested vertex is not in the graph, raise not in graph.",
    "get_neighbors_example": "For example, get_neighbors <<1>, <0,3>, <3>, <1,2>> 1 should "
                             "evaluate to <0,3>.",
    "from_edge_seq": "given the n, number of vertices in the graph, and E, a list of valid edges "
                     "for the graph of n vertices, constructs the adjacency list representation "
                     "of the graph.",
    "from_edge_seq_example": "For example, from_edge_seq <(0,1), (1,0), (1,2), (2,1)> 3 should "
                             "evaluate to",
    "is_undirected": "that returns true if all edges in a graph G are undirected (i.e. for each "
                     "edge (u, v) in G, (v, u) is also in G), and false otherwise.",
    "riskless_start": "The players begin with their armies distributed on the occupied "
                      "territories (Minnie with one extra army), and gameplay commences "
                      "turn-by-turn (Maxie going first):",
    "status": "member that a game of Riskless ends when either one player is out of "
              "territories, or the other has reached the target number of units, represented "
              "by Dim.max_units. A Draw state occurs when both players have exceeded the target "
              "number of units.",
    "moves": "If a state s is still In_play, moves s evaluates to a non-empty sequence of valid "
             "moves for s. Otherwise, moves s returns an empty sequence.",
    "mobilize": "On a player’s turn, he or she mobilizes all the armies on any occupied "
                "territory to an adjacent territory.",
    "make_move": "Assuming a valid move for the current state, evaluates to the state after the "
                 "move has been applied. Remember to update the number of armies, and to "
                 "account for the maximum cap per territory (defined by Dim.max_terri).",
    "battle": "If the target is occupied by the opponent, the player with more armies wins the "
              "battle and reoccupies the territory with the (absolute) difference of armies "
              "remaining. In the case of a tie, the attacking player wins.",
    "train": "At the end of every move, both players train one additional army on each of their "
             "occupied territories up to a set cap (determined by the map).",
    "estimate_naive": "You will receive full credit as long as estimate performs no worse than "
                      "the na¨ıve version above.",
    "naive": "A very na¨ıve static evaluation algorithm would be to award points for the total "
             "number of armies on the map. For instance, one could sum the number of armies, "
             "with positive points for the “Max” player and negative points for the “Min” "
             "player.",
    "estimate_all_states": "Your implementation of estimate should work on all valid game "
                           "states, whether it is in play or it is a terminal state.",
    "tests": "Please fill out the test structure with appropriate tests.",
    "initial_ab": "we typically set the initial α and β to the smallest and largest possible "
                  "estimated values, such that any minimax score is equal or better for either "
                  "player.",
    "fg": "which compute the best possible result (move and candidate value) using the αβ "
          "algorithm, given a game state s at a depth d, for Maxie (F) and Minnie (G).",
    "fg_assume": "You may assume that the depth is non-zero, the status of s is In_play, and "
                 "that Game.moves s evaluates to a non-empty sequence of valid moves.",
    "ab_spec": "Let M M be the minimax value of a node s. Then the αβ-pruning result (i.e., the "
               "candidate value) for that node, AB, satisfies the following:",
    "ab_maxie": "If s is a Maxie node and M M ≤ α, then stop evaluating any siblings (the "
                "parent of s should be pruned).",
    "ab_minnie": "If s is a Minnie node and β ≤ M M , then stop evaluating any siblings (the "
                 "parent of s should be pruned).",
    "ab_otherwise": "Otherwise, AB = M M .",
    "estimating": "For these explicit games, estimate prints the states it visits, so you can "
                  "see what ter- minals are visited, as indicated above.",
    "next_move": "such that given a state s, next_move s evaluates to the best move the current "
                 "player can choose.",
    "split_moves": "In particular, if s has n moves, abmoves should contain the first (Int.floor "
                   "(prune_percentage * n)) moves, and mmmoves whatever is left over.",
    "jamboree": "When there are no more abmoves, you should then process mmmoves in parallel, "
                "and combine the max/min of their values with the incoming α/β to produce the "
                "appropriate value for s.",
    "jamboree_fg": "The specs for F and G are as above, except that during the processing of "
                   "each parent’s child nodes, it should divide up the moves from s into abmoves "
                   "and mmmoves.",
    "jamboree_next_move": "Define next_move.",
}
"""HW11 (graphs, Riskless, AlphaBeta with Step/Leaf, Jamboree), by what each sentence requires."""

GAMETREE: Final[dict[str, str]] = {
    "size": "The **size** of a game tree is the number of its nodes (including both leaf and "
            "nonleaf nodes).",
    "size_type": "Define the function `size`, whose type is `tree -> int`.",
    "height": "The **height** of a game tree is the maximum length of a branch. In other "
              "words, it is the maximum number of moves that can be played consecutively, "
              "beginning in the initial game state.",
    "height_type": "Define the function `height`, whose type is `tree -> int`.",
    "eval": "Define a function `eval` of type `sense -> tree -> value` such that `eval sense t` "
            "computes the value in the eyes of the player `Even` of the game tree `t`, under "
            "the assumption that, at the root of the tree, the player `sense` is up.",
    "eval_law": "Thus, the function `eval` must satisfy the following law: `eval (opposite "
                "sense) t = -(eval sense t)`.",
    "nval": "Define a function `nval` of type `tree -> value` such that `nval t` computes the "
            "value of the game tree `t` in the eyes of the player who is up at the root of the "
            "tree.",
    "nval_law": "The connection between `nval` and `eval` is described by the following law: "
                "`interpret sense (nval t) = eval sense t`.",
    "ntval": "Define a function `ntval` of type `tree -> value` such that `ntval t` computes "
             "the value of the game tree `t` in the eyes of the player who is up at the root of "
             "the tree.",
    "ntval_law": "The connection between `ntval` and `nval` is simple: `ntval t` must be equal "
                 "to `nval t`.",
    "bval": "Define a function `bval` of type `value -> value -> tree -> value` such that "
            "`bval t` computes the value of the game tree `t` in the eyes of the player who is "
            "up at the root of the tree, up to `(alpha, beta)`-equivalence.",
    "bval_law": "The connection between `ntval` and `bval` is described by the following law: "
                "`equivalent alpha beta (bval alpha beta t) (ntval t)`.",
    "bval_full": "In particular, by instantiating `alpha` with `bottom` and `beta` with `top`, "
                 "we find the following law as a special case: `bval bottom top t = ntval t`.",
    "pruning": "The [Alpha-Beta](https://en.wikipedia.org/wiki/Negamax#Negamax_with_alpha_beta_"
               "pruning) algorithm improves on the Minimax algorithm by abandoning a sequence of "
               "subtrees as soon as it is clear that their values are irrelevant.",
    "cut": "If we find a subtree whose value is `beta` or above `beta`, then this is *good*, "
           "and there is no need to examine the rest of the sequence of subtrees. This is known "
           "as a *cut*.",
    "on_demand": "The parts of the tree that an evaluation algorithm needs to examine are built "
                 "on demand, and can be reclaimed by the garbage collector when they are no "
                 "longer needed.",
    "assured_win": "Define a function `assured_win` of type `tree -> bool` such that "
                   "`assured_win t` is `true` if and only if the player who is up at the root "
                   "of the game tree `t` is assured to win, under the assumption that every "
                   "leaf in the tree `t` carries the value -1 (loss), 0 (draw), or +1 (win).",
    "assured_win_ab": "How can this question be efficiently answered using the Alpha-Beta "
                      "algorithm?",
    "bmove": "Define a function `bmove` of type `value -> value -> tree -> move option` such "
             "that `bmove alpha beta t` returns `None` if the game tree `t` is a leaf and "
             "returns `Some move` if the game tree `t` is of the form `TNonLeaf offspring` and "
             "`move` is the first move in the sequence `offspring` that achieves the optimal "
             "value `bval alpha beta t`.",
    "bmove_variant": "Fortunately, it is easy to define a variant of `bval` that returns not "
                     "only the value of the game tree, but also an optimal move.",
}
"""The OCaml exercise on lazy game trees (Questions 1-8), by what each sentence requires."""


QUOTES: Final = {"hw10": HW10, "hw11": HW11, "gametree": GAMETREE}
"""Each homework's quotes."""
