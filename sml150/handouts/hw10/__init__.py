"""HW10 reference solutions: Tic-Tac-Toe, look-and-say, alpha-beta and Jamboree (HW10 API).

``tictactoe`` (``TicTacToe``, ``TTTConsts``), ``las`` (``LookAndSay``), ``alphabeta``
(``AlphaBeta``) and ``jamboree`` (``Jamboree``), each with the handout's names.
"""
