"""Apache PDFBox's preflight (Debian's ``libpdfbox2-java``), the PDF/A-1b validator the prepress
tests run on ``--pdf-a`` files, with no finding waived.

``make print-tools`` installs it (as root). ``PREFLIGHT_MISSING`` says why the tests skip
when it is not there.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

JAVA_DIR = Path("/usr/share/java")
JARS = ("preflight.jar", "pdfbox2.jar", "fontbox2.jar", "xmpbox.jar", "commons-logging.jar",
        "javax.activation.jar", "jaxb-api.jar")
"""PDFBox 2's preflight and what it needs on Java 17 (javax.activation and JAXB left the JDK)."""
VALIDATOR = "org.apache.pdfbox.preflight.Validator_A1b"

_missing = [jar for jar in JARS if not (JAVA_DIR / jar).is_file()]
_why = ("java is not installed" if shutil.which("java") is None
        else f"PDFBox preflight is not installed (no {', '.join(_missing)} in {JAVA_DIR})" if _missing
        else "")
PREFLIGHT_MISSING = (f"{_why}: apt-get install default-jre-headless libpdfbox2-java libactivation-java "
                     "libjaxb-api-java, or run make test as root (make print-tools)") if _why else ""
"""Why the preflight tests skip; empty when PDFBox's preflight can run."""

def preflight(path: Path) -> list[str]:
    """PDFBox preflight's findings on the PDF at ``path`` (``[]`` for a valid PDF/A-1b file)."""
    classpath = ":".join(str(JAVA_DIR / jar) for jar in JARS)
    done = subprocess.run(["java", "-cp", classpath, VALIDATOR, str(path)], capture_output=True, text=True,
                          timeout=300)
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if done.returncode == 0 and any("is a valid PDF/A-1b file" in line for line in lines):
        return []
    findings = [line for line in lines if " : " in line]
    assert findings, f"preflight said nothing readable (exit {done.returncode}): {done.stdout}{done.stderr}"
    return findings
