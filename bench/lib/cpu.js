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

/**
 * Seconds of CPU used so far by every process named `comm` (e.g. `postgres`, `redis-server`),
 * including children they have already reaped: a PostgreSQL backend that exits during a round
 * (pgbench's connections do) has its time added to the postmaster's cutime/cstime. Null when none
 * is visible. Other users of the same server are counted too: this is the server's load, not ours.
 */
function groupCpuSeconds(comm) {
  let total = 0;
  let found = false;
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  const procs = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (name !== comm) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    procs.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      reaped: Number(fields[13]) + Number(fields[14]),
    });
  }
  const pids = new Set(procs.map((p) => p.pid));
  for (const p of procs) {
    found = true;
    total += p.own;
    // Only the top of the tree: a child's reaped time is already in its parent's once it exits.
    if (!pids.has(p.ppid)) total += p.reaped;
  }
  return found ? total / clockTicks() : null;
}

/** Like cpuMeter, for every process named `comm`. */
function groupCpuMeter(comm) {
  const start = groupCpuSeconds(comm);
  const t0 = process.hrtime.bigint();
  return () => {
    const end = groupCpuSeconds(comm);
    if (start === null || end === null) return null;
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    return wall > 0 ? Math.max(0, end - start) / wall : null;
  };
}

/**
 * Seconds that the threads of `pid` have spent waiting in the kernel's run queue (runnable, but no
 * CPU free), from /proc/<pid>/task/<tid>/schedstat; null where it is not available. On a shared
 * machine this is the time the process lost to its neighbours (and to the other processes here).
 */
function runQueueSeconds(pid) {
  try {
    let total = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        total += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        /* thread gone meanwhile */
      }
    }
    return total / 1e9;
  } catch {
    return null;
  }
}

/** The same for every process named `comm` (processes that exited meanwhile are not counted). */
function groupRunQueueSeconds(comm) {
  let total = null;
  let entries;
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let name;
    try {
      name = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (name !== comm) continue;
    const waited = runQueueSeconds(Number(entry));
    if (waited !== null) total = (total ?? 0) + waited;
  }
  return total;
}

module.exports = { cpuSeconds, cpuMeter, selfCpuMeter, groupCpuSeconds, groupCpuMeter, runQueueSeconds, groupRunQueueSeconds };
