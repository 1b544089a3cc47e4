import {
  isAllowedPushHost,
  parseAllowedPushHosts,
  parseAllowedPushPorts,
  pushEndpointProblem,
  canonicalPushEndpoint,
} from './push-endpoint';

describe('push endpoints (decisions §12, §15)', () => {
  const allowed = parseAllowedPushHosts(' fcm.googleapis.com, *.Notify.Windows.com ,127.0.0.1');
  const rules = { hosts: allowed, ports: parseAllowedPushPorts('443, 8443') };

  it('reads PUSH_ALLOWED_PORTS as numbers', () => {
    expect(parseAllowedPushPorts(' 443,8443 ,')).toEqual([443, 8443]);
  });

  it('reads the list lower-cased and trimmed', () => {
    expect(allowed).toEqual(['fcm.googleapis.com', '*.notify.windows.com', '127.0.0.1']);
  });

  it.each([
    ['fcm.googleapis.com', true],
    ['FCM.googleapis.com', true],
    ['wns2-par02p.notify.windows.com', true],
    ['a.b.notify.windows.com', true],
    ['notify.windows.com', false],
    ['evilnotify.windows.com', false],
    ['fcm.googleapis.com.evil.example', false],
    ['googleapis.com', false],
    ['127.0.0.1', true],
  ])('host %s allowed: %s', (host, expected) => {
    expect(isAllowedPushHost(host, allowed)).toBe(expected);
  });

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', null],
    ['https://127.0.0.1:8443/push/1', null],
    ['https://fcm.googleapis.com:443/fcm/send/abc', null],
    ['https://127.0.0.1:9443/push/1', 'The endpoint must use a port of PUSH_ALLOWED_PORTS.'],
    ['https://127.0.0.1;.notify.windows.com/x', 'The endpoint host must be a plain DNS name (letters, digits, "-" and ".").'],
    ['https://wns2_par.notify.windows.com/x', 'The endpoint host must be a plain DNS name (letters, digits, "-" and ".").'],
    ['https://wns%32.notify.windows.com/x', 'The endpoint is read differently by URL parsers: send it in its plain form.'],
    ['https://@fcm.googleapis.com/fcm/send/abc', 'The endpoint must not contain credentials.'],
    ['https://fcm.googleapis.com:/fcm/send/abc', null],
    ['http://fcm.googleapis.com/fcm/send/abc', 'The endpoint must be an https:// URL.'],
    ['https://user:secret@fcm.googleapis.com/fcm/send/abc', 'The endpoint must not contain credentials.'],
    ['https://169.254.169.254/latest/meta-data', 'The endpoint is not on an allowed push service.'],
    ['https://fcm.googleapis.com@evil.example/', 'The endpoint must not contain credentials.'],
    ['https://', 'The endpoint must be a valid URL.'],
    ['not a url', 'The endpoint must be a valid URL.'],
  ])('%s → %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, rules)).toBe(problem);
  });

  it.each([
    ['https://FCM.googleapis.com:443/fcm/send/a', 'https://fcm.googleapis.com/fcm/send/a'],
    ['https://127.0.0.1:8443/push/1', 'https://127.0.0.1:8443/push/1'],
    ['https://fcm.googleapis.com/a b', 'https://fcm.googleapis.com/a%20b'],
  ])('stores %s as %s', (endpoint, stored) => {
    expect(pushEndpointProblem(stored, rules)).toBeNull();
    expect(canonicalPushEndpoint(endpoint)).toBe(stored);
  });
});
