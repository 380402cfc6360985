import type { IExecuteFunctions } from 'n8n-workflow';

/**
 * A record as the user named it: a resource-locator parameter's mode (By ID, By Number, By UN/LOCODE, By
 * IMO, By SCAC, From List, ...) and value. The resource clients turn it into what the service takes
 * (`idOf`), checking the value and looking numbers up.
 */
export interface Locator {
	mode: string;
	value: unknown;
}

/**
 * The one reader of resource-locator parameters. A plain value given in a locator's place (an expression,
 * an AI agent's argument, a workflow of an older version) counts as `plainMode`.
 */
export function readLocator(
	this: IExecuteFunctions,
	name: string,
	itemIndex: number,
	plainMode = 'id',
): Locator {
	const raw = this.getNodeParameter(name, itemIndex) as
		| { mode?: string; value?: unknown }
		| unknown;
	if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
		const { mode, value } = raw as { mode?: string; value?: unknown };
		return { mode: mode ?? plainMode, value };
	}
	return { mode: plainMode, value: raw };
}
