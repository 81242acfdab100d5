import { describe, expect, it } from 'vitest';

import { isReportOpen, reportActions } from './report-status';

describe('reportActions', () => {
  it('offers Mark Reviewed and Dismiss on a pending report', () => {
    expect(reportActions('pending').map((action) => action.label)).toEqual([
      'Mark Reviewed',
      'Dismiss',
    ]);
  });

  it('offers only Mark Resolved on a reviewed report', () => {
    expect(reportActions('reviewed')).toEqual([
      { status: 'resolved', label: 'Mark Resolved', secondary: false },
    ]);
  });

  it('offers nothing on resolved and dismissed reports', () => {
    expect(reportActions('resolved')).toEqual([]);
    expect(reportActions('dismissed')).toEqual([]);
    expect(isReportOpen('resolved')).toBe(false);
    expect(isReportOpen('dismissed')).toBe(false);
    expect(isReportOpen('reviewed')).toBe(true);
  });
});
