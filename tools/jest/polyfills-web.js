// react-router 7 needs TextEncoder, which jest's jsdom environment lacks; this runs before the test framework loads.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
