/** Control API (/_sandbox) and the CLI entry point. */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import type { Sandbox } from '../../sandbox';
import { client, control, startTestSandbox } from './helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(() => sb.close());

test('state and fixtures', async () => {
	const state = await control(sb, 'GET', '');
	expect(state.status).toBe(200);
	expect(state.body).toMatchObject({
		baseUrl: sb.baseUrl,
		keys: { sandbox_paid: 'paid', sandbox_free: 'free', sandbox_basic: 'basic' },
		counts: { containers: 40 },
	});
	expect((await control(sb, 'GET', '/fixtures')).body).toEqual(sb.fixtures);
});

test('request log over HTTP: GET and DELETE', async () => {
	await control(sb, 'DELETE', '/requests');
	await client(sb).get('/containers?page[size]=1');
	await client(sb).post('/parties', {
		data: { type: 'party', attributes: { company_name: 'Logged Co' } },
	});
	const log = (await control(sb, 'GET', '/requests')).body;
	expect(log.map((r: any) => [r.method, r.path, r.status, r.key])).toEqual([
		['GET', '/v2/containers', 200, 'sandbox_paid'],
		['POST', '/v2/parties', 201, 'sandbox_paid'],
	]);
	expect(log[1].body).toEqual({
		data: { type: 'party', attributes: { company_name: 'Logged Co' } },
	});
	expect((await control(sb, 'GET', '/requests?limit=1')).body).toHaveLength(1);
	await control(sb, 'DELETE', '/requests');
	expect(sb.requests).toHaveLength(0);
});

test('errors of the control API', async () => {
	expect((await control(sb, 'POST', '/containers/NOPE/advance')).status).toBe(404);
	expect(
		(await control(sb, 'POST', '/events', { event: 'container.exploded', reference_id: 'x' }))
			.status,
	).toBe(400);
	expect(
		(await control(sb, 'POST', '/events', { event: 'container.updated', reference_id: 'nope' }))
			.status,
	).toBe(404);
	expect((await control(sb, 'POST', '/tracking_requests/nope/resolve')).status).toBe(404);
	expect(
		(
			await control(sb, 'PATCH', `/containers/${sb.fixtures[0].containerId}`, {
				fees: [{ type: 'storage', amount: 1 }],
			})
		).status,
	).toBe(400);
	expect(
		(
			await control(sb, 'PATCH', `/containers/${sb.fixtures[0].containerId}`, {
				pickup_lfd_line: 'tomorrow',
			})
		).status,
	).toBe(400);
	expect((await control(sb, 'GET', '/whatever')).status).toBe(404);
});

test('advance by container number, several steps; deliveries log over HTTP', async () => {
	const f = sb.fixtures.find((x) => x.key === 'new_booking')!;
	const r = await control(sb, 'POST', `/containers/${f.containerNumber}/advance`, { steps: 3 });
	expect(r.body.events).toEqual([
		'container.transport.empty_out',
		'container.transport.full_in',
		'container.transport.vessel_loaded',
	]);
	expect(r.body.current_status).toBe('on_ship');
	expect((await control(sb, 'GET', '/deliveries')).body).toEqual([]);
});

test('POST /_sandbox/shipments/:id/eta moves the ETA, keeps the original and emits shipment.estimated.arrival', async () => {
	const booking = sb.fixtures.find((f) => f.key === 'new_booking')!;
	const shipment = async () =>
		(await client(sb).get(`/shipments/${booking.shipmentId}`)).body.data.attributes;
	const before = await shipment();
	const eta = new Date(Date.parse(before.pod_original_eta_at) + 6 * 86_400_000)
		.toISOString()
		.replace('.000Z', 'Z');
	// a webhook for the event, so the sandbox records its notification (delivery to a closed port fails)
	const hook = await client(sb).post('/webhooks', {
		data: {
			type: 'webhook',
			attributes: {
				url: 'http://127.0.0.1:1/eta',
				active: true,
				events: ['shipment.estimated.arrival'],
			},
		},
	});
	expect(hook.status).toBe(201);
	const notifications = sb.store.notifications.all().length;
	const res = await control(sb, 'POST', `/shipments/${booking.billOfLading}/eta`, {
		pod_eta_at: eta,
	});
	expect(res.status).toBe(202);
	expect(res.body).toMatchObject({
		fired: 'shipment.estimated.arrival',
		data: { id: booking.shipmentId, attributes: { pod_eta_at: eta } },
	});
	const after = await shipment();
	expect(after.pod_eta_at).toBe(eta);
	expect(after.pod_original_eta_at).toBe(before.pod_original_eta_at);
	const emitted = sb.store.notifications.all().slice(notifications);
	expect(emitted.map((n: any) => n.event)).toEqual(['shipment.estimated.arrival']);
	expect(emitted[0].included).toEqual(
		expect.arrayContaining([
			expect.objectContaining({
				type: 'shipment',
				attributes: expect.objectContaining({
					pod_eta_at: eta,
					pod_original_eta_at: before.pod_original_eta_at,
				}),
			}),
		]),
	);
	await client(sb).delete(`/webhooks/${hook.body.data.id}`);
	expect((await control(sb, 'POST', `/shipments/NOPE/eta`, { pod_eta_at: eta })).status).toBe(404);
	expect(
		(await control(sb, 'POST', `/shipments/${booking.shipmentId}/eta`, { pod_eta_at: 'soon' }))
			.status,
	).toBe(400);
	// arrived: nothing to move
	const arrived = sb.fixtures.find((f) => f.key === 'past_lfd')!;
	expect(
		(await control(sb, 'POST', `/shipments/${arrived.shipmentId}/eta`, { pod_eta_at: eta })).status,
	).toBe(409);
});

test('PATCH /_sandbox/options sets ignoredFilters and strictAccept at run time', async () => {
	const number = sb.fixtures[0].containerNumber;
	const filtered = () => client(sb).get(`/containers?filter[number]=${number}`);
	expect((await filtered()).body.data).toHaveLength(1);
	const set = await control(sb, 'PATCH', '/options', {
		ignoredFilters: ['filter[number]'],
		strictAccept: false,
	});
	expect(set.body).toMatchObject({ ignoredFilters: ['filter[number]'], strictAccept: false });
	expect((await filtered()).body.data.length).toBeGreaterThan(1);
	expect(sb.options.strictAccept).toBe(false);
	expect((await control(sb, 'PATCH', '/options', { ignoredFilters: 'x' })).status).toBe(400);
	expect((await control(sb, 'PATCH', '/options', { strictAccept: 'yes' })).status).toBe(400);
	await control(sb, 'PATCH', '/options', { ignoredFilters: [], strictAccept: true });
	expect((await filtered()).body.data).toHaveLength(1);
	expect(sb.options).toMatchObject({ ignoredFilters: [], strictAccept: true });
});

test('PATCH /_sandbox/options switches the lists to the older service (legacyLists) and back', async () => {
	const page = async () => (await client(sb).get('/containers?page[size]=100')).body;
	// the current service: pages of 50 at most; the older one: 100
	expect((await page()).meta.size).toBe(50);
	const set = await control(sb, 'PATCH', '/options', { legacyLists: true });
	expect(set.body).toMatchObject({ legacyLists: true });
	expect(sb.options.legacyLists).toBe(true);
	expect((await page()).meta.size).toBe(100);
	// the older service: list filters ignored
	expect(
		(await client(sb).get('/containers?filter[current_status]=picked_up')).body.meta.total,
	).toBe(sb.store.containers.size);
	expect((await control(sb, 'PATCH', '/options', { legacyLists: 'yes' })).status).toBe(400);
	expect((await control(sb, 'GET', '/state')).body.options.legacyLists).toBe(true);
	await control(sb, 'PATCH', '/options', { legacyLists: false });
	expect(
		(await client(sb).get('/containers?filter[current_status]=picked_up')).body.meta.total,
	).toBeLessThan(sb.store.containers.size);
});

test('npm run sandbox -- --help lists every option, --legacy-lists among them', () => {
	const root = path.join(__dirname, '..', '..');
	const help = execFileSync(
		process.execPath,
		['--import', 'tsx', path.join(root, 'sandbox', 'cli.ts'), '--help'],
		{
			cwd: root,
			encoding: 'utf8',
		},
	);
	expect(help).toMatch(
		/--legacy-lists\s+GET \/containers and \/shipments as the older service answered them/,
	);
	expect(help).toContain('PATCH /_sandbox/options {"legacyLists": true}');
});

test('npm run sandbox (cli.ts) prints base URL and keys, serves, and stops on SIGTERM', async () => {
	const root = path.join(__dirname, '..', '..');
	// `node --import tsx` (what `npm run sandbox` runs through the tsx wrapper) so the signal reaches cli.ts itself.
	const child = spawn(
		process.execPath,
		[
			'--import',
			'tsx',
			path.join(root, 'sandbox', 'cli.ts'),
			'--port',
			'0',
			'--containers',
			'8',
			'--ignore-filter',
			'filter[number]',
			'--lenient-accept',
			'--legacy-lists',
			'--quiet',
		],
		{ cwd: root },
	);
	let out = '';
	child.stdout.on('data', (d) => (out += d));
	child.stderr.on('data', (d) => (out += d));
	const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
	try {
		const base = await new Promise<string>((resolve, reject) => {
			const t = setTimeout(() => reject(new Error(`no banner: ${out}`)), 15000);
			child.stdout.on('data', () => {
				const m = /listening on (http:\/\/\S+\/v2)/.exec(out);
				if (m) {
					clearTimeout(t);
					resolve(m[1]);
				}
			});
		});
		expect(out).toContain('sandbox_paid');
		expect(out).toContain('sandbox_free');
		expect(out).toContain('sandbox_basic');
		expect(out).toContain('lists: older service (filters and sort ignored, 100 a page)');
		const res = await fetch(`${base}/containers`, {
			headers: { Authorization: 'Token sandbox_paid' },
		});
		expect(res.status).toBe(200);
		expect(((await res.json()) as any).meta.total).toBe(8);
		const state = (await (
			await fetch(`${base.replace(/\/v2$/, '')}/_sandbox/state`)
		).json()) as any;
		expect(state.options).toMatchObject({
			ignoredFilters: ['filter[number]'],
			strictAccept: false,
			legacyLists: true,
		});
	} finally {
		child.kill('SIGTERM');
	}
	const code = await exited;
	if (code !== 0) throw new Error(`exit ${code}: ${out}`);
}, 30000);
