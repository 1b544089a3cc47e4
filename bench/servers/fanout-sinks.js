'use strict';
/**
 * The receiving end of the notification fan-out benchmark (bench/fanout.js), in a process of its own
 * so that receiving never waits behind the harness placing orders: a local SMTP server (the mail
 * channel), a local Web Push service over real TLS with a self-signed certificate (the push
 * channel), and Socket.IO clients in shops' rooms (the broadcast channel). Every arrival is
 * stamped with the wall clock when it is complete (Date.now(): the same clock as PostgreSQL's
 * now() and BullMQ's job timestamps on this machine).
 *
 * The hot path only records: pushes are decrypted (RFC 8291, to learn which order they tell of)
 * when the harness asks for the report.
 *
 * IPC: sends { type: 'ready', smtpUrl, pushOrigin, caFile } once listening, then answers
 *   { type: 'browser' }                 -> { type: 'browser', endpoint, keys }   a new subscription
 *   { type: 'socket', url, token, id }  -> { type: 'socket', id } once connected (or { error })
 *   { type: 'counts' }                  -> { type: 'counts', mails, pushes, broadcasts }
 *   { type: 'report' }                  -> { type: 'report', mails, pushes, broadcasts, errors }
 */
const { execFileSync } = require('node:child_process');
const { createDecipheriv, createECDH, hkdfSync, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const https = require('node:https');
const os = require('node:os');
const path = require('node:path');
const { SMTPServer } = require('smtp-server');
const { SMTPConnection } = require('smtp-server/lib/smtp-connection');
const { io } = require('socket.io-client');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-fanout-'));
const caFile = path.join(dir, 'cert.pem');
const keyFile = path.join(dir, 'key.pem');
execFileSync(
  'openssl',
  [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
    ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', caFile],
  ],
  { stdio: 'ignore' },
);

const mails = [];
const pushes = [];
const broadcasts = [];
const errors = [];

// smtp-server waits 100 ms before its greeting, to catch clients that talk too early (an anti-spam
// measure for mail from the internet, not what a relay does for its own application). The service
// opens a connection per mail, so that wait would be counted as its delivery time: greet at once.
SMTPConnection.prototype.init = function init() {
  this._setListeners(() => this.connectionReady());
};

// Mail: the recipient from the envelope and the order number from the subject ("<shop>: new order #1001").
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // A reverse DNS look-up of every connecting client would be measured as mail delivery time.
  disableReverseLookup: true,
  logger: false,
  size: 1024 * 1024,
  closeTimeout: 500,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const at = Date.now();
      const raw = Buffer.concat(chunks).toString('latin1');
      const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
      const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
      mails.push({ at, to: session.envelope.rcptTo.map((r) => r.address), orderNumber: /#(\S+)\s*$/.exec(subject)?.[1] ?? null });
      callback();
    });
  },
});
smtp.on('error', (error) => errors.push(`smtp: ${error.message}`));

// Push: one path per browser; 201 Created as a push service answers, the body kept for later.
const browsers = [];
const push = https.createServer({ cert: fs.readFileSync(caFile), key: fs.readFileSync(keyFile) }, (req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const at = Date.now();
    const index = Number(/^\/push\/(\d+)$/.exec(req.url ?? '')?.[1]);
    pushes.push({
      at,
      browser: Number.isInteger(index) ? index : null,
      encoding: req.headers['content-encoding'],
      body: Buffer.concat(chunks),
    });
    res.writeHead(201).end();
  });
});

// Broadcast: Socket.IO clients as a merchant's dashboard would connect.
const sockets = new Map();
function connectSocket({ url, token, id }) {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: true });
  sockets.set(id, socket);
  socket.onAny((event, payload) => broadcasts.push({ at: Date.now(), socket: id, event, orderId: payload?.order_id ?? null }));
  socket.once('connect', () => process.send({ type: 'socket', id }));
  socket.once('connect_error', (error) => {
    if (!socket.connected) process.send({ type: 'socket', id, error: error.message });
  });
}

/** The plaintext of an `aes128gcm` push (RFC 8188 framing, keys per RFC 8291 §3.4). */
function decrypt(browser, body) {
  const hkdf = (ikm, salt, info, length) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const secret = browser.ecdh.computeSecret(senderKey);
  const ikm = hkdf(secret, browser.auth, Buffer.concat([Buffer.from('WebPush: info\0', 'latin1'), browser.publicKey, senderKey]), 32);
  const key = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'), 16);
  const baseNonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0', 'latin1'), 12);
  const content = body.subarray(21 + keyIdLength);
  const plain = [];
  for (let start = 0, index = 0; start < content.length; start += recordSize, index++) {
    const record = content.subarray(start, start + recordSize);
    const nonce = Buffer.from(baseNonce);
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ index) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const opened = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    let end = opened.length - 1;
    while (end >= 0 && opened[end] === 0) end--;
    plain.push(opened.subarray(0, end)); // drops the record delimiter (1, or 2 for the last)
  }
  return Buffer.concat(plain).toString('utf8');
}

function pushReport() {
  return pushes.map(({ at, browser, encoding, body }) => {
    let orderId = null;
    try {
      if (encoding !== 'aes128gcm') throw new Error(`Content-Encoding ${encoding}`);
      orderId = JSON.parse(decrypt(browsers[browser], body)).data?.order_id ?? null;
    } catch (error) {
      errors.push(`push to browser ${browser}: ${error.message}`);
    }
    return { at, browser, orderId };
  });
}

process.on('message', (message) => {
  if (message.type === 'browser') {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    browsers.push({ ecdh, publicKey, auth });
    process.send({
      type: 'browser',
      endpoint: `https://127.0.0.1:${push.address().port}/push/${browsers.length - 1}`,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    });
  } else if (message.type === 'socket') {
    connectSocket(message);
  } else if (message.type === 'counts') {
    process.send({ type: 'counts', mails: mails.length, pushes: pushes.length, broadcasts: broadcasts.length });
  } else if (message.type === 'report') {
    process.send({ type: 'report', mails, pushes: pushReport(), broadcasts, errors });
  }
});

function close() {
  for (const socket of sockets.values()) socket.close();
  push.close();
  smtp.close(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
process.on('SIGTERM', close);

smtp.listen(0, '127.0.0.1', () =>
  push.listen(0, '127.0.0.1', () =>
    process.send({
      type: 'ready',
      smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
      pushOrigin: `https://127.0.0.1:${push.address().port}`,
      caFile,
    }),
  ),
);
