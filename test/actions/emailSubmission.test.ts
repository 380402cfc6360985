/**
 * Email Submission: Get and Get Many against the sandbox through real n8n-core.
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import { resetRateLimiter } from '../../nodes/Terminal49/transport/rateLimiter';
import { requestLog, runnerFor } from '../helpers/actionHarness';

let sb: Sandbox;
const emailSubmission = runnerFor(() => sb, 'emailSubmission');

beforeAll(async () => {
	sb = await startSandbox({ carrierDelayMs: 50, rateWindowMs: 1000, webhookRetryScale: 0 });
});
afterAll(async () => {
	await sb.close();
});
beforeEach(() => {
	sb.clearRequests();
	resetRateLimiter();
});

describe('Email Submission', () => {
	it('Get Many includes the documents by default', async () => {
		const email = sb.store.emailSubmissions.all()[0];
		const out = await emailSubmission.run({
			operation: 'getAll',
			returnAll: true,
			include: ['documents', 'documents.last_document_representation'],
		});
		expect(requestLog(sb)).toEqual([
			['GET', '/v2/me', {}, null, 200],
			[
				'GET',
				'/v2/email_submissions',
				{ include: 'documents,documents.last_document_representation', 'page[size]': '100' },
				null,
				200,
			],
		]);
		expect(out).toEqual([
			expect.objectContaining({
				id: email.id,
				type: 'email_submission',
				subject: email.subject,
				from: email.from,
				documents: email.documentIds.map((id) => expect.objectContaining({ id, type: 'document' })),
			}),
		]);
		expect(email.documentIds.length).toBeGreaterThan(0);
	});

	it('Get fetches one; with no include chosen the service nests its default (the documents)', async () => {
		const email = sb.store.emailSubmissions.all()[0];
		const out = await emailSubmission.run({
			operation: 'get',
			emailSubmissionId: email.id,
			include: [],
		});
		expect(requestLog(sb)).toEqual([['GET', `/v2/email_submissions/${email.id}`, {}, null, 200]]);
		expect(out).toEqual([
			expect.objectContaining({
				id: email.id,
				subject: email.subject,
				documents: email.documentIds.map((id) => expect.objectContaining({ id, type: 'document' })),
			}),
		]);
		sb.clearRequests();
		const withAccount = await emailSubmission.run({
			operation: 'get',
			emailSubmissionId: email.id,
			include: ['account', 'user'],
		});
		expect(requestLog(sb)).toEqual([
			['GET', `/v2/email_submissions/${email.id}`, { include: 'account,user' }, null, 200],
		]);
		expect(withAccount[0].documents).toEqual(email.documentIds);
		await expect(
			emailSubmission.run({ operation: 'get', emailSubmissionId: 'a b' }),
		).rejects.toThrow('Invalid Email Submission ID "a b"');
	});
});
