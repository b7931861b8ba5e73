/**
 * The one import of zod: shared modules `import * as z from './zod'`, so zod is configured once.
 * - jitless: zod otherwise probes `new Function` to choose JIT parsing; the site's CSP has no
 *   'unsafe-eval', so Chrome reports that (caught) probe as a CSP violation on every page with a
 *   form. Our bodies are a few fields, so the interpreted parser costs nothing noticeable.
 * - named re-exports used through a namespace import (never `import { z } from 'zod'`) let
 *   bundlers drop zod's locales, about 360 KB per Lambda.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
