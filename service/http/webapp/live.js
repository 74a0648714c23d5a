// Live updates of a match. Where the server has the match's event stream (server-sent events at
// /matches/<id>/stream), the page follows it — read with fetch, since EventSource cannot send the
// seat's token — and refreshes when an event arrives; where it has none (404), or the stream
// fails, the page polls the event log instead, quickly after a change and slower while idle.
import {get, withLang} from "./api.js";
import {poller} from "./poll.js";

let streamMissing = false;      // the server answered 404 for the stream route: poll from now on

/** Calls onChange() whenever the match moves past the version current() returns, until stopped
 * or, on the stream, until it closes after the match is over (isOver()); on the stream, onEvent(event)
 * first with each narrated event it brings (the page's log takes them from there). */
export function follow(path, token, current, onChange, isOver, onEvent = () => {}) {
  let stopped = false, controller = null, poll = null, reading = false;
  const tick = async () => {
    const page = await get(`${path}/events?after=${current()}&limit=1`, token);
    if (page.version === current()) return false;
    await onChange();
    return true;
  };
  const startPolling = () => { if (!stopped && !poll) poll = poller(tick); };

  async function stream() {
    while (!stopped && !streamMissing) {
      controller = new AbortController();
      let response;
      try {
        response = await fetch(withLang(`${path}/stream?after=${current()}`), {
          headers: {Accept: "text/event-stream", ...(token ? {Authorization: `Bearer ${token}`} : {})},
          cache: "no-store", signal: controller.signal});
      } catch {
        break;
      }
      if (response.status === 404) {
        const body = await response.json().catch(() => null);
        streamMissing = body?.error?.code === "not_found";
      }
      if (!response.ok || !response.body) break;
      reading = true;
      const closed = await read(response.body, current, onChange, onEvent).catch(() => false);
      reading = false;
      if (!closed) break;                   // cut off: fall back to polling
      if (isOver()) return;                 // nothing more will come
    }                                       // else the server closed a long stream: reconnect
    startPolling();
  }
  stream();
  return {
    poke() { poll?.poke(); },
    /** The stream is being read: every event this caller may see comes down it, in order. */
    streaming() { return reading && !stopped; },
    stop() { stopped = true; controller?.abort(); poll?.stop(); },
  };
}

/** Reads SSE messages until the stream closes; true when it closed after a "caught-up" message. */
async function read(body, current, onChange, onEvent) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "", caughtUp = false;
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return caughtUp;
    buffer += value.replace(/\r\n/g, "\n");
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const kind = /^event: ?(.*)$/m.exec(message)?.[1];
      const id = Number(/^id: ?(\d+)$/m.exec(message)?.[1]);
      if (kind === "match-event") onEvent(parsed(message));
      if (kind === "match-event" && id > current()) await onChange();
      if (kind === "caught-up") caughtUp = true;
    }
  }
}

function parsed(message) {
  const data = message.split("\n").filter(line => line.startsWith("data:")).map(line => line.replace(/^data: ?/, "")).join("\n");
  try { return JSON.parse(data); } catch { return null; }
}
