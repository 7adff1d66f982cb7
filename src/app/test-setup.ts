// Vitest setup of the page and component tests. Testing Library's default wait of 1 s is short
// for a page that renders a data grid against the in-process service on a busy 2-core machine
// (CI); waiting longer never slows a passing test.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
