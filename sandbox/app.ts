/**
 * The sandbox app: its state (options, keys, store, rate limiter, faults, webhook dispatcher), its lifecycle
 * (seed, reset, close) and the one entry point to its operations, each in its own module: the carrier
 * (carrier.ts), the container state machine (container-state.ts), the notifications (notifications.ts), the
 * examples (examples.ts), party roles (party-roles.ts) and vessel positions (vessel-positions.ts). The HTTP
 * layer (server.ts, routes/, control.ts, widget.ts) and index.ts call it; the parts read it through core.ts.
 */
import { randomBytes } from 'node:crypto';
import { KEYS, PINNED_DEADLINE_SHAPES } from './auth';
import { Carrier, type NewTrackingRequest } from './carrier';
import { ContainerStateMachine, type ContainerPatch } from './container-state';
import type { SandboxCore } from './core';
import { examplePayload } from './examples';
import { FaultInjector } from './faults';
import { Notifications } from './notifications';
import { assignPartyRole } from './party-roles';
import { RateLimiter } from './rate-limit';
import { fixtureInfo } from './fixtures';
import { seedStore } from './seed';
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
import { vesselPosition, type VesselPosition } from './vessel-positions';
import { WebhookDispatcher, type EventPayload } from './webhooks';

export class SandboxApp implements SandboxCore {
	store: Store;
	readonly limiter: RateLimiter;
	/** The built-in keys and the extra ones of the options. */
	readonly keys: Record<string, Plan>;
	readonly faults = new FaultInjector();
	readonly dispatcher: WebhookDispatcher;
	/** Tracking requests and the carrier's answers (carrier.ts). */
	readonly carrier: Carrier;
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
		this.carrier = new Carrier(this, this.notifications);
		seedStore(this.store, options.containers, options.epoch, options.containersPerShipment);
	}

	get baseUrl(): string {
		return `${this.origin}/v2`;
	}

	serializer(
		plan: Plan = 'paid',
		shape: DeadlineShape = this.options.deadlineShape,
		hideLfdAfterPickup = this.options.hideLfdAfterPickup,
	): Serializer {
		return new Serializer(
			this.store,
			plan,
			(imo) => this.vesselPosition(imo),
			shape,
			hideLfdAfterPickup,
		);
	}

	/** The container serializer a key's account gets: its pinned one, else the `deadlineShape` option. */
	deadlineShapeOf(key: string | null): DeadlineShape {
		return key && Object.prototype.hasOwnProperty.call(PINNED_DEADLINE_SHAPES, key)
			? PINNED_DEADLINE_SHAPES[key]
			: this.options.deadlineShape;
	}

	/** Back to the seeded state (same seed unless given), clearing logs, webhooks, limits, faults and timers. */
	reset(seed = this.options.seed, containers = this.options.containers): void {
		this.carrier.cancelPending();
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
		this.carrier.cancelPending();
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

	/** Find an active request for the same number, type and carrier (duplicate rule; carrier.ts). */
	findDuplicate(number: string, type: string, scac: string | null): TrackingRequestRec | undefined {
		return this.carrier.findDuplicate(number, type, scac);
	}

	/** Store a new pending request and schedule the carrier answer. */
	createTrackingRequest(input: NewTrackingRequest): TrackingRequestRec {
		return this.carrier.createTrackingRequest(input);
	}

	pendingTrackingRequestIds(): string[] {
		return this.carrier.pendingTrackingRequestIds();
	}

	/** Apply the carrier answer now (`force` picks the outcome). */
	resolveTrackingRequest(
		id: string,
		force?: { status?: string; failed_reason?: string },
	): TrackingRequestRec | undefined {
		return this.carrier.resolveTrackingRequest(id, force);
	}

	/** Stop / resume tracking a shipment (updates its tracking requests and emits tracking_stopped). */
	setTracking(s: ShipmentRec, stop: boolean): void {
		this.carrier.setTracking(s, stop);
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

	/** The container's last milestone is withdrawn (container-state.ts); null where none can be. */
	withdrawMilestone(c: ContainerRec): Record<string, [unknown, unknown]> | null {
		return this.containerStates.withdrawMilestone(c);
	}

	/** The carrier adds a container to a tracked shipment (carrier.ts); `container.created` is sent. */
	addContainer(s: ShipmentRec): ContainerRec {
		return this.carrier.addContainer(s);
	}

	/** The carrier announces a new ETA at the port of discharge; null once the vessel has arrived. */
	moveEstimatedArrival(s: ShipmentRec, eta: number): { from: number; to: number } | null {
		return this.containerStates.moveEstimatedArrival(s, eta);
	}

	/** The shipment's discharge moved to another terminal of its port (emits container.pod_terminal_changed). */
	movePodTerminal(s: ShipmentRec): string | null {
		return this.containerStates.movePodTerminal(s);
	}

	// ---------------------------------------------------------------- events

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
	vesselPosition(imo: string): VesselPosition {
		return vesselPosition(this.store, imo);
	}
}
