import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

export const TERMINAL49_DEFAULT_BASE_URL = 'https://api.terminal49.com/v2';

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
				'Root of the API, ending in /v2. Change it only for a proxy or a local sandbox (for example http://127.0.0.1:4949/v2).',
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
				'The test checks that Terminal49 accepts this key. A key on the restricted free plan passes: it can create tracking requests, and every other operation explains that it needs a paid plan.',
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
	 * Creating a tracking request is the one call every valid key may make, the restricted free plan
	 * included. The test sends a deliberately blank one: the service validates it (422, nothing is
	 * created) for any valid key and answers 401 for a key it cannot verify.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{String($credentials.baseUrl || "").trim().replace(/\\/+$/, "")}}',
			url: '/tracking_requests',
			method: 'POST',
			headers: { 'Content-Type': 'application/vnd.api+json', Accept: 'application/vnd.api+json' },
			body: {
				data: {
					type: 'tracking_request',
					attributes: { request_type: 'bill_of_lading', request_number: '', scac: '' },
				},
			},
			json: true,
			ignoreHttpStatusErrors: true,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'errors[0].status',
					value: '401',
					message:
						'Terminal49 could not verify this API key: it is wrong, revoked or truncated. Copy a current key from the developer portal and paste it alone (no "Token", no quotes).',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'errors[0].status',
					value: '403',
					message:
						'Terminal49 accepted the key but refused access (403). Ask Terminal49 to enable API access for this account.',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'errors[0].status',
					value: '404',
					message: `No Terminal49 API at this Base URL. Use ${TERMINAL49_DEFAULT_BASE_URL} (it must end in /v2).`,
				},
			},
		],
	};
}
