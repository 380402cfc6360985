import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';

const properties: INodeProperties[] = [];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['getSourceIps'] } },
	properties,
);

/** GET /webhooks/ips: the addresses deliveries come from, for a firewall's allow list. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	return [await terminal49(this, itemIndex).webhooks.sourceIps()];
}
