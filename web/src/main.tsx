import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { appRoutes } from './app/router';
import { makeStore } from './app/store';
import './styles.css';
import { applyTheme, loadPreferences } from './features/settings/preferences';

applyTheme(loadPreferences().theme);
const store = makeStore();
const router = createBrowserRouter(appRoutes(store));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>
);
const mount = () => createRoot(root).render(app);

// A pre-rendered public page already shows its content: keep it until the route's code has loaded, then
// replace it in one commit (no blank fallback in between). Content pre-rendered for another path goes.
if (root.dataset.prerendered !== window.location.pathname) root.replaceChildren();
if (root.hasChildNodes() && !router.state.initialized) {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    // The page is already on screen: render in a transition, which React splits into short tasks, so
    // the page stays responsive while it takes over.
    startTransition(mount);
  });
} else {
  mount();
}
