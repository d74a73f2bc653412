"""HW11 reference solutions, with the handout's exact API (one module per SML file).

* ``graphseq``: Tasks 2.1 and 3.1-3.3 (``to_list``, ``get_neighbors``, ``from_edge_seq``,
  ``is_undirected``; the structure ``GraphSeq``).
* ``riskless`` and ``maps``: Task 4.1, the functor ``Riskless(Map)`` (default estimator
  ``tactical_estimate``), ``RisklessWith(RisklessSettings(Map, estimate))`` for another estimator,
  and the maps ``M1``, ``M2``, ``Earth``.
* ``alphabeta``: Tasks 5.1-5.3, ``AlphaBeta(Settings(G, search_depth, trace))`` with ``Step``/
  ``Leaf`` values, ``initial_ab``, ``F``, ``G``, ``next_move`` and the handout's trace lines.
* ``jamboree``: Tasks 6.1-6.4, ``Jamboree(JamboreeSettings(G, search_depth, prune_percentage,
  trace))`` with ``split_moves``, ``F``, ``G``, ``next_move``, work and span.
"""
