'use strict';
/** Reading an execution's run data (public API `data` or CLI result): a node's output items, the run's error. */

/** Output items (json) of `nodeName` in an execution's run data (public API `data` or CLI result). */
function nodeOutput(runData, nodeName, { runIndex = 0, output = 0 } = {}) {
	const data = runData && (runData.data || runData);
	const rd = data && data.resultData && data.resultData.runData;
	const runs = rd && rd[nodeName];
	if (!runs || !runs[runIndex]) return undefined;
	const main = runs[runIndex].data && runs[runIndex].data.main;
	return ((main && main[output]) || []).map((item) => item.json);
}

/** The error of a failed run (CLI result or execution), if any. */
function runError(runData) {
	const data = runData && (runData.data || runData);
	return data && data.resultData && data.resultData.error;
}

module.exports = { nodeOutput, runError };
