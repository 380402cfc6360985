/**
 * A record as the user named it: a resource-locator parameter's mode (By ID, By Number, By UN/LOCODE, By
 * IMO, By SCAC, From List, ...) and value, read by `parameters/locator.ts`. The resource clients turn it
 * into what the service takes (`idOf`), checking the value and looking numbers up.
 */
export interface Locator {
	mode: string;
	value: unknown;
}
