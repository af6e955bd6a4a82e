"""Text forms of games and positions: transcripts, position strings, ``.rev`` records
and share links (:mod:`reversi.formats.links` holds the one table of link parameters).

Builds on :mod:`reversi.core` only.
"""
