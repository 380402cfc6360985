import type { INodeProperties } from 'n8n-workflow';

import { DEFAULT_WATCHED_DEADLINE } from '../domain/deadlines';
import { DEFAULT_IMMINENT_DAYS } from '../domain/urgency';
import { PICKUP_STATES, PICKUP_STATE_WORDS } from '../domain/pickupState';
import { RISK_WORDS, RISKS } from '../domain/risks';

/**
 * The options that say how a container's urgency is counted, shared by Container Get, Container Get Many
 * and both triggers (their descriptions only; parameters/insights.ts reads them).
 */

/**
 * Deadline to Watch: the earliest of the three LFDs (default) or Terminal49's coalesced pickup_lfd, on the older
 * service; where Terminal49 selects the LFD (the newer service), both follow its selection (deadlines.ts).
 */
export const deadlineToWatchOption: INodeProperties = {
	displayName: 'Deadline to Watch',
	name: 'deadlineToWatch',
	type: 'options',
	default: DEFAULT_WATCHED_DEADLINE,
	description:
		"The last free day that urgency, lfd_band, Urgent Only, the Last Free Day filter, Sort By Last Free Day and the LFD risks follow, for an account whose Terminal49 does not select the last free day itself (older service). Where Terminal49 selects it (it sends import_deadlines.pod), both choices follow Terminal49's selection: the port's LFD it chose (the terminal's, the shipping line's, or one it calculated), or the inland rail LFD once the container left the port by rail.",
	hint: 'Changes nothing where Terminal49 selects the last free day itself (lfd_watched is then "selected")',
	options: [
		{
			name: 'Earliest of Line, Terminal and Rail (Recommended)',
			value: 'earliest',
			description:
				'On the older service, whichever last free day comes first (earliest_lfd), the one that starts costing money first; where Terminal49 selects the LFD, its selection',
		},
		{
			name: "Terminal49's Last Free Day (Pickup LFD)",
			value: 'pickup_lfd',
			description:
				"On the older service, Terminal49's coalesced last free day (the line's, else the terminal's, else the rail's: not the earliest); where Terminal49 selects the LFD, its selection",
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
