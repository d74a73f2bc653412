"""The sml150 autograder."""
