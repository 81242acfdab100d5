import superjson from 'superjson';
import type { SuperJSONResult } from 'superjson';

/**
 * superjson's wire format (`{ json, meta }`), written in one pass for what our procedures answer:
 * plain objects and arrays of strings, numbers, booleans, nulls, undefined and dates. superjson's
 * own walker tries every rule it knows on every value and copies each path as it goes, which made it
 * about a quarter of the server's time for a page of listings (decision 051). Anything else (a Map, a
 * class instance, NaN, an object met twice, a key superjson would escape) is left to superjson whole,
 * so the client's `superjson.deserialize` reads the same values either way.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  if (typeof value !== 'object' || value === null || value instanceof Date)
    return superjson.serialize(value);
  const walk = new Walk();
  const json = walk.object(value);
  if (json === FALLBACK) return superjson.serialize(value);
  if (!walk.annotations) return { json: json as SuperJSONResult['json'] };
  return { json: json as SuperJSONResult['json'], meta: { values: walk.annotations, v: 1 } };
}

const FALLBACK = Symbol('left to superjson');

/** The only types this writer annotates; superjson's names for them. */
type Annotation = 'Date' | 'undefined';

/** Keys superjson refuses (prototype pollution) or writes escaped in its paths. */
const specialKey = (key: string) =>
  key === '__proto__' ||
  key === 'constructor' ||
  key === 'prototype' ||
  key.includes('.') ||
  key.includes('\\');

class Walk {
  annotations: Record<string, [Annotation]> | undefined;
  private readonly seen = new Set<object>();
  private readonly path: string[] = [];

  object(input: object): unknown {
    // superjson marks an object met twice (or a cycle) as referentially equal; leave those to it.
    if (this.seen.has(input)) return FALLBACK;
    this.seen.add(input);
    if (Array.isArray(input)) {
      const items: unknown[] = input;
      const copy: unknown[] = new Array<unknown>(items.length);
      for (let index = 0; index < items.length; index++) {
        // superjson leaves a hole unannotated.
        if (!(index in items)) return FALLBACK;
        const item = this.value(items[index], String(index));
        if (item === FALLBACK) return FALLBACK;
        copy[index] = item;
      }
      return copy;
    }
    const prototype: unknown = Object.getPrototypeOf(input);
    if (prototype !== Object.prototype && prototype !== null) return FALLBACK;
    const record = input as Record<string, unknown>;
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      if (specialKey(key)) return FALLBACK;
      const item = this.value(record[key], key);
      if (item === FALLBACK) return FALLBACK;
      copy[key] = item;
    }
    return copy;
  }

  private value(value: unknown, key: string): unknown {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        // NaN, the infinities and -0 (JSON would write it as 0) are superjson's to annotate.
        return Number.isFinite(value) && !Object.is(value, -0) ? value : FALLBACK;
      case 'undefined':
        this.annotate(key, 'undefined');
        return null;
      case 'object': {
        if (value === null) return null;
        if (value instanceof Date) {
          if (this.seen.has(value) || Number.isNaN(value.getTime())) return FALLBACK;
          this.seen.add(value);
          this.annotate(key, 'Date');
          return value.toISOString();
        }
        this.path.push(key);
        const copy = this.object(value);
        this.path.pop();
        return copy;
      }
      default:
        return FALLBACK;
    }
  }

  private annotate(key: string, type: Annotation) {
    this.annotations ??= {};
    this.annotations[this.path.length === 0 ? key : `${this.path.join('.')}.${key}`] = [type];
  }
}
