"""A view as it crosses the wire (docs/protocol.md, "Views and patches"): its legal actions packed, and
after the first whole view, only what changed since the view a tab holds.

Pure and game-blind: every game's view is plain JSON data, so one diff serves all five. The page
applies the same operations with static/js/table/delta.js; `apply_patch` and `unpack_view` here are
the same rules in Python, for the tests' clients and the proofs that a patched view is the view.

A patch is a list of operations, each naming its place by a path of keys and list indexes:

- `[path, value]` sets `value` there (an index one past a list's end appends);
- `[path]` removes a key, or, when the path ends in an index, cuts the list to that length;
- `[path, k, items]` drops a list's first `k` items and appends `items` (a window that moved on).
"""

from collections.abc import Mapping, Sequence
from typing import Any

import orjson

Json = Any
Path = list[str | int]
Op = list[Json]

# Per change, for all its seats: the operations on the shared keys, by the public parts held and sent.
Shared = dict[tuple[int, int], tuple["Part", "Part", list[bytes]]]

# A moving window is looked for this far: logs of recent turns drop one or two entries a move.
MAX_SHIFT = 3


# --- legal actions, packed ------------------------------------------------------------------------


def pack_legal(actions: Sequence[Mapping[str, Json]]) -> Json:
    """A seat's legal actions as shapes and rows: each action's values in the order of one of the
    shapes, so the keys of a hundred similar actions travel once.

    `{"shapes": [[entry, ...], ...], "rows": [[shape, value, ...], ...]}`; no actions: `[]`. A shape
    entry is a key, or `[key, [subkey, ...]]` for a key whose value is an object: its values then
    follow in the row in that order, as if they were the action's own (an action's target, a card's
    place).
    """
    if not actions:
        return []
    shapes: dict[tuple[object, ...], int] = {}
    rows = []
    for action in actions:  # one plain loop: a Hansa turn offers over a hundred actions
        row: list[Json] = [0]
        entries: list[object] = []
        for key, value in action.items():
            if type(value) is dict:
                entries.append((key, tuple(value)))
                row.extend(value.values())
            else:
                entries.append(key)
                row.append(value)
        keys = tuple(entries)
        shape = shapes.get(keys)
        if shape is None:
            shape = shapes[keys] = len(shapes)
        row[0] = shape
        rows.append(row)
    return {"shapes": [[_entry(key) for key in keys] for keys in shapes], "rows": rows}


def _entry(key: object) -> Json:
    return key if type(key) is str else [key[0], list(key[1])]  # type: ignore[index]


def unpack_legal(packed: Json) -> list[dict[str, Json]]:
    """The actions `pack_legal` packed, key order and all."""
    if isinstance(packed, list):
        return packed
    actions = []
    for shape, *values in packed["rows"]:
        action: dict[str, Json] = {}
        at = 0
        for entry in packed["shapes"][shape]:
            if type(entry) is str:
                action[entry] = values[at]
                at += 1
            else:
                key, subkeys = entry
                action[key] = dict(zip(subkeys, values[at : at + len(subkeys)], strict=True))
                at += len(subkeys)
        actions.append(action)
    return actions


def unpack_view(wire: Mapping[str, Json] | None) -> dict[str, Json] | None:
    """The view a page draws from the view it was sent."""
    if wire is None:
        return None
    return {**wire, "legal": unpack_legal(wire["legal"])}


# --- patches -------------------------------------------------------------------------------------


class Part:
    """One part of a view as its tabs hold it: each of its keys' values, encoded; and for a key whose
    value last changed as a list or an object, its items' encodings too, so that the key's next change
    is found without decoding what was sent."""

    __slots__ = ("encoded", "items")

    def __init__(self, values: Mapping[str, Json]) -> None:
        self.encoded = _encoded_items(values)
        self.items: dict[str, list[bytes] | dict[str, bytes]] = {}


class SentView:
    """A view as a seat's tabs hold it: the part every seat shares (`public`, one for all the table's
    views of a version) apart from the seat's own.

    Patches compare encodings, not objects: orjson writes a view faster than Python can walk it, and
    the bytes it writes are those the patch is made of, so nothing is encoded twice. Only the bytes
    are kept between moves, not the view's objects: compact strings per seat keep the server's memory
    (and its caches) about as small as when every view was thrown away once sent.
    """

    __slots__ = ("version", "public", "own")

    def __init__(self, version: int, public: Part, own: Part | None = None) -> None:
        self.version = version
        self.public = public
        self.own = own or Part({})

    @classmethod
    def of(cls, version: int, view: Mapping[str, Json]) -> "SentView":
        return cls(version, Part(view))

    def encoded(self) -> bytes:
        """The whole view, as JSON."""
        parts = {**self.public.encoded, **self.own.encoded}
        return b"{" + b",".join(orjson.dumps(key) + b":" + part for key, part in parts.items()) + b"}"


def patch(
    old: SentView, new: SentView, public: Mapping[str, Json], own: Mapping[str, Json], shared: Shared | None = None
) -> bytes:
    """The operations, as JSON, that make `new` of `old`: two views of one seat; `public` and `own` are
    the values of `new`'s two parts.

    A key's value is changed in place one level down (a list's items, an object's keys), else set whole.
    `shared`: one dict for all the seats' views of one change, where the operations on the part every
    seat shares are worked out once for all the seats that held the same.
    """
    memo = (id(old.public), id(new.public))
    known = None if shared is None else shared.get(memo)
    if known is not None and known[0] is old.public and known[1] is new.public:
        ops = known[2]
    else:
        ops = _ops(old.public, new.public, public)
        if shared is not None:
            shared[memo] = (old.public, new.public, ops)
    return b"[" + b",".join([*ops, *_ops(old.own, new.own, own)]) + b"]"


def _ops(old: Part, new: Part, values: Mapping[str, Json]) -> list[bytes]:
    ops = []
    was, was_items, items = old.encoded, old.items, new.items
    for key, part in new.encoded.items():
        before = was.get(key)
        if before != part:
            ops.append(_key_ops(key, before, was_items.get(key), values[key], part, items))
        elif key in was_items:  # unchanged: its items' encodings still hold
            items[key] = was_items[key]
    if was.keys() != new.encoded.keys():  # a part keeps its keys from version to version, mostly
        ops.extend(b"[" + orjson.dumps([key]) + b"]" for key in was if key not in new.encoded)
    return ops


def _key_ops(
    key: str,
    before: bytes | None,
    before_items: list[bytes] | dict[str, bytes] | None,
    value: Json,
    part: bytes,
    items: dict[str, list[bytes] | dict[str, bytes]],
) -> bytes:
    """The operations for one key that changed; its items' encodings are noted in `items`. The old
    items' encodings are those noted when it last changed, else read back from what was sent."""
    ops = None
    if before is not None and type(value) is list and before[:1] == b"[":
        old = before_items if type(before_items) is list else [orjson.dumps(item) for item in orjson.loads(before)]
        new = items[key] = [orjson.dumps(item) for item in value]
        ops = _list_ops([key], old, new)
    elif before is not None and type(value) is dict and before[:1] == b"{":
        was = before_items if type(before_items) is dict else _encoded_items(orjson.loads(before))
        now = items[key] = _encoded_items(value)
        ops = _dict_ops([key], was, now)
    return _set([key], part) if ops is None else b",".join(ops)


def _encoded_items(value: Mapping[str, Json]) -> dict[str, bytes]:
    """Each of an object's keys' values, encoded."""
    return {key: orjson.dumps(item) for key, item in value.items()}


def _list_ops(path: Path, old: list[bytes], new: list[bytes]) -> list[bytes] | None:
    """A list changed in place, by its items' encodings; None: cheaper set whole."""
    n, m = len(old), len(new)
    if m > n and new[:n] == old:  # grew at the end
        return [_shift(path, 0, new[n:])]
    if m < n and old[:m] == new:  # cut at the end
        return [b"[" + orjson.dumps([*path, m]) + b"]"]
    if m and n > 1:  # a window that moved on
        for k in range(1, min(MAX_SHIFT, n - 1) + 1):
            if old[k] == new[0] and m >= n - k and old[k:] == new[: n - k]:
                return [_shift(path, k, new[n - k :])]
    if m != n:
        return None
    changed = [_set([*path, i], item) for i, (before, item) in enumerate(zip(old, new, strict=True)) if before != item]
    return changed if len(changed) * 2 <= n else None


def _dict_ops(path: Path, was: Mapping[str, bytes], now: Mapping[str, bytes]) -> list[bytes] | None:
    """An object changed in place, by its keys' values' encodings; None: cheaper set whole."""
    ops = [b"[" + orjson.dumps([*path, key]) + b"]" for key in was if key not in now]
    ops.extend(_set([*path, key], encoded) for key, encoded in now.items() if was.get(key) != encoded)
    return ops if len(ops) * 2 <= len(now) else None


def _set(path: Path, encoded: bytes) -> bytes:
    return b"[" + orjson.dumps(path) + b"," + encoded + b"]"


def _shift(path: Path, k: int, items: list[bytes]) -> bytes:
    return b"[" + orjson.dumps(path) + b"," + str(k).encode() + b",[" + b",".join(items) + b"]]"


def apply_patch(model: Json, ops: Sequence[Op]) -> Json:
    """`model` changed by a patch's operations, leaving `model` itself untouched (a page keeps the last
    view to animate from)."""
    fresh: set[int] = set()

    def own(container: Json) -> Json:
        if id(container) in fresh:
            return container
        copy = list(container) if type(container) is list else dict(container)
        fresh.add(id(copy))
        return copy

    root = own(model)
    for op in ops:
        path = op[0]
        walk = path if len(op) == 3 else path[:-1]
        node = root
        for key in walk:
            child = own(node[key])
            node[key] = child
            node = child
        if len(op) == 3:
            del node[: op[1]]
            node.extend(op[2])
        elif len(op) == 2:
            key = path[-1]
            if type(node) is list and key == len(node):
                node.append(op[1])
            else:
                node[key] = op[1]
        elif type(node) is list:
            del node[path[-1] :]
        else:
            del node[path[-1]]
    return root
