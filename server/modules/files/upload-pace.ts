/**
 * The time budget of an upload from a charger (requirements R15.15): a slow-loris trickle must
 * not hold an upload place, a database hold and a descriptor for ever. {@link guardPace} watches
 * an {@link UploadSink} and destroys it with AppError 756 when
 * - the upload has run longer than `timeLimitMs` (UPLOAD_TIME_LIMIT_S), or
 * - fewer than `minBytesPerS × windowMs / 1000` bytes arrived during the last `windowMs`
 *   (UPLOAD_MIN_BYTES_PER_S; 0 turns the rate check off).
 * The sink then gives the upload up (nothing kept, the token free for the charger's retry); the
 * receivers answer 408 (HTTP) or 550 (FTP). One timer per upload in progress, cleared at its end.
 */
import { AppError } from '../../../domain/app-error.js';
import type { UploadSink } from './upload.js';

/** Limits of {@link guardPace} (milliseconds, bytes per second). */
export interface UploadPace {
  timeLimitMs: number;
  minBytesPerS: number;
  windowMs: number;
}

/**
 * Watches `sink` until it finishes, fails or is destroyed; see the module.
 * @returns a function that stops watching (called by itself at the sink's end).
 */
export function guardPace(sink: UploadSink, pace: UploadPace, onCut?: (reason: 'time' | 'rate') => void): () => void {
  const started = Date.now();
  let lastCheck = started;
  let lastBytes = 0;
  const tick = Math.max(50, Math.min(pace.windowMs, pace.timeLimitMs, 1000));
  const cut = (reason: 'time' | 'rate') => {
    stop();
    onCut?.(reason);
    sink.destroy(new AppError(756, 'file', reason === 'time' ? { timeLimitS: pace.timeLimitMs / 1000 } : { minBytesPerS: pace.minBytesPerS }));
  };
  const timer = setInterval(() => {
    if (sink.writableEnded || sink.destroyed) return stop(); // all received (the commit is under way), or given up
    const now = Date.now();
    if (now - started >= pace.timeLimitMs) return cut('time');
    if (pace.minBytesPerS > 0 && now - lastCheck >= pace.windowMs) {
      const got = sink.received - lastBytes;
      if (got < (pace.minBytesPerS * (now - lastCheck)) / 1000) return cut('rate');
      lastCheck = now;
      lastBytes = sink.received;
    }
  }, tick);
  timer.unref();
  const stop = () => clearInterval(timer);
  // No 'close' listener: ftp-srv's STOR emits 'close' instead of ending a stream that has one.
  sink.once('finish', stop);
  sink.once('error', stop);
  return stop;
}
