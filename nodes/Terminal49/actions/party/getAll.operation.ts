import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { listProperties, readMode, readTake, outputProperties } from '../../parameters';

const properties: INodeProperties[] = [...listProperties(), ...outputProperties];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['getAll'] } },
	properties,
);

/** GET /parties. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Party > Get Many');
	return await t49.parties.list(readTake.call(this, itemIndex), readMode.call(this, itemIndex));
}
