import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { terminal49 } from '../../client';
import type { Records } from '../../client';
import { outputProperties } from '../../parameters';
import { assertNotEmpty, parseJsonObject } from '../../errors/validation';
import { documentIdProperty, readDocumentId } from './shared';

const properties: INodeProperties[] = [
	documentIdProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Clear Manual Extracted Data',
				name: 'clearExtractedData',
				type: 'boolean',
				default: false,
				description: 'Whether to remove the manually entered extracted data (sends null)',
			},
			{
				displayName: 'Document Type',
				name: 'documentTypeManual',
				type: 'string',
				default: '',
				placeholder: 'e.g. bill_of_lading',
				description:
					'Override the classified document type with this code (Document > Get Types lists them)',
			},
			{
				displayName: 'Manual Extracted Data (JSON)',
				name: 'extractedDataManual',
				type: 'json',
				default: '',
				description: 'Key/value data to store as manually extracted, as a JSON object',
			},
		],
	},
	...outputProperties,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['document'], operation: ['update'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<Records> {
	const node = this.getNode();
	const id = readDocumentId.call(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const attributes: IDataObject = {};
	if (fields.documentTypeManual !== undefined) {
		attributes.document_type_manual = assertNotEmpty(
			node,
			'Document Type',
			fields.documentTypeManual,
			itemIndex,
		);
	}
	if (fields.clearExtractedData === true) {
		if (fields.extractedDataManual !== undefined && fields.extractedDataManual !== '') {
			throw new NodeOperationError(
				node,
				'"Clear Manual Extracted Data" and "Manual Extracted Data (JSON)" are both set',
				{ itemIndex, description: 'Use one of them: clear the data, or replace it.' },
			);
		}
		attributes.extracted_data_manual = null;
	} else if (fields.extractedDataManual !== undefined && fields.extractedDataManual !== '') {
		attributes.extracted_data_manual = parseJsonObject(
			node,
			'Manual Extracted Data (JSON)',
			fields.extractedDataManual,
			itemIndex,
		);
	}
	if (Object.keys(attributes).length === 0) {
		throw new NodeOperationError(node, 'Nothing to update: "Update Fields" is empty', {
			itemIndex,
			description: 'Add Document Type or Manual Extracted Data under "Update Fields".',
		});
	}
	return await terminal49(this, itemIndex).documents.update(id, attributes);
}
