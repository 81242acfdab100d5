import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { parseEnvironment } from './environment';

const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  NAME: z.string().optional(),
});

describe('parseEnvironment', () => {
  it('treats empty variables as unset, so defaults apply', () => {
    expect(parseEnvironment(schema, { PORT: '', NAME: '' })).toEqual({ PORT: 3000 });
    expect(parseEnvironment(schema, { PORT: '8080', NAME: 'yard' })).toEqual({
      PORT: 8080,
      NAME: 'yard',
    });
  });

  it('names each bad variable in its error', () => {
    expect(() => parseEnvironment(schema, { PORT: 'eighty' })).toThrow(
      /Invalid configuration:\n {2}PORT: /,
    );
  });
});
