/**
 * webhookMethods.default against the sandbox, in n8n-core's real HookContext: what is registered, what is
 * stored in static data, and what happens when the remote webhook changed, vanished or cannot be removed.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { samplesSettled } from '../../nodes/Terminal49/trigger/sample';
import { captureLogs } from '../helpers/runNode';
import { TriggerWorkflow } from './harness';

let sb: Sandbox;
let logs: string[];

beforeAll(async () => {
	logs = captureLogs();
	sb = await startSandbox({
		rateWindowMs: 1000,
		carrierDelayMs: 10,
		webhookRetryScale: 0,
		containers: 5,
	});
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.reset({ containers: 5 });
	sb.clearRequests();
});
// a test listen's sample request (trigger/sample.ts) ends before the next test resets the sandbox
afterEach(async () => {
	await samplesSettled();
});

const EVENTS = ['container.transport.vessel_arrived', 'container.updated'];

function workflow(parameters: Record<string, unknown> = {}, apiKey: string = sb.keys.paid) {
	return new TriggerWorkflow(
		{ events: EVENTS, webhookManagement: 'automatic', ...parameters },
		{ apiKey, baseUrl: sb.baseUrl },
		'http://127.0.0.1:5678/webhook',
	);
}

const calls = () => sb.requests.map((r) => `${r.method} ${r.path}`);

describe('the account behind the key (GET /me)', () => {
	test('a key without the data-out API: activation fails naming it, before any request but GET /me', async () => {
		const wf = workflow({}, sb.keys.lite);
		expect(await wf.lifecycle('checkExists')).toBe(false);
		const error = await wf.lifecycle('create').catch((e: Error & { description?: string }) => e);
		expect((error as Error).message).toBe(
			'Activating the Terminal49 Trigger (it registers a Terminal49 webhook) needs the Data Out API feature: "Data Out API feature is not enabled for this account". Ask sales@terminal49.com to enable Data Out API for the account',
		);
		expect((error as { description?: string }).description).toMatch(
			/webhooks: Terminal49 sending events to n8n.*sales@terminal49\.com/,
		);
		expect(calls()).toEqual(['GET /v2/me']);
		expect(sb.store.webhooks.all()).toHaveLength(0);
		expect(wf.stored.webhookId).toBeUndefined();
	});

	test('a free-plan key: the data-out API needs a paid plan, with where to get it', async () => {
		const error = await workflow({}, sb.keys.free)
			.lifecycle('create')
			.catch((e: Error & { description?: string }) => e);
		expect((error as Error).message).toMatch(
			/needs the Data Out API feature, which needs a paid plan/,
		);
		expect((error as { description?: string }).description).toMatch(
			/app\.terminal49\.com\/settings\/billing/,
		);
		expect(calls()).toEqual(['GET /v2/me']);
	});

	test('a service without GET /me registers as before (no check)', async () => {
		sb.options.meEndpoint = false;
		try {
			expect(await workflow().lifecycle('create')).toBe(true);
			expect(calls()).toEqual(['GET /v2/me', 'GET /v2/webhooks', 'POST /v2/webhooks']);
			expect(sb.requests.map((r) => r.status)).toEqual([404, 200, 201]);
		} finally {
			sb.options.meEndpoint = true;
		}
	});
});

describe('automatic webhook management', () => {
	test('create registers the production URL and the events, stores id and secret', async () => {
		const wf = workflow();
		expect(await wf.lifecycle('checkExists')).toBe(false);
		expect(sb.requests).toHaveLength(0); // nothing stored: no request

		expect(await wf.lifecycle('create')).toBe(true);
		expect(calls()).toEqual(['GET /v2/me', 'GET /v2/webhooks', 'POST /v2/webhooks']);
		const post = sb.requests[2];
		expect(post.body).toEqual({
			data: {
				type: 'webhook',
				attributes: {
					url: 'http://127.0.0.1:5678/webhook/b7d1f3c2-6a55-4e0e-9d0e-trigger00001/webhook',
					events: [...EVENTS].sort(),
					active: true,
				},
			},
		});
		const remote = sb.store.webhooks.all();
		expect(remote).toHaveLength(1);
		expect(wf.stored).toMatchObject({
			webhookId: remote[0].id,
			webhookSecret: remote[0].secret,
			webhookUrl: wf.url(),
			webhookEvents: [...EVENTS].sort(),
		});
		expect(remote[0].secret).toMatch(/^[0-9a-f]{48}$/);
	});

	test('checkExists is true while the webhook matches; one GET, no changes', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		sb.clearRequests();
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(calls()).toEqual([`GET /v2/webhooks/${wf.stored.webhookId}`]);
		expect(sb.store.webhooks.all()).toHaveLength(1);
	});

	test('changed events: checkExists updates the webhook in place (same id and secret, no gap) and answers true', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const { webhookId: id, webhookSecret: secret } = wf.stored as {
			webhookId: string;
			webhookSecret: string;
		};
		wf.parameters = { ...wf.parameters, events: ['container.transport.available'] };
		sb.clearRequests();
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(calls()).toEqual([
			`GET /v2/webhooks/${id}`,
			`PATCH /v2/webhooks/${id}`,
			'GET /v2/webhooks',
		]);
		expect(sb.requests[1].body).toEqual({
			data: {
				id,
				type: 'webhook',
				attributes: { url: wf.url(), events: ['container.transport.available'], active: true },
			},
		});
		expect(sb.store.webhooks.all().map((w) => [w.id, w.events, w.secret])).toEqual([
			[id, ['container.transport.available'], secret],
		]);
		expect(wf.stored).toMatchObject({
			webhookId: id,
			webhookSecret: secret,
			webhookEvents: ['container.transport.available'],
		});
	});

	test('changed URL (another WEBHOOK_URL) and a webhook switched off are updated in place too', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const id = wf.stored.webhookId as string;
		wf.webhookBaseUrl = 'https://n8n.example.com/webhook';
		sb.store.webhooks.get(id)!.active = false;
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(sb.store.webhooks.all().map((w) => [w.id, w.url, w.active])).toEqual([
			[id, wf.url(), true],
		]);
		expect(wf.stored.webhookUrl).toBe(wf.url());
	});

	test('updated in place, it removes another registration of the new URL (a failed delete earlier), so no event arrives twice', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const id = wf.stored.webhookId as string;
		wf.webhookBaseUrl = 'https://n8n.example.com/webhook';
		const orphan = workflow();
		orphan.webhookBaseUrl = wf.webhookBaseUrl;
		await orphan.lifecycle('create'); // the same URL, registered by a copy whose static data was lost
		const orphanId = orphan.stored.webhookId as string;
		sb.clearRequests();
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(calls()).toEqual([
			`GET /v2/webhooks/${id}`,
			`PATCH /v2/webhooks/${id}`,
			'GET /v2/webhooks',
			`DELETE /v2/webhooks/${orphanId}`,
		]);
		expect(sb.store.webhooks.all().map((w) => [w.id, w.url])).toEqual([[id, wf.url()]]);
	});

	test('a webhook deleted between the GET and the PATCH: checkExists answers false and create registers anew', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const id = wf.stored.webhookId as string;
		wf.parameters = { ...wf.parameters, events: ['container.transport.available'] };
		// The webhook is removed in Terminal49 right after the sandbox answers the GET.
		const webhooks = sb.store.webhooks;
		const get = webhooks.get.bind(webhooks);
		webhooks.get = (key: string) => {
			const found = get(key);
			if (found) webhooks.remove(key);
			return found;
		};
		try {
			expect(await wf.lifecycle('checkExists')).toBe(false);
		} finally {
			webhooks.get = get;
		}
		expect(calls().slice(-2)).toEqual([`GET /v2/webhooks/${id}`, `PATCH /v2/webhooks/${id}`]);
		expect(sb.requests.slice(-1)[0].status).toBe(404);
		expect(wf.stored).toEqual({});
		expect(await wf.lifecycle('create')).toBe(true);
		expect(sb.store.webhooks.all().map((w) => w.events)).toEqual([
			['container.transport.available'],
		]);
	});

	test('webhook deleted in Terminal49: checkExists clears static data and answers false', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		sb.store.webhooks.remove(wf.stored.webhookId as string);
		expect(await wf.lifecycle('checkExists')).toBe(false);
		expect(wf.stored).toEqual({});
	});

	test('secret rotated remotely: the stored secret follows', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const hook = sb.store.webhooks.get(wf.stored.webhookId as string)!;
		hook.secret = 'f'.repeat(48);
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(wf.stored.webhookSecret).toBe('f'.repeat(48));
	});

	test('create removes older registrations of the same URL (static data lost), so no event arrives twice', async () => {
		const first = workflow();
		await first.lifecycle('create');
		const lost = workflow(); // same node and URL, empty static data
		expect(await lost.lifecycle('checkExists')).toBe(false);
		sb.clearRequests();
		await lost.lifecycle('create');
		expect(calls()).toEqual([
			'GET /v2/me',
			'GET /v2/webhooks',
			`DELETE /v2/webhooks/${first.stored.webhookId}`,
			'POST /v2/webhooks',
		]);
		expect(sb.store.webhooks.all().map((w) => w.id)).toEqual([lost.stored.webhookId]);
	});

	test('delete removes the webhook and clears static data', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const id = wf.stored.webhookId as string;
		sb.clearRequests();
		expect(await wf.lifecycle('delete')).toBe(true);
		expect(calls()).toEqual([`DELETE /v2/webhooks/${id}`]);
		expect(sb.store.webhooks.all()).toHaveLength(0);
		expect(wf.stored).toEqual({});
	});

	test('delete of a webhook already gone (404) is success', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		sb.store.webhooks.remove(wf.stored.webhookId as string);
		sb.clearRequests();
		expect(await wf.lifecycle('delete')).toBe(true);
		expect(sb.requests.map((r) => r.status)).toEqual([404]);
		expect(wf.stored).toEqual({});
	});

	test('delete failing with 500 throws a NodeApiError and keeps the id for the next attempt', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		const id = wf.stored.webhookId as string;
		sb.injectFault({ kind: '500', count: 10, path: `/webhooks/${id}`, method: 'DELETE' });
		const error = await wf.lifecycle('delete').then(
			() => undefined,
			(e: unknown) => e,
		);
		sb.clearFaults();
		expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '500' });
		expect(sb.requests.filter((r) => r.method === 'DELETE').length).toBe(4); // 1 + 3 transient retries
		expect(wf.stored.webhookId).toBe(id);
		expect(sb.store.webhooks.get(id)).toBeDefined();
	}, 15_000);

	test('checkExists propagates errors other than 404 (e.g. a revoked key)', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		wf.credentials = { apiKey: 'revoked', baseUrl: sb.baseUrl };
		await expect(wf.lifecycle('checkExists')).rejects.toMatchObject({
			name: 'NodeApiError',
			httpCode: '401',
		});
		expect(wf.stored.webhookId).toBeDefined();
	});

	test('no events selected: activation fails with a clear message, nothing is registered', async () => {
		const wf = workflow({ events: [] });
		await expect(wf.lifecycle('checkExists')).rejects.toThrow('"Events" needs at least one event');
		await expect(wf.lifecycle('create')).rejects.toThrow('"Events" needs at least one event');
		expect(sb.requests).toHaveLength(0);
	});

	test('the log says what happened to the webhook, never its secret', async () => {
		const wf = workflow();
		await wf.lifecycle('create');
		wf.parameters = { ...wf.parameters, events: ['container.created'] };
		await wf.lifecycle('checkExists');
		expect(logs.join('\n')).toMatch(/differs from the node .*updating it/);
		for (const hook of sb.store.webhooks.all()) expect(logs.join('\n')).not.toContain(hook.secret);
		expect(logs.join('\n')).not.toMatch(/[0-9a-f]{48}/);
	});

	test('"Listen for test event" registers a separate webhook for the Test URL; the production one is untouched', async () => {
		const production = workflow();
		await production.lifecycle('create');
		const productionHook = sb.store.webhooks.all()[0];
		// n8n gives test registrations their own, empty static data (test-webhooks.js toWorkflow)
		const test = workflow();
		expect(await test.lifecycle('checkExists', 'manual', { isTest: true })).toBe(false);
		expect(await test.lifecycle('create', 'manual', { isTest: true })).toBe(true);
		expect(
			sb.store.webhooks
				.all()
				.map((w) => w.url)
				.sort(),
		).toEqual([
			'http://127.0.0.1/webhook-test/b7d1f3c2-6a55-4e0e-9d0e-trigger00001/webhook',
			productionHook.url,
		]);
		expect(await test.lifecycle('delete', 'manual', { isTest: true })).toBe(true);
		expect(sb.store.webhooks.all()).toEqual([productionHook]);
		expect(await production.lifecycle('checkExists')).toBe(true);
	});

	test('the real service needs https: a clear error before any request', async () => {
		const wf = new TriggerWorkflow(
			{ events: EVENTS },
			{ apiKey: 'k', baseUrl: 'https://api.terminal49.com/v2' },
			'http://n8n.internal:5678/webhook',
		);
		await expect(wf.lifecycle('create')).rejects.toThrow(
			'Terminal49 only delivers webhooks to https URLs',
		);
	});

	test.each([
		['the real service', 'https://api.terminal49.com/v2'],
		['a staging service on another host', 'http://staging.internal:3000/v2'],
	])(
		'plain http to localhost is refused for %s too (only a sandbox on this machine delivers there)',
		async (_name, baseUrl) => {
			const wf = new TriggerWorkflow(
				{ events: EVENTS },
				{ apiKey: 'k', baseUrl },
				'http://localhost:5678/webhook',
			);
			await expect(wf.lifecycle('create')).rejects.toThrow(
				"Terminal49 only delivers webhooks to https URLs, and this workflow's URL is http://localhost:5678/webhook",
			);
		},
	);

	test('a sandbox on this machine delivers to a plain-http n8n on this machine, not to another host', async () => {
		const local = new TriggerWorkflow(
			{ events: EVENTS },
			{ apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
			'http://n8n.internal:5678/webhook',
		);
		await expect(local.lifecycle('create')).rejects.toThrow(
			'Terminal49 only delivers webhooks to https URLs',
		);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('webhook managed by hand', () => {
	test('registers nothing: checkExists true, create and delete do nothing', async () => {
		const wf = workflow({ webhookManagement: 'manual', secret: 'pasted-secret' });
		expect(await wf.lifecycle('checkExists')).toBe(true);
		expect(await wf.lifecycle('create')).toBe(true);
		expect(await wf.lifecycle('delete')).toBe(true);
		expect(sb.requests).toHaveLength(0);
		expect(wf.stored).toEqual({});
	});

	test('an empty secret fails activation', async () => {
		const wf = workflow({ webhookManagement: 'manual', secret: '' });
		await expect(wf.lifecycle('checkExists')).rejects.toThrow('"Webhook Secret" is empty');
	});
});
