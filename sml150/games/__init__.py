"""Further games written against the library's GAME signature, with the engine's hooks.

- ``sml150.games.tictactoe``: ``KInARow(n, k)``, standard n×n Tic-Tac-Toe (k in a row wins,
  a full board is a draw); ``TicTacToe3``, ``TicTacToe4``.
- ``sml150.games.connect4``: Connect Four (Pons' conventions).
"""

__all__: list[str] = []
