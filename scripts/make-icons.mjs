#!/usr/bin/env node
// The app's install icons, drawn from the brand mark (src/web/public/favicon.svg: the
// violet square, the white "j", the gold dot) by Debian's Chromium, at the sizes the manifest and
// iOS ask for. Run after changing the mark: `node scripts/make-icons.mjs`; the PNGs are committed.
// "maskable" icons fill the whole square (the launcher cuts its own shape) with the mark inside the
// central 80 % safe zone.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'src/web/public/icons');
const mark = readFileSync(path.join(root, 'src/web/public/favicon.svg'), 'utf8');
// The same mark on a full-bleed square, scaled into the safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#6B3AA0"/><g transform="translate(6.4 6.4) scale(0.8)">${mark.replace(/^<svg[^>]*>|<\/svg>$/g, '').replace('rx="16"', 'rx="0"')}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  { file: 'maskable-512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(out, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.log(`${file} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
