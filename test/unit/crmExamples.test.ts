/**
 * The CRM examples (issue 49) without n8n: one record per container kept current with the board's row (Salesforce:
 * the custom object Container__c upserted on its external ID Container_Number__c; HubSpot: the deal found by its
 * property container_number, updated, created when missing), every row column mapped to a field of its own, the
 * milestones as a timeline on the record, both sources (the morning's Get Many and the trigger's Container Rows)
 * through the same steps, each CRM step deactivated until its credential is set. Checked by n8n 2.41.1's own node
 * descriptions in test/e2e/crm-examples.e2e.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROW_COLUMNS } from '../helpers/rowColumns';

interface ExampleNode {
	name: string;
	type: string;
	typeVersion: number;
	disabled?: boolean;
	alwaysOutputData?: boolean;
	parameters: Record<string, any>;
	credentials?: unknown;
	webhookId?: string;
}
interface Example {
	nodes: ExampleNode[];
	connections: Record<string, { main: Array<Array<{ node: string }>> }>;
}

const read = (file: string): Example =>
	JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')) as Example;
const salesforce = read('crm-salesforce.json');
const hubspot = read('crm-hubspot.json');
const board = read('containers-kept-current.json');
const milestones = read('milestones-to-table.json');

const node = (wf: Example, name: string) => {
	const found = wf.nodes.find((n) => n.name === name);
	if (!found) throw new Error(`no node ${name}`);
	return found;
};
/** The nodes an output of a node leads to. */
const next = (wf: Example, name: string, output = 0) =>
	(wf.connections[name]?.main[output] ?? []).map((link) => link.node);
const notes = (wf: Example) =>
	wf.nodes
		.filter((n) => n.type === 'n8n-nodes-base.stickyNote')
		.map((n) => String(n.parameters.content))
		.join('\n');

/** The fields a Salesforce step writes: API name -> value. */
const fieldsOf = (step: ExampleNode): Record<string, string> =>
	Object.fromEntries(
		(
			step.parameters.customFieldsUi.customFieldsValues as Array<{ fieldId: string; value: string }>
		).map((field) => [field.fieldId, field.value]),
	);

/** A Salesforce step's Custom Object > Create or Update: the object, its external ID field and the value matched. */
const expectUpsert = (step: ExampleNode, customObject: string, externalId: string, value: string) =>
	expect(step.parameters).toMatchObject({
		resource: 'customObject',
		operation: 'upsert',
		customObject,
		externalId,
		externalIdValue: value,
	});

/** Salesforce's API name of a row column's field on Container__c. */
const SALESFORCE_FIELDS: Record<string, string> = {
	container_number: 'Container_Number__c',
	status: 'Status__c',
	location: 'Location__c',
	pickup: 'Pickup__c',
	holds: 'Holds__c',
	last_free_day: 'Last_Free_Day__c',
	last_free_day_source: 'Last_Free_Day_Source__c',
	days_left: 'Days_Left__c',
	urgency: 'Urgency__c',
	fees: 'Fees__c',
	return_by: 'Return_By__c',
	costs: 'Costs__c',
	risks: 'Risks__c',
	eta: 'ETA__c',
	bill_of_lading: 'Bill_Of_Lading__c',
	carrier: 'Carrier__c',
	id: 'Terminal49_ID__c',
	as_of: 'As_Of__c',
};

describe.each([
	['crm-salesforce.json', salesforce, 'n8n-nodes-base.salesforce'],
	['crm-hubspot.json', hubspot, 'n8n-nodes-base.hubspot'],
] as const)('%s', (_file, wf, crmType) => {
	test("the rows come from the board's two sources, the trigger subscribed to every event that changes a row", () => {
		const trigger = node(wf, 'Terminal49 Trigger');
		const boardTrigger = node(board, 'Terminal49 Trigger');
		expect(trigger.typeVersion).toBe(2);
		expect(trigger.parameters.options).toEqual({ output: 'rows' });
		expect(trigger.parameters.events).toEqual(boardTrigger.parameters.events);
		expect(trigger.parameters.events).toContain('tracking_request.tracking_stopped');
		expect(node(wf, 'Get Every Container').parameters).toEqual(
			node(board, 'Get Every Container').parameters,
		);
		expect(next(wf, 'Every Morning')).toEqual(['Get Every Container']);
		// both write through the same first step
		expect(next(wf, 'Get Every Container')).toEqual(next(wf, 'Terminal49 Trigger'));
	});

	test("the milestones come from a trigger of their own, Output Simplified, on the milestone example's events", () => {
		const trigger = node(wf, 'Terminal49 Milestones');
		expect(trigger.typeVersion).toBe(2);
		expect(trigger.parameters.options).toEqual({});
		expect(trigger.parameters.events).toEqual(
			node(milestones, 'Terminal49 Trigger').parameters.events,
		);
		expect(trigger.webhookId).not.toBe(node(wf, 'Terminal49 Trigger').webhookId);
	});

	test('every CRM step is deactivated until its credential is set, and a note names each', () => {
		const steps = wf.nodes.filter((n) => n.type === crmType);
		expect(steps.length).toBeGreaterThanOrEqual(3);
		for (const step of steps) {
			expect([step.name, step.disabled]).toEqual([step.name, true]);
			expect(step.credentials).toBeUndefined();
			expect(notes(wf)).toContain(`**${step.name}**`);
		}
		expect(notes(wf)).toMatch(/are deactivated until you set them up/);
		expect(notes(wf)).toMatch(/\*\*Activate\*\*/);
	});
});

describe('Salesforce: the custom object Container__c upserted on the container number', () => {
	const upsert = node(salesforce, 'Upsert the Container Record');
	const fields = fieldsOf(upsert);

	test('the external ID field holds the container number: one record per container', () => {
		expectUpsert(upsert, 'Container__c', 'Container_Number__c', '={{ $json.container_number }}');
		expect(next(salesforce, 'Get Every Container')).toEqual(['Upsert the Container Record']);
	});

	test('every other row column a field of its own, and the record named by the container number', () => {
		expect(fields).toEqual({
			Name: '={{ $json.container_number }}',
			...Object.fromEntries(
				ROW_COLUMNS.filter((c) => c !== 'container_number').map((c) => [
					SALESFORCE_FIELDS[c],
					`={{ $json.${c} }}`,
				]),
			),
		});
		// the note that says how to create them names each field
		for (const field of Object.values(SALESFORCE_FIELDS))
			expect(notes(salesforce)).toContain(field);
	});

	test('a milestone: the container record found or created on the same key, then a Container Milestone upserted on its notification id, linked to it', () => {
		const ensure = node(salesforce, 'Find or Create the Container Record');
		expectUpsert(ensure, 'Container__c', 'Container_Number__c', '={{ $json.container_number }}');
		expect(next(salesforce, 'Terminal49 Milestones')).toEqual([ensure.name]);
		expect(next(salesforce, ensure.name)).toEqual(['Add the Milestone']);
		const add = node(salesforce, 'Add the Milestone');
		expectUpsert(
			add,
			'Container_Milestone__c',
			'Notification_ID__c',
			"={{ $('Terminal49 Milestones').item.json.notification_id }}",
		);
		const milestone = fieldsOf(add);
		// the lookup: the Salesforce Id the container's upsert answered
		expect(milestone.Container__c).toBe('={{ $json.id }}');
		expect(milestone.Milestone__c).toBe("={{ $('Terminal49 Milestones').item.json.milestone }}");
		for (const field of Object.keys(milestone))
			if (field !== 'Name') expect(notes(salesforce)).toContain(field);
	});
});

describe('HubSpot: the deal found by container_number, updated, created when missing', () => {
	const LOOP = 'One Container at a Time';
	/** The deal property of a row column. */
	const property = (column: string) => (column === 'id' ? 'terminal49_id' : column);
	const mapped = (step: ExampleNode, collection: 'updateFields' | 'additionalFields') =>
		Object.fromEntries(
			(
				step.parameters[collection].customPropertiesUi.customPropertiesValues as Array<{
					property: string;
					value: string;
				}>
			).map((p) => [p.property, p.value]),
		);
	const expected = Object.fromEntries(
		ROW_COLUMNS.map((c) => [property(c), `={{ $('${LOOP}').item.json.${c} }}`]),
	);

	test('one container at a time: its deal searched by container_number (an empty answer still goes on)', () => {
		expect(next(hubspot, 'Get Every Container')).toEqual([LOOP]);
		expect(next(hubspot, LOOP, 1)).toEqual(['Find the Deal']);
		const find = node(hubspot, 'Find the Deal');
		expect(find.alwaysOutputData).toBe(true);
		expect(find.parameters).toMatchObject({ resource: 'deal', operation: 'search', limit: 1 });
		expect(find.parameters.filterGroupsUi.filterGroupsValues).toEqual([
			{
				filtersUi: {
					filterValues: [
						{ propertyName: 'container_number|string', value: '={{ $json.container_number }}' },
					],
				},
			},
		]);
	});

	test('found: that deal updated; not found: one created; both back to the next container', () => {
		expect(next(hubspot, 'Find the Deal')).toEqual(['Deal Found?']);
		const found = node(hubspot, 'Deal Found?');
		expect(found.parameters.conditions.conditions).toMatchObject([
			{ leftValue: '={{ $json.id }}', operator: { operation: 'exists' } },
		]);
		expect(next(hubspot, 'Deal Found?', 0)).toEqual(['Update the Deal']);
		expect(next(hubspot, 'Deal Found?', 1)).toEqual(['Create the Deal']);
		expect(node(hubspot, 'Update the Deal').parameters.dealId).toEqual({
			__rl: true,
			mode: 'id',
			value: '={{ $json.id }}',
		});
		expect(next(hubspot, 'Update the Deal')).toEqual([LOOP]);
		expect(next(hubspot, 'Create the Deal')).toEqual([LOOP]);
	});

	test('every row column a deal property of its own, the same on update and create, each named in the note', () => {
		expect(mapped(node(hubspot, 'Update the Deal'), 'updateFields')).toEqual(expected);
		expect(mapped(node(hubspot, 'Create the Deal'), 'additionalFields')).toEqual(expected);
		for (const name of Object.keys(expected)) expect(notes(hubspot)).toContain(`\`${name}\``);
	});

	test("a milestone: logged on the container's deal as a completed task, at the time of its notification", () => {
		expect(next(hubspot, 'Terminal49 Milestones')).toEqual(['Find the Deal of the Milestone']);
		const find = node(hubspot, 'Find the Deal of the Milestone');
		expect(find.parameters.filterGroupsUi).toEqual(
			node(hubspot, 'Find the Deal').parameters.filterGroupsUi,
		);
		expect(next(hubspot, find.name)).toEqual(['Deal of the Milestone Found?']);
		expect(next(hubspot, 'Deal of the Milestone Found?', 0)).toEqual(['Log the Milestone']);
		expect(next(hubspot, 'Deal of the Milestone Found?', 1)).toEqual([]);
		expect(node(hubspot, 'Log the Milestone').parameters).toMatchObject({
			resource: 'engagement',
			type: 'task',
			dueDate: "={{ $('Terminal49 Milestones').item.json.happened_at }}",
			metadata: {
				subject: "={{ $('Terminal49 Milestones').item.json.milestone }}",
				status: 'COMPLETED',
			},
			additionalFields: { associations: { dealIds: '={{ $json.id }}' } },
		});
	});
});
