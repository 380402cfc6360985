import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { recordProperties } from '../../helpers/customFieldValue';
import { listItems, listProperties, simplifyProperty } from '../../helpers/output';
import { recordFieldsPath } from './shared';

const properties: INodeProperties[] = [
	...recordProperties(['tracking_request', 'shipment', 'container']),
	...listProperties(),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['recordCustomField'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path } = await recordFieldsPath.call(this, itemIndex);
	return await listItems.call(this, itemIndex, { method: 'GET', path });
}
