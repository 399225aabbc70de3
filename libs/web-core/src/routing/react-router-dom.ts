// What the web apps use of react-router-dom, and nothing else. The web build resolves `react-router-dom` to this file
// (tools/webpack/create-web-config.cjs), so the one copy the shell shares with the remotes is react-router tree-shaken to
// these names (~50 KB brotli as a whole package, which a federation shared module cannot tree-shake). A name used
// anywhere in the web code but missing here fails the production build (exportsPresence: 'error'); add it here.
// Types come from the real package (TypeScript does not see this alias).
export {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useBlocker,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export { RouterProvider } from 'react-router/dom';
