import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { readLocator } from '../../parameters';
import { containerLocator } from '../../parameters/locators';

const properties: INodeProperties[] = [containerLocator()];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['refresh'] } },
	properties,
);

/** PATCH /containers/{id}/refresh: a pull from every source (Container Refresh feature, 10 a minute). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	return [{ container_id: id, refresh_requested: true, ...(await t49.containers.refresh(id)) }];
}
