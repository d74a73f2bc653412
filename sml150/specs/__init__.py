"""``sml150.specs``: GAME and PLAYER specs, read once into typed records and built from them.

The layer between the engine and the commands: the CLI, ``sml150.tournament`` and
``sml150.workspan`` read every GAME and PLAYER argument here and nowhere else.

- ``game``: the GAME records (``TicTacToeSpec``, ``RisklessSpec``, ``KInARowSpec``,
  ``ConnectFourSpec``, ``ExplicitSpec``, ``ModuleSpec``), ``parse_game``, ``GAME_SYNTAX``;
- ``player``: the PLAYER records (``MiniMaxSpec``, ``AlphaBetaSpec``, ``JamboreeSpec``,
  ``HumanSpec``, and the engine's ``EngineSpec`` with its ``Budget``), ``parse_player``
  (the one reader of PLAYER text; ``engine_spec`` for text that must name the engine's),
  ``PLAYER_SYNTAX``;
- ``build``: ``build_game`` (a ``GameChoice``), ``build_player``, ``check_seat``, ``seat``;
- ``own``: your own GAME (``MODULE:ATTRIBUTE``), checked before it is called or played;
- ``solve``: the ``solve`` player (Pons' solver for Connect Four, the engine otherwise).

>>> from sml150.specs import build_game, parse_game
>>> parse_game("tictactoe:4:draw"), build_game("tictactoe:4:draw").title
(TicTacToeSpec(size=4, draw=True), 'Tic-Tac-Toe 4x4 (full board: a draw)')
"""

from sml150.search.budget import Budget as Budget
from sml150.search.player import Algorithm as Algorithm
from sml150.search.player import EngineSpec as EngineSpec
from sml150.specs._choice import ExplicitMatch as ExplicitMatch
from sml150.specs._choice import GameChoice as GameChoice
from sml150.specs._choice import tree_depths as tree_depths
from sml150.specs._error import SpecError as SpecError
from sml150.specs._error import whole_number as whole_number
from sml150.specs.build import build_game as build_game
from sml150.specs.build import build_player as build_player
from sml150.specs.build import check_seat as check_seat
from sml150.specs.build import seat as seat
from sml150.specs.game import GAME_SYNTAX as GAME_SYNTAX
from sml150.specs.game import LISTED_GAMES as LISTED_GAMES
from sml150.specs.game import ConnectFourSpec as ConnectFourSpec
from sml150.specs.game import ExplicitSpec as ExplicitSpec
from sml150.specs.game import GameSpec as GameSpec
from sml150.specs.game import KInARowSpec as KInARowSpec
from sml150.specs.game import ModuleSpec as ModuleSpec
from sml150.specs.game import RisklessSpec as RisklessSpec
from sml150.specs.game import TicTacToeSpec as TicTacToeSpec
from sml150.specs.game import parse_game as parse_game
from sml150.specs.player import LISTED_PLAYERS as LISTED_PLAYERS
from sml150.specs.player import PLAYER_SYNTAX as PLAYER_SYNTAX
from sml150.specs.player import AlphaBetaSpec as AlphaBetaSpec
from sml150.specs.player import HumanSpec as HumanSpec
from sml150.specs.player import JamboreeSpec as JamboreeSpec
from sml150.specs.player import MiniMaxSpec as MiniMaxSpec
from sml150.specs.player import PlayerSpec as PlayerSpec
from sml150.specs.player import engine_spec as engine_spec
from sml150.specs.player import parse_player as parse_player
from sml150.specs.player import search_depth as search_depth
from sml150.specs.player import spec_text as spec_text
from sml150.specs.player import uses_executor as uses_executor

__all__ = [
    "GAME_SYNTAX", "LISTED_GAMES", "LISTED_PLAYERS", "PLAYER_SYNTAX", "Algorithm",
    "AlphaBetaSpec", "Budget", "ConnectFourSpec", "EngineSpec", "ExplicitMatch",
    "ExplicitSpec", "GameChoice", "GameSpec", "HumanSpec", "JamboreeSpec", "KInARowSpec",
    "MiniMaxSpec", "ModuleSpec", "PlayerSpec", "RisklessSpec", "SpecError", "TicTacToeSpec",
    "build_game", "build_player", "check_seat", "engine_spec", "parse_game", "parse_player",
    "search_depth", "seat", "spec_text", "tree_depths", "uses_executor", "whole_number",
]
