'use strict';
/**
 * The ceiling: a bare `node:http` server answering every request with one fixed response. Run in
 * its own process (forked by ceilings.js) so that it has a core of its own exactly as the service
 * does, and never shares an event loop with the load generator. Reports its port over IPC.
 *
 * argv[2]: JSON { status, headers, body }
 */
const http = require('node:http');

const { status = 200, headers = {}, body = 'OK' } = JSON.parse(process.argv[2] || '{}');
const payload = Buffer.from(body);
const responseHeaders = { ...headers, 'Content-Length': String(payload.length) };

const server = http.createServer((req, res) => {
  // Drain any request body before answering, as a real endpoint would have to.
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.writeHead(status, responseHeaders);
    res.end(payload);
    return;
  }
  req.resume();
  req.on('end', () => {
    res.writeHead(status, responseHeaders);
    res.end(payload);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.send({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
