import { checkDownload, downloadSigningKey, signDownload } from './download-signature';

const key = downloadSigningKey('test-app-key-0123456789abcdef0123456789abcdef');
const id = '0b7c3e1e-4a8e-4d55-9a53-0b0c1d2e3f40';
const other = '1b7c3e1e-4a8e-4d55-9a53-0b0c1d2e3f40';
const now = Date.UTC(2025, 0, 1);
const expires = now / 1000 + 60;

describe('download signatures', () => {
  const signature = signDownload(key, id, expires);

  it('accepts its own signature until the second it names', () => {
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(checkDownload(key, id, String(expires), signature, now)).toBe('valid');
    expect(checkDownload(key, id, String(expires), signature, expires * 1000)).toBe('expired');
  });

  it('refuses another file, another time, another key, and any altered or malformed value', () => {
    expect(checkDownload(key, other, String(expires), signature, now)).toBe('invalid');
    expect(checkDownload(key, id, String(expires + 1), signature, now)).toBe('invalid');
    expect(checkDownload(downloadSigningKey('another-app-key-0123456789abcdef0123456789'), id, String(expires), signature, now)).toBe(
      'invalid',
    );
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(checkDownload(key, id, String(expires), flipped, now)).toBe('invalid');
    for (const [e, s] of [
      [undefined, signature],
      [String(expires), undefined],
      [[String(expires)], signature],
      [String(expires), signature.toUpperCase()],
      [String(expires), signature.slice(2)],
      [`${expires}.0`, signature],
      ['-1', signature],
    ]) {
      expect(checkDownload(key, id, e, s, now)).toBe('invalid');
    }
  });

  it('is not the plain HMAC of APP_KEY (the key is derived for downloads only)', () => {
    expect(key.equals(Buffer.from('test-app-key-0123456789abcdef0123456789abcdef'))).toBe(false);
  });
});
