"""The command line: options from the table (``options.OPTIONS``) -> ``api`` -> files written atomically.

Errors a user can fix become one line on stderr: exit code 2 for a bad option,
1 for anything else that went wrong (an unreadable image, a full disk, a file in the
way of a preview). A signal that would end the process (Ctrl-C, SIGTERM, SIGHUP...)
removes the files being written, prints one line and exits with 128 + its number.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

if TYPE_CHECKING:
    from click._termui_impl import ProgressBar

    from domino_print.output.written import Written
    from domino_print.themes.levels import Ladder

from domino_print import __version__
from domino_print.errors import (
    DominoError,
    FileError,
    OptionError,
    Phrase,
    WordedError,
    error_text,
    flag_name,
    system_words,
)
from domino_print.formats import role_of
from domino_print.options.command_line import WordedGroup, WordedOption, click_options
from domino_print.options.parsing import parse
from domino_print.options.table import CALIBRATE_OPTIONS, OPTIONS
from domino_print.output.files import pdf_destination, prepare_destination
from domino_print.output.stopping import (
    Stopped,
    files_committed,
    remember_only,
    signal_words,
    stop_on_signals,
    stop_requested,
)
from domino_print.output.writers import Writer, WriterSettings, solid_writer_for, writers_for

EXAMPLES = """\b
{examples}
  domino-print --theme fruits --out planche.pdf
  domino-print --theme pips --max 9
  domino-print --theme chiffres --lang en --rules points
  domino-print --sets 30 --label "CP Mme Roux" --backs --paper Letter
  domino-print --theme fruits --backs fold --label "Classe des Lutins"
  domino-print calibrate --duplex long
  domino-print themes
  domino-print theme new ~/Photos/famille
  domino-print studio
  domino-print site examples/catalogue.toml --out site/
"""


_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())
"""click 8.2+ raises this, with the help as its message, for a group called without a command."""


class OneLineErrors(WordedGroup):
    """A group whose errors print as one line, with the exit codes the guide promises, and whose
    help is in the reader's language (``WordedGroup``)."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        outcome: BaseException | None = None

        def lang() -> str:
            return _language_asked(sys.argv[1:] if args is None else list(args))

        try:
            with stop_on_signals():
                try:
                    super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
                finally:
                    remember_only()  # from here on a signal is only counted: this report always finishes
        except BaseException as exc:  # reported below, or raised again (a bug keeps its traceback)
            outcome = exc
        stopped = stop_requested()  # even if ReportLab or a callback swallowed its exception
        if stopped is not None:
            import warnings

            warnings.simplefilter("ignore")  # what the signal left half made may warn at exit: noise
            # Written if the stop says so, or if the files were all in place before it surfaced
            # (a stop can be raised after the commit, outside the code that sets ``written``).
            written = (isinstance(outcome, Stopped) and outcome.written) or files_committed()
            said = WordedError(says="output.stopped_written" if written else "output.stopped",
                               signal=signal_words(stopped.signum))
            _fail(said.worded(flag_name, lang()), stopped.exit_code, lang=lang())
        if outcome is not None:
            _report(outcome, lang())


def _language_asked(args: list[str]) -> str:
    """The language of the run's messages: the ``--lang`` of the command line, else the system's
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``fr_FR.UTF-8`` is French) when a catalogue speaks it,
    else English (``texts.reader``)."""
    from domino_print.texts.reader import reader_language

    return reader_language(args)


def _reader_language() -> str:
    """The language of the run's own lines (a summary, a progress line, the studio's address): the
    one its errors are worded in (``_language_asked``), read from what click parsed: the ``--lang``
    given to the command or to ``domino-print`` before it, else the system's, else English."""
    from click.core import ParameterSource

    from domino_print.texts.reader import system_language

    ctx = click.get_current_context(silent=True)
    while ctx is not None:
        if ctx.params.get("lang") and ctx.get_parameter_source("lang") is ParameterSource.COMMANDLINE:
            return str(ctx.params["lang"])
        ctx = ctx.parent
    return system_language()


def _report(outcome: BaseException, lang: str = "en") -> None:
    """The one line (and exit code) for what ended a run, in ``lang`` where the error's words
    come from the catalogues; anything else raised again."""
    from domino_print.options.wording import describe
    try:
        raise outcome
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except _NO_ARGS_IS_HELP as shown:  # a bare "domino-print theme": its help, as click prints it
        if shown.ctx is None:
            click.echo(str(shown))
        else:
            with shown.ctx.scope(cleanup=False):  # worded in the help's language (``help_language``)
                click.echo(shown.ctx.get_help())
        sys.exit(2)
    except click.UsageError as exc:  # click's own refusals, worded from the catalogues
        from domino_print.options.click_words import click_error

        _fail(describe(click_error(exc), "cli", lang), 2, hint=True, lang=lang)
    except click.Abort as abort:  # click's word for Ctrl-C (KeyboardInterrupt) outside a job
        code = 128 + 2 if isinstance(abort.__context__, KeyboardInterrupt) else 1
        _fail(error_text(lang, "output.interrupted"), code, lang=lang)
    except OptionError as exc:
        _fail(describe(exc, "cli", lang), 2, hint=True, lang=lang)
    except WordedError as exc:  # a FileError too, with the way out its command offers (``another``)
        _fail(describe(exc, "cli", lang), 1, lang=lang, apart=getattr(exc, "lines_apart", False))
    except click.ClickException as exc:  # none is raised today: click's words quoted whole
        quoted = WordedError(says="click.refused", said=exc.format_message())
        _fail(quoted.worded(flag_name, lang), 1, lang=lang)
    except DominoError as exc:  # one its caller should have worded: its phrase, else its English quoted
        phrase = getattr(exc, "phrase", None)
        said = phrase if isinstance(phrase, Phrase) else WordedError(says="unworded", said=str(exc))
        _fail(said.in_words(lang) if isinstance(said, Phrase) else said.worded(flag_name, lang), 1, lang=lang)
    except OSError as exc:  # the system's own words, quoted, after the file they are about
        path = Phrase("system_path", path=exc.filename) if exc.filename else ""
        system = WordedError(says="system", path=path, said=system_words(exc, quoted=False))
        _fail(system.worded(flag_name, lang), 1, lang=lang)


_ONE_SPACE = re.compile(r"[ \t\r\n\f\v]+")
"""What a message's line breaks and runs of spaces become one space of: ASCII white space only, for
``str.split()`` would take the no-break spaces of French typography (U+00A0, U+202F) too."""


def _fail(message: str, code: int, *, hint: bool = False, lang: str = "en", apart: bool = False) -> None:
    from domino_print.texts.page_text import displayed  # deferred: only when a run fails

    prefix = error_text(lang, "prefix")
    suffix = " " + error_text(lang, "see_help") if hint else ""
    # One line a problem: an error of several (a list's groups of clashing rows) gives one line each.
    parts = [part for part in message.split("\n") if part.strip()] if apart else []
    for part in parts or [message]:
        line = displayed(_ONE_SPACE.sub(" ", part).strip(" "))
        click.echo(f"{prefix} {line}{suffix}", err=True)
    sys.exit(code)


F = TypeVar("F", bound=Callable[..., Any])


def file_errors_say(another: object) -> Callable[[F], F]:
    """Word the file errors (``FileError``, neutral) of a command with the way out it offers:
    ``choose another --out`` where there is an ``--out``, the folder argument for ``theme new``."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return command(*args, **kwargs)
            except FileError as error:
                error.another = another  # worded with the rest, in the run's language (``_report``)
                raise

        return cast(F, run)

    return decorate


ANOTHER_OUT = Phrase("file_fix.another_out")


def say(line: str, written: bool = True) -> None:
    """Print ``line`` on stdout; a closed pipe there (``domino-print ... | true``) is one line on
    stderr, not click's silent exit 1 (nor Python's complaint when it flushes at exit), saying
    whether the files the line tells of were ``written``."""
    try:
        click.echo(line)
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing more to flush into the closed pipe
        os.close(devnull)
        raise WordedError(says="output.broken_pipe_written" if written else "output.broken_pipe") from None


def _one_line(summary: str) -> str:
    """A success line with the controls of file names shown as escapes (``\\x0a``, ``\\x1b``): one
    line, and nothing a terminal would act on."""
    from domino_print.texts.page_text import displayed  # deferred like the job's modules (loaded by then)

    return displayed(summary)


def _theme_names() -> str:
    """The built-in themes, for the help of --theme: read only when help is shown."""
    from domino_print.themes.model import builtin_names  # reads every theme file

    return ", ".join(builtin_names())


def _list_formats() -> str:
    """The suffixes of lists of pairs (``themes.lists.READERS``), for the help of --theme."""
    from domino_print.themes.lists.registry import formats_text

    return formats_text()


@click.group(
    cls=OneLineErrors,
    invoke_without_command=True,
    epilog=EXAMPLES,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100},
)
@click.version_option(__version__, prog_name="domino-print", cls=WordedOption, help_key="help.version_option")
@click_options(OPTIONS, themes=_theme_names, lists=_list_formats)
@click.pass_context
@file_errors_say(ANOTHER_OUT)
def cli(ctx: click.Context, **values) -> None:
    """``domino-print``: a set as a PDF (its help: ``help.command.cli`` in the catalogues)."""
    if ctx.invoked_subcommand is not None:
        return
    from domino_print.api import parse_options  # the job's modules load themes and layout

    options = parse(values, command_line=True)
    job = parse_options(options)
    out = pdf_destination(options.out, f"{job.file_stem}.pdf")
    prepare_destination(out)  # before a long render, not after it
    solid_writer = solid_writer_for(out)
    if solid_writer is not None:
        _print_solids(job, out, solid_writer, quiet=values["quiet"])
        return
    settings = writer_settings(options)
    check_outputs(out, job.page_count, settings)
    summary = None
    try:
        with ProgressReport() as progress:
            summary = write_document(job, out, settings, progress, lang=_reader_language())
        if not values["quiet"]:
            say(_one_line(summary))
    except Stopped as stop:
        stop.written = stop.written or summary is not None
        raise


def _print_solids(job, out: Path, writer, *, quiet: bool) -> None:
    """``--out NAME.3mf`` or ``.stl``: the set's tiles as solids on plates, written all or none."""
    from domino_print.output.files import StagedFiles
    from domino_print.output.solids import solid_model, solid_settings
    from domino_print.output.summary import solids_line
    from domino_print.sets.job import document_title

    model = solid_model(job, solid_settings(job.options), document_title(job))
    writer.check(out, len(model.plates))
    staged = StagedFiles()
    done = 0
    try:
        with ProgressReport() as progress:
            def step() -> None:
                nonlocal done
                done += 1
                progress(done, len(model.specs))

            with staged:
                paths = writer.write(staged, out, model, step)
        if not quiet:
            size = sum(path.stat().st_size for path in paths)
            sets = len(model.specs) // max(1, len(job.tiles))
            say(_one_line(solids_line(paths, len(job.tiles), job.deck, job.top, sets, len(model.plates),
                                      job.options.bed, size, _reader_language())))
    except Stopped as stop:
        stop.written = staged.committed
        raise


def writer_settings(options) -> WriterSettings:
    """What the options ask of the writers (``output.writers``) besides the PDF."""
    return WriterSettings(preview_dpi=options.preview_dpi, cut=options.cut, corner_mm=options.corner_mm,
                          kerf_mm=options.kerf_mm, laser=options.laser)


def check_outputs(out: Path, pages: int, settings: WriterSettings) -> None:
    """Refuse, before anything is made, a file in the way of one that a writer will write."""
    for writer in writers_for(settings):
        writer.check(out, pages)


def write_document(job, out: Path, settings: WriterSettings, progress=None, lang: str = "en") -> str:
    """Make the PDF (and the other files the writers make of it), write them all or none
    (``output.files.StagedFiles``), return the summary line (``output.summary``) in ``lang``."""
    from domino_print.output.files import StagedFiles  # with the rest of the writing, after the checks

    writers = writers_for(settings)
    steps = job.page_count + sum(writer.steps(job.page_count) for writer in writers)
    done = 0

    def step() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps)

    staged = StagedFiles()
    try:
        return _write_all(staged, job, out, writers, step, lang)
    except Stopped as stop:
        stop.written = staged.committed
        raise


def _write_all(staged, job, out: Path, writers: list[Writer], step, lang: str) -> str:
    # The API pulls in the renderer (ReportLab): loaded only now.
    from domino_print.api import make_document, summary_line

    document = make_document(job, step)
    with staged:
        written = {writer.name: writer.write(staged, out, document, step) for writer in writers}
    paths = _written_as(written, "preview")
    cuts = _written_as(written, "cut")
    widened = job.sheet.gap_mm > job.options.gap_mm  # tiles laid a kerf apart (cutting.gap_for_kerf)
    kerf_gap = (job.sheet.gap_mm, job.options.kerf_mm) if widened else None
    return summary_line(document, lang, out_name=str(out), previews=paths, cuts=cuts, kerf_gap_mm=kerf_gap)


def _written_as(written: dict[str, Written], role: str) -> tuple[Path, ...]:
    """The files the writers of formats of ``role`` (``formats.OutputFormat.role``) wrote."""
    return tuple(path for name, files in written.items() if role_of(name) == role for path in files.paths)


class ProgressReport:
    """A progress bar on stderr, shown only on a terminal and only once a job has run a second."""

    DELAY_S = 1.0

    def __init__(self) -> None:
        import time

        self._clock = time.monotonic
        self._start = self._clock()
        self._bar: ProgressBar[int] | None = None
        self._shown = 0
        self._active = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self._active:
            return
        if self._bar is None:
            if self._clock() - self._start < self.DELAY_S or done >= total:
                return
            bar = click.progressbar(length=total, label="domino-print", file=sys.stderr)
            bar.__enter__()
            self._bar = bar
        self._bar.update(done - self._shown)
        self._shown = done

    def __enter__(self) -> ProgressReport:
        return self

    def __exit__(self, *exc_info) -> None:
        if self._bar is not None:
            self._bar.__exit__(*exc_info)


@cli.command("themes")
def themes_command() -> None:
    """``domino-print themes`` (its help: ``help.command.themes``)."""
    from domino_print.texts import text
    from domino_print.themes.model import list_themes

    lang = _reader_language()
    rows = []
    for theme in list_themes():
        values = f"0-{theme.max_value}"
        faces = ""
        if theme.association is not None and theme.association.value_names == "times":
            values = text(lang, "command.themes.times")
        elif theme.association is not None and theme.association.value_list:
            values = text(lang, "command.themes.list")  # fractions and prices: the values its file lists
        if theme.association is not None:
            faces = "  (--faces " + ", ".join(r.name for r in theme.association.representations) + ")"
            faces += levels_text(theme.association.levels, lang)
        rows.append((theme.name, values, f"{theme.description_in(lang)}{faces}"))
    width = max([6, *(len(values) for _, values, _ in rows)])  # "Uhrzeit" is wider than "times"
    for name, values, described in rows:
        say(f"{name:<14} {values:<{width}} {described}", written=False)


def levels_text(ladders: tuple[Ladder, ...], lang: str = "en") -> str:
    """A theme's levels for ``themes``, in ``lang``: ``  (--niveaux: sommes, for addition: ≤ 10 | ≤ 20
    | ≤ 100)``; the ladders' and the faces' names are the option values, as typed."""
    from domino_print.texts import text

    if not ladders:
        return ""
    parts = []
    for ladder in ladders:
        levels = " | ".join(level.label_in(lang) for level in ladder.levels)
        if ladder.serves:
            parts.append(text(lang, "command.themes.ladder_for", name=ladder.name,
                              faces=", ".join(ladder.serves), levels=levels))
        else:
            parts.append(text(lang, "command.themes.ladder", name=ladder.name, levels=levels))
    return text(lang, "command.themes.levels", ladders=text(lang, "command.themes.separator").join(parts))


@cli.group("theme")
def theme_group() -> None:
    """``domino-print theme`` (its help: ``help.command.theme``)."""


@theme_group.command("new")
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@file_errors_say(Phrase("file_fix.theme_new"))
def theme_new_command(folder: Path) -> None:
    """``domino-print theme new FOLDER`` (its help: ``help.command.new`` and ``help.command.new_more``)."""
    from domino_print.output.files import write_atomically
    from domino_print.texts import plural
    from domino_print.texts.page_text import displayed
    from domino_print.themes.user import list_images, write_starter_theme

    written = write_starter_theme(folder, write_atomically)
    count = len(list_images(folder)[0])
    say(plural(_reader_language(), "command.theme_new", count, theme_file=displayed(str(written)),
               folder=displayed(str(folder))))


@cli.command("calibrate")
@click_options(CALIBRATE_OPTIONS)
@file_errors_say(ANOTHER_OUT)
def calibrate_command(**values) -> None:
    """``domino-print calibrate`` (its help: ``help.command.calibrate``)."""
    # The calibration page draws with ReportLab: loaded only for this command.
    from domino_print.options.parsing import calibration_flags, parse_calibrate
    from domino_print.output.files import write_atomically
    from domino_print.output.summary import calibration_line
    from domino_print.pdf.calibration import render_calibration

    paper, duplex, lang, scale = parse_calibrate(values)
    out = pdf_destination(None if values["out"] is None else Path(values["out"]), "calibration.pdf")
    prepare_destination(out)
    data = render_calibration(paper, duplex, lang, flags=calibration_flags(), scale=scale)
    written = False
    try:
        write_atomically(out, data)
        written = True
        if not values["quiet"]:
            say(_one_line(calibration_line(str(out), 2, duplex, paper.name, len(data), _reader_language())))
    except Stopped as stop:
        stop.written = stop.written or written
        raise


@cli.command("studio")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              cls=WordedOption, help_key="help.studio.port")
@click.option("--no-browser", is_flag=True, cls=WordedOption, help_key="help.studio.no_browser")
@click.option("--data-dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              cls=WordedOption, help_key="help.studio.data_dir")
@click.option("--workers", type=click.IntRange(1, 32), default=1, show_default=True,
              cls=WordedOption, help_key="help.studio.workers")
def studio_command(port: int, no_browser: bool, data_dir: Path | None, workers: int) -> None:
    """``domino-print studio`` (its help: ``help.command.studio``)."""
    # The web server (uvicorn, Starlette) loads only for this command.
    from domino_print.studio.server import serve

    serve(port, open_browser=not no_browser, data_dir=data_dir, echo=click.echo, workers=workers,
          lang=_reader_language())


@cli.command("site")
@click.argument("catalogue", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("site"),
              show_default=True, cls=WordedOption, help_key="help.site.out")
@click.option("--quiet", "-q", is_flag=True, cls=WordedOption, help_key="help.site.quiet")
def site_command(catalogue: Path, out: Path, quiet: bool) -> None:
    """``domino-print site CATALOGUE`` (its help: ``help.command.site`` and ``help.command.site_more``)."""
    from domino_print.site.build import build_site  # the API and the previews: only for this command
    from domino_print.texts import plural, text

    lang = _reader_language()

    def progress(name: str) -> None:  # a long first build says what it is doing, on a terminal only
        if not quiet and sys.stderr.isatty():
            click.echo(_one_line(text(lang, "command.site.making", name=name)), err=True)

    report = build_site(catalogue, out, progress=progress)
    if not quiet:
        made = plural(lang, "summary.site.made", report.made)
        if report.kept:
            made = plural(lang, "summary.site.kept", report.kept, made=made)
        removed = plural(lang, "summary.site.removed", report.removed) if report.removed else ""
        say(_one_line(text(lang, "summary.site.line", index=out / "index.html", made=made, removed=removed,
                           sets=plural(lang, "summary.site.sets", report.sets))))


def main() -> None:
    """The command (``domino_print.__main__.main``, the console script, catches signals before
    it imports this module)."""
    cli(prog_name="domino-print")
