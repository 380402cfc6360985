'use strict';
/** `npm start`'s command line: its --help (the usage comment atop scripts/start.js) and its checked options. */
const fs = require('node:fs');

const KNOWN = ['--fresh', '--queue', '--route-by-signature', '--dev', '--legacy-deadlines'];

/** Print the usage comment at the top of `file` (from its 4th line to the comment's end). */
function printHelp(file) {
	process.stdout.write(
		fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.slice(3)
			.join('\n')
			.split('\n */')[0]
			.split('\n')
			.map((l) => l.replace(/^ \*\/?\s?/, ''))
			.join('\n') + '\n',
	);
}

/**
 * The options of `args` (a Set of the command-line arguments) and the environment; throws on an unknown
 * option or a combination that does not go together.
 */
function readOptions(args) {
	const known = KNOWN;
	const unknown = [...args].filter((a) => !known.includes(a));
	if (unknown.length)
		throw new Error(
			`unknown option ${unknown.join(' ')}; the options are ${known.join(', ')} (npm start -- --help)`,
		);
	const realKey = (process.env.T49_API_KEY || '').trim();
	const port = Number(process.env.N8N_DEMO_PORT || 5678);
	const queue = args.has('--queue');
	const bySignature = args.has('--route-by-signature');
	if (bySignature && !queue)
		throw new Error(
			'--route-by-signature goes with --queue (npm start -- --queue --route-by-signature)',
		);
	const dev = args.has('--dev');
	// The sandbox CLI serves the selected-deadline serializer unless told otherwise (docs/sandbox.md).
	const legacyDeadlines = args.has('--legacy-deadlines');
	if (legacyDeadlines && (process.env.T49_API_KEY || '').trim())
		throw new Error('--legacy-deadlines is a sandbox option; with T49_API_KEY there is no sandbox');
	return { realKey, port, queue, bySignature, dev, legacyDeadlines, fresh: args.has('--fresh') };
}

module.exports = { printHelp, readOptions };
