/**
 * The D&D tariffs a user enters (issue 41): read from the node's collection or from sheet rows, checked before
 * any request with errors that name the tariff, the field, the value and the fix; and which tariff applies.
 */
import type { INode } from 'n8n-workflow';

import { parseRates, readTariffs } from '../../nodes/Terminal49/parameters/tariffs';
import { matchTariffs } from '../../nodes/Terminal49/domain/tariffs';

const node = { name: 'Terminal49' } as INode;

const maersk = {
	reference: 'Maersk US import dry D&D',
	clock: 'demurrage',
	shippingLine: 'maeu',
	freeDays: 4,
	freeTimeCount: 'working',
	holidays: '2026-12-25, 2027-01-01',
	startsAt: 'discharge',
	rates: '1-4: 235, 5-9: 285, 10+: 335',
	currency: 'usd',
};

test('daily rates in tiers', () => {
	expect(parseRates('1-4: 235, 5-9: 285, 10+: 335')).toEqual([
		{ fromDay: 1, toDay: 4, rate: 235 },
		{ fromDay: 5, toDay: 9, rate: 285 },
		{ fromDay: 10, toDay: null, rate: 335 },
	]);
	expect(parseRates('1: 50; 2=75.5')).toEqual([
		{ fromDay: 1, toDay: 1, rate: 50 },
		{ fromDay: 2, toDay: 2, rate: 75.5 },
	]);
	expect(parseRates('2-4: 235')).toMatch(/must start on day 1/);
	expect(parseRates('1-4: 235, 6+: 300')).toMatch(/leave no gap \(expected day 5\)/);
	expect(parseRates('1+: 235, 5-9: 285')).toMatch(/after a tier that covers every day on/);
	expect(parseRates('235 a day')).toMatch(/is not "from-to: rate"/);
});

test('the collection and sheet rows give the same tariff', () => {
	const [entered, fromRow, fromItem] = readTariffs(node, 0, {
		tariffs: { tariff: [maersk] },
		tariffRows: JSON.stringify([
			{
				reference: 'Maersk US import dry D&D',
				clock: 'Demurrage',
				shipping_line: 'MAEU',
				free_days: '4',
				free_time_counts: 'Working Days',
				holidays: '2026-12-25 2027-01-01',
				starts_at: 'Discharge',
				rates: '1-4: 235, 5-9: 285, 10+: 335',
				currency: 'USD',
			},
			{ json: { ...maersk, shipping_line: 'MAEU', free_days: 4, free_time_counts: 'working' } },
		]),
	});
	expect(entered).toEqual({
		clock: 'demurrage',
		shippingLine: 'MAEU',
		port: null,
		freeDays: 4,
		freeTimeCount: 'working',
		holidays: ['2026-12-25', '2027-01-01'],
		startsAt: 'discharge',
		tiers: [
			{ fromDay: 1, toDay: 4, rate: 235 },
			{ fromDay: 5, toDay: 9, rate: 285 },
			{ fromDay: 10, toDay: null, rate: 335 },
		],
		currency: 'USD',
		reference: 'Maersk US import dry D&D',
	});
	expect(fromRow).toEqual(entered);
	expect(fromItem).toEqual(entered);
	// nothing set: no tariffs
	expect(readTariffs(node, 0, {})).toEqual([]);
});

test('bad input is refused before any request, naming the tariff, the field, the value and the fix', () => {
	const refused = (tariff: object) => {
		try {
			readTariffs(node, 0, { tariffs: { tariff: [tariff] } });
		} catch (error) {
			const { message, description } = error as { message: string; description: string };
			return `${message} | ${description}`;
		}
		throw new Error('accepted');
	};
	expect(refused({ ...maersk, rates: '1-4 235' })).toBe(
		'Invalid D&D Tariffs, tariff 1 > Daily Rates "1-4 235": "1-4 235" is not "from-to: rate" or "from+: rate" | Write the daily rates in tiers by the day charged, e.g. "1-4: 235, 5-9: 285, 10+: 335".',
	);
	expect(refused({ ...maersk, shippingLine: 'Maersk' })).toMatch(
		/^Invalid D&D Tariffs, tariff 1 > Shipping Line \(SCAC\) "Maersk": a SCAC is exactly 4 letters/,
	);
	expect(refused({ ...maersk, holidays: '25/12/2026' })).toMatch(/Holidays "25\/12\/2026"/);
	expect(refused({ ...maersk, reference: '' })).toMatch(/Reference "": every tariff needs a name/);
	expect(refused({ ...maersk, currency: 'dollars' })).toMatch(/Currency "dollars"/);
	expect(() => readTariffs(node, 0, { tariffRows: 'not json' })).toThrow(
		'Invalid D&D Tariff Rows "not json": this is not a list of rows',
	);
});

test('the most specific tariff applies; a combined one where it is as specific', () => {
	const [anyLine, maeu, maeuLax, combinedAny] = readTariffs(node, 0, {
		tariffs: {
			tariff: [
				{ ...maersk, shippingLine: '', reference: 'any line' },
				{ ...maersk, reference: 'MAEU' },
				{ ...maersk, port: 'uslax', reference: 'MAEU at LAX' },
				{ ...maersk, clock: 'combined', shippingLine: '', reference: 'combined, any line' },
			],
		},
	});
	const all = [anyLine, maeu, maeuLax, combinedAny];
	expect(matchTariffs(all, { shippingLine: 'MAEU', port: 'USLAX' }).demurrage).toBe(maeuLax);
	expect(matchTariffs(all, { shippingLine: 'MAEU', port: 'USNYC' }).demurrage).toBe(maeu);
	// another line: the combined default is as specific as the demurrage default, and applies
	expect(matchTariffs(all, { shippingLine: 'MSCU', port: 'USLAX' })).toEqual({
		combined: combinedAny,
		demurrage: null,
		detention: null,
	});
	expect(matchTariffs([anyLine], { shippingLine: null, port: null }).demurrage).toBe(anyLine);
});
