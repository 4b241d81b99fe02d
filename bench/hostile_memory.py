"""Hostile files and requests, by peak memory (issue 28): each case's process (the command line,
or a real studio server's ``VmHWM``) must stay under ``LIMIT_MB``, and be refused in one line.

- command line: an .xlsx of six rows and one cell at XFD1048576 (calamine aborted, SIGABRT), an
  .xls with a cell moved to IV65536 (1.2 GB), an .ods reaching 16,001 columns of row 1,048,567,
  an .xlsx holding one 95 MB shared string in 94 KB (1.5 GB, 40 s), a 159 MB .zip theme listing 3
  million members (1.4 GB in zipfile before the 500-member check);
- studio: that .xlsx uploaded as the list and previewed; that .zip sent to ``/api/theme``; a
  preview on ``--paper 2000x2000mm`` and its zoom (1.1 GB); each followed by another visitor's
  preview, which must still answer 200.

    python -m bench.hostile_memory     (part of make bench; Linux only: it reads /proc)
"""

from __future__ import annotations

import io
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import httpx

LIMIT_MB = 400
BIN = Path(sys.executable).parent
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _xlsx(extra_rows: str = "", shared: str | None = None) -> bytes:
    rows = "".join(f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>q{n}</t></is></c>'
                   f'<c r="B{n}" t="inlineStr"><is><t>r{n}</t></is></c></row>' for n in range(1, 7))
    sheet = f'<worksheet xmlns="{MAIN}"><sheetData>{rows}{extra_rows}</sheetData></worksheet>'
    links = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
             '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
             'relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http:'
             '//schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" '
             'Target="sharedStrings.xml"/></Relationships>')
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        out.writestr("[Content_Types].xml", '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
                     'content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.'
                     'openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>')
        out.writestr("_rels/.rels", '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                     'relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
                     'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
                     "</Relationships>")
        out.writestr("xl/workbook.xml", f'<workbook xmlns="{MAIN}" xmlns:r="http://schemas.openxmlformats.'
                     'org/officeDocument/2006/relationships"><sheets><sheet name="Feuil1" sheetId="1" '
                     'r:id="rId1"/></sheets></workbook>')
        out.writestr("xl/_rels/workbook.xml.rels", links)
        out.writestr("xl/worksheets/sheet1.xml", sheet)
        if shared is not None:
            out.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN}" count="1" uniqueCount="1"><si><t>'
                         f"{shared}</t></si></sst>")
    return buffer.getvalue()


def _ods_far() -> bytes:
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    cell = '<table:table-cell office:value-type="string"><text:p>{}</text:p></table:table-cell>'
    rows = "".join(f"<table:table-row>{cell.format(f'q{n}')}{cell.format(f'r{n}')}</table:table-row>"
                   for n in range(6))
    rows += ('<table:table-row table:number-rows-repeated="1048560"><table:table-cell/></table:table-row>'
             '<table:table-row><table:table-cell table:number-columns-repeated="16000"/>'
             + cell.format("x") + "</table:table-row>")
    content = (f'<office:document-content {ns}><office:body><office:spreadsheet><table:table '
               f'table:name="Feuille1">{rows}</table:table></office:spreadsheet></office:body>'
               "</office:document-content>")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        out.writestr("content.xml", content)
    return buffer.getvalue()


def _xls_far() -> bytes:
    data = bytearray((Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "calcul-mental.xls")
                     .read_bytes())
    at = data.find(bytes.fromhex("fd000a00" "0400" "0100" "0f00" "06000000"))
    struct.pack_into("<HH", data, at + 4, 0xFFFF, 0xFF)
    return bytes(data)


def _many_members_zip(path: Path, members: int = 3_000_000) -> None:
    """A zip whose central directory lists ``members`` entries (each 46 bytes and a 7-byte name),
    with ZIP64 end records: the shape of the issue's 159 MB archive, written straight."""
    with path.open("wb") as out:
        out.write(b"PK\x03\x04" + struct.pack("<5H3L2H", 20, 0, 0, 0, 0, 0, 0, 0, 7, 0) + b"a.png/x")
        start = out.tell()
        entry = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0)
        block = b"".join(entry + f"{n:07d}".encode()[-7:] for n in range(10_000))
        for _ in range(members // 10_000):
            out.write(block)
        size = out.tell() - start
        record_at = out.tell()
        out.write(struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, members, members, size, start))
        out.write(struct.pack("<4sLQL", b"PK\x06\x07", 0, record_at, 1))
        out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0))


def _cli_case(work: Path, name: str) -> tuple[int, int, str]:
    """The command line on ``--theme name``: (peak MB, exit status, its first line of errors)."""
    process = subprocess.Popen([str(BIN / "domino-print"), "--theme", name, "--out", "out.pdf"], cwd=work,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _pid, status, usage = os.wait4(process.pid, 0)
    assert process.stderr is not None
    line = process.stderr.read().strip().splitlines()[:1]
    return usage.ru_maxrss // 1024, os.waitstatus_to_exitcode(status), (line[0] if line else "")[:110]


def _peak_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        found = re.search(r"VmHWM:\s+(\d+)", status.read())
        return int(found.group(1)) // 1024 if found else 0


def _studio_case(work: Path, name: str, data: bytes | Path) -> tuple[int, str]:
    server = subprocess.Popen([str(BIN / "domino-print"), "studio", "--no-browser"], stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "TMPDIR": str(work)})
    try:
        assert server.stdout is not None
        found = re.search(r"(http://\S+/)", server.stdout.readline())
        assert found is not None
        address = found.group(1)
        hostile = httpx.Client(base_url=address, headers={"origin": address.rstrip("/")}, timeout=600)
        other = httpx.Client(base_url=address, headers={"origin": address.rstrip("/")}, timeout=600)
        hostile.get("/")
        other.get("/")
        if name.endswith(".xlsx"):
            hostile.post(f"/api/list/file?name={name}", content=data)
            answer = hostile.post("/api/preview", json={"options": {"theme": "list"}})
            status = str(answer.status_code)
        elif name.endswith(".zip"):
            assert isinstance(data, Path)
            with data.open("rb") as body:
                status = str(hostile.post("/api/theme?lang=en", content=body).status_code)
        else:
            answer = hostile.post("/api/preview", json={"options": {"theme": "pips", "max": 2,
                                                                    "paper": "2000x2000mm"}})
            zoom = hostile.get(answer.json()["pages"][0].replace("/pages/", "/zoom/"))
            status = f"{answer.status_code}, zoom {zoom.status_code} ({len(zoom.content) // 1024} KB)"
        alive = other.post("/api/preview", json={"options": {"theme": "pips", "max": 3}}).status_code
        return _peak_mb(server.pid), f"{status}; another visitor's preview {alive}"
    finally:
        server.terminate()
        server.wait(60)


def _make(work: Path) -> None:
    """The hostile files, made in their own process (its memory is not the cases' to count:
    a child forked from a large parent starts with the parent's peak)."""
    far = _xlsx('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>')
    files = {"far.xlsx": far, "far.xls": _xls_far(), "far.ods": _ods_far(),
             "one-95mb-string.xlsx": _xlsx(shared="x" * 95_000_000),
             "one-40mb-string.xlsx": _xlsx(shared="x" * 40_000_000)}
    for file_name, data in files.items():
        (work / file_name).write_bytes(data)
    _many_members_zip(work / "members.zip")


CLI_FILES = ("far.xlsx", "far.xls", "far.ods", "one-95mb-string.xlsx", "one-40mb-string.xlsx", "members.zip")


def main() -> int:
    if sys.argv[1:2] == ["--make"]:
        _make(Path(sys.argv[2]))
        return 0
    over = False
    with tempfile.TemporaryDirectory(prefix="domino-print-bench-") as name:
        work = Path(name)
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", "bench.hostile_memory", "--make", str(work)], check=True,
                       cwd=Path(__file__).resolve().parent.parent)
        print(f"(the files made in {time.monotonic() - started:.0f} s; members.zip is "
              f"{(work / 'members.zip').stat().st_size // 1_000_000} MB, listing 3,000,000 members)")
        for file_name in CLI_FILES:
            size = (work / file_name).stat().st_size
            peak, code, line = _cli_case(work, file_name)
            over = over or peak > LIMIT_MB or code != 1
            print(f"command line, {file_name} ({size // 1024} KB): peak {peak} MB (limit {LIMIT_MB} MB), "
                  f"exit {code}: {line}")
        studio_cases = (("far.xlsx", (work / "far.xlsx").read_bytes()), ("members.zip", work / "members.zip"),
                        ("2000x2000mm zoom", b""))
        for case, data in studio_cases:
            peak, status = _studio_case(work, case, data)
            over = over or peak > LIMIT_MB or not status.endswith(" 200")
            print(f"studio, {case}: peak {peak} MB (limit {LIMIT_MB} MB), answers {status}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
