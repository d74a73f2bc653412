"""What the porter's tests share: port a snippet of SML and run what it wrote."""

from __future__ import annotations

from typing import Any

from sml150.port.module import port_standalone


def run(sml: str) -> dict[str, Any]:
    """The names a ported SML snippet defines, after running the port (which must not fail).

    >>> run("val x = 1 + 2")["x"]
    3
    """
    result = port_standalone(sml)
    assert not result.failures, result.failures
    ns: dict[str, Any] = {}
    exec(compile(result.text, "<port>", "exec"), ns)
    return ns
