"""Allow ``python -m domino_print``."""

from domino_print.cli import main

main()
