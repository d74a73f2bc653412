"""Tests of ``sml150 port`` (the SML → Python translator)."""
