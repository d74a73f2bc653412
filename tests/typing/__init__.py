"""Files checked only by ``mypy --strict``: negative lines carry ``# type: ignore[code]`` and
turn red (unused ignore) if mypy stops rejecting them."""
