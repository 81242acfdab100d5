/*
 * What the bench's listings are made of: per-category vocabularies, so full-text and trigram matching
 * see the word mix a real neighbourhood produces (common words like "table" match thousands of rows,
 * rarer ones a few dozen).
 */
import type { Category } from '@yardsale/validators';

/** An item sold on its own, with words that fit in front of it and an optional sentence about it. */
type Item = readonly [name: string, modifiers: readonly string[], detail?: string];

interface CategoryWords {
  items: readonly Item[];
  /** Short plural nouns a garage-sale title lists: "tools, toys, books". */
  saleGoods: readonly string[];
  /** Sentences that fit any item of the category. */
  details: readonly string[];
}

/** Also what the saved-search benchmark's searches are made of. */
export const WORDS: Record<Category, CategoryWords> = {
  'Multi-Family': {
    items: [
      [
        'box lot of kitchenware',
        ['Big', 'Neighborhood'],
        'Pots, pans, mixing bowls and a drawer of utensils.',
      ],
      [
        'bundle of holiday decorations',
        ['Huge', 'Three-family'],
        'Lights, wreaths and ornaments from three households.',
      ],
      ['craft supply lot', ['Block clean-out', 'Big']],
      [
        'mixed tool lot',
        ['Garage clean-out', 'Neighborhood'],
        'Hammers, wrenches, screwdrivers and a tool box.',
      ],
    ],
    saleGoods: [
      'tools',
      'toys',
      'books',
      'furniture',
      'kitchenware',
      'clothes',
      'lamps',
      'baby gear',
      'decor',
      'bikes',
      'dishes',
      'games',
    ],
    details: [
      'Several families on our street pooled everything.',
      'Three households, one driveway.',
      'Something for everyone, all priced to sell.',
    ],
  },
  Electronics: {
    items: [
      [
        'flat screen TV',
        ['Samsung 55 inch', 'LG 43 inch', 'Vizio'],
        'Remote and wall mount included.',
      ],
      ['laptop', ['Dell', 'Lenovo ThinkPad', 'Refurbished HP'], 'Factory reset and ready to go.'],
      ['Bluetooth speaker', ['JBL', 'Bose', 'Waterproof']],
      ['gaming monitor', ['27-inch Dell', 'Curved Samsung', '144 Hz'], 'No dead pixels.'],
      ['noise-cancelling headphones', ['Sony', 'Bose'], 'Comes with the case and cable.'],
      ['tablet', ['Apple', 'Samsung Galaxy', 'Amazon Fire']],
      ['record player', ['Vintage', 'Audio-Technica'], 'Needle replaced last year.'],
      ['stereo receiver', ['Yamaha', 'Pioneer', 'Vintage Marantz']],
      ['digital camera', ['Canon', 'Nikon', 'Sony'], 'Two batteries and a charger included.'],
      ['printer', ['HP', 'Brother laser', 'Epson']],
      [
        'game console',
        ['Nintendo Switch', 'PlayStation 4', 'Xbox One'],
        'Two controllers and three games included.',
      ],
    ],
    saleGoods: ['electronics', 'cables', 'speakers', 'video games', 'chargers', 'DVDs'],
    details: [
      'Works perfectly, tested yesterday.',
      'Comes with the original box.',
      'Small scratch on the back, otherwise flawless.',
      'Upgraded, so this one has to go.',
    ],
  },
  Furniture: {
    items: [
      [
        'dining table with 6 chairs',
        ['Solid oak', 'Farmhouse', 'Mid-century', 'Extendable'],
        'Seats eight with the leaf in.',
      ],
      [
        'coffee table',
        ['Solid oak', 'Glass top', 'Mid-century', 'Rustic'],
        'A few cup rings on top.',
      ],
      [
        'sofa',
        ['Gray', 'Leather', 'Mid-century', 'Blue velvet'],
        'No rips or stains, cushions are firm.',
      ],
      ['sectional couch', ['Gray', 'L-shaped', 'Leather'], 'Comes apart in three pieces.'],
      [
        'dresser',
        ['Six-drawer', 'Solid wood', 'White', 'Mid-century'],
        'All drawers slide smoothly.',
      ],
      ['bookshelf', ['IKEA Billy', 'Tall', 'Walnut'], 'Adjustable shelves.'],
      ['nightstand', ['Pair of', 'White', 'Solid pine']],
      ['recliner', ['Leather', 'La-Z-Boy', 'Brown']],
      ['writing desk', ['Solid oak', 'Small', 'Mid-century'], 'Fits in a corner.'],
      ['bar stools', ['Set of 3', 'Metal', 'Swivel']],
      ['queen bed frame', ['Solid wood', 'Metal', 'Upholstered'], 'Mattress not included.'],
      ['kitchen table', ['Round', 'Farmhouse', 'Drop-leaf'], 'Seats four.'],
      ['floor lamp', ['Brass', 'Arc', 'Mid-century'], 'Bulb included.'],
      ['end table', ['Pair of', 'Walnut', 'Glass']],
    ],
    saleGoods: ['furniture', 'tables', 'chairs', 'lamps', 'rugs', 'mirrors'],
    details: [
      'Sturdy, no wobble.',
      'From a smoke-free, pet-free home.',
      'Bring a truck or a van to pick it up.',
      'Minor wear, see photos.',
    ],
  },
  Clothing: {
    items: [
      ['winter coat', ["Women's medium", "Men's large", 'North Face']],
      ['wool sweater', ["Women's small", 'Hand-knit', "Men's medium"]],
      ['rain jacket', ['Columbia', "Kids' size 10", 'Patagonia']],
      ['denim jeans', ["Levi's", 'Three pairs of', 'Slim-fit']],
      ['running shoes', ['Nike', 'Brooks', 'Size 9'], 'Less than 50 miles on them.'],
      ['leather boots', ['Frye', 'Brown', "Women's size 8"]],
      ['summer dresses', ['Bag of', 'Four', 'Floral']],
      ['suit jacket', ["Men's 42R", 'Navy', 'Wool']],
      ['ski pants', ["Kids' size 8", 'Burton', 'Insulated']],
    ],
    saleGoods: ['clothes', 'shoes', 'coats', 'jackets', 'purses'],
    details: [
      'Washed and folded.',
      'Worn only a couple of times.',
      'Tags still attached.',
      'Fits true to size.',
    ],
  },
  'Books & Media': {
    items: [
      ['box of paperback novels', ['Big', 'Mystery', 'Romance'], 'About forty books in all.'],
      ['cookbook collection', ['Hardcover', 'Vintage']],
      [
        'vinyl records',
        ['Classic rock', 'Jazz', 'Crate of'],
        'Sleeves are worn, records play clean.',
      ],
      ['DVD collection', ['Family movies', 'Complete TV series', 'Box of']],
      ["children's picture books", ['Stack of', 'Dr. Seuss', 'Bedtime']],
      ['encyclopedia set', ['Complete', '1990s']],
      ['Harry Potter box set', ['Hardcover', 'Paperback', 'Complete']],
    ],
    saleGoods: ['books', 'records', 'DVDs', 'puzzles', 'magazines', 'CDs'],
    details: [
      'All in good shape, no torn pages.',
      'Great for a reader or a classroom.',
      'Take the whole box for one price.',
    ],
  },
  'Kids & Family': {
    items: [
      ['kids bike 20 inch', ['Trek', 'Huffy', 'Blue'], 'Training wheels included.'],
      ['stroller', ['Graco', 'UPPAbaby', 'Jogging'], 'Folds flat for the trunk.'],
      ['car seat', ['Graco', 'Chicco', 'Convertible'], 'Not expired, never in an accident.'],
      ['high chair', ['IKEA', 'Wooden', 'Foldable']],
      ['crib with mattress', ['White', 'Convertible', 'Solid wood']],
      ['baby carrier', ['Ergobaby', 'BabyBjorn']],
      ['play kitchen', ['Wooden', 'KidKraft'], 'Pots and play food included.'],
      ['pack n play', ['Graco', 'Travel']],
    ],
    saleGoods: ['baby gear', 'kids clothes', 'toys', 'strollers', 'car seats'],
    details: ['Our kids outgrew it.', 'Cleaned and sanitized.', 'From a smoke-free home.'],
  },
  Toys: {
    items: [
      [
        'LEGO sets',
        ['Huge bin of', 'Three', 'Star Wars'],
        'All pieces included as far as we know.',
      ],
      ['dollhouse', ['Wooden', 'Three-story'], 'Furniture included.'],
      ['train set', ['Wooden', 'Thomas', 'Electric']],
      ['stuffed animals', ['Bag of', 'Like-new']],
      ['RC car', ['Fast', 'Off-road'], 'Two batteries.'],
      ['Nerf blasters', ['Four', 'Bin of']],
      ['jigsaw puzzles', ['1000-piece', 'Stack of']],
      ['action figures', ['Marvel', 'Vintage', 'Box of']],
    ],
    saleGoods: ['toys', 'games', 'puzzles', 'LEGO', 'dolls'],
    details: [
      'Kept in a smoke-free playroom.',
      'Great holiday gift.',
      'Our kids have moved on to other things.',
    ],
  },
  Sports: {
    items: [
      ['mountain bike', ['Trek', 'Specialized', 'Giant'], 'Tuned up last spring, brakes are good.'],
      ['road bicycle', ['Cannondale', 'Trek', 'Lightweight'], 'Tires hold air.'],
      ['kids bike', ['16 inch', '24 inch', 'Schwinn'], 'Helmet included.'],
      ['golf clubs', ['Full set of', 'Callaway', "Women's"], 'Bag included.'],
      ['treadmill', ['NordicTrack', 'Folding'], 'You haul it from the basement.'],
      ['kayak with paddle', ['Sit-on-top', 'Two-person']],
      ['camping tent', ['Four-person', 'Coleman', 'Lightweight']],
      ['dumbbell set', ['Adjustable', 'Bowflex']],
      ['snowboard', ['Burton', 'Beginner'], 'Bindings included.'],
      ['tennis rackets', ['Pair of', 'Wilson']],
      ['basketball hoop', ['Portable', 'Lifetime']],
      ['fishing rods', ['Two', 'Ugly Stik']],
    ],
    saleGoods: ['sports gear', 'bikes', 'golf clubs', 'camping gear', 'skates', 'balls'],
    details: [
      'Selling because we moved to an apartment.',
      'Used a handful of times.',
      'Stored indoors.',
    ],
  },
  'Home & Garden': {
    items: [
      ['lawn mower', ['Honda', 'Self-propelled', 'Push'], 'Starts on the first pull.'],
      ['patio set', ['Four-chair', 'Wicker', 'Metal'], 'Umbrella included.'],
      ['table lamp', ['Ceramic', 'Brass', 'Pair of'], 'Shade has no stains.'],
      ['area rug', ['8x10', 'Wool', 'Persian-style']],
      ['garden tools', ['Set of', 'Fiskars']],
      ['grill', ['Weber', 'Charcoal', 'Gas'], 'Cover included.'],
      ['planters', ['Ceramic', 'Large', 'Set of 4']],
      ['leaf blower', ['Cordless', 'Ryobi'], 'Battery and charger included.'],
      ['curtains', ['Blackout', 'Linen', 'Two pairs of']],
      ['mirror', ['Large', 'Round', 'Full-length']],
      ['string lights', ['Outdoor', 'Solar']],
    ],
    saleGoods: ['garden tools', 'plants', 'pots', 'decor', 'lamps', 'rugs', 'linens'],
    details: [
      'Stored in the garage over winter.',
      'Cleaned and ready to use.',
      'Great for a porch or balcony.',
    ],
  },
  Automotive: {
    items: [
      ['set of winter tires', ['Michelin', 'Bridgestone'], 'Used one season, plenty of tread.'],
      ['roof rack', ['Thule', 'Yakima'], 'Fits most sedans and small SUVs.'],
      ['battery charger', ['Heavy-duty', 'NOCO']],
      ['floor jack', ['Craftsman', 'Three-ton']],
      ['hitch bike rack', ['Thule', 'Four-bike']],
      ['socket wrench set', ['Craftsman', 'Metric and SAE']],
      ['truck bed cover', ['Tonneau', 'Folding'], 'Fits a 2015-2020 F-150.'],
    ],
    saleGoods: ['car parts', 'tools', 'tires', 'hardware'],
    details: ['Pickup from the driveway.', 'Works as it should.', 'No longer have the car.'],
  },
  Collectibles: {
    items: [
      ['baseball card collection', ['1980s', 'Large'], 'Kept in sleeves and binders.'],
      ['coin collection', ['State quarter', 'Silver']],
      ['stamp album', ['Vintage', 'World']],
      ['vintage posters', ['Concert', 'Movie']],
      ['die-cast cars', ['Hot Wheels', 'Matchbox', 'Box of']],
      ['Pokemon cards', ['Binder of', 'First edition']],
      ['porcelain figurines', ['Hummel', 'Lladro']],
    ],
    saleGoods: ['collectibles', 'cards', 'coins', 'figurines', 'memorabilia'],
    details: [
      'Collected over thirty years.',
      'Serious collectors welcome to make an offer.',
      'Mint condition.',
    ],
  },
  Antiques: {
    items: [
      ['cedar chest', ['Antique', 'Lane'], 'Original key.'],
      ['grandfather clock', ['Antique', 'Hand-carved'], 'Keeps good time.'],
      ['china cabinet', ['1920s', 'Oak', 'Victorian']],
      ['cast iron skillet', ['Griswold', 'Antique'], 'Seasoned and ready to cook.'],
      ['quilt', ['Handmade', 'Amish', '1940s']],
      ['sewing machine', ['Singer treadle', 'Antique']],
      ['oil lamp', ['Brass', 'Victorian']],
      ['rocking chair', ['Antique', 'Hand-carved', 'Oak']],
      ['steamer trunk', ['1900s', 'Restored']],
    ],
    saleGoods: ['antiques', 'quilts', 'china', 'glassware', 'old tools'],
    details: [
      'Passed down from my grandmother.',
      'Original finish, some patina.',
      'A true piece of history.',
    ],
  },
  Other: {
    items: [
      ['moving boxes', ['Free', 'Twenty']],
      ['office chair', ['Ergonomic', 'Herman Miller', 'Mesh']],
      ['aquarium', ['20-gallon', '55-gallon'], 'Filter and heater included.'],
      ['firewood', ['Seasoned', 'Half cord of']],
      ['dog crate', ['Large', 'Wire', 'Folding']],
      ['piano keyboard', ['Yamaha', '61-key'], 'Stand included.'],
      // "Soft" is one letter from "sofa": a search for a sofa must still show sofas first.
      [
        'acoustic guitar with soft case',
        ['Yamaha', 'Fender', 'Beginner'],
        'New strings last month.',
      ],
    ],
    saleGoods: ['odds and ends', 'craft supplies', 'pet supplies', 'hardware'],
    details: ['Free to a good home.', 'Everything must go this week.', 'Make an offer.'],
  },
};
