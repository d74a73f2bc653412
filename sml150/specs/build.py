"""Builders: GAME spec records become games, PLAYER spec records players.

``build_game`` gives a ``GameChoice``; ``build_player`` a player; ``seat`` seats one in a match
of a game (checked first, building nothing, by ``check_seat``).

Every command builds through these, so one spec means one thing everywhere: ``tictactoe:4:draw``
is HW10's ``TicTacToe`` with the draw rule under ``match``, ``solve``, ``tournament`` and
``workspan`` alike. Text is read by ``parse_game`` / ``parse_player``; a depth a caller has in
hand goes into the records (``EngineSpec(Algorithm.PVS, Budget(depth=4))``), never into
text.

``seat``: for an explicit tree a search player gets the depth that fits the rest of the tree at
every move (or a one-line refusal when its depth cannot reach the leaves); a human gets the
game's hint and reasons for bad moves. An executor is used by the players whose spec
``uses_executor`` (``jamboree:D:P``, ``engine:jamboree:D``, ``engine:ybw:D``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any, TextIO, final

import attrs

from sml150.lib.explicit import ExplicitState
from sml150.lib.human import HumanPlayer, HumanSettings
from sml150.lib.minimax import MiniMax
from sml150.lib.signatures import GAME, PLAYER, Analysis, JamboreeSettings, Maxie, Player, Settings
from sml150.search.budget import Budget
from sml150.search.player import Algorithm, EngineSpec, engine_player
from sml150.specs._choice import (
    DEFAULT_HINT,
    ExplicitMatch,
    GameChoice,
    _explicit_explain,
    _grid_explain,
    _height,
    _numbers,
    _riskless_explain,
    _small,
    _ttt_explain,
    explicit_tree,
    tree_depths,
)
from sml150.specs._error import SpecError, shown
from sml150.specs.game import (
    ConnectFourSpec,
    ExplicitSpec,
    GameSpec,
    KInARowSpec,
    ModuleSpec,
    RisklessSpec,
    TicTacToeSpec,
    parse_game,
)
from sml150.specs.player import (
    AlphaBetaSpec,
    HumanSpec,
    JamboreeSpec,
    MiniMaxSpec,
    PlayerSpec,
    parse_player,
    search_depth,
    spec_text,
)

__all__ = ["build_game", "build_player", "check_seat", "require_table_keys", "seat"]

AnyGame = GAME[Any, Any]
AnyPlayer = PLAYER[Any, Any]
Note = Callable[[str], None]


def _tictactoe(spec: TicTacToeSpec) -> GameChoice:
    from sml150.handouts.hw10.tictactoe import TicTacToe, TTTConsts

    n = spec.size
    g = TicTacToe(TTTConsts(board_size=n, full_board_draw=spec.draw))
    rule = "a draw" if spec.draw else "Minnie wins"
    return GameChoice(g, f"Tic-Tac-Toe {n}x{n} (full board: {rule})",
                      legend="Maxie is O, Minnie is X", hint="row col, like 1 2",
                      marks=("O", "X"), explain=lambda s, line: _ttt_explain(g, s, line),
                      spec=spec)


def _riskless(spec: RisklessSpec) -> GameChoice:
    from sml150.handouts.hw11 import riskless

    maps = {"m1": riskless.M1, "m2": riskless.M2, "earth": riskless.Earth}
    g = riskless.Riskless(maps[spec.map])
    return GameChoice(g, f"Riskless on map {spec.map.upper()}",
                      legend="Maxie is X, Minnie is O; X(3) is 3 of Maxie's armies",
                      hint="from to, like 3 4", marks=("X", "O"),
                      explain=lambda s, line: _riskless_explain(g, s, line), spec=spec)


def _kinarow(spec: KInARowSpec) -> GameChoice:
    from sml150.games.tictactoe import KInARow

    n, k = spec.size, spec.k
    g = KInARow(n, k)
    return GameChoice(g, f"Tic-Tac-Toe {n}x{n}, {k} in a row (full board: a draw)",
                      legend="Maxie is X and moves first, Minnie is O", hint="row col, like 1 2",
                      marks=("X", "O"),
                      explain=lambda s, line: _grid_explain(n, list(g.moves(s)), line),
                      spec=spec)


def _connect4(spec: ConnectFourSpec) -> GameChoice:
    from sml150.games.connect4 import ConnectFour

    width = spec.width
    g = ConnectFour(width, spec.height)

    def explain(_s: Any, line: str) -> str:
        nums = _numbers(line)
        if nums is None or len(nums) != 1:
            return f"type one column number, 1..{width}"
        col = _small(nums[0])
        if not 1 <= col <= width:
            return f"column {col} is off the board (1..{width})"
        return f"column {col} is full"

    return GameChoice(g, f"Connect Four {width}x{spec.height}",
                      legend="Maxie is X and moves first, Minnie is O",
                      hint=f"a column, 1..{width}", marks=("X", "O"), explain=explain, spec=spec)


def _explicit_choice(game: Any, title: str, spec: GameSpec) -> GameChoice:
    return GameChoice(
        ExplicitMatch(game), f"{title} ({_height(game.tree)} moves deep)",
        legend="Maxie moves at the root; a leaf's value decides (> 0 Maxie, < 0 Minnie)",
        hint="a child index, like 0", explain=_explicit_explain, tree=game.tree, spec=spec)


def _own(spec: ModuleSpec) -> GameChoice:
    from sml150.specs.own import load_game

    game = load_game(spec)
    if explicit_tree(game) is not None:
        return _explicit_choice(game, f"Explicit game {spec.attribute}", spec)
    hint = getattr(game, "move_hint", None)
    return GameChoice(game, f"{spec.attribute} from {spec.module}",
                      hint=hint if isinstance(hint, str) else DEFAULT_HINT, spec=spec)


def build_game(spec: GameSpec | str) -> GameChoice:
    """The game a GAME spec names, with what a person needs to play it.

    REQUIRES: a record, or text ``parse_game`` reads. ENSURES: the game (``SpecError``, one
    line, for bad text or a module attribute that is not a GAME).

    >>> build_game("tictactoe:4").title
    'Tic-Tac-Toe 4x4 (full board: Minnie wins)'
    >>> build_game(ExplicitSpec("big")).title
    'Explicit game HandoutBig (4 moves deep)'
    """
    p = parse_game(spec) if isinstance(spec, str) else spec
    match p:
        case TicTacToeSpec():
            return _tictactoe(p)
        case RisklessSpec():
            return _riskless(p)
        case KInARowSpec():
            return _kinarow(p)
        case ConnectFourSpec():
            return _connect4(p)
        case ExplicitSpec(tree):
            from sml150.lib.explicit import HandoutBig, HandoutSmall

            game, name = (HandoutSmall, "HandoutSmall") if tree == "small" else (HandoutBig,
                                                                                  "HandoutBig")
            return _explicit_choice(game, f"Explicit game {name}", p)
        case ModuleSpec():
            return _own(p)


def _player(spec: PlayerSpec | str) -> PlayerSpec:
    return parse_player(spec) if isinstance(spec, str) else spec


def _needs_prune(p: JamboreeSpec) -> SpecError:
    return SpecError(f"'jamboree:{p.depth}' needs a prune percentage: jamboree:D:P, e.g."
                     f" jamboree:{p.depth}:0.5 (or engine:jamboree:{p.depth}, the engine's)")


def build_player(spec: PlayerSpec | str, game: AnyGame, *, executor: Executor | None = None,
                 depth: int | None = None, human: HumanSettings[Any, Any] | None = None,
                 title: str = "the game", note: Note | None = None) -> AnyPlayer:
    """The player a PLAYER spec names, for ``game``.

    REQUIRES: a record, or text ``parse_player`` reads; ``depth`` (if given) overrides its
    search depth (an ``id`` or ``solve`` player then searches exactly that deep); ``human`` (if
    given) is the human player's settings. ENSURES: a player whose spec ``uses_executor``
    searches on ``executor`` (``None`` or a serial executor: in this process); the others
    ignore it; ``solve`` tells ``note`` what it does (``title`` names the game).

    >>> from sml150.lib.explicit import HandoutSmall
    >>> build_player("jamboree:2:0.5", HandoutSmall).next_move(HandoutSmall.start)
    Estimating state c[3]
    ...
    1
    """
    from sml150.parallel import is_serial

    p = _player(spec)
    ex = None if executor is None or is_serial(executor) else executor
    match p:
        case HumanSpec():
            return HumanPlayer(human if human is not None else HumanSettings(G=game))
        case EngineSpec(algorithm, budget):
            if depth is not None:  # an explicit tree: search exactly its rest, whatever the kind
                kind = Algorithm.PVS if algorithm in (Algorithm.ID, Algorithm.SOLVE) else algorithm
                return engine_player(EngineSpec(kind, Budget(depth=depth)), game,
                                     executor=ex)
            if algorithm is Algorithm.SOLVE:
                from sml150.specs.solve import SolvePlayer

                return SolvePlayer(game, title, budget, note)
            return engine_player(p, game, executor=ex)
        case MiniMaxSpec(d):
            return MiniMax(Settings(G=game, search_depth=depth or d))
        case AlphaBetaSpec(d):
            from sml150.handouts.hw11.alphabeta import AlphaBeta

            return AlphaBeta(Settings(G=game, search_depth=depth or d))
        case JamboreeSpec(d, prune):
            from sml150.handouts.hw11.jamboree import Jamboree

            if prune is None:
                raise _needs_prune(p)
            return Jamboree(JamboreeSettings(G=game, search_depth=depth or d,
                                             prune_percentage=prune), executor=ex)


@final
@attrs.frozen
class _FittedExplicit:
    """A search player on an explicit tree: at each move it searches exactly the tree's rest."""

    Game: AnyGame
    """The match's game (``ExplicitMatch``)."""
    spec: PlayerSpec
    """The PLAYER spec."""
    executor: Executor | None = attrs.field(default=None, eq=False, repr=False)
    """Passed on to the inner player (see ``build_player``)."""

    def _player(self, s: ExplicitState) -> AnyPlayer:
        (rest,) = tree_depths(s.tree)
        return build_player(self.spec, self.Game.inner,  # type: ignore[attr-defined]  # the wrapped explicit game keeps the game it wraps as .inner
                            executor=self.executor, depth=rest)

    def analyze(self, s: ExplicitState) -> Analysis[Any]:
        """The inner player's analysis at the depth that fits."""
        return self._player(s).analyze(s)

    def next_move(self, s: ExplicitState) -> Any:
        """The inner player's move at the depth that fits."""
        return self._player(s).next_move(s)


def require_table_keys(choice: GameChoice, who: str) -> None:
    """Refuse (``SpecError``) a game whose states the engine's table cannot key.

    The engine keys its transposition table by the state (or the game's ``tt_key``), so the
    state must hash; the course's players need no table.

    >>> require_table_keys(build_game("kinarow:3"), "pvs:2") is None
    True
    """
    g = choice.game
    if hasattr(g, "tt_key"):
        return
    try:
        hash(g.start)
    except TypeError:
        raise SpecError(
            f"{who} searches with a table keyed by the state, but {choice.title}'s states do not"
            f" hash ({type(g.start).__name__}: make it a frozen attrs class)") from None


def _playouts(a: Any, start: Any, plies: int = 400) -> Iterator[Any]:
    """The start and the positions of two playouts from it, at most ``plies`` moves each.

    One always plays the first move, one the last: where a table key grows, it grows on these.
    """
    yield start
    for pick in (0, -1):
        s = start
        for _ in range(plies):
            if a.terminal(s) is not None:
                break
            moves = a.all_moves(s)
            if not moves:
                break
            s = a.play(s, moves[pick])
            yield s


def check_seat(spec: PlayerSpec | str, choice: GameChoice, who: Player, *,
               prune_varies: bool = False) -> PlayerSpec:
    """Whether ``spec`` can be seated as ``who`` in a match of ``choice``; builds nothing.

    REQUIRES: a PLAYER spec; ``jamboree:D`` with its ``:P`` (unless ``prune_varies``, as in
    ``sml150 workspan``); for an explicit tree, a search
    player's depth reaches the leaves from ``who``'s first turn, and the tree has all its leaves
    at one depth; otherwise ``SpecError`` naming what is wrong. ENSURES: the record.

    >>> check_seat("engine:ybw:4", build_game("explicit:big"), Maxie).algorithm
    <Algorithm.YBW: 'ybw'>
    >>> check_seat("minimax:1", build_game("explicit:big"), Maxie)
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: 'minimax:1' searches 1 move ahead, but HandoutBig ...
    >>> check_seat("engine:smp:4", build_game("riskless:m1"), Maxie)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    sml150.errors.UsageError: smp:4: the table keys of ... are not ints below 2**63 ...
    """
    p = _player(spec)
    if isinstance(p, JamboreeSpec) and p.prune is None and not prune_varies:
        raise _needs_prune(p)
    if isinstance(p, EngineSpec):
        require_table_keys(choice, spec_text(p))
        if p.algorithm is Algorithm.SMP:
            from sml150.search.adapter import adapt
            from sml150.search.smp import shareable

            a = adapt(choice.game, True)
            try:  # every position of two playouts: a key may outgrow 63 bits as the board fills
                for state in _playouts(a, choice.game.start):
                    shareable(spec_text(p), a, state, choice.title)
            except ValueError as e:
                raise SpecError(str(e)) from None
    if isinstance(p, HumanSpec) or choice.tree is None:
        return p
    depths = tree_depths(choice.tree)
    if len(depths) > 1:
        raise SpecError(f"{choice.title}: leaves at depths {min(depths)}..{max(depths)}; a"
                        " search player needs every leaf at one depth")
    (height,) = depths
    need = height if who is Maxie else height - 1
    d = search_depth(p)
    if d is not None and d < need:  # id:S and solve search to the leaves
        name = choice.title.removeprefix("Explicit game ").split(" (")[0]
        text = shown(spec) if isinstance(spec, str) else spec_text(p)
        raise SpecError(
            f"{text!r} searches {d} move{'s' if d != 1 else ''} ahead, but {name} is {need}"
            f" moves deep at {who.name}'s first turn: use a depth >= {need} (an explicit tree is"
            " searched to its leaves)")
    return p


def seat(spec: PlayerSpec | str, choice: GameChoice, who: Player, *,
         executor: Executor | None = None, human_out: TextIO | None = None,
         friendly: bool = False, note: Note | None = None) -> AnyPlayer:
    """The player ``spec`` names, seated as ``who`` in a match of ``choice``.

    REQUIRES: as ``check_seat`` (else ``SpecError``).
    ENSURES: a human gets the game's hint and reasons when ``friendly``; a player whose spec
    ``uses_executor`` searches on ``executor``, on an explicit tree too; ``solve`` tells
    ``note`` what it does.

    >>> seat("engine:jamboree:4", build_game("explicit:big"), Maxie).spec.algorithm
    <Algorithm.JAMBOREE: 'jamboree'>
    """
    p = check_seat(spec, choice, who)
    g = choice.game
    if isinstance(p, HumanSpec):
        hint = choice.hint
        if choice.marks is not None:
            hint = f"you are {choice.marks[0 if who is Maxie else 1]}; {hint}"
        settings: HumanSettings[Any, Any] = HumanSettings(
            G=g, output=human_out, hint=hint if friendly else None,
            explain=choice.explain if friendly else None)
        return build_player(p, g, human=settings)
    if choice.tree is None:
        return build_player(p, g, executor=executor, title=choice.title, note=note)
    return _FittedExplicit(g, p, executor)
