import '@testing-library/jest-dom';

// Every test asserts something: one that asserts nothing fails instead of passing silently.
beforeEach(() => {
  expect.hasAssertions();
});
