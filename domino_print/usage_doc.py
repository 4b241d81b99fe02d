"""The command line's reference, ``docs/usage.md``, written from the commands' own help.

Each command's options come from the option table through click (``cli``), so the page says
exactly what ``--help`` says; ``make docs`` writes it again and a test fails when it is stale.
Run as ``python -m domino_print.usage_doc [FILE]`` (standard output without a file). It reads
the command line, so it stands with the surfaces, above ``cli`` (docs/ARCHITECTURE.md), not in
``options/``, which every surface imports.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

HEADER = """# Usage: every command and option

This page is written by `make docs` from the commands' own help (the option table): do not
edit it by hand. Run `domino-print --help`, or `domino-print COMMAND --help`, for the same text
in a terminal. The studio's form offers the same options (those marked *command line only*
aside), worded in the page's language.

The command line's messages and its help (its errors, the summary line after a file is written,
`themes`, `theme new`, `site`'s lines, the studio's address, `--help`) are in the language of
`--lang` when it is given, else in the system's (`LC_ALL`, `LC_MESSAGES`, then `LANG`:
`fr_FR.UTF-8` is French) when the tool speaks it, else in English; this page is the English help.
`--lang` also chooses the language of the pages, which is French when it is not given, whatever
the system's.
"""


def _cell(text: str) -> str:
    """One table cell: one line, pipes escaped."""
    return " ".join(text.split()).replace("|", "\\|")


def _context(command: click.Command, name: str, parent: click.Context | None) -> click.Context:
    """The context the command line makes for ``command``, with its own settings (``-h``), as
    ``make_context`` would, without parsing any argument."""
    return click.Context(command, info_name=name, parent=parent, **command.context_settings)


def _command_section(name: str, command: click.Command, parent: click.Context | None) -> list[str]:
    context = _context(command, name, parent)
    lines = [f"## `{context.command_path}`", ""]
    if command.help:
        lines += [" ".join(command.help.split()), ""]
    usage = " ".join(command.collect_usage_pieces(context))
    lines += ["```text", f"{context.command_path} {usage}".rstrip(), "```", ""]
    rows = []
    for param in command.get_params(context):
        record = param.get_help_record(context)
        if record is None:
            continue
        flags, help_text = record
        rows.append(f"| `{_cell(flags)}` | {_cell(help_text)} |")
    if rows:
        lines += ["| option | meaning |", "|---|---|", *rows, ""]
    return lines


def usage_markdown() -> str:
    """The whole page: the main command, then each subcommand (and theirs), in ``--help``'s order."""
    from domino_print.cli import cli  # deferred: the whole command line, for this page only

    lines = [HEADER]
    root = _context(cli, "domino-print", None)
    lines += _command_section("domino-print", cli, None)

    def visit(group: click.Group, context: click.Context) -> None:
        for sub_name in group.list_commands(context):
            sub = group.get_command(context, sub_name)
            if sub is None or sub.hidden:
                continue
            lines.extend(_command_section(sub_name, sub, context))
            if isinstance(sub, click.Group):
                visit(sub, _context(sub, sub_name, context))

    assert isinstance(cli, click.Group)
    visit(cli, root)
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    page = usage_markdown()
    if args:
        Path(args[0]).write_text(page, encoding="utf-8")
    else:
        sys.stdout.write(page)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
