import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertId } from '../../errors/validation';
import { partyIdProperty } from './shared';

const properties: INodeProperties[] = [partyIdProperty, ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['get'] } },
	properties,
);

/** GET /parties/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = assertId(
		this.getNode(),
		'Party ID',
		this.getNodeParameter('partyId', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).parties.get(id);
}
