import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { terminal49 } from '../../client';
import { readLocator } from '../../parameters';
import { definitionLocator } from '../../parameters/customFields';
import { assertId } from '../../errors/validation';

export const definitionIdProperty: INodeProperties = definitionLocator({
	description:
		'The Enum or Enum Multi custom field definition the options belong to, picked by name or given by its ID',
});

export const optionIdProperty: INodeProperties = {
	displayName: 'Option ID',
	name: 'optionId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 9a8b7c6d-5e4f-4a2b-8c1d-0e9f8a7b6c5d',
	description: 'The ID of the option (Custom Field Option > Get Many lists them)',
};

/** The definition and option the user chose (definition From List or By ID; option by ID). */
export function readOption(
	this: IExecuteFunctions,
	itemIndex: number,
): { definitionId: string; optionId: string } {
	return {
		definitionId: readDefinition.call(this, itemIndex),
		optionId: assertId(
			this.getNode(),
			'Option ID',
			this.getNodeParameter('optionId', itemIndex),
			itemIndex,
		),
	};
}

/** The definition the options belong to. */
export function readDefinition(this: IExecuteFunctions, itemIndex: number): string {
	return terminal49(this, itemIndex).customFieldDefinitions.idOf(
		readLocator.call(this, 'definitionId', itemIndex),
	);
}

export const positionProperty: INodeProperties = {
	displayName: 'Position',
	name: 'position',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description: 'Order of the choice in lists (lowest first)',
};

/** Adds `position` from a collection's Position field when it was given (a whole number). */
export function readPosition(
	this: IExecuteFunctions,
	fields: IDataObject,
	attributes: IDataObject,
	itemIndex: number,
): void {
	if (fields.position === undefined || fields.position === '') return;
	const position = Number(fields.position);
	if (!Number.isInteger(position)) {
		throw new NodeOperationError(
			this.getNode(),
			`Invalid Position "${String(fields.position)}": use a whole number`,
			{ itemIndex },
		);
	}
	attributes.position = position;
}
