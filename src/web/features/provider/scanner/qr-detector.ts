/**
 * A QR reader for video frames: the browser's own `BarcodeDetector` where it reads QR codes
 * (Chrome on Android, Safari 17+ on macOS), else the same API from ZXing-C++ compiled to WebAssembly
 * (the `barcode-detector` package: iOS Safari, Firefox, Chromium on Linux). The WebAssembly is
 * served by our own build (Vite emits it as an asset), never from a CDN; it loads only here.
 */
export type QrDetector = { detect: (source: HTMLVideoElement) => Promise<string[]> };

type NativeDetector = { detect: (source: HTMLVideoElement) => Promise<Array<{ rawValue: string }>> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
};

async function nativeDetector(): Promise<NativeDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

export async function createQrDetector(): Promise<QrDetector> {
  const detector = (await nativeDetector()) ?? (await import('./zxing-detector')).createZxingDetector();
  return { detect: async (source) => (await detector.detect(source)).map((barcode) => barcode.rawValue) };
}
