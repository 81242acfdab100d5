import { describe, expect, it } from 'vitest';

import { appRouter } from '../root';
import { procedureAliases } from './aliases';

const procedures: Record<string, unknown> = appRouter._def.procedures;

describe('the old procedure names (decision 086)', () => {
  it('are exactly the renames the decision lists', () => {
    expect(procedureAliases).toEqual({
      'auth.updateProfile': 'account.updateProfile',
      'auth.changePassword': 'account.changePassword',
      'auth.resendVerification': 'account.resendVerification',
      'auth.pendingEmail': 'account.pendingEmail',
      'auth.removeProfilePicture': 'account.removeProfilePicture',
      'passkeys.registrationOptions': 'account.passkeyRegistrationOptions',
      'passkeys.register': 'account.passkeyRegister',
      'passkeys.remove': 'account.passkeyRemove',
      'passkeys.signInOptions': 'auth.passkeySignInOptions',
      'passkeys.signIn': 'auth.passkeySignIn',
    });
  });

  it('each answer with the very procedure of the new name', () => {
    for (const [old, current] of Object.entries(procedureAliases)) {
      expect(procedures[old], old).toBeDefined();
      expect(procedures[old], old).toBe(procedures[current]);
      expect(current in procedureAliases, current).toBe(false);
    }
  });

  it('are the only names a procedure has besides its own', () => {
    const namesOf = new Map<unknown, string[]>();
    for (const [path, procedure] of Object.entries(procedures)) {
      namesOf.set(procedure, [...(namesOf.get(procedure) ?? []), path]);
    }
    const pairs = (list: string[][]) => list.map((names) => names.sort().join(' = ')).sort();
    const shared = [...namesOf.values()].filter((names) => names.length > 1);
    expect(pairs(shared)).toEqual(pairs(Object.entries(procedureAliases)));
  });
});
