/**
 * scripts/n8n/env.js: the environment every n8n process of the tests gets, with n8n 3.x's settings on 2.41
 * (T49_N8N_SETTINGS=3x or 3x-vm) and without (n8n's defaults). The e2e helper also reads each started process's
 * environment back (test/e2e/helpers.ts checkSettings).
 */
import { n8nEnv, settingsEnv, SSRF_BLOCKED_IP_RANGES_3_0 } from '../../scripts/n8n';

const base = { userFolder: '/tmp/t49-settings-test', port: 5999 };

test("3x: QuickJS for backend and editor, SSRF on with 3.0's list and the sandbox allowed, manual runs on workers, N8N_WEBHOOK_URL alone", () => {
	const env = n8nEnv({ ...base, settings: '3x', line: '2' });
	expect(env).toMatchObject({
		N8N_EXPRESSION_ENGINE: 'quickjs',
		N8N_EXPRESSION_ENGINE_FRONTEND: 'quickjs',
		N8N_SSRF_PROTECTION_ENABLED: 'true',
		N8N_SSRF_BLOCKED_IP_RANGES: 'default,::/128,100.64.0.0/10,2002::/16,64:ff9b::/96',
		N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
		N8N_WEBHOOK_URL: 'http://127.0.0.1:5999/',
	});
	expect(env.WEBHOOK_URL).toBeUndefined();
	expect(SSRF_BLOCKED_IP_RANGES_3_0).toBe(env.N8N_SSRF_BLOCKED_IP_RANGES);
});

test('3x-vm: the backend on vm, the rest the same', () => {
	expect(n8nEnv({ ...base, settings: '3x-vm', line: '2' })).toMatchObject({
		N8N_EXPRESSION_ENGINE: 'vm',
		N8N_EXPRESSION_ENGINE_FRONTEND: 'quickjs',
		N8N_SSRF_PROTECTION_ENABLED: 'true',
	});
});

test("a stack's own webhook address (its proxy, an outage gate) goes by the new name under 3.x's settings", () => {
	const env = n8nEnv({
		...base,
		settings: '3x',
		line: '2',
		extra: { WEBHOOK_URL: 'http://127.0.0.1:7000/' },
	});
	expect(env.N8N_WEBHOOK_URL).toBe('http://127.0.0.1:7000/');
	expect(env.WEBHOOK_URL).toBeUndefined();
});

test("n8n's defaults without them, and on 1.123 (which knows none of them, nor N8N_WEBHOOK_URL)", () => {
	for (const env of [
		n8nEnv({ ...base, settings: '2x', line: '2' }),
		n8nEnv({ ...base, settings: '3x', line: '1' }),
	]) {
		expect(env.WEBHOOK_URL).toBe('http://127.0.0.1:5999/');
		expect(env.N8N_WEBHOOK_URL).toBeUndefined();
		expect(env.N8N_SSRF_PROTECTION_ENABLED).toBeUndefined();
		expect(env.N8N_EXPRESSION_ENGINE).toBeUndefined();
	}
	expect(settingsEnv(undefined, { port: 1 })).toEqual({});
	expect(() => settingsEnv('3.0', { port: 1 })).toThrow(/must be 2x, 3x or 3x-vm/);
});
