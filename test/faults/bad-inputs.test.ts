/**
 * Malformed inputs are rejected before any request: the sandbox's request log stays empty, and the
 * message names the field (and the bad value when there is one). Runs each case through n8n-core's real
 * ExecuteContext, so parameter resolution (resource locators, collections) is n8n's own.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';
import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { caught, freshPacer, recordUnhandledRejections, runCapped } from './helpers';

jest.setTimeout(10_000);

const rejections = recordUnhandledRejections();
let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({ containers: 10, rateWindowMs: 1000 });
});
afterAll(async () => {
	await sb.close();
	rejections.assertNone();
});
beforeEach(() => {
	sb.clearRequests();
	freshPacer();
});

interface Case {
	/** What is wrong. */
	what: string;
	parameters: INodeParameters;
	/** The field the message must name. */
	field: string;
	/** The bad value the message must quote (when not empty). */
	value?: string;
}

const byNumber = (value: string) => ({ mode: 'number', value });
const byId = (value: string) => ({ mode: 'id', value });

const containerNumbers: Array<[string, string]> = [
	['too short', 'MSCU123'],
	['digits where letters go', '1234MSCU567'],
	['4th letter not U/J/Z', 'MSCA1234566'],
	['wrong ISO 6346 check digit', 'MSCU1234567'],
	['letters in the serial', 'MSCU12X4566'],
	['12 characters', 'MSCU12345660'],
];

const CASES: Case[] = [
	...containerNumbers.flatMap(([what, value]): Case[] => [
		{
			what: `Container Get by number, ${what}`,
			parameters: { resource: 'container', operation: 'get', containerId: byNumber(value) },
			field: 'Container Number',
			value,
		},
		{
			what: `Container Refresh by number, ${what}`,
			parameters: { resource: 'container', operation: 'refresh', containerId: byNumber(value) },
			field: 'Container Number',
			value,
		},
		{
			what: `Container Get Map by number, ${what}`,
			parameters: { resource: 'container', operation: 'getMap', containerId: byNumber(value) },
			field: 'Container Number',
			value,
		},
	]),
	{
		what: 'Container Get Many filter, not a container number',
		parameters: {
			resource: 'container',
			operation: 'getAll',
			returnAll: true,
			filters: { number: 'ABC-12' },
		},
		field: 'Container Number',
		value: 'ABC-12',
	},
	{
		what: 'Container Get by number, empty',
		parameters: { resource: 'container', operation: 'get', containerId: byNumber('') },
		field: 'Container Number',
	},
	{
		what: 'Container Get by number, only spaces',
		parameters: { resource: 'container', operation: 'get', containerId: byNumber('   ') },
		field: 'Container Number',
	},
	{
		what: 'Container Get by ID, empty',
		parameters: { resource: 'container', operation: 'get', containerId: byId('') },
		field: 'Container ID',
	},
	{
		what: 'Container Get by ID, path characters',
		parameters: { resource: 'container', operation: 'get', containerId: byId('../webhooks') },
		field: 'Container ID',
		value: '../webhooks',
	},
	{
		what: 'Container Refresh by ID, query characters',
		parameters: { resource: 'container', operation: 'refresh', containerId: byId('abc?x=1') },
		field: 'Container ID',
		value: 'abc?x=1',
	},
	{
		what: 'Container Get Map by ID, empty',
		parameters: { resource: 'container', operation: 'getMap', containerId: byId(' ') },
		field: 'Container ID',
	},
	...[0, -5, 2.5, 'ten'].map(
		(limit): Case => ({
			what: `Container Get Many, Limit ${String(limit)}`,
			parameters: {
				resource: 'container',
				operation: 'getAll',
				returnAll: false,
				limit: limit as number,
			},
			field: 'Limit',
			value: String(limit),
		}),
	),
	...['MAE', 'MAEU1', 'M4EU', '12AB'].map(
		(scac): Case => ({
			what: `Shipping Line Get by SCAC "${scac}"`,
			parameters: {
				resource: 'shippingLine',
				operation: 'get',
				shippingLine: { mode: 'scac', value: scac },
			},
			field: 'SCAC',
			value: scac,
		}),
	),
	{
		what: 'Shipping Line Get by SCAC, empty',
		parameters: {
			resource: 'shippingLine',
			operation: 'get',
			shippingLine: { mode: 'scac', value: '' },
		},
		field: 'SCAC',
	},
	{
		what: 'Shipping Line Get by ID, empty',
		parameters: {
			resource: 'shippingLine',
			operation: 'get',
			shippingLine: { mode: 'id', value: '' },
		},
		field: 'Shipping Line ID',
	},
	{
		what: 'Webhook Get, empty ID',
		parameters: { resource: 'webhook', operation: 'get', webhookId: '' },
		field: 'Webhook ID',
	},
	{
		what: 'Webhook Delete, ID with a slash',
		parameters: { resource: 'webhook', operation: 'delete', webhookId: 'a/b' },
		field: 'Webhook ID',
		value: 'a/b',
	},
];

test.each(CASES)(
	'$what: rejected before any request, naming "$field"',
	async ({ parameters, field, value }) => {
		const error = await caught(
			runCapped({
				nodeType: new Terminal49(),
				parameters,
				credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
			}),
		);
		expect(error.constructor.name).toBe('NodeOperationError');
		expect(error.message).toContain(field);
		if (value !== undefined) expect(error.message).toContain(value);
		expect(sb.requests).toEqual([]);
	},
);

test('with Continue On Fail, each bad item is an error item and the good one still runs (one request)', async () => {
	const id = sb.fixtures[0].containerId;
	const out = await runCapped({
		nodeType: new Terminal49(),
		parameters: {
			resource: 'container',
			operation: 'get',
			containerId: { mode: 'id', value: '={{ $json.id }}' },
		},
		credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
		items: [{ id: '' }, { id }, { id: 'x/y' }],
		continueOnFail: true,
	});
	expect(out.map((item) => [item.pairedItem, item.json.error ?? item.json.id])).toEqual([
		[{ item: 0 }, '"Container ID" is empty in item 1'],
		[{ item: 1 }, id],
		[{ item: 2 }, 'Invalid Container ID "x/y": an ID has no spaces, slashes, ? or #'],
	]);
	expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v2/containers/${id}`]);
});

// Tracking Request (issue 4): request number, request type and SCAC are checked before the POST.
describe('Tracking Request Create', () => {
	const base = {
		resource: 'trackingRequest',
		operation: 'create',
		requestType: 'bill_of_lading',
		requestNumber: 'MEDUT4949001',
		scac: 'MSCU',
	};
	const TR_CASES: Case[] = [
		{
			what: 'empty request number',
			parameters: { ...base, requestNumber: '  ' },
			field: 'Request Number',
		},
		{
			what: 'wrong request type',
			parameters: { ...base, requestType: 'parcel' },
			field: 'Request Type',
			value: 'parcel',
		},
		{
			what: 'container type with a malformed container number',
			parameters: { ...base, requestType: 'container', requestNumber: 'MSCU123' },
			field: 'Request Number',
			value: 'MSCU123',
		},
		{ what: '3-letter SCAC', parameters: { ...base, scac: 'MSC' }, field: 'SCAC', value: 'MSC' },
		{
			what: 'SCAC with a digit',
			parameters: { ...base, scac: 'MS1U' },
			field: 'SCAC',
			value: 'MS1U',
		},
	];
	test.each(TR_CASES)(
		'$what: rejected before any request, naming "$field"',
		async ({ parameters, field, value }) => {
			const error = await caught(
				runCapped({
					nodeType: new Terminal49(),
					parameters,
					credentials: { apiKey: sb.keys.paid, baseUrl: sb.baseUrl },
				}),
			);
			expect(error.message).toContain(field);
			if (value !== undefined) expect(error.message).toContain(value);
			expect(sb.requests).toEqual([]);
		},
	);
});
