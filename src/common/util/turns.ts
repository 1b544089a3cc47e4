/**
 * At most `limit` of the works given to `run` at once in this process; the others wait for a turn,
 * in the order they came. A finishing work hands its turn straight to the next one waiting, so a
 * newcomer never slips in between and `limit` is never passed.
 */
export class Turns {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
