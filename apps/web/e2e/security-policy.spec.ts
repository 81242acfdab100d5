import type { Page } from '@playwright/test';

import { expect, test } from './signed-in';

/**
 * The server's content security policy allows scripts from the app itself only, with no `eval`.
 * Form checks run in the browser (zod), whose compiled parsers would first probe `eval`: the
 * browser refuses and reports it. The app must run under its policy without a single report.
 */
async function watchPolicyReports(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const reports = JSON.parse(sessionStorage.getItem('policy-reports') ?? '[]') as string[];
      reports.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`);
      sessionStorage.setItem('policy-reports', JSON.stringify(reports));
    });
  });
  return () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('policy-reports') ?? '[]') as string[]);
}

test('checking a form breaks no rule of the content security policy', async ({ page }) => {
  const reports = await watchPolicyReports(page);
  await page.goto('/create-listing');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  // The form's own check ran: it names what is missing.
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(await reports()).toEqual([]);
});
