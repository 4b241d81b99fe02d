"""``domino-print studio`` and ``uvicorn domino_print.studio:app`` as real servers (subprocesses)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str, **headers) -> tuple[int, bytes, dict]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, answer.read(), dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read(), dict(error.headers)


def post_json(url: str, body: dict, origin: str, cookie: str) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers={
        "content-type": "application/json", "origin": origin, "cookie": cookie})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def test_studio_command_prints_its_address_serves_and_stops_on_ctrl_c(tmp_path):
    process = subprocess.Popen(
        [str(BIN / "domino-print"), "studio", "--no-browser"], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    try:
        line = process.stdout.readline()
        match = re.match(r"domino-print studio: (http://127\.0\.0\.1:(\d+)/) \(Ctrl-C to stop\)", line)
        assert match, line
        address = match.group(1)
        deadline = time.monotonic() + 20
        while True:
            try:
                status, body, _ = get(address)
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.05)
        assert status == 200 and b"Studio domino-print" in body
        assert list(tmp_path.glob("domino-print-studio-*"))  # its own data folder...
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 128 + signal.SIGINT, err  # issue 17: 128 + N, as the command line
    assert "stopped" in out and "Traceback" not in err and err == ""
    assert not list(tmp_path.glob("domino-print-studio-*"))  # ...removed when it stops


def test_studio_refuses_a_port_in_use():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = subprocess.run([str(BIN / "domino-print"), "studio", "--no-browser", "--port", str(port)],
                                capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr and "Traceback" not in result.stderr


def test_uvicorn_with_several_workers_shares_sessions_on_disk(tmp_path):
    port = free_port()
    data = tmp_path / "data"
    process = subprocess.Popen(
        [str(BIN / "python"), "-m", "uvicorn", "domino_print.studio:app", "--port", str(port),
         "--workers", "2", "--log-level", "warning"],
        env={**os.environ, "DOMINO_PRINT_STUDIO_DATA": str(data)}, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, _, headers = get(base + "/")
                break
            except OSError:
                assert time.monotonic() < deadline, "uvicorn did not start"
                time.sleep(0.1)
        assert status == 200
        cookie = headers["set-cookie"].split(";")[0]
        # Many requests, spread over both workers: every one finds the session on disk.
        for max_value in range(3, 9):
            status, data_json = post_json(base + "/api/preview", {"options": {"max": str(max_value)}},
                                          base, cookie)
            assert status == 200
            status, png, _ = get(base + data_json["pages"][0], cookie=cookie)
            assert status == 200 and png.startswith(b"\xff\xd8")  # a JPEG picture of the page
            status, pdf, _ = get(base + data_json["download"], cookie=cookie)
            assert pdf.startswith(b"%PDF-")
        assert get(base + "/", host="evil.example")[0] == 403
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
    assert len(list((data / "sessions").iterdir())) == 1


def test_the_launcher_serves_the_studio_without_a_console(tmp_path):
    """``domino-print-studio`` (a gui-scripts entry: no console on Windows) is the studio command:
    with no stdout at all (as under pythonw) it still serves, and stops like the command line."""
    import tomllib

    scripts = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"]
    assert scripts["gui-scripts"] == {"domino-print-studio": "domino_print.launcher:main"}
    port = free_port()
    code = ("import sys; sys.stdout = sys.stderr = None; "
            f"sys.argv = ['domino-print-studio', '--port', '{port}']; "
            "from domino_print.launcher import main; main()")
    process = subprocess.Popen([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "TMPDIR": str(tmp_path), "DOMINO_PRINT_NO_BROWSER": "1"})
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body, _ = get(f"http://127.0.0.1:{port}/")
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, process.stderr.read()
                time.sleep(0.05)
        assert status == 200 and b"domino-print" in body
    finally:
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
    assert process.returncode == 128 + signal.SIGINT and err == "", err  # nothing printed anywhere


def _upload(url: str, files: list[tuple[str, bytes]], origin: str, cookie: str) -> int:
    boundary = "domino-print-test-boundary"
    body = b"".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
        f"Content-Type: application/octet-stream\r\n\r\n".encode() + data + b"\r\n" for name, data in files
    ) + f"--{boundary}--\r\n".encode()
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "content-type": f"multipart/form-data; boundary={boundary}", "origin": origin, "cookie": cookie})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.status


def _studio(port: int, data: Path, *more: str) -> subprocess.Popen:
    return subprocess.Popen(
        [str(BIN / "domino-print"), "studio", "--no-browser", "--port", str(port), "--data-dir", str(data),
         *more], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _stop(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGINT)
    out_text, err = process.communicate(timeout=30)
    assert process.returncode == 128 + signal.SIGINT, err  # as the command line ends on a signal
    return out_text


def _worker(base: str, tries: int = 600) -> str:
    """The worker answering a new connection to ``base``, waiting (0.1 s a try) while it starts."""
    for _ in range(tries):
        try:
            return get(base + "/health")[2]["x-domino-print-worker"]
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{base} did not answer in {tries} tries")


def test_studio_workers_2_starts_two_workers_on_one_port(tmp_path):
    """``domino-print studio --workers 2``, the README's command for a school: two workers answer
    on the one port (each request a new connection, which the kernel hands to either). Bounded by
    a number of requests, not by a clock."""
    port = free_port()
    process = _studio(port, tmp_path / "data", "--workers", "2")
    try:
        assert "2 workers" in process.stdout.readline()
        workers: set[str] = set()
        for _ in range(2000):
            workers.add(_worker(f"http://127.0.0.1:{port}"))
            if len(workers) == 2:
                break
        assert len(workers) == 2, f"only workers {workers} answered 2,000 requests"
    finally:
        out_text = _stop(process)
    assert "stopped" in out_text


def test_two_studios_over_one_data_folder_give_the_command_lines_downloads(tmp_path):
    """What several workers share is the data folder, so two studios over one folder stand for
    them, each request sent to a chosen one (the kernel's choice between workers on one port is
    not the test's to make): the photos reach the session through one, the previews are asked of
    each in turn, and every download, from either, is the PDF the command line makes of the
    session's folder, whichever studio built it."""
    from tests.test_studio import seven_photos

    data = tmp_path / "data"
    ports = free_port(), free_port()
    processes = [_studio(port, data) for port in ports]
    first, second = (f"http://127.0.0.1:{port}" for port in ports)
    try:
        for base in (first, second):
            _worker(base)
        status, _, headers = get(first + "/")
        cookie = headers["set-cookie"].split(";")[0]
        photos = seven_photos(tmp_path / "photos")
        assert _upload(first + "/api/pictures?lang=en", photos, first, cookie) == 200
        (session,) = (data / "sessions").iterdir()
        for max_value, asked in ((3, second), (6, first)):
            options = {"theme": "pictures", "labels": True, "max": str(max_value)}
            status, answer = post_json(asked + "/api/preview", {"options": options, "page_lang": "en"}, asked,
                                       cookie)
            assert status == 200, answer
            out = tmp_path / f"cli-{max_value}.pdf"
            subprocess.run([str(BIN / "domino-print"), "--theme", str(session / "pictures"), "--labels",
                            "--max", str(max_value), "--out", str(out), "--quiet"], check=True, timeout=120)
            for base in (first, second, first):
                status, pdf, _ = get(base + answer["download"], cookie=cookie)
                assert status == 200 and pdf == out.read_bytes(), (max_value, base)
    finally:
        for process in processes:  # each one stopped, even when the first did not stop well
            process.send_signal(signal.SIGINT)
        ended = [(process.communicate(timeout=30), process.returncode) for process in processes]
    for (out_text, err), returncode in ended:
        assert returncode == 128 + signal.SIGINT and "stopped" in out_text, err
