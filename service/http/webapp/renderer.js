// A game's dedicated renderer, found by convention and registered nowhere: GET /games/<id> names
// the module `/web/renderers/<game id, - as _>.js` (and its stylesheet, `<same>.css`) only where
// the file exists, and this imports it (same origin: the Content-Security-Policy's 'self').
// A renderer module's default export is (info, view, match, ctx) -> element; on the play page
// ctx = {actions, play, recent}: the listed legal actions and the function that plays one of them
// (through the move builder: sent at once, or put in the move panel ready to send where the seat
// confirms each move first), for fields that let a square or a pile be clicked, and the latest
// events the page holds (oldest
// first, as this seat sees them: a field may show the last dice roll); the replay passes only
// {recent}. After drawing, the page marks the last move's things on the field (lastmove.js: their
// data-card / data-ref / data-land / data-square). A game without one is drawn by the generic
// panels alone.

const modules = new Map();

/** The game's renderer function, or null (no dedicated renderer); `info` is its GET /games/<id>. */
export function rendererFor(info) {
  const url = info?.renderer;
  if (!url) return Promise.resolve(null);
  if (!modules.has(url)) {
    modules.set(url, Promise.all([import(url), info.stylesheet ? stylesheet(info.stylesheet) : null])
      .then(([module]) => module.default ?? null));
  }
  return modules.get(url);
}

/** Adds the renderer's stylesheet to the page once; resolves when it has loaded (or failed). */
function stylesheet(href) {
  const present = [...document.querySelectorAll("link[rel=stylesheet]")].find(l => l.getAttribute("href") === href);
  if (present) return Promise.resolve();
  return new Promise(resolve => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.dataset.renderer = "";
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}
