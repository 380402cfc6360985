import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertId } from '../../errors/validation';

const properties: INodeProperties[] = [
	{
		displayName: 'Terminal ID',
		name: 'terminalId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
		description:
			'The Terminal49 ID of the terminal, e.g. the pod_terminal ID of a shipment or container',
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['terminal'], operation: ['get'] } },
	properties,
);

/** GET /terminals/{id}. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const id = assertId(
		this.getNode(),
		'Terminal ID',
		this.getNodeParameter('terminalId', itemIndex),
		itemIndex,
	);
	return await terminal49(this, itemIndex).terminals.get(id);
}
