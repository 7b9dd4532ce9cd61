/**
 * The decode check of uploaded images (requirements R14.13; §10 "uploads checked by size, type and
 * content"): the header says what an image claims, decoding proves the file is one. Decoding a
 * photo takes seconds of CPU and hundreds of MB for a moment, so it never runs on the main thread
 * (chargers and the console would stall): one worker thread (./image-decode.worker.mjs: fast-png
 * with CRCs checked after a bounded inflate, jpeg-js strict with its ceilings) checks one image at
 * a time, at most {@link DECODE_QUEUE} wait (785, HTTP 429, beyond), and one that takes longer
 * than {@link DECODE_TIMEOUT_MS} is refused (783) and its worker replaced. Call it only after the
 * pixel limits of ./upload.ts `checkImage` held.
 *
 * Answers nothing; throws AppError 783 naming `field` for a damaged, truncated or garbled file.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../domain/app-error.js';
import type { ImageInfo } from './image.js';

/** Images waiting for the worker beyond the one it checks; more → 785. */
export const DECODE_QUEUE = 8;
/** Longest check of one image (ms). */
export const DECODE_TIMEOUT_MS = 60_000;

interface Job {
  id: number;
  bytes: Uint8Array;
  info: ImageInfo;
  done: (ok: boolean) => void;
}

let worker: Worker | null = null;
let running: Job | null = null;
let timer: NodeJS.Timeout | undefined;
const waiting: Job[] = [];
let nextId = 1;

/** The worker, started on first use; it keeps no process alive. */
function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./image-decode.worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: { id: number; ok: boolean }) => {
    if (running?.id === m.id) finish(m.ok);
  });
  w.on('error', () => {
    if (worker === w) {
      worker = null;
      finish(false);
    }
  });
  w.on('exit', () => {
    if (worker === w) {
      worker = null;
      finish(false);
    }
  });
  worker = w;
  return w;
}

function finish(ok: boolean): void {
  clearTimeout(timer);
  const job = running;
  running = null;
  job?.done(ok);
  startNext();
}

function startNext(): void {
  if (running || waiting.length === 0) return;
  const job = waiting.shift()!;
  running = job;
  timer = setTimeout(() => {
    const w = worker;
    worker = null; // a new one serves the next image
    finish(false);
    void w?.terminate();
  }, DECODE_TIMEOUT_MS);
  timer.unref();
  theWorker().postMessage({ id: job.id, bytes: job.bytes, type: job.info.type, width: job.info.width, height: job.info.height });
}

/** Decodes `buf` (whose header gave `info`) in the worker; 783 naming `field` when it is not a whole, sound image, 785 when too many wait. */
export async function assertDecodes(buf: Buffer, info: ImageInfo, field: string): Promise<void> {
  if (waiting.length >= DECODE_QUEUE) throw new AppError(785, field);
  const ok = await new Promise<boolean>((done) => {
    waiting.push({ id: nextId++, bytes: new Uint8Array(buf), info, done });
    startNext();
  });
  if (!ok) throw new AppError(783, field);
}
