import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { listProperties, readList, readTake, outputProperties } from '../../parameters';
import { includeProperty } from './shared';
import { trimmed } from '../../domain/values';

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
				displayName: 'Document Types',
				name: 'documentTypes',
				type: 'string',
				default: '',
				placeholder: 'e.g. bill_of_lading,arrival_notice',
				description:
					'Only documents of these types, comma-separated codes (Document > Get Types lists them)',
			},
			{
				displayName: 'File Name',
				name: 'filename',
				type: 'string',
				default: '',
				description: 'Only documents whose file name matches this text',
			},
			{
				displayName: 'Reference',
				name: 'reference',
				type: 'string',
				default: '',
				placeholder: 'e.g. MEDUT4949001',
				description:
					'Only documents linked to this reference, e.g. a bill of lading or container number',
			},
		],
	},
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'options',
		default: '',
		description: 'Order of the documents',
		options: [
			{ name: 'Added By', value: 'added_by' },
			{ name: 'Added By (Descending)', value: '-added_by' },
			{ name: 'Created (Newest First)', value: '-created_at' },
			{ name: 'Created (Oldest First)', value: 'created_at' },
			{ name: 'Document Type', value: 'document_type' },
			{ name: 'Document Type (Descending)', value: '-document_type' },
			{ name: 'Service Default', value: '' },
		],
	},
	includeProperty,
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['getAll'] } },
	properties,
);

/** GET /documents with include, sort and filters. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const sort = this.getNodeParameter('sort', itemIndex, '') as string;
	const where = {
		sort: trimmed(sort),
		filename: trimmed(filters.filename),
		reference: trimmed(filters.reference),
		documentTypes:
			typeof filters.documentTypes === 'string'
				? filters.documentTypes
						.split(',')
						.map((type) => type.trim())
						.filter(Boolean)
				: undefined,
	};
	const t49 = terminal49(this, itemIndex);
	t49.account.needsReading('Document > Get Many');
	return await t49.documents.list(
		where,
		readList.call(this, 'include', itemIndex),
		readTake.call(this, itemIndex),
	);
}
