"""Signals that ask the process to end (Ctrl-C, SIGTERM, SIGHUP...): caught from the first moment,
never lost, always ending the run with 128 + N and at most one line.

``catch_from_now`` (called by the command's entry point before it imports anything heavy)
turns each catchable signal whose default action would end the process into a ``Stopped``
exception, and *remembers* it: a library may swallow the exception (ReportLab has bare
``except:`` clauses that re-raise it as a font or paragraph error; an import-lock or a weakref
callback may eat it), but ``stop_requested`` still knows, so that nothing is committed after
it (``StagedFiles`` asks before renaming) and the command line reports the stop whatever
exception surfaced. ``stop_on_signals`` does the same for the length of a block, for callers
that did not start through the entry point (tests, ``python -m``).

A handler runs at the main thread's next instruction, wherever that is: between the end of a
``with StagedFiles():`` body and the moment its ``__exit__`` holds the signals, say, or inside
a held block when another thread of the process took the signal. So every temporary file is
recorded here before it exists (``record_temporary``) and forgotten once renamed or removed;
whatever is still recorded is removed (``remove_temporaries``) each time the signals are given
back: on leaving ``stop_on_signals``, in ``remember_only`` and at the interpreter's exit (before
Python restores the default handlers, after which a signal kills the process with no file of
ours left).

The signals are handled through ``_signal``, the built-in module that ``signal`` wraps: the same
handlers and masks, given and returned as plain numbers, without ``signal``'s enums (building
them is about a millisecond of a run's start-up, issue 36); our signals' names are known
without it (``signal_name``).
"""

from __future__ import annotations

import atexit
import contextlib
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import signal as _signal  # (typeshed's: the same functions, with their types)
else:
    import _signal  # built in; ``signal`` wraps it, building three enums on import (issue 36)

_STOP_NAMES = tuple(
    name
    for name in ("SIGHUP", "SIGINT", "SIGQUIT", "SIGTERM", "SIGUSR1", "SIGUSR2", "SIGALRM",
                 "SIGXCPU", "SIGVTALRM", "SIGPROF")
    if hasattr(_signal, name)
)
STOP_SIGNALS: tuple[int, ...] = tuple(getattr(_signal, name) for name in _STOP_NAMES)
"""The signals a process can catch whose default action ends it (SIGPIPE and SIGXFSZ Python
already ignores, turning them into errors; SIGKILL and SIGSTOP cannot be caught)."""

_received: list[int] = []
"""The stop signals received so far, first first: the record no ``except`` can swallow."""


class Stopped(BaseException):
    """A signal asked the process to end; like KeyboardInterrupt, no ``except Exception`` catches it."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.written = False
        """Whether the files were already all in place when the signal came."""
        super().__init__(signal_name(signum))

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as shells report a process ended by that signal."""
        return 128 + self.signum


_NAMES = dict(zip(STOP_SIGNALS, _STOP_NAMES, strict=True))


def signal_name(signum: int) -> str:
    """``SIGTERM`` for 15: the name ``signal.Signals`` gives it. One of ours is named without an
    import (a handler names the signal it raises ``Stopped`` for, maybe in the middle of another
    import, maybe while a second signal comes); any other imports ``signal`` now."""
    name = _NAMES.get(signum)
    if name is None:
        import signal

        name = signal.Signals(signum).name
    return name


_WORDED_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
"""The signals the catalogues word (``error.output.signal.<name>``); any other is named."""


def signal_words(signum: int) -> object:
    """The signal ``signum`` as a reader says it, filling a stop message's ``{signal}``: Ctrl-C
    (SIGINT), the system's request (SIGTERM), the terminal closing (SIGHUP); else its name."""
    from domino_print.errors import Phrase  # deferred: only when a signal stopped a run

    name = signal_name(signum)
    if name in _WORDED_SIGNALS:
        return Phrase(f"output.signal.{name.lower()}")
    return Phrase("output.signal.other", name=name)


_holding = 0
"""How deep the main thread is in ``signals_held`` blocks. The mask holds a signal for the main
thread only: one that another thread of the process takes (a server's, a decoder's) still runs
its handler in the main thread at once, so the handler itself must wait while a block is held."""
_deferred: list[int] = []
"""The stop signals that came while a block was held: raised as it is left."""


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)
    if _holding:
        _deferred.append(signum)
        return
    raise Stopped(signum)


def _remember_only(signum: int, frame: FrameType | None) -> None:
    _received.append(signum)


_committed: list[bool] = []
"""Set once a run's files are all in place (``note_committed``): a stop that surfaces after that,
wherever it is raised, ended a run whose files were written."""


def note_committed() -> None:
    """The run's files are all in place (``StagedFiles`` has renamed the last of them)."""
    _committed.append(True)


def files_committed() -> bool:
    """Whether a run's files were put in place since ``stop_on_signals`` began."""
    return bool(_committed)


def stop_requested() -> Stopped | None:
    """A ``Stopped`` for the first stop signal received, even if its exception was swallowed; else None."""
    return Stopped(_received[0]) if _received else None


def take_stop() -> Stopped | None:
    """Like ``stop_requested``, and forget it: for a caller for whom the stop is the normal way
    out and who reports it itself (the studio's server)."""
    stopped = stop_requested()
    _received.clear()
    return stopped


def check_not_stopped() -> None:
    """Raise ``Stopped`` if a stop signal came (before anything is committed)."""
    if stopped := stop_requested():
        raise stopped


_OURS = (_raise_stopped, _remember_only)


def _takes_over(handler: object) -> bool:
    return handler in (_signal.SIG_DFL, _signal.default_int_handler)


def catch_from_now(early: tuple[object, Sequence[int]] | None = None) -> None:
    """From now on, each stop signal left to its default (one a caller ignores, as ``nohup``
    ignores SIGHUP, stays ignored) raises ``Stopped`` and is remembered; an exception that
    Python reports as unraisable (in a callback, a destructor) while stopping is not printed.
    ``early``: the handler that remembered signals until now (the entry point's, set before
    this module could be imported) and the signals it remembered, taken over."""
    if threading.current_thread() is not threading.main_thread():
        return
    early_handler, early_signals = early if early is not None else (None, ())
    for signum in STOP_SIGNALS:
        handler = _signal.getsignal(signum)
        early_ours = early_handler is not None and handler is early_handler
        if _takes_over(handler) or handler in _OURS or early_ours:
            _signal.signal(signum, _raise_stopped)
    _received.extend(early_signals)
    previous_hook = sys.unraisablehook

    def quiet_when_stopping(unraisable: sys.UnraisableHookArgs) -> None:
        if not (_received or isinstance(unraisable.exc_value, Stopped)):
            previous_hook(unraisable)

    sys.unraisablehook = quiet_when_stopping


def remember_only() -> None:
    """From now on (the run is over, its files in place), a stop signal is only remembered:
    nothing raises any more while the interpreter shuts down; a temporary the run left is removed."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in STOP_SIGNALS:
        if _signal.getsignal(signum) is _raise_stopped:
            _signal.signal(signum, _remember_only)
    remove_temporaries()


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """While inside, each signal of ``STOP_SIGNALS`` raises ``Stopped`` instead of ending the process.

    Only signals left to their default action are taken over: one a caller ignores (as
    ``nohup`` ignores SIGHUP) stays ignored. Does nothing outside the main thread. The
    handlers found are given back on leaving. Under ``catch_from_now`` (the entry point's) it
    changes nothing; otherwise it starts with no stop remembered (a run inside a test process).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if not any(_signal.getsignal(signum) in _OURS for signum in STOP_SIGNALS):
        _received.clear()
        _deferred.clear()
    _committed.clear()
    previous = {}
    try:
        for signum in STOP_SIGNALS:
            handler = _signal.getsignal(signum)
            if _takes_over(handler):
                previous[signum] = handler
                _signal.signal(signum, _raise_stopped)
        yield
    finally:
        with signals_held():  # none of ours is left once a signal can end the process again
            remove_temporaries()
            for signum, handler in previous.items():
                _signal.signal(signum, handler)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold the stop signals (they wait, then arrive on leaving) so that the block always finishes,
    whichever thread of the process the system gives a signal to."""
    global _holding
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = _signal.pthread_sigmask(_signal.SIG_BLOCK, ())  # a pending handler may raise here: none held yet
    _holding += 1
    try:
        _signal.pthread_sigmask(_signal.SIG_BLOCK, STOP_SIGNALS)
        yield
    finally:
        _signal.pthread_sigmask(_signal.SIG_SETMASK, held)  # a signal held by the mask arrives now...
        _holding -= 1
        if not _holding and _deferred:  # ...or came through another thread while held
            signum = _deferred[0]
            _deferred.clear()
            raise Stopped(signum)


_temporaries: dict[str, int] = {}
"""The temporary files that may exist (by path, with the thread that made each), recorded before
they are created and forgotten once renamed into place or removed."""
_temporaries_lock = threading.Lock()


def record_temporary(path: str | os.PathLike[str]) -> None:
    """``path`` is about to be created: removed with the rest if it is still there when the
    signals are given back."""
    with _temporaries_lock:
        _temporaries[os.path.abspath(path)] = threading.get_ident()


def forget_temporary(path: str | os.PathLike[str]) -> None:
    """``path`` was renamed into place, removed, or never created."""
    with _temporaries_lock:
        _temporaries.pop(os.path.abspath(path), None)


def remove_temporaries(*, every_thread: bool = False) -> None:
    """Remove the recorded temporaries this thread made (every thread's with ``every_thread``),
    signals held; each is forgotten only once it is gone, so that a stop cutting this short
    leaves the rest to the next sweep."""
    with signals_held():
        with _temporaries_lock:
            ident = threading.get_ident()
            paths = [path for path, owner in _temporaries.items() if every_thread or owner == ident]
        for path in paths:
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
            except OSError:  # kept recorded: the sweep at exit tries again
                continue
            forget_temporary(path)


@atexit.register
def _remove_temporaries_at_exit() -> None:
    """The last sweep, at the interpreter's exit (atexit runs before Python gives the handlers
    back): a stop that cut every other short still leaves no temporary."""
    remove_temporaries(every_thread=True)
