/**
 * The readers of the node's parameters: each reads, checks and converts what the user set into the plain
 * values the client takes (the client never reads a parameter), plus the descriptions of the parameters
 * many operations share.
 */
export { readLocator, readRecordLocator } from './locator';
export { listProperties, parseList, readList, readTake } from './list';
export { outputProperties, readOutput } from './output';
export { readValue } from './customFieldValue';
export {
	readContainerFilters,
	readContainerSort,
	readShipmentFilters,
	readShipmentSort,
} from './listFilters';
export { readInsightOptions, readWatchedDeadline } from './insights';
export { readTariffs } from './tariffs';
