"""Benchmarks (sudoku-cube bench ...), one module each."""
