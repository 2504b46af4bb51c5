"""The phone as the camera: a web front for a phone session (``sudoku-cube serve``)."""
