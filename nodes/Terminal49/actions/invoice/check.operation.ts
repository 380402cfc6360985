import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { InvoiceResult } from '../../domain/invoice/check';
import { checkInvoices } from '../../domain/invoice/check';
import type { RecordFacts } from '../../domain/invoice/recordFacts';
import { recordFacts, untracked, withKept } from '../../domain/invoice/recordFacts';
import type { InvoiceLine } from '../../domain/invoice/types';
import { outputProperties } from '../../parameters';
import { directionProperty, invoiceFieldProperties } from '../../parameters/invoiceFields';
import { readInvoiceLine } from '../../parameters/invoiceLine';
import { readTariffs } from '../../parameters/tariffs';
import { tariffOptions } from '../../parameters/tariffFields';
import { invoiceItem, invoiceLineItem } from '../../views/invoice';
import type { BatchResult } from '../batch';

const properties: INodeProperties[] = [
	...invoiceFieldProperties,
	directionProperty,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Return One Item Per',
				name: 'returnPer',
				type: 'options',
				default: 'line',
				options: [
					{
						name: 'Invoice Line',
						value: 'line',
						description:
							"Each line's verdict and findings, with its invoice's verdict and dispute draft",
					},
					{
						name: 'Invoice',
						value: 'invoice',
						description:
							'One item per invoice number: its verdict, amounts in dispute per currency and dispute draft',
					},
				],
			},
			...tariffOptions,
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['invoice'], operation: ['check'] } },
	properties,
);

/** Whether a line's check reads the container's transport events (the availability at the port). */
const needsEvents = (line: InvoiceLine) =>
	line.chargeType === 'demurrage' ||
	line.chargeType === 'combined' ||
	line.availabilityDate !== null;

/**
 * Checks every input item's invoice line at once (the lines of one invoice number are one invoice): each line
 * read and checked for bad input before any request (a bad line fails alone), each container read once however
 * many lines charge it, then the checks (domain/invoice/) and the items (views/invoice.ts).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndexes: number[],
): Promise<BatchResult> {
	const failed = new Map<number, unknown>();
	const lines: InvoiceLine[] = [];
	for (const itemIndex of itemIndexes) {
		try {
			lines.push(readInvoiceLine.call(this, itemIndex));
		} catch (error) {
			failed.set(itemIndex, error);
		}
	}
	const first = itemIndexes[0];
	const options = this.getNodeParameter('options', first, {}) as IDataObject;
	const tariffs = readTariffs(this.getNode(), first, options);
	const t49 = terminal49(this, first);
	const records = new Map<string, RecordFacts>();
	const readErrors = new Map<string, unknown>();
	for (const line of lines) {
		const number = line.containerNumber;
		if (!number || records.has(number) || readErrors.has(number)) continue;
		const withEvents = lines.some(
			(other) => other.containerNumber === number && needsEvents(other),
		);
		try {
			const read = await t49.containers.forInvoice(number, withEvents, { tariffs });
			records.set(number, read ? recordFacts(read.container, read.events) : untracked(number));
		} catch (error) {
			readErrors.set(number, error);
		}
	}
	const checked = lines.filter((line) => {
		const error = line.containerNumber ? readErrors.get(line.containerNumber) : undefined;
		if (error !== undefined) failed.set(line.item, error);
		return error === undefined;
	});
	const factsOf = (line: InvoiceLine): RecordFacts => {
		const read = line.containerNumber ? records.get(line.containerNumber) : undefined;
		return read ? withKept(read, line.kept) : untracked(line.containerNumber ?? '');
	};
	const invoices = checkInvoices(checked, factsOf, tariffs);
	const per = (options.returnPer as string) === 'invoice' ? 'invoice' : 'line';
	return { items: itemsOf(invoices, per), failed };
}

function itemsOf(invoices: InvoiceResult[], per: 'line' | 'invoice') {
	if (per === 'invoice')
		return invoices.map((invoice) => ({
			json: invoiceItem(invoice),
			items: invoice.lines.map((result) => result.line.item),
		}));
	return invoices.flatMap((invoice) =>
		invoice.lines.map((result, i) => ({
			json: invoiceLineItem(result, invoice, i + 1),
			items: [result.line.item],
		})),
	);
}
