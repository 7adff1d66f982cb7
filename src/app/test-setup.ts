// Vitest setup of the page and component tests. Testing Library's default wait of 1 s is short
// for a page that renders a data grid against the in-process service on a busy 2-core machine
// (CI); waiting longer never slows a passing test. Page tests that run in the node environment
// have no DOM yet at this point (test-dom.ts installs one, and configures the same): Testing
// Library binds `screen` to the document when first imported, so it must not be imported here.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}

export {};
