/**
 * A read of a dependency made at scrape time, bounded so that a hung dependency never hangs the
 * scrape: past `timeoutMs` the scrape goes on without it. While one read is still in flight (the
 * dependency hangs), later scrapes wait on that same read instead of piling up new ones.
 */
export class BoundedRead<T> {
  private inFlight: Promise<T> | undefined;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly timeoutMs: number,
  ) {}

  /** The value, or undefined when the read failed or took too long. */
  async value(): Promise<T | undefined> {
    if (!this.inFlight) {
      const started = this.read();
      this.inFlight = started;
      const clear = () => {
        if (this.inFlight === started) this.inFlight = undefined;
      };
      started.then(clear, clear);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.timeoutMs);
    });
    try {
      return await Promise.race([this.inFlight.catch(() => undefined), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
