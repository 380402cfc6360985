import { toCents } from './values';

/**
 * A tariff's daily rates in tiers, by the day charged: day 1 is the first day after free time (Maersk's US
 * import dry demurrage: days 1-4 at 235 USD, 5-9 at 285, 10 and on at 335). The tiers are ascending and leave
 * no gap (parameters/tariffs.ts checks them); a day past the last closed tier has no rate.
 */
export interface RateTier {
	/** The first charged day of the tier (1 for the first). */
	fromDay: number;
	/** The last charged day of the tier; null: every day on. */
	toDay: number | null;
	/** The rate per calendar day. */
	rate: number;
}

/** The tier of a charged day (1 for the first), or null where the tariff gives no rate. */
export function tierOf(tiers: readonly RateTier[], day: number): RateTier | null {
	for (const tier of tiers)
		if (day >= tier.fromDay && (tier.toDay === null || day <= tier.toDay)) return tier;
	return null;
}

/**
 * The charge for charged days 1 to `days` (0 for none), or null where a day among them has no rate. Sums
 * whole tiers, so it costs as many steps as there are tiers, not days.
 */
export function chargeForDays(tiers: readonly RateTier[], days: number): number | null {
	let total = 0;
	let covered = 0;
	for (const tier of tiers) {
		if (covered >= days) break;
		if (tier.fromDay !== covered + 1) return null;
		const last = tier.toDay === null ? days : Math.min(tier.toDay, days);
		total += (last - covered) * tier.rate;
		covered = last;
	}
	return covered >= days ? toCents(total) : null;
}

/** A tier in words: `days 5-9 at 285 USD a day`, `day 10 on at 335 USD a day`. */
export function tierText(tier: RateTier, currency: string): string {
	const days =
		tier.toDay === null
			? `day ${tier.fromDay} on`
			: tier.toDay === tier.fromDay
				? `day ${tier.fromDay}`
				: `days ${tier.fromDay}-${tier.toDay}`;
	return `${days} at ${tier.rate} ${currency} a day`;
}
