import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requestItems, simplifyProperty } from '../../helpers/output';
import { assertNotEmpty } from '../../helpers/validation';
import { companyNameProperty } from './shared';

const properties: INodeProperties[] = [companyNameProperty, simplifyProperty];

export const description = updateDisplayOptions(
	{ show: { resource: ['party'], operation: ['create'] } },
	properties,
);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const companyName = assertNotEmpty(
		this.getNode(),
		'Company Name',
		this.getNodeParameter('companyName', itemIndex),
		itemIndex,
	);
	return await requestItems.call(this, itemIndex, {
		method: 'POST',
		path: '/parties',
		body: { data: { type: 'party', attributes: { company_name: companyName } } },
	});
}
