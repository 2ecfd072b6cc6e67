// A view as it crosses the wire (docs/protocol.md, "Views and patches"): the first whole, then only
// what changed. The server's side is app/rooms/delta.py; these are the same rules. Pure: no DOM, so
// the load bench's players use this very module.

/** `model` changed by a patch's operations; `model` itself is left as it was (the page animates from it). */
export function applyPatch(model, ops) {
  const fresh = new Set();
  const own = (container) => {
    if (fresh.has(container)) return container;
    const copy = Array.isArray(container) ? container.slice() : { ...container };
    fresh.add(copy);
    return copy;
  };
  const root = own(model);
  for (const op of ops) {
    const path = op[0];
    const walk = op.length === 3 ? path : path.slice(0, -1);
    let node = root;
    for (const key of walk) {
      const child = own(node[key]);
      node[key] = child;
      node = child;
    }
    const key = path[path.length - 1];
    if (op.length === 3) { // a window that moved on: drop the first k, append the rest
      node.splice(0, op[1]);
      node.push(...op[2]);
    } else if (op.length === 2) node[key] = op[1];
    else if (Array.isArray(node)) node.length = key;
    else delete node[key];
  }
  return root;
}

/** The view renderers draw from the view as sent: its packed legal actions spelled out again. */
export function unpackView(wire) {
  if (!wire) return wire;
  return { ...wire, legal: unpackLegal(wire.legal) };
}

function unpackLegal(packed) {
  if (Array.isArray(packed)) return packed;
  return packed.rows.map(([shape, ...values]) => {
    const action = {};
    let at = 0;
    for (const entry of packed.shapes[shape]) {
      if (typeof entry === "string") {
        action[entry] = values[at++];
      } else {  // [key, subkeys]: an object's values, inline in the row
        const [key, subkeys] = entry;
        action[key] = Object.fromEntries(subkeys.map((subkey, i) => [subkey, values[at + i]]));
        at += subkeys.length;
      }
    }
    return action;
  });
}
