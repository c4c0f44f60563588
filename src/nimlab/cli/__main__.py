"""``python -m nimlab.cli``: the command line, as the ``nimlab`` script runs it."""

from nimlab.cli import main

main()
