import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Locator, RecordType } from '../client';

/**
 * The one reader of resource-locator parameters. A plain value given in a locator's place (an expression,
 * an AI agent's argument, a workflow of an older version) counts as `plainMode`. The client turns the
 * locator into what the service takes (`idOf`), checking the value and looking numbers up.
 */
export function readLocator(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	plainMode = 'id',
): Locator {
	const raw = this.getNodeParameter(name, itemIndex) as
		| { mode?: string; value?: unknown }
		| unknown;
	if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
		const { mode, value } = raw as { mode?: string; value?: unknown };
		return { mode: mode ?? plainMode, value };
	}
	return { mode: plainMode, value: raw };
}

/** The record the user chose with the "Record Type" parameters (its number is looked up by the client). */
export function readRecordLocator(
	this: IExecuteFunctions,
	itemIndex: number,
): { type: RecordType; locator: Locator } {
	const type = this.getNodeParameter('recordType', itemIndex) as string;
	if (type === 'container')
		return { type, locator: readLocator.call(this, 'containerId', itemIndex) };
	if (type === 'shipment')
		return { type, locator: readLocator.call(this, 'shipmentId', itemIndex) };
	if (type === 'tracking_request')
		return { type, locator: readLocator.call(this, 'trackingRequestId', itemIndex) };
	throw new NodeOperationError(
		this.getNode(),
		`Invalid Record Type "${type}": use Tracking Request, Shipment or Container`,
		{ itemIndex },
	);
}
