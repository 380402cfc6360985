import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { containerLocator, resolveContainerId } from '../../helpers/locators';
import { listProperties, requestItems, simplifyProperty } from '../../helpers/output';
import { readLimit } from '../../helpers/unpaginated';

const properties: INodeProperties[] = [
	{
		displayName:
			'Terminal49 deprecated raw events: they are provided as-is. Use "Get Transport Events" for past milestones; raw events also carry the carrier\'s estimated future milestones.',
		name: 'deprecatedNotice',
		type: 'notice',
		default: '',
	},
	containerLocator(),
	...listProperties(),
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getRawEvents'] } },
	properties,
);

/** GET /containers/{id}/raw_events (deprecated by Terminal49; not paginated, Limit applied here). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = await resolveContainerId.call(this, itemIndex);
	const limit = readLimit.call(this, itemIndex);
	const items = await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/containers/${encodeURIComponent(id)}/raw_events`,
	});
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	if (!simplify) {
		// One document: keep it whole, only trimming its data to the limit.
		const [document] = items;
		if (limit !== undefined && Array.isArray(document?.data))
			return [{ ...document, data: document.data.slice(0, limit) }];
		return items;
	}
	return limit === undefined ? items : items.slice(0, limit);
}
