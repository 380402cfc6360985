/**
 * The OpenAPI coverage table (docs/openapi-coverage.md) against openapi.json and against the node: the table lists exactly the
 * OpenAPI operations, every row names a node operation that exists, and running that operation (with
 * the parameters of coverage-cases.ts) against the sandbox makes a request to the row's method and
 * path. Rows the node cannot reach yet fail the last test, which lists them all.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { runNode } from '../helpers/runNode';
import { beyondCases, coverageCases, type CoverageContext } from './coverage-cases';

const root = join(__dirname, '..', '..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Operation {
	method: string;
	path: string;
	operationId: string;
}
interface Row extends Operation {
	number: number;
	resourceName: string;
	operationName: string;
	notes: string;
}

function openapiOperations(): Operation[] {
	const spec = JSON.parse(readFileSync(join(root, 'test', 'fixtures', 'openapi.json'), 'utf8'));
	const operations: Operation[] = [];
	for (const [path, item] of Object.entries<Record<string, { operationId: string }>>(spec.paths)) {
		for (const [method, operation] of Object.entries(item)) {
			if (METHODS.includes(method))
				operations.push({ method: method.toUpperCase(), path, operationId: operation.operationId });
		}
	}
	return operations;
}

/** `| 1 | GET | `/shipments` | `get-shipments` | Shipment > Get Many | notes |` */
function tableRows(): Row[] {
	const text = readFileSync(join(root, 'docs', 'openapi-coverage.md'), 'utf8');
	const rows: Row[] = [];
	for (const line of text.split('\n')) {
		const cells = line.split('|').map((cell) => cell.trim());
		if (cells.length < 7 || !/^\d+$/.test(cells[1])) continue;
		const [resourceName, operationName] = cells[5].split(' > ').map((part) => part.trim());
		rows.push({
			number: Number(cells[1]),
			method: cells[2],
			path: cells[3].replace(/`/g, ''),
			operationId: cells[4].replace(/`/g, ''),
			resourceName,
			operationName,
			notes: cells[6],
		});
	}
	return rows;
}

/** `| B1 | GET | `/me` | Account > Get | notes |`: the endpoints beyond OpenAPI 0.2.0 the node reaches. */
function beyondRows(): Array<Omit<Row, 'operationId' | 'number'> & { id: string }> {
	const text = readFileSync(join(root, 'docs', 'openapi-coverage.md'), 'utf8');
	return text
		.split('\n')
		.map((line) => line.split('|').map((cell) => cell.trim()))
		.filter((cells) => cells.length >= 6 && /^B\d+$/.test(cells[1]))
		.map((cells) => {
			const [resourceName, operationName] = cells[4].split(' > ').map((part) => part.trim());
			return {
				id: cells[1],
				method: cells[2],
				path: cells[3].replace(/`/g, ''),
				resourceName,
				operationName,
				notes: cells[5],
			};
		});
}

const key = (o: Operation) => `${o.method} ${o.path} ${o.operationId}`;
const operations = openapiOperations();
const rows = tableRows();

/** The node's resource and operation values for the names shown in the table. */
function nodeValues(row: Row): { resource?: string; operation?: string } {
	const properties = new Terminal49().description.properties as INodeProperties[];
	const resourceOptions = properties.find((p) => p.name === 'resource')!
		.options as INodePropertyOptions[];
	const resource = resourceOptions.find((o) => o.name === row.resourceName)?.value as
		| string
		| undefined;
	if (!resource) return {};
	const operationProperty = properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	);
	const operation = (operationProperty?.options as INodePropertyOptions[] | undefined)?.find(
		(o) => o.name === row.operationName,
	)?.value as string | undefined;
	return { resource, operation };
}

/** Path template -> matcher; more literal segments win, like a router ("/webhooks/events" over "/webhooks/{id}"). */
const templates = operations.map((o) => ({
	...o,
	regex: new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
	literals: o.path.split('/').filter((s) => s && !s.startsWith('{')).length,
}));

/** The OpenAPI operations a logged request can be (ties, e.g. /vessels/{id} and /vessels/{imo}, give both). */
function operationsOf(method: string, fullPath: string): string[] {
	const path = fullPath.replace(/^\/v2/, '');
	const matching = templates.filter((t) => t.method === method && t.regex.test(path));
	const best = Math.max(...matching.map((t) => t.literals));
	return matching.filter((t) => t.literals === best).map((t) => t.operationId);
}

/** Runs one node operation with the paid key against `sb`; the error message (with its description), if any. */
async function runOperation(
	sb: Sandbox,
	resource: string,
	operation: string,
	parameters: object,
): Promise<string | undefined> {
	try {
		await runNode({
			nodeType: new Terminal49(),
			parameters: { resource, operation, ...parameters } as never,
			credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl, rateLimitRequests: 10_000 },
			items: [{}],
		});
		return undefined;
	} catch (error) {
		const description = (error as { description?: unknown }).description;
		return `${(error as Error).message}${typeof description === 'string' && description ? ` [${description}]` : ''}`;
	}
}

describe('docs/openapi-coverage.md: the OpenAPI coverage table', () => {
	it('lists exactly the operations of openapi.json, once each, numbered in order', () => {
		expect(operations).toHaveLength(83);
		expect(rows.map(key).sort()).toEqual(operations.map(key).sort());
		expect(new Set(rows.map((r) => r.operationId)).size).toBe(rows.length);
		expect(rows.map((r) => r.number)).toEqual(rows.map((_, i) => i + 1));
	});

	it('has parameters for every row in coverage-cases.ts, and none for operations that do not exist', () => {
		expect(Object.keys(coverageCases).sort()).toEqual(operations.map((o) => o.operationId).sort());
	});

	it('routes each logged request to one operation (the matcher the last test relies on)', () => {
		expect(operationsOf('GET', '/v2/webhooks/events')).toEqual(['get-webhooks-events']);
		expect(operationsOf('GET', '/v2/webhooks/abc')).toEqual(['get-webhooks-id']);
		expect(operationsOf('GET', '/v2/documents/types')).toEqual(['get-documents-types']);
		expect(operationsOf('PATCH', '/v2/containers')).toEqual(['patch-containers-id']);
		expect(operationsOf('GET', '/v2/vessels/9811000').sort()).toEqual([
			'get-vessels-id',
			'get-vessels-imo',
		]);
		expect(operationsOf('DELETE', '/v2/shipments/x/custom_fields/po_number')).toEqual([
			'delete-shipments-custom-fields-api-slug',
		]);
		expect(operationsOf('PUT', '/v2/shipments')).toEqual([]);
	});
});

describe('every OpenAPI operation is reached by the node', () => {
	let sb: Sandbox;
	let receiver: http.Server;
	let receiverUrl: string;

	beforeAll(async () => {
		sb = await startSandbox({ carrierDelayMs: 20, rateWindowMs: 1000, webhookRetryScale: 0 });
		receiver = http.createServer((req, res) => {
			req.resume();
			req.on('end', () => res.writeHead(200).end('ok'));
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
	});
	afterAll(async () => {
		await sb.webhooksIdle();
		await new Promise((resolve) => receiver.close(resolve));
		await sb.close();
	});

	it('runs each row and finds its method and path among the requests the node made', async () => {
		const ctx: CoverageContext = {
			sb,
			receiverUrl,
			fixture: (name) => sb.fixtures.find((f) => f.key === name)!,
		};
		const problems: string[] = [];
		for (const row of rows) {
			const label = `#${row.number} ${row.method} ${row.path} (${row.operationId}) -> ${row.resourceName} > ${row.operationName}`;
			const { resource, operation } = nodeValues(row);
			if (!resource || !operation) {
				problems.push(`${label}: the node has no such ${resource ? 'operation' : 'resource'}`);
				continue;
			}
			const testCase = coverageCases[row.operationId];
			if (!testCase) {
				problems.push(`${label}: no parameters in coverage-cases.ts`);
				continue;
			}
			resetRateLimiter();
			let parameters;
			try {
				parameters = await testCase.parameters(ctx);
			} catch (error) {
				problems.push(`${label}: preparing failed: ${(error as Error).message}`);
				continue;
			}
			sb.clearRequests();
			const failed = await runOperation(sb, resource, operation, parameters);
			if (failed) {
				problems.push(`${label}: the node failed: ${failed}`);
				continue;
			}
			const hits = sb.requests.filter(
				(r) =>
					operationsOf(r.method, r.path).includes(row.operationId) &&
					(!testCase.expectPath || testCase.expectPath.test(r.path.replace(/^\/v2/, ''))),
			);
			if (hits.length === 0) {
				const made = sb.requests.map((r) => `${r.method} ${r.path}`).join(', ') || 'no request';
				problems.push(`${label}: not requested (the node made: ${made})`);
			} else if (!hits.some((r) => r.status < 400)) {
				problems.push(`${label}: requested but answered ${hits.map((r) => r.status).join(', ')}`);
			}
		}
		// Every row reached: an empty list (the message names each operation not reached)
		expect(problems).toEqual([]);
		expect(rows.length).toBeGreaterThan(0);
	}, 60_000);
});

describe('the endpoints beyond OpenAPI 0.2.0 (docs/openapi-coverage.md)', () => {
	let sb: Sandbox;
	beforeAll(async () => {
		sb = await startSandbox({ carrierDelayMs: 600_000, webhookRetryScale: 0 });
	});
	afterAll(async () => {
		await sb.close();
	});
	const beyond = beyondRows();

	it('lists /me and the party roles of shipments, containers and tracking requests, none of them in openapi.json', () => {
		expect(beyond.map((row) => `${row.method} ${row.path}`)).toEqual(Object.keys(beyondCases));
		expect(beyond.map((row) => row.id)).toEqual(beyond.map((_, i) => `B${i + 1}`));
		for (const row of beyond) {
			const template = row.path.replace(/\{[^}]+\}/g, '{x}');
			expect(
				operations.some(
					(o) => o.method === row.method && o.path.replace(/\{[^}]+\}/g, '{x}') === template,
				),
			).toBe(false);
		}
	});

	it('runs each row: the node requests that method and path, and the sandbox answers it', async () => {
		const ctx: CoverageContext = {
			sb,
			receiverUrl: 'http://127.0.0.1:1/unused',
			fixture: (name) => sb.fixtures.find((f) => f.key === name)!,
		};
		const problems: string[] = [];
		for (const row of beyond) {
			const label = `${row.id} ${row.method} ${row.path} -> ${row.resourceName} > ${row.operationName}`;
			const { resource, operation } = nodeValues({ ...row, number: 0, operationId: '' });
			if (!resource || !operation) {
				problems.push(`${label}: the node has no such ${resource ? 'operation' : 'resource'}`);
				continue;
			}
			resetRateLimiter();
			const parameters = await beyondCases[`${row.method} ${row.path}`].parameters(ctx);
			sb.clearRequests();
			const failed = await runOperation(sb, resource, operation, parameters);
			if (failed) {
				problems.push(`${label}: the node failed: ${failed}`);
				continue;
			}
			const pattern = new RegExp(`^/v2${row.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
			const hits = sb.requests.filter((r) => r.method === row.method && pattern.test(r.path));
			if (!hits.some((r) => r.status < 400))
				problems.push(
					`${label}: not answered (the node made: ${sb.requests.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')})`,
				);
		}
		expect(problems).toEqual([]);
	});
});
