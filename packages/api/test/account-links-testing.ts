/* The day the tests of mailed links start on: links are dated from it. */
export const HOUR_MS = 60 * 60 * 1000;
export const START = new Date('2026-06-01T12:00:00Z');
