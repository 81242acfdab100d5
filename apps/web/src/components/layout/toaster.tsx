// Its own module so the root can load the toast viewport (Radix) lazily, apart from the UI kit.
export { Toaster } from '@yardsale/ui';
