import { createDecipheriv, createECDH, createPublicKey, ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The browser's side of Web Push, written from the RFCs with node:crypto only (not with the library
 * the service sends with, so a shared mistake cannot hide): the subscription's key pair and auth
 * secret, decryption of `aes128gcm` (RFC 8188 + RFC 8291) and of the older `aesgcm` draft
 * (draft-ietf-webpush-encryption-04), and the push service's check of the VAPID JWT (RFC 8292).
 */

export type ContentEncoding = 'aes128gcm' | 'aesgcm';

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const TAG = 16;

const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
const text = (value: string) => Buffer.from(value, 'latin1');

/** A browser's subscription keys: what it gives the application server as `keys.p256dh` and `keys.auth`. */
export class BrowserKeys {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);
  readonly publicKey: Buffer = this.ecdh.generateKeys();

  get keys(): { p256dh: string; auth: string } {
    return { p256dh: this.publicKey.toString('base64url'), auth: this.authSecret.toString('base64url') };
  }

  /** The plaintext of a push, decrypted per its Content-Encoding header. */
  decrypt(push: ReceivedPush): Buffer {
    const encoding = push.headers['content-encoding'];
    if (encoding === 'aes128gcm') return this.decryptAes128gcm(push.body);
    if (encoding === 'aesgcm') return this.decryptAesgcm(push);
    throw new Error(`Unknown Content-Encoding ${String(encoding)}`);
  }

  /** RFC 8188 header (salt, rs, keyid = the sender's ephemeral public key), keys per RFC 8291 §3.4. */
  private decryptAes128gcm(body: Buffer): Buffer {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body.readUInt8(20);
    const senderKey = body.subarray(21, 21 + keyIdLength);
    const secret = this.ecdh.computeSecret(senderKey);
    const ikm = hkdf(secret, this.authSecret, Buffer.concat([text('WebPush: info\0'), this.publicKey, senderKey]), 32);
    const key = hkdf(ikm, salt, text('Content-Encoding: aes128gcm\0'), 16);
    const nonce = hkdf(ikm, salt, text('Content-Encoding: nonce\0'), 12);
    const records = chunks(body.subarray(21 + keyIdLength), recordSize);
    return Buffer.concat(
      records.map((record, index) => {
        const plain = openRecord(key, nonce, index, record);
        const last = index === records.length - 1;
        let end = plain.length - 1;
        while (end >= 0 && plain[end] === 0) end -= 1;
        if (plain[end] !== (last ? 2 : 1)) throw new Error('Bad record delimiter');
        return plain.subarray(0, end);
      }),
    );
  }

  /** Salt from `Encryption`, the sender's key from `Crypto-Key: dh=`; records start with a 2-byte padding length. */
  private decryptAesgcm(push: ReceivedPush): Buffer {
    const salt = Buffer.from(headerParam(push.headers.encryption, 'salt'), 'base64url');
    const senderKey = Buffer.from(headerParam(push.headers['crypto-key'], 'dh'), 'base64url');
    const recordSize = Number(headerParam(push.headers.encryption, 'rs', '4096'));
    const secret = this.ecdh.computeSecret(senderKey);
    const ikm = hkdf(secret, this.authSecret, text('Content-Encoding: auth\0'), 32);
    const context = Buffer.concat([text('P-256\0'), lengthPrefixed(this.publicKey), lengthPrefixed(senderKey)]);
    const key = hkdf(ikm, salt, Buffer.concat([text('Content-Encoding: aesgcm\0'), context]), 16);
    const nonce = hkdf(ikm, salt, Buffer.concat([text('Content-Encoding: nonce\0'), context]), 12);
    return Buffer.concat(
      chunks(push.body, recordSize + TAG).map((record, index) => {
        const plain = openRecord(key, nonce, index, record);
        const padding = plain.readUInt16BE(0);
        if (plain.subarray(2, 2 + padding).some((byte) => byte !== 0)) throw new Error('Bad padding');
        return plain.subarray(2 + padding);
      }),
    );
  }
}

function openRecord(key: Buffer, baseNonce: Buffer, sequence: number, record: Buffer): Buffer {
  // The record's sequence number XORed into the nonce's low bytes (small sequences: the last 4 suffice).
  const nonce = Buffer.from(baseNonce);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG));
  return Buffer.concat([decipher.update(record.subarray(0, record.length - TAG)), decipher.final()]);
}

function chunks(data: Buffer, size: number): Buffer[] {
  const result: Buffer[] = [];
  for (let start = 0; start < data.length; start += size) result.push(data.subarray(start, start + size));
  return result;
}

function lengthPrefixed(value: Buffer): Buffer {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(value.length);
  return Buffer.concat([length, value]);
}

/** `name=value` out of a header of `;`- or `,`-separated parameters (`Crypto-Key: dh=…;p256ecdsa=…`). */
function headerParam(header: string | string[] | undefined, name: string, fallback?: string): string {
  const value = [header ?? []]
    .flat()
    .join(';')
    .split(/[;,]/)
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
  if (value === undefined && fallback === undefined) throw new Error(`No ${name}= in "${String(header)}"`);
  return value ?? fallback!;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * What a push service checks of a push's VAPID authorization: the JWT and the key it names
 * (`Authorization: vapid t=<jwt>, k=<key>` with aes128gcm; `Authorization: WebPush <jwt>` and
 * `Crypto-Key: p256ecdsa=<key>` with aesgcm), an ES256 signature by that key, `aud` the endpoint's
 * origin, `exp` in the future and within 24 hours. Answers the key and the claims; throws otherwise.
 */
export function verifyVapid(push: ReceivedPush, audience: string): { publicKey: string; claims: VapidClaims } {
  const authorization = String(push.headers.authorization ?? '');
  let token: string;
  let publicKey: string;
  if (authorization.startsWith('vapid ')) {
    token = headerParam(authorization.slice(6), 't');
    publicKey = headerParam(authorization.slice(6), 'k');
  } else if (authorization.startsWith('WebPush ')) {
    token = authorization.slice(8);
    publicKey = headerParam(push.headers['crypto-key'], 'p256ecdsa');
  } else {
    throw new Error(`No VAPID authorization: "${authorization}"`);
  }
  const [header, payload, signature] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('VAPID JWT is not ES256');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims;
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== audience) throw new Error(`VAPID aud ${claims.aud} is not ${audience}`);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`VAPID exp ${claims.exp} is not within the next 24 h`);
  return { publicKey, claims };
}
