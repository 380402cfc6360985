import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';

const properties: INodeProperties[] = [
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return one item per event (event, description, category) instead of the event categories as Terminal49 sent them',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['webhook'], operation: ['getEvents'] } },
	properties,
);

/** GET /webhooks/events: one item per event with its category (or the document). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	return await terminal49(this, itemIndex).webhooks.events();
}
