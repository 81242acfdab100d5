import { describe, expect, it } from 'vitest';

import { helmetOptions } from './app';
import { readConfig } from './env';

function imageSources(tileUrl: string): unknown {
  const csp = helmetOptions(true, tileUrl).contentSecurityPolicy;
  if (typeof csp !== 'object') throw new Error('no content security policy');
  return csp.directives?.imgSrc;
}

describe('map tiles', () => {
  it("default to OpenStreetMap's, with its credit", () => {
    expect(readConfig({}).mapTiles).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution:
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
  });

  it('take another provider from MAP_TILE_URL and MAP_TILE_ATTRIBUTION', () => {
    expect(
      readConfig({
        MAP_TILE_URL: 'https://tiles.example.org/osm/{z}/{x}/{y}.png?key=abc',
        MAP_TILE_ATTRIBUTION: '&copy; Example Maps',
      }).mapTiles,
    ).toEqual({
      tileUrl: 'https://tiles.example.org/osm/{z}/{x}/{y}.png?key=abc',
      attribution: '&copy; Example Maps',
    });
  });

  it('refuse a tile URL that is not http(s) or lacks {z}, {x} or {y}', () => {
    expect(() => readConfig({ MAP_TILE_URL: 'ftp://tiles.example.org/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL: must be an http\(s\) URL/,
    );
    expect(() => readConfig({ MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}.png' })).toThrow(
      /MAP_TILE_URL: must contain \{z\}, \{x\} and \{y\}/,
    );
    expect(() => readConfig({ MAP_TILE_URL: 'not a url' })).toThrow(/MAP_TILE_URL/);
  });

  it("let the pages load images from the tiles' origin and nowhere else new", () => {
    expect(imageSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    expect(imageSources('http://localhost:8080/tiles/{z}/{x}/{y}.png')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://localhost:8080',
    ]);
    // "{s}" picks one of several subdomains: all of them are allowed.
    expect(imageSources('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tile.example.org',
    ]);
  });
});
