"""The pure core: cube geometry, states and moves, piece encoding, grid model, move planning.

No OpenCV, no terminal, no file access: everything here is a function of its arguments.
"""
