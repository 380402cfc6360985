/**
 * Webhook and Webhook Notification operations against the sandbox, through real n8n-core: the request
 * (method, path, query, body) and the items of each operation, and the input checks that run first.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { WEBHOOK_EVENTS } from '../../nodes/Terminal49/domain/events';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { captureLogs, runNode } from '../helpers/runNode';

let sb: Sandbox;
let receiver: http.Server;
let receiverUrl: string;
const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, webhookRetryScale: 0 });
	receiver = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			res.statusCode = 200;
			res.end('ok');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
	await sb.close();
	receiver.closeAllConnections();
	await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
	received.length = 0;
});

async function run(
	resource: string,
	parameters: IDataObject,
	options: { continueOnFail?: boolean; items?: IDataObject[] } = {},
) {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource, ...parameters } as never,
		credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		items: options.items ?? [{}],
		continueOnFail: options.continueOnFail,
	});
	return out.map((item) => item.json);
}
const requests = () => sb.requests.map((r) => [r.method, r.path, r.query, r.body ?? null]);

async function createWebhook(extra: IDataObject = {}) {
	const [hook] = await run('webhook', {
		operation: 'create',
		url: 'https://hooks.example.com/t49',
		events: ['container.transport.vessel_arrived', 'tracking_request.succeeded'],
		...extra,
	});
	sb.clearRequests();
	return hook;
}

describe('Webhook > Create', () => {
	it('POSTs the JSON:API body and returns the webhook with the service-generated secret', async () => {
		const logs = captureLogs();
		const out = await run('webhook', {
			operation: 'create',
			url: 'https://hooks.example.com/t49',
			events: ['container.transport.vessel_arrived', 'container.transport.available'],
			active: false,
			additionalFields: { headers: { header: [{ name: 'X-Api-Key', value: 'abc' }] } },
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			[
				'POST',
				'/v2/webhooks',
				{},
				{
					data: {
						type: 'webhook',
						attributes: {
							url: 'https://hooks.example.com/t49',
							active: false,
							events: ['container.transport.vessel_arrived', 'container.transport.available'],
							headers: [{ name: 'X-Api-Key', value: 'abc' }],
						},
					},
				},
			],
		]);
		expect(sb.requests[1].status).toBe(201);
		expect(out).toEqual([
			{
				id: expect.any(String),
				type: 'webhook',
				url: 'https://hooks.example.com/t49',
				active: false,
				events: ['container.transport.vessel_arrived', 'container.transport.available'],
				secret: expect.stringMatching(/^[0-9a-f]{48}$/),
				headers: [{ name: 'X-Api-Key', value: 'abc' }],
			},
		]);
		expect(logs.join('\n')).not.toContain(String(out[0].secret));
	});

	it('accepts plain http for 127.0.0.1 and localhost', async () => {
		const out = await run('webhook', {
			operation: 'create',
			url: receiverUrl,
			events: ['tracking_request.failed'],
		});
		expect(out[0]).toEqual(
			expect.objectContaining({
				url: receiverUrl,
				active: true,
				events: ['tracking_request.failed'],
			}),
		);
	});

	it.each([
		[
			{ url: 'http://hooks.example.com/t49' },
			/Invalid URL "http:\/\/hooks.example.com\/t49": Terminal49 delivers webhooks to https URLs only/,
		],
		[{ url: 'hooks.example.com' }, /Invalid URL "hooks.example.com": it is not an absolute URL/],
		[{ url: '' }, /"URL" is empty in item 1/],
		[{ events: [] }, /"Events" is empty: a webhook needs at least one event/],
		[{ events: ['container.*'] }, /Invalid Events "container.\*": not a Terminal49 webhook event/],
		[
			{ additionalFields: { headers: { header: [{ name: 'Bad Name', value: 'x' }] } } },
			/Invalid header name "Bad Name" \(header 1\)/,
		],
	])('rejects %j before any request', async (override, message) => {
		await expect(
			run('webhook', {
				operation: 'create',
				url: 'https://hooks.example.com/t49',
				events: ['tracking_request.failed'],
				...override,
			}),
		).rejects.toThrow(message);
		expect(sb.requests).toHaveLength(0);
	});

	it.each([
		['create', { events: ['tracking_request.failed'] }],
		['sendTestDelivery', { event: 'tracking_request.failed' }],
	])(
		'%s refuses a plain-http localhost URL when the credential points at the real service, before any request',
		async (operation, extra) => {
			const real = runNode({
				nodeType: new Terminal49(),
				parameters: {
					resource: 'webhook',
					operation,
					url: 'http://localhost:5678/webhook/t49',
					...extra,
				} as never,
				credentials: { apiKey: 'k', baseUrl: 'https://api.terminal49.com/v2' },
				items: [{}],
			});
			await expect(real).rejects.toThrow(
				/Invalid URL "http:\/\/localhost:5678\/webhook\/t49": Terminal49 delivers webhooks to https URLs only/,
			);
		},
	);

	it('offers all 43 events in the Events multi-select', () => {
		const events = new Terminal49().description.properties.find(
			(p) => p.name === 'events' && p.displayOptions?.show?.operation?.[0] === 'create',
		)!;
		expect((events.options as Array<{ value: string }>).map((o) => o.value)).toEqual(
			WEBHOOK_EVENTS.map((e) => e.value),
		);
	});
});

describe('Webhook > Get, Get Many, Update, Delete', () => {
	it('Get returns one webhook, secret included', async () => {
		const hook = await createWebhook();
		const out = await run('webhook', { operation: 'get', webhookId: hook.id });
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			['GET', `/v2/webhooks/${hook.id}`, {}, null],
		]);
		expect(out).toEqual([hook]);
	});

	it('Get Many pages through the webhooks (Limit)', async () => {
		await createWebhook();
		await createWebhook();
		const out = await run('webhook', { operation: 'getAll', returnAll: false, limit: 2 });
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			['GET', '/v2/webhooks', { 'page[size]': '2' }, null],
		]);
		expect(out).toHaveLength(2);
		expect(out.every((w) => w.type === 'webhook' && typeof w.url === 'string')).toBe(true);
		const all = await run('webhook', { operation: 'getAll', returnAll: true });
		expect(all.length).toBe(sb.store.webhooks.all().length);
	});

	it('Update sends only the fields set', async () => {
		const hook = await createWebhook();
		const out = await run('webhook', {
			operation: 'update',
			webhookId: hook.id,
			updateFields: { active: false, events: ['container.transport.full_out'] },
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			[
				'PATCH',
				`/v2/webhooks/${hook.id}`,
				{},
				{
					data: {
						id: hook.id,
						type: 'webhook',
						attributes: { events: ['container.transport.full_out'], active: false },
					},
				},
			],
		]);
		expect(out).toEqual([{ ...hook, active: false, events: ['container.transport.full_out'] }]);
	});

	it('Update with no field, or with a non-https URL, fails before any request', async () => {
		const hook = await createWebhook();
		await expect(
			run('webhook', { operation: 'update', webhookId: hook.id, updateFields: {} }),
		).rejects.toThrow('Nothing to update: "Update Fields" is empty');
		await expect(
			run('webhook', {
				operation: 'update',
				webhookId: hook.id,
				updateFields: { url: 'ftp://x.example.com' },
			}),
		).rejects.toThrow(/Invalid URL "ftp:\/\/x.example.com"/);
		await expect(run('webhook', { operation: 'get', webhookId: 'a/b' })).rejects.toThrow(
			/Invalid Webhook ID "a\/b"/,
		);
		expect(sb.requests).toHaveLength(0);
	});

	it('Delete returns {deleted: true, id}; the webhook is gone', async () => {
		const hook = await createWebhook();
		const out = await run('webhook', { operation: 'delete', webhookId: hook.id });
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			['DELETE', `/v2/webhooks/${hook.id}`, {}, null],
		]);
		expect(out).toEqual([{ deleted: true, id: hook.id }]);
		const again = await run(
			'webhook',
			{ operation: 'get', webhookId: hook.id },
			{ continueOnFail: true },
		);
		expect(again[0].error).toMatch(/no such resource \(404\)/);
	});
});

describe('Webhook > Get Events, Get Source IPs, Send Test Delivery', () => {
	it('Get Events: one item per event with description and category', async () => {
		const out = await run('webhook', { operation: 'getEvents' });
		expect(requests()).toEqual([['GET', '/v2/webhooks/events', {}, null]]);
		expect(out).toHaveLength(43);
		expect(out).toContainEqual({
			event: 'tracking_request.succeeded',
			description: expect.any(String),
			category: 'Tracking Request Events',
			category_id: 'tracking-request-events',
		});
		expect(new Set(out.map((e) => e.event))).toEqual(new Set(WEBHOOK_EVENTS.map((e) => e.value)));
	});

	it('Get Events with Simplify off: the categories document', async () => {
		const out = await run('webhook', { operation: 'getEvents', simplify: false });
		expect(out).toHaveLength(1);
		expect((out[0].data as IDataObject[])[0]).toEqual(
			expect.objectContaining({ type: 'webhook_event_category' }),
		);
	});

	it('Get Source IPs: one item', async () => {
		const out = await run('webhook', { operation: 'getSourceIps' });
		expect(requests()).toEqual([['GET', '/v2/webhooks/ips', {}, null]]);
		expect(out).toEqual([
			{ webhook_notification_ips: ['127.0.0.1'], last_updated: '2023-10-17T21:23:16Z' },
		]);
	});

	it('Send Test Delivery: POSTs {url, event, secret}; the receiver gets a payload signed with that secret', async () => {
		const out = await run('webhook', {
			operation: 'sendTestDelivery',
			url: receiverUrl,
			event: 'container.transport.vessel_arrived',
			secret: 'my-test-secret',
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			[
				'POST',
				'/v2/webhooks/trigger',
				{},
				{ url: receiverUrl, event: 'container.transport.vessel_arrived', secret: 'my-test-secret' },
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				url: receiverUrl,
				succeeded: true,
				error: null,
				status_code: 200,
				response_body: 'ok',
			}),
		]);
		expect(received).toHaveLength(1);
		const expected = createHmac('sha256', 'my-test-secret').update(received[0].body).digest('hex');
		expect(received[0].headers['x-t49-webhook-signature']).toBe(expected);
		expect(JSON.parse(received[0].body).data.attributes.event).toBe(
			'container.transport.vessel_arrived',
		);
	});

	it('Send Test Delivery without a secret leaves it out of the body; bad input fails first', async () => {
		await run('webhook', {
			operation: 'sendTestDelivery',
			url: receiverUrl,
			event: 'tracking_request.failed',
		});
		expect(sb.requests[0].path).toBe('/v2/me');
		expect(sb.requests[1].body).toEqual({ url: receiverUrl, event: 'tracking_request.failed' });
		sb.clearRequests();
		await expect(
			run('webhook', { operation: 'sendTestDelivery', url: receiverUrl, event: 'nope' }),
		).rejects.toThrow('Invalid Event "nope": not a Terminal49 webhook event');
		await expect(
			run('webhook', {
				operation: 'sendTestDelivery',
				url: 'http://example.com/x',
				event: 'tracking_request.failed',
			}),
		).rejects.toThrow(/https URLs only/);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Webhook Notification', () => {
	let notificationId: string;
	let webhookId: string;

	beforeAll(async () => {
		const [hook] = await run('webhook', {
			operation: 'create',
			url: receiverUrl,
			events: ['container.transport.available', 'container.updated'],
		});
		webhookId = String(hook.id);
		const f = sb.fixtures.find((x) => x.key === 'customs_hold')!;
		sb.updateContainer(f.containerId, { holds_at_pod_terminal: [] });
		await sb.waitFor(() => sb.store.notifications.all().some((n) => n.webhookId === webhookId));
		await sb.webhooksIdle();
		notificationId = sb.store.notifications.all().find((n) => n.webhookId === webhookId)!.id;
	});

	it('Get Many: with Limit and include', async () => {
		const out = await run('webhookNotification', {
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			include: ['webhook'],
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}, null],
			['GET', '/v2/webhook_notifications', { include: 'webhook', 'page[size]': '5' }, null],
		]);
		expect(out.length).toBeGreaterThanOrEqual(1);
		expect(out.length).toBeLessThanOrEqual(5);
		const mine = out.find((n) => n.id === notificationId)!;
		expect(mine).toEqual(
			expect.objectContaining({
				type: 'webhook_notification',
				event: 'container.updated',
				delivery_status: 'succeeded',
			}),
		);
		expect(mine.webhook).toEqual(
			expect.objectContaining({ id: webhookId, type: 'webhook', url: receiverUrl }),
		);
	});

	it('Get: one notification with its reference object', async () => {
		const out = await run('webhookNotification', {
			operation: 'get',
			notificationId,
			include: ['reference_object', 'webhook'],
		});
		expect(requests()).toEqual([
			[
				'GET',
				`/v2/webhook_notifications/${notificationId}`,
				{ include: 'reference_object,webhook' },
				null,
			],
		]);
		expect(out).toHaveLength(1);
		expect(out[0].id).toBe(notificationId);
		expect(out[0].reference_object).toEqual(
			expect.objectContaining({ type: 'container_updated_event', changeset: expect.any(Object) }),
		);
	});

	it('Get Examples for one event, and for all 43', async () => {
		const one = await run('webhookNotification', {
			operation: 'getExamples',
			event: 'container.transport.vessel_arrived',
		});
		expect(requests()).toEqual([
			[
				'GET',
				'/v2/webhook_notifications/examples',
				{ event: 'container.transport.vessel_arrived' },
				null,
			],
		]);
		expect(one).toHaveLength(1);
		expect(one[0]).toEqual(
			expect.objectContaining({
				type: 'webhook_notification',
				event: 'container.transport.vessel_arrived',
			}),
		);
		expect(one[0].reference_object).toEqual(
			expect.objectContaining({
				type: 'transport_event',
				event: 'container.transport.vessel_arrived',
			}),
		);
		sb.clearRequests();
		const all = await run('webhookNotification', { operation: 'getExamples' });
		expect(requests()).toEqual([['GET', '/v2/webhook_notifications/examples', {}, null]]);
		expect(new Set(all.map((n) => n.event))).toEqual(new Set(WEBHOOK_EVENTS.map((e) => e.value)));
	});

	it('rejects an empty notification ID before any request', async () => {
		await expect(
			run('webhookNotification', { operation: 'get', notificationId: ' ' }),
		).rejects.toThrow('"Webhook Notification ID" is empty in item 1');
		expect(sb.requests).toHaveLength(0);
	});
});
