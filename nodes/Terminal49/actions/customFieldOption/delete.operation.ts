import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { deleted } from '../../helpers/customFieldValue';
import { apiRequest } from '../../transport';
import { definitionIdProperty, optionIdProperty, optionPath } from './shared';

const properties: INodeProperties[] = [definitionIdProperty, optionIdProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['customFieldOption'], operation: ['delete'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const { path, id } = optionPath.call(this, itemIndex);
	await apiRequest.call(this, { method: 'DELETE', path, itemIndex });
	return deleted(id);
}
