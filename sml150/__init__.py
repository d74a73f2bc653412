"""sml150: CMU 15-150's game-search homework, ported to typed, functional Python.

>>> from sml150.lib.explicit import HandoutBig
>>> from sml150.lib.minimax import MiniMax, Settings
>>> MiniMax(Settings(G=HandoutBig, search_depth=4)).next_move(HandoutBig.start)
Estimating state e[3]
...
0
"""

__version__ = "0.1.0"
