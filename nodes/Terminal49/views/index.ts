import type { IDataObject } from 'n8n-workflow';

import { Records } from '../client/records';
import { agentViewOf, boundedForAgent } from './agent';
import { summaryOf } from './people';
import { containerRows, triggerSummary } from './people/trigger';
import { selectedFields } from './selected';
import type { TriggerItem } from './triggerItem';

/**
 * What a node returns, decided in one place from the Output the node's parameters chose (parameters/output.ts
 * reads it, once per item):
 * - **Simplified**: the people-first view (views/people/): about a dozen flat fields in words;
 * - **All Fields**: the records' flat items as the client made them (every attribute, related records nested,
 *   the derived fields);
 * - **Selected Fields**: only the fields named, from All Fields (views/selected.ts);
 * - **Raw**: the records as Terminal49 sent them (client/records.ts).
 * An AI agent's tool reads the chosen output in short, bounded (views/agent.ts). The triggers offer the same
 * choices but Selected Fields, of their trigger item (views/triggerItem.ts).
 */
export type OutputKind = 'simplified' | 'all' | 'selected' | 'raw';

export interface Output {
	kind: OutputKind;
	/** Selected Fields: the fields named (a dot reaches into a related record). */
	fields: string[];
	/**
	 * Whether an AI agent reads the short form of what the people-first view leaves as it is (a transport event
	 * in a line, a map as its route): unless the node's Output chose All Fields, Selected Fields or Raw.
	 */
	shortForAgent: boolean;
}

/** What an operation hands the router: the client's records, or items it made itself (no document behind). */
export type OperationResult = Records | IDataObject[];

/** How the items of an AI agent's tool are bounded: whether the list holds every record there is. */
export interface ForAgent {
	complete(items: IDataObject[]): boolean;
}

/** The items of one operation as Output says; `agent`: as an AI agent's tool reads them. */
export function actionOutput(
	result: OperationResult,
	output: Output,
	agent?: ForAgent,
): IDataObject[] {
	const records = result instanceof Records ? result : Records.made(result);
	const items = shaped(records, output, agent !== undefined);
	if (!agent) return items;
	return boundedForAgent(
		output.shortForAgent ? items.map(agentViewOf) : items,
		agent.complete(items),
	);
}

function shaped(records: Records, output: Output, forAgent: boolean): IDataObject[] {
	switch (output.kind) {
		case 'raw':
			return records.sent();
		case 'simplified':
			return records.items.map((item) => summaryOf(item, { forAgent }));
		case 'selected':
			return records.items.map((item) => selectedFields(item, output.fields));
		default:
			return records.items;
	}
}

/**
 * A trigger's Output: Simplified, All Fields, Raw (the webhook trigger's alone), or Container Rows (one item per
 * container the event is about, exactly Container > Get Many's Simplified item: a sheet or table kept current).
 */
export type TriggerOutputKind = 'simplified' | 'all' | 'raw' | 'rows';

/**
 * What a trigger emits for one event, as its Output says: the people-first view of the trigger item
 * (views/people/trigger.ts), the item itself (All Fields), the delivery as Terminal49 sent it (Raw: `sent`), or
 * the row of each of its containers (Container Rows; none for an event about no container). The item is built
 * only when it is needed.
 */
export async function triggerOutput(
	kind: TriggerOutputKind,
	item: () => TriggerItem | Promise<TriggerItem>,
	sent?: IDataObject,
): Promise<IDataObject[]> {
	if (kind === 'raw' && sent) return [sent];
	const built = await item();
	if (kind === 'rows') return containerRows(built);
	return [kind === 'simplified' ? triggerSummary(built) : built];
}
