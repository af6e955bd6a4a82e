"""The two player cards (``.players``): names, disc counts, discs in hand, who is to move,
the winner, who plays each side (and the player's name, when the game's details give one) and
who is thinking.
"""

from __future__ import annotations

from typing import Any

from reversi.i18n import _, ngettext
from reversi.ui.players import Players, known_name
from reversi.ui.views import StatusView


class PlayersPanel:
    """The ``.players`` element ``root`` and its two ``.player`` cards (Black's, White's)."""

    def __init__(self, root: Any) -> None:
        self.cards = [root.querySelector(f'.player[data-side="{side}"]') for side in (0, 1)]

    def draw(self, st: StatusView, players: Players, thinking: int | None,
             names: tuple[str, str] = ("", "")) -> None:
        """``names``: the players' names of the game's details ('' where none is given)."""
        for side, card in enumerate(self.cards):
            card.querySelector(".player-name").textContent = st.side_names[side]
            card.querySelector(".player-count").textContent = str(st.counts[side])
            card.querySelector(".disc-icon").setAttribute("data-color", st.colors[side])
            if st.supply is None:
                supply = ""
            else:
                # Translators: the discs a side still has to play (Classic Reversi): "30 in hand"
                supply = ngettext("{n} in hand", "{n} in hand", st.supply[side]).format(n=st.supply[side])
            card.querySelector(".player-supply").textContent = supply
            card.classList.toggle("to-move", st.turn == side)
            card.classList.toggle("winner", st.over and st.winner == side)
            # Translators: a clock's screen-reader name: "Time left for Black"
            card.querySelector(".player-clock").setAttribute(
                "aria-label", _("Time left for {side}").format(side=st.side_names[side]))
            # Translators: the disc count's screen-reader name: "Black's discs" as "Discs of Black"
            card.querySelector(".player-count").setAttribute(
                "aria-label", _("Discs of {side}").format(side=st.side_names[side]))
            kind = players.label(side)
            # Translators: a player card's line: the player's name, then who plays ("Computer · Expert")
            name = known_name(names[side])  # "?": a record that does not know it
            card.querySelector(".player-kind").textContent = (
                _("{name} · {kind}").format(name=name, kind=kind) if name and kind else name or kind)
            card.classList.toggle("thinking", thinking == side)
