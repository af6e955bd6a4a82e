"""What outlives a click, pure Python: the saved state and the share link
(:mod:`~reversi.ui.store.session`), what the page does with what it finds saved
(:mod:`~reversi.ui.store.autosave`: a broken save moved aside, a newer page's left alone,
another tab's not overwritten), the position the saved game shows, kept beside it for the
first paint (:mod:`~reversi.ui.store.shown`), and the recent games (:mod:`~reversi.ui.store.recent`).
"""
