/**
 * Content negotiation: JSON:API documents are `application/vnd.api+json` (or `application/json` when that is
 * what the client asks for); the endpoints whose body is not a JSON:API document produce `application/json`
 * only. An Accept header that allows none of an endpoint's media types gets 406 (strictAccept, the default).
 */
import http from 'node:http';
import type { Sandbox } from '../../sandbox';
import { JSONAPI_PRODUCES, PLAIN_JSON_PRODUCES, negotiate } from '../../sandbox/negotiation';
import { client, startTestSandbox } from './helpers';

const VND = 'application/vnd.api+json';
const JSON_ = 'application/json';

describe('negotiate()', () => {
	test.each<[string | undefined, string | null, string | null]>([
		// Accept, JSON:API endpoint, plain JSON endpoint
		[undefined, VND, JSON_],
		['', VND, JSON_],
		['*/*', VND, JSON_],
		['application/*', VND, JSON_],
		[VND, VND, null],
		[JSON_, JSON_, JSON_],
		[`${VND}, ${JSON_}`, VND, JSON_],
		[`${JSON_}, ${VND}`, VND, JSON_],
		[`${VND};q=0.5, ${JSON_}`, JSON_, JSON_],
		['text/html', null, null],
		['text/html, */*;q=0.1', VND, JSON_],
		[`${JSON_};q=0, */*`, VND, null],
		['application/json, text/plain, */*', JSON_, JSON_],
		// JSON:API: its media type with parameters (other than ext / profile) is not its media type.
		[`${VND}; charset=utf-8`, null, null],
		[`${VND}; ext="https://jsonapi.org/ext/atomic"`, VND, null],
		['APPLICATION/VND.API+JSON', VND, null],
	])('Accept %j', (accept, jsonApi, plain) => {
		expect(negotiate(accept, JSONAPI_PRODUCES)).toBe(jsonApi);
		expect(negotiate(accept, PLAIN_JSON_PRODUCES)).toBe(plain);
	});
});

describe('over HTTP', () => {
	let sb: Sandbox;
	let api: ReturnType<typeof client>;
	let map: string;
	beforeAll(async () => {
		sb = await startTestSandbox({ rateLimits: { default: 1_000_000 } });
		api = client(sb);
		map = `/containers/${sb.fixtures.find((f) => f.key === 'on_ship')!.containerId}/map_geojson`;
	});
	afterAll(() => sb.close());

	const accept = (value: string) => ({ headers: { Accept: value } });

	test('a JSON:API-only Accept on an application/json endpoint: 406 with a JSON:API error', async () => {
		const res = await api.get(map, accept(VND));
		expect(res.status).toBe(406);
		expect(res.headers.get('content-type')).toBe(VND);
		expect(res.body.errors).toEqual([
			{
				status: '406',
				title: 'Not Acceptable',
				detail: `The Accept header (${VND}) allows none of the media types of GET /v2${map}: ${JSON_}`,
				source: { parameter: 'Accept' },
			},
		]);
		for (const ok of [`${VND}, ${JSON_}`, '*/*', 'application/*', JSON_]) {
			const r = await api.get(map, accept(ok));
			expect([ok, r.status, r.headers.get('content-type')]).toEqual([ok, 200, JSON_]);
		}
	});

	test('every application/json endpoint refuses a JSON:API-only Accept', async () => {
		const doc = sb.store.documents.all()[0].id;
		const on = sb.fixtures.find((f) => f.key === 'on_rail')!.containerId;
		const cases: Array<[string, string, unknown?]> = [
			['GET', map],
			['PATCH', `/containers/${on}/refresh`],
			['POST', '/tracking_requests/infer_number', { number: 'MSCU4949012' }],
			['GET', '/webhooks/ips'],
			['POST', '/webhooks/trigger', { url: 'http://127.0.0.1:9/x', event: 'container.updated' }],
			['GET', '/documents/types'],
			['GET', `/documents/${doc}/download_url`],
			['POST', `/documents/${doc}/reextract`],
			['POST', `/documents/${doc}/reclassify`],
			['POST', `/documents/${doc}/relink`],
			['POST', `/documents/${doc}/rotate`],
		];
		for (const [method, path, body] of cases) {
			const res = await api.request(method, path, {
				...accept(VND),
				...(method === 'GET' ? {} : { body: body ?? {} }),
			});
			expect([method, path, res.status]).toEqual([method, path, 406]);
		}
	});

	test('JSON:API endpoints answer vnd.api+json, or application/json when only that is accepted', async () => {
		const vnd = await api.get('/shipments?page[size]=1', accept(VND));
		expect([vnd.status, vnd.headers.get('content-type')]).toEqual([200, VND]);
		const json = await api.get('/shipments?page[size]=1', accept(JSON_));
		expect([json.status, json.headers.get('content-type')]).toEqual([200, JSON_]);
		expect(json.body).toEqual(vnd.body);
		const html = await api.get('/shipments?page[size]=1', accept('text/html'));
		expect([html.status, html.headers.get('content-type')]).toEqual([406, VND]);
	});

	test('no Accept header: the endpoint media type', async () => {
		const get = (path: string) =>
			new Promise<{ status: number; type: string | undefined }>((resolve, reject) => {
				const req = http.request(`${sb.baseUrl}${path}`, {
					headers: { Authorization: 'Token sandbox_paid' },
				});
				req.on('response', (res) => {
					res.resume();
					resolve({ status: res.statusCode!, type: res.headers['content-type'] });
				});
				req.on('error', reject);
				req.end();
			});
		expect(await get('/shipments?page[size]=1')).toEqual({ status: 200, type: VND });
		expect(await get(map)).toEqual({ status: 200, type: JSON_ });
	});

	test('errors of an application/json endpoint are application/json too', async () => {
		const res = await api.get('/documents/nope/download_url', accept(JSON_));
		expect([res.status, res.headers.get('content-type')]).toEqual([404, JSON_]);
	});

	test('order of checks: auth and route before 406; 406 before plan, feature and rate limit', async () => {
		const html = accept('text/html');
		expect((await client(sb, 'nope').get('/shipments', html)).status).toBe(401);
		expect((await api.get('/nowhere', html)).status).toBe(404);
		expect((await client(sb, 'sandbox_free').get('/shipments', html)).status).toBe(406);
		expect((await client(sb, 'sandbox_basic').get(map, html)).status).toBe(406);
	});

	test('strictAccept: false answers whatever the Accept header says', async () => {
		sb.options.strictAccept = false;
		try {
			const res = await api.get(map, accept(VND));
			expect([res.status, res.headers.get('content-type')]).toEqual([200, JSON_]);
		} finally {
			sb.options.strictAccept = true;
		}
	});
});
