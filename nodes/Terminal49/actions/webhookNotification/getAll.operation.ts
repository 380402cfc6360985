import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listItems, listProperties, simplifyProperty } from '../../helpers/output';
import { includeProperty } from './shared';

const properties: INodeProperties[] = [...listProperties(), includeProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhookNotification'], operation: ['getAll'] } },
	properties,
);

/** GET /webhook_notifications: newest first; the API offers no filter beyond include. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	return await listItems.call(this, itemIndex, {
		method: 'GET',
		path: '/webhook_notifications',
		qs: include.length ? { include: include.join(',') } : {},
	});
}
