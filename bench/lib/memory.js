'use strict';
/** Resident memory of a process from /proc/<pid>/status (Linux): now (VmRSS) and its peak so far (VmHWM). */
const fs = require('node:fs');

/** { rssMiB, peakMiB } of `pid`, or null where /proc is not available. */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
      return match ? Number(match[1]) : null;
    };
    const rss = kib('VmRSS');
    const peak = kib('VmHWM');
    return rss === null ? null : { rssMiB: rss / 1024, peakMiB: peak === null ? null : peak / 1024 };
  } catch {
    return null;
  }
}

module.exports = { memoryOf };
