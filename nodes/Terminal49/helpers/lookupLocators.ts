import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { assertImo, assertLocode } from './referenceValidation';
import { assertId } from './validation';

/**
 * Resource locators of the lookups: ports and metro areas by ID or UN/LOCODE, vessels by ID or IMO.
 * The service takes either form in the same path segment.
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
				displayName: 'By UN/LOCODE',
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

function readLocator(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
): { mode: string; value: unknown } {
	const raw = this.getNodeParameter(name, itemIndex) as { mode?: string; value?: unknown } | string;
	return typeof raw === 'object' && raw !== null
		? { mode: raw.mode ?? 'id', value: raw.value }
		: { mode: 'id', value: raw };
}

/** The path segment for a port or metro area: the validated LOCODE or the ID. */
export function readIdOrLocode(
	this: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string {
	const { mode, value } = readLocator.call(this, name, itemIndex);
	if (mode === 'locode')
		return assertLocode(this.getNode(), `${label} UN/LOCODE`, value, itemIndex);
	return assertId(this.getNode(), `${label} ID`, value, itemIndex);
}

/** `{by: 'imo' | 'id', value}` for the vessel locator, validated. */
export function readVessel(
	this: IExecuteFunctions,
	itemIndex: number,
): { by: 'imo' | 'id'; value: string } {
	const { mode, value } = readLocator.call(this, 'vessel', itemIndex);
	if (mode === 'imo')
		return { by: 'imo', value: assertImo(this.getNode(), 'Vessel IMO', value, itemIndex) };
	return { by: 'id', value: assertId(this.getNode(), 'Vessel ID', value, itemIndex) };
}
