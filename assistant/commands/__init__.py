"""Subcommands of sudoku-cube, one module each."""
