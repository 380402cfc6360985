import type { IDataObject, INode } from 'n8n-workflow';

import type { InsightOptions } from '../domain/containerInsights';
import type { WatchedDeadline } from '../domain/deadlines';
import { DEFAULT_WATCHED_DEADLINE } from '../domain/deadlines';
import { isSet } from '../domain/values';
import { readTariffs } from './tariffs';
import { pick, readDays } from './valueReaders';

/** Deadline to Watch (an option of Container Get, Get Many and both triggers); the default when not set. */
export function readWatchedDeadline(node: INode, itemIndex: number, raw: unknown): WatchedDeadline {
	if (!isSet(raw)) return DEFAULT_WATCHED_DEADLINE;
	return pick(
		node,
		itemIndex,
		'Deadline to Watch',
		raw,
		['earliest', 'pickup_lfd'],
		'Pick "Earliest of Line, Terminal and Rail" or "Terminal49\'s Last Free Day (Pickup LFD)".',
	)[0] as WatchedDeadline;
}

/**
 * How urgency and costs are counted, from an Options collection (Deadline to Watch, Imminent Within (Days), the
 * D&D tariffs).
 */
export function readInsightOptions(
	node: INode,
	itemIndex: number,
	options: IDataObject,
): InsightOptions {
	return {
		watch: readWatchedDeadline(node, itemIndex, options.deadlineToWatch),
		tariffs: readTariffs(node, itemIndex, options),
		...(options.imminentDays === undefined
			? {}
			: {
					imminentDays: readDays(node, itemIndex, 'Imminent Within (Days)', options.imminentDays),
				}),
	};
}
