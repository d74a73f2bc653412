"""``sml150 crosscheck``: an SML solution (run with SML/NJ) and its Python port, side by side.

See ``_run`` (the run, its report, ``crosscheck_function``), ``_selfcheck`` (what ``sml150
port`` runs on the port it wrote), ``_solution`` (the student's
files, the structures that play the handout's roles), ``_library`` (which course library),
``_smltext`` (reading SML as modules), ``_bridge`` (cases in SML), ``_canon`` (the text values
cross in), ``_driver`` (the SML/NJ side of a run), ``_smlrun`` (SML/NJ behind the grader's
walls); the command is ``sml150.cli._crosscheck``.
"""

from sml150.crosscheck._library import LIBRARIES as LIBRARIES
from sml150.crosscheck._report import FunctionVerdict as FunctionVerdict
from sml150.crosscheck._run import CaseResult as CaseResult
from sml150.crosscheck._run import CrosscheckReport as CrosscheckReport
from sml150.crosscheck._run import Tally as Tally
from sml150.crosscheck._run import crosscheck as crosscheck
from sml150.crosscheck._run import crosscheck_function as crosscheck_function
from sml150.crosscheck._run import sml_missing as sml_missing
from sml150.crosscheck._selfcheck import SelfCheck as SelfCheck
from sml150.crosscheck._selfcheck import self_check as self_check

__all__ = ["LIBRARIES", "CaseResult", "CrosscheckReport", "FunctionVerdict", "SelfCheck", "Tally",
           "crosscheck", "crosscheck_function", "self_check", "sml_missing"]
