/**
 * Terminal49 API v2 sandbox: a local stand-in of the service for tests, benchmarks and demos.
 *
 *   const sb = await startSandbox({ carrierDelayMs: 50 });
 *   // sb.baseUrl === 'http://127.0.0.1:PORT/v2'; keys: sandbox_paid, sandbox_free, sandbox_basic, sandbox_lite,
 *   // sandbox_paid_legacy and sandbox_paid_selected (paid, each pinned to one container serializer)
 *   await sb.close();
 */
import { SandboxApp } from './app';
import { KEYS } from './auth';
import type { ContainerPatch } from './container-state';
import { summary } from './control';
import type { FixtureInfo } from './fixtures';
import { SandboxServer } from './server';
import type { Store } from './store';
import type {
	DeadlineShape,
	DeliveryRecord,
	FaultSpec,
	RequestLogEntry,
	SandboxOptions,
	TrackingRequestRec,
} from './types';
import { sleep } from './util';
import { DEACTIVATE_AFTER_FAILED } from './webhooks';

export type {
	ContainerPatch,
	DeadlineShape,
	DeliveryRecord,
	FaultSpec,
	FixtureInfo,
	RequestLogEntry,
	SandboxOptions,
	Store,
};
export { KEYS };
export { isValidContainerNumber, iso6346CheckDigit, withCheckDigit } from './util';
export { sign as signWebhookBody } from './webhooks';
export { EVENT_NAMES } from './events';
export { LEGACY_LFD_SENTINEL } from './pod-deadlines';

export const SANDBOX_KEYS = {
	paid: 'sandbox_paid',
	free: 'sandbox_free',
	basic: 'sandbox_basic',
	lite: 'sandbox_lite',
	/** Paid, always the older container serializer (flat last free days), whatever `deadlineShape` says. */
	paidLegacy: 'sandbox_paid_legacy',
	/** Paid, always the selected-deadline serializer (`import_deadlines.pod`), whatever `deadlineShape` says. */
	paidSelected: 'sandbox_paid_selected',
} as const;

export interface Sandbox {
	/** e.g. http://127.0.0.1:4949/v2 */
	baseUrl: string;
	/** e.g. http://127.0.0.1:4949 (control API under /_sandbox) */
	origin: string;
	port: number;
	widgetUrl: string;
	options: SandboxOptions;
	keys: typeof SANDBOX_KEYS;
	store: Store;
	app: SandboxApp;
	/** Every /v2 request (live array). */
	readonly requests: RequestLogEntry[];
	/** Every webhook delivery attempt (live array). */
	readonly deliveries: DeliveryRecord[];
	fixtures: FixtureInfo[];
	clearRequests(): void;
	clearDeliveries(): void;
	advanceContainer(idOrNumber: string, steps?: number): string[];
	updateContainer(idOrNumber: string, patch: ContainerPatch): Record<string, [unknown, unknown]>;
	fireEvent(
		event: string,
		referenceId: string,
		changeset?: Record<string, [unknown, unknown]>,
	): boolean;
	/** A new ETA at the port of discharge (emits shipment.estimated.arrival); false once arrived. */
	moveEta(shipmentIdOrNumber: string, podEtaAt: string): boolean;
	/**
	 * The shipment's discharge moved to another terminal of its port (emits container.pod_terminal_changed for each
	 * of its containers); answers the new terminal's id, or null when the port has no other.
	 */
	movePodTerminal(shipmentIdOrNumber: string): string | null;
	/**
	 * The container's last milestone withdrawn (after discharge only): its timestamp back to null, and
	 * `container.updated` with `[previous, null]`; answers that changeset, or null when none can be.
	 */
	withdrawMilestone(idOrNumber: string): Record<string, [unknown, unknown]> | null;
	/** The carrier adds a container to a tracked shipment (emits container.created). */
	addContainer(shipmentIdOrNumber: string): { id: string; number: string };
	/** The first delivery of each notification created from now on waits for releaseDeliveries(). */
	holdDeliveries(): void;
	/** Sends the held notifications, in creation order or newest first (out of order); answers their ids. */
	releaseDeliveries(order?: 'created' | 'newest_first'): string[];
	/** Delivers a notification again: the same bytes, the same signature (false: no such notification). */
	repeatDelivery(notificationId: string): boolean;
	injectFault(fault: FaultSpec): FaultSpec;
	clearFaults(): void;
	resolveTrackingRequest(
		id: string,
		outcome?: { status?: 'created' | 'awaiting_manifest' | 'failed'; failed_reason?: string },
	): TrackingRequestRec | undefined;
	resolvePendingTrackingRequests(): TrackingRequestRec[];
	reset(opts?: { seed?: number; containers?: number }): void;
	/** Resolves when no webhook delivery is in flight or scheduled. */
	webhooksIdle(): Promise<void>;
	/** Poll until `predicate` holds (default timeout 5 s). */
	waitFor<T>(predicate: () => T | undefined | null | false, timeoutMs?: number): Promise<T>;
	state(): ReturnType<typeof summary>;
	close(): Promise<void>;
}

export function defaultOptions(overrides: Partial<SandboxOptions> = {}): SandboxOptions {
	const today = new Date();
	const epoch = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
	return {
		port: 0,
		host: '127.0.0.1',
		seed: 49,
		containers: 40,
		epoch,
		rateWindowMs: 60_000,
		rateLimits: {},
		carrierDelayMs: 2000,
		webhookRetryScale: 1,
		webhookTimeoutMs: 10_000,
		webhookDeactivateAfter: DEACTIVATE_AFTER_FAILED,
		widgetUrl: '',
		allowHttpWebhookUrls: true,
		logRequests: false,
		extraKeys: {},
		ignoredFilters: [],
		legacyLists: false,
		strictAccept: true,
		meEndpoint: true,
		trackingSlots: { free: 10 },
		deadlineShape: 'legacy',
		hideLfdAfterPickup: false,
		...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)),
	};
}

export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	const opts = defaultOptions(options);
	const app = new SandboxApp(opts);
	const server = new SandboxServer(app);
	const port = await server.listen(opts.port, opts.host);
	const hostForUrl = opts.host.includes(':')
		? `[${opts.host}]`
		: opts.host === '0.0.0.0'
			? '127.0.0.1'
			: opts.host;
	app.origin = `http://${hostForUrl}:${port}`;
	if (!opts.widgetUrl) opts.widgetUrl = `${app.origin}/widget`;
	const container = (idOrNumber: string) => {
		const c = app.store.findContainer(idOrNumber);
		if (!c) throw new Error(`container ${idOrNumber} not found`);
		return c;
	};
	const sandbox: Sandbox = {
		baseUrl: app.baseUrl,
		origin: app.origin,
		port,
		widgetUrl: opts.widgetUrl,
		options: opts,
		keys: SANDBOX_KEYS,
		get store() {
			return app.store;
		},
		app,
		get requests() {
			return app.store.requests;
		},
		get deliveries() {
			return app.store.deliveries;
		},
		get fixtures() {
			return app.fixtures();
		},
		clearRequests: () => void (app.store.requests.length = 0),
		clearDeliveries: () => void (app.store.deliveries.length = 0),
		advanceContainer: (id, steps = 1) => {
			const c = container(id);
			const events: string[] = [];
			for (let i = 0; i < steps; i++) {
				const r = app.advanceContainer(c);
				if (!r) break;
				events.push(r.event);
			}
			return events;
		},
		updateContainer: (id, patch) => app.patchContainer(container(id), patch),
		fireEvent: (event, ref, changeset) => app.fireEvent(event, ref, changeset),
		moveEta: (ref, eta) => {
			const shipment = app.store.findShipment(ref);
			if (!shipment) throw new Error(`no shipment ${ref}`);
			return app.moveEstimatedArrival(shipment, Date.parse(eta)) !== null;
		},
		movePodTerminal: (ref) => {
			const shipment = app.store.findShipment(ref);
			if (!shipment) throw new Error(`no shipment ${ref}`);
			return app.movePodTerminal(shipment);
		},
		withdrawMilestone: (id) => app.withdrawMilestone(container(id)),
		addContainer: (ref) => {
			const shipment = app.store.findShipment(ref);
			if (!shipment) throw new Error(`no shipment ${ref}`);
			const c = app.addContainer(shipment);
			return { id: c.id, number: c.number };
		},
		holdDeliveries: () => app.dispatcher.hold(),
		releaseDeliveries: (order) => app.dispatcher.release(order),
		repeatDelivery: (id) => app.dispatcher.repeat(id),
		injectFault: (f) => app.faults.add(f),
		clearFaults: () => app.faults.clear(),
		resolveTrackingRequest: (id, outcome) => app.resolveTrackingRequest(id, outcome),
		resolvePendingTrackingRequests: () =>
			app
				.pendingTrackingRequestIds()
				.map((id) => app.resolveTrackingRequest(id)!)
				.filter(Boolean),
		reset: (o = {}) => app.reset(o.seed, o.containers),
		webhooksIdle: () => app.dispatcher.idle(),
		waitFor: async <T>(
			predicate: () => T | undefined | null | false,
			timeoutMs = 5000,
		): Promise<T> => {
			const end = Date.now() + timeoutMs;
			for (;;) {
				const v = predicate();
				if (v) return v;
				if (Date.now() > end) throw new Error(`waitFor timed out after ${timeoutMs} ms`);
				await sleep(10);
			}
		},
		state: () => summary(app),
		close: async () => {
			app.close();
			await server.close();
		},
	};
	return sandbox;
}
