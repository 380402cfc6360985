import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The action node's subtitle on the canvas in words, "Get Many: Container", as the operation and resource
 * are named in the node's panel (not their values, `getAll: container`). n8n evaluates the subtitle as an
 * expression, so the names are looked up in a map built here from the description itself: a renamed
 * operation or a new one needs no change here. A pair the map lacks falls back to the values.
 */
export function operationSubtitle(
	resourceOptions: INodePropertyOptions[],
	properties: INodeProperties[],
): string {
	const names: Record<string, string> = {};
	for (const resource of resourceOptions) {
		const operations = properties.filter(
			(property) =>
				property.name === 'operation' &&
				(property.displayOptions?.show?.resource ?? []).includes(resource.value),
		);
		for (const operation of operations) {
			for (const option of (operation.options ?? []) as INodePropertyOptions[]) {
				names[`${String(resource.value)} ${String(option.value)}`] =
					`${option.name}: ${resource.name}`;
			}
		}
	}
	return `={{ (${JSON.stringify(names)})[$parameter["resource"] + " " + $parameter["operation"]] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}
