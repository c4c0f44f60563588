"""Misere NIM(A): take a number of stones in A from one heap; whoever takes the last loses."""
import nimlab


class MisereSubtraction(nimlab.Game):
    name = "misere-subtraction"
    summary = "one heap; remove a number of stones from the set; the last move loses"
    misere = True
    pile_count = 1
    example_position = (14,)
    rule_options = {"removals": "the subtraction set, e.g. 1,3,4 (the default)"}

    def __init__(self, removals="1,3,4"):
        self.removals = tuple(sorted(int(a) for a in str(removals).split(",")))

    def moves(self, position):
        (n,) = position
        return [(n - a,) for a in self.removals if a <= n]

    @property
    def move_formula(self):
        """The moves for `nimlab prove` and `nimlab discover`: under misere play no move goes
        to a heap below the least removal (where no move is left)."""
        removals = " | ".join(f"q1 + {a} = p1" for a in self.removals)
        return f"({removals}) & q1 >= {min(self.removals)}"

    @property
    def domain_formula(self):
        """The positions: under misere play a heap below the least removal is a game over."""
        return f"p1 >= {min(self.removals)}"
