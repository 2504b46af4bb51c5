"""User text inside rich markup: file names, profile names and messages that quote them.

rich reads ``[...]`` in a printed string as markup, so a folder named ``[/]`` made ``console.print
(f"written to {path}")`` raise after the file was written, and ``[bold red]`` in a name changed
the text shown. :func:`plain` is what every such value goes through before it is put in a
markup string.
"""
from __future__ import annotations

from rich.markup import escape

from ...models.printable import printable


def plain(text: object) -> str:
    """``text`` to place in a rich markup string and show as it is: control characters escaped
    and long text shortened (:func:`models.printable.printable`), square brackets that look
    like markup escaped."""
    return escape(printable(text))
