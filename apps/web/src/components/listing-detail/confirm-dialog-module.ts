// The confirmation dialog on its own, for pages that load it only when a confirmation is asked for.
export { ConfirmDialog as default } from '@yardsale/ui';
