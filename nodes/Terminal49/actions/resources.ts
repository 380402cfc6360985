import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BatchExecute } from './batch';
import type { OperationResult, Output } from '../views';
import * as account from './account/Account.resource';
import * as container from './container/Container.resource';
import * as customField from './customField/CustomField.resource';
import * as customFieldDefinition from './customFieldDefinition/CustomFieldDefinition.resource';
import * as customFieldOption from './customFieldOption/CustomFieldOption.resource';
import * as document from './document/Document.resource';
import * as documentSchema from './documentSchema/DocumentSchema.resource';
import * as emailSubmission from './emailSubmission/EmailSubmission.resource';
import * as invoice from './invoice/Invoice.resource';
import * as metroArea from './metroArea/MetroArea.resource';
import * as party from './party/Party.resource';
import * as partyRole from './partyRole/PartyRole.resource';
import * as port from './port/Port.resource';
import * as recordCustomField from './recordCustomField/RecordCustomField.resource';
import * as search from './search/Search.resource';
import * as shipment from './shipment/Shipment.resource';
import * as shippingLine from './shippingLine/ShippingLine.resource';
import * as terminal from './terminal/Terminal.resource';
import * as trackingRequest from './trackingRequest/TrackingRequest.resource';
import * as vessel from './vessel/Vessel.resource';
import * as webhook from './webhook/Webhook.resource';
import * as webhookNotification from './webhookNotification/WebhookNotification.resource';
import * as widget from './widget/Widget.resource';

/**
 * One operation: reads its parameters, makes its one call to the client and hands back the records (the
 * router makes what the node returns of them, as Output says: views/). `output` only for an operation whose
 * request depends on it (Shipment > Get: Split Containers means nothing for Raw).
 */
export type OperationExecute = (
	this: IExecuteFunctions,
	itemIndex: number,
	output: Output,
) => Promise<OperationResult>;

export interface ResourceModule {
	description: INodeProperties[];
	operations: Record<string, OperationExecute>;
	batchOperations?: Record<string, BatchExecute>;
}

/** Every resource of the node, by its `resource` parameter value. */
export const resources: Record<string, ResourceModule> = {
	account,
	container,
	customField,
	customFieldDefinition,
	customFieldOption,
	document,
	documentSchema,
	emailSubmission,
	invoice,
	metroArea,
	party,
	partyRole,
	port,
	recordCustomField,
	search,
	shipment,
	shippingLine,
	terminal,
	trackingRequest,
	vessel,
	webhook,
	webhookNotification,
	widget,
};

export const resourceOptions = [
	{ name: 'Account', value: 'account' },
	{ name: 'Container', value: 'container' },
	{ name: 'Custom Field', value: 'customField' },
	{ name: 'Custom Field Definition', value: 'customFieldDefinition' },
	{ name: 'Custom Field Option', value: 'customFieldOption' },
	{ name: 'Document', value: 'document' },
	{ name: 'Document Schema', value: 'documentSchema' },
	{ name: 'Email Submission', value: 'emailSubmission' },
	{ name: 'Invoice (D&D)', value: 'invoice' },
	{ name: 'Metro Area', value: 'metroArea' },
	{ name: 'Party', value: 'party' },
	{ name: 'Party Role', value: 'partyRole' },
	{ name: 'Port', value: 'port' },
	{ name: 'Record Custom Field', value: 'recordCustomField' },
	{ name: 'Search', value: 'search' },
	{ name: 'Shipment', value: 'shipment' },
	{ name: 'Shipping Line', value: 'shippingLine' },
	{ name: 'Terminal', value: 'terminal' },
	{ name: 'Tracking Request', value: 'trackingRequest' },
	{ name: 'Vessel', value: 'vessel' },
	{ name: 'Webhook', value: 'webhook' },
	{ name: 'Webhook Notification', value: 'webhookNotification' },
	{ name: 'Widget', value: 'widget' },
];
