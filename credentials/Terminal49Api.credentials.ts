import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

export const TERMINAL49_DEFAULT_BASE_URL = 'https://api.terminal49.com/v2';
const DEVELOPERS_PAGE = 'https://app.terminal49.com/developers';
const BILLING_PAGE = 'https://app.terminal49.com/settings/billing';

/**
 * The key exactly as Terminal49 wants it after `Token `: pasted keys often carry surrounding
 * whitespace, quotes or a `Token `/`Bearer ` prefix copied from docs; the service rejects all of those.
 */
export function normalizeApiKey(raw: unknown): string {
	let key = typeof raw === 'string' ? raw.trim() : '';
	for (let previous = ''; previous !== key; ) {
		previous = key;
		key = key
			.replace(/^(token|bearer)\s+/i, '')
			.replace(/^["'`]+|["'`]+$/g, '')
			.trim();
	}
	return key;
}

export class Terminal49Api implements ICredentialType {
	name = 'terminal49Api';

	displayName = 'Terminal49 API';

	icon: Icon = { light: 'file:terminal49.svg', dark: 'file:terminal49.dark.svg' };

	documentationUrl = 'https://terminal49.com/docs/api-docs/in-depth-guides/authentication';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'API key from the Terminal49 developer portal (Settings > API keys). Paste the key alone; it is sent as "Authorization: Token &lt;key&gt;".',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: TERMINAL49_DEFAULT_BASE_URL,
			required: true,
			description:
				'Root of the API, ending in /v2. Change it only for a proxy or a local sandbox (for example http://127.0.0.1:4949/v2). Where n8n\'s SSRF protection is on (N8N_SSRF_PROTECTION_ENABLED=true), n8n refuses a local or private address ("The request was blocked because it resolves to a restricted IP address") unless its administrator allows it, e.g. N8N_SSRF_ALLOWED_IP_RANGES=127.0.0.1/32.',
		},
		{
			displayName: 'Rate Limit (Requests per Window)',
			name: 'rateLimitRequests',
			type: 'number',
			default: 100,
			typeOptions: { minValue: 1 },
			description:
				'How many requests this key may send per rate window. Terminal49 allows 100 per rolling minute unless your account was given more. The nodes pace themselves to stay under it.',
		},
		{
			displayName: 'Rate Limit Window (Seconds)',
			name: 'rateLimitWindowSeconds',
			type: 'number',
			default: 60,
			typeOptions: { minValue: 1 },
			description:
				"The length of Terminal49's rolling rate window: 60 seconds. Change it only if Terminal49 gave your account another window, or for a local sandbox that runs a shorter one.",
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'requestTimeoutSeconds',
			type: 'number',
			default: 30,
			typeOptions: { minValue: 1 },
			description:
				'How long to wait for each answer. A request that is safe to repeat is then retried (up to 3 times); one that is not fails with an error saying so.',
		},
		{
			displayName:
				'The test asks Terminal49 which account the key belongs to (GET /me). A key on the free plan passes: it can create tracking requests, and every other operation says it needs a paid plan. To see the account, plan, tracking slots and features of the key, run Terminal49 > Account > Get.',
			name: 'planNotice',
			type: 'notice',
			default: '',
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: {
				...requestOptions.headers,
				Authorization: `Token ${normalizeApiKey(credentials.apiKey)}`,
			},
		};
	}

	/**
	 * `GET /me`, which every valid key may call, the free plan included, and which changes nothing. A key the
	 * service cannot verify (wrong, revoked, truncated, or paused while the account's billing is locked) gets
	 * 401; an account locked for billing is named; a 404 (a service that predates `/me`) passes, as the old
	 * test (a deliberately blank `POST /tracking_requests`) passed there: the service checks the key before the
	 * route, so a wrong key still gets 401.
	 *
	 * Declarative on purpose: n8n runs it through its own request helpers. A test function (`testedBy` with
	 * `methods.credentialTest`) could send a second request or word its success message, but n8n gives it only
	 * the deprecated `this.helpers.request`, which n8n's community scanner bans; and n8n's editor shows
	 * "Connection tested successfully" whatever message a passing test returns. Account > Get tells the
	 * account, plan and features instead.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{String($credentials.baseUrl || "").trim().replace(/\\/+$/, "")}}',
			url: '/me',
			method: 'GET',
			headers: { Accept: 'application/vnd.api+json, application/json' },
			json: true,
			ignoreHttpStatusErrors: true,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'errors[0].status',
					value: '401',
					message: `Terminal49 could not verify this API key (401): it is wrong, revoked or truncated, or paused because the account's billing is locked. Paste a current key from the developer portal (${DEVELOPERS_PAGE}) alone (no "Token", no quotes); if the billing is locked, settle it at ${BILLING_PAGE} (paying restores API access).`,
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'errors[0].status',
					value: '403',
					message:
						'Terminal49 accepted the key but refused access (403). Ask support@terminal49.com to enable API access for this account.',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'included[0].attributes.plan',
					value: 'locked',
					message: `The account of this key is locked for billing: Terminal49 pauses its API keys until it is paid. Settle it at ${BILLING_PAGE}; paying restores API access.`,
				},
			},
		],
	};
}
