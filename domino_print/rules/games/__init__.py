"""One module per game, each defining ``VARIANT``; ``domino_print.rules`` finds them all."""
