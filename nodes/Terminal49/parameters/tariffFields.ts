import type { INodeProperties } from 'n8n-workflow';

/**
 * The D&D tariff options (Container Get, Get Many and both triggers; parameters/tariffs.ts reads them): the
 * user's own demurrage and detention tariffs, entered once per node, or read from a sheet or Data Table with an
 * expression. Terminal49 has no rates: every estimated cost comes from here and names the tariff it used.
 */

/** The fields of one tariff, in the order a coordinator reads a carrier's D&D notice. */
const tariffFields: INodeProperties[] = [
	{
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Maersk US import D&D tariff 2026, rule 4',
		description:
			'Your name for this tariff: the tariff or contract and its rule. Every estimate made with it names it.',
	},
	{
		displayName: 'Charges',
		name: 'clock',
		type: 'options',
		default: 'demurrage',
		options: [
			{
				name: 'Demurrage',
				value: 'demurrage',
				description: 'At the terminal, from discharge until the container leaves full',
			},
			{
				name: 'Detention (Per Diem)',
				value: 'detention',
				description: 'Out of the terminal, from full out until the empty is returned',
			},
			{
				name: 'Combined D&D',
				value: 'combined',
				description: 'One clock from discharge until the empty is returned',
			},
		],
	},
	{
		displayName: 'Shipping Line (SCAC)',
		name: 'shippingLine',
		type: 'string',
		default: '',
		placeholder: 'e.g. MAEU',
		description:
			"The shipping line it applies to, by its 4-letter SCAC. Empty: any line (a default where no line's own tariff applies).",
	},
	{
		displayName: 'Port of Discharge (UN/LOCODE)',
		name: 'port',
		type: 'string',
		default: '',
		placeholder: 'e.g. USLAX',
		description: 'The port of discharge it applies to. Empty: any port.',
	},
	{
		displayName: 'Free Days',
		name: 'freeDays',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 4,
		description:
			"Days free of charge. For demurrage, Terminal49's last free day is used where it reports one; these count only where it does not.",
	},
	{
		displayName: 'Free Time Counts',
		name: 'freeTimeCount',
		type: 'options',
		default: 'calendar',
		options: [
			{ name: 'Calendar Days', value: 'calendar' },
			{
				name: 'Working Days (Monday to Friday, Holidays Out)',
				value: 'working',
				description: 'As Maersk and Hapag-Lloyd count free time; charged days are calendar days',
			},
		],
	},
	{
		displayName: 'Holidays',
		name: 'holidays',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-12-25, 2027-01-01',
		description:
			'Days that are not working days (YYYY-MM-DD, comma-separated), for working-day free time',
	},
	{
		displayName: 'Clock Starts At',
		name: 'startsAt',
		type: 'options',
		default: 'discharge',
		description:
			'When free time starts, for demurrage and combined D&D (detention always starts at full out)',
		options: [
			{ name: 'Discharge', value: 'discharge' },
			{
				name: 'Availability',
				value: 'availability',
				description:
					'Terminal49 reports no availability date: its last free day ends free time, and there is no estimate without one',
			},
		],
	},
	{
		displayName: 'Daily Rates',
		name: 'rates',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 1-4: 235, 5-9: 285, 10+: 335',
		description:
			'The rate per day charged, in tiers by the day charged (day 1 is the first day after free time): "from-to: rate", the last "from+: rate" for every day on',
	},
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		default: 'USD',
		description: 'The currency of the rates (e.g. USD, CAD, EUR)',
	},
];

/** D&D Tariffs: one or more tariffs entered in the node. */
export const tariffsOption: INodeProperties = {
	displayName: 'D&D Tariffs',
	name: 'tariffs',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	default: {},
	placeholder: 'Add Tariff',
	description:
		"Your demurrage and detention tariffs, to estimate what each container costs and when its empty must be back (return_by). Terminal49 has no rates: without a tariff, costs are only the terminal's posted fees. For each container the most specific tariff applies: line and port, then line, then port, then one for any line.",
	options: [{ displayName: 'Tariff', name: 'tariff', values: tariffFields }],
};

/** D&D Tariff Rows: the same tariffs as rows of a sheet or Data Table, by an expression. */
export const tariffRowsOption: INodeProperties = {
	displayName: 'D&D Tariff Rows',
	name: 'tariffRows',
	type: 'json',
	default: '[]',
	description:
		'Tariffs kept in a sheet or Data Table, e.g. {{ $("Read Tariffs").all() }}: one row per tariff with the columns reference, clock (demurrage, detention or combined), shipping_line, port, free_days, free_time_counts (calendar or working), holidays, starts_at (discharge or availability), rates ("1-4: 235, 5-9: 285, 10+: 335") and currency. Added to D&D Tariffs.',
};

/** Both tariff options, for an Options collection. */
export const tariffOptions: INodeProperties[] = [tariffRowsOption, tariffsOption];
