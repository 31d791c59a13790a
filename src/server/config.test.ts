import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SECRET = 'x'.repeat(40);
const base = { BETTER_AUTH_SECRET: SECRET, WHATSAPP_APP_SECRET: 'w'.repeat(32), WHATSAPP_VERIFY_TOKEN: 'v'.repeat(16) };
const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.test:587' } as const;

describe('loadConfig defaults', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({ ...base }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('trusts the three loopback spellings of a loopback PUBLIC_URL, plus TRUSTED_ORIGINS (decision 130)', () => {
    expect(loadConfig({ ...base }).trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://jobby.example.cl' }).trustedOrigins).toEqual(['https://jobby.example.cl']);
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://jobby.example.cl', TRUSTED_ORIGINS: 'http://10.0.0.5:3000, https://b.example.cl' }).trustedOrigins).toEqual([
      'https://jobby.example.cl',
      'http://10.0.0.5:3000',
      'https://b.example.cl',
    ]);
    expect(() => loadConfig({ ...base, TRUSTED_ORIGINS: 'https://b.example.cl/ruta' })).toThrow(/TRUSTED_ORIGINS/);
    expect(() => loadConfig({ ...base, TRUSTED_ORIGINS: '*' })).toThrow(/TRUSTED_ORIGINS/);
  });

  it('serves from one process unless SERVER_PROCESSES says more, and more only on PostgreSQL (decision 318)', () => {
    expect(loadConfig({ ...base }).serverProcesses).toBe(1);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://db.example.test/jobby', SERVER_PROCESSES: '2' }).serverProcesses).toBe(2);
    expect(() => loadConfig({ ...base, SERVER_PROCESSES: '2' })).toThrow('SERVER_PROCESSES mayor que 1 requiere DATABASE_URL');
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://db.example.test/jobby', SERVER_PROCESSES: '0' })).toThrow(/SERVER_PROCESSES/);
  });

  it('migrates as DATABASE_OWNER_URL, or DATABASE_URL when it is unset; never on PGlite (decision 378)', () => {
    const serving = 'postgres://jobby_app@db.example.test/jobby';
    const owner = 'postgres://jobby_owner@db.example.test/jobby';
    expect(loadConfig({ ...base }).databaseOwnerUrl).toBeNull();
    expect(loadConfig({ ...base, DATABASE_URL: serving }).databaseOwnerUrl).toBe(serving);
    expect(loadConfig({ ...base, DATABASE_URL: serving, DATABASE_OWNER_URL: owner })).toMatchObject({ databaseUrl: serving, databaseOwnerUrl: owner });
    expect(() => loadConfig({ ...base, DATABASE_OWNER_URL: owner })).toThrow('DATABASE_OWNER_URL requiere DATABASE_URL');
  });

  it('bounds PostgreSQL statements and the wait for a connection, 30 s and 10 s unless told (decision 343)', () => {
    expect(loadConfig({ ...base }).databaseTimeouts).toEqual({ statementMs: 30_000, acquireMs: 10_000 });
    expect(loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: '0', DATABASE_ACQUIRE_TIMEOUT_MS: '2500' }).databaseTimeouts).toEqual({ statementMs: 0, acquireMs: 2_500 });
    expect(() => loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, DATABASE_ACQUIRE_TIMEOUT_MS: 'pronto' })).toThrow(/DATABASE_ACQUIRE_TIMEOUT_MS/);
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses "true"', () => {
    expect(loadConfig({ ...base }).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('loads demo data only when asked or in development on the embedded database', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development', DATABASE_URL: 'postgres://h/db' }).demoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).demoData).toBe(false);
    expect(loadConfig({ ...production }).demoData).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test', DEMO_DATA: 'on' }).demoData).toBe(true);
  });

  it('never seeds the published password in production', () => {
    expect(() => loadConfig({ ...production, DEMO_DATA: 'on' })).toThrow(/DEMO_PASSWORD/);
    expect(() => loadConfig({ ...production, DEMO_DATA: 'on', DEMO_PASSWORD: 'demo1234' })).toThrow(/DEMO_PASSWORD/);
    expect(loadConfig({ ...production, DEMO_DATA: 'on', DEMO_PASSWORD: 'otra-clave-larga' }).demoPassword).toBe('otra-clave-larga');
  });

  it('requires verification and SMTP in production, and is optional in development', () => {
    expect(loadConfig({ ...production }).emailVerification).toBe('required');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).emailVerification).toBe('optional');
    expect(loadConfig({ ...production, EMAIL_VERIFICATION: 'optional' }).emailVerification).toBe('optional');
  });

  it('requires the WhatsApp secrets in production and pairs the Cloud API settings', () => {
    const { WHATSAPP_APP_SECRET: _secret, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/WHATSAPP_APP_SECRET/);
    const { WHATSAPP_VERIFY_TOKEN: _token, ...withoutToken } = production;
    expect(() => loadConfig(withoutToken)).toThrow(/WHATSAPP_VERIFY_TOKEN/);
    expect(loadConfig({ ...production }).whatsapp).toMatchObject({ appSecret: 'w'.repeat(32), generated: false, cloudApi: null });
    expect(() => loadConfig({ ...base, WHATSAPP_ACCESS_TOKEN: 'abc' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID/);
    expect(loadConfig({ ...base, WHATSAPP_ACCESS_TOKEN: 'abc', WHATSAPP_PHONE_NUMBER_ID: '123' }).whatsapp.cloudApi).toEqual({
      accessToken: 'abc', phoneNumberId: '123', apiUrl: 'https://graph.facebook.com/v21.0' });
  });
});
