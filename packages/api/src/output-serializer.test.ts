import fc from 'fast-check';
import superjson from 'superjson';
import type { SuperJSONResult } from 'superjson';
import { describe, expect, it } from 'vitest';

import { serializeOutput } from './output-serializer';

/** Values of the kinds procedures answer with, nested as they nest: what the fast path writes itself. */
const answer = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    tie('object'),
    tie('array'),
  ),
  object: fc.dictionary(fc.string(), tie('value'), { maxKeys: 6 }),
  array: fc.array(tie('value'), { maxLength: 6 }),
})).value;

/** What a serializer wrote, or the error it refused the value with. */
function outcome(write: () => unknown): { written: unknown } | { refused: string } {
  try {
    return { written: write() };
  } catch (error) {
    return { refused: String(error) };
  }
}

describe('serializeOutput', () => {
  it('writes what superjson writes (paths may come in another order), and the client reads the same values back', () => {
    fc.assert(
      fc.property(answer, (value) => {
        // superjson refuses some keys ("__proto__", "constructor", "prototype"): so must this.
        const ours = outcome(() => serializeOutput(value));
        expect(ours).toEqual(outcome(() => superjson.serialize(value)));
        if (!('written' in ours)) return;
        expect(
          superjson.deserialize(JSON.parse(JSON.stringify(ours.written)) as SuperJSONResult),
        ).toEqual(value);
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes a page of listings with its dates and missing values annotated by path', () => {
    const createdAt = new Date('2026-11-20T09:30:00.000Z');
    const page = {
      items: [{ id: 7, title: 'Oak table', createdAt, endsAt: new Date('2026-11-29T20:00:00Z') }],
      nextCursor: null,
      note: undefined,
    };
    expect(serializeOutput(page)).toEqual({
      json: {
        items: [
          {
            id: 7,
            title: 'Oak table',
            createdAt: '2026-11-20T09:30:00.000Z',
            endsAt: '2026-11-29T20:00:00.000Z',
          },
        ],
        nextCursor: null,
        note: null,
      },
      meta: {
        values: { 'items.0.createdAt': ['Date'], 'items.0.endsAt': ['Date'], note: ['undefined'] },
        v: 1,
      },
    });
  });

  it('leaves to superjson whatever it does not write itself', () => {
    class Point {
      constructor(readonly x: number) {}
    }
    const shared = { id: 1 };
    const sharedDate = new Date('2026-01-01T00:00:00Z');
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const cases: unknown[] = [
      new Date('2026-11-24T10:00:00Z'),
      undefined,
      'plain',
      { tags: new Set(['a']) },
      { byId: new Map([[1, 'a']]) },
      { count: BigInt(3) },
      { ratio: Number.NaN, far: Number.POSITIVE_INFINITY },
      // JSON writes -0 as 0; superjson keeps its sign.
      { change: -0 },
      { when: new Date(Number.NaN) },
      { a: shared, b: shared },
      { from: sharedDate, to: sharedDate },
      cyclic,
      { 'a.b': 1, 'c\\d': new Date('2026-02-02T00:00:00Z') },
      { point: new Point(2) },
      { pattern: /ab+c/i },
      { error: new Error('boom') },
      // eslint-disable-next-line no-sparse-arrays -- a hole, which superjson leaves unannotated
      [1, , 3],
    ];
    for (const value of cases) expect(serializeOutput(value)).toEqual(superjson.serialize(value));
  });
});
