import type { INodeProperties } from 'n8n-workflow';

import { definitionLocator } from '../../parameters/customFields';

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
