/**
 * Development only: warns when one element gets two Tailwind classes for the same property
 * (`h-10 h-12`), where the winner depends on the stylesheet's order rather than on the code.
 * Important classes (`h-12!`) are deliberate overrides and are left out of the check.
 */
type Merge = (classes: string) => string;

let merge: Merge | null = null;
let loading: Promise<void> | null = null;
const pending: string[] = [];
const reported = new Set<string>();

function check(classes: string, mergeClasses: Merge) {
  const plain = classes.split(/\s+/).filter((name) => name && !name.endsWith('!'));
  const kept = new Set(mergeClasses(plain.join(' ')).split(' '));
  const dropped = [...new Set(plain)].filter((name) => !kept.has(name));
  if (dropped.length === 0 || reported.has(classes)) return;
  reported.add(classes);
  console.warn(
    `[class conflict] ${dropped.join(' ')} lose to later classes for the same property in "${classes}". Use a variant, or mark the override important.`,
  );
}

export function warnOnClassConflicts(classes: string): void {
  if (merge) {
    check(classes, merge);
    return;
  }
  pending.push(classes);
  loading ??= import('tailwind-merge').then(({ extendTailwindMerge }) => {
    // Our theme's shadow names, so that `shadow-card` and `shadow-sm` count as one property.
    const resolve: Merge = extendTailwindMerge({
      extend: { theme: { shadow: ['card', 'float'] } },
    });
    merge = resolve;
    for (const queued of pending.splice(0)) check(queued, resolve);
  });
}
