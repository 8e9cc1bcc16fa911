import { violations } from './openapi-conformance';

// Fails the test whose answers did not match the OpenAPI document (see openapi-conformance.ts).
afterEach(() => {
  const found = violations.splice(0);
  expect(found).toEqual([]);
});
