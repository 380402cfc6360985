/** Small helpers for the benchmarks: machine facts, RSS sampling of a process tree, formatting. */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';

export function machine() {
	return {
		date: new Date().toISOString(),
		nproc: os.cpus().length,
		cpu: os.cpus()[0]?.model ?? 'unknown',
		memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
		node: process.version,
		platform: `${os.type()} ${os.release()} ${os.arch()}`,
	};
}

function children(pid: number): number[] {
	try {
		const out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
		return out
			.split('\n')
			.map((s) => Number(s.trim()))
			.filter((n) => n > 0);
	} catch {
		return [];
	}
}

function rssKiB(pid: number): number {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const m = /VmRSS:\s+(\d+) kB/.exec(status);
		return m ? Number(m[1]) : 0;
	} catch {
		return 0;
	}
}

/** Sum of RSS of a process and its descendants (MiB). */
export function treeRssMiB(pid: number): number {
	const all = [pid];
	for (let i = 0; i < all.length && i < 64; i++) all.push(...children(all[i]));
	return all.reduce((sum, p) => sum + rssKiB(p), 0) / 1024;
}

/** Samples the RSS of a process tree every `intervalMs` until stopped; returns baseline and peak (MiB). */
export function sampleRss(pid: number, intervalMs = 100) {
	const baseline = treeRssMiB(pid);
	let peak = baseline;
	const timer = setInterval(() => {
		peak = Math.max(peak, treeRssMiB(pid));
	}, intervalMs);
	return {
		baseline,
		stop() {
			clearInterval(timer);
			peak = Math.max(peak, treeRssMiB(pid));
			return { baselineMiB: Math.round(baseline), peakMiB: Math.round(peak) };
		},
	};
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	if (sorted.length === 0) return NaN;
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
	const sorted = [...values].sort((a, b) => a - b);
	if (sorted.length === 0) return NaN;
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 2) =>
	Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n;

/** A markdown table. */
export function table(headers: string[], rows: Array<Array<string | number>>): string {
	const lines = [`| ${headers.join(' | ')} |`, `|${headers.map(() => '---').join('|')}|`];
	for (const row of rows) lines.push(`| ${row.map((c) => String(c)).join(' | ')} |`);
	return lines.join('\n');
}

export function log(message: string) {
	process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}
