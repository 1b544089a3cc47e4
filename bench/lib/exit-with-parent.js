'use strict';
/**
 * Preloaded (`node --require`) into every child the harness starts with an IPC channel. When the
 * channel closes, the harness is gone (even if it was SIGKILLed and ran no handler): the child
 * asks itself to shut down (SIGTERM, so the service closes its pools) and is forced out shortly after.
 */
if (typeof process.send === 'function') {
  // The channel must not keep an otherwise finished process alive.
  if (process.channel && typeof process.channel.unref === 'function') process.channel.unref();
  process.once('disconnect', () => {
    setTimeout(() => process.exit(1), 3000).unref();
    process.kill(process.pid, 'SIGTERM');
  });
}
