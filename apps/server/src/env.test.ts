import { describe, expect, it } from 'vitest';

import { readConfig } from './env';

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes a number of proxies or their addresses', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.0.1' }).trustProxy).toBe(
      '10.0.0.0/8,192.168.0.1',
    );
    expect(readConfig({ TRUST_PROXY: 'loopback,fd00::/8,::1' }).trustProxy).toBe(
      'loopback,fd00::/8,::1',
    );
  });

  it('refuses true, saying why and what to set instead', () => {
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is refused: .*left-most X-Forwarded-For.*e\.g\. 1/,
    );
  });

  it('refuses what is neither a count nor addresses', () => {
    expect(() => readConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.1,proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => readConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('SEED_DEMO', () => {
  it('defaults to on only in development on the embedded database', () => {
    expect(readConfig({}).seedDemo).toBe(true);
    expect(
      readConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://db/yardsale' }).seedDemo,
    ).toBe(false);
    expect(readConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(readConfig({ NODE_ENV: 'test' }).seedDemo).toBe(false);
  });

  it('can be asked for or declined outside production', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://db/yardsale', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
    expect(readConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(readConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('is refused in production, saying why', () => {
    expect(() => readConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: .*production.*password/,
    );
    expect(() => readConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});

describe('database and admin variables', () => {
  it('default as the database tools default them, blank meaning unset', () => {
    expect(readConfig({ ADMIN_EMAIL: '  ', DATABASE_URL: '' })).toMatchObject({
      adminEmail: 'admin@yardsale.local',
      databaseUrl: undefined,
      adminPassword: undefined,
    });
    expect(
      readConfig({ ADMIN_EMAIL: ' Boss@Example.COM ', DATA_DIR: '/srv/yardsale' }),
    ).toMatchObject({ adminEmail: 'boss@example.com', dataDir: '/srv/yardsale' });
  });

  it('are refused as the database tools refuse them, by name', () => {
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => readConfig({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
    expect(() => readConfig({ ADMIN_PASSWORD: '123' })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe('mail', () => {
  it('goes through SMTP_URL when set, in any environment', () => {
    for (const NODE_ENV of ['development', 'production']) {
      const { mail } = readConfig({ NODE_ENV, SMTP_URL: 'smtp://user:pass@mail.example:587' });
      expect(mail.smtpUrl).toBe('smtp://user:pass@mail.example:587');
      expect(mail.outboxDir).toBeUndefined();
    }
    expect(readConfig({ SMTP_URL: 'smtps://mail.example' }).mail.smtpUrl).toBe(
      'smtps://mail.example',
    );
  });

  it('is written to DATA_DIR/outbox without SMTP_URL outside production, and is off in production', () => {
    expect(readConfig({ DATA_DIR: '/srv/yardsale' }).mail.outboxDir).toBe('/srv/yardsale/outbox');
    expect(readConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/yardsale' }).mail.outboxDir).toBe(
      '/srv/yardsale/outbox',
    );
    const production = readConfig({ NODE_ENV: 'production', DATA_DIR: '/srv/yardsale' }).mail;
    expect(production.smtpUrl).toBeUndefined();
    expect(production.outboxDir).toBeUndefined();
  });

  it('comes from MAIL_FROM, or YardSale, and refuses a URL that is not SMTP', () => {
    expect(readConfig({}).mail.from).toBe('YardSale <no-reply@yardsale.local>');
    expect(readConfig({ MAIL_FROM: 'YardSale <hello@yardsale.example>' }).mail.from).toBe(
      'YardSale <hello@yardsale.example>',
    );
    expect(() => readConfig({ SMTP_URL: 'https://mail.example' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});
