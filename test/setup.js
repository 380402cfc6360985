// Every test, unit or end-to-end, must reach at least one assertion on every run: an assertion inside a
// branch the fixture never takes, or a test that only "does not throw", fails here instead of passing
// silently. There is no retry: a flaky test is a race to find (docs/development.md, "Tests").
beforeEach(() => {
	expect.hasAssertions();
});
