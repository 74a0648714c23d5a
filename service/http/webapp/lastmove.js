// The last move on the field: the things its events name — cards (data-card / data-ref), lands
// (data-land), supply piles, squares (data-square, from a "square", "to" or "from" number) — get the
// class "last-move". The events are those the page was given, already redacted for this seat, so
// nothing hidden can be marked.

const SQUARE_KEYS = new Set(["square", "to", "from"]);

function collect(value, key, strings, squares) {
  if (typeof value === "string") strings.add(value);
  else if (typeof value === "number" && SQUARE_KEYS.has(key)) squares.add(String(value));
  else if (Array.isArray(value)) value.forEach(v => collect(v, key, strings, squares));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) collect(v, k, strings, squares);
  }
}

/** Marks what `events` name inside `field`; returns how many things were marked. */
export function markLastMove(field, events) {
  for (const old of field.querySelectorAll(".last-move")) old.classList.remove("last-move");
  const strings = new Set(), squares = new Set();
  for (const e of events ?? []) collect(e.data, "", strings, squares);
  let marked = 0;
  for (const el of field.querySelectorAll("[data-card], [data-ref], [data-land], [data-square]")) {
    const d = el.dataset;
    if (strings.has(d.card) || strings.has(d.ref) || strings.has(d.land) || squares.has(d.square)) {
      el.classList.add("last-move");
      marked++;
    }
  }
  return marked;
}
