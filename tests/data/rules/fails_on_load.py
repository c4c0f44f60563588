import nimlab

raise RuntimeError("this file refuses to load")
