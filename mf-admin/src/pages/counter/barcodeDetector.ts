// The camera's barcode reader (docs/product/counter.md#barcodes): the browser's own BarcodeDetector where it
// reads the shop's codes (Chrome on Android), else the `barcode-detector` polyfill (ZXing in WebAssembly). The
// polyfill and its .wasm load only when the camera is opened, and the .wasm comes from the shop itself: the
// polyfill would fetch it from a CDN, which the Content-Security-Policy forbids.

/** The codes on the shop's articles: EAN-13, EAN-8, UPC-A/E. */
export const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'];

export interface Detector {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}

interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?(): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = (await Native.getSupportedFormats?.()) ?? [];
    return supported.includes('ean_13') ? new Native({ formats: FORMATS }) : null;
  } catch {
    return null;
  }
}

/** A detector for the shop's codes. */
export async function loadDetector(): Promise<Detector> {
  const native = await nativeDetector();
  if (native) return native;
  const [{ BarcodeDetector, setZXingModuleOverrides }, wasm] = await Promise.all([
    import(/* webpackChunkName: "barcode-reader" */ 'barcode-detector/pure'),
    import(/* webpackChunkName: "barcode-reader-wasm" */ './zxingWasm'),
  ]);
  setZXingModuleOverrides({
    locateFile: (file: string, prefix: string) =>
      file.endsWith('.wasm') ? wasm.ZXING_WASM_URL : prefix + file,
  });
  return new BarcodeDetector({ formats: FORMATS as never }) as unknown as Detector;
}
