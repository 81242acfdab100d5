import { z } from 'zod';

import { reportOutputSchema } from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** Users telling the admin about a user or a listing. */
export const reportRoutes: RestRoute[] = [
  procedureRoute(api.reports.create, {
    method: 'POST',
    url: '/api/reports',
    operationId: 'createReport',
    summary: 'Report a user, and optionally one of their listings, to the admin',
    tag: 'reports',
    body: 'input',
    response: reportOutputSchema,
    access: 'user',
  }),
  procedureRoute(api.reports.mine, {
    method: 'GET',
    url: '/api/user/reports',
    operationId: 'listMyReports',
    summary: "The signed-in user's reports, newest first",
    tag: 'reports',
    response: z.array(reportOutputSchema),
    access: 'user',
  }),
];
