"""Reference solutions of the homework handouts, with each handout's exact API.

``hw10``: Tic-Tac-Toe, alpha-beta with bounds, Jamboree (HW10 form). ``hw11``: sequence views and
graphs, Riskless, alpha-beta with ``F``/``G`` and traces, Jamboree (HW11 form).
"""
