/**
 * Static reference data of the sandbox: carriers (from shipping-lines.csv and the live carrier list), US
 * terminals and ports (from terminals.csv), foreign ports of lading, inland metro areas, rail terminals and
 * vessels.
 * Ids are derived from the natural key (SCAC, LOCODE, firms code, IMO) so they never change with the seed.
 */
import { Rng, hashString } from './util';

export function stableId(kind: string, key: string): string {
	return new Rng(hashString(`${kind}:${key}`)).uuid();
}

export interface ShippingLineRef {
	id: string;
	scac: string;
	name: string;
	shortName: string;
	bolPrefix: string | null;
	/** 'Yes' | 'Partial' | 'On roadmap' as in the CSV. */
	support: string;
	notes: string;
	/** Container owner (BIC) prefixes used by this carrier, for auto-detection and seeding. */
	containerPrefixes: string[];
	/** Other SCACs of the carrier (`alternative_scacs`). */
	alternativeScacs: string[];
	/** Carrier tracking page with `${BLNUM}` where the live service has one (`tracking_url`). */
	trackingUrl: string | null;
	contactUrl: string | null;
	billOfLadingTracking: boolean;
	bookingNumberTracking: boolean;
	/**
	 * Listed by the live `GET /shipping_lines` but not in shipping-lines.csv: trackable, but the seeded
	 * shipments keep to the CSV carriers (which have vessels and container prefixes here).
	 */
	listedOnly: boolean;
}

// Full Name, Nickname, SCAC, BOL Prefix, Support, Notes (shipping-lines.csv)
const SHIPPING_LINE_ROWS: Array<[string, string, string, string, string, string]> = [
	['American President Lines', 'APL', 'APLU', 'APLU', 'Yes', ''],
	['Australia National Line', 'ANL', 'ANNU', 'ANLC', 'Yes', ''],
	['China Ocean Shipping Company', 'COSCO', 'COSU', 'CCMJ', 'Yes', ''],
	['CMA CGM', 'CMA CGM', 'CMDU', 'CMDU', 'Yes', ''],
	['Evergreen', 'Evergreen', 'EGLV', 'EISU', 'Yes', ''],
	['Hamburg Sud', 'Hamburg Sud', 'SUDU', 'SUDU', 'Yes', ''],
	['Hapag-Lloyd', 'Hapag-Lloyd', 'HLCU', 'HLCU', 'Yes', ''],
	['Hyundai Merchant Marine', 'Hyundai', 'HDMU', 'HDMU', 'Partial', 'No container numbers'],
	['Maersk', 'Maersk', 'MAEU', 'MAEU', 'Yes', ''],
	['Matson Navigation Company', 'Matson', 'MATS', 'MATS', 'Yes', ''],
	['Mediterranean Shipping Company', 'MSC', 'MSCU', 'MEDU', 'Yes', ''],
	['Ocean Network Express', 'ONE', 'ONEY', 'ONEY', 'Yes', ''],
	['Orient Overseas Container Line', 'OOCL', 'OOLU', 'OOLU', 'Yes', ''],
	['Pacific International Lines', 'PIL', 'PCIU', 'PABV', 'Yes', ''],
	['Safmarine Container Line', 'Safmarine', 'SAFM', 'SAFM', 'Yes', ''],
	['SeaLand', 'SeaLand', 'SEAL', 'SEAU', 'Yes', ''],
	['Yangming Marine Transport', 'Yangming', 'YMLU', 'YMLU', 'Yes', ''],
	['Wan Hai Lines', 'Wan Hai', 'WHLC', 'WHLC', 'Yes', ''],
	['Zim', 'Zim', 'ZIMU', 'ZIMU', 'Yes', ''],
	['Seaboard Marine', 'Seaboard', 'CLAM', '', 'On roadmap', ''],
];

const CONTAINER_PREFIXES: Record<string, string[]> = {
	APLU: ['APHU', 'APZU'],
	ANNU: ['ANNU'],
	COSU: ['CSNU', 'CBHU', 'CCLU'],
	CMDU: ['CMAU', 'CGMU'],
	EGLV: ['EGHU', 'EMCU', 'EITU'],
	SUDU: ['SUDU'],
	HLCU: ['HLXU', 'HLBU'],
	HDMU: ['HDMU'],
	MAEU: ['MSKU', 'MRKU', 'MAEU'],
	MATS: ['MATU'],
	MSCU: ['MSCU', 'MEDU', 'MSDU'],
	ONEY: ['ONEU', 'NYKU'],
	OOLU: ['OOLU', 'OOCU'],
	PCIU: ['PCIU'],
	SAFM: ['SAFU'],
	SEAL: ['SEAU'],
	YMLU: ['YMLU', 'YMMU'],
	WHLC: ['WHLU', 'WHSU'],
	ZIMU: ['ZIMU', 'ZCSU'],
	CLAM: [],
};

/** Tracking and contact pages as the live `GET /shipping_lines` gives them (real-responses/shipping-lines.list.json). */
const LINE_URLS: Record<string, [string | null, string | null]> = {
	ACLU: ['https://www.aclcargo.com/trackCargo.php?search_for=${BLNUM}', null],
	ANNU: ['https://www.anl.com.au/ebusiness/tracking/search?SearchBy=BL&Reference=${BLNUM}', null],
	APLU: ['https://www.apl.com/ebusiness/tracking/search?SearchBy=BL&Reference=${BLNUM}', null],
	ARKU: [null, 'http://www.arkasline.com.tr/en/contact_us.html'],
	CMDU: [
		'https://www.cma-cgm.com/ebusiness/tracking/search?SearchBy=BL&Reference=${BLNUM}&search=Search',
		null,
	],
	COSU: [
		'http://elines.coscoshipping.com/ebusiness/cargoTracking?trackingType=BILLOFLADING&number=${BLNUM}',
		null,
	],
	EGLV: [
		'https://www.shipmentlink.com/servlet/TDB1_CargoTracking.do',
		'https://www.evergreen-line.com',
	],
	HDUJ: [null, 'http://elines.hedehk.com/cargoDynamicEN'],
	HLCU: [
		'https://www.hapag-lloyd.com/en/online-business/tracing/tracing-by-booking.html?blno=${BLNUM}',
		null,
	],
	MAEU: ['https://www.maersk.com/tracking/#tracking?${BLNUM}', null],
	MATS: ['https://www.matson.com/shipment-tracking.html', null],
	MSCU: ['https://www.msc.com/track-a-shipment', null],
	ONEY: [
		'https://ecomm.one-line.com/ecom/CUP_HOM_3301.do',
		'https://us.one-line.com/standard-page/customer-service-contacts',
	],
	OOLU: [
		'https://www.oocl.com/eng/ourservices/eservices/cargotracking/Pages/cargotracking.aspx',
		null,
	],
	PCIU: ['https://www.pilship.com/--/120.html?refnumbers=${BLNUM}&search_type=bl', null],
	SEJJ: [
		'https://my.sealand.com/tracking/#tracking/${BLNUM}',
		'https://www.sealandmaersk.com/contact',
	],
	SMLM: ['https://esvc.smlines.com/smline/CUP_HOM_3301.do', null],
	YMLU: [
		'https://www.yangming.com/e-service/Track_Trace/blconnect.aspx?BLADG=${BLNUM}&rdolType=BL',
		null,
	],
};

const csvLines: ShippingLineRef[] = SHIPPING_LINE_ROWS.map(
	([name, nick, scac, bol, support, notes]) => ({
		id: stableId('shipping_line', scac),
		scac,
		name,
		shortName: nick,
		bolPrefix: bol || null,
		support,
		notes,
		containerPrefixes: CONTAINER_PREFIXES[scac] ?? [],
		alternativeScacs: bol && bol !== scac && bol.length === 4 ? [bol] : [],
		trackingUrl: LINE_URLS[scac]?.[0] ?? null,
		contactUrl: LINE_URLS[scac]?.[1] ?? null,
		billOfLadingTracking: true,
		bookingNumberTracking: true,
		listedOnly: false,
	}),
);

// Name, short name, SCAC, alternative SCACs, tracking by BL / booking / container number: carriers the live
// `GET /shipping_lines` lists beyond shipping-lines.csv (real-responses/shipping-lines.list.json). Enough
// carriers that the list has a second page at the default page size, as the live one does.
const LIVE_ONLY_LINE_ROWS: Array<[string, string, string, string[], boolean, boolean, boolean]> = [
	['Atlantic Container Line', 'ACL', 'ACLU', [], true, true, true],
	['Arkas Container Transport', 'Arkas', 'ARKU', [], true, true, true],
	['Swire Shipping', 'CHVW', 'CHVW', ['QWJA', 'PLLU'], true, true, false],
	['China United Lines', 'CULines', 'CULU', [], true, true, true],
	['Gold Star Line', 'GSL', 'GOSU', [], true, true, false],
	['HEDE SHipping', 'HEDE', 'HDUJ', [], true, true, true],
	['Independent Container Line', 'ICL', 'IILU', [], true, true, false],
	['SeaLand Europe', 'SeaLand Europe', 'SEJJ', [], true, true, true],
	['SM Line', 'SM Line', 'SMLM', [], true, true, true],
	['SeaLead', 'SeaLead', 'SQQY', ['SJHH'], true, true, true],
	['Swire', 'Swire', 'SSBF', ['WWSU'], true, true, false],
	['Seth Shipping', 'Seth', 'SSPH', [], true, true, false],
	['Transfar', 'Transfar', 'TJFH', [], true, true, false],
	['Trailer Bridge', 'Trailer Bridge', 'TRBR', ['TBIE', 'PYRR'], false, true, false],
	['Turkon Line', 'Turkon', 'TRKU', [], true, true, true],
	['T.S. Lines', 'TS Lines', 'TXZJ', [], true, true, true],
	['World Direct Shipping', 'WDS', 'WDSB', [], false, false, false],
];

const liveOnlyLines: ShippingLineRef[] = LIVE_ONLY_LINE_ROWS.map(
	([name, nick, scac, alternatives, bl, booking, container]) => ({
		id: stableId('shipping_line', scac),
		scac,
		name,
		shortName: nick,
		bolPrefix: null,
		support: 'Yes',
		notes: container ? '' : 'No container numbers',
		containerPrefixes: [],
		alternativeScacs: alternatives,
		trackingUrl: LINE_URLS[scac]?.[0] ?? null,
		contactUrl: LINE_URLS[scac]?.[1] ?? null,
		billOfLadingTracking: bl,
		bookingNumberTracking: booking,
		listedOnly: true,
	}),
);

/** Every carrier: the CSV ones, then those only the live list has (37 in all; the API lists them by SCAC). */
export const SHIPPING_LINES: ShippingLineRef[] = [...csvLines, ...liveOnlyLines];

export const SHIPPING_LINES_BY_SCAC = new Map(SHIPPING_LINES.map((l) => [l.scac, l]));

/** Carriers whose data the sandbox can return (CSV support Yes or Partial). */
export const SUPPORTED_LINES = SHIPPING_LINES.filter(
	(l) => (l.support === 'Yes' || l.support === 'Partial') && !l.listedOnly,
);

/** Carriers a tracking request may name: the supported CSV ones and those only the live list has. */
export function isTrackable(line: ShippingLineRef): boolean {
	return line.support === 'Yes' || line.support === 'Partial';
}

/** A few real SCACs the service knows but does not integrate with (answered "not supported"). */
export const UNSUPPORTED_SCACS: Record<string, string> = {
	CLAM: 'Seaboard Marine',
	UALC: 'Universal Africa Lines',
	CRLU: 'Crowley',
};

export interface PortRef {
	id: string;
	code: string;
	name: string;
	city: string;
	stateAbbr: string | null;
	state: string | null;
	countryCode: string;
	country: string;
	timeZone: string;
	latitude: number;
	longitude: number;
}

function port(
	code: string,
	name: string,
	city: string,
	stateAbbr: string | null,
	state: string | null,
	countryCode: string,
	country: string,
	timeZone: string,
	latitude: number,
	longitude: number,
): PortRef {
	return {
		id: stableId('port', code),
		code,
		name,
		city,
		stateAbbr,
		state,
		countryCode,
		country,
		timeZone,
		latitude,
		longitude,
	};
}

/** Ports of discharge: every port of terminals.csv. */
export const US_PORTS: PortRef[] = [
	port(
		'USBAL',
		'Baltimore',
		'Baltimore',
		'MD',
		'Maryland',
		'US',
		'United States',
		'America/New_York',
		39.2526,
		-76.5566,
	),
	port(
		'USBOS',
		'Boston',
		'Boston',
		'MA',
		'Massachusetts',
		'US',
		'United States',
		'America/New_York',
		42.3454,
		-71.0296,
	),
	port(
		'USHOU',
		'Houston',
		'Houston',
		'TX',
		'Texas',
		'US',
		'United States',
		'America/Chicago',
		29.6137,
		-95.0185,
	),
	port(
		'USJAX',
		'JAXPORT',
		'Jacksonville',
		'FL',
		'Florida',
		'US',
		'United States',
		'America/New_York',
		30.4023,
		-81.5533,
	),
	port(
		'USLGB',
		'Long Beach',
		'Long Beach',
		'CA',
		'California',
		'US',
		'United States',
		'America/Los_Angeles',
		33.7541,
		-118.2166,
	),
	port(
		'USLAX',
		'Los Angeles',
		'Los Angeles',
		'CA',
		'California',
		'US',
		'United States',
		'America/Los_Angeles',
		33.7361,
		-118.2639,
	),
	port(
		'USMIA',
		'Miami Seaport',
		'Miami',
		'FL',
		'Florida',
		'US',
		'United States',
		'America/New_York',
		25.7743,
		-80.169,
	),
	port(
		'USMOB',
		'Mobile',
		'Mobile',
		'AL',
		'Alabama',
		'US',
		'United States',
		'America/Chicago',
		30.6954,
		-88.0399,
	),
	port(
		'USMSY',
		'New Orleans',
		'New Orleans',
		'LA',
		'Louisiana',
		'US',
		'United States',
		'America/Chicago',
		29.9335,
		-90.0618,
	),
	port(
		'USNYC',
		'New York / New Jersey',
		'New York',
		'NY',
		'New York',
		'US',
		'United States',
		'America/New_York',
		40.685,
		-74.1511,
	),
	port(
		'USOAK',
		'Oakland',
		'Oakland',
		'CA',
		'California',
		'US',
		'United States',
		'America/Los_Angeles',
		37.7955,
		-122.3135,
	),
	port(
		'USPHL',
		'PhilaPort',
		'Philadelphia',
		'PA',
		'Pennsylvania',
		'US',
		'United States',
		'America/New_York',
		39.9007,
		-75.1366,
	),
	port(
		'USPEF',
		'Port Everglades',
		'Fort Lauderdale',
		'FL',
		'Florida',
		'US',
		'United States',
		'America/New_York',
		26.0931,
		-80.1185,
	),
	port(
		'USPOT',
		'Port Tampa Bay',
		'Tampa Bay',
		'FL',
		'Florida',
		'US',
		'United States',
		'America/New_York',
		27.9186,
		-82.4431,
	),
	port(
		'USSAV',
		'Savannah',
		'Savannah',
		'GA',
		'Georgia',
		'US',
		'United States',
		'America/New_York',
		32.1275,
		-81.1412,
	),
	port(
		'USSEA',
		'Seattle',
		'Seattle',
		'WA',
		'Washington',
		'US',
		'United States',
		'America/Los_Angeles',
		47.58,
		-122.35,
	),
	port(
		'USTIW',
		'Tacoma',
		'Tacoma',
		'WA',
		'Washington',
		'US',
		'United States',
		'America/Los_Angeles',
		47.2713,
		-122.4132,
	),
	port(
		'USORF',
		'Virginia',
		'Norfolk',
		'VA',
		'Virginia',
		'US',
		'United States',
		'America/New_York',
		36.9048,
		-76.3277,
	),
];

/** Ports of lading and transshipment. */
export const FOREIGN_PORTS: PortRef[] = [
	port(
		'CNSHA',
		'Shanghai',
		'Shanghai',
		null,
		null,
		'CN',
		'China',
		'Asia/Shanghai',
		31.3554,
		121.6155,
	),
	port('CNNGB', 'Ningbo', 'Ningbo', null, null, 'CN', 'China', 'Asia/Shanghai', 29.9366, 121.8437),
	port(
		'CNYTN',
		'Yantian',
		'Shenzhen',
		null,
		null,
		'CN',
		'China',
		'Asia/Shanghai',
		22.5713,
		114.2738,
	),
	port(
		'HKHKG',
		'Hong Kong',
		'Hong Kong',
		null,
		null,
		'HK',
		'Hong Kong',
		'Asia/Hong_Kong',
		22.3244,
		114.1228,
	),
	port('KRPUS', 'Busan', 'Busan', null, null, 'KR', 'South Korea', 'Asia/Seoul', 35.0791, 129.0756),
	port(
		'TWKHH',
		'Kaohsiung',
		'Kaohsiung',
		null,
		null,
		'TW',
		'Taiwan',
		'Asia/Taipei',
		22.6015,
		120.2808,
	),
	port(
		'VNSGN',
		'Ho Chi Minh City',
		'Ho Chi Minh City',
		null,
		null,
		'VN',
		'Vietnam',
		'Asia/Ho_Chi_Minh',
		10.7626,
		106.7068,
	),
	port(
		'SGSIN',
		'Singapore',
		'Singapore',
		null,
		null,
		'SG',
		'Singapore',
		'Asia/Singapore',
		1.2644,
		103.8222,
	),
	port('JPTYO', 'Tokyo', 'Tokyo', null, null, 'JP', 'Japan', 'Asia/Tokyo', 35.6181, 139.7755),
	port(
		'INNSA',
		'Nhava Sheva',
		'Navi Mumbai',
		null,
		null,
		'IN',
		'India',
		'Asia/Kolkata',
		18.9499,
		72.9512,
	),
	port(
		'IDJKT',
		'Jakarta, Java',
		'Jakarta',
		null,
		null,
		'ID',
		'Indonesia',
		'Asia/Jakarta',
		-6.1045,
		106.8866,
	),
	port('DEHAM', 'Hamburg', 'Hamburg', null, null, 'DE', 'Germany', 'Europe/Berlin', 53.5396, 9.963),
	port(
		'NLRTM',
		'Rotterdam',
		'Rotterdam',
		null,
		null,
		'NL',
		'Netherlands',
		'Europe/Amsterdam',
		51.9497,
		4.1453,
	),
	port(
		'BEANR',
		'Antwerp',
		'Antwerp',
		null,
		null,
		'BE',
		'Belgium',
		'Europe/Brussels',
		51.2637,
		4.3995,
	),
	port(
		'PAMIT',
		'Manzanillo',
		'Colon',
		null,
		null,
		'PA',
		'Panama',
		'America/Panama',
		9.3619,
		-79.8836,
	),
];

export const ALL_PORTS: PortRef[] = [...US_PORTS, ...FOREIGN_PORTS];
export const PORTS_BY_CODE = new Map(ALL_PORTS.map((p) => [p.code, p]));
export const PORTS_BY_ID = new Map(ALL_PORTS.map((p) => [p.id, p]));

export const ASIA_POL_CODES = [
	'CNSHA',
	'CNNGB',
	'CNYTN',
	'HKHKG',
	'KRPUS',
	'TWKHH',
	'VNSGN',
	'SGSIN',
	'JPTYO',
	'IDJKT',
	'INNSA',
];
export const EUROPE_POL_CODES = ['DEHAM', 'NLRTM', 'BEANR'];
export const WEST_COAST = new Set(['USLGB', 'USLAX', 'USOAK', 'USSEA', 'USTIW']);

export interface TerminalRef {
	id: string;
	name: string;
	nickname: string;
	firmsCode: string;
	portCode: string;
	city: string;
	stateAbbr: string;
	country: string;
	timeZone: string;
	street: string;
	zip: string;
}

// Terminal Name, Terminal Nickname, Firms Code, Port Code, City, State, Time Zone (terminals.csv)
const TERMINAL_ROWS: Array<[string, string, string, string, string, string, string]> = [
	['Dundalk Marine Terminal', 'Dundalk', 'A321', 'USBAL', 'Baltimore', 'MD', 'America/New_York'],
	['Seagirt Terminal', 'Seagirt', 'C324', 'USBAL', 'Baltimore', 'MD', 'America/New_York'],
	[
		'Paul W Conley Terminal',
		'Conley Terminal',
		'A295',
		'USBOS',
		'Boston',
		'MA',
		'America/New_York',
	],
	['Barbours Cut Terminal', 'APM', 'S787', 'USHOU', 'Houston', 'TX', 'America/Chicago'],
	['Bayport Container Terminal', 'Bayport', 'V136', 'USHOU', 'Houston', 'TX', 'America/Chicago'],
	['SSA Cooper', 'SSA Cooper', 'N296', 'USJAX', 'Jacksonville', 'FL', 'America/New_York'],
	[
		'Trapac Jacksonville Terminal',
		'Trapac Jacksonville',
		'M029',
		'USJAX',
		'Jacksonville',
		'FL',
		'America/New_York',
	],
	[
		'Long Beach Container Terminal',
		'LBCT Pier F',
		'W183',
		'USLGB',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	[
		'Long Beach Container Terminal',
		'LBCT Pier E',
		'WAC8',
		'USLGB',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	[
		'Total Terminals International',
		'TTI',
		'Z952',
		'USLGB',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	[
		'International Transportation Service',
		'ITS',
		'Y309',
		'USLGB',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	[
		'Pacific Container Terminal',
		'PCT',
		'W182',
		'USLGB',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	['SSA Pier A', 'Pier A', 'Z978', 'USLGB', 'Los Angeles', 'CA', 'America/Los_Angeles'],
	['APM Terminals', 'APMT', 'W185', 'USLAX', 'Los Angeles', 'CA', 'America/Los_Angeles'],
	['Fenix Marine Services', 'FMS', 'Y257', 'USLAX', 'Los Angeles', 'CA', 'America/Los_Angeles'],
	[
		'West Basin Container Terminal',
		'WBCT',
		'Y773',
		'USLAX',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	[
		'Everport Terminal Serivces',
		'ETS',
		'Y124',
		'USLAX',
		'Los Angeles',
		'CA',
		'America/Los_Angeles',
	],
	['TraPac LA', 'TraPac LA', 'Y258', 'USLAX', 'Los Angeles', 'CA', 'America/Los_Angeles'],
	['Yusen Terminals', 'Yusen', 'Y790', 'USLAX', 'Los Angeles', 'CA', 'America/Los_Angeles'],
	[
		'Port of Miami Terminal Operating Company',
		'POMTOC',
		'L239',
		'USMIA',
		'Miami',
		'FL',
		'America/New_York',
	],
	['South Florida Container Terminal', 'SFCT', 'N775', 'USMIA', 'Miami', 'FL', 'America/New_York'],
	['APM Terminal', 'APM Mobile', 'R103', 'USMOB', 'Mobile', 'AL', 'America/Chicago'],
	[
		'Napoleon Container Terminal',
		'Napoleon',
		'P260',
		'USMSY',
		'New Orleans',
		'LA',
		'America/Chicago',
	],
	['New Orleans Terminal', 'Milan', 'Q795', 'USMSY', 'New Orleans', 'LA', 'America/Chicago'],
	['Port Elizabeth', 'APM Terminals', 'E425', 'USNYC', 'New York', 'NY', 'America/New_York'],
	['GCT New York LP', 'GCT', 'E005', 'USNYC', 'New York', 'NY', 'America/New_York'],
	['Maher Terminals', 'Maher', 'E416', 'USNYC', 'New York', 'NY', 'America/New_York'],
	['GCT Bayonne', 'GCTB', 'E364', 'USNYC', 'New York', 'NY', 'America/New_York'],
	['Port Newark Container Terminal', 'PNCT', 'F577', 'USNYC', 'New York', 'NY', 'America/New_York'],
	[
		'Oakland International Container Terminal',
		'SSA',
		'Z985',
		'USOAK',
		'Oakland',
		'CA',
		'America/Los_Angeles',
	],
	['TraPac Terminal', 'TraPac', 'Y549', 'USOAK', 'Oakland', 'CA', 'America/Los_Angeles'],
	['Ben E. Nutter Terminal', 'Everport', 'Y738', 'USOAK', 'Oakland', 'CA', 'America/Los_Angeles'],
	['Packer Avenue', 'Packer Avenue', 'C095', 'USPHL', 'Philadelphia', 'PA', 'America/New_York'],
	[
		'Florida International Terminal',
		'FIT',
		'N751',
		'USPEF',
		'Fort Lauderdale',
		'FL',
		'America/New_York',
	],
	[
		'Tampa Bay Container Terminal',
		'Tampa Bay',
		'M669',
		'USPOT',
		'Tampa Bay',
		'FL',
		'America/New_York',
	],
	['Garden City Terminals', 'GCT', 'L737', 'USSAV', 'Savannah', 'GA', 'America/New_York'],
	['SSA Terminal 18', 'Terminal 18', 'X117', 'USSEA', 'Seattle', 'WA', 'America/Los_Angeles'],
	['SSA Terminal 30', 'Terminal 30', 'Y197', 'USSEA', 'Seattle', 'WA', 'America/Los_Angeles'],
	['Pierce County Terminal', 'PCT', 'X215', 'USTIW', 'Tacoma', 'WA', 'America/Los_Angeles'],
	['Husky Terminal', 'Husky', 'Z693', 'USTIW', 'Tacoma', 'WA', 'America/Los_Angeles'],
	['Washington United Terminals', 'WUT', 'Z705', 'USTIW', 'Tacoma', 'WA', 'America/Los_Angeles'],
	['Tacoma Container Terminal', 'TCT', 'WAM2', 'USTIW', 'Tacoma', 'WA', 'America/Los_Angeles'],
	[
		'Richmond Marine Terminal',
		'Richmond (RMT)',
		'LAQ4',
		'USORF',
		'Norfolk',
		'VA',
		'America/New_York',
	],
	[
		'Portsmouth Marine Terminal',
		'Portsmouth (PMT)',
		'L045',
		'USORF',
		'Norfolk',
		'VA',
		'America/New_York',
	],
	[
		'Virginia International Gateway',
		'Virginia (VIG)',
		'N195',
		'USORF',
		'Norfolk',
		'VA',
		'America/New_York',
	],
	[
		'Norfolk International Terminals',
		'Norfolk (NIT)',
		'L005',
		'USORF',
		'Norfolk',
		'VA',
		'America/New_York',
	],
];

/** ZIP code of each port's harbour district (terminal addresses are not in terminals.csv). */
const PORT_ZIPS: Record<string, string> = {
	USBAL: '21224',
	USBOS: '02127',
	USHOU: '77571',
	USJAX: '32226',
	USLAX: '90731',
	USLGB: '90802',
	USMIA: '33132',
	USMOB: '36602',
	USMSY: '70130',
	USNYC: '07114',
	USOAK: '94607',
	USORF: '23505',
	USPEF: '33316',
	USPHL: '19148',
	USPOT: '93041',
	USSAV: '31408',
	USSEA: '98134',
	USTIW: '98421',
};

/** A made-up street address of the shape the live service gives ("400 Long Point Rd. "). */
function streetFor(firmsCode: string): string {
	const h = hashString(`street:${firmsCode}`);
	const name = ['Harbor', 'Terminal', 'Pier', 'Port', 'Wharf', 'Dock'][h % 6];
	const kind = ['Rd.', 'Way', 'Blvd', 'Ave', 'Dr.'][(h >>> 4) % 5];
	return `${100 + ((h >>> 8) % 900)} ${name} ${kind}`;
}

export const TERMINALS: TerminalRef[] = TERMINAL_ROWS.map(
	([name, nickname, firmsCode, portCode, city, stateAbbr, timeZone]) => ({
		id: stableId('terminal', firmsCode),
		name,
		nickname,
		firmsCode,
		portCode,
		city,
		stateAbbr,
		country: 'United States',
		timeZone,
		street: streetFor(firmsCode),
		zip: PORT_ZIPS[portCode] ?? '00000',
	}),
);
export const TERMINALS_BY_ID = new Map(TERMINALS.map((t) => [t.id, t]));
export const TERMINALS_BY_FIRMS = new Map(TERMINALS.map((t) => [t.firmsCode, t]));
/** Terminals of each port (`relationships.terminals` of a port). */
export const TERMINALS_BY_PORT = new Map<string, TerminalRef[]>();
for (const t of TERMINALS)
	TERMINALS_BY_PORT.set(t.portCode, [...(TERMINALS_BY_PORT.get(t.portCode) ?? []), t]);

export interface MetroAreaRef {
	id: string;
	code: string;
	name: string;
	stateAbbr: string;
	countryCode: string;
	timeZone: string;
	latitude: number;
	longitude: number;
	railCarrier: string;
	railTerminal: { id: string; name: string; nickname: string; firmsCode: string };
}

function metro(
	code: string,
	name: string,
	stateAbbr: string,
	timeZone: string,
	latitude: number,
	longitude: number,
	railCarrier: string,
	rtName: string,
	rtNick: string,
	rtFirms: string,
): MetroAreaRef {
	return {
		id: stableId('metro_area', code),
		code,
		name,
		stateAbbr,
		countryCode: 'US',
		timeZone,
		latitude,
		longitude,
		railCarrier,
		railTerminal: {
			id: stableId('rail_terminal', rtFirms),
			name: rtName,
			nickname: rtNick,
			firmsCode: rtFirms,
		},
	};
}

/** Inland rail destinations. */
export const METRO_AREAS: MetroAreaRef[] = [
	metro(
		'USCHI',
		'Chicago',
		'IL',
		'America/Chicago',
		41.8781,
		-87.6298,
		'BNSF',
		'BNSF Logistics Park Chicago',
		'LPC',
		'H572',
	),
	metro(
		'USDAL',
		'Dallas',
		'TX',
		'America/Chicago',
		32.7767,
		-96.797,
		'UPRR',
		'UP Dallas Intermodal Terminal',
		'DIT',
		'S445',
	),
	metro(
		'USMEM',
		'Memphis',
		'TN',
		'America/Chicago',
		35.1495,
		-90.049,
		'BNSF',
		'BNSF Memphis Intermodal',
		'Memphis',
		'T318',
	),
	metro(
		'USKCK',
		'Kansas City',
		'KS',
		'America/Chicago',
		39.0997,
		-94.5786,
		'BNSF',
		'BNSF Kansas City Intermodal',
		'KCI',
		'Q114',
	),
	metro(
		'USCMH',
		'Columbus',
		'OH',
		'America/New_York',
		39.9612,
		-82.9988,
		'CSXT',
		'CSX Columbus Intermodal',
		'Columbus',
		'K229',
	),
	metro(
		'USATL',
		'Atlanta',
		'GA',
		'America/New_York',
		33.749,
		-84.388,
		'NS',
		'NS Austell Intermodal',
		'Austell',
		'L551',
	),
];
export const METRO_BY_CODE = new Map(METRO_AREAS.map((m) => [m.code, m]));
export const METRO_BY_ID = new Map(METRO_AREAS.map((m) => [m.id, m]));
export const RAIL_TERMINALS_BY_ID = new Map(METRO_AREAS.map((m) => [m.railTerminal.id, m]));

export interface VesselRef {
	id: string;
	name: string;
	imo: string;
	mmsi: string;
	scac: string | null;
}

function vessel(name: string, imo: string, mmsi: string, scac: string | null): VesselRef {
	return { id: stableId('vessel', imo), name, imo, mmsi, scac };
}

/** Real container ships (IMO numbers pass the IMO check digit). */
export const VESSELS: VesselRef[] = [
	vessel('EVER GIVEN', '9811000', '353136000', 'EGLV'),
	vessel('EVER FORWARD', '9850551', '563115800', 'EGLV'),
	vessel('MSC GULSUN', '9839430', '353136001', 'MSCU'),
	vessel('MAERSK SYDNEY', '9289958', '219018271', 'MAEU'),
	vessel('TONGALA', '9278105', '636013644', 'MAEU'),
	vessel('CMA CGM MARCO POLO', '9454436', '228339600', 'CMDU'),
	vessel('ONE APUS', '9806079', '563090000', 'ONEY'),
	vessel('HMM ALGECIRAS', '9863297', '440326000', 'HDMU'),
	vessel('COSCO SHIPPING UNIVERSE', '9795610', '477211900', 'COSU'),
	vessel('MADRID EXPRESS', '9777204', '218774000', 'HLCU'),
	vessel('OOCL HONG KONG', '9776171', '477333500', 'OOLU'),
	vessel('YM WELLNESS', '9704623', '563022100', 'YMLU'),
	vessel('ZIM KINGSTON', '9469572', '636019210', 'ZIMU'),
	vessel('APL CHANGI', '9631955', '566938000', 'APLU'),
	vessel('WAN HAI 805', '9904479', '563164400', 'WHLC'),
];
export const VESSELS_BY_ID = new Map(VESSELS.map((v) => [v.id, v]));
export const VESSELS_BY_IMO = new Map(VESSELS.map((v) => [v.imo, v]));

export const RAIL_CARRIERS = ['BNSF', 'UPRR', 'CSXT', 'NS'];

export const CUSTOMER_NAMES = [
	'Sodor Steamworks',
	'Lakin and Sons',
	'Schuster-Barrows',
	'Acme Imports',
	'Blue Harbor Trading',
	'Northwind Traders',
];
