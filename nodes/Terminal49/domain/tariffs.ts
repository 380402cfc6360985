import type { FreeTimeCount } from './freeTime';
import type { RateTier } from './tariffRates';

/**
 * The user's own demurrage and detention tariffs, and which one applies to a container. Terminal49 has no
 * rates and no detention deadline (API-DRIFT.md section 7): every estimated amount comes from a tariff the
 * user entered (parameters/tariffs.ts reads them), and says so.
 *
 * A tariff charges one clock:
 * - `demurrage`: from discharge (or availability) at the port, until the container leaves full;
 * - `detention`: from full out, until the empty is returned;
 * - `combined`: one clock from discharge (or availability) until the empty is returned (a combined D&D tariff).
 * It applies to a shipping line (SCAC; none: any line) and optionally one port of discharge (UN/LOCODE; none:
 * any port). For a container, the most specific tariff of each clock applies (line and port, then line, then
 * port, then the default); a combined tariff applies where it is at least as specific as the separate ones.
 */
export type ChargeClockKind = 'demurrage' | 'detention' | 'combined';
export const CHARGE_CLOCKS: readonly ChargeClockKind[] = ['demurrage', 'detention', 'combined'];

/** What starts a clock: the discharge at the port, the container's availability there, or full out. */
export type ClockStart = 'discharge' | 'availability' | 'full_out';

export interface Tariff {
	clock: ChargeClockKind;
	/** SCAC, upper case; null: any shipping line. */
	shippingLine: string | null;
	/** UN/LOCODE of the port of discharge, upper case; null: any port. */
	port: string | null;
	freeDays: number;
	freeTimeCount: FreeTimeCount;
	/** Days that are not working days (YYYY-MM-DD), for working-day free time. */
	holidays: string[];
	startsAt: ClockStart;
	tiers: RateTier[];
	currency: string;
	/** The user's name for it: the tariff or contract, and the rule. */
	reference: string;
}

/** Where a container is, as tariffs are matched: its shipping line and port of discharge. */
export interface TariffKey {
	shippingLine: string | null;
	port: string | null;
}

/** How specific a tariff is for a container: -1 when it does not apply. */
function specificity(tariff: Tariff, key: TariffKey): number {
	if (tariff.shippingLine !== null && tariff.shippingLine !== key.shippingLine) return -1;
	if (tariff.port !== null && tariff.port !== key.port) return -1;
	return (tariff.shippingLine !== null ? 2 : 0) + (tariff.port !== null ? 1 : 0);
}

/** The most specific tariff of a clock for a container (the first entered on a tie), or null. */
function bestOf(
	tariffs: readonly Tariff[],
	clock: ChargeClockKind,
	key: TariffKey,
): { tariff: Tariff; score: number } | null {
	let best: { tariff: Tariff; score: number } | null = null;
	for (const tariff of tariffs) {
		if (tariff.clock !== clock) continue;
		const score = specificity(tariff, key);
		if (score > (best?.score ?? -1)) best = { tariff, score };
	}
	return best;
}

/** The tariffs that apply to a container: a combined one, or a demurrage and a detention one (each or none). */
export interface MatchedTariffs {
	combined: Tariff | null;
	demurrage: Tariff | null;
	detention: Tariff | null;
}

export function matchTariffs(tariffs: readonly Tariff[], key: TariffKey): MatchedTariffs {
	const combined = bestOf(tariffs, 'combined', key);
	const demurrage = bestOf(tariffs, 'demurrage', key);
	const detention = bestOf(tariffs, 'detention', key);
	if (combined && combined.score >= Math.max(demurrage?.score ?? -1, detention?.score ?? -1))
		return { combined: combined.tariff, demurrage: null, detention: null };
	return {
		combined: null,
		demurrage: demurrage?.tariff ?? null,
		detention: detention?.tariff ?? null,
	};
}

/**
 * Whether costing a container with these tariffs needs its shipment: any tariff at all (its line and port match
 * the tariffs; its tracking, stopped or not, decides whether a running clock can be told).
 */
export const tariffsNeedShipment = (tariffs: readonly Tariff[] | undefined): boolean =>
	(tariffs ?? []).length > 0;
