/**
 * `react-dom/server` as it loads with NODE_ENV=production (node_modules/react-dom/server.node.js),
 * for the test processes, whose NODE_ENV is `test` (jest.config.js maps React to its production
 * build: the build the service runs, and several times faster to render with).
 */
const { join } = require('node:path');

// By path: the package's `exports` do not list its builds.
const builds = join(__dirname, '../../node_modules/react-dom/cjs');
const legacy = require(join(builds, 'react-dom-server-legacy.node.production.js'));
const streaming = require(join(builds, 'react-dom-server.node.production.js'));

exports.version = legacy.version;
exports.renderToString = legacy.renderToString;
exports.renderToStaticMarkup = legacy.renderToStaticMarkup;
exports.renderToPipeableStream = streaming.renderToPipeableStream;
exports.renderToReadableStream = streaming.renderToReadableStream;
exports.resumeToPipeableStream = streaming.resumeToPipeableStream;
exports.resume = streaming.resume;
