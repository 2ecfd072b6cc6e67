"""The page keeps no state in its modules: every module under static/js/ (the page's: static/js/*.js and
static/js/table/**/*.js, not the game renderers of static/js/games/ nor their kit) fails this test if, at its top
level, it declares a `let` or `var`, or binds a `const` to a mutable literal: an object `{…}`, an
array `[…]`, or a `new Map`/`Set`/`WeakMap`/`WeakSet`/`Array`/`Object`. Frozen constants
(`Object.freeze(…)`), functions, strings and numbers are fine. The page's state lives in an object made
at start-up and passed along; a module-level value would be shared by everything that imports it."""

import re
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[2] / "static" / "js"
# The renderers' kit is read by tests/web/test_renderer_modules.py, which lets it hold its per-table WeakMaps.
PAGE_MODULES = sorted([*(p for p in JS.glob("*.js") if p.name != "kit.js"), *(JS / "table").glob("**/*.js")])

# After one of these, a `/` begins a regular expression, not a division.
REGEX_AFTER = set("(,=:[!&|?{};+-*%<>~^") | {""}
OPENERS, CLOSERS = "({[", ")}]"
MUTABLE = re.compile(r"(?:\{|\[|new\s+(?:Map|Set|WeakMap|WeakSet|Array|Object)\b)")
DECLARATION = re.compile(r"(?:export\s+)?(let|var|const)\s+([\w$]+)\s*(=\s*)?")


def top_level_code(source: str) -> str:
    """The source with comments, strings, templates and regular expressions blanked, and everything
    nested inside brackets blanked too: what is left is the module's top level, same offsets."""
    out = []
    depth = 0
    i = 0
    last = ""  # the last significant character outside strings and comments
    while i < len(source):
        c = source[i]
        end = i + 1
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = len(source) if end < 0 else end
        elif source.startswith("/*", i):
            end = source.index("*/", i) + 2
        elif c in "'\"`" or (c == "/" and last in REGEX_AFTER):
            end = _end_of_literal(source, i)
            last = "a"  # a value
        elif c in OPENERS:
            depth += 1
        elif c in CLOSERS:
            depth -= 1
        if not c.isspace() and c not in "'\"`/":
            last = c if c in REGEX_AFTER or c in CLOSERS else "a"
        kept = source[i:end] if depth == 0 and end == i + 1 and c not in CLOSERS else ""
        out.append(kept or (c if c in OPENERS and depth == 1 else "\n" if c == "\n" else " " * (end - i)))
        i = end
    return "".join(out)


def _end_of_literal(source: str, start: int) -> int:
    """Where the string, template or regular expression opening at `start` ends (past its closing mark)."""
    quote = source[start]
    i = start + 1
    in_class = False  # inside [...] of a regular expression, a '/' does not end it
    nesting = 0  # ${…} inside a template
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if quote == "`" and source.startswith("${", i):
            nesting += 1
        elif quote == "`" and c == "}" and nesting:
            nesting -= 1
        elif quote == "/" and c in "[]":
            in_class = c == "["
        elif c == quote and not nesting and not in_class:
            return i + 1
        i += 1
    raise ValueError(f"unclosed {quote} at {start}")


def module_state(path: Path) -> list[str]:
    """The top-level declarations of `path` that hold mutable state, as `line: declaration`."""
    source = path.read_text(encoding="utf-8")
    code = top_level_code(source)
    found = []
    for match in DECLARATION.finditer(code):
        if match.start() and not code[match.start() - 1].isspace() and code[match.start() - 1] != ";":
            continue  # part of a longer word
        keyword, name, assigned = match.groups()
        value = source[match.end() :].lstrip()
        if keyword != "const" or (assigned and MUTABLE.match(value)):
            found.append(f"{source.count(chr(10), 0, match.start()) + 1}: {keyword} {name}")
    return found


def test_the_page_modules_are_found() -> None:
    names = {str(path.relative_to(JS)) for path in PAGE_MODULES}
    assert {"table.js", "review.js", "context.js", "table/connection.js"} <= names
    assert not any(name.startswith("games/") for name in names)


@pytest.mark.parametrize("path", PAGE_MODULES, ids=[str(path.relative_to(JS)) for path in PAGE_MODULES])
def test_a_page_module_keeps_no_state_of_its_own(path: Path) -> None:
    assert module_state(path) == []


def test_the_check_sees_state_and_lets_constants_be(tmp_path: Path) -> None:
    module = tmp_path / "module.js"
    module.write_text(
        "// let commented = 1;\n"
        'const text = "let quoted = 1; {";\n'
        "const pattern = /[/{]let/g;\n"
        "const LIMITS = Object.freeze({ name: 24 });\n"
        "export const id = (x) => { let inner = [x]; return inner; };\n"
        "function f() { var nested = {}; return nested; }\n"
        "const template = `${{ a: 1 }.a} let`;\n"
        "let counter = 0;\n"
        "export const table = { seats: [] };\n"
        "const seen = new Set();\n"
        "var old = 1;\n"
        "const list = [1, 2];\n"
    )
    found = ["8: let counter", "9: const table", "10: const seen", "11: var old", "12: const list"]
    assert module_state(module) == found
