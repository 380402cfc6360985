/**
 * The columns of Container > Get Many's Simplified item, in order: a board's row (views/people/container.ts),
 * what every source gives a container (issue 42). The tests state it here once.
 */
export const ROW_COLUMNS = [
	'container_number',
	'status',
	'location',
	'pickup',
	'holds',
	'last_free_day',
	'last_free_day_source',
	'days_left',
	'urgency',
	'fees',
	'return_by',
	'costs',
	'risks',
	'eta',
	'bill_of_lading',
	'carrier',
	'id',
	'as_of',
];
