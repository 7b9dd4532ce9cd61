/**
 * Live updates: the named events in `events` (default `charger` and `order`; the gateway and
 * station pages add `gateway`) of the shared live stream (./liveStream.ts, `GET /sp/live`) call
 * `onEvent`, throttled to at most one call per `throttleMs` (2 s). `pollMs` (30 s) also calls it
 * on a timer, so the page stays fresh without the stream. Returns whether the stream is open.
 */
import { useEffect, useRef, useState } from 'react';
import { throttle } from '../utils/debounce';
import { TOKEN_KEY } from '../../authProvider/session';
import { liveConnected, onLiveStatus, subscribeLive } from './liveStream';

export const LIVE_EVENTS = ['charger', 'order'] as const;

/** The session's token, read at each (re)connection. */
export const liveToken = () => localStorage.getItem(TOKEN_KEY);

/** Whether the shared live stream is open (re-renders on change). */
export function useLiveConnected(): boolean {
  const [connected, setConnected] = useState(liveConnected);
  useEffect(() => onLiveStatus(setConnected), []);
  return connected;
}

export function useLiveEvents(onEvent: () => void, { throttleMs = 2000, pollMs = 30000, events = LIVE_EVENTS as readonly string[] } = {}) {
  const callback = useRef(onEvent);
  callback.current = onEvent;
  const connected = useLiveConnected();
  const eventKey = events.join(',');

  useEffect(() => {
    const fire = throttle(() => callback.current(), throttleMs);
    const poll = setInterval(() => callback.current(), pollMs);
    const offs = eventKey.split(',').map((name) => subscribeLive(name, () => fire(), liveToken));
    return () => {
      fire.cancel();
      clearInterval(poll);
      for (const off of offs) off();
    };
  }, [throttleMs, pollMs, eventKey]);

  return connected;
}
