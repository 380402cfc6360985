/**
 * Party: Create, Get, Get Many, Update against the sandbox through real n8n-core: the request the node
 * made (method, path, query, body) and the items it returned; bad input stops before any request.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const { run } = runnerFor(() => sb, 'party');

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, rateWindowMs: 1000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

const seeded = () => [...sb.store.parties.all()].reverse();

describe('Party > Create', () => {
	it('POSTs /parties with the company name and returns the new party', async () => {
		const out = await run({ operation: 'create', companyName: '  Acme Imports Test  ' });
		expect(requestLog(sb)).toEqual([
			[
				'POST',
				'/v2/parties',
				{},
				{ data: { type: 'party', attributes: { company_name: 'Acme Imports Test' } } },
				201,
			],
		]);
		expect(out).toEqual([
			{ id: expect.any(String), type: 'party', company_name: 'Acme Imports Test' },
		]);
		expect(sb.store.parties.get(out[0].id as string)?.companyName).toBe('Acme Imports Test');
	});

	it('rejects an empty company name before any request', async () => {
		await expect(run({ operation: 'create', companyName: '   ' })).rejects.toThrow(
			'"Company Name" is empty in item 1',
		);
		expect(sb.requests).toHaveLength(0);
	});

	it('reports the service 422 (name taken) with the field', async () => {
		const taken = seeded()[0].companyName;
		const out = await run({ operation: 'create', companyName: taken }, { continueOnFail: true });
		expect(out).toEqual([
			{
				error: expect.stringContaining('company_name: Company name has already been taken'),
				error_description: expect.any(String),
			},
		]);
	});
});

describe('Party > Get', () => {
	it('GETs /parties/{id}', async () => {
		const party = seeded()[1];
		const out = await run({ operation: 'get', partyId: party.id });
		expect(requestLog(sb)).toEqual([['GET', `/v2/parties/${party.id}`, {}, null, 200]]);
		expect(out).toEqual([{ id: party.id, type: 'party', company_name: party.companyName }]);
	});

	it('returns the JSON:API document with Simplify off', async () => {
		const party = seeded()[1];
		const out = await run({ operation: 'get', partyId: party.id, simplify: false });
		expect(out).toEqual([
			{
				data: {
					id: party.id,
					type: 'party',
					attributes: { company_name: party.companyName },
					links: expect.any(Object),
				},
				links: { self: expect.stringContaining(`/parties/${party.id}`) },
			},
		]);
	});

	it('rejects an ID with a slash before any request, and 404 becomes an error item', async () => {
		await expect(run({ operation: 'get', partyId: 'a/b' })).rejects.toThrow(
			'Invalid Party ID "a/b"',
		);
		expect(sb.requests).toHaveLength(0);
		const out = await run({ operation: 'get', partyId: 'no-such-party' }, { continueOnFail: true });
		expect(out[0].error).toMatch(/no such resource \(404\)/);
		expect(requestLog(sb)).toEqual([['GET', '/v2/parties/no-such-party', {}, null, 404]]);
	});
});

describe('Party > Get Many', () => {
	it('honours Limit with one request of that page size', async () => {
		const out = await run({ operation: 'getAll', returnAll: false, limit: 2 });
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			['GET', '/v2/parties', { 'page[size]': '2' }, null, 200],
		]);
		expect(out.map((p) => p.id)).toEqual(
			seeded()
				.slice(0, 2)
				.map((p) => p.id),
		);
	});

	it('Return All follows the pages', async () => {
		const out = await run({ operation: 'getAll', returnAll: true });
		expect(sb.requests[0].path).toBe('/v2/me');
		expect(sb.requests.slice(1).every((r) => r.method === 'GET' && r.path === '/v2/parties')).toBe(
			true,
		);
		expect(out.map((p) => p.company_name)).toEqual(seeded().map((p) => p.companyName));
		expect(out.length).toBeGreaterThanOrEqual(6);
	});
});

describe('Party > Update', () => {
	it('PATCHes the company name', async () => {
		const party = seeded()[2];
		const out = await run({ operation: 'update', partyId: party.id, companyName: 'Renamed Co' });
		expect(requestLog(sb)).toEqual([
			[
				'PATCH',
				`/v2/parties/${party.id}`,
				{},
				{ data: { type: 'party', attributes: { company_name: 'Renamed Co' } } },
				200,
			],
		]);
		expect(out).toEqual([{ id: party.id, type: 'party', company_name: 'Renamed Co' }]);
	});

	it('validates ID and name before any request, per item', async () => {
		const out = await run(
			{ operation: 'update', partyId: '={{ $json.id }}', companyName: '={{ $json.name }}' },
			{
				items: [
					{ id: '', name: 'X' },
					{ id: seeded()[3].id, name: '' },
				],
				continueOnFail: true,
			},
		);
		expect(out).toEqual([
			{ error: '"Party ID" is empty in item 1', error_description: expect.any(String) },
			{ error: '"Company Name" is empty in item 2', error_description: expect.any(String) },
		]);
		expect(sb.requests).toHaveLength(0);
	});
});
