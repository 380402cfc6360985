import type { INodeProperties } from 'n8n-workflow';

export const routingNotice: INodeProperties = {
	displayName: 'Vessel positions need the Routing Data add-on; without it Terminal49 answers 403',
	name: 'routingNotice',
	type: 'notice',
	default: '',
};

export const portProperties: INodeProperties[] = [
	{
		displayName: 'Port ID',
		name: 'portId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 9b5e1c2d-3f4a-4b6c-8d7e-0f1a2b3c4d5e',
		description:
			"Terminal49 ID of the destination port (e.g. a port feature's location_id in Get Map, or Port > Get)",
	},
	{
		displayName: 'Previous Port ID',
		name: 'previousPortId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
		description: 'Terminal49 ID of the port the vessel left last',
	},
];
