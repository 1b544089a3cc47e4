'use strict';
/** CPU time of a process from /proc (Linux), to tell which side of a round was the bottleneck. */
const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Seconds of CPU (user + system) used so far by `pid`, or null where /proc is not available. */
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ", field 0 is state; utime and stime are fields 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
}

/** Starts a measurement; the returned function gives CPU use as a fraction of one core since then. */
function cpuMeter(pid) {
  const start = cpuSeconds(pid);
  const t0 = process.hrtime.bigint();
  return () => {
    const end = cpuSeconds(pid);
    if (start === null || end === null) return null;
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    return wall > 0 ? (end - start) / wall : null;
  };
}

/** The same for this process (where autocannon runs). */
function selfCpuMeter() {
  const start = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  return () => {
    const used = process.cpuUsage(start);
    const wall = Number(process.hrtime.bigint() - t0) / 1e3;
    return wall > 0 ? (used.user + used.system) / wall : null;
  };
}

module.exports = { cpuSeconds, cpuMeter, selfCpuMeter };
