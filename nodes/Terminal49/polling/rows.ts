import type { JsonApiDocument, ResourceObject } from '../client/jsonApi';
import { identifiersOf, lookup, resourcesOf } from '../client/jsonApi';
import type { Change } from './compare';
import { pageIndex } from './compare';

/**
 * The shipments a change of this poll is about that the poll did not read: a shipment whose tracking stopped is
 * no longer among the tracked ones, yet its containers' rows change (their costs are no longer known). Their ids,
 * each once, to be read with their containers and POD terminal before the rows are made.
 */
export function shipmentsNotRead(changes: Change[], pages: JsonApiDocument[]): string[] {
	const read = new Set(pages.flatMap((page) => resourcesOf(page).map((s) => String(s.id))));
	const ids = changes
		.filter((change) => !change.container && change.shipment)
		.map((change) => String(change.shipment!.id))
		.filter((id) => !read.has(id));
	return [...new Set(ids)];
}

/**
 * Output "Container Rows" of the polling trigger: one row per container a change of this poll is about (a
 * container's change, every container of a shipment whose ETA moved, whose tracking request succeeded or whose
 * tracking stopped),
 * once per poll however many of its changes were found, each built from what the poll read: every tracked
 * shipment with its containers and POD terminal, so the row has the columns and values of Container > Get
 * Many's. Returns one change a container, in the order the poll found them, to be made into its row.
 */
export function rowChanges(changes: Change[], pages: JsonApiDocument[]): Change[] {
	// every container the poll read, with its shipment and the page it came in
	const read = new Map<string, Change>();
	const shipments = new Map<string, ResourceObject>();
	for (const page of pages) {
		const index = pageIndex(page);
		for (const shipment of resourcesOf(page)) {
			shipments.set(String(shipment.id), shipment);
			for (const identifier of identifiersOf(shipment, 'containers')) {
				const container = lookup(index, identifier);
				if (container) read.set(String(container.id), { event: 'row', container, shipment, index });
			}
		}
	}
	const rows = new Map<string, Change>();
	for (const change of changes) {
		const shipment = change.shipment ? shipments.get(String(change.shipment.id)) : undefined;
		const ids = change.container
			? [String(change.container.id)]
			: identifiersOf(shipment, 'containers').map((identifier) => String(identifier.id));
		for (const id of ids) {
			const row = read.get(id);
			if (row && !rows.has(id)) rows.set(id, { ...row, event: change.event });
		}
	}
	return [...rows.values()];
}
