import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';

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

/** GET /webhooks/events: the event names this account can subscribe to, by category. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: '/webhooks/events',
		itemIndex,
	});
	const categories = (Array.isArray(document.data) ? document.data : []) as IDataObject[];
	if (!simplify) return [document];
	return categories.flatMap((category) => {
		const attributes = (category.attributes ?? {}) as IDataObject;
		const events = (Array.isArray(attributes.events) ? attributes.events : []) as IDataObject[];
		return events.map((event) => ({
			event: event.name,
			description: event.description,
			category: attributes.name,
			category_id: category.id,
		}));
	});
}
