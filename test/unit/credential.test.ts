/**
 * The credential against the sandbox: its authenticate() and its declarative test (GET /me), evaluated the
 * way n8n's CredentialsTester does (request sent with the credential applied, then each responseSuccessBody
 * rule compared with lodash-style `get`; a matching rule is a failure with its message). The same test in
 * real n8n (POST /rest/credentials/test): test/e2e/account.e2e.test.ts.
 */
import axios from 'axios';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { normalizeApiKey, Terminal49Api } from '../../credentials/Terminal49Api.credentials';
import type { Sandbox } from '../../sandbox';
import { startSandbox } from '../../sandbox';

const credential = new Terminal49Api();
let sb: Sandbox;

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50 });
});
afterAll(async () => await sb.close());

function get(object: unknown, path: string): unknown {
	return path
		.replace(/\[(\d+)\]/g, '.$1')
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
			object,
		);
}

async function runCredentialTest(
	apiKey: string,
	baseUrl = sb.baseUrl,
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const creds = {
		apiKey,
		baseUrl,
		rateLimitRequests: 100,
	} as unknown as ICredentialDataDecryptedObject;
	const request = credential.test.request;
	const resolvedBase = String(baseUrl).trim().replace(/\/+$/, '');
	expect(request.baseURL).toContain('$credentials.baseUrl');
	const options = await credential.authenticate(creds, {
		...request,
		baseURL: resolvedBase,
	} as IHttpRequestOptions);
	const response = await axios.request({
		method: options.method,
		baseURL: options.baseURL,
		url: options.url,
		headers: options.headers as Record<string, string>,
		data: options.body,
		validateStatus: () => true,
	});
	return verdict(response.data);
}

/** The rules of the credential's test on an answer, as n8n applies them. */
function verdict(body: unknown): { status: 'OK' | 'Error'; message: string } {
	for (const rule of credential.test.rules ?? []) {
		if (
			rule.type === 'responseSuccessBody' &&
			get(body, rule.properties.key) === rule.properties.value
		) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

test('a paid key passes', async () => {
	expect(await runCredentialTest('sandbox_paid')).toEqual({
		status: 'OK',
		message: 'Connection successful!',
	});
});

test('a key on the restricted free plan passes: it is a valid credential', async () => {
	expect((await runCredentialTest('sandbox_free')).status).toBe('OK');
	expect((await runCredentialTest('sandbox_lite')).status).toBe('OK');
});

test('an invalid, revoked or paused key fails with the reasons and what to do', async () => {
	const result = await runCredentialTest('sandbox_revoked');
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/could not verify this API key \(401\)/);
	expect(result.message).toMatch(/revoked/);
	expect(result.message).toMatch(/paused because the account's billing is locked/);
	expect(result.message).toMatch(/app\.terminal49\.com\/settings\/billing/);
});

test('an account locked for billing fails with the fix (the /me answer of such an account)', () => {
	const body = {
		data: { id: 'c', type: 'credential', attributes: { kind: 'api_key', features: {} } },
		included: [{ id: 'a', type: 'account', attributes: { company_name: 'X', plan: 'locked' } }],
	};
	const result = verdict(body);
	expect(result.status).toBe('Error');
	expect(result.message).toMatch(/locked for billing/);
	expect(
		verdict({ ...body, included: [{ ...body.included[0], attributes: { plan: 'customer' } }] }),
	).toEqual({ status: 'OK', message: 'Connection successful!' });
});

test('a service without GET /me (404) falls back: a working key passes, a wrong one still fails', async () => {
	sb.options.meEndpoint = false;
	try {
		sb.clearRequests();
		expect((await runCredentialTest('sandbox_paid')).status).toBe('OK');
		expect((await runCredentialTest('sandbox_revoked')).status).toBe('Error');
		expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['GET', '/v2/me', 404],
			['GET', '/v2/me', 401],
		]);
	} finally {
		sb.options.meEndpoint = true;
	}
});

test('a padded, quoted or prefixed key is normalised before it is sent', async () => {
	expect((await runCredentialTest('  "sandbox_paid"\n')).status).toBe('OK');
	expect((await runCredentialTest('Token sandbox_paid')).status).toBe('OK');
	expect((await runCredentialTest("Bearer 'sandbox_paid'")).status).toBe('OK');
});

test('the test creates nothing', async () => {
	sb.clearRequests();
	await runCredentialTest('sandbox_paid');
	await runCredentialTest('sandbox_free');
	expect(sb.requests.map((r) => [r.method, r.path, r.status])).toEqual([
		['GET', '/v2/me', 200],
		['GET', '/v2/me', 200],
	]);
});

test('authenticate sends "Authorization: Token <key>", never Bearer', async () => {
	const options = await credential.authenticate(
		{ apiKey: ' abc ' } as unknown as ICredentialDataDecryptedObject,
		{ url: '/x', headers: { Accept: 'a' } },
	);
	expect(options.headers).toEqual({ Accept: 'a', Authorization: 'Token abc' });
	expect(normalizeApiKey(undefined)).toBe('');
	expect(normalizeApiKey('`k`')).toBe('k');
});
