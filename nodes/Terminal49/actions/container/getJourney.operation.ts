import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { journeyOf } from '../../views/journey';
import { containerLocator } from '../../parameters/locators';
import { readLocator } from '../../parameters';

const properties: INodeProperties[] = [containerLocator()];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getJourney'] } },
	properties,
);

/**
 * The journey of a container in a dozen fields (views/journey.ts): why it is late, the ETA against the
 * first one, the last confirmed move, what comes next, the route with its transshipments and rail leg, read
 * from the container and its transport events (3 requests with a number: look-up, container, events).
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	const id = await t49.containers.idOf(readLocator.call(this, 'containerId', itemIndex));
	return [journeyOf(await t49.containers.withJourney(id))];
}
