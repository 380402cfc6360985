import { invoiceLineSummary, invoiceSummary } from '../invoice';
import { containerSummary } from './container';
import { shipmentSummary } from './shipment';
import { trackingRequestSummary } from './trackingRequest';
import type { Item } from './words';

/**
 * The people-first view of a record (the "Simplified" output of node version 2, both triggers' too, and what
 * an AI agent gets): the dozen flat fields a coordinator reads first, in the order they read them, in words,
 * no nested objects or lists. Built from the full flat item (the client's item with its derived fields), so
 * every field the view leaves out stays reachable with Output "All Fields", "Selected Fields" or "Raw".
 */

/**
 * The people-first view of one flat item by its `type`; other records as they are. `forAgent`: as an AI
 * agent's tool reads it (containerSummary).
 */
export function summaryOf(item: Item, { forAgent = false } = {}): Item {
	switch (item.type) {
		case 'container':
			return containerSummary(item, null, { forAgent });
		case 'shipment':
			return shipmentSummary(item);
		case 'tracking_request':
			return trackingRequestSummary(item);
		case 'invoice_line':
			return invoiceLineSummary(item);
		case 'invoice':
			return invoiceSummary(item);
		default:
			return item;
	}
}
