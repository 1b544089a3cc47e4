import type { Queue } from 'bullmq';
import { DependencyUnavailableError } from '@common/errors/dependency-unavailable';
import type { AnalyticsJob, PackedTrack, TrackEventsJob } from '@modules/analytics/jobs/analytics.queue';
import { TrackEventBatcher } from './track-event.batcher';

interface ControlledAdd {
  job: TrackEventsJob;
  jobId: string;
  answered: boolean;
  succeed: () => void;
  fail: (error: Error) => void;
}

/** Every add of the running test: each must be answered before it ends (else its deadline fires later, in another test). */
let addsOfTest: ControlledAdd[] = [];

/** A queue whose adds the test answers one by one; its connection is up. */
function controlledQueue() {
  const adds: ControlledAdd[] = [];
  const queue = {
    name: 'analytics',
    backend: { client: Promise.resolve({ status: 'ready' }) },
    add: (_name: string, job: AnalyticsJob, options: { jobId: string }) =>
      new Promise<void>((resolve, reject) => {
        const add: ControlledAdd = {
          job: job as TrackEventsJob,
          jobId: options.jobId,
          answered: false,
          succeed: () => ((add.answered = true), resolve()),
          fail: (error) => ((add.answered = true), reject(error)),
        };
        adds.push(add);
        addsOfTest.push(add);
      }),
  };
  return { queue: queue as unknown as Queue<AnalyticsJob>, adds };
}

afterEach(() => {
  const unanswered = addsOfTest.filter((add) => !add.answered).length;
  addsOfTest = [];
  expect(unanswered).toBe(0);
});

const event = (n: number): PackedTrack => ['call', null, 1_700_000_000_000 + n, `{"n":${n}}`];
const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Settles microtasks and the next turn's immediates. */
const settled = async () => {
  for (let i = 0; i < 5; i++) await turn();
};

/** A batcher whose first event's add is under way (not answered yet). */
async function addUnderWay() {
  const { queue, adds } = controlledQueue();
  const batcher = new TrackEventBatcher(queue);
  const first = batcher.store('a', event(1));
  await settled();
  expect(adds).toHaveLength(1);
  return { batcher, adds, first };
}

describe('TrackEventBatcher', () => {
  it('sends the events of one turn as one job, by shop in order, and answers each only once it is stored', async () => {
    const { queue, adds } = controlledQueue();
    const batcher = new TrackEventBatcher(queue);
    const answered: number[] = [];
    [
      ['a', 1],
      ['b', 2],
      ['a', 3],
    ].forEach(([shop, n]) => void batcher.store(shop as string, event(n as number)).then(() => answered.push(n as number)));
    await settled();
    expect(adds).toHaveLength(1);
    expect(adds[0].job).toEqual({
      kind: 'track-events',
      base: expect.any(String),
      shops: [
        ['a', [event(1), event(3)]],
        ['b', [event(2)]],
      ],
    });
    expect(adds[0].jobId).toBe(`track-events-${adds[0].job.base}`);
    expect(answered).toEqual([]);
    adds[0].succeed();
    await settled();
    expect(answered.sort()).toEqual([1, 2, 3]);
  });

  it('holds the next turns’ events while an add is under way and sends them together when it ends', async () => {
    const { batcher, adds, first } = await addUnderWay();
    const second = batcher.store('a', event(2));
    await settled();
    const third = batcher.store('a', event(3));
    await settled();
    expect(adds).toHaveLength(1);
    adds[0].succeed();
    await first;
    await settled();
    expect(adds).toHaveLength(2);
    expect(adds[1].job.shops).toEqual([['a', [event(2), event(3)]]]);
    adds[1].succeed();
    await expect(Promise.all([second, third])).resolves.toEqual([undefined, undefined]);
    // Nothing under way any more: the next event goes out in its own turn.
    const fourth = batcher.store('a', event(4));
    await settled();
    expect(adds).toHaveLength(3);
    adds[2].succeed();
    await fourth;
  });

  it('sends a held batch after 50 ms when the add under way does not end (a Redis that does not answer)', async () => {
    const { batcher, adds, first: hanging } = await addUnderWay();
    const held = batcher.store('a', event(2));
    await settled();
    expect(adds).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await settled();
    expect(adds).toHaveLength(2);
    expect(adds[1].job.shops).toEqual([['a', [event(2)]]]);
    adds[1].succeed();
    await expect(held).resolves.toBeUndefined();
    // Answered before the request's own deadline would fail it (and leave nothing pending).
    adds[0].succeed();
    await expect(hanging).resolves.toBeUndefined();
  });

  it('sends a full batch at once, even while an add is under way', async () => {
    const { batcher, adds, first } = await addUnderWay();
    const stored = [first];
    for (let n = 1; n <= 200; n++) stored.push(batcher.store('a', event(n)));
    expect(adds).toHaveLength(1);
    await settled();
    expect(adds).toHaveLength(2);
    expect(adds[1].job.shops[0][1]).toHaveLength(200);
    adds.forEach((add) => add.succeed());
    await Promise.all(stored);
  });

  it('fails every request of a batch that cannot be stored, and only those', async () => {
    const { queue, adds } = controlledQueue();
    const batcher = new TrackEventBatcher(queue);
    const lost = [batcher.store('a', event(1)), batcher.store('b', event(2))];
    await settled();
    const kept = batcher.store('a', event(3));
    await settled();
    adds[0].fail(new Error('READONLY You can’t write against a read only replica.'));
    await Promise.all(lost.map((stored) => expect(stored).rejects.toThrow('READONLY')));
    await settled();
    adds[1].succeed();
    await expect(kept).resolves.toBeUndefined();
  });

  it('refuses at once, with the dependency named, while the queue’s connection is down', async () => {
    const { queue, adds } = controlledQueue();
    (queue as unknown as { backend: unknown }).backend = { client: Promise.resolve({ status: 'reconnecting' }) };
    const batcher = new TrackEventBatcher(queue);
    await expect(batcher.store('a', event(1))).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(adds).toEqual([]);
  });
});
