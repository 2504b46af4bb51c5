"""The pure core, one sub-package per subject: ``cube`` (geometry, stickers, states, moves,
pieces, the solved rule), ``grid`` (the grid solver), ``plan`` (the move planner), ``slips``
(finding a person's slip) and ``generator`` (random solvable cubes); at the top, what all of
them share: the cube's settings (``profile``), the errors, strict JSON input and printable text.

No OpenCV, no terminal, no file access: everything here is a function of its arguments.
"""
