import nimlab


class MyNim(nimlab.HeapGame):
    name = "nim"

    def heap_moves(self, n):
        return [(k,) if k else () for k in range(n)]
