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
import { disputeText, invoiceItem, invoiceLineItem } from '../../views/invoice';
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

/**
 * Checks every input item's invoice line at once (the lines of one invoice number are one invoice): each line
 * read and checked for bad input before any request (a bad line fails alone), each container read once however
 * many lines charge it (fifty to a request), then the checks (domain/invoice/) and the items (views/invoice.ts).
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
	const numbers = lines.map((line) => line.containerNumber).filter((n): n is string => !!n);
	let records: Map<string, IDataObject>;
	try {
		records = numbers.length ? await t49.containers.forInvoices(numbers, { tariffs }) : new Map();
	} catch (error) {
		// the read failed: every line that needed it fails with it (the bad lines already have their own error)
		for (const line of lines) if (line.containerNumber) failed.set(line.item, error);
		records = new Map();
	}
	const facts = new Map<string, RecordFacts>();
	const factsOf = (line: InvoiceLine): RecordFacts => {
		const number = line.containerNumber ?? '';
		let read = facts.get(number);
		if (!read) {
			const container = records.get(number);
			read = container
				? recordFacts(container, (container.transport_events as IDataObject[] | undefined) ?? null)
				: untracked(number);
			facts.set(number, read);
		}
		return withKept(read, line.kept);
	};
	const checked = lines.filter((line) => !failed.has(line.item));
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
	return invoices.flatMap((invoice) => {
		const dispute = disputeText(invoice);
		return invoice.lines.map((result, i) => ({
			json: invoiceLineItem(result, invoice, i + 1, dispute),
			items: [result.line.item],
		}));
	});
}
