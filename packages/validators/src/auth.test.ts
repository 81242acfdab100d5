import { describe, expect, it } from 'vitest';

import { changePasswordSchema, registerSchema, signInSchema, updateProfileSchema } from './auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { UI_TEXT } from './ui-text';
import { issuesOf, messagesAt, parseOk } from './test-helpers';

describe('signInSchema', () => {
  const valid = { email: 'ann@example.com', password: 'secret1' };

  it('accepts a valid sign-in and defaults rememberMe to false', () => {
    expect(parseOk(signInSchema, valid)).toEqual({ ...valid, rememberMe: false });
  });

  it('trims and lower-cases the e-mail', () => {
    expect(parseOk(signInSchema, { ...valid, email: '  Ann.Lee@Example.COM ' }).email).toBe(
      'ann.lee@example.com',
    );
  });

  it.each(['not-an-email', 'ann@', '@example.com', '', '   '])(
    "refuses the e-mail %j with 'Please enter a valid email'",
    (email) => {
      expect(messagesAt(signInSchema, { ...valid, email }, 'email')).toEqual([
        UI_TEXT.signIn.invalidEmail,
      ]);
    },
  );

  it('uses the product text for an invalid e-mail', () => {
    expect(messagesAt(signInSchema, { ...valid, email: 'nope' }, 'email')).toEqual([
      'Please enter a valid email',
    ]);
  });

  it("refuses a password under 6 characters with 'Password must be at least 6 characters'", () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(messagesAt(signInSchema, { ...valid, password: short }, 'password')).toEqual([
      UI_TEXT.signIn.shortPassword,
    ]);
    expect(messagesAt(signInSchema, { ...valid, password: '' }, 'password')).toEqual([
      'Password must be at least 6 characters',
    ]);
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(issuesOf(signInSchema, { ...valid, password: '123456' })).toEqual([]);
  });

  it('refuses a password over the 256-character maximum', () => {
    const long = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(messagesAt(signInSchema, { ...valid, password: long }, 'password')).toEqual([
      UI_TEXT.register.longPassword,
    ]);
    expect(issuesOf(signInSchema, { ...valid, password: 'x'.repeat(PASSWORD_MAX_LENGTH) })).toEqual(
      [],
    );
  });
});

describe('registerSchema', () => {
  const valid = {
    email: 'ann@example.com',
    password: 'secret1',
    firstName: 'Ann',
    lastName: 'Lee',
    termsAccepted: true,
  };

  it('accepts a valid registration', () => {
    expect(parseOk(registerSchema, valid)).toEqual({
      ...valid,
      phone: undefined,
      rememberMe: false,
    });
  });

  it('trims and lower-cases the e-mail, trims names and phone', () => {
    const parsed = parseOk(registerSchema, {
      ...valid,
      email: ' ANN@Example.com  ',
      firstName: '  Ann ',
      lastName: ' Lee  ',
      phone: ' 555-0100 ',
    });
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.firstName).toBe('Ann');
    expect(parsed.lastName).toBe('Lee');
    expect(parsed.phone).toBe('555-0100');
  });

  it('accepts phone numbers as people write them, and refuses what is not one', () => {
    const profile = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' };
    for (const phone of [
      '(608) 555-0134',
      '+1 608 555 0134',
      '555-0142',
      '608.555.0134',
      '+44 20 7946 0958',
    ]) {
      expect(parseOk(updateProfileSchema, { ...profile, phone }).phone).toBe(phone);
    }
    for (const phone of [
      'not a phone',
      '555',
      '12345678901234567',
      '555-0142 call me',
      '++1 555 0142',
      '5a5-0142',
    ]) {
      const result = updateProfileSchema.safeParse({ ...profile, phone });
      expect(result.success, phone).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual([UI_TEXT.profile.invalidPhone]);
      expect(registerSchema.safeParse({ ...valid, phone }).success, phone).toBe(false);
    }
  });

  it('treats phone as optional: missing or blank becomes undefined', () => {
    expect(parseOk(registerSchema, valid).phone).toBeUndefined();
    expect(parseOk(registerSchema, { ...valid, phone: '   ' }).phone).toBeUndefined();
  });

  it.each(['', '   '])("refuses the e-mail %j with 'Email is required' only", (email) => {
    expect(messagesAt(registerSchema, { ...valid, email }, 'email')).toEqual([
      UI_TEXT.register.emailRequired,
    ]);
    expect(messagesAt(registerSchema, { ...valid, email }, 'email')).toEqual(['Email is required']);
  });

  it.each(['ann', 'ann@', 'ann@@example.com', 'ann example.com'])(
    "refuses the e-mail %j with 'Please enter a valid email address'",
    (email) => {
      expect(messagesAt(registerSchema, { ...valid, email }, 'email')).toEqual([
        UI_TEXT.register.invalidEmail,
      ]);
    },
  );

  it('uses the product text for an invalid e-mail', () => {
    expect(messagesAt(registerSchema, { ...valid, email: 'nope' }, 'email')).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('refuses a password under 6 characters', () => {
    expect(messagesAt(registerSchema, { ...valid, password: '12345' }, 'password')).toEqual([
      UI_TEXT.register.shortPassword,
    ]);
  });

  it.each(['', '   '])("refuses first name %j with 'First name is required'", (firstName) => {
    expect(messagesAt(registerSchema, { ...valid, firstName }, 'firstName')).toEqual([
      UI_TEXT.register.firstNameRequired,
    ]);
  });

  it.each(['', '   '])("refuses last name %j with 'Last name is required'", (lastName) => {
    expect(messagesAt(registerSchema, { ...valid, lastName }, 'lastName')).toEqual([
      UI_TEXT.register.lastNameRequired,
    ]);
  });

  it('uses the product texts for missing names', () => {
    const issues = issuesOf(registerSchema, { ...valid, firstName: '', lastName: '' });
    expect(issues).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
    ]);
  });

  it('refuses termsAccepted: false with the terms message', () => {
    expect(messagesAt(registerSchema, { ...valid, termsAccepted: false }, 'termsAccepted')).toEqual(
      [UI_TEXT.register.termsRequired],
    );
  });

  it('refuses a missing termsAccepted with the terms message', () => {
    const { termsAccepted: _omitted, ...withoutTerms } = valid;
    expect(messagesAt(registerSchema, withoutTerms, 'termsAccepted')).toEqual([
      'You must agree to the Terms of Service and Privacy Policy to create an account',
    ]);
  });

  it('reports every required field of an empty form at once', () => {
    expect(
      issuesOf(registerSchema, { email: '', password: '', firstName: '', lastName: '' }),
    ).toEqual([
      { path: 'email', message: UI_TEXT.register.emailRequired },
      { path: 'password', message: UI_TEXT.register.shortPassword },
      { path: 'firstName', message: UI_TEXT.register.firstNameRequired },
      { path: 'lastName', message: UI_TEXT.register.lastNameRequired },
      { path: 'termsAccepted', message: UI_TEXT.register.termsRequired },
    ]);
  });
});

describe('updateProfileSchema', () => {
  const valid = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };

  it('trims and lower-cases the e-mail', () => {
    expect(parseOk(updateProfileSchema, { ...valid, email: ' Ann@EXAMPLE.com ' }).email).toBe(
      'ann@example.com',
    );
  });

  it('uses the registration messages', () => {
    expect(issuesOf(updateProfileSchema, { firstName: ' ', lastName: '', email: '' })).toEqual([
      { path: 'firstName', message: UI_TEXT.register.firstNameRequired },
      { path: 'lastName', message: UI_TEXT.register.lastNameRequired },
      { path: 'email', message: UI_TEXT.register.emailRequired },
    ]);
    expect(messagesAt(updateProfileSchema, { ...valid, email: 'ann@' }, 'email')).toEqual([
      UI_TEXT.register.invalidEmail,
    ]);
  });
});

describe('changePasswordSchema', () => {
  const valid = {
    currentPassword: 'old-secret',
    newPassword: 'new-secret',
    confirmPassword: 'new-secret',
  };

  it('accepts matching new passwords of at least 6 characters', () => {
    expect(parseOk(changePasswordSchema, valid)).toEqual(valid);
  });

  it.each(['currentPassword', 'newPassword', 'confirmPassword'] as const)(
    "refuses an empty %s with 'Please fill in all password fields.'",
    (field) => {
      const messages = messagesAt(changePasswordSchema, { ...valid, [field]: '' }, field);
      expect(messages[0]).toBe(UI_TEXT.password.allRequired);
    },
  );

  it('reports the all-fields message for each empty field', () => {
    const issues = issuesOf(changePasswordSchema, {
      currentPassword: '',
      newPassword: '',
      confirmPassword: '',
    });
    for (const field of ['currentPassword', 'newPassword', 'confirmPassword']) {
      expect(issues).toContainEqual({
        path: field,
        message: 'Please fill in all password fields.',
      });
    }
  });

  it("refuses different new passwords with 'New passwords do not match.' on confirmPassword", () => {
    expect(issuesOf(changePasswordSchema, { ...valid, confirmPassword: 'new-secreT' })).toEqual([
      { path: 'confirmPassword', message: UI_TEXT.password.mismatch },
    ]);
    expect(
      messagesAt(changePasswordSchema, { ...valid, confirmPassword: 'other1' }, 'confirmPassword'),
    ).toEqual(['New passwords do not match.']);
  });

  it("refuses a matching new password under 6 characters with 'New password must be at least 6 characters long.'", () => {
    expect(
      issuesOf(changePasswordSchema, { ...valid, newPassword: '12345', confirmPassword: '12345' }),
    ).toEqual([{ path: 'newPassword', message: UI_TEXT.password.tooShort }]);
    expect(
      messagesAt(
        changePasswordSchema,
        { ...valid, newPassword: 'abc', confirmPassword: 'abc' },
        'newPassword',
      ),
    ).toEqual(['New password must be at least 6 characters long.']);
  });
});
