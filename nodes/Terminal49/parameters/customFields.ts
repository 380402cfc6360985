import type { INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { containerLocator, shipmentLocator } from './locators';

/**
 * Custom field values: the service takes a string, number, boolean, list of strings, object or null
 * depending on the definition's data type. Users type a value and say what it is; it is converted and
 * checked before any request.
 */
export type CustomFieldValueType =
	| 'text'
	| 'number'
	| 'boolean'
	| 'date'
	| 'list'
	| 'json'
	| 'null';

export const VALUE_TYPE_OPTIONS = [
	{
		name: 'Text',
		value: 'text',
		description: 'For short text, enum (the option value) and reference fields',
	},
	{ name: 'Number', value: 'number' },
	{ name: 'True/False', value: 'boolean', description: 'Type true or false (also yes/no, 1/0)' },
	{
		name: 'Date or Date-Time',
		value: 'date',
		description: 'ISO 8601, e.g. 2026-05-01 or 2026-05-01T10:00:00Z',
	},
	{
		name: 'List',
		value: 'list',
		description:
			'For multi-select (enum_multi) fields: comma-separated option values, or a JSON array',
	},
	{ name: 'JSON', value: 'json', description: 'Any JSON value, sent as parsed' },
	{ name: 'Empty (Null)', value: 'null', description: 'Clears the value' },
];

/** The definition's data type -> how its (default) value is read. */
export const VALUE_TYPE_BY_DATA_TYPE: Record<string, CustomFieldValueType> = {
	short_text: 'text',
	number: 'number',
	date: 'date',
	datetime: 'date',
	boolean: 'boolean',
	enum: 'text',
	enum_multi: 'list',
	reference: 'text',
};

function invalidValue(
	node: INode,
	field: string,
	raw: unknown,
	why: string,
	itemIndex: number,
): never {
	const shown = typeof raw === 'string' ? raw : JSON.stringify(raw);
	throw new NodeOperationError(node, `Invalid ${field} "${shown}": ${why}`, {
		itemIndex,
		description: `Fix "${field}" in item ${itemIndex + 1}, or pick another value type.`,
	});
}

/** Converts what the user typed (or an expression gave) into the JSON value the service expects. */
export function parseCustomFieldValue(
	node: INode,
	field: string,
	raw: unknown,
	type: CustomFieldValueType,
	itemIndex: number,
): unknown {
	const text = typeof raw === 'string' ? raw.trim() : raw;
	switch (type) {
		case 'null':
			return null;
		case 'text':
			if (raw === undefined || raw === null) return '';
			return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
		case 'number': {
			if (typeof text === 'number' && Number.isFinite(text)) return text;
			const value = typeof text === 'string' && text !== '' ? Number(text) : NaN;
			if (!Number.isFinite(value))
				return invalidValue(node, field, raw, 'not a number, e.g. 42 or 3.5', itemIndex);
			return value;
		}
		case 'boolean': {
			if (typeof text === 'boolean') return text;
			const value = String(text ?? '').toLowerCase();
			if (['true', 'yes', '1'].includes(value)) return true;
			if (['false', 'no', '0'].includes(value)) return false;
			return invalidValue(node, field, raw, 'use true or false', itemIndex);
		}
		case 'date': {
			const value = String(text ?? '');
			if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) {
				return invalidValue(
					node,
					field,
					raw,
					'not an ISO 8601 date, e.g. 2026-05-01 or 2026-05-01T10:00:00Z',
					itemIndex,
				);
			}
			return value;
		}
		case 'list': {
			if (Array.isArray(text)) return text.map((entry) => String(entry));
			const value = String(text ?? '');
			if (value.startsWith('[')) {
				let parsed: unknown;
				try {
					parsed = JSON.parse(value);
				} catch {
					return invalidValue(node, field, raw, 'starts with [ but is not a JSON array', itemIndex);
				}
				if (!Array.isArray(parsed))
					return invalidValue(node, field, raw, 'not a JSON array', itemIndex);
				return parsed.map((entry) => String(entry));
			}
			return value
				.split(',')
				.map((entry) => entry.trim())
				.filter((entry) => entry !== '');
		}
		case 'json': {
			if (typeof raw !== 'string') return raw ?? null;
			try {
				return JSON.parse(raw) as unknown;
			} catch {
				return invalidValue(
					node,
					field,
					raw,
					'not valid JSON (text needs quotes, e.g. "ABC")',
					itemIndex,
				);
			}
		}
	}
	return invalidValue(node, `${field} Type`, type, 'unknown value type', itemIndex);
}

/** "Value Type" and "Value" parameters. */
export function valueProperties(options: { allowNull: boolean }): INodeProperties[] {
	return [
		{
			displayName: 'Value Type',
			name: 'valueType',
			type: 'options',
			default: 'text',
			description: "How to read Value; match the custom field definition's data type",
			options: options.allowNull
				? VALUE_TYPE_OPTIONS
				: VALUE_TYPE_OPTIONS.filter((option) => option.value !== 'null'),
		},
		{
			displayName: 'Value',
			name: 'value',
			type: 'string',
			default: '',
			placeholder: 'e.g. PO-4711',
			description: 'The value to store, read as the chosen Value Type',
			displayOptions: { hide: { valueType: ['null'] } },
		},
	];
}

export const apiSlugProperty: INodeProperties = {
	displayName: 'API Slug',
	name: 'apiSlug',
	type: 'resourceLocator',
	required: true,
	default: { mode: 'list', value: '' },
	description: "The custom field, by its definition's API slug (e.g. po_number)",
	modes: [
		{
			displayName: 'From list',
			name: 'list',
			type: 'list',
			placeholder: 'Select a custom field...',
			typeOptions: { searchListMethod: 'searchCustomFieldSlugs', searchable: true },
		},
		{ displayName: 'API Slug', name: 'slug', type: 'string', placeholder: 'e.g. po_number' },
	],
};

/** A custom field definition, picked from the list or given by ID. */
export function definitionLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Definition',
		name: 'definitionId',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The custom field definition, picked by name or given by its ID',
		modes: [
			{
				displayName: 'From list',
				name: 'list',
				type: 'list',
				placeholder: 'Select a custom field definition...',
				typeOptions: { searchListMethod: 'searchCustomFieldDefinitions', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 5d1e0f3a-4b7e-4c2d-9a8b-7c6d5e4f3a2b',
			},
		],
		...overrides,
	};
}

/**
 * "Record Type" and the record itself: a container or shipment by ID or number, a tracking request by ID.
 * `types` limits the choices (the generic Create takes shipments and containers only).
 */
export function recordProperties(
	types: Array<'tracking_request' | 'shipment' | 'container'>,
	description = 'The kind of record the custom field belongs to',
): INodeProperties[] {
	const labels: Record<string, string> = {
		tracking_request: 'Tracking Request',
		shipment: 'Shipment',
		container: 'Container',
	};
	const properties: INodeProperties[] = [
		{
			displayName: 'Record Type',
			name: 'recordType',
			type: 'options',
			default: 'shipment',
			description,
			options: types.map((type) => ({ name: labels[type], value: type })),
		},
	];
	if (types.includes('container')) {
		properties.push(containerLocator({ displayOptions: { show: { recordType: ['container'] } } }));
	}
	if (types.includes('shipment')) {
		properties.push(shipmentLocator({ displayOptions: { show: { recordType: ['shipment'] } } }));
	}
	if (types.includes('tracking_request')) {
		properties.push({
			displayName: 'Tracking Request ID',
			name: 'trackingRequestId',
			type: 'string',
			required: true,
			default: '',
			placeholder: 'e.g. 0b6f3c9e-5a2d-4e1f-9c8b-7a6d5e4f3c2b',
			description: 'The ID of the tracking request',
			displayOptions: { show: { recordType: ['tracking_request'] } },
		});
	}
	return properties;
}
