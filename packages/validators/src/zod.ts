import { z } from 'zod';

// In the browser, zod's compiled parsers would first probe `new Function`, which the content
// security policy refuses (and reports). The server keeps the faster compiled parsers.
if ('window' in globalThis) z.config({ jitless: true });

export { z };
