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
from domino_print.texts import languages

EXAMPLES = """\b
Examples:
  domino-print --theme fruits --out planche.pdf
  domino-print --theme pips --max 9
  domino-print --theme chiffres --lang en --rules points
  domino-print --sets 30 --label "CP Mme Roux" --backs --paper Letter
  domino-print calibrate --duplex long
  domino-print themes
  domino-print theme new ~/Photos/famille
"""


_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""click 8.2+ raises this, with the help as its message, for a group called without a command."""


class OneLineErrors(click.Group):
    """A group whose errors print as one line, with the exit codes the guide promises."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        try:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except _NO_ARGS_IS_HELP as shown:  # a bare "domino-print theme": its help, as click prints it
            click.echo(shown.ctx.get_help() if shown.ctx else str(shown))
            sys.exit(2)
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
@click.option("--lang", type=click.Choice(languages()), default="fr", show_default=True,
              help="Language of the sheet, labels and rules.")
@click.option("--labels", is_flag=True, help="Picture themes: print each picture's name under it.")
@click.option("--rules", "rules_variant", type=click.Choice(["famille", "points", "doubles"]), default=None,
              help="Rules page variant: famille (default), points (the classic game with pips counted) "
                   "or doubles (double-six: every double a spinner, first to 100).")
@click.option("--no-rules", is_flag=True, help="Leave out the rules page.")
@click.option("--target", type=click.IntRange(1, 1000), default=None,
              help="With --rules points or doubles: the score that wins the game. Default: 50 or 100.")
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
@click.option("--sets", type=click.IntRange(1, 200), default=1, show_default=True,
              help="Complete sets to print (a class set), each from a new page, each tile marked "
              "with its set's number and colour.")
@click.option("--label", default=None, help="A short text (e.g. a class name, up to 40 characters) "
              "printed at the top of every page and on the backs.")
@click.option("--backs", is_flag=True, help="Add a back page after each sheet page, for two-sided printing.")
@click.option("--duplex", type=click.Choice(["long", "short"]), default=None,
              help="With --backs: the edge the printer flips the sheet on. Default: long.")
@click.option("--back-offset", default=None, metavar="X,Y",
              help="With --backs: shift the backs X mm right and Y mm up (e.g. 1.5,-0.5), "
              "as measured with 'domino-print calibrate'.")
@click.option("--preview", is_flag=True, help="Also write a PNG of each page beside the PDF (name-1.png...).")
@click.option("--preview-dpi", type=click.IntRange(30, 600), default=None,
              help="With --preview: resolution of the PNGs. Default: 150.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing on success (errors still print).")
@click.pass_context
def cli(ctx: click.Context, quiet: bool, **options) -> None:
    """Make a print-ready PDF domino set: a cutting sheet of whole tiles and a rules page."""
    if ctx.invoked_subcommand is not None:
        return
    from domino_print.job import Job, run_job

    job = Job.from_options(**options)
    with ProgressReport() as progress:
        summary = run_job(job, progress)
    if not quiet:
        click.echo(summary)


class ProgressReport:
    """A progress bar on stderr, shown only on a terminal and only once a job has run a second."""

    DELAY_S = 1.0

    def __init__(self) -> None:
        import time

        self._clock = time.monotonic
        self._start = self._clock()
        self._bar = None
        self._shown = 0
        self._active = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self._active:
            return
        if self._bar is None:
            if self._clock() - self._start < self.DELAY_S or done >= total:
                return
            self._bar = click.progressbar(length=total, label="domino-print", file=sys.stderr)
            self._bar.__enter__()
        self._bar.update(done - self._shown)
        self._shown = done

    def __enter__(self) -> ProgressReport:
        return self

    def __exit__(self, *exc_info) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc_info)


@cli.command("themes")
def themes_command() -> None:
    """List the built-in themes, one per line."""
    from domino_print.themes import list_themes

    for theme in list_themes():
        values = f"0-{theme.max_value}"
        click.echo(f"{theme.name:<14} {values:<6} {theme.description_in('en')}")


@cli.group("theme")
def theme_group() -> None:
    """Make your own theme from a folder of pictures."""


@theme_group.command("new")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
def theme_new_command(folder: Path) -> None:
    """Write FOLDER/theme.toml listing the pictures in FOLDER, ready to edit.

    It never replaces an existing theme.toml. Then run: domino-print --theme FOLDER
    """
    from domino_print.user_themes import list_images, write_starter_theme

    written = write_starter_theme(folder)
    count = len(list_images(folder)[0])
    click.echo(
        f"{written}: {count} picture{'s' if count != 1 else ''} listed; edit it, "
        f"then run: domino-print --theme {click.format_filename(str(folder))}"
    )


@cli.command("calibrate")
@click.option("--paper", default="A4", show_default=True, help="A4, A3, A5, Letter, Legal or WIDTHxHEIGHTmm.")
@click.option("--duplex", type=click.Choice(["long", "short"]), default="long", show_default=True,
              help="The edge your printer flips the sheet on.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write the PDF. Default: output/calibration.pdf.")
@click.option("--lang", type=click.Choice(languages()), default="fr", show_default=True,
              help="Language of the instructions.")
@click.option("--quiet", "-q", is_flag=True, help="Print nothing on success.")
def calibrate_command(paper: str, duplex: str, out: Path | None, lang: str, quiet: bool) -> None:
    """Print a two-sided calibration sheet to measure --back-offset for your printer."""
    from domino_print.calibrate import check_paper, render_calibration
    from domino_print.files import human_size, pdf_destination, prepare_destination, write_atomically
    from domino_print.layout import parse_paper

    sheet = parse_paper(paper)
    check_paper(sheet)
    out = pdf_destination(out, "calibration.pdf")
    prepare_destination(out)
    data = render_calibration(sheet, duplex, lang)
    write_atomically(out, data)
    if not quiet:
        click.echo(f"{out}: 2 pages (print two-sided, flip on the {duplex} edge), {sheet.name}, "
                   f"{human_size(len(data))}")


def main() -> None:
    """Console entry point."""
    cli(prog_name="domino-print")
