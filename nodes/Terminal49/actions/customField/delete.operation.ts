import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleted } from '../../helpers/customFieldValue';
import { apiRequest } from '../../transport';
import { customFieldIdProperty, customFieldPath } from './shared';

const properties: INodeProperties[] = [customFieldIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customField'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path, id } = customFieldPath.call(this, itemIndex);
	await apiRequest.call(this, { method: 'DELETE', path, itemIndex });
	return deleted(id);
}
