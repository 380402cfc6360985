import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { documentIdProperty, readDocumentId } from './shared';

const properties: INodeProperties[] = [
	documentIdProperty,
	{
		displayName: 'Degrees',
		name: 'degrees',
		type: 'options',
		default: 90,
		description: 'How far to rotate the image. Only image documents can be rotated.',
		options: [
			{ name: '90°', value: 90 },
			{ name: '180°', value: 180 },
			{ name: '270°', value: 270 },
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['rotate'] } },
	properties,
);

/** POST /documents/{id}/rotate by 90, 180 or 270 degrees. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const raw = this.getNodeParameter('degrees', itemIndex);
	const degrees = Number(raw);
	if (![90, 180, 270].includes(degrees)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Degrees "${String(raw)}": use 90, 180 or 270`,
			{ itemIndex },
		);
	}
	const id = readDocumentId.call(this, itemIndex);
	return [await terminal49(this, itemIndex).documents.act(id, 'rotate', { degrees })];
}
