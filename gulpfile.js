const { src, dest } = require('gulp');

// Copies node and credential icons next to the compiled files in dist/ (tsc copies only .ts output).
function buildIcons() {
	return src(['nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
