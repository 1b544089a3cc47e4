import { Turns } from './turns';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('Turns', () => {
  it('runs at most its limit at once, the others in the order they came, never more even as newcomers arrive', async () => {
    const turns = new Turns(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const work = (index: number) => async () => {
      started.push(index);
      most = Math.max(most, ++running);
      await gates[index].promise;
      running--;
      return index;
    };
    const results = [0, 1, 2, 3].map((index) => turns.run(work(index)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);

    gates[0].resolve();
    await results[0];
    // A newcomer while 2 and 3 wait: it queues behind them.
    results.push(turns.run(work(4)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);

    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('gives the turn back when a work fails', async () => {
    const turns = new Turns(1);
    await expect(turns.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    await expect(turns.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
