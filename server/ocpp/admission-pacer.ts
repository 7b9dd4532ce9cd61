/**
 * Admission pacing (requirements R12.34, "reconnect storms"): at most `limit` connections are
 * warming up at once — admitted, and not yet answered their first CALL (a BootNotification,
 * usually). A handshake beyond that waits, in arrival order, before its checks run; so when
 * 10 000 chargers reconnect at once they come in as fast as the server answers their Boots,
 * instead of all at once with every Boot queued behind the others. A handshake that waited
 * `maxWaitMs` is answered HTTP 503 (the charger retries) rather than left hanging.
 *
 * A slot is given back when the connection's first answer goes out, when it closes, when its
 * handshake is refused, or after `warmupMs` whatever happens (a charger that says nothing).
 */
export class AdmissionPacer {
  private warming = 0;
  private readonly waiting: { grant: (release: () => void) => void; timer: NodeJS.Timeout }[] = [];
  private turnedAway = 0;
  /** The release of each admitted connection still warming up, by its session. */
  private readonly held = new WeakMap<object, () => void>();

  constructor(
    readonly limit: number,
    private readonly warmupMs = 5_000,
    private readonly maxWaitMs = 30_000,
  ) {}

  /**
   * Waits for a warm-up slot. Answers its release (idempotent), or null when no slot came within
   * `maxWaitMs` (answer 503). With `limit` 0 pacing is off: a slot at once, always.
   */
  enter(): Promise<(() => void) | null> {
    if (this.limit <= 0) return Promise.resolve(() => undefined);
    if (this.warming < this.limit) {
      this.warming++;
      return Promise.resolve(this.slot());
    }
    return new Promise((resolve) => {
      const entry = {
        grant: (release: () => void) => {
          clearTimeout(entry.timer);
          resolve(release);
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(entry);
          if (at >= 0) this.waiting.splice(at, 1);
          this.turnedAway++;
          resolve(null);
        }, this.maxWaitMs),
      };
      entry.timer.unref();
      this.waiting.push(entry);
    });
  }

  /** Keeps `release` with the admitted connection's session until {@link settle}. */
  hold(session: object, release: () => void): void {
    this.held.set(session, release);
  }

  /** The connection of `session` answered its first CALL or closed: its slot goes back. */
  settle(session: object): void {
    const release = this.held.get(session);
    if (!release) return;
    this.held.delete(session);
    release();
  }

  /** Handshakes waiting for a slot now (metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Connections warming up now. */
  get inWarmup(): number {
    return this.warming;
  }

  /** Handshakes answered 503 after waiting `maxWaitMs`, since the start. */
  get refused(): number {
    return this.turnedAway;
  }

  /**
   * The release of a slot already counted in `warming`; it fires by itself after `warmupMs`. On
   * release the slot passes to the first waiting handshake (the count stays) or is freed.
   */
  private slot(): () => void {
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      const next = this.waiting.shift();
      if (next) next.grant(this.slot());
      else this.warming--;
    };
    const timer = setTimeout(release, this.warmupMs);
    timer.unref();
    return release;
  }
}
