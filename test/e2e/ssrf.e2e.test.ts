/**
 * n8n's SSRF protection in real n8n 2.41.1 (N8N_SSRF_PROTECTION_ENABLED=true with 3.0's block list, no
 * allowance) and a credential whose Base URL is the sandbox on 127.0.0.1: the credential test (the editor's Test
 * button) and an operation are refused by n8n before any request leaves, and each says so. With the allowance
 * (N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32) the whole suite's 3.x-settings runs pass (scripts/n8n/env.js,
 * T49_N8N_SETTINGS=3x).
 */
import { Terminal49Api } from '../../credentials/Terminal49Api.credentials';
import { chain, harness, startT49Stack, testCredential } from './helpers';
import type { T49Stack } from './helpers';

jest.setTimeout(180_000);

let t49: T49Stack;

beforeAll(async () => {
	t49 = await startT49Stack({
		env: {
			N8N_SSRF_PROTECTION_ENABLED: 'true',
			N8N_SSRF_BLOCKED_IP_RANGES: harness.SSRF_BLOCKED_IP_RANGES_3_0,
			// the 3.x-settings switch, if the run has it on, must not allow the sandbox here
			N8N_SSRF_ALLOWED_IP_RANGES: '',
			N8N_SSRF_ALLOWED_HOSTNAMES: '',
		},
	});
});

afterAll(async () => {
	if (t49) await t49.stop();
});

test("the credential test is refused with n8n's own words, which the credential's Base URL field explains", async () => {
	const before = t49.sandbox.requests.length;
	const result = await testCredential(t49, 'sandbox_paid');
	expect(result).toEqual({
		status: 'Error',
		message: 'The request was blocked because it resolves to a restricted IP address',
	});
	expect(t49.sandbox.requests.length).toBe(before);
	// a declarative credential test cannot word an error n8n throws before the request: the field says what it means
	const baseUrl = new Terminal49Api().properties.find((p) => p.name === 'baseUrl');
	expect(baseUrl?.description).toContain(`("${result.message}")`);
	expect(baseUrl?.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32');
});

test('an operation (Account > Get) fails with the refusal, the address and the setting that allows it', async () => {
	const before = t49.sandbox.requests.length;
	const workflow = await t49.stack.client.createWorkflow(
		t49.bind(
			chain('SSRF: Account > Get', [
				{ name: 'Account', parameters: { resource: 'account', operation: 'get' } },
			]),
		),
	);
	const execution = await t49.stack.client.runWorkflow(workflow.id, { triggerName: 'Start' });
	expect(execution.status).toBe('error');
	const error = harness.runError(execution) as { message: string; description: string };
	const origin = new URL(t49.sandbox.baseUrl).origin;
	expect(error.message).toBe(
		`n8n's SSRF protection refused the request to ${origin}: 127.0.0.1 is a restricted address`,
	);
	expect(error.description).toContain(
		'n8n said: "The request was blocked because it resolves to a restricted IP address".',
	);
	expect(error.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32');
	expect(t49.sandbox.requests.length).toBe(before);
});
