import nimlab

class Broken(nimlab.Game)
    name = "broken"
