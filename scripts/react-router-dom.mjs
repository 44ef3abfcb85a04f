// What the slices use of react-router-dom, and what the shell shares with the remotes under that name
// (scripts/rspack.shared.mjs aliases 'react-router-dom' to this file in every slice's build). A shared
// library cannot be tree-shaken, so sharing the whole package shipped its data routers, forms, fetchers
// and server rendering (52 KB brotli) to every first visit; sharing this list ships what it names. A
// slice that imports a name missing here fails its build (exportsPresence: 'error'), never a page at run
// time: add the name here. Only the declarative router: no data router (createBrowserRouter, loaders).
export {
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  createPath,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  resolvePath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'react-router';
