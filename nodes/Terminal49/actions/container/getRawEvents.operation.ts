import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readLocator, readTake, outputProperties } from '../../parameters';
import { containerLocator } from '../../parameters/locators';

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
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getRawEvents'] } },
	properties,
);

/** GET /containers/{id}/raw_events (one document): the first `limit` raw events. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	return await t49.containers.rawEvents(id, readTake.call(this, itemIndex));
}
