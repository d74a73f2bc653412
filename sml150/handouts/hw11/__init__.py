"""HW11 reference solutions, with the handout's exact API.

``graphseq`` (Tasks 2.1, 3.1-3.3), ``riskless`` and ``maps`` (Task 4.1), ``alphabeta`` (Tasks
5.1-5.3), ``jamboree`` (Tasks 6.1-6.4).
"""
