/** In-memory state of the sandbox: ordered collections with O(1) lookup. */
import type {
	ContainerRec,
	CustomFieldDefinitionRec,
	CustomFieldOptionRec,
	CustomFieldRec,
	DeliveryRecord,
	DocumentRec,
	EmailSubmissionRec,
	EventObjectRec,
	PartyRec,
	PartyRoleRec,
	RequestLogEntry,
	ShipmentRec,
	TrackingRequestRec,
	WebhookNotificationRec,
	WebhookRec,
} from './types';
import { Rng } from './util';

/** Items kept in creation order; lists read them newest first. */
export class Collection<T extends { id: string }> {
	private readonly byId = new Map<string, T>();
	private items: T[] = [];

	add(item: T): T {
		this.byId.set(item.id, item);
		this.items.push(item);
		return item;
	}
	get(id: string | null | undefined): T | undefined {
		return id ? this.byId.get(id) : undefined;
	}
	has(id: string): boolean {
		return this.byId.has(id);
	}
	remove(id: string): boolean {
		if (!this.byId.delete(id)) return false;
		this.items = this.items.filter((x) => x.id !== id);
		return true;
	}
	get size(): number {
		return this.items.length;
	}
	/** Creation order (oldest first). Do not mutate. */
	all(): readonly T[] {
		return this.items;
	}
	/** Item at position `i` counted from the newest. */
	newestAt(i: number): T {
		return this.items[this.items.length - 1 - i];
	}
	newestFirst(): T[] {
		return this.items.slice().reverse();
	}
	find(pred: (x: T) => boolean): T | undefined {
		for (let i = this.items.length - 1; i >= 0; i--) if (pred(this.items[i])) return this.items[i];
		return undefined;
	}
	clear(): void {
		this.byId.clear();
		this.items = [];
	}
}

export class Store {
	rng: Rng;
	readonly trackingRequests = new Collection<TrackingRequestRec>();
	readonly shipments = new Collection<ShipmentRec>();
	readonly containers = new Collection<ContainerRec>();
	readonly webhooks = new Collection<WebhookRec>();
	readonly notifications = new Collection<WebhookNotificationRec>();
	readonly parties = new Collection<PartyRec>();
	readonly partyRoles = new Collection<PartyRoleRec>();
	readonly customFieldDefinitions = new Collection<CustomFieldDefinitionRec>();
	readonly customFieldOptions = new Collection<CustomFieldOptionRec>();
	readonly customFields = new Collection<CustomFieldRec>();
	readonly documents = new Collection<DocumentRec>();
	readonly emailSubmissions = new Collection<EmailSubmissionRec>();
	readonly eventObjects = new Map<string, EventObjectRec>();
	readonly containersByNumber = new Map<string, ContainerRec>();
	readonly shipmentsByNumber = new Map<string, ShipmentRec>();
	readonly requests: RequestLogEntry[] = [];
	readonly deliveries: DeliveryRecord[] = [];

	constructor(seed: number) {
		this.rng = new Rng(seed);
	}

	newId(): string {
		return this.rng.uuid();
	}

	addContainer(c: ContainerRec): ContainerRec {
		this.containers.add(c);
		this.containersByNumber.set(c.number, c);
		return c;
	}

	addShipment(s: ShipmentRec): ShipmentRec {
		this.shipments.add(s);
		this.shipmentsByNumber.set(s.blNumber, s);
		return s;
	}

	/** Container by id or by number. */
	findContainer(idOrNumber: string): ContainerRec | undefined {
		return this.containers.get(idOrNumber) ?? this.containersByNumber.get(idOrNumber.toUpperCase());
	}

	findShipment(idOrNumber: string): ShipmentRec | undefined {
		return this.shipments.get(idOrNumber) ?? this.shipmentsByNumber.get(idOrNumber.toUpperCase());
	}

	shipmentOf(c: ContainerRec): ShipmentRec {
		return this.shipments.get(c.shipmentId)!;
	}

	containersOf(s: ShipmentRec): ContainerRec[] {
		return s.containerIds.map((id) => this.containers.get(id)!).filter(Boolean);
	}

	trackingRequestsFor(shipmentId: string): TrackingRequestRec[] {
		return this.trackingRequests.all().filter((t) => t.shipmentId === shipmentId);
	}

	clear(seed: number): void {
		this.rng = new Rng(seed);
		for (const c of [
			this.trackingRequests,
			this.shipments,
			this.containers,
			this.webhooks,
			this.notifications,
			this.parties,
			this.partyRoles,
			this.customFieldDefinitions,
			this.customFieldOptions,
			this.customFields,
			this.documents,
			this.emailSubmissions,
		]) {
			(c as Collection<{ id: string }>).clear();
		}
		this.eventObjects.clear();
		this.containersByNumber.clear();
		this.shipmentsByNumber.clear();
		this.requests.length = 0;
		this.deliveries.length = 0;
	}
}
