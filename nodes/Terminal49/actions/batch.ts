import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * What an operation over every input item at once returns: its items, each with the input items it answers
 * (the router pairs them and shapes them as Output says), and the input items that failed with their error
 * (each one alone: Continue On Fail keeps the others).
 */
export interface BatchResult {
	items: Array<{ json: IDataObject; items: number[] }>;
	failed: Map<number, unknown>;
}

/** An operation that takes every input item at once (Invoice > Check: the lines of an invoice are one invoice). */
export type BatchExecute = (this: IExecuteFunctions, itemIndexes: number[]) => Promise<BatchResult>;
