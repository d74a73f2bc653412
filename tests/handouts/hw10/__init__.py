"""Tests of the HW10 reference solutions (sml150.handouts.hw10)."""
