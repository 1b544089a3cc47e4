'use strict';
/**
 * Ceilings: what a scenario's target is compared with, measured in the same run and in alternating
 * rounds. A scenario names one as
 *   ceiling: { name, description?, start(ctx, state) -> Promise<{ url, stop, pid?, expect? }> }
 * (`pid` lets the harness report the server's CPU use; `expect: { status }` is what its responses
 * are checked against, any 2xx when absent). `nodeHttp()` builds the usual one.
 */
const path = require('node:path');
const { startNode } = require('./children');

const SERVER = path.join(__dirname, 'ceiling-server.js');

/**
 * A bare `node:http` server in a child process that answers every request with the same response.
 * Give it the target's response (status, content type, body) so both sides send the same bytes.
 */
function nodeHttp({ status = 200, headers = { 'Content-Type': 'text/plain; charset=utf-8' }, body = 'OK' } = {}) {
  return {
    name: 'node:http',
    description: `bare \`node:http\` server answering ${status} \`${body.length > 40 ? `${body.slice(0, 37)}...` : body}\` (${headers['Content-Type'] ?? headers['content-type'] ?? 'no content type'})`,
    async start() {
      const child = startNode('ceiling', [SERVER, JSON.stringify({ status, headers, body })], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      });
      const port = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`The ceiling server did not start within 10 s\n${child.tail()}`)), 10_000);
        child.child.once('message', (message) => {
          clearTimeout(timer);
          resolve(message.port);
        });
        child.exitPromise.then(({ code, signal }) => {
          clearTimeout(timer);
          reject(new Error(`The ceiling server exited during start-up (code ${code}, signal ${signal})\n${child.tail()}`));
        });
      });
      return { url: `http://127.0.0.1:${port}`, pid: child.pid, expect: { status }, stop: () => child.stop(3000) };
    },
  };
}

module.exports = { nodeHttp };
