"""``python -m reversi``: the command line (see :mod:`reversi.cli.main`)."""

import sys

from reversi.cli.main import main

sys.exit(main())
