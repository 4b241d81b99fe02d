"""The studio's memory under heavy uploads (issue 17): the peak resident size of a real server
process (``VmHWM``) for three cases, each on a fresh server; fails over ``LIMIT_MB``.

- eight 7000 x 7000 PNGs (49 megapixels each) in one request;
- one request of 40 files of 29 MB (not pictures: refused, but received);
- eight parallel single-picture uploads of those 49 MP PNGs;
- eight 6300 x 6300 PNGs (39.7 MP) in one request, each decoded;
- and pictures over the 40 MP a picture may decode to, reduced on arrival (issue 19): a 200 MP
  PNG (14142 x 14142, read a band of rows at a time) and a 48 MP HEIC (8064 x 6048, an iPhone's
  largest, without a thumbnail), each alone. (The 49 MP PNGs above are reduced on arrival too.)

    python -m bench.upload_memory     (part of make bench; Linux only: it reads /proc)
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx
from PIL import Image

LIMIT_MB = 400
BIN = Path(sys.executable).parent


def _peak_mb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmHWM:\s+(\d+)", status.read()).group(1)) // 1024


class _Visitor(httpx.Client):
    """A browser's session: the page first (its cookie), then the uploads."""

    def __init__(self, address: str) -> None:
        super().__init__(base_url=address, headers={"origin": address.rstrip("/")}, timeout=600)

    def __enter__(self) -> _Visitor:
        super().__enter__()
        self.get("/")
        return self


def _case(name: str, work: Path, big: list[Path], junk: Path, decoded: list[Path],
          huge: dict[str, Path] | None = None) -> tuple[int, object]:
    server = subprocess.Popen([str(BIN / "domino-print"), "studio", "--no-browser"], stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "TMPDIR": str(work)})
    try:
        address = re.search(r"(http://\S+/)", server.stdout.readline()).group(1)
        if name in ("one request, eight 49 MP PNGs", "one request, eight 39.7 MP PNGs (decoded)"):
            with _Visitor(address) as client:
                chosen = big if "49" in name else decoded
                files = [("files", (f.name, f.read_bytes(), "image/png")) for f in chosen]
                status: object = client.post("/api/pictures?lang=en", files=files).status_code
        elif huge and name in huge:
            with _Visitor(address) as client:
                path = huge[name]
                answer = client.post(f"/api/picture?lang=en&name={path.name}", content=path.read_bytes())
                status = (answer.status_code, len(answer.json().get("added", [])))
        elif name == "one request, 40 files of 29 MB":
            with _Visitor(address) as client:
                files = [("files", (f"j{n}.jpg", junk.open("rb"), "image/jpeg")) for n in range(40)]
                status = client.post("/api/pictures?lang=en", files=files).status_code
        else:
            def one(path: Path) -> int:
                with _Visitor(address) as client:
                    answer = client.post(f"/api/picture?lang=en&name={path.name}", content=path.read_bytes())
                    return answer.status_code

            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                status = sorted(set(pool.map(one, big)))
        return _peak_mb(server.pid), status
    finally:
        server.terminate()
        server.wait(60)


_MAKE = """
import sys
from PIL import Image
Image.MAX_IMAGE_PIXELS = None  # our own picture, made here
width, height, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
picture = Image.linear_gradient("L").resize((width, height)).convert("RGB")
if path.endswith(".png"):
    picture.save(path, compress_level=1)
else:
    import pillow_heif
    pillow_heif.from_pillow(picture).save(path, quality=60, enc_params={"preset": "ultrafast"})
"""


def _made_once(name: str, width: int, height: int) -> Path:
    """A large picture made once in its own process (its pixels freed with it), kept in bench/.work."""
    path = Path(__file__).resolve().parent / ".work" / name
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"partial-{name}")
        subprocess.run([sys.executable, "-c", _MAKE, str(width), str(height), str(partial)], check=True)
        partial.replace(path)
    return path


def _huge_png() -> Path:
    return _made_once("huge-200mp.png", 14142, 14142)


def _huge_heic() -> Path:
    return _made_once("iphone-48mp.heic", 8064, 6048)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="domino-print-bench-") as name:
        work = Path(name)
        big = []
        for n in range(8):
            path = work / f"p{n}.png"
            Image.new("RGB", (7000, 7000), (30 * n, 100, 200)).save(path, compress_level=1)
            big.append(path)
        decoded = []
        for n in range(8):
            path = work / f"d{n}.png"
            Image.new("RGB", (6300, 6300), (100, 30 * n, 50)).save(path, compress_level=1)
            decoded.append(path)
        huge = {"one 200 MP PNG, reduced on arrival": _huge_png(),
                "one 48 MP HEIC, reduced on arrival": _huge_heic()}
        junk = work / "junk.bin"
        junk.write_bytes(os.urandom(29 * 1024 * 1024))
        over = False
        for case in ("one request, eight 49 MP PNGs", "one request, 40 files of 29 MB",
                     "eight parallel uploads of 49 MP PNGs", "one request, eight 39.7 MP PNGs (decoded)",
                     *huge):
            peak, status = _case(case, work, big, junk, decoded, huge)
            over = over or peak > LIMIT_MB
            print(f"studio upload memory, {case}: peak {peak} MB (limit {LIMIT_MB} MB), answers {status}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
