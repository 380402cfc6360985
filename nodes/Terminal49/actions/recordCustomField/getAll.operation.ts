import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { recordProperties } from '../../parameters/customFields';
import { listProperties, readRecordLocator, readTake, outputProperties } from '../../parameters';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	...listProperties(),
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['getAll'] } },
	properties,
);

/** GET /{records}/{id}/custom_fields. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const { type, locator } = readRecordLocator.call(this, itemIndex);
	t49.account.needsFeature('custom_fields', 'Record Custom Field > Get Many');
	const record = await t49.recordOf(type, locator);
	return await t49.recordCustomFields.list(record, readTake.call(this, itemIndex));
}
