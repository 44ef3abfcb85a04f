// The test tools' own telemetry (Pact's usage reports) is off in every test run and in CI.
it('runs tests with Pact telemetry off', () => {
  expect(process.env.PACT_DO_NOT_TRACK).toBe('true');
});
