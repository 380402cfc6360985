/**
 * The sandbox core: options, store, limiter, faults, webhook dispatcher and the domain operations
 * (tracking-request lifecycle, container milestones and terminal updates, events).
 */
import { randomBytes } from 'node:crypto';
import { KEYS, PINNED_DEADLINE_SHAPES } from './auth';
import { FaultInjector } from './faults';
import type { SandboxCore } from './core';
import { Notifications } from './notifications';
import { assignPartyRole, copyPartyRoles } from './party-roles';
import { examplePayload } from './examples';
import { carrierOutcome, inferCarrier, normalizeNumber } from './number-rules';
import {
	DEADLINE_SHAPES,
	isCalendarDate,
	keepOriginals,
	lfdState,
	podDeadlines,
	visibleLineLfd,
} from './pod-deadlines';
import { RateLimiter } from './rate-limit';
import { METRO_BY_CODE, PORTS_BY_CODE } from './reference-data';
import { buildShipment, fixtureInfo, seedStore } from './seed';
import { Serializer } from './serializers';
import { Store } from './store';
import { T, containerStatus, milestoneEventId, milestoneIndex, transportEvents } from './timeline';
import type {
	ContainerRec,
	DeadlineShape,
	Fee,
	Hold,
	PartyRoleRec,
	Plan,
	RoleableType,
	SandboxOptions,
	ShipmentRec,
	TrackingRequestRec,
} from './types';
import { DAY_MS, Rng, deepEqual, hashString, lfdInstant, parseTime } from './util';
import { vesselPosition } from './vessel-positions';
import { WebhookDispatcher, type EventPayload } from './webhooks';

export interface ContainerPatch {
	holds_at_pod_terminal?: Hold[];
	holds?: Hold[];
	fees_at_pod_terminal?: Fee[];
	fees?: Fee[];
	pickup_lfd_line?: string | null;
	pickup_lfd_terminal?: string | null;
	pickup_lfd_rail?: string | null;
	/** The line's calculated last free day, a date `YYYY-MM-DD` in the terminal's calendar, or null. */
	pickup_lfd_line_calculated?: string | null;
	/** The facility's last free day was entered by hand (selection `facility_manual`). */
	pickup_lfd_terminal_manual?: boolean;
	/** The carrier withholds its last free day from the account (`pod.line` all null). */
	line_lfd_withheld?: boolean;
	import_deadlines?: {
		pickup_lfd_line?: string | null;
		pickup_lfd_terminal?: string | null;
		pickup_lfd_rail?: string | null;
	};
	available_for_pickup?: boolean;
	pickup_appointment_at?: string | null;
	location_at_pod_terminal?: string | null;
	current_status?: string | null;
}

export class SandboxApp implements SandboxCore {
	store: Store;
	readonly limiter: RateLimiter;
	/** The built-in keys and the extra ones of the options. */
	readonly keys: Record<string, Plan>;
	readonly faults = new FaultInjector();
	readonly dispatcher: WebhookDispatcher;
	private readonly carrierTimers = new Map<string, NodeJS.Timeout>();
	/** The webhook notifications of every change (notifications.ts). */
	readonly notifications: Notifications;
	origin = '';

	constructor(readonly options: SandboxOptions) {
		this.keys = { ...KEYS, ...options.extraKeys };
		this.store = new Store(options.seed);
		this.limiter = new RateLimiter(options.rateWindowMs, options.rateLimits);
		this.dispatcher = new WebhookDispatcher(this.store, options, () => this.store.newId());
		this.notifications = new Notifications(this, this.dispatcher);
		seedStore(this.store, options.containers, options.epoch, options.containersPerShipment);
	}

	get baseUrl(): string {
		return `${this.origin}/v2`;
	}

	serializer(plan: Plan = 'paid', shape: DeadlineShape = this.options.deadlineShape): Serializer {
		return new Serializer(this.store, plan, (imo) => this.vesselPosition(imo), shape);
	}

	/** The container serializer a key's account gets: its pinned one, else the `deadlineShape` option. */
	deadlineShapeOf(key: string | null): DeadlineShape {
		return key && Object.prototype.hasOwnProperty.call(PINNED_DEADLINE_SHAPES, key)
			? PINNED_DEADLINE_SHAPES[key]
			: this.options.deadlineShape;
	}

	/** Back to the seeded state (same seed unless given), clearing logs, webhooks, limits, faults and timers. */
	reset(seed = this.options.seed, containers = this.options.containers): void {
		for (const t of this.carrierTimers.values()) clearTimeout(t);
		this.carrierTimers.clear();
		this.dispatcher.close();
		this.dispatcher.reopen();
		this.options.seed = seed;
		this.options.containers = containers;
		this.store.clear(seed);
		this.limiter.reset();
		this.faults.clear();
		seedStore(this.store, containers, this.options.epoch, this.options.containersPerShipment);
	}

	close(): void {
		for (const t of this.carrierTimers.values()) clearTimeout(t);
		this.carrierTimers.clear();
		this.dispatcher.close();
	}

	fixtures() {
		return fixtureInfo().filter((f) => this.store.containers.has(f.containerId));
	}

	newSecret(): string {
		return randomBytes(24).toString('hex');
	}

	// ---------------------------------------------------------------- party roles

	/** Gives `partyId` the role `role` on a record (party-roles.ts); undefined when it already has it there. */
	assignPartyRole(
		type: RoleableType,
		id: string,
		partyId: string,
		role: string,
	): PartyRoleRec | undefined {
		return assignPartyRole(this.store, type, id, partyId, role);
	}

	// ---------------------------------------------------------------- tracking requests

	/** Find an active request for the same number, type and carrier (duplicate rule). */
	findDuplicate(number: string, type: string, scac: string | null): TrackingRequestRec | undefined {
		const n = normalizeNumber(number);
		return this.store.trackingRequests.find(
			(t) =>
				normalizeNumber(t.requestNumber) === n &&
				t.requestType === type &&
				(t.scac ?? null) === (scac ?? null) &&
				['pending', 'created', 'awaiting_manifest'].includes(t.status),
		);
	}

	/** Store a new pending request and schedule the carrier answer. */
	createTrackingRequest(
		input: Omit<
			TrackingRequestRec,
			| 'id'
			| 'status'
			| 'failedReason'
			| 'createdAt'
			| 'updatedAt'
			| 'shipmentId'
			| 'isRetrying'
			| 'retryCount'
		>,
	): TrackingRequestRec {
		const now = Date.now();
		const tr = this.store.trackingRequests.add({
			...input,
			id: this.store.newId(),
			status: 'pending',
			failedReason: null,
			createdAt: now,
			updatedAt: now,
			shipmentId: null,
			isRetrying: false,
			retryCount: null,
		});
		const timer = setTimeout(() => {
			this.carrierTimers.delete(tr.id);
			this.resolveTrackingRequest(tr.id);
		}, this.options.carrierDelayMs);
		this.carrierTimers.set(tr.id, timer);
		return tr;
	}

	pendingTrackingRequestIds(): string[] {
		return [...this.carrierTimers.keys()];
	}

	/**
	 * Apply the carrier answer now. Without `force`, a pending request follows the number rules and an
	 * awaiting_manifest request gets its manifest (created). `force` picks the outcome.
	 */
	resolveTrackingRequest(
		id: string,
		force?: { status?: string; failed_reason?: string },
	): TrackingRequestRec | undefined {
		const tr = this.store.trackingRequests.get(id);
		if (!tr) return undefined;
		const timer = this.carrierTimers.get(id);
		if (timer) clearTimeout(timer);
		this.carrierTimers.delete(id);
		const outcome = carrierOutcome(tr.requestNumber, tr.requestType, tr.scac, tr.autoDetect);
		if (tr.status === 'awaiting_manifest' && outcome.status === 'awaiting_manifest')
			outcome.status = 'created';
		if (force?.status) {
			outcome.status = force.status as typeof outcome.status;
			outcome.failedReason =
				force.status === 'failed' ? (force.failed_reason ?? 'not_found') : null;
			if (!outcome.scac) outcome.scac = tr.scac ?? inferCarrier(tr.requestNumber)?.scac ?? 'MSCU';
		}
		if (tr.status !== 'pending' && tr.status !== 'awaiting_manifest' && !force) return tr;
		tr.updatedAt = Date.now();
		if (outcome.scac && !tr.scac) tr.scac = outcome.scac;
		if (outcome.status === 'created') {
			tr.status = 'created';
			tr.failedReason = null;
			tr.isRetrying = false;
			const shipment = this.shipmentForRequest(tr);
			tr.shipmentId = shipment.id;
			this.applyInitialCustomFields(tr, shipment);
			copyPartyRoles(this.store, tr.id, shipment.id);
			const containers = this.store.containersOf(shipment);
			this.notifications.emit('tracking_request.succeeded', (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: [...containers.map((c) => ser.container(c)), ser.shipment(shipment)],
			}));
			for (const c of containers) this.notifications.emitContainerCreated(c);
		} else if (outcome.status === 'awaiting_manifest') {
			tr.status = 'awaiting_manifest';
			tr.isRetrying = true;
			tr.retryCount = (tr.retryCount ?? 0) + 1;
			this.notifications.emit('tracking_request.awaiting_manifest', (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: [],
			}));
		} else {
			tr.status = 'failed';
			tr.failedReason = outcome.failedReason;
			tr.isRetrying = false;
			this.notifications.emit('tracking_request.failed', (ser) => ({
				referenceObject: ser.trackingRequest(tr),
				included: [],
			}));
		}
		return tr;
	}

	private applyInitialCustomFields(tr: TrackingRequestRec, shipment: ShipmentRec): void {
		const init = tr.initialCustomFields;
		if (!init) return;
		const store = this.store;
		const set = (
			entityType: 'shipment' | 'container',
			entityId: string,
			apiSlug: string,
			value: unknown,
		) => {
			const def = store.customFieldDefinitions.find(
				(d) =>
					d.apiSlug === apiSlug &&
					d.entityType === (entityType === 'shipment' ? 'Shipment' : 'Container'),
			);
			if (!def) return;
			const existing = store.customFields.find(
				(f) => f.entityId === entityId && f.apiSlug === apiSlug,
			);
			if (existing) existing.value = value;
			else
				store.customFields.add({
					id: store.newId(),
					definitionId: def.id,
					apiSlug,
					entityType,
					entityId,
					value,
					createdAt: Date.now(),
				});
		};
		for (const f of init.shipment) set('shipment', shipment.id, f.api_slug, f.value);
		for (const f of init.containers) {
			for (const c of store.containersOf(shipment))
				if (!f.number || f.number === c.number) set('container', c.id, f.api_slug, f.value);
		}
	}

	/** Existing shipment for the number, or a new one built deterministically from the number. */
	private shipmentForRequest(tr: TrackingRequestRec): ShipmentRec {
		const n = normalizeNumber(tr.requestNumber);
		const scac = tr.scac ?? 'MSCU';
		if (tr.requestType === 'container') {
			const existing = this.store.containersByNumber.get(n);
			if (existing) return this.store.shipmentOf(existing);
		} else {
			const existing = this.store.shipmentsByNumber.get(n);
			if (existing) return existing;
		}
		const rng = new Rng(hashString(`${scac}:${n}`));
		const now = Date.now();
		const s = buildShipment(
			this.store,
			rng,
			{
				scac,
				blNumber: tr.requestType === 'bill_of_lading' ? n : undefined,
				containerNumbers: tr.requestType === 'container' ? [n] : undefined,
				containerCount: tr.requestType === 'container' ? 1 : 1 + (hashString(n) % 4),
				createdAt: now,
				customerId: tr.customerId,
				refNumbers: tr.refNumbers.slice(),
				tags: tr.shipmentTags.slice(),
			},
			now,
		);
		return s;
	}

	/** Stop / resume tracking a shipment (updates its tracking requests and emits tracking_stopped). */
	setTracking(s: ShipmentRec, stop: boolean): void {
		const now = Date.now();
		if (stop) {
			if (s.lineTrackingStoppedAt) return;
			s.lineTrackingStoppedAt = now;
			s.lineTrackingStoppedReason = 'cancelled_by_user';
			for (const tr of this.store.trackingRequestsFor(s.id)) {
				if (tr.status !== 'created') continue;
				tr.status = 'tracking_stopped';
				tr.updatedAt = now;
				this.notifications.emit('tracking_request.tracking_stopped', (ser) => ({
					referenceObject: ser.trackingRequest(tr),
					included: [ser.shipment(s)],
				}));
			}
		} else {
			s.lineTrackingStoppedAt = null;
			s.lineTrackingStoppedReason = null;
			s.lineTrackingLastAttemptedAt = now;
			for (const tr of this.store.trackingRequestsFor(s.id)) {
				if (tr.status === 'tracking_stopped') {
					tr.status = 'created';
					tr.updatedAt = now;
				}
			}
		}
	}

	// ---------------------------------------------------------------- containers

	/** Move a container to its next milestone; emits the container.transport.* event. */
	advanceContainer(c: ContainerRec): { event: string } | null {
		const s = this.store.shipmentOf(c);
		if (c.stage >= s.milestones.length - 1) return null;
		const now = Date.now();
		const next = c.stage + 1;
		const name = s.milestones[next];
		const shift = Math.max(0, now - c.times[next]);
		c.times[next] = now;
		c.recordedAt[next] = now;
		for (let k = next + 1; k < c.times.length; k++) c.times[k] += shift;
		const short = name.slice(T.length);
		this.changeContainer(
			c,
			() => {
				c.stage = next;
				c.statusOverride = null;
				if (short === 'vessel_discharged') {
					c.availabilityKnown = true;
					c.availableForPickup = false;
					// The terminal reports its last free day (not one entered by hand).
					c.lfdTerminal = lfdInstant(now + 4 * DAY_MS, PORTS_BY_CODE.get(s.podCode)!.timeZone);
					c.lfdTerminalManual = false;
					c.locationAtPodTerminal = 'Discharged';
				}
				if (short === 'rail_unloaded')
					c.lfdRail = lfdInstant(now + 2 * DAY_MS, this.metroFor(s)?.timeZone);
				if (short === 'available') {
					c.availableForPickup = !c.holds.some((h) => h.status === 'hold');
					c.locationAtPodTerminal = 'Yard Grounded';
				}
				if (short === 'full_out') {
					c.availableForPickup = false;
					c.holds = [];
					c.pickupAppointmentAt = null;
					c.locationAtPodTerminal = `Delivered ${new Date(now).toISOString().slice(0, 10)}`;
				}
				if (
					short !== 'empty_in' &&
					short !== 'delivered' &&
					next >= milestoneIndex(s.milestones, 'vessel_discharged')
				)
					c.terminalCheckedAt = now;
			},
			{ milestone: { index: next, name } },
		);
		// The ocean leg is shared by all containers of the shipment.
		if (next <= milestoneIndex(s.milestones, 'vessel_discharged') && s.stage < next) {
			s.stage = next;
			s.times[next] = now;
			for (let k = next + 1; k < s.times.length; k++) s.times[k] += shift;
		}
		return { event: name };
	}

	/**
	 * What a change compares, in one serializer's shape: the terminal data the changeset of
	 * `container.updated` names (the older serializer's `pickup_lfd`, the newer one's `import_deadlines`) and
	 * the last free days behind the LFD events.
	 */
	private terminalSnapshot(c: ContainerRec, shape: DeadlineShape): Record<string, unknown> {
		const ser = this.serializer('paid', shape).container(c).attributes!;
		const common = {
			holds_at_pod_terminal: ser.holds_at_pod_terminal,
			fees_at_pod_terminal: ser.fees_at_pod_terminal,
			pickup_appointment_at: ser.pickup_appointment_at,
			available_for_pickup: ser.available_for_pickup,
		};
		if (shape === 'legacy')
			return {
				...common,
				pickup_lfd: ser.pickup_lfd,
				lfd: ser.pickup_lfd,
				lfd_line: visibleLineLfd(c),
				lfd_terminal: c.lfdTerminal,
				lfd_rail: c.lfdRail,
			};
		const deadlines = ser.import_deadlines as { pickup_lfd_rail: string | null };
		const pod = podDeadlines(c);
		return {
			...common,
			import_deadlines: ser.import_deadlines,
			lfd: pod.unified.current_value,
			lfd_line: pod.line.current,
			lfd_terminal: pod.facility.current,
			lfd_rail: deadlines.pickup_lfd_rail,
		};
	}

	/**
	 * Run a mutation and emit what changed: the milestone event (if any), container.updated with a
	 * changeset {field: [old, new]}, container.pickup_lfd.changed and the per-source LFD events,
	 * container.pickup_appointment.changed, container.transport.available / not_available. Each webhook gets
	 * them as its account's serializer sees the change (changesets and LFD events differ between the two);
	 * the container's transport events record the LFD events of the `deadlineShape` option. Answers the
	 * changeset in the option's shape.
	 */
	changeContainer(
		c: ContainerRec,
		mutate: () => void,
		opts: { milestone?: { index: number; name: string } } = {},
	): Record<string, [unknown, unknown]> {
		const before = new Map(
			DEADLINE_SHAPES.map((shape) => [shape, this.terminalSnapshot(c, shape)]),
		);
		const lfdBefore = lfdState(c);
		mutate();
		keepOriginals(c, lfdBefore);
		c.updatedAt = Date.now();
		const after = new Map(DEADLINE_SHAPES.map((shape) => [shape, this.terminalSnapshot(c, shape)]));
		const s = this.store.shipmentOf(c);
		if (opts.milestone) {
			const te = transportEvents(s, c).find(
				(e) => e.id === milestoneEventId(c.id, opts.milestone!.index),
			)!;
			this.notifications.emitTransportEvent(te);
		}
		const changesets = new Map<DeadlineShape, Record<string, [unknown, unknown]>>();
		for (const shape of DEADLINE_SHAPES) {
			const [b, a] = [before.get(shape)!, after.get(shape)!];
			const changeset: Record<string, [unknown, unknown]> = {};
			for (const f of [
				'holds_at_pod_terminal',
				'fees_at_pod_terminal',
				shape === 'legacy' ? 'pickup_lfd' : 'import_deadlines',
				'pickup_appointment_at',
				'available_for_pickup',
			]) {
				if (!deepEqual(b[f], a[f])) changeset[f] = [b[f], a[f]];
			}
			changesets.set(shape, changeset);
			if (Object.keys(changeset).length)
				this.notifications.emitContainerUpdated(c, changeset, [shape]);
		}
		// The LFD events: the selected (or coalesced) day, then each source, in the shapes where it changed.
		for (const [field, event] of [
			['lfd', 'container.pickup_lfd.changed'],
			['lfd_line', 'container.pickup_lfd_line.changed'],
			['lfd_terminal', 'container.pickup_lfd_terminal.changed'],
			['lfd_rail', 'container.pickup_lfd_rail.changed'],
		] as const) {
			const shapes = DEADLINE_SHAPES.filter(
				(shape) => !deepEqual(before.get(shape)![field], after.get(shape)![field]),
			);
			if (shapes.length)
				this.notifications.emitTransportEvent(
					this.notifications.extraEvent(c, event, shapes.includes(this.options.deadlineShape)),
					shapes,
				);
		}
		const [b, a] = [before.get('legacy')!, after.get('legacy')!];
		if (!deepEqual(b.pickup_appointment_at, a.pickup_appointment_at))
			this.notifications.emitExtra(c, 'container.pickup_appointment.changed');
		// Availability flips from terminal updates also arrive as transport events (milestones carry their own).
		if (
			b.available_for_pickup !== a.available_for_pickup &&
			!opts.milestone &&
			c.availabilityKnown
		) {
			this.notifications.emitExtra(
				c,
				a.available_for_pickup ? T + 'available' : T + 'not_available',
			);
		}
		return changesets.get(this.options.deadlineShape)!;
	}

	/** Apply a control-API patch to a container's terminal data. */
	patchContainer(c: ContainerRec, patch: ContainerPatch): Record<string, [unknown, unknown]> {
		const holds = patch.holds_at_pod_terminal ?? patch.holds;
		const fees = patch.fees_at_pod_terminal ?? patch.fees;
		const deadlines = { ...(patch.import_deadlines ?? {}) } as Record<
			string,
			string | null | undefined
		>;
		for (const k of ['pickup_lfd_line', 'pickup_lfd_terminal', 'pickup_lfd_rail'] as const)
			if (patch[k] !== undefined) deadlines[k] = patch[k];
		return this.changeContainer(c, () => {
			if (holds)
				c.holds = holds.map((h) => ({
					name: h.name,
					status: h.status,
					description: h.description ?? null,
				}));
			if (fees)
				c.fees = fees.map((f) => ({
					type: f.type,
					amount: Number(f.amount),
					currency_code: f.currency_code ?? 'USD',
				}));
			if (deadlines.pickup_lfd_line !== undefined) c.lfdLine = parseTime(deadlines.pickup_lfd_line);
			if (deadlines.pickup_lfd_terminal !== undefined)
				c.lfdTerminal = parseTime(deadlines.pickup_lfd_terminal);
			if (deadlines.pickup_lfd_rail !== undefined) c.lfdRail = parseTime(deadlines.pickup_lfd_rail);
			if (patch.pickup_lfd_line_calculated !== undefined)
				c.lfdLineCalculated = isCalendarDate(patch.pickup_lfd_line_calculated)
					? patch.pickup_lfd_line_calculated
					: null;
			if (patch.pickup_lfd_terminal_manual !== undefined)
				c.lfdTerminalManual = patch.pickup_lfd_terminal_manual;
			if (patch.line_lfd_withheld !== undefined) c.lfdLineWithheld = patch.line_lfd_withheld;
			if (patch.available_for_pickup !== undefined) {
				c.availableForPickup = patch.available_for_pickup;
				c.availabilityKnown = true;
			}
			if (patch.pickup_appointment_at !== undefined)
				c.pickupAppointmentAt = parseTime(patch.pickup_appointment_at);
			if (patch.location_at_pod_terminal !== undefined)
				c.locationAtPodTerminal = patch.location_at_pod_terminal;
			if (patch.current_status !== undefined) c.statusOverride = patch.current_status;
			c.terminalCheckedAt = Date.now();
		});
	}

	/**
	 * The carrier announces a new ETA at the port of discharge (control API): the shipment's arrival and the
	 * milestones after it move by the same amount (for it and its containers still before arrival), and
	 * `shipment.estimated.arrival` is emitted. Null (nothing changed) once the vessel has arrived.
	 */
	moveEstimatedArrival(s: ShipmentRec, eta: number): { from: number; to: number } | null {
		const i = milestoneIndex(s.milestones, 'vessel_arrived');
		if (i < 0 || s.stage >= i) return null;
		const from = s.times[i];
		const delta = eta - from;
		if (delta !== 0) s.etaChangedAt = Date.now();
		for (let k = i; k < s.times.length; k++) s.times[k] += delta;
		for (const c of this.store.containersOf(s)) {
			if (c.stage >= i) continue;
			for (let k = i; k < c.times.length; k++) c.times[k] += delta;
		}
		this.notifications.emitEstimatedArrival(s);
		return { from, to: s.times[i] };
	}

	/** Fire any of the 43 events for an object (control API; notifications.ts). */
	fireEvent(
		event: string,
		referenceId: string,
		changeset?: Record<string, [unknown, unknown]>,
	): boolean {
		return this.notifications.fireEvent(event, referenceId, changeset);
	}

	/**
	 * Example notification for an event (examples.ts), with the serializer of the account that asks.
	 */
	examplePayload(event: string, ser: Serializer = this.serializer()): EventPayload {
		return examplePayload(this.store, event, ser);
	}

	containerStatus(c: ContainerRec): string {
		return containerStatus(this.store.shipmentOf(c), c);
	}

	/** Current vessel position: on the leg of a shipment at sea with this vessel, else off its last port. */
	vesselPosition(imo: string): ReturnType<typeof vesselPosition> {
		return vesselPosition(this.store, imo);
	}

	metroFor(s: ShipmentRec) {
		return s.metroCode ? (METRO_BY_CODE.get(s.metroCode) ?? null) : null;
	}
}
