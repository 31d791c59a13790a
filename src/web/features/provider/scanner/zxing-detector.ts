/** The fallback QR reader (qr-detector.ts): ZXing-C++ in WebAssembly, the .wasm file from our own origin. */
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

export function createZxingDetector() {
  return new BarcodeDetector({ formats: ['qr_code'] });
}
