import { cn } from '@yardsale/ui';

/** Points along the bunting's curve (a quadratic Bézier), for the little flags. */
const BUNTING = { from: [236, 176], control: [352, 226], to: [468, 196] } as const;
const FLAG_COLOURS = ['fill-brand-400', 'fill-pine-400', 'fill-amber-300'] as const;

function pointOnBunting(t: number): [number, number] {
  const { from, control, to } = BUNTING;
  const x = (1 - t) ** 2 * from[0] + 2 * (1 - t) * t * control[0] + t ** 2 * to[0];
  const y = (1 - t) ** 2 * from[1] + 2 * (1 - t) * t * control[1] + t ** 2 * to[1];
  return [x, y];
}

const flags = Array.from({ length: 9 }, (_, index) => {
  const [x, y] = pointOnBunting((index + 0.75) / 10);
  return { x, y, colour: FLAG_COLOURS[index % FLAG_COLOURS.length] };
});

/** A house with a yard sale out front: the landing page's hero picture. Decorative only. */
export function YardIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 520 380" aria-hidden="true" className={cn('h-auto w-full', className)}>
      <circle cx="290" cy="190" r="168" className="fill-brand-100" />
      <circle cx="430" cy="78" r="26" className="fill-amber-300" />

      {/* Tree behind the house */}
      <rect x="72" y="190" width="12" height="120" rx="4" className="fill-brand-900" />
      <circle cx="70" cy="160" r="46" className="fill-pine-500" />
      <circle cx="100" cy="185" r="30" className="fill-pine-400" />

      {/* House */}
      <rect x="206" y="104" width="22" height="50" rx="2" className="fill-brand-800" />
      <rect x="96" y="168" width="150" height="150" rx="4" className="fill-white" />
      <path d="M82 178 171 100l89 78Z" className="fill-brand-600" />
      <path d="M82 178h178" className="stroke-brand-700" strokeWidth="6" strokeLinecap="round" />
      <rect x="150" y="240" width="40" height="78" rx="5" className="fill-pine-700" />
      <circle cx="181" cy="282" r="3" className="fill-amber-300" />
      {[110, 200].map((x) => (
        <rect
          key={x}
          x={x}
          y="196"
          width="32"
          height="30"
          rx="4"
          className="fill-brand-50 stroke-pine-700"
          strokeWidth="3"
        />
      ))}
      <circle cx="171" cy="148" r="10" className="fill-brand-50 stroke-brand-700" strokeWidth="3" />

      {/* Bunting from the roof to the sign */}
      <path
        d={`M${BUNTING.from.join(' ')} Q${BUNTING.control.join(' ')} ${BUNTING.to.join(' ')}`}
        className="fill-none stroke-brand-900/50"
        strokeWidth="2"
      />
      {flags.map((flag) => (
        <path key={flag.x} d={`M${flag.x - 8} ${flag.y - 1}h16l-8 16Z`} className={flag.colour} />
      ))}

      {/* Ground */}
      <rect x="24" y="314" width="476" height="16" rx="8" className="fill-pine-200" />

      {/* Sale table */}
      <rect x="284" y="272" width="8" height="44" rx="2" className="fill-brand-800" />
      <rect x="426" y="272" width="8" height="44" rx="2" className="fill-brand-800" />
      <rect x="272" y="262" width="174" height="12" rx="4" className="fill-brand-700" />

      {/* Cardboard box with a price tag */}
      <rect
        x="286"
        y="218"
        width="58"
        height="44"
        rx="3"
        className="fill-amber-200 stroke-amber-600"
        strokeWidth="2"
      />
      <path d="M286 230h58" className="stroke-amber-600" strokeWidth="2" />
      <path
        d="M330 240h18l8 8-8 8h-18Z"
        className="fill-pine-100 stroke-pine-700"
        strokeWidth="2"
      />
      <circle cx="335" cy="248" r="2.5" className="fill-pine-700" />

      {/* Lamp */}
      <rect x="364" y="252" width="26" height="10" rx="3" className="fill-pine-700" />
      <rect x="374" y="206" width="6" height="46" className="fill-pine-700" />
      <path d="M358 212h38l-9-32h-20Z" className="fill-brand-400" />

      {/* Stack of books */}
      <rect x="402" y="250" width="38" height="12" rx="2" className="fill-pine-600" />
      <rect x="406" y="239" width="31" height="11" rx="2" className="fill-indigo-400" />
      <rect x="403" y="228" width="35" height="11" rx="2" className="fill-brand-300" />

      {/* Yard sale sign */}
      <rect x="475" y="240" width="7" height="76" rx="2" className="fill-brand-900" />
      <rect
        x="440"
        y="204"
        width="77"
        height="48"
        rx="8"
        className="fill-white stroke-brand-600"
        strokeWidth="3"
      />
      <text
        x="478.5"
        y="224"
        textAnchor="middle"
        className="fill-brand-700 font-display text-[13px] font-extrabold tracking-wider"
      >
        YARD
      </text>
      <text
        x="478.5"
        y="242"
        textAnchor="middle"
        className="fill-brand-700 font-display text-[13px] font-extrabold tracking-wider"
      >
        SALE
      </text>
    </svg>
  );
}
