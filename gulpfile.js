const { src, dest } = require('gulp');

// Copies node and credential icons, and the nodes' codex files (*.node.json), next to the compiled files
// in dist/: tsc emits only the .ts output, and n8n reads both from beside each node's .js.
function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
