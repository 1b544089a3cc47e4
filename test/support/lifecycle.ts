interface Running {
  stop: () => Promise<void>;
}

/** What the hooks of this test file have started and not stopped yet, in the order they started. */
const running: Running[] = [];

/**
 * Something a describe block shares (an app, a fake server, a client, a shop): started in its
 * beforeAll, stopped in its afterAll, and usable as the value itself inside tests and later hooks.
 *
 *   const smtp = useStarted(startFakeSmtpServer, (server) => server.close());
 *   const t = useTestApp(() => ({ env: { MAIL_URL: smtp.url } }));
 *
 * Starts run in the order of declaration, so declare first what a later start needs. Stops run in
 * the reverse order of the starts (the app above closes before the server it mails to).
 */
export function useStarted<T extends object>(start: () => Promise<T>, stop?: (value: T) => Promise<void> | void): T {
  let current: T | undefined;
  let entry: Running | undefined;
  beforeAll(async () => {
    const value = await start();
    current = value;
    entry = {
      stop: async () => {
        current = undefined;
        await stop?.(value);
      },
    };
    running.push(entry);
  });
  afterAll(async () => {
    const index = entry ? running.indexOf(entry) : -1;
    if (index === -1) return; // never started, or already stopped with something started before it
    const failures: unknown[] = [];
    for (const later of running.splice(index).reverse()) await later.stop().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  });
  return new Proxy({} as T, {
    get(_target, property) {
      if (!current)
        throw new Error(`Used outside its describe block's lifetime (reading "${String(property)}"): use it inside a test or a hook.`);
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
