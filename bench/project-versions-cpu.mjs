/**
 * CPU time of the processes that answer a list request, read from /proc (Linux only), for
 * bench/project-versions.bench.mjs: the web process (the bench app, one Node process) and the
 * whole PostgreSQL server (the postmaster and every process it forked: backends, the job
 * queue's connections, autovacuum, checkpointer). CPU time moves far less with other work on a
 * shared box than wall-clock throughput does, so it is the figure that says what a request costs.
 *
 * A child that exits during the window (an autovacuum worker, a pool connection closed) is not
 * lost: the postmaster's cutime/cstime collect it when it is reaped.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Fields after the command name (which may hold spaces): [state, ppid, …]; index 11/12 = utime/stime, 13/14 = cutime/cstime. */
function statFields(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function ownMs(fields, withChildren = false) {
  const ticks = Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU ms of one process so far; throws when /proc cannot tell (a figure must never be silently 0). */
export function processCpuMs(pid) {
  const fields = statFields(pid);
  if (!fields) throw new Error(`no /proc/${pid}/stat: cannot measure CPU per request`);
  return ownMs(fields);
}

/** The postmaster of a server backend (its parent). */
export function parentOf(pid) {
  const fields = statFields(pid);
  if (!fields) throw new Error(`no /proc/${pid}/stat for the PostgreSQL backend`);
  return Number(fields[1]);
}

/** CPU ms of a PostgreSQL server so far: the postmaster with its reaped children, plus every live child. */
export function postgresCpuMs(postmasterPid) {
  const postmaster = statFields(postmasterPid);
  if (!postmaster) throw new Error(`no /proc/${postmasterPid}/stat for the postmaster`);
  let total = ownMs(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === postmasterPid) total += ownMs(fields);
  }
  return total;
}

/**
 * Starts a window; `stop(requests)` gives the CPU ms per request of the web process, the
 * PostgreSQL server and this (client) process, and their sum for web + database.
 */
export function cpuWindow({ webPid, postmasterPid }) {
  const started = { web: processCpuMs(webPid), db: postgresCpuMs(postmasterPid), client: process.cpuUsage() };
  return {
    stop(requests) {
      if (!(requests > 0)) throw new Error('no requests answered in the CPU window');
      const client = process.cpuUsage(started.client);
      const per = (ms) => Math.round((ms / requests) * 1000) / 1000;
      const web = per(processCpuMs(webPid) - started.web);
      const db = per(postgresCpuMs(postmasterPid) - started.db);
      return {
        web,
        db,
        total: Math.round((web + db) * 1000) / 1000,
        client: per((client.user + client.system) / 1000),
        requests,
      };
    },
  };
}

export const formatCpu = (cpu) =>
  `CPU per request: web ${cpu.web} ms + PostgreSQL ${cpu.db} ms = ${cpu.total} ms (bench client ${cpu.client} ms), ${cpu.requests} requests`;
