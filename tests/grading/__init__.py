"""Tests of the autograder, sml150.grading."""
