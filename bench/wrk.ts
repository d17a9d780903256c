// wrk (C, Debian package `wrk`) as the load generator of the benches that compare figures: it
// takes a fraction of a core where autocannon, in the bench's own Node process, takes a third of
// the two cores from the server it measures. One thread, `connections` connections.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  tool: string;
}

/**
 * One wrk run against `url`. With `rotate`, each request carries the next value of that header
 * in turn (100 viewers' tokens), through a Lua script. Asynchronous, so writes that go on meanwhile
 * (likes) keep running in this process.
 */
export async function wrk(
  url: string,
  opts: {
    headers?: Record<string, string>;
    connections?: number;
    duration: number;
    rotate?: { header: string; values: string[] };
  },
): Promise<LoadFigures> {
  if (!hasWrk) throw new Error("wrk fehlt: 'apt-get install -y wrk'");
  const args = ['-t1', `-c${opts.connections ?? 20}`, `-d${opts.duration}s`, '--latency'];
  for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('-H', `${k}: ${v}`);
  let script: string | undefined;
  if (opts.rotate) {
    script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hp-wrk-')), 'rotate.lua');
    const values = opts.rotate.values.map((v) => JSON.stringify(v)).join(',');
    fs.writeFileSync(
      script,
      `local values = {${values}}\nlocal i = 0\nrequest = function()\n  i = i % #values + 1\n  wrk.headers[${JSON.stringify(opts.rotate.header)}] = values[i]\n  return wrk.format(nil)\nend\n`,
    );
    args.push('-s', script);
  }
  const child = spawn('wrk', [...args, url]);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.once('close', resolve));
  if (script) fs.rmSync(path.dirname(script), { recursive: true, force: true });
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(out);
    if (!m) return NaN;
    return Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2] as 'us' | 'ms' | 's'];
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  if (Number.isNaN(rps)) throw new Error(`wrk: keine Messwerte\n${out}`);
  return {
    rps,
    p50: Math.round(ms('50%') * 100) / 100,
    p99: Math.round(ms('99%') * 100) / 100,
    errors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    tool: 'wrk',
  };
}

/** The median of a few figures (rounds of one measurement). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
