import { REPORT_TRANSITIONS } from '@yardsale/validators';
import type { ReportStatus } from '@yardsale/validators';

export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/*
 * One hue per status so the list can be scanned at a glance: amber waits for the team, blue is
 * being handled, green is closed with action, gray is closed without. Written out in full so
 * Tailwind finds the classes.
 */
export const REPORT_STATUS_CLASSES: Readonly<Record<ReportStatus, string>> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-700/25',
  reviewed: 'bg-blue-100 text-blue-800 ring-blue-700/20',
  resolved: 'bg-green-100 text-green-800 ring-green-700/20',
  dismissed: 'bg-stone-200 text-stone-700 ring-stone-700/20',
};

interface ReportAction {
  status: ReportStatus;
  label: string;
  /** The move closes the report without action, so it is styled as the lesser choice. */
  secondary: boolean;
}

const ACTION_LABELS: Readonly<Record<ReportStatus, string>> = {
  pending: 'Reopen',
  reviewed: 'Mark Reviewed',
  resolved: 'Mark Resolved',
  dismissed: 'Dismiss',
};

/** The buttons a report in this status offers: exactly the moves the server allows. */
export function reportActions(status: ReportStatus): ReportAction[] {
  return REPORT_TRANSITIONS[status].map((next) => ({
    status: next,
    label: ACTION_LABELS[next],
    secondary: next === 'dismissed',
  }));
}

/** Closed reports take no more actions, so their notes are a record rather than a field. */
export function isReportOpen(status: ReportStatus): boolean {
  return REPORT_TRANSITIONS[status].length > 0;
}
