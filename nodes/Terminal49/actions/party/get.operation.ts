import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertId } from '../../helpers/validation';
import { partyIdProperty } from './shared';

const properties: INodeProperties[] = [partyIdProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['get'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const id = assertId(
		this.getNode(),
		'Party ID',
		this.getNodeParameter('partyId', itemIndex),
		itemIndex,
	);
	return await requestItems.call(this, itemIndex, {
		method: 'GET',
		path: `/parties/${encodeURIComponent(id)}`,
	});
}
