import type { INodeProperties } from 'n8n-workflow';

export const includeProperty: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	default: ['documents', 'documents.last_document_representation'],
	description: 'Related records to return nested in the email submission',
	options: [
		{ name: 'Account', value: 'account' },
		{ name: 'Documents', value: 'documents' },
		{ name: 'Documents With Latest Extraction', value: 'documents.last_document_representation' },
		{ name: 'User', value: 'user' },
	],
};
