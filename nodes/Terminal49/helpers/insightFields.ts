import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_IMMINENT_DAYS, DEFAULT_WATCHED_DEADLINE } from './deadlines';
import { PICKUP_STATES, PICKUP_STATE_WORDS } from './pickupState';
import { RISK_WORDS, RISKS } from './risks';

/**
 * The options that say how a container's urgency is counted, shared by Container Get, Container Get Many
 * and both triggers (their descriptions only; parameters/insights.ts reads them).
 */

/** Deadline to Watch: the earliest of the three LFDs (default) or Terminal49's coalesced pickup_lfd. */
export const deadlineToWatchOption: INodeProperties = {
	displayName: 'Deadline to Watch',
	name: 'deadlineToWatch',
	type: 'options',
	default: DEFAULT_WATCHED_DEADLINE,
	description:
		"The last free day that urgency, lfd_band, Urgent Only, the Last Free Day filter, Sort By Last Free Day and the LFD risks follow. Terminal49's pickup_lfd takes the shipping line's LFD first, then the terminal's, then the rail's: not the earliest, so a terminal LFD tomorrow can hide behind a line LFD next week.",
	options: [
		{
			name: 'Earliest of Line, Terminal and Rail (Recommended)',
			value: 'earliest',
			description:
				'Whichever last free day comes first (earliest_lfd): the one that starts costing money first',
		},
		{
			name: "Terminal49's Last Free Day (Pickup LFD)",
			value: 'pickup_lfd',
			description:
				"Terminal49's coalesced last free day: the line's, else the terminal's, else the rail's",
		},
	],
};

/** Imminent Within (Days): how many days ahead an LFD counts as imminent. */
export const imminentDaysOption: INodeProperties = {
	displayName: 'Imminent Within (Days)',
	name: 'imminentDays',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_IMMINENT_DAYS,
	description:
		'How many days ahead a last free day counts as imminent (lfd_band "imminent", urgent), today not included',
};

/** The pickup states as options (Container Get Many's Pickup State filter), by name. */
export const PICKUP_STATE_OPTIONS = PICKUP_STATES.map((value) => ({
	name: {
		ready: 'Ready',
		blocked: 'Blocked (Active Holds)',
		not_released: 'Not Released',
		out_of_sync: 'Out of Sync (Available With Holds)',
		unknown: 'Unknown',
	}[value],
	value,
	description: PICKUP_STATE_WORDS[value],
})).sort((a, b) => a.name.localeCompare(b.name));

/** The risks as options (Has Any of These Risks), by name. */
export const RISK_OPTIONS = RISKS.map((value) => ({ name: RISK_WORDS[value], value })).sort(
	(a, b) => a.name.localeCompare(b.name),
);
