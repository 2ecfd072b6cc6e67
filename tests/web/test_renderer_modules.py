"""No game renderer, and not the kit, keeps mutable state at module level.

Reads static/js/games/*.js and static/js/kit.js as text and finds every declaration at the top level
of the module (outside any function, block or brackets; strings, template literals, comments and
regular expressions skipped). It fails on a top-level `let` or `var`, and on a top-level `const` bound
to a mutable literal: an object `{…}`, an array `[…]`, or `new Map`/`Set`/`Array`/`Object`/`WeakSet`.
Constants wrapped in `Object.freeze(…)`, functions, strings and numbers are fine. The kit alone may
hold a `new WeakMap()`: keyed by a render root or a drawn view, it is each table's own memory, which a
renderer reaches only through `kit(root, ctx)` inside render(). So selection, open panels and what was
drawn last live in the kit per table, and survive a redraw, and the table page and the review's
seats never share them.
"""

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "static" / "js"
MODULES = sorted((STATIC / "games").glob("*.js")) + [STATIC / "kit.js"]

DECLARATION = re.compile(r"(?:export\s+)?(let|var|const)\s+([A-Za-z_$][\w$]*)\s*=\s*")
MUTABLE = re.compile(r"[{\[]|new\s+(?:Map|Set|Array|Object|WeakSet)\b")
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}


def skip_string(source: str, i: int) -> int:
    """The index after the string, or template literal (its `${…}` included), that starts at `i`."""
    quote, j = source[i], i + 1
    while source[j] != quote:
        if source[j] == "\\":
            j += 1
        elif quote == "`" and source.startswith("${", j):
            j = skip_code(source, j + 2, "}")
            continue
        j += 1
    return j + 1


def skip_code(source: str, i: int, end: str) -> int:
    """The index after the `end` that closes the code starting at `i` (a template's `${…}`)."""
    depth = 0
    while depth or source[i] != end:
        if source[i] in "\"'`":
            i = skip_string(source, i)
            continue
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        i += 1
    return i + 1


def top_level(source: str) -> str:
    """The source with everything below the top level (and every string, comment, regex) blanked out."""
    out: list[str] = []
    depth, i, n = 0, 0, len(source)
    last = ""  # the last character of code seen, to tell a regex from a division
    while i < n:
        ch, pair = source[i], source[i : i + 2]
        if pair in ("//", "/*"):
            end = source.find("\n", i) if pair == "//" else source.index("*/", i) + 2
            end = n if end < 0 else end
            out.append(re.sub(r"[^\n]", " ", source[i:end]))
            i = end
            continue
        if ch in "\"'`" or (ch == "/" and last in REGEX_AFTER):
            end = skip_string(source, i) if ch != "/" else skip_regex(source, i)
            out.append(re.sub(r"[^\n]", " ", source[i:end]))  # blanked, so that offsets stay those of the source
            i, last = end, "x"
            continue
        if ch in ")]}":
            depth -= 1
        out.append(ch if depth == 0 or ch == "\n" else " ")
        if ch in "([{":
            depth += 1
        if not ch.isspace():
            last = ch
        i += 1
    return "".join(out)


def skip_regex(source: str, i: int) -> int:
    """The index after the regular expression literal that starts at `i`."""
    j, in_class = i + 1, False
    while source[j] != "/" or in_class:
        if source[j] == "\\":
            j += 1
        elif source[j] in "[]":
            in_class = source[j] == "["
        j += 1
    return j + 1


def mutable_declarations(source: str, allow_weak_maps: bool = False) -> list[str]:
    """`name (kind)` of each module-level declaration that holds mutable state."""
    code = top_level(source)
    found = []
    for match in DECLARATION.finditer(code):
        kind, name = match.groups()
        start = source[match.end() : match.end() + 40]  # the initializer, as written
        if kind != "const":
            found.append(f"{name} ({kind})")
        elif mutable := MUTABLE.match(start):
            found.append(f"{name} (a mutable {mutable.group(0)})")
        elif start.startswith("new WeakMap") and not allow_weak_maps:
            found.append(f"{name} (a WeakMap)")
    return found


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_no_mutable_state_at_module_level(path: Path) -> None:
    assert mutable_declarations(path.read_text(), allow_weak_maps=path.name == "kit.js") == []


@pytest.mark.parametrize(
    ("source", "found"),
    [
        ("let picked = null;\n", ["picked (let)"]),
        ("export var n = 1;\n", ["n (var)"]),
        ("const ui = { selected: null };\n", ["ui (a mutable {)"]),
        ("const keys = [];\n", ["keys (a mutable [)"]),
        ("const seen = new Set();\n", ["seen (a mutable new Set)"]),
        ("const memory = new WeakMap();\n", ["memory (a WeakMap)"]),
        ("const CITIES = Object.freeze(['LON', 'BRU']);\nconst ok = (a) => ({ a });\n", []),
        ("function f() {\n  let x = [];\n  const y = {};\n}\nconst s = 'let z = {}';\n", []),
        ("const re = /[{]let/;\nconst t = `${'{'}`;\n// let c = {}\n", []),
    ],
)
def test_the_check_tells_state_from_constants(source: str, found: list[str]) -> None:
    assert mutable_declarations(source) == found
