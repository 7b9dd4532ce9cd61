/**
 * One shared connection per browser tab to the console's live stream `GET /sp/live?token=<token>`
 * (server/modules/live; Server-Sent Events). Every hook that wants live updates (pages through
 * ./useLiveEvents.ts, the bell through `notice` frames) subscribes here instead of opening its own
 * EventSource: the stream opens with the first subscriber and closes with the last. The browser
 * reconnects by itself; a closed stream is reopened after 5 s.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<(connected: boolean) => void>();
let source: EventSource | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let connected = false;
/** The frame names of server/modules/live: the source always listens to these (no reopening when a page subscribes). */
const KNOWN = ['charger', 'order', 'gateway', 'notice'];
/** The names the open source listens to (a name outside them reopens it). */
let listening = new Set<string>();

function setConnected(v: boolean) {
  connected = v;
  for (const l of statusListeners) l(v);
}

function close() {
  if (retry) clearTimeout(retry);
  retry = undefined;
  source?.close();
  source = undefined;
  listening = new Set();
  setConnected(false);
}

function open(token: () => string | null) {
  const t = token();
  if (!t || typeof EventSource === 'undefined') return;
  const es = new EventSource(`/sp/live?token=${encodeURIComponent(t)}`);
  source = es;
  listening = new Set([...KNOWN, ...handlers.keys()]);
  es.onopen = () => setConnected(true);
  es.onerror = () => {
    setConnected(false);
    if (es.readyState === EventSource.CLOSED) {
      es.close();
      if (source === es) {
        source = undefined;
        retry = setTimeout(() => {
          retry = undefined;
          if (handlers.size) open(token);
        }, 5000);
      }
    }
  };
  for (const name of listening) {
    es.addEventListener(name, (e) => {
      let data: unknown = null;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        /* a frame without JSON: still a change */
      }
      for (const h of [...(handlers.get(name) ?? [])]) h(data);
    });
  }
}

/**
 * Calls `handler` with the parsed data of every `name` frame until the returned function is
 * called. `token` reads the session's token (the stream authenticates by query).
 */
export function subscribeLive(name: string, handler: Handler, token: () => string | null): () => void {
  let set = handlers.get(name);
  if (!set) handlers.set(name, (set = new Set()));
  set.add(handler);
  if (!source && !retry) open(token);
  else if (source && !listening.has(name)) {
    // A name the open stream does not listen to: reopen with every name.
    source.close();
    open(token);
  }
  return () => {
    const s = handlers.get(name);
    s?.delete(handler);
    if (s && s.size === 0) handlers.delete(name);
    if (handlers.size === 0) close();
  };
}

/** Whether the shared stream is open now, and its changes. */
export function liveConnected(): boolean {
  return connected;
}

/** Calls `fn` on every change of the stream's open state until the returned function is called. */
export function onLiveStatus(fn: (connected: boolean) => void): () => void {
  statusListeners.add(fn);
  return () => {
    statusListeners.delete(fn);
  };
}
