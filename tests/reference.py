"""A slow, obviously correct reference implementation of RULES.md, on arrays.

It shares no code with the engine: squares are ``(col, row)`` tuples, the board is
a list of lists, and a move's flips are found by walking each of the eight
directions one square at a time. The tests compare the bitboard engine with it at
every position of many random games; the perft benchmark uses it as the baseline.
"""

from __future__ import annotations

EMPTY, BLACK, WHITE, OFF = ".", "B", "W", "#"
DIRECTIONS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


class RefGame:
    """State of a game: grid, side to move, discs in hand, placement squares."""

    def __init__(self, width, height, off=(), black=(), white=(), turn=BLACK, supply=None, placement=()):
        self.width, self.height = width, height
        self.grid = [[EMPTY] * width for _ in range(height)]
        for c, r in off:
            self.grid[r][c] = OFF
        for c, r in black:
            self.grid[r][c] = BLACK
        for c, r in white:
            self.grid[r][c] = WHITE
        self.turn = turn
        self.supply = dict(supply) if supply else None  # {BLACK: n, WHITE: n}
        self.placement = list(placement)  # centre squares still to fill, free opening phase

    def copy(self) -> RefGame:
        g = RefGame(self.width, self.height)
        g.grid = [row[:] for row in self.grid]
        g.turn = self.turn
        g.supply = dict(self.supply) if self.supply else None
        g.placement = list(self.placement)
        return g

    def at(self, c, r):
        if 0 <= c < self.width and 0 <= r < self.height:
            return self.grid[r][c]
        return OFF

    def flips_of(self, c, r, who):
        other = WHITE if who == BLACK else BLACK
        result = []
        for dc, dr in DIRECTIONS:
            line = []
            x, y = c + dc, r + dr
            while self.at(x, y) == other:
                line.append((x, y))
                x, y = x + dc, y + dr
            if line and self.at(x, y) == who:
                result.extend(line)
        return sorted(result, key=lambda s: (s[1], s[0]))

    def moves_of(self, who):
        """{square: [flipped squares]} for ``who``."""
        if self.supply is not None and self.supply[who] == 0:
            return {}
        if any(self.at(c, r) == EMPTY for c, r in self.placement):
            return {s: [] for s in self.placement if self.at(*s) == EMPTY}
        found = {}
        for r in range(self.height):
            for c in range(self.width):
                if self.grid[r][c] == EMPTY:
                    f = self.flips_of(c, r, who)
                    if f:
                        found[(c, r)] = f
        return found

    def moves(self):
        return self.moves_of(self.turn)

    def other(self):
        return WHITE if self.turn == BLACK else BLACK

    def is_over(self):
        return not self.moves_of(BLACK) and not self.moves_of(WHITE)

    def play(self, square):
        """Play a square (or None for a pass) in place."""
        if square is None:
            assert not self.moves() and not self.is_over()
        else:
            moves = self.moves()
            assert square in moves, square
            c, r = square
            self.grid[r][c] = self.turn
            for x, y in moves[square]:
                self.grid[y][x] = self.turn
            if self.supply is not None:
                self.supply[self.turn] -= 1
        self.turn = self.other()

    def count(self, who):
        return sum(row.count(who) for row in self.grid)

    def squares(self):
        return sum(1 for row in self.grid for cell in row if cell != OFF)


def perft(game: RefGame, depth: int) -> int:
    """Perft with the published convention: a pass is a ply, a finished game one leaf."""
    if depth == 0:
        return 1
    moves = game.moves()
    if not moves:
        if game.is_over():
            return 1
        g = game.copy()
        g.play(None)
        return perft(g, depth - 1)
    if depth == 1:
        return len(moves)
    total = 0
    for square in moves:
        g = game.copy()
        g.play(square)
        total += perft(g, depth - 1)
    return total


def from_position(position) -> RefGame:
    """A RefGame equal to an engine Position (read square by square through names)."""
    rules = position.rules
    g = rules.geometry
    off, black, white = [], [], []
    for row in range(g.height):
        for col in range(g.width):
            i = g.index(col, row)
            if i in g.removed:
                off.append((col, row))
            elif position.black >> i & 1:
                black.append((col, row))
            elif position.white >> i & 1:
                white.append((col, row))
    supply = None if position.supply is None else {BLACK: position.supply[0], WHITE: position.supply[1]}
    placement = []
    if rules.empty_start:
        cw, ch = g.width // 2 - 1, g.height // 2 - 1
        placement = [(cw, ch), (cw + 1, ch), (cw, ch + 1), (cw + 1, ch + 1)]
    return RefGame(g.width, g.height, off, black, white, WHITE if position.turn else BLACK, supply, placement)


def standard_start(size=8) -> RefGame:
    h = size // 2
    return RefGame(size, size, (), black=[(h, h - 1), (h - 1, h)], white=[(h - 1, h - 1), (h, h)])
