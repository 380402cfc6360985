/**
 * The request a container list makes before it filters or sorts on the service's last-free-day fields, when
 * it does not know yet whether the account's containers come from the older serializer
 * (nodes/Terminal49/client/lfdSelection.ts): the first container of the service's own order, one record.
 */
export const SERIALIZER_PROBE = { 'page[size]': '1' };

/** Whether a logged query of `GET /containers` is that probe. */
export function isSerializerProbe(query: Record<string, unknown>): boolean {
	const keys = Object.keys(query);
	return keys.length === 1 && query['page[size]'] === SERIALIZER_PROBE['page[size]'];
}
