/**
 * Webhook dispatcher: one notification per (event, subscribed active webhook), POSTed with
 * `X-T49-Webhook-Signature` = hex HMAC-SHA256(body bytes, webhook secret); non-2xx answers or timeouts
 * are retried up to 12 times on a backoff schedule scaled by `webhookRetryScale`, then the notification is
 * `failed` (Terminal49 keeps it, no replay). A webhook whose notifications keep failing is switched off:
 * Terminal49 "may deactivate a webhook after repeated delivery failures" (its webhook best practices) without
 * saying when; the sandbox's rule, an assumption, is `webhookDeactivateAfter` notifications in a row ending
 * `failed`. The notifications of a switched-off webhook still being retried end `failed` at their next try,
 * and no new ones are created for it until it is switched on again (`PATCH /webhooks/{id}` `active: true`).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { ResourceObject } from './jsonapi';
import type { Serializer } from './serializers';
import type { Store } from './store';
import type { DeliveryRecord, WebhookNotificationRec, WebhookRec } from './types';

/** Seconds before retry n (1-based); multiplied by webhookRetryScale. */
export const RETRY_SCHEDULE_S = [10, 30, 60, 120, 300, 600, 1200, 2400, 3600, 7200, 14400, 28800];
export const MAX_RETRIES = RETRY_SCHEDULE_S.length;
export const SUCCESS_STATUSES = new Set([200, 201, 202, 204]);
export const USER_AGENT = 'Terminal49 Webhook Bot';
/** Default of `webhookDeactivateAfter`: notifications in a row that end failed before the webhook is switched off. */
export const DEACTIVATE_AFTER_FAILED = 5;

export function sign(body: string | Buffer, secret: string): string {
	return createHmac('sha256', secret).update(body).digest('hex');
}

export interface EventPayload {
	event: string;
	referenceObject: ResourceObject;
	/** Resources for `included` other than the reference object. */
	included: ResourceObject[];
	/** Put the reference object in `included` (true for every event of the real examples). */
	includeReference?: boolean;
}

export interface SendResult {
	status: number | null;
	error: string | null;
	responseHeaders: Record<string, string> | null;
	responseBody: string | null;
	requestHeaders: Record<string, string>;
}

export class WebhookDispatcher {
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly inflight = new Set<http.ClientRequest>();
	private idleWaiters: Array<() => void> = [];
	private closed = false;
	/** Bumped by close(): callbacks of older deliveries are dropped (ids repeat after a reset). */
	private generation = 0;
	/** While deliveries are held (hold()): the notifications created meanwhile, not sent yet. */
	private held: Array<{ w: WebhookRec; n: WebhookNotificationRec }> | null = null;

	constructor(
		private readonly store: Store,
		private readonly options: {
			webhookRetryScale: number;
			webhookTimeoutMs: number;
			webhookDeactivateAfter: number;
		},
		private readonly newId: () => string,
	) {}

	/**
	 * Create and deliver notifications for every active webhook subscribed to the event, in creation order;
	 * `payloadFor` gives a webhook its payload and the serializer of its account (undefined: none for it).
	 */
	emit(
		event: string,
		payloadFor: (w: WebhookRec) => { payload: EventPayload; serializer: Serializer } | undefined,
	): WebhookNotificationRec[] {
		const out: WebhookNotificationRec[] = [];
		for (const w of this.store.webhooks.all()) {
			if (!w.active || !w.events.includes(event)) continue;
			const built = payloadFor(w);
			if (!built) continue;
			const { payload, serializer } = built;
			const n = this.createNotification(w, payload);
			this.store.notifications.add(n);
			out.push(n);
			n.body = this.render(n, serializer);
			if (this.held) this.held.push({ w, n });
			else this.attempt(w, n);
		}
		return out;
	}

	/**
	 * Holds the first delivery of every notification created from now on (they stay `pending`) until release():
	 * what a receiver sees when Terminal49's deliveries of a moment arrive late or out of order (a retry after a
	 * newer one, a queue on Terminal49's side).
	 */
	hold(): void {
		this.held ??= [];
	}

	/** Sends the held notifications, in the order they were created or newest first; answers their ids. */
	release(order: 'created' | 'newest_first' = 'created'): string[] {
		const held = this.held ?? [];
		this.held = null;
		if (order === 'newest_first') held.reverse();
		for (const { w, n } of held) this.attempt(w, n);
		return held.map(({ n }) => n.id);
	}

	/**
	 * Delivers a notification once more, the same bytes with the same signature, as Terminal49 does when it
	 * repeats a delivery ("Deliveries can repeat"); its status follows this answer too. False when unknown.
	 */
	repeat(notificationId: string): boolean {
		const n = this.store.notifications.get(notificationId);
		const w = n ? this.store.webhooks.get(n.webhookId) : undefined;
		if (!n || !w || !n.body) return false;
		this.attempt(w, n);
		return true;
	}

	createNotification(w: { id: string }, payload: EventPayload): WebhookNotificationRec {
		const included = payload.included.slice();
		if (payload.includeReference !== false) included.push(payload.referenceObject);
		return {
			id: this.newId(),
			webhookId: w.id,
			event: payload.event,
			deliveryStatus: 'pending',
			createdAt: Date.now(),
			referenceObject: { id: payload.referenceObject.id, type: payload.referenceObject.type },
			included: included as unknown as Array<Record<string, unknown>>,
			attempts: 0,
			body: '',
		};
	}

	/** The delivery body: the notification envelope as sent (delivery_status pending). */
	render(n: WebhookNotificationRec, serializer: Serializer): string {
		const data = serializer.webhookNotification(n);
		return JSON.stringify({ data, included: n.included });
	}

	private attempt(w: WebhookRec, n: WebhookNotificationRec): void {
		if (this.closed) return;
		n.attempts++;
		const attempt = n.attempts;
		const gen = this.generation;
		const signature = sign(n.body, w.secret);
		void this.send(w.url, n.body, signature, w.headers ?? []).then((r) => {
			if (gen !== this.generation) return;
			const record: DeliveryRecord = {
				webhookId: w.id,
				url: w.url,
				event: n.event,
				notificationId: n.id,
				status: r.status,
				attempt,
				body: n.body,
				signature,
				error: r.error,
				at: Date.now(),
			};
			this.store.deliveries.push(record);
			if (r.status !== null && SUCCESS_STATUSES.has(r.status)) {
				this.settle(n, 'succeeded');
			} else if (attempt > MAX_RETRIES || this.closed) {
				this.settle(n, 'failed');
			} else {
				const delay = RETRY_SCHEDULE_S[attempt - 1] * 1000 * this.options.webhookRetryScale;
				const timer = setTimeout(() => {
					this.timers.delete(timer);
					if (gen !== this.generation) return;
					const current = this.store.webhooks.get(w.id);
					if (!current || !current.active) {
						this.settle(n, 'failed');
						this.checkIdle();
						return;
					}
					this.attempt(current, n);
				}, delay);
				this.timers.add(timer);
			}
			this.checkIdle();
		});
	}

	/** The end of a notification's deliveries, and the webhook switched off after too many failed in a row. */
	private settle(n: WebhookNotificationRec, status: 'succeeded' | 'failed'): void {
		n.deliveryStatus = status;
		const w = this.store.webhooks.get(n.webhookId);
		if (!w) return;
		if (status === 'succeeded') {
			w.failedInARow = 0;
			return;
		}
		w.failedInARow = (w.failedInARow ?? 0) + 1;
		const limit = this.options.webhookDeactivateAfter;
		if (limit > 0 && w.active && w.failedInARow >= limit) w.active = false;
	}

	/** One signed POST; resolves with the receiver's status or the error. */
	send(
		url: string,
		body: string,
		signature: string,
		extraHeaders: Array<{ name: string; value: string }>,
	): Promise<SendResult> {
		const requestHeaders: Record<string, string> = {
			'Content-Type': 'application/vnd.api+json',
			'User-Agent': USER_AGENT,
			'X-T49-Webhook-Signature': signature,
		};
		for (const h of extraHeaders) requestHeaders[h.name] = h.value;
		return new Promise((resolve) => {
			let target: URL;
			try {
				target = new URL(url);
			} catch {
				resolve({
					status: null,
					error: 'invalid url',
					responseHeaders: null,
					responseBody: null,
					requestHeaders,
				});
				return;
			}
			const lib = target.protocol === 'https:' ? https : http;
			let settled = false;
			const done = (r: Omit<SendResult, 'requestHeaders'>) => {
				if (settled) return;
				settled = true;
				this.inflight.delete(req);
				resolve({ ...r, requestHeaders });
			};
			const req = lib.request(
				target,
				{
					method: 'POST',
					headers: { ...requestHeaders, 'Content-Length': Buffer.byteLength(body) },
					rejectUnauthorized: false,
				},
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (c: Buffer) => chunks.push(c));
					res.on('end', () => {
						const headers: Record<string, string> = {};
						for (const [k, v] of Object.entries(res.headers))
							if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
						done({
							status: res.statusCode ?? null,
							error: null,
							responseHeaders: headers,
							responseBody: Buffer.concat(chunks).toString('utf8').slice(0, 10000),
						});
					});
					res.on('error', (e) =>
						done({ status: null, error: e.message, responseHeaders: null, responseBody: null }),
					);
				},
			);
			this.inflight.add(req);
			req.setTimeout(this.options.webhookTimeoutMs, () => {
				req.destroy(new Error(`timeout after ${this.options.webhookTimeoutMs} ms`));
			});
			req.on('error', (e) =>
				done({ status: null, error: e.message, responseHeaders: null, responseBody: null }),
			);
			req.end(body);
		});
	}

	/** Resolves when no delivery is in flight or scheduled. */
	idle(): Promise<void> {
		if (!this.timers.size && !this.inflight.size) return new Promise((r) => setImmediate(r));
		return new Promise((r) => this.idleWaiters.push(r));
	}

	private checkIdle(): void {
		if (this.timers.size || this.inflight.size) return;
		const waiters = this.idleWaiters;
		this.idleWaiters = [];
		for (const w of waiters) w();
	}

	close(): void {
		this.closed = true;
		this.generation++;
		this.held = null;
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
		for (const r of this.inflight) r.destroy();
		this.inflight.clear();
		this.checkIdle();
	}

	reopen(): void {
		this.closed = false;
	}
}
