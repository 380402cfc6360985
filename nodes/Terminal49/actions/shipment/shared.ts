import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { withContainerInsights } from '../../helpers/containerInsights';
import {
	indexIncluded,
	relatedResources,
	resourcesOf,
	simplifyResource,
} from '../../helpers/jsonApi';
import type { JsonApiDocument } from '../../transport';

export const SHIPMENT_INCLUDES = [
	{ name: 'Containers', value: 'containers' },
	{ name: 'Destination', value: 'destination' },
	{ name: 'Destination Terminal', value: 'destination_terminal' },
	{ name: 'POD Terminal', value: 'pod_terminal' },
	{ name: 'Port of Discharge', value: 'port_of_discharge' },
	{ name: 'Port of Lading', value: 'port_of_lading' },
];

export const includeProperty: INodeProperties = {
	displayName: 'Include',
	name: 'include',
	type: 'multiOptions',
	default: [],
	description:
		'Related records to return nested in the shipment. Included containers gain ready_for_pickup, active_holds, fees_total, pickup_lfd_source and days_until_pickup_lfd.',
	options: SHIPMENT_INCLUDES,
};

/** A simplified shipment whose nested containers (when included) carry the derived pickup fields. */
export function withNestedContainerInsights(shipment: IDataObject): IDataObject {
	if (!Array.isArray(shipment.containers)) return shipment;
	const containers = shipment.containers as Array<IDataObject | string>;
	return {
		...shipment,
		containers: containers.map((container) =>
			container && typeof container === 'object'
				? withContainerInsights(container, shipment)
				: container,
		) as IDataObject[],
	};
}

/**
 * One item per container of a shipment document: the container (relationships resolved from `included`,
 * derived pickup fields added) with the shipment's own fields nested under `shipment` (its `containers`
 * as IDs only). A shipment without containers gives no item.
 */
export function splitContainers(document: JsonApiDocument): IDataObject[] {
	const index = indexIncluded(document.included);
	const items: IDataObject[] = [];
	for (const record of resourcesOf(document)) {
		const shipment = simplifyResource(record, index);
		const containers = relatedResources(record, 'containers', index);
		const related = record.relationships?.containers?.data;
		const shipmentFields: IDataObject = {
			...shipment,
			containers: (Array.isArray(related) ? related : []).map((identifier) =>
				String(identifier.id),
			),
		};
		for (const container of containers) {
			items.push({ ...withContainerInsights(container, shipmentFields), shipment: shipmentFields });
		}
	}
	return items;
}
