// Polling with backoff: quick right after something happened, slower while nothing does.
export function poller(tick, {fast = 400, slow = 5000, factor = 1.5} = {}) {
  let delay = fast, timer = null, stopped = false, running = false;
  async function run() {
    timer = null;
    if (stopped) return;
    running = true;
    let changed = false;
    try { changed = await tick(); } catch { changed = false; }
    running = false;
    delay = changed ? fast : Math.min(slow, delay * factor);
    schedule();
  }
  function schedule() {
    if (!stopped && !timer && !running) timer = setTimeout(run, document.hidden ? slow : delay);
  }
  const wake = () => { if (!document.hidden) poke(); };
  function poke() {
    delay = fast;
    if (timer) { clearTimeout(timer); timer = null; }
    schedule();
  }
  document.addEventListener("visibilitychange", wake);
  schedule();
  return {poke, stop() { stopped = true; if (timer) clearTimeout(timer); document.removeEventListener("visibilitychange", wake); }};
}
