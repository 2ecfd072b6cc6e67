"""Text that people type for others to read (nicknames, chat lines): one normal form, one set of flaws.

Both are NFC-normalised and folded to one line; neither may hold control, format (bidi) or private
characters, draw nothing at all, or stack combining marks into a tower that spills over other text.
"""

import unicodedata
from enum import StrEnum

# Letters that draw nothing: fillers that pass for text but show as a gap.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
MAX_MARKS_IN_A_ROW = 3  # enough for any script's accents


class Flaw(StrEnum):
    CONTROL = "control"  # control, format (bidi overrides), private-use or surrogate characters
    INVISIBLE = "invisible"  # nothing a reader would see
    MARKS = "marks"  # more than MAX_MARKS_IN_A_ROW combining marks on one letter


def normalised(raw: str) -> str:
    """NFC, trimmed, every run of white space (line breaks too) folded to one space."""
    return " ".join(unicodedata.normalize("NFC", raw).split())


def flaw(text: str) -> Flaw | None:
    """What makes normalised text unfit to show others, or None."""
    categories = [unicodedata.category(ch) for ch in text]
    if any(category in {"Cc", "Cf", "Co", "Cs"} for category in categories):
        return Flaw.CONTROL
    if not any(category[0] in "LNPS" and ch not in INVISIBLE for ch, category in zip(text, categories, strict=True)):
        return Flaw.INVISIBLE
    marks = 0
    for category in categories:
        marks = marks + 1 if category[0] == "M" else 0
        if marks > MAX_MARKS_IN_A_ROW:
            return Flaw.MARKS
    return None
