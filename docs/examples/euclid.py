"""Euclid's game (Cole and Davie, 1969): from two numbers, take a positive multiple of the
smaller from the larger, leaving it at least 0; the game ends when a number is 0."""
import nimlab


class Euclid(nimlab.Game):
    name = "euclid"
    summary = "take a multiple of the smaller number from the larger"
    pile_count = 2
    example_position = (31, 12)

    def moves(self, position):
        a, b = position
        if a == 0 or b == 0:
            return []
        small, large = min(a, b), max(a, b)
        return [(large - k * small, small) if a >= b else (small, large - k * small)
                for k in range(1, large // small + 1)]

    def estimate_states(self, position):
        return 2 * (max(position) + 1)
