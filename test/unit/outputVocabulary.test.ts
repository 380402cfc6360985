/**
 * One Output vocabulary across the three nodes (issue 30): the action node's Output, both triggers' Options >
 * Output and version 1's Simplify are read into the same kinds (views/index.ts OutputKind), and the values
 * saved in workflows keep their meaning: version 1 of the action node saved Simplify (on: All Fields, off:
 * Raw); version 1 of the triggers saved `simplified` for the full item of those versions (All Fields now).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { Terminal49 } from '../../nodes/Terminal49/Terminal49.node';
import { Terminal49PollingTrigger } from '../../nodes/Terminal49/Terminal49PollingTrigger.node';
import { Terminal49Trigger } from '../../nodes/Terminal49/Terminal49Trigger.node';
import { readOutput } from '../../nodes/Terminal49/parameters';
import { readTriggerOutput } from '../../nodes/Terminal49/parameters/triggerOptions';
import type { OutputKind, TriggerOutputKind } from '../../nodes/Terminal49/views';

const KINDS: OutputKind[] = ['simplified', 'all', 'selected', 'raw'];
/** What only the triggers offer (issue 42): one Get Many Simplified item per container of an event. */
const TRIGGER_KINDS: TriggerOutputKind[] = ['simplified', 'all', 'raw', 'rows'];

/** The parameters of one input item, as n8n hands them to the node (absent: the fallback). */
function context(typeVersion: number, parameters: IDataObject): IExecuteFunctions {
	return {
		getNode: () => ({ typeVersion }),
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			name in parameters ? parameters[name] : fallback,
	} as unknown as IExecuteFunctions;
}

const read = (typeVersion: number, parameters: IDataObject) =>
	readOutput.call(context(typeVersion, parameters), 0);

/** The values an Output option offers in a node's description (the trigger's sits in Options). */
function outputValues(properties: INodeProperties[]): string[] {
	const values = new Set<string>();
	const visit = (list: INodeProperties[]) => {
		for (const property of list) {
			if (property.name === 'output' && property.type === 'options') {
				for (const option of property.options ?? []) {
					if ('value' in option) values.add(String(option.value));
				}
			}
			if (property.type === 'collection') visit((property.options ?? []) as INodeProperties[]);
		}
	};
	visit(properties);
	return [...values].sort();
}

describe('the action node', () => {
	test('version 1: Simplify on (or not saved) is All Fields, off is Raw; an agent reads the short form', () => {
		expect(read(1, {})).toEqual({ kind: 'all', fields: [], shortForAgent: true });
		expect(read(1, { simplify: true })).toEqual({ kind: 'all', fields: [], shortForAgent: true });
		expect(read(1, { simplify: false })).toEqual({ kind: 'raw', fields: [], shortForAgent: true });
		// an Output saved beside Simplify (a copied node) changes nothing in version 1
		expect(read(1, { simplify: true, output: 'raw' }).kind).toBe('all');
	});

	test.each([2, 3])('version %i: every saved Output value is its own kind', (typeVersion) => {
		for (const kind of KINDS) {
			expect(read(typeVersion, { output: kind, fields: 'number, shipment.id' })).toEqual({
				kind,
				fields: kind === 'selected' ? ['number', 'shipment.id'] : [],
				shortForAgent: kind === 'simplified',
			});
		}
		// an operation without Output: All Fields, read in short by an agent
		expect(read(typeVersion, {})).toEqual({ kind: 'all', fields: [], shortForAgent: true });
		// Simplify of version 1 left in the parameters means nothing from version 2 on
		expect(read(typeVersion, { simplify: false, output: 'simplified' }).kind).toBe('simplified');
	});
});

describe('both triggers', () => {
	test('version 1: a saved Simplified (or nothing) is All Fields, the item of those versions; Raw stays Raw', () => {
		expect(readTriggerOutput({}, 1)).toBe('all');
		expect(readTriggerOutput({ output: 'simplified' }, 1)).toBe('all');
		expect(readTriggerOutput({ output: 'all' }, 1)).toBe('all');
		expect(readTriggerOutput({ output: 'raw' }, 1)).toBe('raw');
	});

	test('version 2: the values saved are the kinds of the action node', () => {
		expect(readTriggerOutput({}, 2)).toBe('simplified');
		expect(readTriggerOutput({ output: 'simplified' }, 2)).toBe('simplified');
		expect(readTriggerOutput({ output: 'all' }, 2)).toBe('all');
		expect(readTriggerOutput({ output: 'raw' }, 2)).toBe('raw');
	});
});

test('the three nodes offer values of the one vocabulary, under the same names', () => {
	const action = outputValues(new Terminal49().description.properties);
	const webhook = outputValues(new Terminal49Trigger().description.properties);
	const polling = outputValues(new Terminal49PollingTrigger().description.properties);
	expect(action).toEqual([...KINDS].sort());
	expect(webhook).toEqual(['all', 'raw', 'rows', 'simplified']);
	expect(polling).toEqual(['all', 'rows', 'simplified']);
	expect(action.every((value) => (KINDS as string[]).includes(value))).toBe(true);
	for (const values of [webhook, polling]) {
		expect(values.every((value) => (TRIGGER_KINDS as string[]).includes(value))).toBe(true);
	}
});
