/** Control API under /_sandbox (no auth, loopback only): drive state, inject faults, read logs. */
import type { SandboxApp } from './app';
import type { ContainerPatch } from './container-state';
import { KEYS } from './auth';
import { EVENT_SET } from './events';
import { FAULT_KINDS } from './faults';
import type { Reply } from './router';
import { isCalendarDate } from './pod-deadlines';
import { HOLD_NAMES } from './generator';
import type { FaultSpec, SandboxOptions } from './types';

const CONTAINER_STATUSES = [
	'new',
	'on_ship',
	'available',
	'not_available',
	'grounded',
	'on_rail',
	'picked_up',
	'off_dock',
	'delivered',
	'dropped',
	'loaded',
	'empty_returned',
	'awaiting_inland_transfer',
];
const FEE_TYPES = ['demurrage', 'extended_dwell_time', 'exam', 'total', 'other'];

class ControlError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
	}
}

const ok = (body: unknown, status = 200): Reply => ({
	status,
	body,
	contentType: 'application/json',
});
const bad = (message: string) => new ControlError(400, message);

function validatePatch(p: Record<string, unknown>): ContainerPatch {
	const holds = p.holds_at_pod_terminal ?? p.holds;
	if (holds !== undefined) {
		if (!Array.isArray(holds)) throw bad('holds must be an array');
		for (const h of holds as Array<Record<string, unknown>>) {
			if (!HOLD_NAMES.includes(h?.name as never))
				throw bad(`hold name must be one of ${HOLD_NAMES.join(', ')} (case-sensitive)`);
			if (h.status !== 'hold' && h.status !== 'pending')
				throw bad('hold status must be hold or pending');
		}
	}
	const fees = p.fees_at_pod_terminal ?? p.fees;
	if (fees !== undefined) {
		if (!Array.isArray(fees)) throw bad('fees must be an array');
		for (const f of fees as Array<Record<string, unknown>>) {
			if (!FEE_TYPES.includes(f?.type as string))
				throw bad(`fee type must be one of ${FEE_TYPES.join(', ')}`);
			if (typeof f.amount !== 'number' || f.amount < 0)
				throw bad('fee amount must be a number >= 0');
		}
	}
	const deadlines = { ...((p.import_deadlines as Record<string, unknown>) ?? {}), ...p };
	const calculated = p.pickup_lfd_line_calculated;
	if (calculated !== undefined && calculated !== null && !isCalendarDate(calculated))
		throw bad(
			"pickup_lfd_line_calculated must be a date YYYY-MM-DD (the terminal's calendar) or null",
		);
	for (const k of ['pickup_lfd_terminal_manual', 'line_lfd_withheld'])
		if (p[k] !== undefined && typeof p[k] !== 'boolean') throw bad(`${k} must be true or false`);
	for (const k of [
		'pickup_lfd_line',
		'pickup_lfd_terminal',
		'pickup_lfd_rail',
		'pickup_appointment_at',
	]) {
		const v = deadlines[k];
		if (v !== undefined && v !== null && (typeof v !== 'string' || Number.isNaN(Date.parse(v))))
			throw bad(`${k} must be an ISO 8601 date-time or null`);
	}
	if (p.available_for_pickup !== undefined && typeof p.available_for_pickup !== 'boolean')
		throw bad('available_for_pickup must be a boolean');
	if (
		p.current_status !== undefined &&
		p.current_status !== null &&
		!CONTAINER_STATUSES.includes(p.current_status as string)
	)
		throw bad(`current_status must be one of ${CONTAINER_STATUSES.join(', ')}`);
	return p as ContainerPatch;
}

export function summary(app: SandboxApp) {
	return {
		baseUrl: app.baseUrl,
		widgetUrl: app.options.widgetUrl,
		keys: KEYS,
		fixtures: app.fixtures(),
		counts: {
			containers: app.store.containers.size,
			shipments: app.store.shipments.size,
			tracking_requests: app.store.trackingRequests.size,
			webhooks: app.store.webhooks.size,
			webhook_notifications: app.store.notifications.size,
			requests: app.store.requests.length,
			deliveries: app.store.deliveries.length,
		},
		pending_tracking_requests: app.pendingTrackingRequestIds(),
		faults: app.faults.list(),
		options: {
			seed: app.options.seed,
			containers: app.options.containers,
			epoch: new Date(app.options.epoch).toISOString(),
			rateWindowMs: app.options.rateWindowMs,
			rateLimits: app.limiter.limits,
			carrierDelayMs: app.options.carrierDelayMs,
			webhookRetryScale: app.options.webhookRetryScale,
			webhookTimeoutMs: app.options.webhookTimeoutMs,
			webhookDeactivateAfter: app.options.webhookDeactivateAfter,
			ignoredFilters: app.options.ignoredFilters,
			strictAccept: app.options.strictAccept,
			meEndpoint: app.options.meEndpoint,
			trackingSlots: app.options.trackingSlots,
			legacyLists: app.options.legacyLists,
			deadlineShape: app.options.deadlineShape,
			hideLfdAfterPickup: app.options.hideLfdAfterPickup,
		},
	};
}

export async function handleControl(
	app: SandboxApp,
	method: string,
	path: string,
	query: Record<string, string>,
	raw: string,
): Promise<Reply> {
	try {
		let body: Record<string, unknown> = {};
		if (raw.trim()) {
			try {
				body = JSON.parse(raw);
			} catch {
				throw bad('body is not valid JSON');
			}
		}
		return await route(app, method, path.replace(/\/+$/, ''), query, body);
	} catch (e) {
		if (e instanceof ControlError) return ok({ error: e.message }, e.status);
		return ok({ error: e instanceof Error ? e.message : String(e) }, 500);
	}
}

async function route(
	app: SandboxApp,
	method: string,
	path: string,
	query: Record<string, string>,
	body: Record<string, unknown>,
): Promise<Reply> {
	const parts = path.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
	const is = (m: string, ...segs: string[]) =>
		method === m &&
		parts.length === segs.length &&
		segs.every((s, i) => s === '*' || s === parts[i]);
	const container = () => {
		const c = app.store.findContainer(parts[1]);
		if (!c) throw new ControlError(404, `container ${parts[1]} not found`);
		return c;
	};

	if (is('GET') || is('GET', 'state')) return ok(summary(app));
	if (is('GET', 'fixtures')) return ok(app.fixtures());
	if (is('PATCH', 'options')) {
		const {
			ignoredFilters,
			strictAccept,
			meEndpoint,
			trackingSlots,
			legacyLists,
			deadlineShape,
			hideLfdAfterPickup,
		} = body;
		if (hideLfdAfterPickup !== undefined && typeof hideLfdAfterPickup !== 'boolean')
			throw bad('hideLfdAfterPickup must be true or false');
		if (deadlineShape !== undefined && deadlineShape !== 'selected' && deadlineShape !== 'legacy')
			throw bad('deadlineShape must be selected or legacy');
		if (
			ignoredFilters !== undefined &&
			(!Array.isArray(ignoredFilters) || ignoredFilters.some((f) => typeof f !== 'string' || !f))
		)
			throw bad('ignoredFilters must be an array of query parameter names');
		if (strictAccept !== undefined && typeof strictAccept !== 'boolean')
			throw bad('strictAccept must be true or false');
		if (legacyLists !== undefined && typeof legacyLists !== 'boolean')
			throw bad('legacyLists must be true or false');
		if (meEndpoint !== undefined && typeof meEndpoint !== 'boolean')
			throw bad('meEndpoint must be true or false');
		const slots = trackingSlots as Record<string, unknown> | undefined;
		if (
			slots !== undefined &&
			(!slots ||
				typeof slots !== 'object' ||
				Array.isArray(slots) ||
				Object.entries(slots).some(
					([plan, limit]) =>
						!Object.values(app.keys).includes(plan as never) ||
						(limit !== null && (!Number.isInteger(limit) || (limit as number) < 0)),
				))
		)
			throw bad('trackingSlots must map plans (paid, basic, lite, free) to a whole number or null');
		if (ignoredFilters !== undefined) app.options.ignoredFilters = ignoredFilters as string[];
		if (strictAccept !== undefined) app.options.strictAccept = strictAccept;
		if (meEndpoint !== undefined) app.options.meEndpoint = meEndpoint;
		if (slots !== undefined)
			app.options.trackingSlots = {
				...app.options.trackingSlots,
				...(slots as SandboxOptions['trackingSlots']),
			};
		if (legacyLists !== undefined) app.options.legacyLists = legacyLists;
		if (deadlineShape !== undefined) app.options.deadlineShape = deadlineShape;
		if (hideLfdAfterPickup !== undefined) app.options.hideLfdAfterPickup = hideLfdAfterPickup;
		return ok(summary(app).options);
	}
	if (is('POST', 'containers', '*', 'advance')) {
		const c = container();
		const steps = body.steps === undefined ? 1 : Number(body.steps);
		if (!Number.isInteger(steps) || steps < 1) throw bad('steps must be a positive integer');
		const events: string[] = [];
		for (let i = 0; i < steps; i++) {
			const r = app.advanceContainer(c);
			if (!r) {
				if (!events.length)
					throw new ControlError(
						409,
						`container ${c.number} is already at its final milestone (${app.containerStatus(c)})`,
					);
				break;
			}
			events.push(r.event);
		}
		return ok({
			events,
			current_status: app.containerStatus(c),
			data: app.serializer().container(c),
		});
	}
	if (is('PATCH', 'containers', '*')) {
		const c = container();
		const changeset = app.patchContainer(c, validatePatch(body));
		return ok({ changeset, data: app.serializer().container(c) });
	}
	if (is('POST', 'containers', '*', 'withdraw')) {
		const c = container();
		const changeset = app.withdrawMilestone(c);
		if (!changeset)
			throw new ControlError(
				409,
				`container ${c.number} has no milestone of its own after discharge to withdraw (${app.containerStatus(c)})`,
			);
		return ok({ changeset, data: app.serializer().container(c) });
	}
	if (is('POST', 'shipments', '*', 'containers')) {
		const shipment = app.store.findShipment(parts[1]);
		if (!shipment) throw new ControlError(404, `shipment ${parts[1]} not found`);
		const c = app.addContainer(shipment);
		return ok({ fired: 'container.created', data: app.serializer().container(c) }, 201);
	}
	if (is('POST', 'deliveries', 'hold')) {
		app.dispatcher.hold();
		return ok({ held: true });
	}
	if (is('POST', 'deliveries', 'release')) {
		const order = body.order ?? 'created';
		if (order !== 'created' && order !== 'newest_first')
			throw bad('order must be created or newest_first');
		return ok({ released: app.dispatcher.release(order) });
	}
	if (is('POST', 'notifications', '*', 'redeliver')) {
		if (!app.dispatcher.repeat(parts[1]))
			throw new ControlError(404, `notification ${parts[1]} not found`);
		return ok({ redelivered: parts[1] }, 202);
	}
	if (is('POST', 'shipments', '*', 'eta')) {
		const shipment = app.store.findShipment(parts[1]);
		if (!shipment) throw new ControlError(404, `shipment ${parts[1]} not found`);
		const eta = typeof body.pod_eta_at === 'string' ? Date.parse(body.pod_eta_at) : NaN;
		if (Number.isNaN(eta)) throw bad('pod_eta_at must be an ISO 8601 date-time');
		const moved = app.moveEstimatedArrival(shipment, eta);
		if (!moved)
			throw new ControlError(
				409,
				`shipment ${shipment.blNumber} has already arrived: no ETA to move`,
			);
		return ok(
			{ fired: 'shipment.estimated.arrival', data: app.serializer().shipment(shipment) },
			202,
		);
	}
	if (is('POST', 'shipments', '*', 'terminal')) {
		const shipment = app.store.findShipment(parts[1]);
		if (!shipment) throw new ControlError(404, `shipment ${parts[1]} not found`);
		const terminal = app.movePodTerminal(shipment);
		if (!terminal)
			throw new ControlError(
				409,
				`the port of shipment ${shipment.blNumber} has no other terminal to move its discharge to`,
			);
		return ok(
			{ fired: 'container.pod_terminal_changed', data: app.serializer().shipment(shipment) },
			202,
		);
	}
	if (is('POST', 'events')) {
		const event = body.event;
		const ref = body.reference_id;
		if (typeof event !== 'string' || !EVENT_SET.has(event))
			throw bad('event must be one of the 43 webhook events');
		if (typeof ref !== 'string' || !ref) throw bad('reference_id is required');
		const fired = app.fireEvent(
			event,
			ref,
			body.changeset as Record<string, [unknown, unknown]> | undefined,
		);
		if (!fired) throw new ControlError(404, `no object ${ref} for ${event}`);
		return ok({ fired: event, reference_id: ref }, 202);
	}
	if (is('POST', 'faults')) {
		try {
			return ok(app.faults.add(body as unknown as FaultSpec), 201);
		} catch (e) {
			throw bad(`${(e as Error).message}; kinds: ${FAULT_KINDS.join(', ')}`);
		}
	}
	if (is('GET', 'faults')) return ok(app.faults.list());
	if (is('DELETE', 'faults')) {
		app.faults.clear();
		return ok({ cleared: true });
	}
	if (is('GET', 'requests')) {
		const limit = query.limit ? Number(query.limit) : undefined;
		return ok(limit ? app.store.requests.slice(-limit) : app.store.requests);
	}
	if (is('DELETE', 'requests')) {
		app.store.requests.length = 0;
		return ok({ cleared: true });
	}
	if (is('GET', 'deliveries')) return ok(app.store.deliveries);
	if (is('DELETE', 'deliveries')) {
		app.store.deliveries.length = 0;
		return ok({ cleared: true });
	}
	if (is('POST', 'reset')) {
		const seed = body.seed === undefined ? undefined : Number(body.seed);
		const containers = body.containers === undefined ? undefined : Number(body.containers);
		if (seed !== undefined && !Number.isInteger(seed)) throw bad('seed must be an integer');
		if (containers !== undefined && (!Number.isInteger(containers) || containers < 0))
			throw bad('containers must be a non-negative integer');
		app.reset(seed, containers);
		return ok(summary(app));
	}
	if (is('POST', 'tracking_requests', 'resolve')) {
		const ids = app.pendingTrackingRequestIds();
		const resolved = ids
			.map((id) => app.resolveTrackingRequest(id))
			.filter(Boolean)
			.map((t) => app.serializer().trackingRequest(t!));
		return ok({ data: resolved });
	}
	if (is('POST', 'tracking_requests', '*', 'resolve')) {
		const status = body.status as string | undefined;
		if (status !== undefined && !['created', 'awaiting_manifest', 'failed'].includes(status))
			throw bad('status must be created, awaiting_manifest or failed');
		const tr = app.resolveTrackingRequest(
			parts[1],
			status ? { status, failed_reason: body.failed_reason as string | undefined } : undefined,
		);
		if (!tr) throw new ControlError(404, `tracking request ${parts[1]} not found`);
		return ok({ data: app.serializer().trackingRequest(tr) });
	}
	if (is('GET', 'files', '*', '*')) {
		const d = app.store.documents.get(parts[1]);
		if (!d) throw new ControlError(404, 'document not found');
		return {
			status: 200,
			body: `%PDF-1.4\n% sandbox file for ${d.name}\n`,
			contentType: d.fileContentType ?? 'application/octet-stream',
		};
	}
	throw new ControlError(404, `unknown control endpoint ${method} ${path}`);
}
