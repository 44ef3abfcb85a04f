// The ZXing reader's WebAssembly, emitted by the build as a file of the slice (served by the shop, hashed name).
export const ZXING_WASM_URL = new URL('zxing-wasm/reader/zxing_reader.wasm', import.meta.url).href;
