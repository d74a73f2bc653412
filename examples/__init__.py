"""Small programs written against the sml150 library (see the README's "Your own game")."""
