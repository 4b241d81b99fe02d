"""Issue 31: the terminal of ``domino-print studio`` is the operator's, in the operator's language:
a visitor's malformed request (bytes that are not HTTP) leaves nothing on it, where uvicorn wrote
its English "WARNING:  Invalid HTTP request received." for each. A real studio (a subprocess on
127.0.0.1), sent garbage through a raw socket; bounded by timeouts, not by a clock. The 400 that
answers the garbage is still uvicorn's own (written before the app sees a request, in ASCII): no
browser sends such bytes, so no visitor reads it."""

from __future__ import annotations

import signal
import socket

import pytest

from tests.test_studio_server import _studio, _worker, free_port, get

pytestmark = pytest.mark.slow
GARBAGE = (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(64)),  # a TLS hello, on http
           b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5\r\n\r\n",
           b"\x00\xff garbage \r\n\r\n")


def _send_raw(port: int, data: bytes) -> bytes:
    """What the server answers to ``data`` on a fresh connection, until it closes it (10 s at most)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(data)
        answer = b""
        while len(answer) < 65536:
            chunk = sock.recv(4096)
            if not chunk:
                break
            answer += chunk
    return answer


@pytest.mark.parametrize("workers", [(), ("--workers", "2")], ids=["one worker", "two workers"])
def test_a_malformed_request_leaves_no_english_warning_on_the_studio_s_terminal(tmp_path, workers):
    port = free_port()
    process = _studio(port, tmp_path / "data", *workers)
    try:
        _worker(f"http://127.0.0.1:{port}")  # it answers
        for data in GARBAGE:
            for _ in range(3):
                assert _send_raw(port, data).startswith(b"HTTP/1.1 400 ")
        status, body, _ = get(f"http://127.0.0.1:{port}/health")  # still serving, after the garbage
        assert (status, body) == (200, b"ok\n")
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 128 + signal.SIGINT, err
    assert "stopped" in out
    assert "Invalid HTTP request" not in err and "WARNING" not in err, err
