import type { IExecuteFunctions } from 'n8n-workflow';

import type { CustomFieldValueType } from './customFields';
import { parseCustomFieldValue } from './customFields';

/** Reads "Value Type" + "Value" and returns the JSON value to send. */
export function readValue(this: IExecuteFunctions, itemIndex: number): unknown {
	const type = this.getNodeParameter('valueType', itemIndex, 'text') as CustomFieldValueType;
	const raw = type === 'null' ? null : this.getNodeParameter('value', itemIndex, '');
	return parseCustomFieldValue(this.getNode(), 'Value', raw, type, itemIndex);
}
