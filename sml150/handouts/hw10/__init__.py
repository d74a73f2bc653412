"""HW10 reference solutions, with the handout's exact API.

``tictactoe``: ``TicTacToe(TTTConsts(board_size=n))`` (Tasks 5.1-5.6); ``las``: ``LookAndSay``
(Tasks 5.7-5.8); ``alphabeta``: ``AlphaBeta(Settings(...))`` with ``NEGINF | Bound | POSINF``
bounds (Tasks 6.1-6.4); ``jamboree``: ``Jamboree(JamboreeSettings(...))`` (Tasks 7.1-7.4).

>>> from sml150.lib.explicit import HandoutSmall
>>> AlphaBeta(Settings(G=HandoutSmall, search_depth=2)).analyze(HandoutSmall.start).terminals
Estimating state c[3]
...
7
"""

from sml150.handouts.hw10.alphabeta import AlphaBeta as AlphaBeta
from sml150.handouts.hw10.jamboree import Jamboree as Jamboree
from sml150.handouts.hw10.las import LookAndSay as LookAndSay
from sml150.handouts.hw10.tictactoe import TicTacToe as TicTacToe
from sml150.handouts.hw10.tictactoe import TTTConsts as TTTConsts
from sml150.lib.signatures import JamboreeSettings as JamboreeSettings
from sml150.lib.signatures import Settings as Settings

__all__ = ["AlphaBeta", "Jamboree", "JamboreeSettings", "LookAndSay", "Settings", "TTTConsts",
           "TicTacToe"]
