/**
 * Document (Get, Get Many, Upload, Update, Delete, Get Types, Get Download URL, Re-Extract, Re-Classify,
 * Re-Link, Rotate) against the sandbox through real n8n-core.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';
import { runNode } from '../helpers/runNode';

let sb: Sandbox;
const document = runnerFor(() => sb, 'document');
const seededDocs = () => [...sb.store.documents.all()].reverse();
const docNamed = (name: string) => sb.store.documents.find((d) => d.name === name)!;

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

describe('Document > Get Many and Get', () => {
	it('Get Many sends filters, sort and include', async () => {
		const bol = docNamed('Bill of lading');
		const shipment = sb.store.shipments.get(bol.shipmentIds[0])!;
		const out = await document.run({
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			filters: {
				filename: ' bol ',
				reference: shipment.blNumber,
				documentTypes: 'bill_of_lading, arrival_notice',
			},
			sort: '-document_type',
			include: ['shipments'],
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/documents',
				{
					include: 'shipments',
					sort: '-document_type',
					'filter[filename]': 'bol',
					'filter[reference]': shipment.blNumber,
					'filter[document_types]': 'bill_of_lading,arrival_notice',
					'page[size]': '5',
				},
				null,
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: bol.id,
				type: 'document',
				name: 'Bill of lading',
				document_type: 'bill_of_lading',
				file_name: 'bol.pdf',
				shipments: [
					expect.objectContaining({
						id: shipment.id,
						type: 'shipment',
						bill_of_lading_number: shipment.blNumber,
					}),
				],
			}),
		]);
	});

	it('Get Many with no options lists every document', async () => {
		const out = await document.run({ operation: 'getAll', returnAll: true });
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			['GET', '/v2/documents', { 'page[size]': '100' }, null, 200],
		]);
		expect(out.map((d) => d.id)).toEqual(seededDocs().map((d) => d.id));
	});

	it('Get returns one document with the chosen includes', async () => {
		const notice = docNamed('Arrival notice');
		const out = await document.run({
			operation: 'get',
			documentId: notice.id,
			include: ['email_submission', 'cargos'],
		});
		expect(requestLog(sb)).toEqual([
			['GET', `/v2/documents/${notice.id}`, { include: 'email_submission,cargos' }, null, 200],
		]);
		expect(out).toHaveLength(1);
		expect(out[0]).toMatchObject({
			id: notice.id,
			name: 'Arrival notice',
			source: 'email',
			email_submission: { id: notice.emailSubmissionId, type: 'email_submission' },
		});
		expect((out[0].cargos as unknown[]).length).toBe(notice.containerIds.length);
	});
});

describe('Document > Upload', () => {
	const png = `data:image/png;base64,${Buffer.from('fake png bytes for the sandbox').toString('base64')}`;

	it('POSTs name and signed blob ID', async () => {
		const out = await document.run({
			operation: 'upload',
			name: 'Photo of seal',
			attachedDocument: png,
		});
		expect(requestLog(sb)).toEqual([
			[
				'POST',
				'/v2/documents',
				{},
				{
					data: { type: 'document', attributes: { name: 'Photo of seal', attached_document: png } },
				},
				201,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: expect.any(String),
				type: 'document',
				name: 'Photo of seal',
				source: 'api',
				file_content_type: 'image/png',
			}),
		]);
	});

	it('the same file again returns the existing document, marked already_uploaded', async () => {
		const existing = docNamed('Photo of seal');
		const out = await document.run({
			operation: 'upload',
			name: 'Seal again',
			attachedDocument: png,
		});
		expect(requestLog(sb).map((r) => [r[0], r[1], r[4]])).toEqual([
			['POST', '/v2/documents', 409],
			['GET', `/v2/documents/${existing.id}`, 200],
		]);
		expect(out).toEqual([
			expect.objectContaining({ id: existing.id, name: 'Photo of seal', already_uploaded: true }),
		]);
	});

	it('or fails with the existing document named when asked to', async () => {
		const existing = docNamed('Photo of seal');
		const out = await document.run(
			{ operation: 'upload', name: 'Seal again', attachedDocument: png, onDuplicate: 'fail' },
			{ continueOnFail: true },
		);
		expect(out).toEqual([
			{
				error: `This file was already uploaded to Terminal49 as document ${existing.id} ("Photo of seal") (409)`,
				error_description: expect.stringContaining('If Already Uploaded'),
			},
		]);
		expect(requestLog(sb).map((r) => [r[0], r[1], r[4]])).toEqual([['POST', '/v2/documents', 409]]);
	});

	it('a 409 that names no existing document fails without a second request, whatever the setting', async () => {
		const seen: string[] = [];
		const server = http.createServer((req, res) => {
			seen.push(`${req.method} ${req.url}`);
			req.resume();
			req.on('end', () =>
				res.writeHead(409, { 'Content-Type': 'application/vnd.api+json' }).end(
					JSON.stringify({
						errors: [{ status: '409', code: 'duplicate_document', title: 'Duplicate document' }],
					}),
				),
			);
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const out = await runNode({
				nodeType: new Terminal49(),
				parameters: {
					resource: 'document',
					operation: 'upload',
					name: 'x.pdf',
					attachedDocument: 'blob-1',
				} as never,
				credentials: {
					apiKey: 'k',
					baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`,
				},
				continueOnFail: true,
			});
			expect(out.map((item) => item.json)).toEqual([
				{
					error: 'This file was already uploaded to Terminal49 (409)',
					error_description: expect.stringContaining('Document > Get Many'),
				},
			]);
			expect(seen).toEqual(['POST /v2/documents']);
		} finally {
			await new Promise((resolve) => server.close(resolve));
		}
	});

	it('checks Name and Signed Blob ID before any request', async () => {
		await expect(
			document.run({ operation: 'upload', name: '', attachedDocument: 'x' }),
		).rejects.toThrow('"Name" is empty');
		await expect(
			document.run({ operation: 'upload', name: 'x', attachedDocument: ' ' }),
		).rejects.toThrow('"Signed Blob ID" is empty');
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Document > Update, Get Types, Get Download URL, actions, Delete', () => {
	it('Update PATCHes the manual type and extracted data', async () => {
		const notice = docNamed('Arrival notice');
		const out = await document.run({
			operation: 'update',
			documentId: notice.id,
			updateFields: {
				documentTypeManual: 'delivery_order',
				extractedDataManual: '{"vessel": "EVER GIVEN"}',
			},
		});
		expect(requestLog(sb)).toEqual([
			[
				'PATCH',
				`/v2/documents/${notice.id}`,
				{},
				{
					data: {
						type: 'document',
						attributes: {
							document_type_manual: 'delivery_order',
							extracted_data_manual: { vessel: 'EVER GIVEN' },
						},
					},
				},
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({ id: notice.id, document_type_manual: 'delivery_order' }),
		]);
		expect(docNamed('Arrival notice').extractedDataManual).toEqual({ vessel: 'EVER GIVEN' });
	});

	it('Update can clear the manual data, and refuses conflicting or empty input before any request', async () => {
		const notice = docNamed('Arrival notice');
		await document.run({
			operation: 'update',
			documentId: notice.id,
			updateFields: { clearExtractedData: true },
		});
		expect((sb.requests[0].body as any).data.attributes).toEqual({ extracted_data_manual: null });
		sb.clearRequests();
		await expect(
			document.run({ operation: 'update', documentId: notice.id, updateFields: {} }),
		).rejects.toThrow('Nothing to update');
		await expect(
			document.run({
				operation: 'update',
				documentId: notice.id,
				updateFields: { clearExtractedData: true, extractedDataManual: '{}' },
			}),
		).rejects.toThrow('are both set');
		await expect(
			document.run({
				operation: 'update',
				documentId: notice.id,
				updateFields: { extractedDataManual: '"text"' },
			}),
		).rejects.toThrow('it must be a JSON object');
		expect(sb.requests).toHaveLength(0);
	});

	it('Get Types returns one item per type', async () => {
		const out = await document.run({ operation: 'getTypes' });
		expect(requestLog(sb)).toEqual([['GET', '/v2/documents/types', {}, null, 200]]);
		expect(out).toContainEqual({ code: 'bill_of_lading', label: 'Bill of Lading' });
		expect(out.every((t) => Object.keys(t).join() === 'code,label')).toBe(true);
	});

	it('Get Download URL returns the presigned URL', async () => {
		const bol = docNamed('Bill of lading');
		const out = await document.run({ operation: 'getDownloadUrl', documentId: bol.id });
		expect(requestLog(sb)).toEqual([
			['GET', `/v2/documents/${bol.id}/download_url`, {}, null, 200],
		]);
		expect(out).toEqual([
			{
				id: bol.id,
				download_url: expect.stringMatching(
					new RegExp(`/_sandbox/files/${bol.id}/bol\\.pdf\\?expires=\\d+$`),
				),
			},
		]);
	});

	it.each(['reextract', 'reclassify', 'relink'])(
		'%s POSTs with no body and reports accepted',
		async (operation) => {
			const bol = docNamed('Bill of lading');
			const out = await document.run({ operation, documentId: bol.id });
			expect(requestLog(sb)).toEqual([
				['POST', `/v2/documents/${bol.id}/${operation}`, {}, null, 202],
			]);
			expect(out).toEqual([{ id: bol.id, action: operation, status: 'accepted' }]);
		},
	);

	it('Rotate sends {degrees}; a PDF is refused by the service', async () => {
		const photo = docNamed('Photo of seal');
		expect(await document.run({ operation: 'rotate', documentId: photo.id, degrees: 270 })).toEqual(
			[{ id: photo.id, action: 'rotate', status: 'accepted', degrees: 270 }],
		);
		expect(requestLog(sb)).toEqual([
			['POST', `/v2/documents/${photo.id}/rotate`, {}, { degrees: 270 }, 202],
		]);
		const pdf = await document.run(
			{ operation: 'rotate', documentId: docNamed('Bill of lading').id, degrees: 90 },
			{ continueOnFail: true },
		);
		expect(pdf[0].error).toMatch(/422.*image/);
		sb.clearRequests();
		await expect(
			document.run({ operation: 'rotate', documentId: photo.id, degrees: 45 }),
		).rejects.toThrow('Invalid Degrees "45"');
		expect(sb.requests).toHaveLength(0);
	});

	it('Delete returns {deleted, id}', async () => {
		const photo = docNamed('Photo of seal');
		expect(await document.run({ operation: 'delete', documentId: photo.id })).toEqual([
			{ deleted: true, id: photo.id },
		]);
		expect(requestLog(sb)).toEqual([['DELETE', `/v2/documents/${photo.id}`, {}, null, 204]]);
		expect(sb.store.documents.get(photo.id)).toBeUndefined();
	});
});
