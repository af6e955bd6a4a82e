"""argparse's own messages, marked here so that they are extracted into our catalogs.

argparse translates its texts ("usage:", the section titles, its complaints
about a command line) through gettext's global domain; :func:`reversi.cli.main.main`
points that domain at our catalogs (:func:`reversi.i18n.standard_library_domain`),
so these entries are what a Czech, Danish, Polish or Japanese reader sees. The message
ids must be argparse's exactly (they use ``%`` placeholders, as argparse
fills them in). Nothing imports this module: it only carries the marks.
"""

from __future__ import annotations

from reversi.i18n import N_

MESSAGES = (
    # Translators: argparse's help begins with this, then the command (keep the space at the end)
    N_("usage: "),
    # Translators: argparse's section titles in --help
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    # Translators: argparse's complaints about a command line; keep the %(...)s and %s placeholders
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)
