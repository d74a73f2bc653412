"""One seam for parallel and distributed runs: a ``concurrent.futures.Executor`` chosen by a spec.

``executor(spec)`` is a context manager yielding the executor a spec string names:

==================  ==========================================================================
``serial``          the default: each task runs at ``submit``, in order, in this process
``processes:N``     ``N`` worker processes (a loky pool owned by the context: cloudpickle, so
                    closures made by the functors and attrs states travel); ``processes``
                    alone: one per core
``dask`` /          a ``distributed.LocalCluster`` started for the run (``N`` workers, 2 by
``dask:N``          default, one thread each, loopback only, no dashboard), closed at exit
``dask:ADDRESS``    an existing Dask scheduler, e.g. ``dask:tcp://10.0.0.5:8786`` (to scale out)
==================  ==========================================================================

Every command takes ``--executor SPEC``. The package re-exports its modules' public names:
``spec`` (the spec strings), ``executors`` (the executors they name), ``tasks`` (captured
printing, lost workers, retried maps), ``progress`` (a progress bar); how one parallel search is
cut into tasks (which subtrees run whole, which split, in what order) is ``tree``.

>>> with executor("serial") as ex:
...     ex.submit(pow, 2, 10).result()
1024
>>> parse_spec("processes:3")
ExecutorSpec(kind='processes', workers=3, address=None)
>>> parse_spec("threads")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sml150.errors.UsageError: bad executor spec 'threads': use serial, processes[:N], ...
"""

from __future__ import annotations

from sml150.parallel.executors import SerialExecutor as SerialExecutor
from sml150.parallel.executors import executor as executor
from sml150.parallel.executors import is_serial as is_serial
from sml150.parallel.progress import progress as progress
from sml150.parallel.spec import ACCEPTED as ACCEPTED
from sml150.parallel.spec import MAX_LOCAL_WORKERS as MAX_LOCAL_WORKERS
from sml150.parallel.spec import ExecutorSpec as ExecutorSpec
from sml150.parallel.spec import parse_spec as parse_spec
from sml150.parallel.tasks import Captured as Captured
from sml150.parallel.tasks import WorkerLost as WorkerLost
from sml150.parallel.tasks import captured_call as captured_call
from sml150.parallel.tasks import gather as gather
from sml150.parallel.tasks import lost_worker_errors as lost_worker_errors
from sml150.parallel.tasks import map_retrying as map_retrying

__all__ = [
    "ACCEPTED",
    "MAX_LOCAL_WORKERS",
    "Captured",
    "ExecutorSpec",
    "SerialExecutor",
    "WorkerLost",
    "captured_call",
    "executor",
    "gather",
    "is_serial",
    "lost_worker_errors",
    "map_retrying",
    "parse_spec",
    "progress",
]
