"""The command's entry point: ``python -m domino_print`` and the ``domino-print`` console script.

Signals are caught before anything heavy is imported (see ``output.stopping``): a Ctrl-C in
the first tenth of a second ends the run with 130 and one line, like one during rendering.
The very first thing ``main`` does, with nothing imported yet but the built-in ``_signal``, is
to take Ctrl-C from Python's own handler (which raises ``KeyboardInterrupt`` wherever the
interpreter is, an import-lock callback included, which swallows it) and only *remember* it
until ``output.stopping`` is loaded and takes over; only the interpreter's own start-up and
the import of this module and of the package's ``__init__`` (no import of their own) are left
to Python's handler.

It is also where ReportLab's ``RL_<name>`` environment variables are removed for the run
(ReportLab lets them override any setting, changing the PDF's bytes): the command line's and
the studio's process only; importing the package changes no one's environment.

The cyclic garbage collector is kept out of the start-up (``_collector_paused``): the few
hundred modules a run imports make objects that live as long as the process, which Python's
collector would walk over and over while they load (a tenth of the start-up) and again at
exit (a seventh more). They are moved to the collector's permanent generation
(``gc.freeze``) once loaded, so that the run's own garbage is still collected (less often
than Python's default, ``YOUNG_OBJECTS_COLLECTED``), and again when the command ends, so
that the interpreter's exit does not walk them one last time.

The package's records are ``typing.NamedTuple`` classes (some sixty load for a run), whose
field annotations are strings (``from __future__ import annotations``): ``typing`` turns each
into a ``ForwardRef``, compiling it as an expression, at class creation (4 ms of a run).
``_annotations_as_written`` keeps them strings in this process, as every other class's
annotations are (``typing.get_type_hints`` reads both); a ``NamedTuple`` whose field types are
objects is checked as before.
"""

import sys  # no "from __future__": every import before main() widens the moment a Ctrl-C is Python's

_early_signals: list[int] = []
"""The Ctrl-Cs that came before ``output.stopping`` took over (``_remember_early``)."""


def _remember_early(signum: int, frame: object) -> None:
    _early_signals.append(signum)


def _take_ctrl_c_early() -> None:
    """Ctrl-C only remembered from now on, if it still has Python's handler (a caller that
    ignores it keeps it ignored); nothing outside the main thread."""
    # Built in: no file to read, no import lock to take (``signal`` would import enum: 20 ms).
    import _signal  # type: ignore[import-not-found]  # (typeshed has no stub for it)

    try:
        if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
            _signal.signal(_signal.SIGINT, _remember_early)
    except ValueError:  # not the main thread: signals are not ours to take
        pass


def _stopped_early(signum: int) -> None:
    import warnings

    warnings.simplefilter("ignore")  # a half-made object's warning at exit ("never awaited") is noise

    print(_stop_line(signum), file=sys.stderr)
    sys.exit(128 + signum)


def _stop_line(signum: int) -> str:
    """"domino-print: error: stopped by a request from the system (SIGTERM); no file was changed"
    in the reader's language (``texts.reader``: the ``--lang`` of the arguments, else the system's),
    the signal worded by ``output.stopping.signal_words``, as the command line says a later stop
    (``cli._fail``). Its catalogue is read only now, the run being over; English if that fails
    (another signal while it is read, a catalogue that cannot be read)."""
    import signal

    name = signal.Signals(signum).name
    try:
        from domino_print.errors import in_words
        from domino_print.output.stopping import signal_words
        from domino_print.texts import text
        from domino_print.texts.reader import reader_language

        lang = reader_language(sys.argv[1:])
        said = in_words(signal_words(signum), lang)
        return f"{text(lang, 'error.prefix')} {text(lang, 'error.output.stopped', signal=said)}"
    except BaseException:  # the run is ending: its one line, in English then
        return f"domino-print: error: stopped by {name}; no file was changed"


def _forget_reportlab_variables() -> None:
    """No ``RL_`` variable for this run: ReportLab would let each override one of its settings."""
    import os

    for name in [key for key in os.environ if key.startswith("RL_")]:
        del os.environ[name]


def _collector_paused() -> None:
    """No collection while the modules load (``gc`` is built in: nothing read to import it)."""
    import gc

    gc.disable()


YOUNG_OBJECTS_COLLECTED = 50_000
"""Container objects made (less those freed) between two collections of the youngest ones
(Python's default: 700): a run makes many short-lived records and few cycles, and a
collection that finds nothing costs time. At 5,000 a pips run collected nine times for 151
objects found, about 1.5% of its instructions (issue 36); at 50,000 it collects three
times, and no run's peak memory grew (34 MB a pips run, 36 MB thirty sets with backs, 39 MB
a double-ten of numbers: cyclic garbage is what waits, and there is little)."""


def _collector_resumed() -> None:
    """What is loaded so far kept out of every later collection; collecting again from here."""
    import gc

    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS_COLLECTED, *gc.get_threshold()[1:])
    gc.enable()


def _annotations_as_written() -> None:
    """``typing.NamedTuple`` fields annotated with a string keep the string (see above)."""
    import typing  # (ReportLab and click import it anyway)

    check = getattr(typing, "_type_check", None)
    if check is None or getattr(check, "keeps_strings", False):
        return

    def type_check(annotation, *args, **kwargs):
        return annotation if type(annotation) is str else check(annotation, *args, **kwargs)

    type_check.keeps_strings = True  # type: ignore[attr-defined]
    typing._type_check = type_check  # type: ignore[attr-defined]


def main() -> None:
    """Catch the stop signals, then run the command line."""
    _take_ctrl_c_early()
    _collector_paused()
    try:
        from domino_print.output.stopping import Stopped, catch_from_now, stop_requested
    except KeyboardInterrupt:  # before the handlers were in place
        _stopped_early(2)
    try:
        catch_from_now(early=(_remember_early, _early_signals))
        early = stop_requested()
        if early is None:
            _forget_reportlab_variables()
            _annotations_as_written()
            from domino_print.cli import main as run_command_line
    except KeyboardInterrupt:
        _stopped_early(2)
    except BaseException:
        stopped = stop_requested()  # a Stopped, or whatever an import made of it
        if stopped is None:
            raise
        _stopped_early(stopped.signum)
    finally:
        _collector_resumed()
    if early is not None:  # a Ctrl-C before output.stopping was loaded
        _stopped_early(early.signum)
    try:
        run_command_line()
    except Stopped as stop:  # a signal in the moment before the command line's own handler is in place
        _stopped_early(stop.signum)
    finally:
        _collector_resumed()  # the run's survivors too: the interpreter's exit need not walk them


if __name__ == "__main__":
    main()
