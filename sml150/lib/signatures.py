"""The SML signatures as ``typing.Protocol`` classes, and the datatypes they share.

Each Protocol mirrors one file of ``signatures/`` (``GAME`` mirrors ``GAME.sig``, ...); a test keeps
the two in step. Protocols are generic over the abstract types of the signature (``state``,
``move``), so mypy rejects a game missing a member, or a player built for another game:

>>> from sml150.lib.explicit import HandoutSmall
>>> isinstance(HandoutSmall, GAME)
True

The datatypes follow one rule: a datatype whose constructors are all nullary is an ``enum.Enum``
whose members are also module-level names (``Minnie``, ``Maxie``); otherwise each constructor is a
frozen attrs class, nullary ones called with ``()`` (``In_play()``, ``Draw()``), and the datatype
is their union (``Status = Over | In_play``).

>>> Over(Winner(Maxie)) == Over(Winner(Player.Maxie)), In_play() == In_play()
(True, True)

(About 620 lines, over the house's 400: the course's signatures and their datatypes, one
module as the SML ``signatures`` file is.)
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

import attrs
from returns.maybe import Maybe

from sml150.lib.basis import Order
from sml150.lib.est import Guess, MaxieWins, MinnieWins, est
from sml150.lib.seq import LView, Seq, TView

__all__ = [
    "EST",
    "ESTGAME",
    "GAME",
    "GRAPHPROBLEMS",
    "MAP",
    "PLAYER",
    "SEQUENCE",
    "TTTCONSTS",
    "Analysis",
    "Draw",
    "Graph",
    "In_play",
    "JamboreeSettings",
    "Maxie",
    "Minnie",
    "Outcome",
    "Over",
    "Player",
    "Settings",
    "Status",
    "Vertex",
    "Winner",
    "other_player",
    "outcome_value",
]

# Abstract types of the signatures. ``State``/``Move`` are SML's ``type state``/``type move``.
State = TypeVar("State")
Move = TypeVar("Move")
A = TypeVar("A")
B = TypeVar("B")


# -- datatypes of GAME ----------------------------------------------------------------------


class Player(enum.Enum):
    """SML ``datatype player = Minnie | Maxie``. Match with ``case Player.Maxie:``.

    >>> Player.Maxie.name, other_player(Maxie)
    ('Maxie', <Player.Minnie: 'Minnie'>)
    """

    Minnie = "Minnie"
    Maxie = "Maxie"


Minnie = Player.Minnie
Maxie = Player.Maxie


def other_player(p: Player) -> Player:
    """The opponent of ``p``.

    >>> other_player(Minnie)
    <Player.Maxie: 'Maxie'>
    """
    return Maxie if p is Minnie else Minnie


@attrs.frozen
class Winner:
    """SML ``Winner of player``: the game ended with a winner.

    >>> Winner(Minnie)
    Winner(player=<Player.Minnie: 'Minnie'>)
    """

    player: Player
    """Who won."""


@attrs.frozen
class Draw:
    """SML ``Draw``: the game ended with no winner.

    >>> Draw()
    Draw()
    """


Outcome: TypeAlias = Winner | Draw
"""SML ``datatype outcome = Winner of player | Draw``."""


@attrs.frozen
class Over:
    """SML ``Over of outcome``: the game is finished.

    >>> Over(Draw())
    Over(outcome=Draw())
    """

    outcome: Outcome
    """How it ended."""


@attrs.frozen
class In_play:
    """SML ``In_play``: the game goes on, the player to move has at least one move.

    >>> In_play()
    In_play()
    """


Status: TypeAlias = Over | In_play
"""SML ``datatype status = Over of outcome | In_play``."""


def outcome_value(o: Outcome) -> est:
    """The exact estimate of a finished game: a win, or the draw ``Guess(0)``.

    >>> outcome_value(Winner(Minnie)), outcome_value(Draw())
    (MinnieWins(), Guess(n=0))
    """
    match o:
        case Winner(Player.Maxie):
            return MaxieWins()
        case Winner(Player.Minnie):
            return MinnieWins()
        case Draw():
            return Guess(0)
    raise TypeError(f"outcome_value: not an outcome: {o!r}")


# -- signatures -----------------------------------------------------------------------------


class SEQUENCE(Protocol):
    """SEQUENCE.sig: what the ``Seq`` structure provides.

    >>> from sml150.lib.seq import Seq
    >>> s: SEQUENCE = Seq
    >>> s.length(s.tabulate(lambda i: i, 3))
    3
    """

    @property
    def Range(self) -> type[IndexError]:
        """``exception Range``."""
        ...

    def length(self, s: Seq[A]) -> int:
        """``val length : 'a seq -> int``."""
        ...

    def null(self, s: Seq[A]) -> bool:
        """``val null : 'a seq -> bool``."""
        ...

    def nth(self, i: int, s: Seq[A]) -> A:
        """``val nth : int -> 'a seq -> 'a``."""
        ...

    def tabulate(self, f: Callable[[int], A], n: int) -> Seq[A]:
        """``val tabulate : (int -> 'a) -> int -> 'a seq``."""
        ...

    def filter(self, p: Callable[[A], bool], s: Seq[A]) -> Seq[A]:
        """``val filter : ('a -> bool) -> 'a seq -> 'a seq``."""
        ...

    def map(self, f: Callable[[A], B], s: Seq[A]) -> Seq[B]:
        """``val map : ('a -> 'b) -> 'a seq -> 'b seq``."""
        ...

    def reduce(self, f: Callable[[A, A], A], b: A, s: Seq[A]) -> A:
        """``val reduce : ('a * 'a -> 'a) -> 'a -> 'a seq -> 'a``."""
        ...

    def mapreduce(self, f: Callable[[A], B], b: B, c: Callable[[B, B], B], s: Seq[A]) -> B:
        """``val mapreduce : ('a -> 'b) -> 'b -> ('b * 'b -> 'b) -> 'a seq -> 'b``."""
        ...

    def to_string(self, f: Callable[[A], str], s: Seq[A]) -> str:
        """``val toString : ('a -> string) -> 'a seq -> string``."""
        ...

    def repeat(self, n: int, x: A) -> Seq[A]:
        """``val repeat : int -> 'a -> 'a seq``."""
        ...

    def zip(self, s1: Seq[A], s2: Seq[B]) -> Seq[tuple[A, B]]:
        """``val zip : 'a seq * 'b seq -> ('a * 'b) seq``."""
        ...

    def flatten(self, ss: Seq[Seq[A]]) -> Seq[A]:
        """``val flatten : 'a seq seq -> 'a seq``."""
        ...

    def split(self, i: int, s: Seq[A]) -> tuple[Seq[A], Seq[A]]:
        """``val split : int -> 'a seq -> 'a seq * 'a seq``."""
        ...

    def take(self, i: int, s: Seq[A]) -> Seq[A]:
        """``val take : int -> 'a seq -> 'a seq``."""
        ...

    def drop(self, i: int, s: Seq[A]) -> Seq[A]:
        """``val drop : int -> 'a seq -> 'a seq``."""
        ...

    def empty(self) -> Seq[Any]:
        """``val empty : unit -> 'a seq``."""
        ...

    def cons(self, x: A, s: Seq[A]) -> Seq[A]:
        """``val cons : 'a * 'a seq -> 'a seq``."""
        ...

    def singleton(self, x: A) -> Seq[A]:
        """``val singleton : 'a -> 'a seq``."""
        ...

    def append(self, s1: Seq[A], s2: Seq[A]) -> Seq[A]:
        """``val append : 'a seq * 'a seq -> 'a seq``."""
        ...

    def reduce1(self, f: Callable[[A, A], A], s: Seq[A]) -> A:
        """``val reduce1 : ('a * 'a -> 'a) -> 'a seq -> 'a``."""
        ...

    def update(self, s: Seq[A], update: tuple[int, A]) -> Seq[A]:
        """``val update : 'a seq * (int * 'a) -> 'a seq``."""
        ...

    def to_list(self, s: Seq[A]) -> list[A]:
        """``val toList : 'a seq -> 'a list``."""
        ...

    def from_list(self, xs: list[A]) -> Seq[A]:
        """``val fromList : 'a list -> 'a seq``."""
        ...

    def showl(self, s: Seq[A]) -> LView[A]:
        """``val showl : 'a seq -> 'a lview``."""
        ...

    def hidel(self, v: LView[A]) -> Seq[A]:
        """``val hidel : 'a lview -> 'a seq``."""
        ...

    def showt(self, s: Seq[A]) -> TView[A]:
        """``val showt : 'a seq -> 'a tview``."""
        ...

    def hidet(self, v: TView[A]) -> Seq[A]:
        """``val hidet : 'a tview -> 'a seq``."""
        ...


@runtime_checkable
class EST(Protocol):
    """EST.sig (HW11): estimated values, their order, and their printing.

    >>> from sml150.lib.est import Est, Est10
    >>> isinstance(Est, EST) and isinstance(Est10, EST)
    True
    """

    @property
    def minnie_wins(self) -> est:
        """``val minnie_wins : est``."""
        ...

    @property
    def maxie_wins(self) -> est:
        """``val maxie_wins : est``."""
        ...

    @property
    def draw(self) -> est:
        """``val draw : est``."""
        ...

    def guess(self, n: int) -> est:
        """``val guess : int -> est``."""
        ...

    def compare(self, a: est, b: est) -> Order:
        """``val compare : est * est -> order``."""
        ...

    def to_string(self, e: est) -> str:
        """``val toString : est -> string``."""
        ...


@runtime_checkable
class GAME(Protocol[State, Move]):
    """GAME.sig (HW11): a two-player, perfect-information game.

    ``moves s`` is non-empty exactly while ``status s`` is ``In_play``; ``estimate`` is absolute
    (positive favours Maxie) and works on every state, finished or not.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> g: GAME[object, int] = HandoutSmall
    >>> g.player(g.start), list(g.moves(g.start))
    (<Player.Maxie: 'Maxie'>, [0, 1, 2])
    """

    @property
    def Est(self) -> EST:
        """``structure Est : EST``."""
        ...

    @property
    def start(self) -> State:
        """``val start : state``."""
        ...

    def moves(self, s: State) -> Seq[Move]:
        """``val moves : state -> move Seq.seq``."""
        ...

    def status(self, s: State) -> Status:
        """``val status : state -> status``."""
        ...

    def player(self, s: State) -> Player:
        """``val player : state -> player``."""
        ...

    def make_move(self, s: State, m: Move) -> State:
        """``val make_move : state * move -> state``."""
        ...

    def estimate(self, s: State) -> est:
        """``val estimate : state -> est``."""
        ...

    def move_to_string(self, m: Move) -> str:
        """``val move_to_string : move -> string``."""
        ...

    def state_to_string(self, s: State) -> str:
        """``val state_to_string : state -> string``."""
        ...

    def parse_move(self, s: State, line: str) -> Maybe[Move]:
        """``val parse_move : state -> string -> move option``."""
        ...


@runtime_checkable
class ESTGAME(GAME[State, Move], Protocol[State, Move]):
    """ESTGAME.sig (HW10): GAME plus the HW10 helpers.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> isinstance(HandoutSmall, ESTGAME)
    False
    """

    def data_to_start_state(self, data: list[str]) -> State:
        """``val data_to_start_state : string list -> state``."""
        ...

    def detailed_move_to_string(self, s: State, m: Move) -> str:
        """``val detailed_move_to_string : state * move -> string``."""
        ...

    def move_eq(self, m1: Move, m2: Move) -> bool:
        """``val move_eq : move * move -> bool``."""
        ...

    def is_valid_move(self, s: State, m: Move) -> bool:
        """``val is_valid_move : state * move -> bool``."""
        ...

    def move_to_descriptor(self, m: Move) -> str:
        """``val move_to_descriptor : move -> string``."""
        ...

    def outcome_to_est(self, o: Outcome) -> est:
        """``val outcome_to_est : outcome -> est``."""
        ...

    def outcome_to_string(self, o: Outcome) -> str:
        """``val outcome_to_string : outcome -> string``."""
        ...

    def player_to_string(self, p: Player) -> str:
        """``val player_to_string : player -> string``."""
        ...


class PLAYER(Protocol[State, Move]):
    """PLAYER.sig: a game and a way to choose a move in it.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> from sml150.lib.minimax import MiniMax
    >>> p: PLAYER[object, int] = MiniMax(Settings(G=HandoutSmall, search_depth=2))
    >>> p.next_move(HandoutSmall.start)
    Estimating state c[3]
    ...
    1
    """

    @property
    def Game(self) -> GAME[State, Move]:
        """``structure Game : GAME``."""
        ...

    def next_move(self, s: State) -> Move:
        """``val next_move : Game.state -> Game.move``; REQUIRES ``s`` In_play."""
        ...

    def analyze(self, s: State) -> Analysis[Move]:
        """``val analyze : Game.state -> analysis`` (a port extension; see PLAYER.sig).

        REQUIRES ``s`` In_play. ENSURES ``analyze(s).move`` is the move ``next_move(s)``
        chooses, with its value and what the search cost (terminals, nodes, work, span).
        """
        ...


@runtime_checkable
class MAP(Protocol):
    """MAP.sig (Riskless): a board and its limits.

    ``board`` is a sequence of (territory name, neighbour indexes).
    """

    @property
    def board(self) -> Seq[tuple[str, Seq[int]]]:
        """``val board : (string * int Seq.seq) Seq.seq``."""
        ...

    def board_to_string(self, labels: Seq[str]) -> str:
        """``val board_to_string : string Seq.seq -> string``."""
        ...

    @property
    def min_start(self) -> int:
        """``val min_start : int``: Minnie's first territory."""
        ...

    @property
    def max_start(self) -> int:
        """``val max_start : int``: Maxie's first territory."""
        ...

    @property
    def max_units(self) -> int:
        """``val max_units : int``: armies that win the game."""
        ...

    @property
    def max_terri(self) -> int:
        """``val max_terri : int``: the cap of armies on one territory."""
        ...


@runtime_checkable
class TTTCONSTS(Protocol):
    """TTTCONSTS.sig: the size of a Tic-Tac-Toe board."""

    @property
    def board_size(self) -> int:
        """``val board_size : int``."""
        ...


Vertex: TypeAlias = int
"""GRAPHPROBLEMS' ``type vertex = int``: vertices are numbered 0..n-1."""
Graph: TypeAlias = Seq[Seq[Vertex]]
"""GRAPHPROBLEMS' ``type graph = vertex Seq.seq Seq.seq``: adjacency sequences by vertex."""


class GRAPHPROBLEMS(Protocol):
    """GRAPHPROBLEMS.sig (HW11 Tasks 2-3) over ``graph = vertex Seq.seq Seq.seq``."""

    def to_list(self, s: Seq[A]) -> list[A]:
        """``val to_list : 'a Seq.seq -> 'a list``."""
        ...

    def get_neighbors(self, g: Graph, v: Vertex) -> Seq[Vertex]:
        """``val get_neighbors : graph -> vertex -> vertex Seq.seq``."""
        ...

    def from_edge_seq(self, edges: Seq[tuple[Vertex, Vertex]], n: int) -> Graph:
        """``val from_edge_seq : (vertex * vertex) Seq.seq -> int -> graph``."""
        ...

    def is_undirected(self, g: Graph) -> bool:
        """``val is_undirected : graph -> bool``."""
        ...


# -- functor arguments ----------------------------------------------------------------------


def _check_game(instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, GAME):
        missing = [
            name
            for name in ("Est", "start", "moves", "status", "player", "make_move", "estimate",
                         "move_to_string", "state_to_string", "parse_move")
            if not hasattr(value, name)
        ]
        raise TypeError(
            f"{type(instance).__name__}.G must be a GAME structure; {value!r} lacks "
            + ", ".join(missing)
        )


def _check_depth(instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{type(instance).__name__}.search_depth must be an int, not {value!r}")
    if value < 0:
        raise ValueError(f"{type(instance).__name__}.search_depth must be >= 0, not {value}")


def _check_percentage(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"JamboreeSettings.prune_percentage must be a real, not {value!r}")
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"JamboreeSettings.prune_percentage must be in [0, 1], not {value}")


@attrs.frozen
class Settings(Generic[State, Move]):
    """The argument of the search functors: ``sig structure G : GAME val search_depth : int end``.

    REQUIRES: ``G`` a GAME (else ``TypeError``), ``search_depth >= 0`` (else ``ValueError``).
    ``trace`` switches on the handouts' trace lines (HW11 players).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> Settings(G=HandoutSmall, search_depth=-1)
    Traceback (most recent call last):
    ...
    ValueError: Settings.search_depth must be >= 0, not -1
    """

    G: GAME[State, Move] = attrs.field(validator=_check_game)
    """The game to search."""
    search_depth: int = attrs.field(validator=_check_depth)
    """How many plies to look ahead (0: estimate the children's parent directly)."""
    trace: bool = False
    """Print the handout's trace lines while searching."""


@attrs.frozen
class JamboreeSettings(Generic[State, Move]):
    """The argument of ``Jamboree``: Settings plus ``val prune_percentage : real``.

    REQUIRES: ``0 <= prune_percentage <= 1`` (else ``ValueError``), and as for ``Settings``.

    >>> from sml150.lib.explicit import HandoutSmall
    >>> JamboreeSettings(G=HandoutSmall, search_depth=2, prune_percentage=1.5)
    Traceback (most recent call last):
    ...
    ValueError: JamboreeSettings.prune_percentage must be in [0, 1], not 1.5
    """

    G: GAME[State, Move] = attrs.field(validator=_check_game)
    """The game to search."""
    search_depth: int = attrs.field(validator=_check_depth)
    """How many plies to look ahead."""
    prune_percentage: float = attrs.field(validator=_check_percentage)
    """The fraction of each node's moves searched sequentially (alpha-beta style)."""
    trace: bool = False
    """Print the handout's trace lines while searching."""


@attrs.frozen
class Analysis(Generic[Move]):
    """What a search did at the root: the move, its value, and its cost.

    ``terminals`` counts the states estimated or found finished ("Terminals visited");
    ``nodes`` counts every state the search visited; ``work`` and ``span`` are the number of
    terminals on all paths and on the longest sequential chain (equal for sequential search).

    >>> from sml150.lib.est import Guess
    >>> Analysis(move=1, value=Guess(4), terminals=7, nodes=11, work=7, span=7).move
    1
    """

    move: Move
    """The chosen move."""
    value: est
    """Its (absolute) value."""
    terminals: int
    """Terminal states visited (estimated, or finished games)."""
    nodes: int
    """All states visited, terminals included."""
    work: int
    """Terminals visited on all branches."""
    span: int
    """Terminals visited on the critical path (parallel search); ``work`` when sequential."""

