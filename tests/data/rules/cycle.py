import nimlab


class Cycle(nimlab.Game):
    name = "cycle"

    def moves(self, position):
        (n,) = position
        return [(n - 1,)] if n else [(2,)]


class HeapCycle(nimlab.HeapGame):
    name = "heap-cycle"

    def heap_moves(self, n):
        return [(n - 1,)] if n else [(3,)]
