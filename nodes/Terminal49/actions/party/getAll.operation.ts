import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readTake, outputProperties } from '../../parameters';

const properties: INodeProperties[] = [...listProperties(), ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['getAll'] } },
	properties,
);

/** GET /parties. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Party > Get Many');
	return await t49.parties.list(readTake.call(this, itemIndex));
}
