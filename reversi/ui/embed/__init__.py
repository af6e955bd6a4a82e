"""Teachers' embeds, pure Python: the game viewer and puzzle state of an embedded board
(:mod:`~reversi.ui.embed.viewer`), a puzzle's answers in its link
(:mod:`~reversi.ui.embed.puzzle`) and the HTML a teacher pastes
(:mod:`~reversi.ui.embed.snippets`). The embed's DOM glue is :mod:`reversi.ui.dom.embed`.
"""
