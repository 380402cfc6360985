/** Records held by the sandbox store and the public option / sandbox types. */

export type Plan = 'paid' | 'free' | 'basic' | 'lite';
/**
 * Which container serializer an account gets (sandbox/pod-deadlines.ts): `selected` is Terminal49's newer one,
 * with the POD last free day it selected (`import_deadlines.pod.{line,facility,unified}`, `pickup_lfd` the
 * sentinel `2099-12-31`, no flat line/terminal keys); `legacy` the older one (flat keys, `pickup_lfd` coalesced).
 */
export type DeadlineShape = 'selected' | 'legacy';
export type RateBucket = 'default' | 'create_tracking_request' | 'infer_number' | 'refresh';

export interface SandboxOptions {
	/** 0 picks a free port. */
	port: number;
	host: string;
	seed: number;
	/**
	 * Number of seeded containers; the newest are the documented fixtures (all FIXTURE_COUNT of them from that
	 * many containers, the first JOURNEY_FIXTURE_COUNT from that many).
	 */
	containers: number;
	/** Containers of every seeded (non-fixture) shipment; unset: 1 to 4 at random (benches set it). */
	containersPerShipment?: number;
	/** The sandbox clock origin for seeded dates (ms since epoch). Default: today 00:00 UTC. */
	epoch: number;
	rateWindowMs: number;
	rateLimits: Partial<Record<RateBucket, number>>;
	/** Delay before a pending tracking request gets its carrier answer. */
	carrierDelayMs: number;
	/** Multiplier on the webhook retry backoff schedule; 0 retries immediately. */
	webhookRetryScale: number;
	webhookTimeoutMs: number;
	/**
	 * A webhook is switched off (`active: false`) once this many of its notifications in a row end `failed`
	 * (a `succeeded` one in between starts the count again); 0 never switches one off. An assumption: Terminal49
	 * says only that it "may deactivate a webhook after repeated delivery failures" (webhooks.ts).
	 */
	webhookDeactivateAfter: number;
	/**
	 * `GET /webhook_notifications` oldest first instead of newest first. Terminal49 documents no order for it;
	 * a client must work with either (read per request).
	 */
	notificationsOldestFirst?: boolean;
	/** Where the embeddable widget is served; default `${origin}/widget`. */
	widgetUrl: string;
	/** The live service requires https webhook URLs; the sandbox accepts http by default for local receivers. */
	allowHttpWebhookUrls: boolean;
	/** Print one line per request to stdout (CLI). */
	logRequests: boolean;
	/** Keys accepted besides the built-in `sandbox_*` ones, with their plans (tests use recognisable secrets). */
	extraKeys: Record<string, Plan>;
	/**
	 * Query parameters every GET endpoint ignores silently, as if not sent (e.g. `['filter[number]']`: the live
	 * service may drop a container filter). Read per request, so a test can change it on `sb.options`.
	 */
	ignoredFilters: string[];
	/**
	 * `GET /containers` and `GET /shipments` as the older service answered them (the live captures): every
	 * list filter ignored but `filter[number]` (containers) and `q`, `number`, `filter[tracking_stopped]`
	 * (shipments), `sort` ignored, newest first, 100 a page. Off (the default): the current service, with
	 * the documented filters, `sort`, pages of at most 50 containers (list-query.ts). Read per request.
	 */
	legacyLists: boolean;
	/**
	 * Content negotiation: 406 when the request's Accept header allows none of the endpoint's media types
	 * (true by default; false answers whatever the Accept header says).
	 */
	strictAccept: boolean;
	/**
	 * Whether `GET /me` exists (true by default). false answers it 404 like any unknown route (after the key
	 * check), as a service that predates it would: the nodes must then work as they did before `/me`.
	 */
	meEndpoint: boolean;
	/**
	 * The tracking slots `GET /me` reports per plan: a limit, or null for none (default `{free: 10}`, the
	 * free plan's 10 active containers; the other plans unlimited).
	 */
	trackingSlots: Partial<Record<Plan, number | null>>;
	/**
	 * The container serializer of the account (`selected`: Terminal49's newer one with `import_deadlines.pod`;
	 * `legacy`: the older one), for every key but those pinned to a shape (`sandbox_paid_legacy`,
	 * `sandbox_paid_selected`). Default `legacy` in code, `selected` in the CLI. Read per request (and per
	 * webhook delivery), so a test can change it on `sb.options`.
	 */
	deadlineShape: DeadlineShape;
	/**
	 * Whether the newer serializer hides a container's last free days once it is picked up at the port of
	 * discharge (API-DRIFT.md section 7: "LFDs are hidden once a container is picked up at the POD"):
	 * `import_deadlines.pod` then carries no day and `ssl_lfd` is null. Default false (the sandbox's records as
	 * before); read per request. The older serializer keeps them (the live captures show months-past LFDs).
	 */
	hideLfdAfterPickup: boolean;
}

export interface Hold {
	name: string;
	status: 'hold' | 'pending';
	description: string | null;
}

export interface Fee {
	type: 'demurrage' | 'extended_dwell_time' | 'exam' | 'total' | 'other';
	amount: number;
	currency_code: string;
}

export interface TrackingRequestRec {
	id: string;
	requestNumber: string;
	requestType: 'bill_of_lading' | 'booking_number' | 'container';
	scac: string | null;
	autoDetect: boolean;
	refNumbers: string[];
	shipmentTags: string[];
	status: 'pending' | 'awaiting_manifest' | 'created' | 'failed' | 'tracking_stopped';
	failedReason: string | null;
	createdAt: number;
	updatedAt: number;
	shipmentId: string | null;
	customerId: string | null;
	isRetrying: boolean;
	retryCount: number | null;
	/** Key (plan) that created it, for logs. */
	createdBy: string | null;
	/** `initial_custom_fields` of the create request, applied when the shipment exists. */
	initialCustomFields?: {
		shipment: Array<{ api_slug: string; value: unknown }>;
		containers: Array<{ api_slug: string; value: unknown; number?: string }>;
	};
}

export interface ShipmentRec {
	id: string;
	blNumber: string;
	normalizedNumber: string;
	refNumbers: string[];
	tags: string[];
	createdAt: number;
	scac: string;
	polCode: string;
	tsCode: string | null;
	podCode: string;
	terminalId: string;
	/** Inland rail destination (metro area code) or null when the destination is the port of discharge. */
	metroCode: string | null;
	/** The vessel and voyage that bring the containers to the port of discharge (`pod_vessel_*`). */
	vesselImo: string;
	voyageNumber: string;
	/**
	 * The vessel and voyage of the first leg, from the port of lading to the transshipment port, when the
	 * containers change vessel there (as in the live capture, real-responses/containers.events.json);
	 * unset or null: the same vessel all the way.
	 */
	polVesselImo?: string | null;
	polVoyageNumber?: string | null;
	/** The first estimated departure from the port of lading when known otherwise (a roll); unset: derived. */
	polOriginalEtd?: number | null;
	customerId: string | null;
	/** Milestone plan shared by the containers (see timeline.ts); times are actual up to `stage`. */
	milestones: string[];
	times: number[];
	stage: number;
	podOriginalEta: number;
	containerIds: string[];
	lineTrackingStoppedAt: number | null;
	lineTrackingStoppedReason: string | null;
	lineTrackingLastAttemptedAt: number | null;
	/** When the line last changed the ETA at the port of discharge (list filters `eta_changed_*`). */
	etaChangedAt?: number | null;
}

export interface TransportEventRec {
	id: string;
	containerId: string;
	shipmentId: string;
	event: string;
	timestamp: number;
	createdAt: number;
	voyageNumber: string | null;
	locationCode: string | null;
	locationType: 'port' | 'metro_area' | null;
	terminalId: string | null;
	terminalType: 'terminal' | 'rail_terminal' | null;
	vesselImo: string | null;
	dataSource: 'shipping_line' | 'terminal' | 'ais';
	timezone: string | null;
	/** Index of the raw event it was derived from (`relationships.source_event`); null for run-time events. */
	rawIndex: number | null;
}

export interface ContainerRec {
	id: string;
	number: string;
	shipmentId: string;
	createdAt: number;
	equipmentType: string;
	equipmentLength: number;
	equipmentHeight: string;
	weightLbs: number | null;
	sealNumber: string | null;
	refNumbers: string[];
	/** Index of the last completed milestone of the shipment's plan (-1: nothing yet). */
	stage: number;
	/** Per-container copy of the plan times (actual up to `stage`, estimates after). */
	times: number[];
	holds: Hold[];
	fees: Fee[];
	lfdLine: number | null;
	lfdTerminal: number | null;
	lfdRail: number | null;
	/**
	 * The line's last free day as Terminal49 calculates it for an account that opted in: a date (`YYYY-MM-DD`)
	 * in the terminal's calendar, `pod.line.calculated` on the selected-deadline serializer (the older one
	 * never sends it). Unset: none.
	 */
	lfdLineCalculated?: string | null;
	/**
	 * The carrier withholds its last free day from this account: `pod.line` (and the flat `pickup_lfd_line`,
	 * `ssl_lfd`) say null although the sandbox knows `lfdLine`. Unset: false.
	 */
	lfdLineWithheld?: boolean;
	/** The facility's last free day was entered by hand (`pod.facility.manual`, selection `facility_manual`). */
	lfdTerminalManual?: boolean;
	/** The line's / the facility's first last free day, kept when it later moved (`pod.*.original`). */
	lfdLineOriginal?: number | null;
	lfdTerminalOriginal?: number | null;
	/** The first POD last free day selected, kept when the selection later moved (`pod.unified.original_*`). */
	lfdSelectedOriginal?: PodSelected | null;
	availableForPickup: boolean | null;
	availabilityKnown: boolean;
	pickupAppointmentAt: number | null;
	locationAtPodTerminal: string | null;
	terminalCheckedAt: number | null;
	statusOverride: string | null;
	podRailCarrier: string | null;
	/**
	 * A roll at the port of lading: the container was loaded on another vessel first, then discharged back
	 * there, before the vessel of its `vessel_loaded` milestone took it (seeded history; unset: not rolled).
	 */
	roll?: RollRec | null;
	/** Non-milestone transport events (availability, LFD changes, appointments) created at run time. */
	extraEvents: TransportEventRec[];
	/** When milestones reached at run time (advance) were recorded, by milestone index. */
	recordedAt: Record<number, number>;
	updatedAt: number;
}

/** Whose POD last free day Terminal49 selected (`import_deadlines.pod.unified.current_selection`). */
export type PodSelection = 'facility' | 'facility_manual' | 'line' | 'line_calculated';

/** A selected POD last free day: an instant (ISO, `…Z`) or, for `line_calculated`, a date (`YYYY-MM-DD`). */
export interface PodSelected {
	value: string;
	selection: PodSelection;
}

/** The vessel a container was rolled off at the port of lading, and when it was loaded and discharged there. */
export interface RollRec {
	vesselImo: string;
	voyageNumber: string;
	loadedAt: number;
	dischargedAt: number;
}

export interface WebhookRec {
	id: string;
	url: string;
	active: boolean;
	events: string[];
	secret: string;
	headers: Array<{ name: string; value: string }> | null;
	createdAt: number;
	createdBy: string | null;
	/** Notifications of this webhook that ended `failed` since the last one that `succeeded`. */
	failedInARow?: number;
}

export interface WebhookNotificationRec {
	id: string;
	webhookId: string;
	event: string;
	deliveryStatus: 'pending' | 'succeeded' | 'failed';
	createdAt: number;
	referenceObject: { id: string; type: string };
	/** The resources sent in `included` (snapshot at emission). */
	included: Array<Record<string, unknown>>;
	attempts: number;
	/** Exact bytes of the last delivery body. */
	body: string;
}

export interface DeliveryRecord {
	webhookId: string;
	url: string;
	event: string;
	notificationId: string;
	/** HTTP status of the receiver, or null on timeout / connection error. */
	status: number | null;
	attempt: number;
	body: string;
	signature: string;
	error: string | null;
	at: number;
}

export interface RequestLogEntry {
	method: string;
	/** Full request path including `/v2`. */
	path: string;
	/** The query, by name (a repeated name: its last value). */
	query: Record<string, string>;
	/** Every query parameter in order, repeated names included (`filter[tags][]=a&filter[tags][]=b`). */
	pairs: Array<[string, string]>;
	body: unknown;
	/** Built-in key name (`sandbox_paid`…) or null. Never the raw header of an unknown key. */
	key: string | null;
	status: number;
	at: number;
	fault: string | null;
}

export interface PartyRec {
	id: string;
	companyName: string;
	createdAt: number;
}

/** The records a party role can be on, by their `roleable_type`. */
export type RoleableType = 'Shipment' | 'Cargo' | 'TrackingRequest';

/** One party in one role on one shipment, container (Cargo) or tracking request. */
export interface PartyRoleRec {
	id: string;
	partyId: string;
	role: string;
	roleableType: RoleableType;
	roleableId: string;
	createdAt: number;
	updatedAt: number;
}

export interface CustomFieldDefinitionRec {
	id: string;
	entityType: 'Shipment' | 'Container' | 'TrackingRequest';
	apiSlug: string;
	displayName: string;
	dataType: string;
	referenceType: string | null;
	validation: Record<string, unknown> | null;
	defaultFormat: string | null;
	defaultValue: unknown;
	createdAt: number;
}

export interface CustomFieldOptionRec {
	id: string;
	definitionId: string;
	label: string;
	value: string;
	position: number | null;
	createdAt: number;
}

export interface CustomFieldRec {
	id: string;
	definitionId: string;
	apiSlug: string;
	entityType: 'shipment' | 'container' | 'tracking_request';
	entityId: string;
	value: unknown;
	createdAt: number;
}

export interface DocumentRec {
	id: string;
	name: string;
	documentType: string;
	documentTypeManual: string | null;
	classificationNotes: string | null;
	source: 'upload' | 'api' | 'email' | 'split_document';
	fileName: string;
	fileContentType: string | null;
	fileSizeBytes: number | null;
	contentHash: string;
	shipmentIds: string[];
	containerIds: string[];
	emailSubmissionId: string | null;
	extractedDataManual: Record<string, unknown> | null;
	rotation: number;
	createdAt: number;
	updatedAt: number;
}

export interface EmailSubmissionRec {
	id: string;
	subject: string;
	body: string | null;
	from: string[];
	to: string[];
	cc: string[];
	sentAt: number | null;
	messageId: string | null;
	documentIds: string[];
	createdAt: number;
	updatedAt: number;
}

/** Stored event objects referenced by webhook notifications (other than transport events). */
export interface EventObjectRec {
	id: string;
	type:
		| 'container_updated_event'
		| 'estimated_event'
		| 'container_created_event'
		| 'container_pod_terminal_changed_event'
		| 'transport_event'
		| 'tracking_request'
		| 'document';
	resource: Record<string, unknown>;
}

export interface FaultSpec {
	kind: '500' | '503' | '429' | 'slow' | 'truncated' | 'reset';
	count: number;
	path?: string;
	method?: string;
	delayMs?: number;
}
