import type { Terminal49Context } from '../transport';
import { Account } from './account';
import { Api } from './api';
import { Containers } from './containers';
import type { RecordRef, RecordType } from './customFields';
import {
	CustomFieldDefinitions,
	CustomFieldOptions,
	CustomFields,
	RecordCustomFields,
} from './customFields';
import { Documents, DocumentSchemas, EmailSubmissions } from './documents';
import { Finder } from './find';
import type { Locator } from './locator';
import { Places, Search, ShippingLines, Terminals, Vessels } from './lookups';
import { Parties } from './parties';
import { PartyRoles } from './partyRoles';
import { Shipments } from './shipments';
import { TrackingRequests } from './trackingRequests';
import { WebhookNotifications, Webhooks } from './webhooks';

/**
 * The Terminal49 client: one place that knows how to find, read and change each resource, between the
 * transport (every HTTP call: auth, pacing, retries, errors) and the nodes. A resource's requests are all in
 * its file under client/; operations map their parameters to one of its calls.
 *
 *   const t49 = terminal49(this, itemIndex);
 *   const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
 *   return await t49.containers.get(id, ['shipment']); // Records: flat items, and the document as sent
 */
export class Terminal49Client {
	readonly account: Account;
	readonly containers: Containers;
	readonly shipments: Shipments;
	readonly trackingRequests: TrackingRequests;
	readonly webhooks: Webhooks;
	readonly webhookNotifications: WebhookNotifications;
	readonly shippingLines: ShippingLines;
	readonly ports: Places;
	readonly metroAreas: Places;
	readonly terminals: Terminals;
	readonly vessels: Vessels;
	readonly search: Search;
	readonly parties: Parties;
	readonly partyRoles: PartyRoles;
	readonly customFieldDefinitions: CustomFieldDefinitions;
	readonly customFieldOptions: CustomFieldOptions;
	readonly customFields: CustomFields;
	readonly recordCustomFields: RecordCustomFields;
	readonly documents: Documents;
	readonly documentSchemas: DocumentSchemas;
	readonly emailSubmissions: EmailSubmissions;
	/** Any number a person quotes, across containers, shipments and tracking requests. */
	readonly finder: Finder;

	constructor(readonly api: Api) {
		this.account = new Account(api);
		this.containers = new Containers(api);
		this.shipments = new Shipments(api);
		this.trackingRequests = new TrackingRequests(api);
		this.webhooks = new Webhooks(api);
		this.webhookNotifications = new WebhookNotifications(api);
		this.shippingLines = new ShippingLines(api);
		this.ports = new Places(api, '/ports', 'Port');
		this.metroAreas = new Places(api, '/metro_areas', 'Metro Area');
		this.terminals = new Terminals(api);
		this.vessels = new Vessels(api);
		this.search = new Search(api);
		this.parties = new Parties(api);
		this.partyRoles = new PartyRoles(api);
		this.customFieldDefinitions = new CustomFieldDefinitions(api);
		this.customFieldOptions = new CustomFieldOptions(api);
		this.customFields = new CustomFields(api);
		this.recordCustomFields = new RecordCustomFields(api);
		this.documents = new Documents(api);
		this.documentSchemas = new DocumentSchemas(api);
		this.emailSubmissions = new EmailSubmissions(api);
		this.finder = new Finder(api, this.containers, this.shipments, this.trackingRequests);
	}

	/** A record that carries custom fields, as the user named it (numbers looked up by its resource). */
	async recordOf(type: RecordType, locator: Locator): Promise<RecordRef> {
		const resource = {
			tracking_request: this.trackingRequests,
			shipment: this.shipments,
			container: this.containers,
		}[type];
		return { type, id: await resource.idOf(locator) };
	}
}

/** The client for a node context (and the input item its errors name). */
export function terminal49(ctx: Terminal49Context, itemIndex?: number): Terminal49Client {
	return new Terminal49Client(new Api(ctx, itemIndex));
}

export type { RecordRef, RecordType } from './customFields';
export type { Take } from './api';
export { Records } from './records';
export type { Locator } from './locator';
