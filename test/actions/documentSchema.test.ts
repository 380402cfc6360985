/**
 * Document Schema: Get against the sandbox through real n8n-core.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const documentSchema = runnerFor(() => sb, 'documentSchema');

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

describe('Document Schema', () => {
	it('Get fetches a schema by its id', async () => {
		const out = await documentSchema.run({
			operation: 'get',
			schemaId: 'commercial_invoice@2026-03-23',
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/document_schemas/commercial_invoice%402026-03-23', {}, null, 200],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: 'commercial_invoice@2026-03-23',
				full_version: 'commercial_invoice@2026-03-23',
				type: 'document_schema',
				document_type: 'commercial_invoice',
				schema_format: 'json_schema',
				schema_payload: expect.any(Object),
			}),
		]);
	});

	it('reports 404 for an unknown version', async () => {
		const out = await documentSchema.run(
			{ operation: 'get', schemaId: 'commercial_invoice@1999-01-01' },
			{ continueOnFail: true },
		);
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/document_schemas/commercial_invoice%401999-01-01', 404],
		]);
		expect(out[0].error).toMatch(/404/);
	});
});
