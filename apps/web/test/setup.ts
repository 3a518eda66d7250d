import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  // Tests of tooling run in the node environment, without a DOM or storage.
  if (typeof window === 'undefined') return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
