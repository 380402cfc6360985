import type { INodeProperties } from 'n8n-workflow';

/**
 * Resource locator parameters of the lookups: ports and metro areas by ID or UN/LOCODE, vessels by ID or
 * IMO. The service takes either form in the same path segment (client/lookups.ts checks the value).
 */
export function locodeLocator(name: string, displayName: string, example: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'locode', value: '' },
		required: true,
		description: `The ${displayName.toLowerCase()}, by its UN/LOCODE or by its Terminal49 ID`,
		modes: [
			{
				displayName: 'Locode',
				name: 'locode',
				type: 'string',
				placeholder: `e.g. ${example}`,
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 9b5e1c2d-3f4a-4b6c-8d7e-0f1a2b3c4d5e',
			},
		],
	};
}

export const vesselLocator: INodeProperties = {
	displayName: 'Vessel',
	name: 'vessel',
	type: 'resourceLocator',
	default: { mode: 'imo', value: '' },
	required: true,
	description: 'The vessel, by its IMO number or by its Terminal49 ID',
	modes: [
		{ displayName: 'By IMO', name: 'imo', type: 'string', placeholder: 'e.g. 9811000' },
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3c2b1a0d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
		},
	],
};
