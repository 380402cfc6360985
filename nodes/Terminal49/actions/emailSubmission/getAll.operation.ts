import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listItems, listProperties, simplifyProperty } from '../../helpers/output';
import { includeProperty, includeQuery } from './shared';

const properties: INodeProperties[] = [...listProperties(), includeProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['emailSubmission'], operation: ['getAll'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return await listItems.call(this, itemIndex, {
		method: 'GET',
		path: '/email_submissions',
		qs: includeQuery.call(this, itemIndex),
	});
}
