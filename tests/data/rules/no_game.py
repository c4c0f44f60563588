import nimlab

VALUE = 3
