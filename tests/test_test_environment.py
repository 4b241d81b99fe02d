"""The suite's own ground: the signals its real processes are sent are not ignored or blocked.

``conftest`` resets what the test process inherited (a shell's background job ignores SIGINT,
and an ignored signal stays ignored across ``exec``); these tests prove it from inside and from
a parent that ignores SIGINT and SIGQUIT, as ``make test &`` would.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import STOP_SIGNALS


def test_the_stop_signals_have_their_defaults_here():
    for name in STOP_SIGNALS:
        number = getattr(signal, name)
        assert signal.getsignal(number) is not signal.SIG_IGN, name
    assert not set(signal.pthread_sigmask(signal.SIG_BLOCK, [])) & {getattr(signal, n) for n in STOP_SIGNALS}


@pytest.mark.slow
def test_a_child_of_the_suite_gets_sigint_even_when_the_suite_was_started_ignoring_it(tmp_path):
    probe = tmp_path / "test_probe.py"
    probe.write_text(textwrap.dedent("""
        import signal, subprocess, sys
        import tests.conftest  # noqa: F401  (what pytest loads first)

        def test_child_is_stoppable():
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
            child.send_signal(signal.SIGINT)
            assert child.wait(timeout=30) != 0
    """))

    def ignore_like_a_background_job() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGQUIT, signal.SIG_IGN)

    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(probe)],
                          capture_output=True, text=True, preexec_fn=ignore_like_a_background_job,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
