import type { AnyTRPCProcedure } from '@trpc/server';

import { accountRouter } from './account';
import { authRouter } from './auth';

/**
 * The names procedures answered to before decision 086 regrouped them, each registered with the
 * very procedure it names now, so clients built before keep working until the decision's date.
 */
export const authAliases = {
  updateProfile: accountRouter.updateProfile,
  changePassword: accountRouter.changePassword,
  resendVerification: accountRouter.resendVerification,
  pendingEmail: accountRouter.pendingEmail,
  removeProfilePicture: accountRouter.removeProfilePicture,
};

/** The former `passkeys` router: adding and removing went to `account`, signing in to `auth`. */
export const passkeysAliases = {
  registrationOptions: accountRouter.passkeyRegistrationOptions,
  register: accountRouter.passkeyRegister,
  remove: accountRouter.passkeyRemove,
  signInOptions: authRouter.passkeySignInOptions,
  signIn: authRouter.passkeySignIn,
};

function namesOf(routerName: string, procedures: Record<string, AnyTRPCProcedure>) {
  return Object.entries(procedures).map(
    ([name, procedure]) => [procedure, `${routerName}.${name}`] as const,
  );
}

const currentNames = new Map<unknown, string>([
  ...namesOf('account', accountRouter._def.procedures),
  ...namesOf('auth', authRouter._def.procedures),
]);

function aliasesOf(routerName: string, aliases: Record<string, AnyTRPCProcedure>) {
  return Object.entries(aliases).map(([name, procedure]) => {
    const current = currentNames.get(procedure);
    if (current === undefined)
      throw new Error(`${routerName}.${name} aliases no current procedure`);
    return [`${routerName}.${name}`, current] as const;
  });
}

/** Each old path and the path of the procedure it answers as: `{ 'passkeys.signIn': 'auth.passkeySignIn' }`. */
export const procedureAliases: Readonly<Record<string, string>> = Object.fromEntries([
  ...aliasesOf('auth', authAliases),
  ...aliasesOf('passkeys', passkeysAliases),
]);
