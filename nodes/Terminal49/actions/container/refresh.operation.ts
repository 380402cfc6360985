import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { containerLocator, resolveContainerId } from '../../helpers/locators';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [containerLocator()];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['refresh'] } },
	properties,
);

/**
 * PATCH /containers/{id}/refresh: schedules an immediate pull from all sources. Own rate-limit bucket
 * (10 per minute); a paid feature (403 names the missing entitlement through the transport).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveContainerId.call(this, itemIndex);
	const body = await apiRequest.call(this, {
		method: 'PATCH',
		path: `/containers/${encodeURIComponent(id)}/refresh`,
		bucket: 'refresh',
		itemIndex,
	});
	return [{ container_id: id, refresh_requested: true, ...body }];
}
