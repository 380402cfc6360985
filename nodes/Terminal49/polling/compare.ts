import type { IDataObject } from 'n8n-workflow';

import type { IncludedIndex, JsonApiDocument, ResourceObject } from '../client/jsonApi';
import { attributesOf, identifiersOf, indexIncluded, lookup, resourcesOf } from '../client/jsonApi';
import { lfdValues, selectsLfd } from '../domain/deadlines';
import type { ContainerState } from './fingerprint';
import {
	activeHolds,
	containerFingerprint,
	decodeContainer,
	decodeTime,
	encodeTime,
	feeCodeOf,
	keyOf,
	terminalCode,
	MILESTONES,
	shipmentFingerprint,
} from './fingerprint';

/**
 * The comparison of the polling trigger: what the API shows now (the pages of tracked shipments with their
 * containers, the tracking requests updated lately) against the fingerprints of the previous poll. Pure:
 * no request, no clock; the caller saves the new state only once the whole poll has succeeded.
 */

export const STATE_VERSION = 1;
/** Tracking-request statuses remembered at most (the most recently changed); older ones are forgotten. */
export const MAX_TRACKING_REQUESTS = 2000;

/** The node static data of the polling trigger. */
export interface PollState extends IDataObject {
	v: number;
	/** container key -> fingerprint */
	c: IDataObject;
	/** shipment key -> fingerprint */
	s: IDataObject;
	/** tracking request key -> status code */
	t: IDataObject;
	/** the newest tracking request `updated_at` seen (ISO 8601) */
	tc: string;
}

/** The events of tracking-request statuses. */
export const TRACKING_REQUEST_EVENTS: Record<string, string> = {
	created: 'tracking_request.succeeded',
	awaiting_manifest: 'tracking_request.awaiting_manifest',
	failed: 'tracking_request.failed',
	tracking_stopped: 'tracking_request.tracking_stopped',
};
const TR_STATUS_CODES = ['pending', 'created', 'awaiting_manifest', 'failed', 'tracking_stopped'];

export interface Change {
	event: string;
	shipment?: ResourceObject;
	container?: ResourceObject;
	trackingRequest?: ResourceObject;
	index: IncludedIndex;
	/** `{field: [old, new]}` built from the two fingerprints. */
	changeset?: IDataObject;
	/** The milestone's timestamp field, for `container.transport.*` milestones. */
	milestoneField?: string;
	/** The container's status at the previous poll. */
	statusFrom?: string | null;
	/** What tells this change from another of the same event without a changeset (the new POD terminal's id). */
	identity?: string;
}

export interface TrackedPage {
	document: JsonApiDocument;
}

export interface CompareResult {
	state: PollState;
	changes: Change[];
	/** Containers and shipments read (and whether the list was complete). */
	containers: number;
	shipments: number;
	complete: boolean;
}

/**
 * The old side of a withdrawn milestone in the polling trigger's changeset (`{pod_full_out_at: ['reported',
 * null]}`): the poll keeps whether a milestone was reported, not its time.
 */
export const MILESTONE_REPORTED = 'reported';

const holdsArray = (names: string[]) => names.map((name) => ({ name, status: 'hold' }));

function feesBefore(code: string): IDataObject[] {
	if (code === '') return [];
	// Only a hash of the earlier fees is kept: a marker that says whether there were fees.
	return [{ type: code.startsWith('+') ? 'earlier_fees' : 'total', amount: null }];
}

/**
 * The records a page of tracked shipments resolves: what it included (the containers, their POD terminal) and
 * its own shipments, so that a container's item nests its shipment as Container > Get Many's does (the ETA its
 * risks read, the carrier).
 */
export function pageIndex(page: JsonApiDocument): IncludedIndex {
	return indexIncluded(resourcesOf(page), indexIncluded(page.included));
}

/** The id of a container's POD terminal, or null. */
const podTerminalIdOf = (container: ResourceObject): string | null => {
	const [identifier] = identifiersOf(container, 'pod_terminal');
	return identifier ? String(identifier.id) : null;
};

/** The changes of one container since its previous fingerprint. */
function containerChanges(
	before: ContainerState,
	container: ResourceObject,
	shipment: ResourceObject,
	index: IncludedIndex,
): Change[] {
	const a = attributesOf(container);
	const changes: Change[] = [];
	const base = { container, shipment, index, statusFrom: before.status };

	// Milestones reached, in journey order
	for (const { field, event } of MILESTONES) {
		if (!before.reached.has(field) && a[field]) {
			changes.push({
				...base,
				event,
				milestoneField: field,
				changeset: { [field]: [null, a[field]] },
			});
		}
	}

	const updated: IDataObject = {};
	const availableNow = a.available_for_pickup === true;
	if (availableNow !== before.available) {
		updated.available_for_pickup = [before.available, availableNow];
		changes.push({
			...base,
			event: availableNow ? 'container.transport.available' : 'container.transport.not_available',
			changeset: { available_for_pickup: [before.available, availableNow] },
		});
	}
	const holdsNow = activeHolds(a.holds_at_pod_terminal);
	if (holdsNow.join(',') !== before.holds.join(',')) {
		updated.holds_at_pod_terminal = [holdsArray(before.holds), a.holds_at_pod_terminal ?? []];
	}
	// The LFDs by the one rule (deadlines.ts): where Terminal49 selects the LFD, its selection is
	// `import_deadlines.pod.unified` and the sources are pod.line and pod.facility, in the changesets too
	const lfds = lfdValues(a);
	const selects = selectsLfd(a);
	const deadlinesBefore: IDataObject = {};
	const deadlinesAfter: IDataObject = {};
	for (const source of ['line', 'terminal', 'rail'] as const) {
		const field = `pickup_lfd_${source}`;
		const old = before.lfd[source];
		const value = (lfds.sources[source] ?? null) as string | null;
		if (old !== decodeTime(encodeSame(value))) {
			deadlinesBefore[field] = old;
			deadlinesAfter[field] = value;
			changes.push({
				...base,
				event: `container.pickup_lfd_${source}.changed`,
				changeset: { [field]: [old, value] },
			});
		}
	}
	const deadlinesChanged = () => {
		if (Object.keys(deadlinesBefore).length > 0)
			updated.import_deadlines = [deadlinesBefore, deadlinesAfter];
	};
	deadlinesChanged();
	const pickupValue = (lfds.terminal49 ?? null) as string | null;
	const pickupNow = decodeTime(encodeSame(pickupValue));
	if (pickupNow !== before.lfd.pickup) {
		let changeset: IDataObject;
		if (selects) {
			const unified = (current_value: unknown, current_selection?: unknown) => ({
				pod: { unified: { current_value, current_selection: current_selection ?? null } },
			});
			deadlinesBefore.pod = unified(before.lfd.pickup).pod;
			deadlinesAfter.pod = unified(pickupValue, lfds.selection).pod;
			changeset = {
				import_deadlines: [unified(before.lfd.pickup), unified(pickupValue, lfds.selection)],
			};
		} else {
			updated.pickup_lfd = [before.lfd.pickup, a.pickup_lfd ?? null];
			changeset = { pickup_lfd: [before.lfd.pickup, a.pickup_lfd ?? null] };
		}
		changes.push({ ...base, event: 'container.pickup_lfd.changed', changeset });
	}
	// the selected LFD alone changed: its pair in import_deadlines (the same objects otherwise)
	if (!updated.import_deadlines) deadlinesChanged();
	const appointmentNow = decodeTime(encodeSame(a.pickup_appointment_at));
	if (appointmentNow !== before.appointment) {
		updated.pickup_appointment_at = [before.appointment, a.pickup_appointment_at ?? null];
		changes.push({
			...base,
			event: 'container.pickup_appointment.changed',
			changeset: { pickup_appointment_at: [before.appointment, a.pickup_appointment_at ?? null] },
		});
	}
	// the POD terminal moved: known only when both sides have one (a state older than the code has none)
	const terminalId = podTerminalIdOf(container);
	if (before.terminal !== '' && terminalId && terminalCode(terminalId) !== before.terminal) {
		changes.push({ ...base, event: 'container.pod_terminal_changed', identity: terminalId });
	}
	if (feeCodeOf(a) !== before.fees) {
		updated.fees_at_pod_terminal = [feesBefore(before.fees), a.fees_at_pod_terminal ?? []];
	}
	// a milestone Terminal49 withdrew (its source event was invalidated: back to null). The poll kept only that it
	// was reported, not when: the old side says so
	for (const { field } of MILESTONES)
		if (before.reached.has(field) && !a[field]) updated[field] = [MILESTONE_REPORTED, null];
	if ((a.current_status ?? null) !== before.status) {
		updated.current_status = [before.status, a.current_status ?? null];
	}
	if (Object.keys(updated).length > 0) {
		changes.push({ ...base, event: 'container.updated', changeset: updated });
	}
	return changes;
}

/** A time as the fingerprint would give it back (so a value compares equal to its decoded self). */
function encodeSame(value: unknown): string | undefined {
	return encodeTime(value) || undefined;
}

/**
 * Compares the pages read now with the previous state (undefined: the first poll, a baseline that
 * reports nothing). Returns the new state and the changes, in the order found.
 */
export function compare(
	previous: PollState | undefined,
	pages: JsonApiDocument[],
	trackingPages: JsonApiDocument[],
	nowIso: string,
): CompareResult {
	const baseline = previous === undefined;
	const before: PollState = previous ?? { v: STATE_VERSION, c: {}, s: {}, t: {}, tc: nowIso };
	const c: IDataObject = {};
	const s: IDataObject = {};
	const changes: Change[] = [];
	let total: number | undefined;
	let containerCount = 0;
	let duplicate = false;
	const seen = new Set<string>();

	for (const page of pages) {
		const index = pageIndex(page);
		const meta = page.meta as IDataObject | undefined;
		if (meta && typeof meta.total === 'number') total = meta.total;
		for (const shipment of resourcesOf(page)) {
			const sa = attributesOf(shipment);
			const sKey = keyOf(String(shipment.id));
			if (seen.has(sKey)) duplicate = true;
			seen.add(sKey);
			// a shipment whose tracking stopped (a service that dropped the filter): not watched
			if (sa.line_tracking_stopped_at) continue;
			const shipmentFp = shipmentFingerprint(sa);
			s[sKey] = shipmentFp;
			const knownShipment = before.s[sKey] !== undefined;
			const etaBefore = before.s[sKey] as string | undefined;
			if (!baseline && knownShipment && etaBefore !== shipmentFp && shipmentFp !== '') {
				changes.push({
					event: 'shipment.estimated.arrival',
					shipment,
					index,
					changeset: { pod_eta_at: [decodeTime(etaBefore), sa.pod_eta_at ?? null] },
				});
			}
			for (const identifier of identifiersOf(shipment, 'containers')) {
				const container = lookup(index, identifier);
				if (!container) continue;
				containerCount++;
				const cKey = keyOf(String(container.id));
				const fingerprint = containerFingerprint(
					attributesOf(container),
					podTerminalIdOf(container),
				);
				c[cKey] = fingerprint;
				if (baseline) continue;
				const previousFp = before.c[cKey] as string | undefined;
				if (previousFp === undefined) {
					if (knownShipment)
						changes.push({ event: 'container.created', container, shipment, index });
					continue;
				}
				if (previousFp === fingerprint) continue;
				changes.push(...containerChanges(decodeContainer(previousFp), container, shipment, index));
			}
		}
	}

	// A list that shifted while it was read (a shipment seen twice, or fewer than the total): what was
	// not seen is kept as it was, so nothing seems new on the next poll.
	const shipments = Object.keys(s).length;
	const complete = !duplicate && (total === undefined || seen.size >= total);
	if (!complete) {
		for (const [key, value] of Object.entries(before.c)) if (c[key] === undefined) c[key] = value;
		for (const [key, value] of Object.entries(before.s)) if (s[key] === undefined) s[key] = value;
	}

	// Tracking requests updated lately: a status not seen before for the request is a change.
	const t: IDataObject = { ...before.t };
	let cursor = before.tc;
	for (const page of trackingPages) {
		const index = indexIncluded(page.included);
		for (const request of resourcesOf(page)) {
			const a = attributesOf(request);
			const status = String(a.status ?? '');
			const codeIndex = TR_STATUS_CODES.indexOf(status);
			const code = codeIndex >= 0 ? codeIndex.toString(36) : `!${status}`;
			const key = keyOf(String(request.id));
			const old = t[key];
			if (typeof a.updated_at === 'string' && a.updated_at > cursor) cursor = a.updated_at;
			if (old === code) continue;
			delete t[key];
			t[key] = code;
			const event = TRACKING_REQUEST_EVENTS[status];
			if (!baseline && event) {
				const shipment = identifiersOf(request, 'tracked_object')
					.map((identifier) => lookup(index, identifier))
					.find((resource) => resource?.type === 'shipment');
				changes.push({ event, trackingRequest: request, shipment, index });
			}
		}
	}
	const keys = Object.keys(t);
	for (const key of keys.slice(0, Math.max(0, keys.length - MAX_TRACKING_REQUESTS))) delete t[key];

	return {
		state: { v: STATE_VERSION, c, s, t, tc: cursor },
		changes,
		containers: containerCount,
		shipments,
		complete,
	};
}
