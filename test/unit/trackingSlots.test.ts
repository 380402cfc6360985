/**
 * The tracking slots in plain numbers (domain/entitlements.ts slotsInWords), as Tracking Request > Create's
 * warning and error say them when none is left (issue 29): how many of the limit are left, how many are in
 * use, and those created since Terminal49 last counted (GET /me). The sentences in the node's output:
 * test/actions/account.test.ts.
 */
import { slotsInWords } from '../../nodes/Terminal49/domain/entitlements';

describe('the tracking slots in plain numbers', () => {
	it('how many of the limit are left, how many are in use, those created since Terminal49 counted', () => {
		expect(slotsInWords({ limit: 10, used: 7, left: 3, created: 0 })).toBe(
			'3 of your 10 Terminal49 tracking slots are left (7 in use)',
		);
		expect(slotsInWords({ limit: 10, used: 10, left: 0, created: 2 })).toBe(
			'0 of your 10 Terminal49 tracking slots are left (10 in use, 2 of them created since Terminal49 last counted)',
		);
		expect(slotsInWords({ limit: 10, used: 9, left: 1, created: 1 })).toBe(
			'1 of your 10 Terminal49 tracking slots is left (9 in use, 1 of them created since Terminal49 last counted)',
		);
		// an account over its limit (the free plan's 10 used up and more pending): 0 left, never a negative count
		expect(slotsInWords({ limit: 10, used: 14, left: -4, created: 0 })).toBe(
			'0 of your 10 Terminal49 tracking slots are left (14 in use)',
		);
		expect(slotsInWords({ limit: 1, used: 1, left: 0, created: 0 })).toBe(
			'0 of your 1 Terminal49 tracking slot are left (1 in use)',
		);
	});
});
