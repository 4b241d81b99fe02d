"""The command's entry point: ``python -m domino_print`` and the ``domino-print`` console script.

Signals are caught before anything heavy is imported (see ``output.stopping``): a Ctrl-C in
the first tenth of a second ends the run with 130 and one line, like one during rendering.
"""

import sys  # no "from __future__": every import before main() widens the moment a Ctrl-C is Python's


def _stopped_early(signum: int) -> None:
    import signal
    import warnings

    warnings.simplefilter("ignore")  # a half-made object's warning at exit ("never awaited") is noise

    name = signal.Signals(signum).name
    print(f"domino-print: error: stopped by {name}; no file was changed", file=sys.stderr)
    sys.exit(128 + signum)


def main() -> None:
    """Catch the stop signals, then run the command line."""
    try:
        from domino_print.output.stopping import catch_from_now, stop_requested
    except KeyboardInterrupt:  # before the handlers were in place
        _stopped_early(2)
    try:
        catch_from_now()
        from domino_print.cli import main as run_command_line
    except KeyboardInterrupt:
        _stopped_early(2)
    except BaseException:
        stopped = stop_requested()  # a Stopped, or whatever an import made of it
        if stopped is None:
            raise
        _stopped_early(stopped.signum)
    run_command_line()


if __name__ == "__main__":
    main()
