import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readValue, valueProperties } from '../../helpers/customFieldValue';
import { requestItems, simplifyProperty } from '../../helpers/output';
import { customFieldIdProperty, customFieldPath } from './shared';

const properties: INodeProperties[] = [
	customFieldIdProperty,
	...valueProperties({ allowNull: true }),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path } = customFieldPath.call(this, itemIndex);
	const value = readValue.call(this, itemIndex);
	return await requestItems.call(this, itemIndex, {
		method: 'PATCH',
		path,
		body: { data: { type: 'custom_field', attributes: { value: value as IDataObject } } },
	});
}
