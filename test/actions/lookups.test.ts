/**
 * Lookups (Shipping Line, Port, Terminal, Vessel, Metro Area, Search) against the sandbox, through real
 * n8n-core: requests, items, input checks before any request, and the Routing Data 403 for vessels.
 */
import type { IDataObject } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import {
	METRO_BY_CODE,
	PORTS_BY_CODE,
	SHIPPING_LINES,
	SHIPPING_LINES_BY_SCAC,
	TERMINALS,
	VESSELS_BY_IMO,
} from '../../sandbox/reference-data';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { imoProblem, locodeProblem } from '../../nodes/Terminal49/errors/referenceValidation';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runNode } from '../helpers/runNode';

let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

async function run(
	resource: string,
	parameters: IDataObject,
	options: { apiKey?: string; continueOnFail?: boolean } = {},
) {
	const out = await runNode({
		nodeType: new Terminal49(),
		parameters: { resource, ...parameters } as never,
		credentials: { apiKey: options.apiKey ?? sb.keys.paid, baseUrl: sb.baseUrl },
		items: [{}],
		continueOnFail: options.continueOnFail,
	});
	return out.map((item) => item.json);
}
const rl = (mode: string, value: string) => ({ __rl: true, mode, value });
const requests = () => sb.requests.map((r) => [r.method, r.path, r.query]);

describe('Shipping Line', () => {
	const maersk = SHIPPING_LINES_BY_SCAC.get('MAEU')!;

	it('Get by ID', async () => {
		const out = await run('shippingLine', { operation: 'get', shippingLine: rl('id', maersk.id) });
		expect(requests()).toEqual([['GET', `/v2/shipping_lines/${maersk.id}`, {}]]);
		expect(out).toEqual([
			expect.objectContaining({
				id: maersk.id,
				type: 'shipping_line',
				scac: 'MAEU',
				name: maersk.name,
			}),
		]);
	});

	it('Get by SCAC searches the list (also alternative SCACs)', async () => {
		const out = await run('shippingLine', { operation: 'get', shippingLine: rl('scac', ' maeu ') });
		expect(requests()).toEqual([['GET', '/v2/shipping_lines', {}]]);
		expect(out).toEqual([expect.objectContaining({ id: maersk.id, scac: 'MAEU' })]);
		const withAlternative = SHIPPING_LINES.find(
			(l) =>
				l.bolPrefix &&
				l.bolPrefix !== l.scac &&
				l.bolPrefix.length === 4 &&
				!SHIPPING_LINES_BY_SCAC.has(l.bolPrefix),
		)!;
		const alt = await run('shippingLine', {
			operation: 'get',
			shippingLine: rl('scac', withAlternative.bolPrefix!),
		});
		expect(alt[0]).toEqual(
			expect.objectContaining({
				scac: withAlternative.scac,
				alternative_scacs: [withAlternative.bolPrefix],
			}),
		);
	});

	it('Get by SCAC: a bad SCAC fails before any request; an unknown one names the SCAC', async () => {
		await expect(
			run('shippingLine', { operation: 'get', shippingLine: rl('scac', 'MAE') }),
		).rejects.toThrow(/Invalid SCAC "MAE": a SCAC is exactly 4 letters/);
		expect(sb.requests).toHaveLength(0);
		await expect(
			run('shippingLine', { operation: 'get', shippingLine: rl('scac', 'QQQQ') }),
		).rejects.toThrow('No shipping line with SCAC "QQQQ" is supported by Terminal49');
	});

	it('Get Many: the first request as documented (no page parameters); Return All follows links.next, a Limit stops once reached', async () => {
		const out = await run('shippingLine', { operation: 'getAll', returnAll: false, limit: 3 });
		expect(requests()).toEqual([
			['GET', '/v2/me', {}],
			['GET', '/v2/shipping_lines', {}],
		]);
		expect(out).toHaveLength(3);
		sb.clearRequests();
		const all = await run('shippingLine', { operation: 'getAll', returnAll: true });
		// The live list is paginated (real-responses/shipping-lines.list.json: links.next to page 2)
		expect(requests()).toEqual([
			['GET', '/v2/me', {}],
			['GET', '/v2/shipping_lines', {}],
			['GET', '/v2/shipping_lines', { 'page[number]': '2', 'page[size]': '30' }],
		]);
		expect(all).toHaveLength(SHIPPING_LINES.length);
		expect(out).toEqual(all.slice(0, 3));
	});

	it('Get Many: the name/SCAC filter', async () => {
		const out = await run('shippingLine', {
			operation: 'getAll',
			returnAll: true,
			filters: { search: 'maersk' },
		});
		expect(out.length).toBeGreaterThanOrEqual(1);
		expect(out.every((l) => /maersk/i.test(`${l.name} ${l.short_name} ${l.scac}`))).toBe(true);
		expect(out.map((l) => l.scac)).toContain('MAEU');
	});
});

describe('Port and Metro Area', () => {
	const lax = PORTS_BY_CODE.get('USLAX')!;
	const chicago = METRO_BY_CODE.get('USCHI')!;

	it('Port > Get by UN/LOCODE (normalised) and by ID', async () => {
		const byCode = await run('port', { operation: 'get', port: rl('locode', 'us lax') });
		const byId = await run('port', { operation: 'get', port: rl('id', lax.id) });
		expect(requests()).toEqual([
			['GET', '/v2/ports/USLAX', {}],
			['GET', `/v2/ports/${lax.id}`, {}],
		]);
		const expected = {
			id: lax.id,
			type: 'port',
			code: 'USLAX',
			name: lax.name,
			time_zone: 'America/Los_Angeles',
			// decimal strings, as the live service sends them (real-responses/ports.get.json)
			latitude: String(lax.latitude),
			longitude: String(lax.longitude),
		};
		expect(byCode).toEqual([expect.objectContaining(expected)]);
		expect(byId).toEqual(byCode);
	});

	it.each(['USLA', 'US-LAXX', '12LAX', 'USLA1'])(
		'Port > Get rejects LOCODE %s before any request',
		async (code) => {
			await expect(run('port', { operation: 'get', port: rl('locode', code) })).rejects.toThrow(
				`Invalid Port UN/LOCODE "${code}": a UN/LOCODE is 5 characters`,
			);
			expect(sb.requests).toHaveLength(0);
		},
	);

	it('Metro Area > Get by UN/LOCODE and by ID', async () => {
		const byCode = await run('metroArea', { operation: 'get', metroArea: rl('locode', 'USCHI') });
		const byId = await run('metroArea', { operation: 'get', metroArea: rl('id', chicago.id) });
		expect(requests()).toEqual([
			['GET', '/v2/metro_areas/USCHI', {}],
			['GET', `/v2/metro_areas/${chicago.id}`, {}],
		]);
		expect(byCode).toEqual([
			expect.objectContaining({
				id: chicago.id,
				type: 'metro_area',
				code: 'USCHI',
				name: 'Chicago',
			}),
		]);
		expect(byId).toEqual(byCode);
	});

	it('validators: LOCODE and IMO', () => {
		expect(locodeProblem('NLRTM')).toBeUndefined();
		expect(locodeProblem('CNSH2')).toBeUndefined();
		expect(locodeProblem('CNSH1')).toMatch(/5 characters/);
		expect(imoProblem('9811000')).toBeUndefined();
		expect(imoProblem('IMO 9811000')).toBeUndefined();
		expect(imoProblem('9811001')).toBe('its check digit should be 0, not 1: check for a typo');
		expect(imoProblem('981100')).toMatch(/7 digits/);
	});
});

describe('Terminal', () => {
	it('Get by ID, with its port', async () => {
		const t = TERMINALS[0];
		const out = await run('terminal', { operation: 'get', terminalId: t.id });
		expect(requests()).toEqual([['GET', `/v2/terminals/${t.id}`, {}]]);
		expect(out).toEqual([
			expect.objectContaining({
				id: t.id,
				type: 'terminal',
				name: t.name,
				smdg_code: expect.any(String),
				bic_facility_code: expect.any(String),
			}),
		]);
		expect(out[0].port).toEqual(PORTS_BY_CODE.get(t.portCode)!.id);
	});

	it('an empty ID fails before any request', async () => {
		await expect(run('terminal', { operation: 'get', terminalId: '' })).rejects.toThrow(
			'"Terminal ID" is empty in item 1',
		);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Vessel', () => {
	const everGiven = VESSELS_BY_IMO.get('9811000')!;
	const lax = PORTS_BY_CODE.get('USLAX')!;
	const shanghai = PORTS_BY_CODE.get('CNSHA')!;

	it('Get by IMO and by ID, without positions', async () => {
		const byImo = await run('vessel', { operation: 'get', vessel: rl('imo', '9811000') });
		const byId = await run('vessel', { operation: 'get', vessel: rl('id', everGiven.id) });
		expect(requests()).toEqual([
			['GET', '/v2/vessels/9811000', {}],
			['GET', `/v2/vessels/${everGiven.id}`, {}],
		]);
		expect(byImo).toEqual([
			expect.objectContaining({
				id: everGiven.id,
				type: 'vessel',
				name: 'EVER GIVEN',
				imo: '9811000',
				latitude: expect.any(Number),
			}),
		]);
		expect(byImo[0].positions).toBeUndefined();
		expect(byId[0].id).toBe(everGiven.id);
	});

	it('Get with positions sends show_positions[...] (ISO), and returns positions', async () => {
		const out = await run('vessel', {
			operation: 'get',
			vessel: rl('imo', '9811000'),
			includePositions: true,
			positionsFrom: '2025-05-20T00:00:00Z',
			positionsTo: '2025-05-24T00:00:00Z',
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}],
			[
				'GET',
				'/v2/vessels/9811000',
				{
					'show_positions[from_timestamp]': '2025-05-20T00:00:00.000Z',
					'show_positions[to_timestamp]': '2025-05-24T00:00:00.000Z',
				},
			],
		]);
		expect(Array.isArray(out[0].positions)).toBe(true);
		sb.clearRequests();
		await run('vessel', { operation: 'get', vessel: rl('imo', '9811000'), includePositions: true });
		expect(sb.requests[0].path).toBe('/v2/me');
		expect(Object.keys(sb.requests[1].query)).toEqual(['show_positions[to_timestamp]']);
	});

	it('sandbox_basic: positions answer 403 naming Routing Data (refused before the request; the 403 without /me)', async () => {
		const out = await run(
			'vessel',
			{ operation: 'get', vessel: rl('imo', '9811000'), includePositions: true },
			{ apiKey: sb.keys.basic, continueOnFail: true },
		);
		expect(out[0].error).toBe(
			'Vessel > Get with positions needs the Routing Data feature: "Routing data feature is not enabled for this account"',
		);
		expect(requests()).toEqual([['GET', '/v2/me', {}]]);
		sb.options.meEndpoint = false;
		try {
			const without = await run(
				'vessel',
				{ operation: 'get', vessel: rl('imo', '9811000'), includePositions: true },
				{ apiKey: sb.keys.basic, continueOnFail: true },
			);
			expect(without[0].error).toBe(
				'The Routing Data feature is not enabled for this Terminal49 account (403)',
			);
		} finally {
			sb.options.meEndpoint = true;
		}
	});

	it('Get Future Positions by IMO: looks the ID up, then asks with port_id and previous_port_id', async () => {
		const out = await run('vessel', {
			operation: 'getFuturePositions',
			vessel: rl('imo', '9811000'),
			portId: lax.id,
			previousPortId: shanghai.id,
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}],
			['GET', '/v2/vessels/9811000', {}],
			[
				'GET',
				`/v2/vessels/${everGiven.id}/future_positions`,
				{ port_id: lax.id, previous_port_id: shanghai.id },
			],
		]);
		expect(out).toHaveLength(1);
		expect(out[0]).toEqual(expect.objectContaining({ id: everGiven.id, type: 'vessel' }));
		const positions = out[0].positions as IDataObject[];
		expect(positions.length).toBeGreaterThan(1);
		expect(positions.every((p) => p.estimated === true)).toBe(true);
	});

	it('Get Future Positions From Coordinates sends latitude and longitude', async () => {
		const out = await run('vessel', {
			operation: 'getFuturePositionsWithCoordinates',
			vessel: rl('id', everGiven.id),
			portId: lax.id,
			previousPortId: shanghai.id,
			latitude: 30.5,
			longitude: 140.25,
		});
		expect(requests()).toEqual([
			['GET', '/v2/me', {}],
			[
				'GET',
				`/v2/vessels/${everGiven.id}/future_positions_with_coordinates`,
				{ port_id: lax.id, previous_port_id: shanghai.id, latitude: '30.5', longitude: '140.25' },
			],
		]);
		expect((out[0].positions as IDataObject[]).length).toBeGreaterThan(1);
	});

	/** Vessel > Get Future Positions with the basic key (no Routing Data). */
	const basicFuturePositions = () =>
		run(
			'vessel',
			{
				operation: 'getFuturePositions',
				vessel: rl('id', everGiven.id),
				portId: lax.id,
				previousPortId: shanghai.id,
			},
			{ apiKey: sb.keys.basic },
		);

	it('sandbox_basic: future positions are refused before any request but GET /me, naming Routing Data', async () => {
		await expect(basicFuturePositions()).rejects.toThrow(
			'Vessel > Get Future Positions needs the Routing Data feature: "Routing data feature is not enabled for this account"',
		);
		expect(requests()).toEqual([['GET', '/v2/me', {}]]);
	});

	it('sandbox_basic on a service without GET /me: future positions answer 403 naming Routing Data', async () => {
		sb.options.meEndpoint = false;
		await expect(basicFuturePositions())
			.rejects.toThrow('The Routing Data feature is not enabled for this Terminal49 account (403)')
			.finally(() => (sb.options.meEndpoint = true));
	});

	it.each([
		[
			{ vessel: rl('imo', '9811001') },
			/Invalid Vessel IMO "9811001": its check digit should be 0, not 1/,
		],
		[{ vessel: rl('imo', '98110') }, /Invalid Vessel IMO "98110": an IMO number is 7 digits/],
		[{ portId: '' }, /"Port ID" is empty in item 1/],
		[{ latitude: 91 }, /Invalid Latitude "91": use a number from -90 to 90/],
		[{ longitude: -180.5 }, /Invalid Longitude "-180.5": use a number from -180 to 180/],
	])('rejects %j before any request', async (override, message) => {
		await expect(
			run('vessel', {
				operation: 'getFuturePositionsWithCoordinates',
				vessel: rl('imo', '9811000'),
				portId: lax.id,
				previousPortId: shanghai.id,
				latitude: 1,
				longitude: 1,
				...override,
			}),
		).rejects.toThrow(message);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Search', () => {
	it('returns one item per match, with the query sent as given', async () => {
		const f = sb.fixtures.find((x) => x.key === 'ready_for_pickup')!;
		const out = await run('search', {
			operation: 'search',
			query: f.containerNumber,
			returnAll: true,
		});
		expect(requests()).toEqual([['GET', '/v2/search', { query: f.containerNumber }]]);
		expect(out).toContainEqual(
			expect.objectContaining({
				id: f.containerId,
				type: 'cargo',
				entity_type: 'cargo',
				number: f.containerNumber,
				shipment_id: f.shipmentId,
			}),
		);
	});

	it('at most 25 results; Limit trims further', async () => {
		const all = await run('search', { operation: 'search', query: 'U', returnAll: true });
		expect(all).toHaveLength(25);
		const few = await run('search', {
			operation: 'search',
			query: 'U',
			returnAll: false,
			limit: 4,
		});
		expect(few).toEqual(all.slice(0, 4));
	});

	it('an empty query fails before any request', async () => {
		await expect(run('search', { operation: 'search', query: '  ' })).rejects.toThrow(
			'"Query" is empty in item 1',
		);
		expect(sb.requests).toHaveLength(0);
	});
});
