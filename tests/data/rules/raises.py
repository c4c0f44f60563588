import nimlab


class Raises(nimlab.Game):
    name = "raises"

    def moves(self, position):
        (n,) = position
        return [(n - 1,)] if 0 < n < 5 else [(n // 0,)] if n else []
