"""What the course library provides.

Sequences, estimates, signatures, explicit games, MiniMax, the human player and the referee.
"""
