"""What outlives a click, pure Python: the saved state, share links and text brought in, what
the page does with what it finds saved, the board the first paint draws, the recent games (the
module map: ``ARCHITECTURE.md``).
"""
