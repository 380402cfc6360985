/**
 * Terminal49's documented list filters and sort tokens for `GET /containers` and `GET /shipments`, as of
 * October 2026. Sources (github.com/Terminal49/API):
 * - `docs/api-docs/api-reference/list-filters.mdx` (commit 1c5319d): the filter keys, their values and traps;
 * - `sdks/typescript-sdk/src/client/filter-validation.ts` (`SHIPMENT_SORTS`, `CONTAINER_SORTS`) and
 *   `src/generated/terminal49.ts` (the `sort` parameter): the sort tokens;
 * - `docs/api-docs/in-depth-guides/filtering-shipments-and-containers.mdx`: request examples.
 *
 * The node sends no list parameter outside this catalog (`assertDocumented`): the service ignores an unknown
 * key silently, so a typo would come back as an unfiltered list. Left out on purpose: the container filters
 * Terminal49's own MCP server keeps off because "deployed API checks found errors or ineffective filtering"
 * (`docs/mcp/filtering-worklists.mdx`, 0b5cd09): `filter[pod_eta_at]` and `filter[pod_ata_at]` (HTTP 500 on
 * the deployed service since 2026-10-05) and `filter[custom_fields]` (number, boolean, date and the dotted
 * form ignored); the node applies what it offers of them itself (Container Get Many's Arrival (ETA)). And
 * `filter[status]`, `filter[pod_locode]`, `filter[line_scac]` (never documented: ignored).
 */

/** `filter[<key>]` of `GET /containers`. */
export const CONTAINER_FILTER_KEYS: readonly string[] = [
	'number',
	'pol',
	'pod',
	'destination',
	'pol_code',
	'pod_code',
	'destination_code',
	'shipping_line_scac',
	'customer_id',
	'customer_name',
	'vessel_name',
	'pod_terminal_id',
	'current_status',
	'has_fees',
	'has_demurrage_fees',
	'has_fees_or_holds',
	'requires_attention',
	'eta_changed_in_last_24h',
	'eta_changed_in_past_3_days',
	'has_holds',
	'actively_tracked',
	'search_by_ids',
	'search_by_number',
	'search_by_shipment_number',
	'search_by_shipment_ref_numbers',
	'search_by_ref_numbers',
	'search_by_owner_id',
	'delivered_at',
	'pod_discharged_at',
	'pod_arrived_at',
	'pol_etd_at',
	'pol_atd_at',
	'empty_out_at',
	'pol_full_in_at',
	'pol_vessel_loaded_at',
	'pol_vessel_departed_at',
	'arrival',
	'picked_up_at',
	'empty_returned_at',
	'created_at',
	'updated_at',
	'last_free_day_on',
	'inland_destination_rail_unloaded_at',
	'final_destination_full_out_at',
	'inland_destination_eta_at',
	'inland_destination_ata_at',
	'pod_rail_departed_at',
	'pickup_lfd',
	'pickup_lfd_rail_on',
	'pickup_lfd_terminal_on',
	'pickup_lfd_line_on',
	'pickup_lfd_terminal_effective_on',
	'pickup_lfd_line_effective_on',
	'tags',
	'tags_and',
	'parties',
];

/** `filter[<key>]` of `GET /shipments`. */
export const SHIPMENT_FILTER_KEYS: readonly string[] = [
	'q',
	'number',
	'created_at',
	'actively_tracked',
	'tracking_stopped',
	'voyage_status',
	'arriving_today',
	'pod_ata_at',
	'pod_arrival',
	'pod_code',
	'pod_eta_changed_at',
	'pod_terminal_id',
	'pol_code',
	'owner_id',
	'creator_id',
	'customer_id',
	'product',
	'party_id',
	'tags',
	'tags_and',
	'tag',
];

/** Top-level aliases of `GET /shipments` ("compatibility aliases; nested filters take precedence"). */
export const SHIPMENT_TOP_LEVEL_ALIASES: readonly string[] = ['q', 'number', 'tracking_stopped'];

/** Container sort fields (`-` for descending, up to three), or `attention_priority` alone. */
export const CONTAINER_SORT_FIELDS: readonly string[] = [
	'arrival',
	'created_at',
	'updated_at',
	'shipment_number',
	'destination_ata_at',
	'destination_eta_at',
	'empty_terminated_at',
	'final_destination_full_out_at',
	'last_status_refresh_at',
	'picked_up_at',
	'delivered_at',
	'delivery_appointment_at',
	'pickup_lfd',
	'pickup_lfd_line_on',
	'pickup_lfd_line_effective_on',
	'pickup_lfd_line_ind_effective_on',
	'pickup_lfd_line_ind_on',
	'ind_lfd',
	'pickup_lfd_rail_on',
	'pickup_lfd_rail_effective_on',
	'pickup_lfd_terminal_on',
	'pickup_lfd_terminal_effective_on',
	'pod_arrived_at',
	'pod_discharged_at',
	'pod_eta_at',
	'pod_ata_at',
	'inland_destination_rail_unloaded_at',
	'inland_destination_eta_at',
	'inland_destination_ata_at',
	'pod_rail_loaded_at',
	'pol_full_in_at',
	'empty_out_at',
	'pol_vessel_loaded_at',
	'pol_vessel_departed_at',
];

/** Shipment sort tokens: exactly one of these. */
export const SHIPMENT_SORTS: readonly string[] = [
	'created_at',
	'-created_at',
	'pod_arrival',
	'-pod_arrival',
	'tracking_stopped_at',
	'-tracking_stopped_at',
];

/** Query parameters of every list that are not filters: paging and includes. */
const LIST_PARAMETERS = ['page[number]', 'page[size]', 'include'];

const FILTER_KEY = /^filter\[([a-z0-9_]+)\](?:\[[a-z0-9_]*\])*$/;

/**
 * Why a query parameter of `GET /containers` or `GET /shipments` is not in the catalog, or undefined when
 * it is. Used by the client before every list request and by the tests on what the service received.
 */
export function undocumented(
	list: 'containers' | 'shipments',
	name: string,
	value: unknown,
): string | undefined {
	if (LIST_PARAMETERS.includes(name)) return undefined;
	if (name === 'sort') {
		const tokens = String(value).split(',');
		if (list === 'shipments') {
			return tokens.length === 1 && SHIPMENT_SORTS.includes(tokens[0])
				? undefined
				: `sort=${String(value)} is not a documented shipment sort`;
		}
		if (String(value) === 'attention_priority') return undefined;
		return tokens.length <= 3 &&
			tokens.every((token) => CONTAINER_SORT_FIELDS.includes(token.replace(/^-/, '')))
			? undefined
			: `sort=${String(value)} is not a documented container sort`;
	}
	if (list === 'shipments' && SHIPMENT_TOP_LEVEL_ALIASES.includes(name)) return undefined;
	const key = FILTER_KEY.exec(name)?.[1];
	const keys = list === 'containers' ? CONTAINER_FILTER_KEYS : SHIPMENT_FILTER_KEYS;
	return key !== undefined && keys.includes(key)
		? undefined
		: `${name} is not a documented ${list === 'containers' ? 'container' : 'shipment'} filter`;
}
