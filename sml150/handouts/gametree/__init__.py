"""The OCaml exercise on lazy game trees (seed 003), as a graded homework: its reference.

``gametree``: the exercise's given code (``Seq`` nodes ``Nil``/``Cons``, ``TLeaf``/``TNonLeaf``,
``bottom``/``top``, ``Sense`` with ``opposite``/``interpret``/``join``/``unit``, ``equivalent``)
and the model answers to Questions 1-8 (``size`` ... ``bmove``), written the way the exercise
asks for them (plain recursion over the offspring), not the library's explicit-stack
``sml150.gametree``.

>>> from sml150.handouts.gametree.gametree import TLeaf, TNonLeaf, bval, bottom, of_list, top
>>> bval(bottom, top, TNonLeaf(of_list([(0, TLeaf(-3)), (1, TLeaf(2))])))
3
"""
