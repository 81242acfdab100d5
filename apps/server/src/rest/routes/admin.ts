import {
  adminReportPageSchema,
  adminReportSchema,
  announcementResultSchema,
  cleanupResultSchema,
} from '@yardsale/validators';

import { api, procedureRoute } from '../route';
import type { RestRoute } from '../route';

/** The admin's work: reports, announcements, duplicates. */
export const adminRoutes: RestRoute[] = [
  procedureRoute(api.admin.reports, {
    method: 'GET',
    url: '/api/admin/reports',
    operationId: 'listReports',
    summary:
      'Reports with the listing title and both e-mails, newest first, a page at a time (status "all" or one status), with the count of each status',
    tag: 'admin',
    query: 'input',
    response: adminReportPageSchema,
    access: 'admin',
  }),
  procedureRoute(api.admin.updateReport, {
    method: 'PUT',
    url: '/api/admin/reports/:id',
    operationId: 'updateReport',
    summary:
      'Move a report along pending -> reviewed | dismissed, reviewed -> resolved, with notes',
    tag: 'admin',
    id: 'id',
    body: 'input',
    response: adminReportSchema,
    access: 'admin',
  }),
  procedureRoute(api.admin.announce, {
    method: 'POST',
    url: '/api/admin/announcement',
    operationId: 'sendAnnouncement',
    summary: 'Send an announcement from The YardSale Team to every user',
    tag: 'admin',
    body: 'input',
    response: announcementResultSchema,
    access: 'admin',
  }),
  procedureRoute(api.admin.cleanupDuplicates, {
    method: 'POST',
    url: '/api/admin/cleanup-duplicates',
    operationId: 'deleteDuplicateListings',
    summary:
      'Delete duplicate listings (same seller, type, title, address and sale date); the oldest stays',
    tag: 'admin',
    response: cleanupResultSchema,
    access: 'admin',
  }),
];
