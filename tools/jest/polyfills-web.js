// react-router 7 needs TextEncoder, which jest's jsdom environment lacks; this runs before the test framework loads.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd 6 schedules some form and popup work through MessageChannel, which jest's jsdom lacks; a timer stands in.
if (typeof globalThis.MessageChannel === 'undefined') {
  class Port {
    constructor() { this.onmessage = null; this.other = null; }
    postMessage(data) { const target = this.other; setTimeout(() => target.onmessage && target.onmessage({ data }), 0); }
    close() {}
    start() {}
    addEventListener(type, fn) { if (type === 'message') this.onmessage = fn; }
    removeEventListener() { this.onmessage = null; }
  }
  globalThis.MessageChannel = class {
    constructor() { this.port1 = new Port(); this.port2 = new Port(); this.port1.other = this.port2; this.port2.other = this.port1; }
  };
}

// antd's Table and Tabs observe sizes; jsdom has no ResizeObserver.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The shell's data router (createBrowserRouter) builds a Request for every navigation; jsdom has none. Tests that
// call the API replace this with installFetchMock's own.
if (typeof globalThis.Request === 'undefined') {
  globalThis.Request = class Request {
    constructor(url, init = {}) {
      this.url = String(url);
      this.method = init.method || 'GET';
      this.signal = init.signal;
    }
  };
}
