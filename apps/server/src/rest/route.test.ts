import { describe, expect, it } from 'vitest';

import { appRouter } from '@yardsale/api';

import { restRoutes } from './routes';

describe('the REST route table', () => {
  it('calls a procedure of the app router on every path but the uploads and the export no procedure serves', () => {
    const procedures = Object.keys(appRouter._def.procedures);
    for (const route of restRoutes) {
      if (route.procedure) expect(procedures, route.operationId).toContain(route.procedure);
    }
    expect(
      restRoutes
        .filter((route) => !route.procedure)
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual([
      'GET /api/user/export',
      'POST /api/listings/:id/images',
      'POST /api/user/profile-picture',
    ]);
  });

  it('documents a body or query cut from the procedure input where the path fills part of it', () => {
    const byId = (operationId: string) => restRoutes.find((r) => r.operationId === operationId);
    // The path's id and the fixed confirmation are the path's, not the client's to send.
    const bodyFields = (operationId: string) =>
      Object.keys(
        byId(operationId)?.body?.toJSONSchema({ io: 'input', unrepresentable: 'any' }).properties ??
          {},
      ).sort();
    expect(bodyFields('sendMessage')).toEqual(['clientKey', 'content']);
    expect(bodyFields('deleteAccount')).toEqual(['code', 'password']);
    expect(bodyFields('updateReport')).not.toContain('id');
    const queryParams = (operationId: string) =>
      Object.keys(
        byId(operationId)?.query?.toJSONSchema({ io: 'input', unrepresentable: 'any' })
          .properties ?? {},
      ).sort();
    expect(queryParams('listMessages')).toEqual(['before', 'limit']);
    expect(queryParams('listReports')).toEqual(['cursor', 'limit', 'status']);
    expect(queryParams('lookupPlace')).toEqual(['q']);
  });
});
