import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import {
	listProperties,
	readList,
	readMode,
	readTake,
	simplifyProperty,
} from '../../helpers/parameters';
import { assertContainerNumber } from '../../helpers/validation';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Container Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MSCU1234566',
				description: 'Only the container with this number',
			},
		],
	},
	{
		displayName: 'Include',
		name: 'include',
		type: 'multiOptions',
		default: ['shipment'],
		description: 'Related records to return nested in each container',
		options: [
			{ name: 'Shipment', value: 'shipment' },
			{ name: 'POD Terminal', value: 'pod_terminal' },
		],
	},
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['container'], operation: ['getAll'] } },
	properties,
);

/** GET /containers (a number filter is checked on the records too: the service may drop it). */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const number =
		typeof filters.number === 'string' && filters.number.trim()
			? assertContainerNumber(this.getNode(), 'Container Number', filters.number, itemIndex, false)
			: undefined;
	return await terminal49(this, itemIndex).containers.list(
		{ number, include: readList.call(this, 'include', itemIndex) },
		readTake.call(this, itemIndex),
		readMode.call(this, itemIndex),
	);
}
