"""Playing the board's sounds (:mod:`reversi.ui.sound`) with the Web Audio API.

The audio context is made on the first gesture that wants sound (browsers keep a page
silent until the visitor has clicked or pressed a key), and a hidden page makes none.
The system's mute and volume apply as to any page. ``<html data-sounds>`` counts the
moves heard (the browser test reads it).
"""

from __future__ import annotations

from typing import Any

import js
from pyscript import document

from reversi.ui.sound import Tone, move_tones


class Sound:
    def __init__(self) -> None:
        self.context: Any = None
        self.played = 0

    def wake(self) -> Any:
        """The audio context (made, or resumed, now: call it in a click or key handler)."""
        if self.context is None:
            maker = getattr(js.window, "AudioContext", None)
            if maker is None:
                return None  # a browser without Web Audio: silence
            self.context = maker.new()
        if str(self.context.state) == "suspended":
            self.context.resume()
        return self.context

    def move(self, flips: int, passed: bool = False) -> None:
        """The sound of a move that turned ``flips`` discs (or of a pass)."""
        if bool(document.hidden):
            return
        context = self.wake()
        if context is None:
            return
        reduced = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        now = float(context.currentTime)
        for tone in move_tones(flips, reduced, passed):
            self.play(context, tone, now)
        self.played += 1
        document.documentElement.dataset.sounds = str(self.played)

    @staticmethod
    def play(context: Any, tone: Tone, now: float) -> None:
        """One tone: an oscillator through a gain that rises fast and dies away."""
        start = now + tone.start
        end = start + tone.duration
        oscillator = context.createOscillator()
        oscillator.type = tone.wave
        oscillator.frequency.setValueAtTime(tone.frequency, start)
        gain = context.createGain()
        gain.gain.setValueAtTime(0.0001, start)
        gain.gain.exponentialRampToValueAtTime(tone.gain, start + 0.006)
        gain.gain.exponentialRampToValueAtTime(0.0001, end)
        oscillator.connect(gain)
        gain.connect(context.destination)
        oscillator.start(start)
        oscillator.stop(end + 0.02)
