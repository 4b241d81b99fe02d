"""The exceptions the pipeline raises for a user's mistake.

The CLI turns a ``DominoError`` into a single line on stderr and a non-zero exit;
anything else is a bug and keeps its traceback.
"""


class DominoError(Exception):
    """A problem the user can fix; the message names the problem and the fix."""


class OptionError(DominoError):
    """A bad option value or combination (exit code 2, like click's usage errors)."""
