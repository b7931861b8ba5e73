/**
 * The app, loaded by boot.ts after the first paint. Start-up in short tasks, so a phone's main thread is never blocked for long: this module's
 * evaluation (React, the router library), then the router's creation (it matches the URL and
 * starts loading the first screen's chunk), then the first render as a transition, which React
 * does in slices of a few milliseconds. index.html's boot frame stays painted until React's first
 * commit, so splitting costs nothing visible.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/router';

/** Runs `work` in a task of its own, after the browser has handled what is waiting. */
const nextTask = (work: () => void) => setTimeout(work, 0);

nextTask(() => {
  const router = createBrowserRouter(routes);
  nextTask(() => {
    startTransition(() => {
      createRoot(document.getElementById('root')!).render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      );
    });
  });
});
