"""The checkout root read as the package it installs as (``sudoku_cube``): with this file, a
reader or tool that follows imports by folder resolves ``from ...models import x`` in
``assistant/services/`` to ``models/``, as Python does for the installed package. Nothing
imports it."""
