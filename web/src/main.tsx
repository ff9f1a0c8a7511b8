import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
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
// A pre-rendered public page already shows its content. Once the route's code has loaded, React adopts
// that markup (hydration) instead of building the page again: no second DOM and layout of a long page,
// which is most of the main-thread work a phone would otherwise do on arrival. Content pre-rendered for
// another path goes, and that page is rendered from scratch.
if (root.dataset.prerendered !== window.location.pathname) root.replaceChildren();
if (root.hasChildNodes()) {
  const hydrate = () => {
    hydrateRoot(root, app);
  };
  if (router.state.initialized) {
    startTransition(hydrate);
  } else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      // In a transition, React hydrates in short slices, so the page stays responsive meanwhile.
      startTransition(hydrate);
    });
  }
} else {
  createRoot(root).render(app);
}
