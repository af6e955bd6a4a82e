"""``python -m reversi``: the command line (see :mod:`reversi.cli.main`)."""

import sys

from reversi.cli.main import main

if __name__ == "__main__":  # not when a solver process started by "spawn" imports it again
    sys.exit(main())
