/**
 * n8n's deduplication store (the `processed_data` table behind `this.helpers.checkProcessedAndRecord`) for
 * tests that run nodes with n8n-core alone. n8n's own implementation (n8n/dist/deduplication/
 * deduplication-helper.js) needs n8n's database; this one keeps its rows in memory with the same semantics
 * for mode 'entries': one row per workflow and context (`n:<node id>` for scope node), md5 (base64) of each
 * item, the newest `maxEntries` kept, and a read then a write with a pause between them, as the real store
 * does in two queries (so overlapping calls can overwrite each other there too). The real one is exercised in
 * real n8n by the e2e tests.
 */
import { createHash } from 'node:crypto';

import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationItemTypes,
	DeduplicationScope,
	ICheckProcessedContextData,
	ICheckProcessedOptions,
	IDataDeduplicator,
	IDeduplicationOutput,
} from 'n8n-workflow';

const hash = (value: DeduplicationItemTypes) =>
	createHash('md5').update(value.toString()).digest('base64');
const pause = () => new Promise((resolve) => setImmediate(resolve));

export class MemoryProcessedData implements IDataDeduplicator {
	rows = new Map<string, string[]>();
	/** Calls of checkProcessedAndRecord (each is one read and one write in n8n). */
	calls = 0;

	private key(scope: DeduplicationScope, context: ICheckProcessedContextData) {
		return `${context.workflow.id}|${scope === 'node' ? `n:${context.node?.id}` : ''}`;
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries') throw new Error('only mode "entries" is modelled here');
		this.calls++;
		const key = this.key(scope, context);
		const stored = this.rows.get(key);
		const read = stored ? [...stored] : undefined;
		await pause();
		const hashed = items.map(hash);
		const result: IDeduplicationOutput = { new: [], processed: [] };
		if (!read) {
			result.new = [...items];
			this.rows.set(key, options.maxEntries ? hashed.slice(-options.maxEntries) : hashed);
			return result;
		}
		const known = new Set(read);
		hashed.forEach((h, i) => {
			if (known.has(h)) result.processed.push(items[i]);
			else {
				result.new.push(items[i]);
				read.push(h);
			}
		});
		this.rows.set(key, options.maxEntries ? read.slice(-options.maxEntries) : read);
		return result;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	) {
		const key = this.key(scope, context);
		const drop = new Set(items.map(hash));
		this.rows.set(
			key,
			(this.rows.get(key) ?? []).filter((h) => !drop.has(h)),
		);
	}

	async clearAllProcessedItems(scope: DeduplicationScope, context: ICheckProcessedContextData) {
		this.rows.delete(this.key(scope, context));
	}

	async getProcessedDataCount(scope: DeduplicationScope, context: ICheckProcessedContextData) {
		return (this.rows.get(this.key(scope, context)) ?? []).length;
	}
}

let store: MemoryProcessedData | undefined;

/** The store n8n-core's DataDeduplicationService uses in this test process (installed once). */
export function processedData(): MemoryProcessedData {
	if (!store) {
		store = new MemoryProcessedData();
		void DataDeduplicationService.init(store);
	}
	return store;
}
