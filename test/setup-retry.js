// One retry for a test that fails, with the first failure printed (logErrorsBeforeRetry), so a failure that
// depends on a loaded machine (seen here only while several n8n instances shared the 2 cores) does not turn
// CI red, while a real failure, which fails twice, still does.
jest.retryTimes(1, { logErrorsBeforeRetry: true });
