/**
 * The sandbox core: options, store, limiter, faults, webhook dispatcher and the domain operations
 * (tracking-request lifecycle, container milestones and terminal updates, events).
 */
import { randomBytes } from 'node:crypto';
import { KEYS, PINNED_DEADLINE_SHAPES } from './auth';
import { FaultInjector } from './faults';
import { ContainerStateMachine, type ContainerPatch } from './container-state';
import type { SandboxCore } from './core';
import { Notifications } from './notifications';
import { assignPartyRole, copyPartyRoles } from './party-roles';
import { examplePayload } from './examples';
import { carrierOutcome, inferCarrier, normalizeNumber } from './number-rules';
import { RateLimiter } from './rate-limit';
import { buildShipment, fixtureInfo, seedStore } from './seed';
import { Serializer } from './serializers';
import { Store } from './store';
import { containerStatus } from './timeline';
import type {
	ContainerRec,
	DeadlineShape,
	PartyRoleRec,
	Plan,
	RoleableType,
	SandboxOptions,
	ShipmentRec,
	TrackingRequestRec,
} from './types';
import { Rng, hashString } from './util';
import { vesselPosition } from './vessel-positions';
import { WebhookDispatcher, type EventPayload } from './webhooks';

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
	/** Milestones, terminal data and ETAs of containers and their shipments (container-state.ts). */
	readonly containerStates: ContainerStateMachine;
	origin = '';

	constructor(readonly options: SandboxOptions) {
		this.keys = { ...KEYS, ...options.extraKeys };
		this.store = new Store(options.seed);
		this.limiter = new RateLimiter(options.rateWindowMs, options.rateLimits);
		this.dispatcher = new WebhookDispatcher(this.store, options, () => this.store.newId());
		this.notifications = new Notifications(this, this.dispatcher);
		this.containerStates = new ContainerStateMachine(this, this.notifications);
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

	/** Move a container to its next milestone (container-state.ts); null at the last one. */
	advanceContainer(c: ContainerRec): { event: string } | null {
		return this.containerStates.advanceContainer(c);
	}

	/** Apply a control-API patch to a container's terminal data; answers the changeset. */
	patchContainer(c: ContainerRec, patch: ContainerPatch): Record<string, [unknown, unknown]> {
		return this.containerStates.patchContainer(c, patch);
	}

	/** The carrier announces a new ETA at the port of discharge; null once the vessel has arrived. */
	moveEstimatedArrival(s: ShipmentRec, eta: number): { from: number; to: number } | null {
		return this.containerStates.moveEstimatedArrival(s, eta);
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
}
