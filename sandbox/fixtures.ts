/**
 * The fixture containers: one documented case each (docs/sandbox.md, "Fixture containers"), with stable ids
 * and numbers whatever the seed, dates relative to the epoch. A declarative table: what each fixture is
 * (carrier, route, stage, timing) and its terminal data and history; seed.ts puts them in the store.
 */
import { METRO_BY_CODE, stableId } from './reference-data';
import { milestoneIndex } from './timeline';
import type { ContainerRec, ShipmentRec } from './types';
import { DAY_MS, HOUR_MS, iso, lfdInstant, withCheckDigit } from './util';

export interface FixtureInfo {
	key: string;
	description: string;
	containerId: string;
	containerNumber: string;
	shipmentId: string;
	billOfLading: string;
	trackingRequestId: string;
}

export interface FixtureDef {
	key: string;
	description: string;
	scac: string;
	bl: string;
	container: string;
	pol: string;
	ts: string | null;
	podFirms: string;
	metro: string | null;
	stage: string | number;
	/** IMO of the vessel to the port of discharge (default: one of the line's, at random). */
	vessel?: string;
	/** When the milestone (short name) happened, in ms from the epoch (default: as planned). */
	timing?: [string, number];
	/** Terminal data and history of the fixture (`tz`: the port of discharge's time zone). */
	apply: (c: ContainerRec, now: number, tz: string, s: ShipmentRec) => void;
}

/** The calendar date `YYYY-MM-DD` of an instant in a time zone. */
function localDate(ms: number, timeZone: string): string {
	return new Intl.DateTimeFormat('en-CA', {
		timeZone,
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	}).format(new Date(ms));
}

/** A fixture's terminal data: no holds, fees, LFDs or appointment unless given. */
function terminalData(c: ContainerRec, data: Partial<ContainerRec>): void {
	Object.assign(
		c,
		{
			holds: [],
			fees: [],
			lfdLine: null,
			lfdTerminal: null,
			lfdRail: null,
			pickupAppointmentAt: null,
		} satisfies Partial<ContainerRec>,
		data,
	);
}

export const FIXTURES: FixtureDef[] = [
	{
		key: 'ready_for_pickup',
		description:
			'Discharged, available for pickup, no holds, no fees; pickup_lfd = terminal LFD in 3 days; pickup appointment tomorrow',
		scac: 'MSCU',
		bl: 'MEDUT4949001',
		container: withCheckDigit('MSCU494901'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'Y257',
		metro: null,
		stage: 'available',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [],
				fees: [],
				availableForPickup: true,
				lfdLine: null,
				lfdTerminal: lfdInstant(now + 3 * DAY_MS, tz),
				lfdRail: null,
				locationAtPodTerminal: 'Yard Grounded (G40211B2)',
				pickupAppointmentAt: now + DAY_MS + 15 * HOUR_MS,
			}),
	},
	{
		key: 'customs_hold',
		description:
			'Discharged, not available: customs hold (status hold) and freight pending; exam fee, a 0 amount and a total',
		scac: 'MAEU',
		bl: 'MAEU494900002',
		container: withCheckDigit('MSKU494902'),
		pol: 'NLRTM',
		ts: null,
		podFirms: 'E425',
		metro: null,
		stage: 'vessel_discharged',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [
					{ name: 'customs', status: 'hold', description: 'Customs exam required' },
					{ name: 'freight', status: 'pending', description: null },
				],
				fees: [
					{ type: 'exam', amount: 350, currency_code: 'USD' },
					{ type: 'other', amount: 0, currency_code: 'USD' },
					{ type: 'total', amount: 350, currency_code: 'USD' },
				],
				availableForPickup: false,
				lfdLine: null,
				lfdTerminal: lfdInstant(now + 2 * DAY_MS, tz),
				lfdRail: null,
			}),
	},
	{
		key: 'past_lfd',
		description:
			'Available but past its last free day: pickup_lfd = line LFD 2 days ago (terminal LFD 3 days ago); demurrage accruing',
		scac: 'HLCU',
		bl: 'HLCUSS4949003',
		container: withCheckDigit('HLXU494903'),
		pol: 'DEHAM',
		ts: null,
		podFirms: 'L737',
		metro: null,
		stage: 'available',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [],
				fees: [
					{ type: 'demurrage', amount: 450, currency_code: 'USD' },
					{ type: 'extended_dwell_time', amount: 0, currency_code: 'USD' },
					{ type: 'total', amount: 450, currency_code: 'USD' },
				],
				availableForPickup: true,
				lfdLine: lfdInstant(now - 2 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now - 3 * DAY_MS, tz),
				lfdRail: null,
			}),
	},
	{
		key: 'on_ship',
		description:
			'At sea after transshipment in Busan (map has a current vessel position and estimated legs)',
		scac: 'CMDU',
		bl: 'CMDUSHZ4949004',
		container: withCheckDigit('CMAU494904'),
		pol: 'CNSHA',
		ts: 'KRPUS',
		podFirms: 'Z952',
		metro: null,
		stage: 'transshipment_departed',
		apply: () => undefined,
	},
	{
		key: 'on_rail',
		description:
			'On rail to Chicago; line LFD (in 9 days) wins over the earlier terminal (1 day) and rail (6 days) LFDs',
		scac: 'ONEY',
		bl: 'ONEYTYOA4949005',
		container: withCheckDigit('ONEU494905'),
		pol: 'JPTYO',
		ts: null,
		podFirms: 'Y773',
		metro: 'USCHI',
		stage: 'rail_departed',
		apply: (c, now, tz) =>
			Object.assign(c, {
				holds: [],
				fees: [],
				availableForPickup: false,
				lfdLine: lfdInstant(now + 9 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + DAY_MS, tz),
				lfdRail: lfdInstant(now + 6 * DAY_MS, 'America/Chicago'),
			}),
	},
	{
		key: 'new_booking',
		description:
			'Booked, not yet picked up empty (current_status new); advance it to walk the whole journey',
		scac: 'EGLV',
		bl: 'EISU494900006',
		container: withCheckDigit('EGHU494906'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'Y738',
		metro: null,
		stage: -1,
		apply: () => undefined,
	},
	// Demurrage exposure (issue 24): the cases a coordinator acts on, each in Terminal49's fields.
	{
		key: 'terminal_lfd_first',
		description:
			"Discharged 2 days ago, available, no holds: terminal LFD tomorrow, line LFD in 7 days, so pickup_lfd (line first) is a week out while the earliest deadline is the terminal's, tomorrow",
		scac: 'COSU',
		bl: 'CCMJ494900007',
		container: withCheckDigit('CSNU494907'),
		pol: 'CNNGB',
		ts: null,
		podFirms: 'E416',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 7 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G17302B1)',
			}),
	},
	{
		key: 'rail_lfd_first',
		description:
			'Inland rail to Dallas, unloaded and available at the ramp, no holds: rail LFD tomorrow (Dallas time), line LFD in 4 days, terminal LFD in 6 days (Los Angeles time); pickup_lfd = line, earliest = rail',
		scac: 'OOLU',
		bl: 'OOLU494900008',
		container: withCheckDigit('OOLU494908'),
		pol: 'HKHKG',
		ts: null,
		podFirms: 'WAC8',
		metro: 'USDAL',
		stage: 'available',
		timing: ['available', -12 * HOUR_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 4 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 6 * DAY_MS, tz),
				lfdRail: lfdInstant(now + DAY_MS, METRO_BY_CODE.get('USDAL')!.timeZone),
			}),
	},
	{
		key: 'out_of_sync',
		description:
			'Discharged, available_for_pickup true while a customs hold (status hold) remains: the sources disagree (wait for the next update); line LFD in 2 days, terminal LFD in 4',
		scac: 'ZIMU',
		bl: 'ZIMU494900009',
		container: withCheckDigit('ZCSU494909'),
		pol: 'VNSGN',
		ts: null,
		podFirms: 'L005',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				holds: [{ name: 'customs', status: 'hold', description: 'CBP hold' }],
				availableForPickup: true,
				lfdLine: lfdInstant(now + 2 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 4 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G20517B3)',
			}),
	},
	{
		key: 'long_dwell',
		description:
			'Discharged 5 days ago and available since 4, no holds, not picked up (dwell of 3+ days); terminal LFD in 2 days',
		scac: 'YMLU',
		bl: 'YMLU494900010',
		container: withCheckDigit('YMMU494910'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'Y549',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -5 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdTerminal: lfdInstant(now + 2 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G08841B2)',
			}),
	},
	{
		key: 'rolled',
		description:
			'Rolled at Kaohsiung: loaded on EVER GIVEN 9 days ago, discharged back there, loaded on EVER FORWARD 7 days later; at sea, pod_eta_at 7 days after pod_original_eta_at',
		scac: 'EGLV',
		bl: 'EISU494900011',
		container: withCheckDigit('EMCU494911'),
		pol: 'TWKHH',
		ts: null,
		podFirms: 'Y124',
		metro: null,
		stage: 'vessel_departed',
		vessel: '9850551',
		timing: ['vessel_departed', -2 * DAY_MS],
		apply: (c, _now, _tz, s) => {
			const loaded = c.times[milestoneIndex(s.milestones, 'vessel_loaded')];
			const roll = {
				vesselImo: '9811000',
				voyageNumber: '0417E',
				loadedAt: loaded - 7 * DAY_MS,
				dischargedAt: loaded - 7 * DAY_MS + 20 * HOUR_MS,
			};
			c.roll = roll;
			// Gated in before the first load.
			for (const k of [
				milestoneIndex(s.milestones, 'empty_out'),
				milestoneIndex(s.milestones, 'full_in'),
			])
				s.times[k] = c.times[k] -= 7 * DAY_MS;
			s.voyageNumber = '0424E';
			s.polOriginalEtd = roll.loadedAt + 12 * HOUR_MS;
			s.podOriginalEta = s.times[milestoneIndex(s.milestones, 'vessel_arrived')] - 7 * DAY_MS;
			s.etaChangedAt = roll.dischargedAt;
		},
	},
	{
		key: 'transshipped',
		description:
			'Transshipped in Singapore from TONGALA (voyage 512N) to MAERSK SYDNEY (voyage 519E); discharged in Houston yesterday, not yet released (not available, no holds); terminal LFD in 4 days',
		scac: 'MAEU',
		bl: 'MAEU494900012',
		container: withCheckDigit('MRKU494912'),
		pol: 'VNSGN',
		ts: 'SGSIN',
		podFirms: 'S787',
		metro: null,
		stage: 'vessel_discharged',
		vessel: '9289958',
		timing: ['vessel_discharged', -20 * HOUR_MS],
		apply: (c, now, tz, s) => {
			Object.assign(s, { polVesselImo: '9278105', polVoyageNumber: '512N', voyageNumber: '519E' });
			terminalData(c, {
				availableForPickup: false,
				lfdTerminal: lfdInstant(now + 4 * DAY_MS, tz),
				locationAtPodTerminal: 'On vessel / discharged',
			});
		},
	},
	{
		key: 'empty_not_returned',
		description:
			'Picked up (full out) 5 days ago, empty not returned (empty_terminated_at null), current_status picked_up; its past terminal LFD stays',
		scac: 'WHLC',
		bl: 'WHLC494900013',
		container: withCheckDigit('WHSU494913'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'Z693',
		metro: null,
		stage: 'full_out',
		timing: ['full_out', -5 * DAY_MS],
		apply: (c, _now, tz, s) => {
			const fullOut = c.times[milestoneIndex(s.milestones, 'full_out')];
			terminalData(c, {
				availableForPickup: false,
				lfdTerminal: lfdInstant(fullOut + DAY_MS, tz),
				locationAtPodTerminal: `Delivered ${new Date(fullOut).toISOString().slice(0, 10)}`,
				// The terminal is checked until the container leaves it.
				terminalCheckedAt: fullOut + 2 * HOUR_MS,
			});
		},
	},
	{
		key: 'stale_terminal_data',
		description:
			'Discharged 11 days ago; terminal last checked 9 days ago (stale), when it reported a customs hold and a terminal LFD of tomorrow',
		scac: 'APLU',
		bl: 'APLU494900014',
		container: withCheckDigit('APZU494914'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'Y309',
		metro: null,
		stage: 'vessel_discharged',
		timing: ['vessel_discharged', -11 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				holds: [{ name: 'customs', status: 'hold', description: 'Customs exam required' }],
				availableForPickup: false,
				lfdTerminal: lfdInstant(now + DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G33120B4)',
				terminalCheckedAt: now - 9 * DAY_MS,
			}),
	},
	// The POD last free day Terminal49 selects (issue 29), each case in the selected-deadline serializer's
	// fields (sandbox/pod-deadlines.ts); the older serializer shows the same records with its flat keys. Three
	// are due "today", the local day at the epoch, in three time zones (Los Angeles, New York, Chicago).
	{
		key: 'pod_facility_today',
		description:
			"Available at APM Terminals Los Angeles, no holds: facility LFD TODAY (the Los Angeles day at the epoch), line LFD tomorrow; pod.unified = the facility's, today, while pickup_lfd is the sentinel 2099-12-31: read pod.unified.current_value, never pickup_lfd (the older serializer's pickup_lfd is the line's, tomorrow)",
		scac: 'HLCU',
		bl: 'HLCUSS4949015',
		container: withCheckDigit('HLXU494915'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'W185',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -3 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + DAY_MS, tz),
				lfdTerminal: lfdInstant(now, tz),
				locationAtPodTerminal: 'Yard Grounded (G51120B1)',
			}),
	},
	{
		key: 'pod_line_earlier',
		description:
			"Available at GCT Bayonne (New York), no holds: line LFD tomorrow, facility LFD in 3 days; pod.unified = the facility's (in 3 days), so a client that takes the earliest source (tomorrow) is wrong: show pod.unified.current_value",
		scac: 'MAEU',
		bl: 'MAEU494900016',
		container: withCheckDigit('MSKU494916'),
		pol: 'NLRTM',
		ts: null,
		podFirms: 'E364',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 3 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G60214B2)',
			}),
	},
	{
		key: 'pod_line_withheld',
		description:
			"Available at GCT New York, no holds: the carrier withholds its LFD from this account (pod.line all null, no flat pickup_lfd_line, ssl_lfd null; the sandbox knows it: in 2 days), facility LFD TODAY (the New York day at the epoch); pod.unified = the facility's, today: a withheld source is unknown, not a reason to look elsewhere",
		scac: 'CMDU',
		bl: 'CMDUSHZ4949017',
		container: withCheckDigit('CMAU494917'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'E005',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 2 * DAY_MS, tz),
				lfdLineWithheld: true,
				lfdTerminal: lfdInstant(now, tz),
				locationAtPodTerminal: 'Yard Grounded (G70331B4)',
			}),
	},
	{
		key: 'pod_line_calculated',
		description:
			"Discharged at Bayport (Houston) a day before the epoch, not yet available, no holds: no facility or reported line LFD, only the line LFD Terminal49 calculated, a date (no time) that is TODAY in Houston's calendar (America/Chicago, at the epoch); pod.unified = that date, current_selection line_calculated: a day in the terminal's calendar, not an instant (the older serializer shows no LFD at all)",
		scac: 'COSU',
		bl: 'CCMJ494900018',
		container: withCheckDigit('CSNU494918'),
		pol: 'CNNGB',
		ts: null,
		podFirms: 'V136',
		metro: null,
		stage: 'vessel_discharged',
		timing: ['vessel_discharged', -DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: false,
				lfdLineCalculated: localDate(now, tz),
				locationAtPodTerminal: 'On vessel / discharged',
			}),
	},
	{
		key: 'pod_facility_manual',
		description:
			'Available at SSA Pier A (Long Beach), no holds: facility LFD in 2 days entered by hand (pod.facility.manual true, current_selection facility_manual), line LFD in 4 days; pod.unified = the manual facility day, in 2 days',
		scac: 'YMLU',
		bl: 'YMLU494900019',
		container: withCheckDigit('YMMU494919'),
		pol: 'TWKHH',
		ts: null,
		podFirms: 'Z978',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 4 * DAY_MS, tz),
				lfdTerminal: lfdInstant(now + 2 * DAY_MS, tz),
				lfdTerminalManual: true,
				locationAtPodTerminal: 'Yard Grounded (G80447B3)',
			}),
	},
	{
		key: 'pod_lfd_moved',
		description:
			'Available at Port Newark Container Terminal (New York), no holds, the facility reports no LFD: the line first gave tomorrow, then moved its LFD 2 days later, to in 3 days; pod.line.original tomorrow, current in 3 days; pod.unified original_value tomorrow, current_value in 3 days (both line): the LFD moved by +2 days',
		scac: 'MSCU',
		bl: 'MEDUT4949020',
		container: withCheckDigit('MSCU494920'),
		pol: 'BEANR',
		ts: null,
		podFirms: 'F577',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -2 * DAY_MS],
		apply: (c, now, tz) => {
			const first = lfdInstant(now + DAY_MS, tz);
			terminalData(c, {
				availableForPickup: true,
				lfdLine: lfdInstant(now + 3 * DAY_MS, tz),
				lfdLineOriginal: first,
				lfdSelectedOriginal: { value: iso(first)!, selection: 'line' },
				locationAtPodTerminal: 'Yard Grounded (G90512B2)',
			});
		},
	},
	{
		key: 'pod_lfd_unknown',
		description:
			'Available at the New Orleans Terminal, no holds: no source reports a last free day (pod.line and pod.facility all null, pod.unified null, pickup_lfd the sentinel); the LFD is unknown ("not reported"): nothing falls back',
		scac: 'EGLV',
		bl: 'EISU494900021',
		container: withCheckDigit('EGHU494921'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'Q795',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -DAY_MS],
		apply: (c) =>
			terminalData(c, {
				availableForPickup: true,
				locationAtPodTerminal: 'Yard Grounded (G10618B1)',
			}),
	},
	{
		key: 'pod_rail_ramp',
		description:
			"Inland rail: discharged at TraPac Los Angeles, by rail (BNSF) to Kansas City, unloaded and available at the ramp 6 h before the epoch, no holds: pod.unified = TraPac's facility LFD, 2 days ago (the port's, while the container sat there), the flat pickup_lfd_rail tomorrow (Kansas City, America/Chicago): at the ramp the rail LFD is the deadline, and neither stands in for the other",
		scac: 'ONEY',
		bl: 'ONEYTYOA4949022',
		container: withCheckDigit('ONEU494922'),
		pol: 'JPTYO',
		ts: null,
		podFirms: 'Y258',
		metro: 'USKCK',
		stage: 'available',
		timing: ['available', -6 * HOUR_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				lfdTerminal: lfdInstant(now - 2 * DAY_MS, tz),
				lfdRail: lfdInstant(now + DAY_MS, METRO_BY_CODE.get('USKCK')!.timeZone),
			}),
	},
	// What a container costs (issue 41): a container picked up and its empty back, one picked up yesterday
	// whose empty is out, and a terminal that sends only a total fee line
	{
		key: 'empty_returned',
		description:
			'Picked up (full out) about 6 days ago, empty returned yesterday (empty_terminated_at set), current_status empty_returned: a closed container, its detention over',
		scac: 'MAEU',
		bl: 'MAEU494900025',
		container: withCheckDigit('MSKU494925'),
		pol: 'CNNGB',
		ts: null,
		podFirms: 'W185',
		metro: null,
		stage: 'empty_in',
		timing: ['empty_in', -DAY_MS],
		apply: (c, _now, tz, s) => {
			const discharged = c.times[milestoneIndex(s.milestones, 'vessel_discharged')];
			const fullOut = c.times[milestoneIndex(s.milestones, 'full_out')];
			terminalData(c, {
				availableForPickup: false,
				lfdTerminal: lfdInstant(discharged + 4 * DAY_MS, tz),
				locationAtPodTerminal: 'Delivered',
				terminalCheckedAt: fullOut + 2 * HOUR_MS,
			});
		},
	},
	{
		key: 'picked_up_yesterday',
		description:
			'Picked up (full out) yesterday, empty not returned, current_status picked_up: its detention clock runs',
		scac: 'MAEU',
		bl: 'MAEU494900026',
		container: withCheckDigit('MSKU494926'),
		pol: 'CNSHA',
		ts: null,
		podFirms: 'W185',
		metro: null,
		stage: 'full_out',
		timing: ['full_out', -DAY_MS],
		apply: (c, _now, tz, s) => {
			const fullOut = c.times[milestoneIndex(s.milestones, 'full_out')];
			terminalData(c, {
				availableForPickup: false,
				lfdTerminal: lfdInstant(fullOut + DAY_MS, tz),
				locationAtPodTerminal: 'Delivered',
				terminalCheckedAt: fullOut + 2 * HOUR_MS,
			});
		},
	},
	{
		key: 'fees_total_only',
		description:
			'Available, past its last free day (terminal LFD 4 days ago); the terminal sends only a total fee line (300 USD): the total is the fee',
		scac: 'MAEU',
		bl: 'MAEU494900027',
		container: withCheckDigit('MSKU494927'),
		pol: 'CNYTN',
		ts: null,
		podFirms: 'W185',
		metro: null,
		stage: 'available',
		timing: ['vessel_discharged', -8 * DAY_MS],
		apply: (c, now, tz) =>
			terminalData(c, {
				availableForPickup: true,
				fees: [{ type: 'total', amount: 300, currency_code: 'USD' }],
				lfdTerminal: lfdInstant(now - 4 * DAY_MS, tz),
				locationAtPodTerminal: 'Yard Grounded (G20418A3)',
			}),
	},
];

export const FIXTURE_COUNT = FIXTURES.length;

/**
 * The first fixtures (a journey: ready, on hold, past LFD, at sea, on rail, booked), seeded alone in a sandbox
 * of fewer than DEMURRAGE_FIXTURE_COUNT containers (as before the demurrage fixtures came), so small test
 * sandboxes keep their data.
 */
export const JOURNEY_FIXTURE_COUNT = 6;

/**
 * The journey and the demurrage fixtures (issue 24), seeded alone in a sandbox of fewer than FIXTURE_COUNT
 * containers (as before the POD-deadline fixtures of issue 29 came).
 */
export const DEMURRAGE_FIXTURE_COUNT = 14;

/** The fixtures a sandbox of `containers` containers holds: all, the first 14, the journey ones, or none. */
export function fixturesFor(containers: number): FixtureDef[] {
	for (const count of [FIXTURES.length, DEMURRAGE_FIXTURE_COUNT, JOURNEY_FIXTURE_COUNT])
		if (containers >= count) return FIXTURES.slice(0, count);
	return [];
}

/** Fixture ids and numbers (stable across seeds). */
export function fixtureInfo(): FixtureInfo[] {
	return FIXTURES.map((f) => ({
		key: f.key,
		description: f.description,
		containerId: stableId('fixture-container', f.key),
		containerNumber: f.container,
		shipmentId: stableId('fixture-shipment', f.key),
		billOfLading: f.bl,
		trackingRequestId: stableId('fixture-tracking-request', f.key),
	}));
}
