import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { definitionLocator } from '../../helpers/customFieldValue';

export const definitionIdProperty: INodeProperties = definitionLocator();

export const DATA_TYPE_OPTIONS = [
	{ name: 'Boolean', value: 'boolean' },
	{ name: 'Date', value: 'date' },
	{ name: 'Date-Time', value: 'datetime' },
	{ name: 'Enum (One Option)', value: 'enum' },
	{ name: 'Enum Multi (Several Options)', value: 'enum_multi' },
	{ name: 'Number', value: 'number' },
	{ name: 'Reference', value: 'reference' },
	{ name: 'Short Text', value: 'short_text' },
];

/** A JSON object parameter (e.g. Validation): an object, a JSON string, or empty for none. */
export function parseJsonObject(
	node: INode,
	field: string,
	raw: unknown,
	itemIndex: number,
): IDataObject | null {
	if (raw === undefined || raw === null || raw === '') return null;
	let value: unknown = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch {
			throw new NodeOperationError(node, `Invalid ${field} "${raw}": not valid JSON`, {
				itemIndex,
				description: `Give "${field}" a JSON object, e.g. {"max_length": 20}, or leave it empty.`,
			});
		}
	}
	if (value === null) return null;
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw new NodeOperationError(
			node,
			`Invalid ${field} "${JSON.stringify(value)}": it must be a JSON object`,
			{
				itemIndex,
				description: `Give "${field}" a JSON object, e.g. {"max_length": 20}.`,
			},
		);
	}
	return value as IDataObject;
}
