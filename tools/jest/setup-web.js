/* global window, beforeAll */
require('@testing-library/jest-dom');
// findBy*/waitFor wait for what a test expects to appear; their default second is too short for antd's first render on
// a loaded 2-core machine (a ReportsSection case took 24 s under a parallel suite and missed its button). A longer wait
// costs nothing when the element comes; a test of absence uses queryBy, which does not wait.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
// web-ui's Markdown fetches its renderer as a chunk of its own in the browser; tests draw answers at once with it loaded.
beforeAll(() => require('../../libs/web-ui/src/qa/Markdown').loadMarkdown());
// antd reads matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent() { return false; },
  });
}
