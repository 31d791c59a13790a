#!/usr/bin/env node
// Sends one WhatsApp message to a running Jobby as WhatsApp Cloud API would: the payload, signed with
// X-Hub-Signature-256 (HMAC-SHA256 of the body with the app secret).
//
//   node scripts/send-whatsapp.mjs "+56 9 8765 4321" "Estoy muy estresada, no doy más"
//   node scripts/send-whatsapp.mjs --spec --url http://localhost:3000 56987654321 "Todo bien"
//
// The secret: WHATSAPP_APP_SECRET, or the one `npm start` generated in DATA_DIR (./data by default).
// --spec sends the specification's own payload ({ from, body, timestamp }) instead of Cloud API's.
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [value] = args.splice(at, 2).slice(1);
  return value;
};
const useSpecShape = args.includes('--spec') ? (args.splice(args.indexOf('--spec'), 1), true) : false;
const url = option('--url') ?? process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const [from, ...words] = args;
const body = words.join(' ');
if (!from || !body) {
  console.error('Uso: node scripts/send-whatsapp.mjs [--spec] [--url http://localhost:3000] <número> <mensaje>');
  process.exit(2);
}

const secretFile = path.join(process.env.DATA_DIR ?? './data', 'whatsapp-app-secret');
const secret = process.env.WHATSAPP_APP_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : null);
if (!secret) {
  console.error(`Falta el secreto: define WHATSAPP_APP_SECRET o inicia Jobby una vez para que lo genere en ${secretFile}.`);
  process.exit(2);
}

const now = Math.floor(Date.now() / 1000);
const digits = from.replace(/\D/g, '');
const payload = useSpecShape
  ? { from, body, timestamp: now }
  : {
      object: 'whatsapp_business_account',
      entry: [{ id: 'script', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: {}, contacts: [{ wa_id: digits }], messages: [{ from: digits, id: `wamid.script-${randomUUID()}`, timestamp: String(now), type: 'text', text: { body } }] } }] }],
    };
const raw = JSON.stringify(payload);
const signature = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

const response = await fetch(new URL('/webhook/whatsapp', url), { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body: raw });
const text = await response.text();
console.log(`${response.status} ${text}`);
if (!response.ok) process.exit(1);
try {
  if (JSON.parse(text).stored === 0) console.log('Recibido pero no guardado: número desconocido, bot apagado para su empresa, o mensaje repetido.');
} catch {
  // not JSON: printed above
}
