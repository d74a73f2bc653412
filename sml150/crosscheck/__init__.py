"""``sml150 crosscheck``: an SML solution (run with SML/NJ) and its Python port, side by side.

See ``_run`` (the run and its report), ``_bridge`` (cases in SML), ``_canon`` (the text values
cross in), ``_smlrun`` (SML/NJ in the grader's sandbox); the command is ``sml150.cli._crosscheck``.
"""

from sml150.crosscheck._run import CaseResult as CaseResult
from sml150.crosscheck._run import CrosscheckReport as CrosscheckReport
from sml150.crosscheck._run import Tally as Tally
from sml150.crosscheck._run import crosscheck as crosscheck
from sml150.crosscheck._run import sml_missing as sml_missing

__all__ = ["CaseResult", "CrosscheckReport", "Tally", "crosscheck", "sml_missing"]
