// `npm run clean`: remove the build output so a build never ships stale files.
require('node:fs').rmSync(require('node:path').join(__dirname, '..', 'dist'), {
	recursive: true,
	force: true,
});
