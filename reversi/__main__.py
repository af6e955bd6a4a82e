"""``python -m reversi``: the command line (see :mod:`reversi.cli`)."""

import sys

from .cli import main

sys.exit(main())
