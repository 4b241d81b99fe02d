"""The command line: click options -> a ``Job`` -> the pipeline -> an atomically written PDF.

Errors a user can fix become one line on stderr: exit code 2 for a bad option,
1 for anything else that went wrong (an unreadable image, a full disk).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from domino_print import __version__
from domino_print.errors import DominoError, OptionError

EXAMPLES = """\b
Examples:
  domino-print --theme fruits --out planche.pdf
  domino-print --theme pips --max 9
  domino-print --theme chiffres --lang en --rules points
  domino-print themes
"""


class OneLineErrors(click.Group):
    """A group whose errors print as one line, with the exit codes the guide promises."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.UsageError as exc:
            _fail(exc.format_message(), 2, hint=True)
        except click.Abort:
            _fail("interrupted", 1)
        except OptionError as exc:
            _fail(str(exc), 2, hint=True)
        except (DominoError, click.ClickException) as exc:
            _fail(exc.format_message() if isinstance(exc, click.ClickException) else str(exc), 1)
        except OSError as exc:
            name = f"{exc.filename}: " if exc.filename else ""
            _fail(f"{name}{exc.strerror or exc}", 1)


def _fail(message: str, code: int, *, hint: bool = False) -> None:
    line = " ".join(message.split())
    suffix = " (see domino-print --help)" if hint else ""
    click.echo(f"domino-print: error: {line}{suffix}", err=True)
    sys.exit(code)


def _theme_help() -> str:
    from domino_print.themes import builtin_names

    return (
        "Built-in theme name (" + ", ".join(builtin_names()) + "), or a folder of images, "
        "or a theme TOML file. Default: pips."
    )


@click.group(
    cls=OneLineErrors,
    invoke_without_command=True,
    epilog=EXAMPLES,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="domino-print")
@click.option("--theme", "theme_ref", default="pips", show_default=False, help=_theme_help())
@click.option(
    "--out", "out", type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the PDF. Default: output/dominos-<theme>.pdf.",
)
@click.option("--max", "top", type=int, default=None, help="Highest value of the set (6 = double-six).")
@click.option("--lang", type=click.Choice(["fr", "en"]), default="fr", show_default=True,
              help="Language of the sheet, labels and rules.")
@click.option("--labels", is_flag=True, help="Print each picture's name under it.")
@click.option("--rules", "rules_variant", type=click.Choice(["famille", "points"]), default="famille",
              show_default=True, help="Rules page variant.")
@click.option("--no-rules", is_flag=True, help="Leave out the rules page.")
@click.option("--target", type=click.IntRange(1, 1000), default=50, show_default=True,
              help="Points variant: the score that wins the game.")
@click.option("--paper", default="A4", show_default=True, help="A4, A3, A5, Letter, Legal or WIDTHxHEIGHTmm.")
@click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]), default="auto",
              show_default=True, help="Page orientation; auto picks the larger tiles.")
@click.option("--tile-size", default="auto", show_default=True,
              help="auto, small (24x48), medium (30x60), large (40x80) or WxHmm.")
@click.option("--gap", type=float, default=0.0, show_default=True,
              help="Space between tiles in mm; 0 means neighbours share one cut line.")
@click.option("--margin", type=float, default=10.0, show_default=True, help="Page margin in mm.")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True,
              help="Resolution of embedded photos at their printed size.")
@click.pass_context
def cli(ctx: click.Context, **options) -> None:
    """Make a print-ready PDF domino set: a cutting sheet of whole tiles and a rules page."""
    if ctx.invoked_subcommand is not None:
        return
    from domino_print.job import Job, run_job

    job = Job.from_options(**options)
    summary = run_job(job)
    click.echo(summary)


@cli.command("themes")
def themes_command() -> None:
    """List the built-in themes, one per line."""
    from domino_print.themes import list_themes

    for theme in list_themes():
        values = f"0-{theme.max_value}"
        click.echo(f"{theme.name:<14} {values:<6} {theme.description['en']}")


def main() -> None:
    """Console entry point."""
    cli(prog_name="domino-print")
