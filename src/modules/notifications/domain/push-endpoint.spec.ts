import { isAllowedPushHost, parseAllowedPushHosts, pushEndpointProblem } from './push-endpoint';

describe('push endpoints (decisions §12)', () => {
  const allowed = parseAllowedPushHosts(' fcm.googleapis.com, *.Notify.Windows.com ,127.0.0.1');

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
    ['http://fcm.googleapis.com/fcm/send/abc', 'The endpoint must be an https:// URL.'],
    ['https://user:secret@fcm.googleapis.com/fcm/send/abc', 'The endpoint must not contain credentials.'],
    ['https://169.254.169.254/latest/meta-data', 'The endpoint is not on an allowed push service.'],
    ['https://fcm.googleapis.com@evil.example/', 'The endpoint must not contain credentials.'],
    ['https://', 'The endpoint must be a valid URL.'],
    ['not a url', 'The endpoint must be a valid URL.'],
  ])('%s → %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, allowed)).toBe(problem);
  });
});
