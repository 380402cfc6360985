import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listItems, listProperties, simplifyProperty } from '../../helpers/output';
import { includeProperty, withNestedContainerInsights } from './shared';

const properties: INodeProperties[] = [
	...listProperties(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. MEDUFR030802',
				description:
					'Only the shipment tracked under this request number (bill of lading or booking number)',
			},
			{
				displayName: 'Search',
				name: 'q',
				type: 'string',
				default: '',
				placeholder: 'e.g. PO-1234',
				description: 'Text searched in bill of lading, reference and container numbers',
			},
			{
				displayName: 'Tracking Stopped',
				name: 'trackingStopped',
				type: 'boolean',
				default: false,
				description:
					'Whether to return only shipments whose tracking was stopped (on) or only those still tracked (off)',
			},
		],
	},
	includeProperty,
	simplifyProperty,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['shipment'], operation: ['getAll'] } },
	properties,
);

/**
 * GET /shipments with the filters the service honours (`q`, `number`, `filter[tracking_stopped]`); it
 * drops status, port, carrier and date filters silently, so none are offered.
 */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<IDataObject[]> {
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const include = this.getNodeParameter('include', itemIndex, []) as string[];
	const simplify = this.getNodeParameter('simplify', itemIndex, true) as boolean;
	const qs: IDataObject = {};
	if (typeof filters.q === 'string' && filters.q.trim()) qs.q = filters.q.trim();
	if (typeof filters.number === 'string' && filters.number.trim())
		qs.number = filters.number.replace(/\s+/g, '').toUpperCase();
	if (typeof filters.trackingStopped === 'boolean')
		qs['filter[tracking_stopped]'] = filters.trackingStopped;
	if (include.length) qs.include = include.join(',');
	const items = await listItems.call(this, itemIndex, { method: 'GET', path: '/shipments', qs });
	return simplify ? items.map(withNestedContainerInsights) : items;
}
