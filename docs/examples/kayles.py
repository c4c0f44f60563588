"""Kayles (Dudeney, Loyd): knock down one pin, or two adjacent pins, of a row of pins."""
import nimlab


class Kayles(nimlab.HeapGame):
    name = "kayles"
    summary = "knock down one pin or two adjacent pins of a row"
    example_position = (5, 7)

    def heap_moves(self, n):
        for take in (1, 2):
            for left in range(n - take + 1):
                right = n - take - left
                yield tuple(h for h in (left, right) if h)
