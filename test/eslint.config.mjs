// Dev-only code, not part of the published package (tests, the sandbox, benchmarks, scripts): the root
// config's community-node rules (no process, no setTimeout, no console, ...) are for the package's nodes.
// `npm run lint` runs ESLint with ESLINT_FLAGS=unstable_config_lookup_from_file, which makes this file
// govern its folder while the root eslint.config.mjs stays n8n's default (n8n-node cloud-support).
import tsParser from '@typescript-eslint/parser';

export default [
	{ files: ['**/*.ts'], languageOptions: { parser: tsParser } },
	{ linterOptions: { reportUnusedDisableDirectives: 'off' } },
];
