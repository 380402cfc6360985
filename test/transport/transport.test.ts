/**
 * The transport against a real HTTP server on 127.0.0.1, called through n8n-core's real ExecuteContext
 * and its real httpRequestWithAuthentication (n8n's own axios client), as in production.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { NodeApiError } from 'n8n-workflow';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import type { Terminal49Context, Terminal49Request } from '../../nodes/Terminal49/transport';
import {
	apiRequestFull,
	honestNext,
	MAX_RATE_LIMIT_RETRIES,
	pageSizeFor,
	paginate,
	resolveLink,
} from '../../nodes/Terminal49/transport';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { Api } from '../../nodes/Terminal49/client/api';
import { captureLogs, createExecuteContext } from '../helpers/runNode';

/** One request through the transport; the parsed body. */
async function apiRequest(this: Terminal49Context, request: Terminal49Request) {
	return (await apiRequestFull.call(this, request)).body;
}

/** Every record of a list, or the first `limit`: the client's reader over the transport's pages. */
const readList = async (request: { method: 'GET'; path: string }, limit?: number) =>
	await new Api(context()).records(request, { limit });

interface Seen {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
	at: number;
}

type Handler = (req: Seen, res: http.ServerResponse, count: number) => void;

const API_KEY = 'tk_live_SECRET_abc123';

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let handler: Handler;

beforeAll(async () => {
	server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const entry = {
				method: req.method!,
				url: req.url!,
				headers: req.headers,
				body: Buffer.concat(chunks).toString(),
				at: Date.now(),
			};
			seen.push(entry);
			handler(entry, res, seen.length);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});

afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
	seen = [];
	resetRateLimiter();
});

function send(
	res: http.ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
) {
	res.writeHead(status, { 'Content-Type': 'application/vnd.api+json', ...headers });
	res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function context(
	rateLimitRequests = 100,
	more: { rateLimitWindowSeconds?: number; requestTimeoutSeconds?: number } = {},
) {
	return createExecuteContext({
		nodeType: new Terminal49(),
		parameters: { resource: 'container', operation: 'getAll' },
		credentials: { apiKey: `  "${API_KEY}" `, baseUrl: `${baseUrl}/`, rateLimitRequests, ...more },
	});
}

function page(n: number, pages: number, size: number) {
	const data = Array.from({ length: size }, (_, i) => ({
		id: `c${(n - 1) * size + i + 1}`,
		type: 'container',
		attributes: {},
	}));
	return {
		data,
		included: [{ id: 's1', type: 'shipment', attributes: { n } }],
		links:
			n < pages ? { next: `/v2/containers?page%5Bnumber%5D=${n + 1}&page%5Bsize%5D=${size}` } : {},
	};
}

async function caught(promise: Promise<unknown>): Promise<NodeApiError> {
	try {
		await promise;
	} catch (error) {
		return error as NodeApiError;
	}
	throw new Error('expected the request to fail');
}

describe('authentication and request shape', () => {
	test('sends "Token <key>" with the key trimmed of whitespace and quotes, JSON:API content type on bodies', async () => {
		handler = (_req, res) =>
			send(res, 201, { data: { id: 'tr1', type: 'tracking_request', attributes: {} } });
		const ctx = context();
		const body = await apiRequest.call(ctx, {
			method: 'POST',
			path: '/tracking_requests',
			body: { data: { type: 'tracking_request', attributes: { request_number: 'X' } } },
		});
		expect(body.data).toEqual({ id: 'tr1', type: 'tracking_request', attributes: {} });
		expect(seen).toHaveLength(1);
		expect(seen[0].headers.authorization).toBe(`Token ${API_KEY}`);
		expect(seen[0].headers['content-type']).toContain('application/vnd.api+json');
		expect(seen[0].url).toBe('/v2/tracking_requests');
		expect(JSON.parse(seen[0].body)).toEqual({
			data: { type: 'tracking_request', attributes: { request_number: 'X' } },
		});
	});

	test('parses application/vnd.api+json responses that n8n hands over as text', async () => {
		handler = (_req, res) =>
			send(
				res,
				200,
				'{"data":{"id":"c1","type":"container","attributes":{"number":"MSCU1234566"}}}',
			);
		const body = await apiRequest.call(context(), { method: 'GET', path: '/containers/c1' });
		expect((body.data as { attributes: { number: string } }).attributes.number).toBe('MSCU1234566');
	});
});

describe('pagination', () => {
	test('follows links.next until absent, page[size]=100 for Return All', async () => {
		handler = (req, res) => {
			const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
			send(res, 200, page(n, 3, 100));
		};
		const data = await readList({ method: 'GET', path: '/containers' });
		expect(data).toHaveLength(300);
		expect(data[299].id).toBe('c300');
		expect(seen.map((s) => s.url)).toEqual([
			'/v2/containers?page%5Bsize%5D=100',
			'/v2/containers?page%5Bnumber%5D=2&page%5Bsize%5D=100',
			'/v2/containers?page%5Bnumber%5D=3&page%5Bsize%5D=100',
		]);
	});

	test('a Limit asks for min(limit, 100) and fetches no page it does not need', async () => {
		handler = (req, res) => {
			const url = new URL(req.url, 'http://x');
			const size = Number(url.searchParams.get('page[size]'));
			const n = Number(url.searchParams.get('page[number]') ?? 1);
			send(res, 200, page(n, 10, size));
		};
		const small = await readList({ method: 'GET', path: '/containers' }, 7);
		expect(small).toHaveLength(7);
		expect(seen).toHaveLength(1);
		expect(seen[0].url).toContain('page%5Bsize%5D=7');

		seen = [];
		const larger = await readList({ method: 'GET', path: '/containers' }, 150);
		expect(larger).toHaveLength(150);
		// 150 in two pages of 75: no record fetched beyond the limit.
		expect(seen).toHaveLength(2);
		expect(seen[0].url).toContain('page%5Bsize%5D=75');
		expect(pageSizeFor(undefined)).toBe(100);
		expect(pageSizeFor(250)).toBe(84);
	});

	test('a service that holds 50 a page while its links still ask for 100: every record once, none skipped', async () => {
		// Records 1..120; pages of 50 at most, counted by the size asked (offset = (number - 1) * asked),
		// links repeating the size asked: following them blindly would skip records 51-100.
		handler = (req, res) => {
			const url = new URL(req.url, 'http://x');
			const asked = Number(url.searchParams.get('page[size]'));
			const n = Number(url.searchParams.get('page[number]') ?? 1);
			const offset = (n - 1) * asked;
			const data = Array.from(
				{ length: Math.max(0, Math.min(50, asked, 120 - offset)) },
				(_, i) => ({
					id: `c${offset + i + 1}`,
					type: 'container',
					attributes: {},
				}),
			);
			const more = offset + data.length < 120;
			send(res, 200, {
				data,
				links: more ? { next: `/v2/containers?page[number]=${n + 1}&page[size]=${asked}` } : {},
			});
		};
		const data = await readList({ method: 'GET', path: '/containers' });
		expect(data.map((r) => r.id)).toEqual(Array.from({ length: 120 }, (_, i) => `c${i + 1}`));
		expect(seen.map((s) => decodeURIComponent(s.url))).toEqual([
			'/v2/containers?page[size]=100',
			'/v2/containers?page[number]=2&page[size]=50',
			'/v2/containers?page[number]=3&page[size]=50',
		]);
	});

	test('honestNext leaves a link alone unless the page held fewer than asked and the link asks for more', () => {
		const link = 'http://h/v2/containers?filter[x]=a%2Cb&page[number]=2&page[size]=100';
		expect(honestNext(link, 100, 50, 50)).toBe(
			'http://h/v2/containers?filter[x]=a%2Cb&page[number]=2&page[size]=50',
		);
		expect(honestNext(link, 100, 100, 100)).toBe(link);
		expect(honestNext('http://h/v2/c?page[number]=2&page[size]=50', 100, 50, 50)).toBe(
			'http://h/v2/c?page[number]=2&page[size]=50',
		);
		expect(honestNext(undefined, 100, 50, 50)).toBeUndefined();
		// an offset the held size does not divide: left as the service wrote it
		expect(honestNext(link, 100, 40, 90)).toBe(link);
	});

	test('a list value in the query repeats its key (filter[tags][]=a&filter[tags][]=b), as Rails reads it', async () => {
		handler = (_req, res) => send(res, 200, { data: [] });
		await apiRequest.call(context(), {
			method: 'GET',
			path: '/containers',
			qs: { 'filter[tags][]': ['a', 'b,c'], 'filter[has_holds]': true },
		});
		expect(decodeURIComponent(seen[0].url)).toBe(
			'/v2/containers?filter[tags][]=a&filter[tags][]=b,c&filter[has_holds]=true',
		);
	});

	test('the generator lets a caller stop early without fetching more pages', async () => {
		handler = (req, res) => {
			const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
			send(res, 200, page(n, 50, 100));
		};
		let pages = 0;
		for await (const _ of paginate.call(context(), { method: 'GET', path: '/containers' })) {
			if (++pages === 2) break;
		}
		expect(seen).toHaveLength(2);
	});

	test('with prefetch (Return All) the next page is requested while the caller works on the current one', async () => {
		handler = (req, res) => {
			const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
			send(res, 200, page(n, 3, 100));
		};
		const requestsWhenReceived: number[] = [];
		for await (const _ of paginate.call(
			context(),
			{ method: 'GET', path: '/containers' },
			undefined,
			{ prefetch: true },
		)) {
			// The caller is busy with this page; the next one must be on its way without being asked for.
			const deadline = Date.now() + 2_000;
			const wanted = Math.min(requestsWhenReceived.length + 2, 3);
			while (seen.length < wanted && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 10));
			requestsWhenReceived.push(seen.length);
		}
		expect(requestsWhenReceived).toEqual([2, 3, 3]);
	});

	test('backFrom walks a list from the link given back through links.prev, and a prev link that loops fails the walk', async () => {
		const prevOf = (n: number, loop: boolean) =>
			n > 1 || loop
				? { prev: `/v2/containers?page[number]=${loop ? 3 : n - 1}&page[size]=10` }
				: {};
		let loop = false;
		handler = (req, res) => {
			const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
			send(res, 200, { data: [{ id: `p${n}`, type: 'container' }], links: prevOf(n, loop) });
		};
		const walked: string[] = [];
		for await (const doc of paginate.call(
			context(),
			{ method: 'GET', path: '/containers' },
			undefined,
			{ backFrom: '/v2/containers?page[number]=3&page[size]=10' },
		)) {
			walked.push(String((doc.data as Array<{ id: string }>)[0].id));
		}
		expect(walked).toEqual(['p3', 'p2', 'p1']);
		// the service's own links, as given (no page-size correction backwards)
		expect(seen.map((r) => r.url)).toEqual([
			'/v2/containers?page[number]=3&page[size]=10',
			'/v2/containers?page[number]=2&page[size]=10',
			'/v2/containers?page[number]=1&page[size]=10',
		]);
		// never read as complete when its links go round: the caller would take a part for the whole
		loop = true;
		const error = await caught(
			(async () => {
				for await (const _ of paginate.call(
					context(),
					{ method: 'GET', path: '/containers' },
					undefined,
					{ backFrom: '/v2/containers?page[number]=3&page[size]=10' },
				));
			})(),
		);
		expect(error.message).toMatch(/pagination did not end/);
	});

	test('without prefetch no page is requested before the caller asks for it', async () => {
		handler = (req, res) => {
			const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
			send(res, 200, page(n, 3, 100));
		};
		const requestsWhenReceived: number[] = [];
		for await (const _ of paginate.call(context(), { method: 'GET', path: '/containers' })) {
			await new Promise((resolve) => setTimeout(resolve, 200));
			requestsWhenReceived.push(seen.length);
		}
		expect(requestsWhenReceived).toEqual([1, 2, 3]);
	});

	test('a prefetched page that fails fails the list when it is reached, with no unhandled rejection', async () => {
		const unhandled: unknown[] = [];
		const onUnhandled = (reason: unknown) => unhandled.push(reason);
		process.on('unhandledRejection', onUnhandled);
		try {
			handler = (req, res) => {
				const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
				if (n === 2) send(res, 404, { errors: [{ status: '404', detail: 'Page expired' }] });
				else send(res, 200, page(n, 3, 100));
			};
			let pages = 0;
			const error = await caught(
				(async () => {
					for await (const _ of paginate.call(
						context(),
						{ method: 'GET', path: '/containers' },
						undefined,
						{ prefetch: true },
					)) {
						pages++;
						await new Promise((resolve) => setTimeout(resolve, 200));
					}
				})(),
			);
			expect(pages).toBe(1);
			expect(error.message).toContain('404');
			await new Promise((resolve) => setImmediate(resolve));
			expect(unhandled).toEqual([]);
		} finally {
			process.off('unhandledRejection', onUnhandled);
		}
	});

	test('a failure mid-way fails the whole list instead of returning part of it', async () => {
		handler = (req, res) => {
			const n = Number(new URL(req.url, 'http://x').searchParams.get('page[number]') ?? 1);
			if (n === 3)
				send(res, 404, { errors: [{ status: '404', title: 'Not Found', detail: 'Page expired' }] });
			else send(res, 200, page(n, 5, 100));
		};
		const error = await caught(readList({ method: 'GET', path: '/containers' }));
		expect(error.message).toContain('404');
		expect(seen).toHaveLength(3);
	});

	test('links are followed on the credential host only, so the key never goes elsewhere', () => {
		const connection = {
			baseUrl: 'https://api.terminal49.com/v2',
			origin: 'https://api.terminal49.com',
		};
		expect(resolveLink('https://evil.example/v2/containers?page[number]=2', connection)).toBe(
			'https://api.terminal49.com/v2/containers?page[number]=2',
		);
		expect(resolveLink('/v2/shipments?page%5Bnumber%5D=3', connection)).toBe(
			'https://api.terminal49.com/v2/shipments?page%5Bnumber%5D=3',
		);
	});

	test('a next link that repeats itself is an error, not an endless loop', async () => {
		handler = (_req, res) =>
			send(res, 200, {
				data: [{ id: 'a', type: 'container' }],
				links: { next: '/v2/containers?page%5Bnumber%5D=2' },
			});
		const error = await caught(readList({ method: 'GET', path: '/containers' }));
		expect(error.message).toContain('pagination did not end');
		expect(seen).toHaveLength(2);
	});
});

describe('rate limits', () => {
	test('waits Retry-After on 429, then succeeds', async () => {
		handler = (_req, res, count) => {
			if (count === 1)
				send(
					res,
					429,
					{ errors: [{ status: '429', title: 'Too Many Requests' }] },
					{ 'Retry-After': '1' },
				);
			else send(res, 200, { data: { id: 'c1', type: 'container' } });
		};
		const body = await apiRequest.call(context(), { method: 'GET', path: '/containers/c1' });
		expect(body.data).toEqual({ id: 'c1', type: 'container' });
		expect(seen).toHaveLength(2);
		expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(950);
	});

	test('a POST answered 429 is retried (the service did not act on it)', async () => {
		handler = (_req, res, count) => {
			if (count === 1) send(res, 429, { errors: [{ status: '429' }] }, { 'Retry-After': '0' });
			else send(res, 201, { data: { id: 'tr1', type: 'tracking_request' } });
		};
		await apiRequest.call(context(), {
			method: 'POST',
			path: '/tracking_requests',
			body: {},
			bucket: 'create_tracking_request',
		});
		expect(seen).toHaveLength(2);
	});

	test('gives up after a bounded number of 429s with an error naming the limit', async () => {
		handler = (_req, res) =>
			send(
				res,
				429,
				{ errors: [{ status: '429', detail: "You've hit the limit" }] },
				{ 'Retry-After': '0' },
			);
		const error = await caught(
			apiRequest.call(context(), {
				method: 'PATCH',
				path: '/containers/c1/refresh',
				bucket: 'refresh',
			}),
		);
		expect(seen).toHaveLength(MAX_RATE_LIMIT_RETRIES + 1);
		expect(error.message).toContain('rate limit');
		expect(error.message).toContain('10 container refreshes per minute');
		expect(error.httpCode).toBe('429');
	});

	test('a Retry-After beyond the cap fails at once instead of hanging', async () => {
		handler = (_req, res) =>
			send(res, 429, { errors: [{ status: '429' }] }, { 'Retry-After': '3600' });
		const error = await caught(apiRequest.call(context(), { method: 'GET', path: '/containers' }));
		expect(seen).toHaveLength(1);
		expect(error.description).toContain('3600 s');
	});

	test('paces itself under the per-minute limit instead of running into 429s', async () => {
		handler = (_req, res) => send(res, 200, { data: [] });
		// 3 per 2 s (a minute's window would leave the held request running after this file's server closed:
		// it failed later as an unhandled rejection inside another test file of the same jest worker)
		const ctx = context(3, { rateLimitWindowSeconds: 2 });
		for (let i = 0; i < 3; i++) await apiRequest.call(ctx, { method: 'GET', path: '/containers' });
		// The 4th of 3 per window is held back by the pacer; it is not sent to be refused.
		let settled = false;
		const fourth = apiRequest
			.call(ctx, { method: 'GET', path: '/containers' })
			.finally(() => (settled = true));
		await new Promise((resolve) => setTimeout(resolve, 400));
		expect(settled).toBe(false);
		expect(seen).toHaveLength(3);
		// released once the window has moved on, and answered
		await fourth;
		expect(seen).toHaveLength(4);
	});

	test("paces over the credential's window: 2 per 1 s sends the 3rd a second after the 1st was answered", async () => {
		const answeredAt: number[] = [];
		const receivedAt: number[] = [];
		handler = (_req, res) => {
			receivedAt.push(Date.now());
			// A slow answer: the pacer must count the request from when it came back, not when it left.
			setTimeout(() => {
				answeredAt.push(Date.now());
				send(res, 200, { data: [] });
			}, 150);
		};
		const ctx = context(2, { rateLimitWindowSeconds: 1 });
		for (let i = 0; i < 3; i++) await apiRequest.call(ctx, { method: 'GET', path: '/containers' });
		expect(seen).toHaveLength(3);
		expect(receivedAt[2] - answeredAt[0]).toBeGreaterThanOrEqual(995);
		expect(receivedAt[2] - receivedAt[0]).toBeLessThan(1_900);
	});
});

describe('transient failures', () => {
	test('a GET is retried after 5xx and succeeds', async () => {
		handler = (_req, res, count) => {
			if (count < 3) send(res, count === 1 ? 503 : 500, { errors: [{ status: '500' }] });
			else send(res, 200, { data: { id: 'c1', type: 'container' } });
		};
		const body = await apiRequest.call(context(), { method: 'GET', path: '/containers/c1' });
		expect(body.data).toEqual({ id: 'c1', type: 'container' });
		expect(seen).toHaveLength(3);
	});

	test('a GET is retried after a dropped connection and after truncated JSON', async () => {
		handler = (_req, res, count) => {
			if (count === 1) res.socket?.destroy();
			else if (count === 2) send(res, 200, '{"data": {"id": "c1", "ty');
			else send(res, 200, { data: { id: 'c1', type: 'container' } });
		};
		const body = await apiRequest.call(context(), { method: 'GET', path: '/containers/c1' });
		expect(body.data).toEqual({ id: 'c1', type: 'container' });
		expect(seen).toHaveLength(3);
	});

	test('a POST is never repeated after a 5xx', async () => {
		handler = (_req, res) => send(res, 502, { errors: [{ status: '502', title: 'Bad Gateway' }] });
		const error = await caught(
			apiRequest.call(context(), { method: 'POST', path: '/webhooks', body: {} }),
		);
		expect(seen).toHaveLength(1);
		expect(error.message).toContain('unavailable (502)');
	});

	test('a GET that keeps failing ends in a clear error after bounded retries', async () => {
		handler = (_req, res) => send(res, 500, { errors: [{ status: '500' }] });
		const error = await caught(apiRequest.call(context(), { method: 'GET', path: '/containers' }));
		expect(seen).toHaveLength(4);
		expect(error.httpCode).toBe('500');
	});

	test("a response slower than the credential's Request Timeout ends in a timeout error (no hang)", async () => {
		handler = (_req, res) => setTimeout(() => send(res, 200, { data: [] }), 2_000);
		const started = Date.now();
		const error = await caught(
			apiRequest.call(context(100, { requestTimeoutSeconds: 0.2 }), {
				method: 'POST',
				path: '/webhooks/trigger',
				body: {},
			}),
		);
		expect(Date.now() - started).toBeLessThan(1_900);
		expect(error.message).toBe('Terminal49 did not answer within 0.2 s');
		expect(error.description).toMatch(/not repeated/);
		expect(seen).toHaveLength(1);
	});
});

describe('error mapping', () => {
	const cases: Array<[number, unknown, RegExp, RegExp]> = [
		[
			400,
			{ errors: [{ status: '400', detail: 'Malformed JSON' }] },
			/malformed \(400\)/,
			/Malformed JSON/,
		],
		[
			401,
			{ errors: [{ status: '401', detail: 'The API key could not be verified' }] },
			/could not verify the API key/,
			/paste a current key/,
		],
		[
			401,
			{
				errors: [
					{
						status: '401',
						detail: 'Only creating tracking requests is permitted without a paid plan',
					},
				],
			},
			/restricted free plan/,
			/paid plan/,
		],
		[
			403,
			{
				errors: [
					{
						status: '403',
						title: 'Forbidden',
						detail: 'Routing data feature is not enabled for this account',
					},
				],
			},
			/Routing Data feature is not enabled/,
			/paid add-on/,
		],
		[
			404,
			{ errors: [{ status: '404', title: 'Not Found' }] },
			/no such resource \(404\)/,
			/Check the ID/,
		],
		[
			422,
			{
				errors: [
					{
						status: '422',
						source: { pointer: '/data/attributes/scac' },
						title: 'Unprocessable Entity',
						detail: "Scac 'XXXX' is not recognized",
					},
				],
			},
			/scac: Scac 'XXXX' is not recognized/,
			/Correct the field/,
		],
	];

	test.each(cases)(
		'HTTP %s gives an actionable message',
		async (status, body, message, description) => {
			handler = (_req, res) => send(res, status, body);
			const error = await caught(
				apiRequest.call(context(), { method: 'GET', path: '/containers/abc/map_geojson' }),
			);
			expect(error.message).toMatch(message);
			expect(error.description).toMatch(description);
			expect(error.httpCode).toBe(String(status));
			expect(seen).toHaveLength(1);
		},
	);

	test('accepted statuses come back to the caller', async () => {
		handler = (_req, res) => send(res, 404, { errors: [{ status: '404' }] });
		const { apiRequestFull } = await import('../../nodes/Terminal49/transport');
		const response = await apiRequestFull.call(context(), {
			method: 'GET',
			path: '/webhooks/x',
			acceptStatuses: [404],
		});
		expect(response.statusCode).toBe(404);
	});

	test('the API key appears in no error and no log line', async () => {
		const logs = captureLogs();
		const errors: NodeApiError[] = [];
		for (const status of [400, 401, 403, 404, 422, 500]) {
			handler = (_req, res) =>
				send(res, status, { errors: [{ status: String(status), detail: 'x' }] });
			errors.push(await caught(apiRequest.call(context(), { method: 'GET', path: '/containers' })));
		}
		handler = (_req, res) => res.socket?.destroy();
		errors.push(
			await caught(apiRequest.call(context(), { method: 'POST', path: '/webhooks', body: {} })),
		);
		for (const error of errors) {
			const text = JSON.stringify({
				message: error.message,
				description: error.description,
				ctx: error.context,
				cause: error.cause,
				json: error,
			});
			expect(text).not.toContain(API_KEY);
		}
		expect(logs.length).toBeGreaterThan(0);
		expect(logs.join('\n')).not.toContain(API_KEY);
	});
});
