/**
 * The page's only script tag. It is small, and it lets the browser paint index.html's boot frame
 * before the app's code runs: the app (main.tsx and the chunks it imports, which the browser fetches
 * side by side) is fetched and evaluated after the first frame. On the wheel page it also starts GET /api/wheel now,
 * so the wheel's data loads alongside the code instead of after it.
 */
import { wheelRouteOf } from '@shared/routes-wheel';
import { PATHS } from './config/paths';
import { startEarlyGet } from './lib/early-fetch';
import { visitHeaders } from './lib/visit';
import './app/global.css';

/** If no frame comes (a page opened in a background tab), the app starts anyway after this. */
const NO_FRAME_START_MS = 500;

if (location.pathname === PATHS.wheel)
  startEarlyGet(wheelRouteOf('get-wheel').path, visitHeaders());

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main');
};
// The callback runs before the first frame is painted; the task it queues runs after it.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, NO_FRAME_START_MS);
