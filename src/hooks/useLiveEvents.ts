/**
 * Live updates: the server-sent event stream `GET /sp/live?token=<token>` (EventSource; the
 * browser reconnects by itself, and a closed stream is reopened after 5 s). The named events in
 * `events` (default `charger` and `order`; the gateway and station pages add `gateway`) call
 * `onEvent`, throttled to at most one call per `throttleMs` (2 s).
 * `pollMs` (30 s) also calls it on a timer, so the page stays fresh without the stream.
 */
import { useEffect, useRef, useState } from 'react';
import { throttle } from '../utils/debounce';
import { TOKEN_KEY } from '../../authProvider/session';

export const LIVE_EVENTS = ['charger', 'order'] as const;

export function useLiveEvents(onEvent: () => void, { throttleMs = 2000, pollMs = 30000, events = LIVE_EVENTS as readonly string[] } = {}) {
  const callback = useRef(onEvent);
  callback.current = onEvent;
  const [connected, setConnected] = useState(false);
  const eventKey = events.join(',');

  useEffect(() => {
    const fire = throttle(() => callback.current(), throttleMs);
    const poll = setInterval(() => callback.current(), pollMs);
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      const token = localStorage.getItem(TOKEN_KEY);
      if (stopped || !token || typeof EventSource === 'undefined') return;
      source = new EventSource(`/sp/live?token=${encodeURIComponent(token)}`);
      source.onopen = () => setConnected(true);
      source.onerror = () => {
        setConnected(false);
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(open, 5000);
        }
      };
      for (const name of eventKey.split(',')) source.addEventListener(name, () => fire());
    };
    open();
    return () => {
      stopped = true;
      fire.cancel();
      clearInterval(poll);
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [throttleMs, pollMs, eventKey]);

  return connected;
}
