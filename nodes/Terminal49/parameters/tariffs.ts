import type { IDataObject, INode } from 'n8n-workflow';

import type { FreeTimeCount } from '../domain/freeTime';
import type { RateTier } from '../domain/tariffRates';
import type { ChargeClockKind, ClockStart, Tariff } from '../domain/tariffs';
import { CHARGE_CLOCKS } from '../domain/tariffs';
import { isObject } from '../domain/values';
import { invalidInput } from '../errors/validation';
import { readLocode, readScac } from './valueReaders';

/**
 * Reads the D&D tariff options (tariffFields.ts) into tariffs: those entered in the node, then the rows of a
 * sheet or Data Table (plain rows, or n8n items with `json`). Every value is checked before any request; an
 * error names the tariff, the field, the value and the fix.
 */

/** One tariff's raw values, by the node's field names. */
type RawTariff = Record<
	| 'reference'
	| 'clock'
	| 'shippingLine'
	| 'port'
	| 'freeDays'
	| 'freeTimeCount'
	| 'holidays'
	| 'startsAt'
	| 'rates'
	| 'currency',
	unknown
>;

/** A sheet row's columns, by the node's field names. */
const ROW_COLUMNS: Record<keyof RawTariff, string> = {
	reference: 'reference',
	clock: 'clock',
	shippingLine: 'shipping_line',
	port: 'port',
	freeDays: 'free_days',
	freeTimeCount: 'free_time_counts',
	holidays: 'holidays',
	startsAt: 'starts_at',
	rates: 'rates',
	currency: 'currency',
};

const FIELD_NAMES: Record<keyof RawTariff, string> = {
	reference: 'Reference',
	clock: 'Charges',
	shippingLine: 'Shipping Line (SCAC)',
	port: 'Port of Discharge (UN/LOCODE)',
	freeDays: 'Free Days',
	freeTimeCount: 'Free Time Counts',
	holidays: 'Holidays',
	startsAt: 'Clock Starts At',
	rates: 'Daily Rates',
	currency: 'Currency',
};

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());

/**
 * The tiers of a Daily Rates text: `1-4: 235, 5-9: 285, 10+: 335` (commas, semicolons or new lines between
 * tiers; `:` or `=` before the rate). Returns the reason it cannot be read, or the tiers.
 */
export function parseRates(text: string): RateTier[] | string {
	const parts = text
		.split(/[,;\n]/)
		.map((part) => part.trim())
		.filter(Boolean);
	if (!parts.length) return 'no rate given';
	const tiers: RateTier[] = [];
	for (const part of parts) {
		const match = /^(\d+)\s*(?:(-)\s*(\d+)|(\+))?\s*[:=]\s*(\d+(?:\.\d+)?)$/.exec(part);
		if (!match) return `"${part}" is not "from-to: rate" or "from+: rate"`;
		const fromDay = Number(match[1]);
		const toDay = match[4] ? null : match[3] !== undefined ? Number(match[3]) : fromDay;
		const previous = tiers[tiers.length - 1];
		const expected = previous ? (previous.toDay === null ? null : previous.toDay + 1) : 1;
		if (expected === null) return `"${part}" comes after a tier that covers every day on`;
		if (fromDay !== expected)
			return `"${part}" starts on day ${fromDay}; the tiers must start on day 1 and leave no gap (expected day ${expected})`;
		if (toDay !== null && toDay < fromDay) return `"${part}" ends before it starts`;
		tiers.push({ fromDay, toDay, rate: Number(match[5]) });
	}
	return tiers;
}

/** Reads one tariff; `where` names it in errors (`D&D Tariffs, tariff 2`). */
function readTariff(node: INode, itemIndex: number, raw: RawTariff, where: string): Tariff {
	const fail = (field: keyof RawTariff, value: unknown, problem: string, fix: string): never =>
		invalidInput(node, itemIndex, `${where} > ${FIELD_NAMES[field]}`, value, problem, fix);

	const reference = str(raw.reference);
	if (!reference)
		fail(
			'reference',
			raw.reference ?? '',
			'every tariff needs a name',
			'Name the tariff or contract and its rule, e.g. "Maersk US import D&D 2026, rule 4": every estimate made with it says so.',
		);
	const clock = (str(raw.clock) || 'demurrage').toLowerCase().replace(/[\s&-]+/g, '_');
	const clockKind = (
		clock === 'combined_d_d' || clock === 'd_d' ? 'combined' : clock
	) as ChargeClockKind;
	if (!CHARGE_CLOCKS.includes(clockKind))
		fail(
			'clock',
			raw.clock,
			'use demurrage, detention or combined',
			'Pick what the tariff charges.',
		);
	// the node's one reader of each (the same checks and fixes as the filters' Shipping Line and Port)
	const shippingLine = str(raw.shippingLine)
		? readScac(node, itemIndex, `${where} > ${FIELD_NAMES.shippingLine}`, raw.shippingLine)
		: null;
	const port = str(raw.port)
		? readLocode(node, itemIndex, `${where} > ${FIELD_NAMES.port}`, raw.port)
		: null;
	const freeDays = str(raw.freeDays) === '' ? 0 : Number(raw.freeDays);
	if (!Number.isInteger(freeDays) || freeDays < 0 || freeDays > 365)
		fail(
			'freeDays',
			raw.freeDays,
			'use a whole number of days, 0 or more',
			'Set the free days of the tariff, e.g. 4.',
		);
	const count = (str(raw.freeTimeCount) || 'calendar').toLowerCase();
	const freeTimeCount: FreeTimeCount = count.startsWith('working')
		? 'working'
		: count.startsWith('calendar')
			? 'calendar'
			: fail(
					'freeTimeCount',
					raw.freeTimeCount,
					'use calendar or working',
					'Pick how free time counts: calendar days, or working days (Monday to Friday).',
				);
	const holidays = str(raw.holidays)
		.split(/[,;\s]+/)
		.filter(Boolean);
	for (const day of holidays)
		if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))
			fail(
				'holidays',
				day,
				'a holiday is a date YYYY-MM-DD',
				'List the holidays as dates, e.g. 2026-12-25, 2027-01-01.',
			);
	const start = (str(raw.startsAt) || (clockKind === 'detention' ? 'full_out' : 'discharge'))
		.toLowerCase()
		.replace(/[\s-]+/g, '_');
	const startsAt: ClockStart =
		clockKind === 'detention'
			? 'full_out'
			: start === 'discharge' || start === 'availability'
				? start
				: fail(
						'startsAt',
						raw.startsAt,
						'use discharge or availability',
						'Pick when free time starts.',
					);
	const tiers = parseRates(str(raw.rates));
	if (typeof tiers === 'string')
		fail(
			'rates',
			raw.rates ?? '',
			tiers,
			'Write the daily rates in tiers by the day charged, e.g. "1-4: 235, 5-9: 285, 10+: 335".',
		);
	const currency = (str(raw.currency) || 'USD').toUpperCase();
	if (!/^[A-Z]{3}$/.test(currency))
		fail(
			'currency',
			raw.currency,
			'a currency is a 3-letter code',
			'Give the currency of the rates, e.g. USD.',
		);
	return {
		clock: clockKind,
		shippingLine,
		port,
		freeDays,
		freeTimeCount,
		holidays,
		startsAt,
		tiers: tiers as RateTier[],
		currency,
		reference,
	};
}

/** The rows of D&D Tariff Rows: a JSON text, a list of rows, or n8n items (their `json`). */
function rowsOf(node: INode, itemIndex: number, raw: unknown): IDataObject[] {
	let value = raw;
	if (typeof value === 'string') {
		if (!value.trim()) return [];
		try {
			value = JSON.parse(value);
		} catch {
			invalidInput(
				node,
				itemIndex,
				'D&D Tariff Rows',
				value,
				'this is not a list of rows',
				'Give the rows of your tariff sheet, e.g. {{ $("Read Tariffs").all() }}, or a JSON list.',
			);
		}
	}
	if (isObject(value)) value = [value];
	if (!Array.isArray(value))
		return invalidInput(
			node,
			itemIndex,
			'D&D Tariff Rows',
			value,
			'this is not a list of rows',
			'Give the rows of your tariff sheet, e.g. {{ $("Read Tariffs").all() }}.',
		);
	return value.filter(isObject).map((row) => (isObject(row.json) ? row.json : row));
}

/** The tariffs of an Options collection: D&D Tariffs, then D&D Tariff Rows. */
export function readTariffs(node: INode, itemIndex: number, options: IDataObject): Tariff[] {
	const entered = isObject(options.tariffs) ? options.tariffs.tariff : undefined;
	const tariffs = (Array.isArray(entered) ? entered : [])
		.filter(isObject)
		.map((raw, index) =>
			readTariff(node, itemIndex, raw as RawTariff, `D&D Tariffs, tariff ${index + 1}`),
		);
	const rows = options.tariffRows === undefined ? [] : rowsOf(node, itemIndex, options.tariffRows);
	rows.forEach((row, index) => {
		// a sheet's column named otherwise must not turn into "0 free days" or "any line"
		for (const column of ['reference', 'clock', 'free_days', 'rates'])
			if (!(column in row))
				invalidInput(
					node,
					itemIndex,
					`D&D Tariff Rows, row ${index + 1}`,
					Object.keys(row).join(', '),
					`it has no column "${column}"`,
					`Name the columns of your tariff sheet ${Object.values(ROW_COLUMNS).join(', ')} (shipping_line and port empty for any).`,
				);
		const raw = Object.fromEntries(
			Object.entries(ROW_COLUMNS).map(([field, column]) => [field, row[column]]),
		) as RawTariff;
		tariffs.push(readTariff(node, itemIndex, raw, `D&D Tariff Rows, row ${index + 1}`));
	});
	return tariffs;
}
