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
from typing import Any, cast

Json = Any
Path = list[str | int]
Op = list[Json]

# A moving window is looked for this far: logs of recent turns drop one or two entries a move.
MAX_SHIFT = 3


# --- legal actions, packed ------------------------------------------------------------------------


def pack_legal(actions: Sequence[Mapping[str, Json]]) -> Json:
    """A seat's legal actions as shapes and rows: each action's values in the order of one of the
    shapes (its keys), so the keys of a hundred similar actions travel once.

    `{"shapes": [[key, ...], ...], "rows": [[shape, value, ...], ...]}`; no actions: `[]`.
    """
    if not actions:
        return []
    shapes: dict[tuple[str, ...], int] = {}
    rows = []
    for action in actions:
        keys = tuple(action)
        shape = shapes.get(keys)
        if shape is None:
            shape = shapes[keys] = len(shapes)
        rows.append([shape, *action.values()])
    return {"shapes": [list(keys) for keys in shapes], "rows": rows}


def unpack_legal(packed: Json) -> list[dict[str, Json]]:
    """The actions `pack_legal` packed, key order and all."""
    if isinstance(packed, list):
        return packed
    shapes = packed["shapes"]
    return [dict(zip(shapes[shape], values, strict=True)) for shape, *values in packed["rows"]]


def wire_view(view: Mapping[str, Json] | None) -> dict[str, Json] | None:
    """The view as it is sent: the same, with its legal actions packed."""
    if view is None:
        return None
    return {**view, "legal": pack_legal(cast(Sequence[Mapping[str, Json]], view["legal"]))}


def unpack_view(wire: Mapping[str, Json] | None) -> dict[str, Json] | None:
    """The view a page draws from the view it was sent."""
    if wire is None:
        return None
    return {**wire, "legal": unpack_legal(wire["legal"])}


# --- patches -------------------------------------------------------------------------------------


def diff(old: Mapping[str, Json], new: Mapping[str, Json], shared: dict[str, Json] | None = None) -> list[Op]:
    """The operations that make `new` of `old` (two views of one seat, a version or more apart).

    `shared`: one dict for all the seats' views of one change. Most of a view is the same for every
    seat (the public table), so the operations worked out for a key are kept there and handed to the
    next seat whose old and new values for that key are the same."""
    ops: list[Op] = []
    kept = 0
    for key, value in new.items():
        if key in old:
            kept += 1
            before = old[key]
            if before is value or before == value:
                continue
            if shared is not None:
                known = shared.get(key)
                if known is not None and known[1] == value and known[0] == before:
                    ops.extend(known[2])
                    continue
                within: list[Op] = []
                if not _diff_within(before, value, [key], within):
                    within = [[[key], value]]
                shared[key] = (before, value, within)
                ops.extend(within)
                continue
            if _diff_within(before, value, [key], ops):
                continue
        ops.append([[key], value])
    if kept < len(old):
        ops.extend([[key]] for key in old if key not in new)
    return ops


def _diff_dict(old: Mapping[str, Json], new: Mapping[str, Json], path: Path, ops: list[Op]) -> None:
    kept = 0
    for key, value in new.items():
        if key in old:
            kept += 1
            before = old[key]
            if before is value or before == value:
                continue
            if _diff_within(before, value, [*path, key], ops):
                continue
        ops.append([[*path, key], value])
    if kept < len(old):
        ops.extend([[*path, key]] for key in old if key not in new)


def _diff_within(before: Json, value: Json, path: Path, ops: list[Op]) -> bool:
    """Adds the operations that change `before` into `value` in place, if both are objects or both
    lists; False: `value` is set whole."""
    kind = type(value)
    if kind is not type(before):
        return False
    if kind is dict:
        _diff_dict(before, value, path, ops)
        return True
    if kind is list:
        return _diff_list(before, value, path, ops)
    return False


def _diff_list(old: list[Json], new: list[Json], path: Path, ops: list[Op]) -> bool:
    n, m = len(old), len(new)
    if m > n and new[:n] == old:  # grew at the end
        ops.append([path, 0, new[n:]])
        return True
    if m < n and old[:m] == new:  # cut at the end
        ops.append([[*path, m]])
        return True
    if m and n > 1:  # a window that moved on
        first = new[0]
        for k in range(1, min(MAX_SHIFT, n - 1) + 1):
            if old[k] == first and m >= n - k and old[k:] == new[: n - k]:
                ops.append([path, k, new[n - k :]])
                return True
    if m != n:
        return False
    within: list[Op] = []
    changed = 0
    for index, (before, value) in enumerate(zip(old, new, strict=True)):
        if before is value or before == value:
            continue
        changed += 1
        if changed * 2 > n:  # most of it changed: cheaper whole
            return False
        if not _diff_within(before, value, [*path, index], within):
            within.append([[*path, index], value])
    ops.extend(within)
    return True


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
