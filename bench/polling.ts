/**
 * Polling trigger comparison bench (issue 16), standalone: `npx tsx bench/polling.ts`.
 * 2,500 tracked shipments with 4 containers each (10,000), as JSON:API pages of 100 shipments with their
 * containers included (what GET /shipments?include=containers answers); a baseline, then 1 % of the
 * containers changed (a hold released and a milestone reached), then nothing changed. Reports the list
 * requests a poll sends (pages + 1 tracking-request page), the changes found, the CPU time of the
 * comparison and the static data bytes per container. Not yet a section of `npm run bench` (run.ts).
 */
import { compare } from '../nodes/Terminal49/polling/compare';

const SHIPMENTS = 2500;
const PER = 4;

function pages(changed: Set<number>) {
	const out = [];
	for (let p = 0; p < SHIPMENTS / 100; p++) {
		const data = [];
		const included = [];
		for (let i = p * 100; i < (p + 1) * 100; i++) {
			const ids = [];
			for (let k = 0; k < PER; k++) {
				const n = i * PER + k;
				const id = `c0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
				ids.push({ type: 'container', id });
				const moved = changed.has(n);
				included.push({
					id,
					type: 'container',
					attributes: {
						number: `BNCH${String(n).padStart(7, '0')}`,
						current_status: moved ? 'available' : 'on_ship',
						pod_arrived_at: '2026-11-20T10:00:00Z',
						pod_discharged_at: moved ? '2026-11-22T10:00:00Z' : null,
						available_for_pickup: moved,
						holds_at_pod_terminal: moved ? [] : [{ name: 'customs', status: 'hold' }],
						import_deadlines: {
							pickup_lfd_line: '2026-11-30T08:00:00Z',
							pickup_lfd_terminal: null,
							pickup_lfd_rail: null,
						},
						pickup_lfd: '2026-11-30T08:00:00Z',
						pickup_appointment_at: null,
						fees_at_pod_terminal: [],
					},
				});
			}
			data.push({
				id: `s0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
				type: 'shipment',
				attributes: { pod_eta_at: '2026-11-20T10:00:00Z', line_tracking_stopped_at: null },
				relationships: { containers: { data: ids } },
			});
		}
		out.push({ data, included, meta: { total: SHIPMENTS } });
	}
	return out;
}

function cpuMs(fn: () => void): number {
	const start = process.cpuUsage();
	fn();
	const used = process.cpuUsage(start);
	return (used.user + used.system) / 1000;
}

const now = '2026-11-24T00:00:00Z';
const basePages = pages(new Set());
const baseline = compare(undefined, basePages, [], now).state;
const changed = new Set<number>();
for (let n = 0; n < SHIPMENTS * PER; n += 100) changed.add(n); // 1 %
const changedPages = pages(changed);
const rows = [];
for (const [label, input] of [
	['1 % changed', changedPages],
	['nothing changed', basePages],
] as const) {
	let result = compare(baseline, input, [], now); // warm-up
	const ms = cpuMs(() => {
		result = compare(baseline, input, [], now);
	});
	const containersWithChange = new Set(result.changes.map((c) => String(c.container?.id))).size;
	rows.push({
		poll: label,
		requests: `${input.length} shipment pages + 1 tracking-request page = ${input.length + 1}`,
		containers: result.containers,
		'containers changed': containersWithChange,
		changes: result.changes.length,
		'comparison CPU ms': Math.round(ms * 10) / 10,
		'static data bytes / container':
			Math.round((JSON.stringify(result.state).length / result.containers) * 10) / 10,
	});
}
console.table(rows);
