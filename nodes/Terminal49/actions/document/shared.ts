import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assertId } from '../../errors/validation';

export const documentIdProperty: INodeProperties = {
	displayName: 'Document ID',
	name: 'documentId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 6a1d3f0e-2b4c-4d8e-9f7a-1c2b3d4e5f60',
	description: 'The ID of the document (Document > Get Many lists them)',
};

export const includeProperty: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	default: [],
	description: 'Related records to return nested in the document',
	options: [
		{ name: 'Account', value: 'account' },
		{ name: 'Cargos (Containers)', value: 'cargos' },
		{ name: 'Email Submission', value: 'email_submission' },
		{ name: 'Latest Extraction', value: 'last_document_representation' },
		{ name: 'Shipments', value: 'shipments' },
		{ name: 'User', value: 'user' },
	],
};

/** The Document ID parameter, checked. */
export function readDocumentId(this: IExecuteFunctions, itemIndex: number): string {
	return assertId(
		this.getNode(),
		'Document ID',
		this.getNodeParameter('documentId', itemIndex),
		itemIndex,
	);
}
