import type { INodeProperties } from 'n8n-workflow';

export const partyIdProperty: INodeProperties = {
	displayName: 'Party ID',
	name: 'partyId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. ba4cb904-827f-4038-8e31-1e92b3356218',
	description: 'The ID of the party',
};

export const companyNameProperty: INodeProperties = {
	displayName: 'Company Name',
	name: 'companyName',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. Acme Imports Inc.',
	description: 'The name of the company',
};
