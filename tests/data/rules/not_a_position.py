import nimlab


class NotAPosition(nimlab.Game):
    name = "not-a-position"

    def moves(self, position):
        (n,) = position
        return [n - 1] if n else []
