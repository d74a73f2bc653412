"""A homework as one record: its modules, tasks, the grader's own mutants, and its extra files.

Each homework's module (``hw10``, ``hw11``, ``gametree``) defines one ``HOMEWORK``; the rest of
the grader takes the record (``_handout.load`` finds it by name, once), so nothing branches on a
homework's name to know what it holds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import final

import attrs

from sml150.grading._model import TaskSpec
from sml150.grading._mutants import AstMutant, Mutant
from sml150.grading._starter import ModuleSpec

__all__ = ["Homework"]


def _frozen_map(m: Mapping[str, str]) -> Mapping[str, str]:
    return dict(m)


@final
@attrs.frozen
class Homework:
    """One homework the grader knows.

    >>> Homework("demo", (), ()).starter_files
    ()
    """

    name: str
    """``hw10``, ``hw11`` or ``gametree``: the reference package ``sml150.handouts.<name>``."""
    modules: tuple[ModuleSpec, ...]
    """The modules a submission holds, with what their starter files leave out."""
    tasks: tuple[TaskSpec, ...]
    """The graded tasks, in handout order."""
    mutants: tuple[Mutant | AstMutant, ...] = ()
    """The grader's own test: bugs that must each lose exactly the tasks they name."""
    solution_extras: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_map)
    """Files a reference submission holds besides the modules (name: text)."""
    starter_extras: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_map)
    """Files the starter set holds besides the modules (name: text)."""
    readme: str = ""
    """The starter README's section of this homework's own (markdown; may be empty)."""

    @property
    def starter_files(self) -> tuple[str, ...]:
        """The names of ``starter_extras``, in order."""
        return tuple(self.starter_extras)
