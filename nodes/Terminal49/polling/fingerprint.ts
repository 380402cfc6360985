import { createHash } from 'node:crypto';
import type { IDataObject } from 'n8n-workflow';

import { CONTAINER_STATUSES } from '../domain/statuses';
import { lfdValues } from '../domain/deadlines';

/**
 * The polling trigger's memory of a container or a shipment: a compact fingerprint string, never the
 * record. It keeps what the comparison needs to name a change with its old value (holds by name, LFDs,
 * appointment, ETA) and only a bit or a short hash for the rest (milestones reached, fees).
 *
 * Container: `status~flags~holds~lfdLine~lfdTerminal~lfdRail~pickupLfd~appointment~fees~terminal`, trailing
 * empty fields dropped; `terminal` a 4-character hash of its POD terminal's id, absent when it has none (and in a
 * state written before it was kept: then not known, so not a change). Times are epoch seconds in base 36
 * (6 characters), a date-only value `d` + days; the combined `pickup_lfd` is `l`, `t` or `r` when it is the
 * line's, terminal's or rail's LFD. The LFDs are read by the one rule (deadlines.ts lfdValues): where Terminal49
 * selects the LFD, `pickupLfd` is the one it selected and line and terminal are `pod.line` and `pod.facility`.
 * A typical container costs 8 (key) + 2 to 50 (fingerprint) + 6 (JSON quotes, colon, comma) bytes.
 */

/** Container milestone timestamps and the `container.transport.*` event each one reaching means. */
export const MILESTONES: Array<{ field: string; event: string; place: 'pol' | 'pod' | 'ind' }> = [
	{ field: 'empty_out_at', event: 'container.transport.empty_out', place: 'pol' },
	{ field: 'pol_full_in_at', event: 'container.transport.full_in', place: 'pol' },
	{ field: 'pol_vessel_loaded_at', event: 'container.transport.vessel_loaded', place: 'pol' },
	{ field: 'pol_vessel_departed_at', event: 'container.transport.vessel_departed', place: 'pol' },
	{ field: 'pod_arrived_at', event: 'container.transport.vessel_arrived', place: 'pod' },
	{ field: 'pod_discharged_at', event: 'container.transport.vessel_discharged', place: 'pod' },
	{ field: 'pod_rail_loaded_at', event: 'container.transport.rail_loaded', place: 'pod' },
	{ field: 'pod_rail_departed_at', event: 'container.transport.rail_departed', place: 'pod' },
	{
		field: 'ind_ata_at',
		event: 'container.transport.arrived_at_inland_destination',
		place: 'ind',
	},
	{ field: 'ind_rail_unloaded_at', event: 'container.transport.rail_unloaded', place: 'ind' },
	{ field: 'pod_full_out_at', event: 'container.transport.full_out', place: 'pod' },
	{ field: 'delivered_at', event: 'container.transport.delivered', place: 'pod' },
	{ field: 'empty_terminated_at', event: 'container.transport.empty_in', place: 'pod' },
];
const AVAILABLE_BIT = 1 << MILESTONES.length;

/** A short stable key for a record id (48 bits of its SHA-1: no collision among millions of ids). */
export function keyOf(id: string): string {
	return createHash('sha1').update(id).digest('base64url').slice(0, 8);
}

/** An LFD, appointment or ETA, compactly; `''` for none. */
export function encodeTime(value: unknown): string {
	if (typeof value !== 'string' || value === '') return '';
	if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
		return 'd' + Math.round(Date.parse(`${value}T00:00:00Z`) / 86_400_000).toString(36);
	}
	const ms = Date.parse(value);
	if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(ms) && ms % 1000 === 0 && ms >= 0) {
		return (ms / 1000).toString(36);
	}
	return '!' + value.replace(/~/g, '-');
}

/** The value encodeTime encoded, as an ISO 8601 string (`…T04:00:00Z`), or null. */
export function decodeTime(code: string | undefined): string | null {
	if (!code) return null;
	if (code.startsWith('!')) return code.slice(1);
	if (code.startsWith('d')) {
		return new Date(parseInt(code.slice(1), 36) * 86_400_000).toISOString().slice(0, 10);
	}
	return new Date(parseInt(code, 36) * 1000).toISOString().replace('.000Z', 'Z');
}

function feeCode(fees: unknown): string {
	if (!Array.isArray(fees) || fees.length === 0) return '';
	const has = fees.some(
		(fee) => fee && typeof fee === 'object' && (fee as IDataObject).type !== 'total',
	);
	return (
		(has ? '+' : '-') +
		createHash('sha1').update(JSON.stringify(fees)).digest('base64url').slice(0, 4)
	);
}

/** Names of the active holds (status `hold`), sorted, each as often as it is active. */
export function activeHolds(holds: unknown): string[] {
	if (!Array.isArray(holds)) return [];
	return holds
		.filter((hold) => hold && typeof hold === 'object' && (hold as IDataObject).status === 'hold')
		.map((hold) => String((hold as IDataObject).name ?? 'unnamed').replace(/[~,]/g, ' '))
		.sort();
}

/** A POD terminal's id in a fingerprint: 4 characters of its SHA-1; `''` for none. */
export function terminalCode(terminalId: string | null | undefined): string {
	return terminalId ? createHash('sha1').update(terminalId).digest('base64url').slice(0, 4) : '';
}

/** What a container fingerprint holds, decoded. */
export interface ContainerState {
	status: string | null;
	reached: Set<string>;
	available: boolean;
	holds: string[];
	lfd: { line: string | null; terminal: string | null; rail: string | null; pickup: string | null };
	appointment: string | null;
	/** `''`: no fees; else whether fees (not only a total) are listed, and their hash. */
	fees: string;
	/** The POD terminal's code (terminalCode); `''` none or not known (a state written before it was kept). */
	terminal: string;
}

/** The fingerprint of a container (its attributes as the API sends them, and its POD terminal's id). */
export function containerFingerprint(
	container: IDataObject,
	podTerminalId?: string | null,
): string {
	const statusIndex = CONTAINER_STATUSES.indexOf(container.current_status as never);
	const status =
		statusIndex >= 0
			? statusIndex.toString(36)
			: typeof container.current_status === 'string'
				? `!${container.current_status.replace(/~/g, '-')}`
				: '';
	let flags = 0;
	MILESTONES.forEach(({ field }, bit) => {
		if (container[field]) flags |= 1 << bit;
	});
	if (container.available_for_pickup === true) flags |= AVAILABLE_BIT;
	const lfds = lfdValues(container);
	const line = encodeTime(lfds.sources.line);
	const terminal = encodeTime(lfds.sources.terminal);
	const rail = encodeTime(lfds.sources.rail);
	const pickupCode = encodeTime(lfds.terminal49);
	const pickup =
		pickupCode === ''
			? ''
			: pickupCode === line
				? 'l'
				: pickupCode === terminal
					? 't'
					: pickupCode === rail
						? 'r'
						: pickupCode;
	const fields = [
		status,
		flags.toString(36),
		activeHolds(container.holds_at_pod_terminal).join(','),
		line,
		terminal,
		rail,
		pickup,
		encodeTime(container.pickup_appointment_at),
		feeCode(container.fees_at_pod_terminal),
		terminalCode(podTerminalId),
	];
	while (fields.length > 2 && fields[fields.length - 1] === '') fields.pop();
	return fields.join('~');
}

export function decodeContainer(fingerprint: string): ContainerState {
	const [
		status = '',
		flagText = '0',
		holds = '',
		line,
		terminal,
		rail,
		pickup = '',
		appointment,
		fees = '',
		podTerminal = '',
	] = fingerprint.split('~');
	const flags = parseInt(flagText, 36) || 0;
	const lfd = { line: decodeTime(line), terminal: decodeTime(terminal), rail: decodeTime(rail) };
	const pickupLfd =
		pickup === 'l'
			? lfd.line
			: pickup === 't'
				? lfd.terminal
				: pickup === 'r'
					? lfd.rail
					: decodeTime(pickup);
	return {
		status: status.startsWith('!')
			? status.slice(1)
			: status === ''
				? null
				: (CONTAINER_STATUSES[parseInt(status, 36)] ?? null),
		reached: new Set(MILESTONES.filter((_, bit) => flags & (1 << bit)).map((m) => m.field)),
		available: (flags & AVAILABLE_BIT) !== 0,
		holds: holds === '' ? [] : holds.split(','),
		lfd: { ...lfd, pickup: pickupLfd },
		appointment: decodeTime(appointment),
		fees,
		terminal: podTerminal,
	};
}

export function feeCodeOf(container: IDataObject): string {
	return feeCode(container.fees_at_pod_terminal);
}

/** A shipment's fingerprint: its ETA at the port of discharge. */
export function shipmentFingerprint(shipment: IDataObject): string {
	return encodeTime(shipment.pod_eta_at);
}
