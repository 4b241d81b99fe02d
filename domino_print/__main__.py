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
    import signal
    import warnings

    warnings.simplefilter("ignore")  # a half-made object's warning at exit ("never awaited") is noise

    name = signal.Signals(signum).name
    print(f"domino-print: error: stopped by {name}; no file was changed", file=sys.stderr)
    sys.exit(128 + signum)


def _forget_reportlab_variables() -> None:
    """No ``RL_`` variable for this run: ReportLab would let each override one of its settings."""
    import os

    for name in [key for key in os.environ if key.startswith("RL_")]:
        del os.environ[name]


def main() -> None:
    """Catch the stop signals, then run the command line."""
    _take_ctrl_c_early()
    try:
        from domino_print.output.stopping import catch_from_now, stop_requested
    except KeyboardInterrupt:  # before the handlers were in place
        _stopped_early(2)
    try:
        catch_from_now(early=(_remember_early, _early_signals))
        early = stop_requested()
        if early is None:
            _forget_reportlab_variables()
            from domino_print.cli import main as run_command_line
    except KeyboardInterrupt:
        _stopped_early(2)
    except BaseException:
        stopped = stop_requested()  # a Stopped, or whatever an import made of it
        if stopped is None:
            raise
        _stopped_early(stopped.signum)
    if early is not None:  # a Ctrl-C before output.stopping was loaded
        _stopped_early(early.signum)
    run_command_line()


if __name__ == "__main__":
    main()
