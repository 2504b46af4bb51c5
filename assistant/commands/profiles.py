"""``sudoku-cube profiles``: list calibration profiles (built-in default and saved ones)."""
from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from ...calibration.profiles import list_profiles
from ...storage.folders import profiles_root
from ..terminal.markup import plain
from ..terminal.wrapping import print_wrapped


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``profiles`` subcommand."""
    p = sub.add_parser("profiles", help="list calibration profiles",
                       description="List calibration profiles: the built-in 'default' and those "
                                   "saved by `sudoku-cube calibrate` (folder shown). Broken or "
                                   "old profiles are listed with what is wrong and what to do.")
    p.add_argument("--json", action="store_true", help="print the list as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one row per profile; exit 0 even if some are broken (they are listed as such)."""
    rows = list_profiles()
    if args.json:
        out = [{"name": r.name, "path": str(r.path) if r.path else None,
                "ok": r.profile is not None, "problem": r.problem or None,
                "summary": r.profile.summary() if r.profile else None,
                "report": r.profile.report if r.profile else None} for r in rows]
        print(json.dumps({"root": str(profiles_root()), "profiles": out}, indent=2))
        return 0
    console = Console()
    table = Table(title=f"Profiles in {plain(profiles_root())}", title_justify="left")
    table.add_column("name", style="bold")
    table.add_column("contents", overflow="fold")  # a broken file's path shown whole
    for r in rows:
        if r.profile is None:
            table.add_row(f"[red]{plain(r.name)}[/]", f"[red]broken:[/] {plain(r.problem)}")
        else:
            label = f"{plain(r.name)} (built in)" if r.profile.builtin else plain(r.name)
            table.add_row(label, plain(r.profile.summary()))
    console.print(table)
    print_wrapped(console, "Use one with --profile NAME; create one with "
                           "`sudoku-cube calibrate templates PHOTO... --profile NAME`.")
    return 0
