"""Further games written against the library's GAME signature, with the engine's hooks.

- ``sml150.games.tictactoe``: ``KInARow(n, k)``, standard n×n Tic-Tac-Toe (k in a row wins,
  a full board is a draw); ``TicTacToe3``, ``TicTacToe4``.
- ``sml150.games.connect4``: Connect Four (Pons' conventions): ``ConnectFour(width, height)``,
  ``ConnectFour7x6``; ``solve_connect4(game, state)`` is Pons' exact solver.
"""

from sml150.games.connect4 import ConnectFour as ConnectFour
from sml150.games.connect4 import ConnectFour7x6 as ConnectFour7x6
from sml150.games.connect4_solver import solve as solve_connect4
from sml150.games.tictactoe import KInARow as KInARow
from sml150.games.tictactoe import TicTacToe3 as TicTacToe3
from sml150.games.tictactoe import TicTacToe4 as TicTacToe4

__all__: list[str] = [
    "ConnectFour",
    "ConnectFour7x6",
    "KInARow",
    "TicTacToe3",
    "TicTacToe4",
    "solve_connect4",
]
