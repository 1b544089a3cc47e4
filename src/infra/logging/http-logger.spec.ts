import { Writable } from 'node:stream';
import { createRootLogger } from './http-logger';

function capture(): { lines: string[]; destination: Writable } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

describe('createRootLogger', () => {
  it('writes JSON lines, and Nest’s start-up chatter only at debug', () => {
    const info = capture();
    const logger = createRootLogger('info', { destination: info.destination });
    logger.info({ context: 'RouterExplorer' }, 'Mapped {/api/v1/orders, POST} route');
    logger.info({ context: 'InstanceLoader' }, 'AppModule dependencies initialized');
    logger.info({ context: 'Bootstrap' }, 'Storefront API listening');
    expect(info.lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['Storefront API listening']);

    const debug = capture();
    createRootLogger('debug', { destination: debug.destination }).info(
      { context: 'RouterExplorer' },
      'Mapped {/api/v1/orders, POST} route',
    );
    expect(JSON.parse(debug.lines[0])).toEqual(expect.objectContaining({ level: 20, msg: 'Mapped {/api/v1/orders, POST} route' }));
  });

  it('writes readable lines when pretty, for a person at a terminal', async () => {
    const pretty = capture();
    createRootLogger('info', { pretty: true, destination: pretty.destination }).info({ port: 3000 }, 'Storefront API listening');
    await new Promise((resolve) => setImmediate(resolve));
    expect(pretty.lines[0]).toMatch(/INFO.*Storefront API listening/);
    expect(() => JSON.parse(pretty.lines[0])).toThrow();
  });
});
