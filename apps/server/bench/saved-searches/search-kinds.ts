/** What people save searches for: the marketplace's own words, parts and misspellings of them, rare finds. */
import { CATEGORIES } from '@yardsale/validators';
import type { Category } from '@yardsale/validators';

import { WORDS } from '../lib/listing-words';
import type { Random } from '../lib/random';

/** Searches for things nobody in the seeded marketplace sells: most saved searches wait for a rare find. */
const RARE_FINDS = [
  'harp',
  'anvil',
  'canoe',
  'loom',
  'saddle',
  'typewriter',
  'telescope',
  'accordion',
  'banjo',
  'trampoline',
  'hammock',
  'microscope',
  'chandelier',
  'wheelbarrow',
  'generator',
  'air compressor',
  'chainsaw',
  'extension ladder',
  'bunk bed',
  'futon',
  'ottoman',
  'armoire',
  'credenza',
  'hutch',
  'bassinet',
  'scooter',
  'skateboard',
  'surfboard',
  'paddleboard',
  'rowing machine',
  'elliptical',
  'kettlebell',
  'violin',
  'cello',
  'drum set',
  'amplifier',
  'turntable',
  'projector',
  'drone',
  'sewing table',
  'pressure washer',
  'snow blower',
  'table saw',
  'drill press',
  'welder',
  'kiln',
  'pottery wheel',
  'easel',
  'fish tank',
  'bird cage',
  'rabbit hutch',
  'horse trailer',
  'tractor',
  'canopy tent',
  'pool table',
  'ping pong table',
  'foosball',
  'arcade cabinet',
  'jukebox',
  'pinball',
  'vhs tapes',
  'cassette deck',
  'reel mower',
  'rain barrel',
  'compost bin',
  'bike trailer',
  'baby swing',
  'wagon',
  'sled',
  'ice skates',
  'cross country skis',
  'wetsuit',
  'life jackets',
  'trolling motor',
  'tackle box',
  'hunting boots',
  'crossbow',
  'gun safe',
  'filing cabinet',
  'standing desk',
];

/** Words of an item's name not searched alone. */
const NOT_ALONE = new Set(['with', 'of', 'and', 'set', 'box', 'lot', 'pair', 'for', 'n']);

export interface SearchKind {
  search: string;
  /** The category its things are listed in, if one. */
  category: Category | null;
}

/** What people search for, made of the marketplace's own words and some it never uses. */
export function searchKinds(random: Random) {
  const common = new Map<string, SearchKind>();
  const add = (search: string, category: Category | null) => {
    const key = search.toLowerCase();
    if (!common.has(key)) common.set(key, { search: key, category });
  };
  const singles: string[] = [];
  for (const category of CATEGORIES) {
    const words = WORDS[category];
    for (const [name, modifiers] of words.items) {
      const nameWords = name.split(/\s+/);
      if (nameWords.length <= 3) add(name, category);
      for (const word of nameWords) {
        if (word.length >= 3 && !NOT_ALONE.has(word.toLowerCase()) && !/^\d/.test(word)) {
          add(word, category);
          singles.push(word.toLowerCase());
        }
      }
      const noun = nameWords.at(-1) ?? name;
      for (const modifier of modifiers) {
        const modifierWords = modifier.split(/\s+/);
        if (modifierWords.length === 1) add(modifier, category);
        if (modifierWords.length + 1 <= 3) add(`${modifier} ${noun}`, category);
      }
    }
    for (const goods of words.saleGoods) add(goods, null);
  }
  const longWords = [...new Set(singles)].filter((w) => w.length >= 6);
  // "furn" for furniture: the start of a word, typed and saved.
  const partial = longWords.map((w) => w.slice(0, 4));
  // One letter dropped: "dreser". Search would correct it; saved-search alerts do not.
  const misspelt = longWords.map((w) => {
    const at = random.int(1, w.length - 2);
    return w.slice(0, at) + w.slice(at + 1);
  });
  const short = ['tv', 'lg', 'hp', 'cd', 'pc', '4k'];
  return {
    /** With their shares of the searches that have words. */
    groups: [
      { share: 0.7, kinds: [...common.values()] },
      { share: 0.05, kinds: [...new Set(partial)].map((search) => ({ search, category: null })) },
      { share: 0.05, kinds: [...new Set(misspelt)].map((search) => ({ search, category: null })) },
      { share: 0.02, kinds: short.map((search) => ({ search, category: null })) },
      { share: 0.18, kinds: RARE_FINDS.map((search) => ({ search, category: null })) },
    ],
  };
}
