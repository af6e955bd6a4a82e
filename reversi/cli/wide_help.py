"""argparse's help laid out for wide characters: Japanese help that lines up and wraps on a terminal.

argparse counts characters and breaks lines only at spaces. A kanji or a kana takes two columns
of a terminal (:func:`columns`) and Japanese text has no spaces: :class:`WideHelpFormatter` pads
and wraps by columns, breaking between any two wide characters but never before a closing mark
or a small kana, nor after an opening mark (:func:`wrap_columns`). Help of one-column characters
only is argparse's own layout, unchanged.
"""

from __future__ import annotations

import argparse
import unicodedata
from typing import Any

#: Characters a Japanese line never starts with (closing marks, small kana, the long-vowel mark).
_NO_LINE_START = frozenset("、。，．・：；？！ー…）」』】〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.:;!?)]}")
#: Characters a Japanese line never ends with (opening marks).
_NO_LINE_END = frozenset("（「『【〈《([{")


def columns(text: str) -> int:
    """How many columns ``text`` takes on a terminal: a wide character (a kanji, a kana) takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def wrap_columns(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns (:func:`columns`), broken at spaces and, as
    Japanese is, between any two characters but before a closing mark or after an opening one;
    a Latin word is never broken (a longer one gets a line of its own)."""
    units: list[str] = []  # what no line break may split, and " " where a space stood
    word = ""
    for ch in text:
        wide = columns(ch) == 2
        if ch == " " or wide:
            if word:
                units.append(word)
                word = ""
            if ch == " ":
                units.append(" ")
            elif ch in _NO_LINE_START and units and units[-1] != " ":
                units[-1] += ch
            elif units and units[-1] != " " and units[-1][-1] in _NO_LINE_END:
                units[-1] += ch
            else:
                units.append(ch)
        elif word or not units or units[-1] == " " or units[-1][-1] not in _NO_LINE_END:
            word += ch
        else:
            units[-1] += ch  # a Latin word right after an opening mark stays with it
            word = units.pop()
    if word:
        units.append(word)
    lines: list[str] = []
    line, space = "", False
    for unit in units:
        if unit == " ":
            space = bool(line)
            continue
        gap = " " if space else ""
        if line and columns(line + gap + unit) > width:
            lines.append(line)
            line = unit
        else:
            line += gap + unit
        space = False
    if line:
        lines.append(line)
    return lines


class WideHelpFormatter(argparse.HelpFormatter):
    """argparse's help laid out by the columns a terminal gives each character (:func:`columns`), so that
    Japanese help lines up and wraps: argparse counts characters, and breaks lines only at spaces.
    Text of one-column characters only is argparse's own work, unchanged."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if action.help is not argparse.SUPPRESS:
            invocations = [self._format_action_invocation(action)]
            invocations += [self._format_action_invocation(a) for a in self._iter_indented_subactions(action)]
            longest = max(columns(text) for text in invocations) + self._current_indent
            self._action_max_length = max(self._action_max_length, longest)

    def _format_action(self, action: argparse.Action) -> str:
        text = super()._format_action(action)
        header = " " * self._current_indent + self._format_action_invocation(action)
        extra = columns(header) - len(header)  # columns beyond its characters: missing from the padding
        if not extra or not action.help or not text.startswith(header) or text[len(header):].startswith("\n"):
            return text
        rest = text[len(header):]
        padding = len(rest) - len(rest.lstrip(" "))
        if padding >= extra + 2:  # argparse padded it by its characters: take its extra columns off
            return header + rest[extra:]
        help_position = min(self._action_max_length + 2, self._max_help_position)  # too wide: help goes below
        return header + "\n" + " " * help_position + rest.lstrip(" ")

    def _format_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any) -> str:
        text = super()._format_usage(usage, actions, groups, prefix)
        if columns(text) == len(text):
            return text
        width, self._width = self._width, 1 << 20  # argparse's usage on one line, then wrapped here
        try:
            line = super()._format_usage(usage, actions, groups, prefix).strip("\n")
        finally:
            self._width = width
        start = line.find(self._prog)
        if start < 0:
            return text
        lead, rest = line[: start + len(self._prog)], line[start + len(self._prog):].strip()
        tokens, depth, token = [], 0, ""  # the arguments, each whole: "[--rules 名前]", "[X [X ...]]"
        for ch in rest:
            depth += (ch in "[(") - (ch in "])")
            if ch == " " and depth == 0:
                if token:
                    tokens.append(token)
                token = ""
            else:
                token += ch
        if token:
            tokens.append(token)
        room = width - self._current_indent
        indent = columns(lead) + 1 if columns(lead) <= room * 3 // 4 else columns(line[:start])
        lines, current = [], lead
        for token in tokens:
            if current.strip() and columns(current + " " + token) > room:
                lines.append(current)
                current = " " * (indent - 1)
            current += " " + token
        lines.append(current)
        return "\n".join(lines) + "\n\n"

    def _split_lines(self, text: str, width: int) -> list[str]:
        if columns(text) == len(text):
            return super()._split_lines(text, width)
        return wrap_columns(self._whitespace_matcher.sub(" ", text).strip(), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if columns(text) == len(text):
            return super()._fill_text(text, width, indent)
        lines = wrap_columns(self._whitespace_matcher.sub(" ", text).strip(), width - len(indent))
        return "\n".join(indent + line for line in lines)
