import type { Category, PriceRange, ReportCategory } from '@yardsale/validators';

/*
 * Demo content for one neighbourhood of Madison, Wisconsin: the people and streets are invented, the
 * ZIP codes are real, so the map places every listing. Times are relative to the moment of seeding, so
 * the demo always shows live sales and fresh items.
 */

const TOWN = 'Madison, WI';
export const TIME_ZONE = 'America/Chicago';

/** The demo streets (invented) and their real Madison ZIP codes, where the map places them. */
const STREET_ZIPS = {
  '1102 Prairie View Drive': '53711',
  '1530 Quarry Hill Road': '53711',
  '19 Willow Bend Road': '53705',
  '210 Mill Creek Road': '53726',
  '23 Willow Court': '53705',
  '318 Maple Avenue': '53704',
  '412 Birchwood Lane': '53704',
  '44 Hawthorne Drive': '53704',
  '56 Sycamore Circle': '53703',
  '640 Larkspur Way': '53726',
  '75 Elm Street': '53715',
  '87 Orchard Street': '53703',
  '9 Juniper Place': '53715',
} as const;
type DemoStreet = keyof typeof STREET_ZIPS;

/** A demo address as a seller types it: street, town and ZIP. */
const address = (street: DemoStreet) => `${street}, ${TOWN} ${STREET_ZIPS[street]}`;

/**
 * Sellers who dragged the pin onto their driveway: these listings show an exact point, the others the
 * centre of their ZIP (approximate), as the listing form leaves them.
 */
const PLACED_PINS: readonly [DemoStreet, { latitude: number; longitude: number }][] = [
  ['412 Birchwood Lane', { latitude: 43.11873, longitude: -89.35694 }],
  ['9 Juniper Place', { latitude: 43.06342, longitude: -89.40318 }],
  ['1102 Prairie View Drive', { latitude: 43.03822, longitude: -89.44607 }],
];
const PINS_BY_ADDRESS = new Map(PLACED_PINS.map(([street, pin]) => [address(street), pin]));

/** The seller's own pin for a demo address, or null where the seller left the ZIP's centre. */
export const placedPin = (fullAddress: string) => PINS_BY_ADDRESS.get(fullAddress) ?? null;

interface SellerSeed {
  key: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  /** Days since the account was created. */
  memberForDays: number;
}

export const SELLERS: readonly SellerSeed[] = [
  {
    key: 'maria',
    firstName: 'Maria',
    lastName: 'Gonzalez',
    phone: '(608) 555-0142',
    memberForDays: 310,
  },
  {
    key: 'james',
    firstName: 'James',
    lastName: "O'Connor",
    phone: '(608) 555-0187',
    memberForDays: 240,
  },
  { key: 'priya', firstName: 'Priya', lastName: 'Raman', phone: null, memberForDays: 200 },
  {
    key: 'david',
    firstName: 'David',
    lastName: 'Kim',
    phone: '(608) 555-0123',
    memberForDays: 185,
  },
  {
    key: 'linda',
    firstName: 'Linda',
    lastName: 'Johansson',
    phone: '(608) 555-0164',
    memberForDays: 160,
  },
  { key: 'marcus', firstName: 'Marcus', lastName: 'Washington', phone: null, memberForDays: 120 },
  {
    key: 'aisha',
    firstName: 'Aisha',
    lastName: 'Bello',
    phone: '(608) 555-0119',
    memberForDays: 95,
  },
  { key: 'tom', firstName: 'Tom', lastName: 'Becker', phone: '(608) 555-0171', memberForDays: 80 },
  { key: 'hannah', firstName: 'Hannah', lastName: 'Schultz', phone: null, memberForDays: 64 },
  {
    key: 'luis',
    firstName: 'Luis',
    lastName: 'Herrera',
    phone: '(608) 555-0158',
    memberForDays: 45,
  },
  {
    key: 'grace',
    firstName: 'Grace',
    lastName: 'Nakamura',
    phone: '(608) 555-0136',
    memberForDays: 30,
  },
  { key: 'ethan', firstName: 'Ethan', lastName: 'Novak', phone: null, memberForDays: 21 },
];

/** Sellers and listings are referred to by these keys; the seed checks every reference. */
export type SellerKey = string;

/**
 * Which day a sale is on, in the town's time zone: today, tomorrow, or the weekend as Live Sales
 * Now defines it (docs/product/rules.md#live-sales-now); or two days ago, a sale already over that
 * its seller still sees in My Listings marked Expired (the purge clears ended listings only a week
 * after they end).
 */
export type SaleDay = 'today' | 'tomorrow' | 'saturday' | 'sunday' | 'two-days-ago';

export interface GarageSaleSeed {
  key: string;
  seller: SellerKey;
  title: string;
  description: string;
  category: Category;
  priceRange: PriceRange;
  address: string;
  day: SaleDay;
  /** Extra days the sale runs after its first day. */
  extraDays: number;
  startTime: string;
  endTime: string;
  /** Hours before seeding that the listing was posted. */
  postedHoursAgo: number;
  withContactEmail: boolean;
  /** Names shown on the generated photos, first one is the cover. */
  photos: readonly string[];
}

export const GARAGE_SALES: readonly GarageSaleSeed[] = [
  {
    key: 'birchwood',
    seller: 'maria',
    title: 'Three-Family Garage Sale on Birchwood Lane',
    description:
      "Three households on the 400 block are clearing out together. Kids' clothes (2T to 8), a Graco stroller, a pine bunk bed, kitchen gadgets, holiday decorations, board games and plenty of paperbacks. Most things $1 to $10. Cash or Venmo. No early birds, please.",
    category: 'Multi-Family',
    priceRange: 'Under $25',
    address: address('412 Birchwood Lane'),
    day: 'saturday',
    extraDays: 1,
    startTime: '07:00',
    endTime: '14:00',
    postedHoursAgo: 70,
    withContactEmail: true,
    photos: ['Bunk bed and toys', 'Kitchen gadgets', 'Holiday decorations'],
  },
  {
    key: 'moving',
    seller: 'james',
    title: 'Moving Sale: Furniture, Tools and Patio Set',
    description:
      "We're moving to Denver at the end of the month and can't take it all. Mid-century style sofa, oak dining table with six chairs, queen bed frame, two bookcases, a patio set, a lawn mower and garden tools. Bring help for the heavy pieces; we can hold items until 5 PM with a deposit.",
    category: 'Furniture',
    priceRange: 'Negotiable',
    address: address('87 Orchard Street'),
    day: 'saturday',
    extraDays: 0,
    startTime: '08:00',
    endTime: '15:00',
    postedHoursAgo: 52,
    withContactEmail: false,
    photos: ['Oak dining table', 'Mid-century sofa', 'Patio set'],
  },
  {
    key: 'estate',
    seller: 'linda',
    title: "Estate Sale: A Woodworker's Garage",
    description:
      "Forty years of a woodworker's garage: hand planes, Stanley chisels, a Craftsman table saw, mason jars, cast-iron skillets, Pyrex bowls, a 1950s Philco radio and boxes of National Geographic. Priced to sell; cash preferred. Street parking only, please keep the driveway clear.",
    category: 'Antiques',
    priceRange: '$25-$50',
    address: address('1530 Quarry Hill Road'),
    day: 'today',
    extraDays: 1,
    startTime: '09:00',
    endTime: '16:00',
    postedHoursAgo: 96,
    withContactEmail: true,
    photos: ['Hand planes and chisels', 'Philco radio'],
  },
  {
    key: 'twins',
    seller: 'aisha',
    title: "Kids' Stuff Garage Sale: Twins Outgrew Everything",
    description:
      "Our twins outgrew everything at once. Boys' and girls' clothes 0 to 4T, a Pack 'n Play, a high chair, two car seats (never in an accident, not expired), LEGO Duplo, a wooden train set, picture books and a balance bike.",
    category: 'Kids & Family',
    priceRange: 'Under $25',
    address: address('23 Willow Court'),
    day: 'sunday',
    extraDays: 0,
    startTime: '08:00',
    endTime: '12:30',
    postedHoursAgo: 30,
    withContactEmail: false,
    photos: ['Wooden train set', 'Baby gear'],
  },
  {
    key: 'evening',
    seller: 'hannah',
    title: 'After-Work Garage Sale: Plants and Garden Gear',
    description:
      'Catching the after-work crowd. Perennials divided from our garden (hostas, daylilies, coneflowers), terracotta pots, a push reel mower, string lights, a barely used dehumidifier and a box of free things at the curb.',
    category: 'Home & Garden',
    priceRange: 'Under $25',
    address: address('640 Larkspur Way'),
    day: 'today',
    extraDays: 0,
    startTime: '16:00',
    endTime: '20:00',
    postedHoursAgo: 20,
    withContactEmail: true,
    photos: ['Hostas and daylilies', 'Terracotta pots', 'Reel mower'],
  },
  {
    key: 'books',
    seller: 'david',
    title: 'Book and Record Sale',
    description:
      "Retired English teacher downsizing: about 600 books (classics, mysteries, cookbooks, kids' chapter books), 200 vinyl records (jazz, Motown, 70s rock) and a working Technics turntable. Books 50 cents to $2, records $3 to $8.",
    category: 'Books & Media',
    priceRange: 'Under $25',
    address: address('9 Juniper Place'),
    day: 'tomorrow',
    extraDays: 0,
    startTime: '10:00',
    endTime: '17:00',
    postedHoursAgo: 44,
    withContactEmail: false,
    photos: ['Vinyl records', 'Shelves of books'],
  },
  {
    key: 'closet',
    seller: 'grace',
    title: 'Closet Clean-Out: Coats, Boots and Work Clothes',
    description:
      "Gently worn clothing in good condition: women's S to L, men's M to XL, winter coats, hiking boots (women's 8, men's 10), work blazers, a few formal dresses and a bin of purses and belts. There is a mirror in the garage if you want to try things on.",
    category: 'Clothing',
    priceRange: 'Under $25',
    address: address('318 Maple Avenue'),
    day: 'saturday',
    extraDays: 0,
    startTime: '09:00',
    endTime: '14:00',
    postedHoursAgo: 26,
    withContactEmail: true,
    photos: ['Winter coats', 'Hiking boots'],
  },
  {
    key: 'gamers',
    seller: 'marcus',
    title: 'Garage Sale: Video Games, TVs and Camping Gear',
    description:
      'Two gamers upgrading. Nintendo Wii with the Wii Fit board, Xbox 360 with 12 games, a 32-inch Vizio TV, computer monitors and keyboards, HDMI cables, a Canon printer (needs ink), a four-person tent and two sleeping bags.',
    category: 'Electronics',
    priceRange: '$25-$50',
    address: address('1102 Prairie View Drive'),
    day: 'sunday',
    extraDays: 0,
    startTime: '10:00',
    endTime: '15:00',
    postedHoursAgo: 60,
    withContactEmail: false,
    photos: ['Game consoles', 'Vizio TV', 'Camping tent'],
  },
  {
    key: 'porch',
    seller: 'tom',
    title: 'Porch Sale: Records, Lamps and Garden Pots',
    description:
      'A one-morning porch sale: about two hundred LPs (jazz, folk and 70s rock), three brass table lamps, terracotta garden pots in every size and a wheelbarrow with a new tire. Thanks to everyone who came by!',
    category: 'Home & Garden',
    priceRange: 'Under $25',
    address: address('19 Willow Bend Road'),
    day: 'two-days-ago',
    extraDays: 0,
    startTime: '08:00',
    endTime: '12:00',
    postedHoursAgo: 100,
    withContactEmail: false,
    photos: ['Records and lamps'],
  },
];

interface SingleItemSeed {
  key: string;
  seller: SellerKey;
  title: string;
  description: string;
  category: Category;
  priceRange: PriceRange;
  address: string;
  /** Hours before seeding that the item was posted; below 10 days, so none has ended. */
  postedHoursAgo: number;
  withContactEmail: boolean;
  photos: readonly string[];
}

export const SINGLE_ITEMS: readonly SingleItemSeed[] = [
  {
    key: 'kitchen-lot',
    seller: 'priya',
    title: 'Kitchen Box Lot from Our Block Clean-Out',
    description:
      'Four neighbors pooled what was left after our block clean-out day: a KitchenAid hand mixer, a set of Corelle plates, mixing bowls, a cast-iron skillet, measuring cups and a drawer of utensils. Take the whole lot.',
    category: 'Multi-Family',
    priceRange: '$25-$50',
    address: address('56 Sycamore Circle'),
    postedHoursAgo: 5,
    withContactEmail: false,
    photos: ['Kitchen box lot', 'Corelle plates'],
  },
  {
    key: 'headphones',
    seller: 'david',
    title: 'Sony WH-1000XM4 Noise-Cancelling Headphones',
    description:
      'Black, bought in 2022. The battery still lasts a full workday. Comes with the case, cable and airplane adapter. Small scuff on the left ear cup, otherwise like new.',
    category: 'Electronics',
    priceRange: '$100-$250',
    address: address('9 Juniper Place'),
    postedHoursAgo: 30,
    withContactEmail: true,
    photos: ['Sony WH-1000XM4', 'Case and cables'],
  },
  {
    key: 'monitor',
    seller: 'ethan',
    title: '27-inch Dell Monitor, 1440p',
    description:
      'Dell S2721DGF, 2560 x 1440 at 165 Hz. No dead pixels. Includes the stand and a DisplayPort cable. I switched to a laptop-only setup.',
    category: 'Electronics',
    priceRange: '$100-$250',
    address: address('75 Elm Street'),
    postedHoursAgo: 150,
    withContactEmail: false,
    photos: ['Dell 27-inch monitor'],
  },
  {
    key: 'dresser',
    seller: 'linda',
    title: 'Solid Oak Dresser with Six Drawers',
    description:
      'Heavy solid oak, dovetailed drawers that slide smoothly. 60 inches wide, 32 high, 18 deep. A few light scratches on top. You will need two people and a truck.',
    category: 'Furniture',
    priceRange: '$100-$250',
    address: address('1530 Quarry Hill Road'),
    postedHoursAgo: 200,
    withContactEmail: false,
    photos: ['Oak dresser', 'Dovetailed drawers', 'Dresser top'],
  },
  {
    key: 'poang',
    seller: 'grace',
    title: 'IKEA Poang Armchair, Birch with Beige Cushion',
    description:
      'Comfortable reading chair, cushion cover washed and smoke-free home. Frame has no cracks. Easy to carry; fits in a hatchback.',
    category: 'Furniture',
    priceRange: '$25-$50',
    address: address('318 Maple Avenue'),
    postedHoursAgo: 12,
    withContactEmail: true,
    photos: ['Poang armchair'],
  },
  {
    key: 'patagonia',
    seller: 'tom',
    title: "Patagonia Down Sweater Jacket, Men's Medium",
    description:
      'Forge Grey, worn one winter. No rips, all zippers work. Packs into its own pocket. Selling because it runs a little small on me.',
    category: 'Clothing',
    priceRange: '$50-$100',
    address: address('210 Mill Creek Road'),
    postedHoursAgo: 75,
    withContactEmail: false,
    photos: ['Down sweater jacket', 'Jacket detail'],
  },
  {
    key: 'potter',
    seller: 'hannah',
    title: 'Harry Potter Hardcover Box Set, Books 1-7',
    description:
      'Complete hardcover set in the original box. Read once, spines in great shape, no writing inside. A good gift for a young reader.',
    category: 'Books & Media',
    priceRange: '$50-$100',
    address: address('640 Larkspur Way'),
    postedHoursAgo: 100,
    withContactEmail: false,
    photos: ['Hardcover box set'],
  },
  {
    key: 'stroller',
    seller: 'aisha',
    title: 'UPPAbaby Vista Stroller with Bassinet',
    description:
      '2021 model in Jake (black). Includes bassinet, toddler seat, rain shield and cup holder. Washed fabrics, tires in good shape. Folds with the seat attached.',
    category: 'Kids & Family',
    priceRange: '$250+',
    address: address('23 Willow Court'),
    postedHoursAgo: 50,
    withContactEmail: true,
    photos: ['UPPAbaby Vista', 'Bassinet', 'Folded stroller'],
  },
  {
    key: 'ferris',
    seller: 'luis',
    title: 'LEGO Creator Expert Ferris Wheel (10247), Complete',
    description:
      'Built once by an adult collector and displayed in a glass cabinet, so no dust or sun fading. All pieces, minifigures and the instruction books. Sold disassembled in labeled bags, or built if you pick it up.',
    category: 'Toys',
    priceRange: '$100-$250',
    address: address('44 Hawthorne Drive'),
    postedHoursAgo: 8,
    withContactEmail: false,
    photos: ['LEGO Ferris Wheel', 'Minifigures'],
  },
  {
    key: 'trek',
    seller: 'marcus',
    title: 'Trek FX 2 Hybrid Bike, Medium Frame',
    description:
      'Great commuter. New chain and brake pads this spring, tuned up at the shop in May. Fits riders from about 5\'6" to 5\'11". Rear rack and bell included.',
    category: 'Sports',
    priceRange: '$250+',
    address: address('1102 Prairie View Drive'),
    postedHoursAgo: 36,
    withContactEmail: false,
    photos: ['Trek FX 2', 'Rear rack'],
  },
  {
    key: 'dumbbells',
    seller: 'james',
    title: 'Adjustable Dumbbells, 5 to 52.5 lb Pair',
    description:
      'Bowflex SelectTech 552 pair with the trays. The dial works on every weight. Moving and these are too heavy to ship.',
    category: 'Sports',
    priceRange: '$100-$250',
    address: address('87 Orchard Street'),
    postedHoursAgo: 170,
    withContactEmail: false,
    photos: ['Adjustable dumbbells'],
  },
  {
    key: 'weber',
    seller: 'tom',
    title: 'Weber Kettle Charcoal Grill, 22-inch',
    description:
      'Original Kettle in black, about four years old. Cleaned out, grate has normal wear. Comes with a chimney starter and a half bag of charcoal.',
    category: 'Home & Garden',
    priceRange: '$50-$100',
    address: address('210 Mill Creek Road'),
    postedHoursAgo: 3,
    withContactEmail: true,
    photos: ['Weber kettle grill', 'Chimney starter'],
  },
  {
    key: 'firewood',
    seller: 'maria',
    title: 'Free Firewood: Seasoned Oak',
    description:
      'About half a cord of split oak, seasoned two years and stacked by the garage. Free to whoever hauls it away. Bring gloves.',
    category: 'Home & Garden',
    priceRange: 'Free',
    address: address('412 Birchwood Lane'),
    postedHoursAgo: 18,
    withContactEmail: false,
    photos: ['Stacked firewood'],
  },
  {
    key: 'tires',
    seller: 'luis',
    title: 'Four Bridgestone Blizzak Winter Tires 215/60R16',
    description:
      'Used two winters, about 7/32" of tread left. No plugs or patches. They fit a Camry, Accord or Fusion. Rims not included.',
    category: 'Automotive',
    priceRange: '$100-$250',
    address: address('44 Hawthorne Drive'),
    postedHoursAgo: 120,
    withContactEmail: false,
    photos: ['Winter tires', 'Tread depth'],
  },
  {
    key: 'cards',
    seller: 'ethan',
    title: '1990s Baseball Card Collection, Three Binders',
    description:
      'Around 1,200 cards in sleeves, mostly Topps, Upper Deck and Fleer from 1989 to 1997, including Griffey Jr. and Jeter rookies. Everything listed in a spreadsheet I can send.',
    category: 'Collectibles',
    priceRange: 'Negotiable',
    address: address('75 Elm Street'),
    postedHoursAgo: 60,
    withContactEmail: true,
    photos: ['Baseball card binders', 'Griffey Jr. rookie'],
  },
  {
    key: 'rocker',
    seller: 'linda',
    title: 'Victorian Walnut Rocking Chair',
    description:
      "Late 1800s walnut rocker with carved crest and the original cane seat, which is intact. Solid joints and a smooth rock. It was my grandmother's, and it needs a home where it will be used.",
    category: 'Antiques',
    priceRange: '$100-$250',
    address: address('1530 Quarry Hill Road'),
    postedHoursAgo: 230,
    withContactEmail: false,
    photos: ['Walnut rocking chair', 'Carved crest'],
  },
  {
    key: 'guitar',
    seller: 'priya',
    title: 'Yamaha FG800 Acoustic Guitar with Soft Case',
    description:
      'Solid spruce top, plays well with low action. New strings last week. Includes a padded gig bag, a clip-on tuner and a few picks. Good first guitar.',
    category: 'Other',
    priceRange: '$100-$250',
    address: address('56 Sycamore Circle'),
    postedHoursAgo: 90,
    withContactEmail: false,
    photos: ['Yamaha FG800', 'Gig bag and tuner'],
  },
];

type ListingKey = string;

interface ReviewSeed {
  reviewer: SellerKey;
  reviewee: SellerKey;
  /** The reviewee's listing the review is about, if any. */
  listing: ListingKey | null;
  rating: number;
  comment: string | null;
  daysAgo: number;
}

export const REVIEWS: readonly ReviewSeed[] = [
  {
    reviewer: 'tom',
    reviewee: 'linda',
    listing: 'dresser',
    rating: 5,
    comment:
      'The dresser was exactly as described and Linda helped me load it. Friendly and on time.',
    daysAgo: 1,
  },
  {
    reviewer: 'grace',
    reviewee: 'linda',
    listing: null,
    rating: 5,
    comment:
      'Bought a set of Pyrex bowls at her last sale. Fair prices and everything was spotless.',
    daysAgo: 40,
  },
  {
    reviewer: 'james',
    reviewee: 'maria',
    listing: null,
    rating: 4,
    comment:
      'Well organized sale with prices on everything. Got there a bit late and the good stuff was gone!',
    daysAgo: 25,
  },
  {
    reviewer: 'hannah',
    reviewee: 'david',
    listing: 'headphones',
    rating: 5,
    comment: 'Headphones work perfectly. David answered every question quickly.',
    daysAgo: 0,
  },
  {
    reviewer: 'aisha',
    reviewee: 'marcus',
    listing: null,
    rating: 4,
    comment: 'Picked up a bike trailer from Marcus last month. Easy pickup, good price.',
    daysAgo: 33,
  },
  {
    reviewer: 'luis',
    reviewee: 'tom',
    listing: null,
    rating: 3,
    comment: 'Item was fine but I waited twenty minutes at the pickup time.',
    daysAgo: 12,
  },
  {
    reviewer: 'priya',
    reviewee: 'aisha',
    listing: null,
    rating: 5,
    comment: 'Lovely to deal with. The baby clothes were clean and neatly folded by size.',
    daysAgo: 18,
  },
  {
    reviewer: 'ethan',
    reviewee: 'james',
    listing: null,
    rating: 5,
    comment: null,
    daysAgo: 9,
  },
  {
    reviewer: 'maria',
    reviewee: 'grace',
    listing: null,
    rating: 4,
    comment: 'Nice coat at a fair price. Would buy from Grace again.',
    daysAgo: 6,
  },
];

interface ConversationSeed {
  buyer: SellerKey;
  listing: ListingKey;
  /** Messages in order; `from` is 'buyer' or 'seller'. The newest messages come last. */
  messages: readonly {
    from: 'buyer' | 'seller';
    text: string;
    minutesAgo: number;
    read: boolean;
  }[];
}

export const CONVERSATIONS: readonly ConversationSeed[] = [
  {
    buyer: 'hannah',
    listing: 'trek',
    messages: [
      {
        from: 'buyer',
        text: 'Hi Marcus, is the Trek still available? What size tires does it have?',
        minutesAgo: 1500,
        read: true,
      },
      {
        from: 'seller',
        text: 'Yes, still here! 700x35c, both replaced last fall.',
        minutesAgo: 1440,
        read: true,
      },
      {
        from: 'buyer',
        text: 'Great. Could I come by tomorrow around 6 to take it for a spin?',
        minutesAgo: 1430,
        read: true,
      },
      {
        from: 'seller',
        text: "6 works. I'm at 1102 Prairie View, the blue house with the maple out front.",
        minutesAgo: 95,
        read: false,
      },
    ],
  },
  {
    buyer: 'david',
    listing: 'ferris',
    messages: [
      {
        from: 'buyer',
        text: 'Is the Ferris wheel truly complete? My daughter would love it.',
        minutesAgo: 300,
        read: true,
      },
      {
        from: 'seller',
        text: 'Complete, I checked it against the parts list when I took it apart. Happy to show you the bags.',
        minutesAgo: 240,
        read: true,
      },
      { from: 'buyer', text: 'Would you take $180?', minutesAgo: 35, read: false },
    ],
  },
  {
    buyer: 'grace',
    listing: 'birchwood',
    messages: [
      {
        from: 'buyer',
        text: 'Will the bunk bed be at the sale or can I see it earlier?',
        minutesAgo: 2000,
        read: true,
      },
      {
        from: 'seller',
        text: 'It will be out Saturday morning, but you can stop by Friday evening if you like.',
        minutesAgo: 1900,
        read: true,
      },
    ],
  },
  {
    buyer: 'ethan',
    listing: 'weber',
    messages: [
      {
        from: 'buyer',
        text: 'Hi! Does the grill come with the lid thermometer?',
        minutesAgo: 60,
        read: false,
      },
    ],
  },
];

/** A few saves so the saved-listings screens have something in them. */
export const SAVES: readonly { user: SellerKey; listing: ListingKey }[] = [
  { user: 'hannah', listing: 'trek' },
  { user: 'hannah', listing: 'moving' },
  { user: 'david', listing: 'ferris' },
  { user: 'grace', listing: 'birchwood' },
  { user: 'grace', listing: 'rocker' },
  { user: 'maria', listing: 'stroller' },
  { user: 'tom', listing: 'estate' },
];

/** One pending report, so the admin dashboard shows how reports look. */
export const REPORTS: readonly {
  reporter: SellerKey;
  reported: SellerKey;
  listing: ListingKey | null;
  category: ReportCategory;
  description: string;
  hoursAgo: number;
}[] = [
  {
    reporter: 'luis',
    reported: 'ethan',
    listing: 'monitor',
    category: 'fake_listing',
    description:
      'The photo and model number do not match: the S2721DGF has a different stand. Asked twice and got no answer.',
    hoursAgo: 20,
  },
];
