import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// findBy*/waitFor wait up to 1 s by default; the whole suite shares two cores with DynamoDB Local,
// where a render after a fake network answer has been seen to take longer. Waiting longer only
// slows a failing test.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// Files share a page and its storage (the web project runs without isolation, vitest.config.ts):
// each file starts as a fresh page would, at / with nothing stored.
beforeAll(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
