"""The assistant: what a person uses, on floors.

``services`` is the application (the solve pipeline, sessions, the guide's cursor, review,
slip checks, the scanner's logic, the HTML export): no terminal, no rich, no key loop, so any
front end can call it. Two front ends stand on it: ``terminal`` (rich views, key loops, the
camera windows, the command-line options) and ``web`` (``sudoku-cube serve``, the phone's
page). ``commands`` and ``cli`` are the ``sudoku-cube`` command; ``bench`` holds the
benchmarks, which only the ``bench`` command imports.
"""
