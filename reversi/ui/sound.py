"""The sounds of the board, as plain data: which tones a move makes (the page plays them).

Off by default (the setting "Sound"). Everything is synthesized in the page with the
Web Audio API (:mod:`reversi.ui.dom.sound`): no audio files. A move is a low knock
for the disc placed, then a quick tick for each disc turned, rising a little; with
reduced motion asked for, the turned discs are one tick, not a cascade. A pass is two
soft falling notes.
"""

from __future__ import annotations

from dataclasses import dataclass

#: At most this many ticks for the turned discs (a long line is heard as a run, not counted).
MOST_TICKS = 8
#: Seconds between two ticks of turned discs.
TICK_GAP = 0.045


@dataclass(frozen=True)
class Tone:
    """One short note: when (seconds from now), its pitch, how long, how loud (0..1), its wave."""

    start: float
    frequency: float
    duration: float
    gain: float
    wave: str = "triangle"


def move_tones(flips: int, reduced_motion: bool = False, passed: bool = False) -> tuple[Tone, ...]:
    """The tones of a move that turned ``flips`` discs (or of a pass)."""
    if passed:
        return (Tone(0.0, 330.0, 0.12, 0.18, "sine"), Tone(0.14, 247.0, 0.16, 0.18, "sine"))
    tones = [Tone(0.0, 150.0, 0.09, 0.5)]
    if flips <= 0:
        return tuple(tones)
    if reduced_motion:
        return (*tones, Tone(0.08, 620.0, 0.05, 0.22, "square"))
    for i in range(min(flips, MOST_TICKS)):
        tones.append(Tone(0.08 + i * TICK_GAP, 560.0 + 40.0 * i, 0.03, 0.16, "square"))
    return tuple(tones)
