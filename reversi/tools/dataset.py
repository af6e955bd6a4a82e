"""The training's data set: labelled positions of self-play games, kept in memory and in files.

A :class:`Sample` holds positions (side-relative bitboards), each with its label (the final
margin in discs for the side to move, :mod:`reversi.tools.selfplay`), its game and its rules.
:func:`save_samples` writes the positions of one board to a ``.npz`` file (numpy), so that a fit
can be run again without the self-play (``python -m reversi.tools.train --load-data``);
:func:`load_samples` reads them back, for the rules they were saved for only.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reversi.core.rules import Rules

#: Where a step of the training reports its progress: a function given one line.
Log = Callable[[str], None]


@dataclass
class Sample:
    """Positions of played games with their labels (margin in discs, side to move)."""

    players: list[int] = field(default_factory=list)
    opponents: list[int] = field(default_factory=list)
    labels: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    rules: list[Rules] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.labels)

    def extend(self, other: Sample) -> None:
        self.players += other.players
        self.opponents += other.opponents
        self.labels += other.labels
        self.games += other.games
        self.rules += other.rules


def save_samples(path: str, data: Sample) -> None:
    """Save labelled positions of one board: each bitboard as uint64 words, low first."""
    import numpy as np

    lo = (1 << 64) - 1
    bits = max((b.bit_length() for b in data.players + data.opponents), default=1)
    words = max(2, -(-bits // 64))
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    arrays: dict[str, Any] = {}
    for side, boards in (("p", data.players), ("o", data.opponents)):
        for w in range(words):
            arrays[f"{side}{w}"] = np.array([(b >> (64 * w)) & lo for b in boards], dtype=np.uint64)
    arrays["words"] = np.array(words)
    if data.rules:  # what the positions are of: a refit checks it
        arrays["rules"] = np.array(samples_rules(data.rules[0]))
    arrays["labels"] = np.array(data.labels, dtype=np.float64)
    arrays["games"] = np.array(data.games, dtype=np.int64)
    np.savez_compressed(path, **arrays)


def samples_rules(rules: Rules) -> str:
    """The rule set of saved positions, as :func:`save_samples` records it."""
    return f"{rules.variant} {rules.size} {'anti' if rules.anti else 'normal'}"


def load_samples(path: str, rules: Rules) -> Sample:
    """Positions saved by :func:`save_samples` (or by its first form: ``p_lo``, ``p_hi``...);
    ValueError if they were saved for other rules than ``rules``."""
    import numpy as np

    z = np.load(path)
    if "rules" in z and str(z["rules"]) != samples_rules(rules):
        raise ValueError(f"{path} holds positions of {z['rules']}, not of {samples_rules(rules)}")

    def boards(side: str) -> list[int]:
        if "words" not in z:
            cols = [z[f"{side}_lo"], z[f"{side}_hi"]]
        else:
            cols = [z[f"{side}{w}"] for w in range(int(z["words"]))]
        out = [0] * len(z["labels"])
        for w, col in enumerate(cols):
            shift = 64 * w
            for i, v in enumerate(col.tolist()):
                out[i] |= int(v) << shift
        return out

    out = Sample()
    out.players = boards("p")
    out.opponents = boards("o")
    out.labels = [float(v) for v in z["labels"]]
    out.games = [int(v) for v in z["games"]]
    out.rules = [rules] * len(out.labels)
    return out
