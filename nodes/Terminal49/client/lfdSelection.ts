import type { IDataObject } from 'n8n-workflow';

import { selectsLfd } from '../domain/deadlines';

/**
 * Whether the account behind a key gets the newer container serializer, which sends the last free day
 * Terminal49 selects (`import_deadlines.pod`, domain/deadlines.ts), learned from the containers the key reads.
 * Module state, like the account cache (accountCache.ts): one n8n process shares it between executions, keyed
 * by the transport's key identity (a hash), never by the key.
 *
 * Why a list needs to know before it asks: it is not documented which field `filter[pickup_lfd…]` and
 * `sort=pickup_lfd` read on the newer serializer. There the legacy `pickup_lfd` is a sentinel (2099-12-31), so a
 * filter on it would drop a container due today before the node ever saw it. So a container list narrows or
 * sorts by a last free day on the service only for a key whose containers were seen on the older serializer
 * lately (client/containers.ts).
 *
 * - A container seen with `pod` settles it for good: the newer serializer.
 * - One seen with `import_deadlines` and no `pod` says "older" for LEGACY_TTL_MS: an account moved to the newer
 *   serializer is caught within that time (and by any container of it read meanwhile).
 * - A container without `import_deadlines` says nothing.
 * - A list filtered on the older serializer's LFD fields that sends no container at all may mean the account
 *   moved (every container filtered out on the placeholder date): the client forgets the verdict and asks again.
 */

/** How long containers seen on the older serializer let lists filter on the service's LFD fields. */
export const LEGACY_TTL_MS = 5 * 60_000;

export type Serializer = 'selected' | 'legacy';

const seen = new Map<string, { serializer: Serializer; at: number }>();
const MAX_KEYS = 1000;

/** What the containers of a key said, from their attributes (or flat items). */
export function noteContainers(
	keyId: string,
	containers: IDataObject[],
	now: number = Date.now(),
): void {
	if (seen.get(keyId)?.serializer === 'selected') return;
	let verdict: Serializer | undefined;
	for (const container of containers) {
		if (selectsLfd(container)) {
			verdict = 'selected';
			break;
		}
		const deadlines = container.import_deadlines;
		if (deadlines && typeof deadlines === 'object') verdict = 'legacy';
	}
	if (!verdict) return;
	seen.delete(keyId);
	seen.set(keyId, { serializer: verdict, at: now });
	while (seen.size > MAX_KEYS) seen.delete(seen.keys().next().value as string);
}

/** The serializer of a key's containers, if known (an older verdict only for LEGACY_TTL_MS). */
export function knownSerializer(keyId: string, now: number = Date.now()): Serializer | undefined {
	const known = seen.get(keyId);
	if (!known) return undefined;
	if (known.serializer === 'legacy' && now - known.at > LEGACY_TTL_MS) return undefined;
	return known.serializer;
}

/** Forget what a key's containers said (the next list asks again). */
export function forgetSerializer(keyId: string): void {
	seen.delete(keyId);
}

/** Forget every key (tests). */
export function resetSerializerMemory(): void {
	seen.clear();
}
