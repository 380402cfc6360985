import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readVessel } from '../../helpers/lookupLocators';
import { apiRequest } from '../../transport';

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

/** The vessel ID; an IMO is looked up first (GET /vessels/{imo}, no positions, no Routing Data needed). */
export async function resolveVesselId(this: IExecuteFunctions, itemIndex: number): Promise<string> {
	const vessel = readVessel.call(this, itemIndex);
	if (vessel.by === 'id') return vessel.value;
	const document = await apiRequest.call(this, {
		method: 'GET',
		path: `/vessels/${encodeURIComponent(vessel.value)}`,
		itemIndex,
	});
	const data = document.data as { id?: unknown } | undefined;
	return String(data?.id ?? vessel.value);
}
