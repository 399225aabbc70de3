// Async boundary: Module Federation negotiates the shared singletons before bootstrap runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
